// Writes lzstring-vectors.json beside this file: texts and their compressToBase64 by the npm
// package lz-string 1.5.0, the reference the Rust port in src/formats/lzstring.rs is tested
// against. Run: npm install lz-string@1.5.0 && node make-lzstring-vectors.js
const fs = require('fs');
const path = require('path');
const lz = require('lz-string');

// A seeded generator (mulberry32), so the file is the same on every run.
function mulberry32(a) {
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(21);
const pick = (s) => s[Math.floor(rand() * s.length)];
const texts = [
  '', 'a', 'aa', 'ab', 'hello', 'hello hello hello hello', 'a'.repeat(1000),
  'abcabcabcabcabcabcabcabc', '\u0000\u0001\u00ff', '\u0100\u0101 ÿĀ', 'é', '日本語のテキスト',
  '😀 emoji 🎉 and more 😀', 'TOBEORNOTTOBEORTOBEORNOT#',
];
// Random texts: small alphabets (long phrases), ASCII, and wide code points.
for (let n = 0; n < 40; n++) {
  const len = Math.floor(rand() * 400);
  const alphabet = [
    'ab', 'abc ', 'ACGT', '{}":,[]0123456789abcdefghij',
    'Ωπ日本é', 'xyz\u00ff\u0100\u7fff',
  ][n % 6];
  let s = '';
  for (let i = 0; i < len; i++) s += pick(alphabet);
  texts.push(s);
}
for (const f of fs.readdirSync(path.join(__dirname, 'fpuzzles'))) {
  texts.push(fs.readFileSync(path.join(__dirname, 'fpuzzles', f), 'utf8').trim());
}
const vectors = texts.map((text) => ({ text, base64: lz.compressToBase64(text) }));
// Data compressed by f-puzzles itself: the real links' data, decompressed.
for (const line of fs.readFileSync(path.join(__dirname, 'real-links.txt'), 'utf8').split('\n')) {
  const m = line.match(/[?]load=(.*)$/);
  if (m) vectors.push({ text: lz.decompressFromBase64(m[1]), base64: m[1] });
}
for (const v of vectors) {
  if (lz.decompressFromBase64(v.base64) !== v.text) throw new Error('round trip');
}
fs.writeFileSync(path.join(__dirname, 'lzstring-vectors.json'), JSON.stringify(vectors, null, 1) + '\n');
