// The constraints on the board (board/constraints.js): which items a puzzle gives, what the
// table's modules make of them, and the rules line's sentences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { itemsOf, layout } from '../../board/constraints.js';
import { MODULES } from '../../board/constraints/table.js';

test('the items: a jigsaw\'s regions first, then the constraints; diagonal mode adds the diagonals it lacks', () => {
  assert.deepEqual(itemsOf(null), []);
  assert.deepEqual(itemsOf(null, true), [{ kind: 'diagonal' }, { kind: 'anti-diagonal' }]);
  const regions = '1'.repeat(81);
  assert.deepEqual(itemsOf({ regions, constraints: [{ kind: 'anti-king' }, null, 7] }),
    [{ kind: 'regions', regions }, { kind: 'anti-king' }]);
  assert.deepEqual(itemsOf({ constraints: [{ kind: 'diagonal' }] }, true), [{ kind: 'diagonal' }, { kind: 'anti-diagonal' }]);
});

test('every kind of the table is one module with its shapes and its rule', () => {
  for (const [kind, m] of MODULES) {
    assert.equal(typeof m.draw, 'function', kind);
    assert.match(m.rule, /\.$/, kind);
    assert.ok(Array.isArray(m.draw({ kind, boxes: ['A1'], regions: '1'.repeat(81) })), kind);
  }
});

test('the rules line: one sentence per kind, in the table\'s order, a kind the page does not know named', () => {
  const { rules, jigsaw } = layout([{ kind: 'cage', boxes: ['A1', 'A2'], sum: 3 }, { kind: 'cage', boxes: ['A3'] }, { kind: 'anti-knight' }, { kind: 'thermo' }]);
  assert.equal(jigsaw, false);
  assert.equal(rules.length, 3);
  assert.match(rules[0], /^Anti-knight/);
  assert.match(rules[1], /^Killer cages/);
  assert.equal(rules[2], 'This puzzle has a constraint the page does not draw: thermo.');
  assert.equal(layout([{ kind: 'regions', regions: '1'.repeat(81) }]).jigsaw, true);
});

test('a cage\'s sum is a corner label: its first box is labelled, a cage without a sum labels none', () => {
  // The board draws a labelled box's pencil marks below the label (canvas.js), not under it.
  const { labelled } = layout([{ kind: 'cage', boxes: ['B2', 'A3', 'A2'], sum: 15 }, { kind: 'cage', boxes: ['C3', 'C4'] }, { kind: 'anti-knight' }]);
  assert.deepEqual([...labelled], [1]); // A2: the cage's first box in A1..I9 order
  assert.deepEqual([...layout([{ kind: 'regions', regions: '1'.repeat(81) }]).labelled], []);
});
