import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MASK_DIGITS, isPacked, packTrace, unpackTrace, withChanges, withAllChanges } from '../packed.js';
import { randomTrace } from './helpers.js';

const easy = JSON.parse(readFileSync(new URL('./fixtures/easy-trace.json', import.meta.url), 'utf8'));

test('masks name their digits in ascending order', () => {
  assert.equal(MASK_DIGITS[0], '');
  assert.equal(MASK_DIGITS[1], '1');
  assert.equal(MASK_DIGITS[0b101000100], '379');
  assert.equal(MASK_DIGITS[511], '123456789');
});

test('a real trace packs and unpacks to the same JSON, key order included', () => {
  const p = packTrace(easy);
  assert.ok(isPacked(p));
  assert.ok(!isPacked(easy));
  assert.equal(p.ends.length, easy.steps.length);
  assert.equal(JSON.stringify(unpackTrace(p)), JSON.stringify(easy));
});

test('random traces (empty boxes and steps without changes too) round-trip', () => {
  for (const seed of [1, 2, 3]) {
    const t = randomTrace(500, seed);
    t.steps[3].changes = [];
    assert.deepEqual(unpackTrace(packTrace(t)), t);
  }
  const none = { ...easy, steps: [] };
  assert.deepEqual(unpackTrace(packTrace(none)), none);
});

test('a lazy unpack makes a step\'s changes when asked, and all of them give the trace back', () => {
  const t = randomTrace(400, 5);
  t.steps[7].changes = [];
  const lazy = unpackTrace(packTrace(t), { lazy: true });
  assert.equal(lazy.steps.length, t.steps.length);
  assert.ok(lazy.steps.every((s) => s.changes.length === 0), 'no change made on arrival');
  const k = t.steps.findIndex((s) => s.changes.length > 2);
  assert.deepEqual(withChanges(lazy, k), t.steps[k]);
  assert.equal(lazy.steps[k + 1].changes.length, 0, 'only the step asked for');
  assert.equal(withChanges(lazy, k), lazy.steps[k], 'the same step object, made once');
  assert.deepEqual(withChanges(lazy, 7).changes, []);
  assert.equal(JSON.stringify(withAllChanges(lazy)), JSON.stringify(t), 'key order included');
  // A trace that was never packed is left as it is.
  assert.equal(withChanges(t, 3), t.steps[3]);
  assert.equal(withAllChanges(easy), easy);
});

test('a real trace unpacked lazily replays like the eager one', async () => {
  const { Replay } = await import('../replay.js');
  const p = packTrace(easy);
  const a = new Replay(unpackTrace(p, { lazy: true }));
  const b = new Replay(easy);
  a.seek(a.length);
  b.seek(b.length);
  assert.deepEqual(a.final, b.final);
  assert.deepEqual(a.state, b.state);
});

test('a packed trace whose arrays do not fit its steps is refused', () => {
  const p = packTrace(easy);
  assert.throws(() => unpackTrace({ ...p, ends: p.ends.slice(1) }), /step ends/);
  assert.throws(() => unpackTrace({ ...p, boxes: new Uint8Array([...p.boxes, 0]) }), /changes/);
  assert.throws(() => unpackTrace({ ...p, boxes: new Uint8Array([...p.boxes, 0]) }, { lazy: true }), /changes/);
  const back = Uint32Array.from(p.ends);
  [back[1], back[2]] = [back[2], back[1]];
  if (back[1] !== back[2]) assert.throws(() => unpackTrace({ ...p, ends: back }, { lazy: true }), /go back/);
});

test('a replay over the packed arrays matches one over the changes, both ways', async () => {
  const { Replay } = await import('../replay.js');
  const t = randomTrace(700, 9);
  const unpacked = unpackTrace(packTrace(t));
  assert.ok(unpacked.packed, 'the arrays stay with the trace');
  assert.equal(JSON.stringify(unpacked).includes('"packed"'), false, 'but not in its JSON');
  const a = new Replay(unpacked, { checkpointEvery: 50 });
  const b = new Replay(t, { checkpointEvery: 50 });
  for (const k of [0, 1, 699, 700, 351, 3, 650, 49, 50, 51, 0]) {
    assert.deepEqual(a.seek(k), b.seek(k));
    assert.deepEqual(a.state, b.state, `at ${k}`);
    a.backward();
    b.backward();
    assert.deepEqual(a.state, b.state, `before ${k}`);
    a.forward();
    b.forward();
  }
  assert.deepEqual(a.final, b.final);
});
