// Why a box lost its digits (trace/why.js): the steps that removed them and a step's cause history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Replay, boxIndex } from '../../trace/replay.js';
import { lostDigits, lastChange, causeHistory, chainHistory, forcingHistory, stepOfChange, boxAt } from '../../trace/why.js';
import { readTrace } from '../../trace/packed.js';
import { digitsOf } from '../../trace/digits.js';
import { pageForm, randomTrace } from '../helpers.js';

const easy = readTrace(JSON.parse(readFileSync(new URL('../fixtures/easy-trace.json', import.meta.url), 'utf8')));

const has = (mask, d) => (mask & (1 << (d - 1))) !== 0;

/** The same answers, the slow way: replay step by step and remember who removed each digit. */
function naiveLost(trace, position, box) {
  const r = new Replay(trace);
  const by = new Map();
  for (let k = 0; k < position; k++) {
    const before = r.state[box];
    r.forward();
    const after = r.state[box];
    for (let d = 1; d <= 9; d++) {
      if (has(before, d) && !has(after, d)) by.set(d, k);
      if (has(after, d) && !has(before, d)) by.delete(d);
    }
  }
  const now = r.state[box];
  return digitsOf(trace.initial[box]).filter((d) => !has(now, d)).map((d) => ({ digit: d, step: by.get(d) }));
}

test('stepOfChange finds the step holding a change, over steps without changes too', () => {
  const ends = Uint32Array.from([2, 2, 5, 6]);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((j) => stepOfChange(ends, j)), [0, 0, 2, 2, 2, 3]);
});

test('lost digits of every box of the easy trace, at several positions, agree with a step-by-step replay', () => {
  const r = new Replay(easy);
  for (const position of [0, 1, 7, 30, easy.steps.length]) {
    for (let box = 0; box < 81; box++) {
      assert.deepEqual(lostDigits(easy, r.compiled, position, box), naiveLost(easy, position, box), `box ${box} at ${position}`);
    }
  }
});

test('lost digits on random traces (digits come back and go again) agree with a replay', () => {
  for (const seed of [1, 2, 3]) {
    const t = readTrace(randomTrace(300, seed));
    const r = new Replay(t);
    for (const position of [0, 50, 299, 300]) {
      for (const box of [0, 40, 80]) assert.deepEqual(lostDigits(t, r.compiled, position, box), naiveLost(t, position, box));
    }
  }
});

test('on the easy trace, a solved box has lost every other digit, each to a step that removed it', () => {
  const r = new Replay(easy);
  const n = easy.steps.length;
  const box = easy.initial.findIndex((c) => digitsOf(c).length > 1);
  const lost = lostDigits(easy, r.compiled, n, box);
  assert.equal(lost.length, 8);
  for (const { digit, step } of lost) {
    const c = easy.steps[step].changes.find((x) => boxIndex(x.box) === box);
    assert.ok(has(c.before, digit) && !has(c.after, digit), `step ${step} removes ${digit}`);
  }
});

/** A small trace by hand: A1 loses 1 at the root, a guess on B1 (node 1) removes 2 from A1, a
 * backtrack gives it back, the guess 3 on B1 (node 2) removes 3. */
function searchTrace() {
  const full = '123456789';
  const initial = Array(81).fill(full);
  const steps = [
    { kind: 'eliminate', node: 0, depth: 0, source: 'C1', digit: 1, changes: [{ box: 'A1', before: full, after: '23456789' }] },
    { kind: 'guess', node: 1, depth: 1, parent: 0, box: 'B1', digit: 2, choices: '23', changes: [{ box: 'B1', before: full, after: '2' }] },
    { kind: 'eliminate', node: 1, depth: 1, source: 'B1', digit: 2, changes: [{ box: 'A1', before: '23456789', after: '3456789' }] },
    { kind: 'backtrack', node: 1, depth: 1, parent: 0, contradiction: { kind: 'empty_box', box: 'A2' }, changes: [
      { box: 'A1', before: '3456789', after: '23456789' }, { box: 'B1', before: '2', after: full }] },
    { kind: 'guess', node: 2, depth: 1, parent: 0, box: 'B1', digit: 3, choices: '23', changes: [{ box: 'B1', before: full, after: '3' }] },
    { kind: 'eliminate', node: 2, depth: 1, source: 'B1', digit: 3, changes: [{ box: 'A1', before: '23456789', after: '2456789' }] },
  ];
  return pageForm({ format: 1, variant: 'standard', strategies: [], units: [], initial, steps });
}

test('a digit removed inside an abandoned node and given back is not lost; removed again, it is lost to the later step', () => {
  const t = searchTrace();
  const r = new Replay(t);
  const a1 = boxIndex('A1');
  assert.deepEqual(lostDigits(t, r.compiled, 3, a1), [{ digit: 1, step: 0 }, { digit: 2, step: 2 }]);
  assert.deepEqual(lostDigits(t, r.compiled, 4, a1), [{ digit: 1, step: 0 }]);
  assert.deepEqual(lostDigits(t, r.compiled, 6, a1), [{ digit: 1, step: 0 }, { digit: 3, step: 5 }]);
});

