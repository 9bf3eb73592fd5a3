import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MASK_DIGITS, isPacked, packTrace, unpackTrace } from '../packed.js';
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

test('a packed trace whose arrays do not fit its steps is refused', () => {
  const p = packTrace(easy);
  assert.throws(() => unpackTrace({ ...p, ends: p.ends.slice(1) }), /step ends/);
  assert.throws(() => unpackTrace({ ...p, boxes: new Uint8Array([...p.boxes, 0]) }), /changes/);
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
