import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainStep, describeOutcome, describeContradiction, listWords, removedDigits, topology } from '../explain.js';
import { boxIndex } from '../replay.js';

const units = [];
for (const r of 'ABCDEFGHI') units.push({ name: `row ${r}`, boxes: [...'123456789'].map((c) => r + c) });
for (const c of '123456789') units.push({ name: `column ${c}`, boxes: [...'ABCDEFGHI'].map((r) => r + c) });
for (const rs of ['ABC', 'DEF', 'GHI']) {
  for (const cs of ['123', '456', '789']) {
    units.push({ name: `square ${rs[0]}${cs[0]}-${rs[2]}${cs[2]}`, boxes: [...rs].flatMap((r) => [...cs].map((c) => r + c)) });
  }
}
const diagonalUnits = [
  ...units,
  { name: 'diagonal A1-I9', boxes: [...'ABCDEFGHI'].map((r, i) => r + (i + 1)) },
  { name: 'diagonal A9-I1', boxes: [...'ABCDEFGHI'].map((r, i) => r + (9 - i)) },
];
const standard = topology({ units });
const diagonal = topology({ units: diagonalUnits });
const idx = (names) => new Set(names.map(boxIndex));

test('peers: 20 in standard, 32 for E5 and 26 for A1 in diagonal', () => {
  assert.equal(standard.peers[boxIndex('E5')].size, 20);
  assert.equal(diagonal.peers[boxIndex('E5')].size, 32);
  assert.equal(diagonal.peers[boxIndex('A1')].size, 26);
  assert.equal(diagonal.diagonal.size, 17);
  assert.equal(standard.diagonal.size, 0);
});

test('word lists', () => {
  assert.equal(listWords([]), '');
  assert.equal(listWords(['D5']), 'D5');
  assert.equal(listWords(['D5', 'F5']), 'D5 and F5');
  assert.equal(listWords('158', 'or'), '1, 5 or 8');
  assert.equal(removedDigits('3456', '356'), '4');
});

test('eliminate: the caption names the source, the digit and the peers it touched', () => {
  const step = {
    kind: 'eliminate', node: 0, depth: 0, source: 'E6', digit: 4,
    changes: [{ box: 'D5', before: '3456', after: '356' }, { box: 'F5', before: '45', after: '5' }],
  };
  const e = explainStep(step, standard);
  assert.equal(e.caption, 'Eliminate: E6 is 4, so 4 is removed from its peers D5 and F5');
  assert.deepEqual(e.cause, idx(['E6']));
  assert.equal(e.unit.size, 20);
  assert.deepEqual([...e.removed], [[boxIndex('D5'), '4'], [boxIndex('F5'), '4']]);
  assert.deepEqual([...e.placed], [[boxIndex('F5'), '5']], 'F5 is solved by losing its 4');
});

test('only choice highlights its unit and places the digit', () => {
  const step = {
    kind: 'only_choice', node: 0, depth: 0, unit: 'row C', box: 'C4', digit: 7,
    changes: [{ box: 'C4', before: '478', after: '7' }],
  };
  const e = explainStep(step, standard);
  assert.equal(e.caption, 'Only choice: 7 fits only C4 in row C, so C4 is 7');
  assert.deepEqual(e.unit, idx([...'123456789'].map((c) => 'C' + c)));
  assert.deepEqual([...e.placed], [[boxIndex('C4'), '7']]);
});

test('naked twins names both twins, the digits and where they were removed', () => {
  const step = {
    kind: 'naked_twins', node: 0, depth: 0, unit: 'diagonal A1-I9', twins: ['B2', 'H8'], digits: '27',
    changes: [{ box: 'E5', before: '1257', after: '15' }],
  };
  const e = explainStep(step, diagonal);
  assert.equal(e.caption, 'Naked twins: B2 and H8 in diagonal A1-I9 both hold only 2 and 7, so 2 and 7 are removed from E5');
  assert.deepEqual(e.cause, idx(['B2', 'H8']));
  assert.equal(e.unit.size, 9);
  assert.equal(e.removed.get(boxIndex('E5')), '27');
});

test('guess and backtrack say so, with the depth and the contradiction', () => {
  const guess = {
    kind: 'guess', node: 3, depth: 2, box: 'B4', digit: 5, choices: '158', parent: 1,
    changes: [{ box: 'B4', before: '158', after: '5' }],
  };
  assert.equal(explainStep(guess, standard).caption, 'Guess at depth 2: B4 could be 1, 5 or 8; try 5');
  const back = {
    kind: 'backtrack', node: 3, depth: 2, parent: 1, contradiction: { kind: 'empty_box', box: 'G7' },
    changes: [{ box: 'B4', before: '5', after: '158' }, { box: 'G7', before: '', after: '29' }],
  };
  const e = explainStep(back, standard);
  assert.equal(e.caption, 'Backtrack from depth 2: G7 has no candidates left; undo 2 boxes and return to node 1');
  assert.deepEqual(e.restored, idx(['B4', 'G7']));
  assert.deepEqual(e.cause, idx(['G7']));
  assert.equal(e.removed.size, 0, 'a backtrack removes nothing');
});

test('contradictions and verdicts in words', () => {
  assert.equal(describeContradiction({ kind: 'no_place', unit: 'row A', digit: 3 }), '3 has no place left in row A');
  assert.equal(
    describeContradiction({ kind: 'duplicate', unit: 'column 2', digit: 5, boxes: ['A2', 'F2'] }),
    '5 is placed twice in column 2 (A2 and F2)',
  );
  assert.equal(
    describeContradiction({ kind: 'exhausted', box: 'A1', choices: '39' }),
    'every choice for A1 (3 or 9) led to a dead end',
  );
  assert.equal(describeOutcome({ verdict: 'solved', solution: '1', solutions: 1 }).text, 'Solved: the solution is unique');
  assert.match(describeOutcome({ verdict: 'solved', solutions: 2 }).text, /not unique/);
  // 0: the count stopped at the node cap, which claims nothing about uniqueness.
  assert.match(describeOutcome({ verdict: 'solved', solutions: 0 }).text, /^Solved; whether the solution is unique is not known/);
  assert.equal(
    describeOutcome({ verdict: 'no_solution', contradiction: { kind: 'empty_box', box: 'A1' } }).text,
    'No solution: A1 has no candidates left',
  );
  assert.match(describeOutcome({ verdict: 'capped', limit: 'nodes', max: 100000 }).text, /100000 search nodes/);
});