test('the last change of a box skips what a backtrack undid, back to before the abandoned guess', () => {
  const t = searchTrace();
  const r = new Replay(t);
  const a1 = boxIndex('A1');
  const b1 = boxIndex('B1');
  // Before step 5, A1 was last changed by the backtrack (step 3), which restored it to what step 0 made.
  assert.equal(lastChange(t, r.compiled, 5, a1), 0);
  // B1 before step 5: the guess at step 4.
  assert.equal(lastChange(t, r.compiled, 5, b1), 4);
  // B1 before step 4: restored by the backtrack to its initial candidates: as given.
  assert.equal(lastChange(t, r.compiled, 4, b1), -1);
  assert.equal(lastChange(t, r.compiled, 0, a1), -1);
  assert.deepEqual(causeHistory(t, r.compiled, 5, new Set([b1, a1])), [{ box: a1, step: 0 }, { box: b1, step: 4 }]);
});

test("a given an assign step changed: the box holds the assign's digit, and the given is lost to that step", () => {
  // A learner's trace: step 0 sets A2 (open) to 5, step 1 sets the given A1 from 4 to 9.
  const doc = randomTrace(0);
  doc.initial[0] = '4';
  doc.steps = [
    { kind: 'assign', node: 0, depth: 0, changes: [{ box: 'A2', before: '123456789', after: '5' }] },
    { kind: 'assign', node: 0, depth: 0, changes: [{ box: 'A1', before: '4', after: '9' }] },
  ];
  const t = pageForm(doc);
  const r = new Replay(t);
  const a1 = boxIndex('A1');
  assert.deepEqual(boxAt(t, r.compiled, 1, a1), { given: true, initial: 1 << 3, now: 1 << 3, gone: [] });
  assert.deepEqual(boxAt(t, r.compiled, 2, a1), { given: true, initial: 1 << 3, now: 1 << 8, gone: [{ digit: 4, step: 1 }] });
  assert.deepEqual(boxAt(t, r.compiled, 2, boxIndex('A2')).now, 1 << 4);
});

test('a chain\'s history follows its links in order, each node\'s box with its last change', () => {
  const r = new Replay(easy);
  const k = easy.steps.length - 1;
  const chain = { nodes: [{ box: 'A1', digit: 4 }, { box: 'A2', digit: 4 }, { box: 'E2', digit: 4 }, { box: 'E5', digit: 4 }], links: ['strong', 'weak', 'strong'] };
  const h = chainHistory(easy, r.compiled, k, chain, boxIndex);
  assert.deepEqual(h.map((x) => x.link), [null, 'strong', 'weak', 'strong']);
  assert.deepEqual(h.map((x) => x.box), ['A1', 'A2', 'E2', 'E5'].map(boxIndex));
  for (const x of h) assert.equal(x.step, lastChange(easy, r.compiled, k, x.box));
  assert.ok(h.every((x) => x.group.length === 0));
});

test('a group\'s history has each of its boxes; a loop comes back to its first node', () => {
  const r = new Replay(easy);
  const k = easy.steps.length - 1;
  const chain = {
    nodes: [{ box: 'B1', digit: 1 }, { boxes: ['B4', 'B5'], digit: 1 }, { box: 'A6', digit: 1 }, { box: 'A2', digit: 1 }],
    links: ['strong', 'weak', 'strong', 'weak'],
  };
  const h = chainHistory(easy, r.compiled, k, chain, boxIndex);
  assert.deepEqual(h.map((x) => x.link), [null, 'strong', 'weak', 'strong', 'weak']);
  assert.deepEqual(h.map((x) => x.box), ['B1', 'B4', 'A6', 'A2', 'B1'].map(boxIndex));
  assert.deepEqual(h[1].group, [{ box: boxIndex('B5'), step: lastChange(easy, r.compiled, k, boxIndex('B5')) }]);
});

test('a forcing branch\'s history: its premise, then each node with its link and what it follows from', () => {
  const r = new Replay(easy);
  const k = easy.steps.length - 1;
  // A1=4 puts 4 off in A2 and B1; both leave B2 its only place of 4 (a net's node of two parents).
  const net = {
    nodes: [{ box: 'A1', digit: 4, on: true }, { box: 'A2', digit: 4, on: false }, { box: 'B1', digit: 4, on: false }, { box: 'B2', digit: 4, on: true }],
    edges: [{ from: 0, to: 1, link: 'weak' }, { from: 0, to: 2, link: 'weak' }, { from: 1, to: 3, link: 'strong' }, { from: 2, to: 3, link: 'strong' }],
  };
  const h = forcingHistory(easy, r.compiled, k, net, boxIndex);
  assert.deepEqual(h.map((x) => x.link), [null, 'weak', 'weak', 'strong']);
  assert.deepEqual(h.map((x) => x.parents), [[], [0], [0], [1, 2]]);
  assert.deepEqual(h.map((x) => x.on), [true, false, false, true]);
  for (const x of h) assert.equal(x.step, lastChange(easy, r.compiled, k, x.box));
  assert.ok(h.every((x) => x.by === null));
  // A node a technique derived inside a net: no link into it, its technique named.
  const withBy = { nodes: [...net.nodes, { box: 'C3', digit: 4, on: false, by: 'pointing' }], edges: net.edges };
  const last = forcingHistory(easy, r.compiled, k, withBy, boxIndex).at(-1);
  assert.equal(last.link, null);
  assert.equal(last.by, 'pointing');
  assert.deepEqual(last.parents, []);
});
