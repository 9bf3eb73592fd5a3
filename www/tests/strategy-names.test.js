// Strategies are data: the page learns every strategy from the registry the worker hands over,
// so no file of the page (its modules, index.html, style.css) names one. The tests may.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const www = join(dirname(fileURLToPath(import.meta.url)), '..');
const tests = join(www, 'tests');
/** Every .js and .css file under `dir`, in its folders at any depth, but none of the tests. */
function pageFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return p === tests ? [] : pageFiles(p);
    return e.name.endsWith('.js') || e.name.endsWith('.css') ? [p] : [];
  });
}
const files = [...pageFiles(www), join(www, '..', 'index.html')];

test('the scan reaches the page files in every folder', () => {
  const names = files.map((f) => relative(www, f).split('\\').join('/'));
  for (const f of ['style.css', 'app/main.js', 'app/worker.js', 'board/board.js', 'trace/packed.js', 'panels/strategy-view.js', 'playback/stage.js', '../index.html']) {
    assert.ok(names.includes(f), `${f} scanned`);
  }
  assert.ok(names.length >= 36, `${names.length} files scanned`);
  assert.ok(!names.some((f) => f.startsWith('tests/')), 'the tests are not scanned');
});

// The course's strategies in every spelling: ids, hyphenated, spoken.
const NAMES = /eliminate|only.?choice|naked.?twins/i;

test('no page file names a strategy', () => {
  const found = [];
  for (const f of files) {
    readFileSync(f, 'utf8').split('\n').forEach((line, k) => {
      if (NAMES.test(line)) found.push(`${relative(www, f)}:${k + 1}: ${line.trim().slice(0, 80)}`);
    });
  }
  assert.deepEqual(found, []);
});
