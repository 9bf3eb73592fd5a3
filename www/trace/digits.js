// Pure: the candidates of a box as the page holds them, a 9-bit mask (digit d is bit d - 1), as
// the core's `Digits` and the packed hand-over have them; and the one place a mask becomes the
// text people read ("2379", as the course writes candidates) or text becomes a mask. The page
// keeps masks everywhere and makes text only where words are shown and in the trace's JSON.

/** The text of each 9-bit mask: "", "1", "2", "12", … */
const TEXT = Object.freeze(
  Array.from({ length: 512 }, (_, m) => {
    let s = '';
    for (let d = 1; d <= 9; d++) if (m & (1 << (d - 1))) s += d;
    return s;
  }),
);

/** How many digits each 9-bit mask holds. */
const COUNT = Uint8Array.from({ length: 512 }, (_, m) => TEXT[m].length);

/** The candidates of `mask` as text, e.g. 0b101000110 -> "2379". */
export function digitsText(mask) {
  return TEXT[mask];
}

/**
 * The mask of candidates written as text ("2379"); throws on anything but the digits 1-9, each
 * at most once, in increasing order (the form the trace format documents).
 */
export function textMask(text) {
  const s = String(text);
  let m = 0;
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (!(d >= 1 && d <= 9) || d <= last) throw new Error(`not a candidates string: ${JSON.stringify(s)}`);
    m |= 1 << (d - 1);
    last = d;
  }
  return m;
}

/** How many candidates `mask` holds. */
export function count(mask) {
  return COUNT[mask];
}

/** The digit of a mask holding exactly one (1..9), or 0. */
export function soleDigit(mask) {
  return COUNT[mask] === 1 ? 31 - Math.clz32(mask) + 1 : 0;
}

/** The digits of `mask` in increasing order, as numbers. */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}
