// Strategies are data: the page learns every strategy from the registry the worker hands over,
// so no file of the page (its modules, index.html, style.css) names one. The tests may.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const www = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = [
  ...readdirSync(www).filter((f) => f.endsWith('.js') || f.endsWith('.css')).map((f) => join(www, f)),
  join(www, '..', 'index.html'),
];
// The course's strategies in every spelling: ids, hyphenated, spoken.
const NAMES = /eliminate|only.?choice|naked.?twins/i;

test('no page file names a strategy', () => {
  const found = [];
  for (const f of files) {
    readFileSync(f, 'utf8').split('\n').forEach((line, k) => {
      if (NAMES.test(line)) found.push(`${f.slice(www.length - 3)}:${k + 1}: ${line.trim().slice(0, 80)}`);
    });
  }
  assert.deepEqual(found, []);
});
