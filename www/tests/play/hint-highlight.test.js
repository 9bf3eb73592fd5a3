// A hint's step on the board (play/play.js's stepHighlight): its boxes, removals, placements and,
// for a chain step, its chain read from the packed nodes the facade's hint hands over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepHighlight } from '../../play/play.js';
import { chainOfNodes } from '../../trace/packed.js';

/** A node as crates/solver-wasm/src/packed.rs's chain_word writes it: box, digit, link to the next (1 strong, 2 weak, 0 last). */
const node = (box, digit, link) => box | (digit << 8) | (link << 12);

test('a chain step draws its chain, its nodes as its cause', () => {
  // A1=4 = A5=4 - E5=4 = E9=4: boxes 0, 4, 40, 44.
  const chainNodes = Uint16Array.from([node(0, 4, 1), node(4, 4, 2), node(40, 4, 1), node(44, 4, 0)]);
  const h = stepHighlight({ kind: 'x_chain', boxes: [], units: [], digits: 8, changes: [{ box: 'A9', before: 0b1000_1000, after: 0b1000_0000 }], chainNodes });
  assert.deepEqual(h.chain, {
    nodes: [{ box: 'A1', digit: 4 }, { box: 'A5', digit: 4 }, { box: 'E5', digit: 4 }, { box: 'E9', digit: 4 }],
    links: ['strong', 'weak', 'strong'],
  });
  assert.deepEqual([...h.cause].sort((a, b) => a - b), [0, 4, 40, 44]);
  assert.deepEqual([...h.removed], [[8, 0b1000]]);
});

test('a step without a chain has none, as a trace step without one', () => {
  const h = stepHighlight({ kind: 'only_choice', boxes: ['B2'], units: ['square A1-C3'], digits: 32, changes: [{ box: 'B2', before: 0b1_0110_0000, after: 32 }], chainNodes: new Uint16Array(0) });
  assert.equal(h.chain, null);
  assert.deepEqual([...h.placed], [[10, 32]]);
  assert.equal(chainOfNodes(undefined), null);
});

test('a chain whose links are not well formed is refused, as in a trace', () => {
  assert.throws(() => chainOfNodes(Uint16Array.from([node(0, 4, 1), node(4, 4, 1), node(8, 4, 1), node(9, 4, 0), node(10, 4, 0)])), /not well formed/);
});

test('a group node (its further boxes after it, bit 15) is read as the trace reads one', () => {
  // A1=4 = B2C2=4 (a group of two boxes, 10 and 11... of one line inside one square).
  const h = stepHighlight({ kind: 'x_chain', boxes: [], units: [], digits: 8, changes: [], chainNodes: Uint16Array.from([node(0, 4, 1), node(19, 4, 0), (1 << 15) | 20]) });
  assert.deepEqual(h.chain.nodes, [{ box: 'A1', digit: 4 }, { boxes: ['C2', 'C3'], digit: 4 }]);
  assert.deepEqual([...h.cause].sort((a, b) => a - b), [0, 19, 20]);
});

test('a forcing step draws its branches (the facade\'s forcing text, as a packed trace\'s), their nodes as its cause', () => {
  // B1=1 or B1≠1: either way A1 loses 2 (the text the facade hands over: one step, step 0).
  const forcing = JSON.stringify([{ step: 0, conclude: 'agree', complexity: 4, chains: [
    { nodes: [{ box: 'B1', digit: 1, on: true, parents: [] }, { box: 'A2', digit: 1, on: false, parents: [0] }, { box: 'A2', digit: 2, on: true, parents: [1] }, { box: 'A1', digit: 2, on: false, parents: [2] }] },
    { nodes: [{ box: 'B1', digit: 1, on: false, parents: [] }, { box: 'A1', digit: 2, on: false, parents: [0] }] },
  ] }]);
  const h = stepHighlight({ kind: 'digit_forcing_chains', boxes: ['B1'], units: [], digits: 1, changes: [{ box: 'A1', before: 0b11, after: 0b1 }], chainNodes: new Uint16Array(0), forcing });
  assert.equal(h.chain.length, 2, 'a net per branch');
  assert.deepEqual(h.chain[1], { nodes: [{ box: 'B1', digit: 1, on: false }, { box: 'A1', digit: 2, on: false }], edges: [{ from: 0, to: 1, link: 'weak' }] });
  assert.deepEqual(h.chain[0].edges.map((e) => e.link), ['weak', 'strong', 'weak']);
  assert.deepEqual([...h.cause].sort((a, b) => a - b), [0, 1, 9]);
  // A step without branches: the facade's '[]'.
  assert.equal(stepHighlight({ kind: 'only_choice', boxes: [], units: [], digits: 1, changes: [], chainNodes: new Uint16Array(0), forcing: '[]' }).chain, null);
});
