// The timeline's strip (playback/timeline.js): each column's colour and which kind wins it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columns } from '../../playback/timeline.js';

const steps = (kinds) => kinds.map((kind) => ({ kind }));
// As strategy-view.js ranks them: the ladder's rungs in order, then guess, then backtrack.
const RANK = new Map([['eliminate', 0], ['only_choice', 1], ['naked_twins', 2], ['guess', 100], ['backtrack', 101]]);

test('every column of the strip is filled, even with fewer steps than pixels', () => {
  const cols = columns(steps(['eliminate', 'only_choice', 'guess']), 9, RANK);
  assert.deepEqual(cols, [
    'eliminate', 'eliminate', 'eliminate', 'only_choice', 'only_choice', 'only_choice', 'guess', 'guess', 'guess',
  ]);
});

test('a guess or backtrack among many steps wins its column', () => {
  const many = steps(Array.from({ length: 1000 }, (_, k) => (k === 501 ? 'backtrack' : 'eliminate')));
  const cols = columns(many, 10, RANK);
  assert.equal(cols[5], 'backtrack');
  assert.equal(cols.filter((c) => c === 'backtrack').length, 1);
  assert.equal(cols[4], 'eliminate');
});

test('a later rung wins over an earlier one; a kind without a rank loses to all', () => {
  assert.deepEqual(columns(steps(['eliminate', 'naked_twins', 'only_choice', 'eliminate']), 2, RANK), ['naked_twins', 'only_choice']);
  assert.deepEqual(columns(steps(['assign', 'eliminate', 'assign', 'assign']), 2, RANK), ['eliminate', 'assign']);
});

test('no steps, no colour', () => {
  assert.deepEqual(columns([], 3, RANK), [null, null, null]);
});
