import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeState, decodeState, STRATEGIES } from '../url.js';

test('a state survives the round trip through the fragment', () => {
  const state = { puzzle: '2.....\n| 1 + -|', diagonal: true, strategies: ['eliminate', 'naked_twins'], step: 42 };
  assert.deepEqual(decodeState('#' + encodeState(state)), state);
});

test('defaults are left out of the fragment and read back', () => {
  assert.equal(encodeState({ puzzle: '', diagonal: false, strategies: [...STRATEGIES], step: 0 }), '');
  assert.deepEqual(decodeState(''), { puzzle: '', diagonal: false, strategies: [...STRATEGIES], step: 0 });
});

test('no strategies (pure search) is kept apart from the default', () => {
  const f = encodeState({ puzzle: '1', strategies: [] });
  assert.match(f, /s=(&|$)/);
  assert.deepEqual(decodeState(f).strategies, []);
});

test('malformed parts fall back to defaults', () => {
  const s = decodeState('step=-3&s=bogus,eliminate&d=yes');
  assert.equal(s.step, 0);
  assert.deepEqual(s.strategies, ['eliminate']);
  assert.equal(s.diagonal, false);
});
