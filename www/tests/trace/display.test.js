// A grid in the course's display layout (trace/display.js), against the golden blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { display, layout, center } from '../../trace/display.js';
import { textMask } from '../../trace/digits.js';

const GOLDEN = new URL('../../../crates/solver-core/tests/golden/', import.meta.url);

/** The display blocks of a golden fixture (9 rows and 2 dash lines each), as text. */
function blocks(text) {
  const lines = text.split('\n').filter((l) => l.includes('|') || l.startsWith('-'));
  assert.equal(lines.length % 11, 0, 'whole boards');
  const out = [];
  for (let i = 0; i < lines.length; i += 11) out.push(lines.slice(i, i + 11).map((l) => `${l}\n`).join(''));
  return out;
}

/** The 81 fields of a printed block. */
const fields = (block) => block.split(/[\s|]+/).filter((f) => f && !f.startsWith('-'));

test("centring is Python's str.center", () => {
  // Python: '3'.center(2) == '3 ', '12'.center(5) == '  12 ', '1'.center(4) == ' 1  ', '12'.center(3) == ' 12'
  assert.equal(center('3', 2), '3 ');
  assert.equal(center('12', 5), '  12 ');
  assert.equal(center('1', 4), ' 1  ');
  assert.equal(center('12', 3), ' 12');
  assert.equal(center('123', 2), '123');
});

test('every display block of the seed documents prints exactly as the course printed it', () => {
  const files = readdirSync(GOLDEN).filter((f) => f.includes('display'));
  assert.ok(files.length >= 8, `golden display fixtures found: ${files.length}`);
  let n = 0;
  let fromMasks = 0;
  for (const f of files) {
    for (const b of blocks(readFileSync(new URL(f, GOLDEN), 'utf8'))) {
      const cells = fields(b);
      assert.equal(cells.length, 81, `${f}: 81 fields`);
      assert.equal(layout(cells), b, `${f}: block ${n}`);
      // A block of candidates (not the course's '.' for an unknown box) from masks too.
      if (!cells.includes('.')) {
        assert.equal(display(cells.map(textMask)), b, `${f}: block ${n} from masks`);
        fromMasks++;
      }
      n++;
    }
  }
  assert.ok(n >= 12, `${n} blocks checked`);
  assert.ok(fromMasks >= 6, `${fromMasks} blocks checked from masks`);
});

test('a grid with wide candidate fields uses one column width for all', () => {
  const cells = new Uint16Array(81).fill(textMask('5'));
  cells[0] = 511;
  const text = display(cells);
  const rows = text.split('\n');
  assert.equal(rows[0].startsWith('123456789 '), true);
  assert.equal(rows[3], ['-'.repeat(30), '-'.repeat(30), '-'.repeat(30)].join('+'));
  assert.equal(rows[1].indexOf('|'), 30);
  assert.throws(() => display([1]), /81 boxes/);
});
