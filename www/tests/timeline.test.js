import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columns } from '../timeline.js';

const steps = (kinds) => kinds.map((kind) => ({ kind }));

test('every column of the strip is filled, even with fewer steps than pixels', () => {
  const cols = columns(steps(['eliminate', 'only_choice', 'guess']), 9);
  assert.deepEqual(cols, [
    'eliminate', 'eliminate', 'eliminate', 'only_choice', 'only_choice', 'only_choice', 'guess', 'guess', 'guess',
  ]);
});

test('a guess or backtrack among many steps wins its column', () => {
  const many = steps(Array.from({ length: 1000 }, (_, k) => (k === 501 ? 'backtrack' : 'eliminate')));
  const cols = columns(many, 10);
  assert.equal(cols[5], 'backtrack');
  assert.equal(cols.filter((c) => c === 'backtrack').length, 1);
  assert.equal(cols[4], 'eliminate');
});

test('no steps, no colour', () => {
  assert.deepEqual(columns([], 3), [null, null, null]);
});
