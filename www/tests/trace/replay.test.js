// The replay (trace/replay.js): forwards, backwards and seeking over a trace's changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Replay, BOXES, boxIndex } from '../../trace/replay.js';
import { readTrace } from '../../trace/packed.js';
import { digitsText, textMask } from '../../trace/digits.js';
import { randomTrace } from '../helpers.js';

const easyJson = JSON.parse(readFileSync(new URL('../fixtures/easy-trace.json', import.meta.url), 'utf8'));
const easy = readTrace(easyJson);

/** A random trace in the page's form, with its final candidates as masks. */
function random(n, seed) {
  const doc = randomTrace(n, seed);
  return { trace: readTrace(doc), final: Uint16Array.from(doc.final, textMask) };
}

test('box names run A1..I9 and index back', () => {
  assert.equal(BOXES.length, 81);
  assert.equal(BOXES[0], 'A1');
  assert.equal(BOXES[80], 'I9');
  assert.equal(boxIndex('E6'), 4 * 9 + 5);
  assert.throws(() => boxIndex('J1'), /unknown box/);
});

test('replaying the real easy trace to the end gives the solution', () => {
  const r = new Replay(easy);
  while (r.forward());
  assert.equal(r.position, easy.steps.length);
  assert.ok(r.state instanceof Uint16Array, 'the candidates are masks');
  assert.equal(Array.from(r.state, digitsText).join(''), easy.outcome.solution);
});

test('forwards then backwards returns to the initial candidates exactly', () => {
  const r = new Replay(easy);
  while (r.forward());
  while (r.backward());
  assert.equal(r.position, 0);
  assert.deepEqual(Array.from(r.state, digitsText), easyJson.initial);
  assert.equal(r.backward(), null, 'nothing before the start');
});

test('seek(k) equals k single steps, from any position, on a 10,000-step trace', () => {
  const { trace, final } = random(10_000, 7);
  const r = new Replay(trace, { checkpointEvery: 64 });
  const ref = new Replay(trace, { checkpointEvery: 1_000_000 });
  const expectedAt = (k) => {
    ref.seek(0);
    for (let i = 0; i < k; i++) ref.forward();
    return ref.state.slice();
  };
  for (const k of [10_000, 0, 5_000, 4_999, 5_063, 64, 63, 1, 9_999, 3_333, 3_300]) {
    r.seek(k);
    assert.equal(r.position, k);
    assert.deepEqual(r.state, expectedAt(k), `state at ${k}`);
  }
  r.seek(10_000);
  assert.deepEqual(r.state, final);
});

test('seek clamps out-of-range and non-numeric targets', () => {
  const r = new Replay(random(50, 3).trace);
  assert.equal(r.seek(-5), 0);
  assert.equal(r.seek(1e9), 50);
  assert.equal(r.seek('abc'), 0);
});

test('a seek across a long trace stays far under a frame budget', () => {
  const { trace } = random(20_000, 11);
  const r = new Replay(trace);
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) r.seek((i * 7919) % 20_001);
  const perSeek = (performance.now() - t0) / 200;
  assert.ok(perSeek < 5, `a seek took ${perSeek.toFixed(2)} ms on average`);
});

test('a trace in the page\'s form without packed arrays replays the same', () => {
  const { trace, final } = random(300, 5);
  const bare = { ...trace, steps: trace.steps };
  const r = new Replay(bare);
  r.seek(300);
  assert.deepEqual(r.state, final);
});

test('a trace without 81 initial boxes is refused', () => {
  assert.throws(() => new Replay({ initial: [], steps: [] }), /81 boxes/);
});
