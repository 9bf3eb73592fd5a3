// The search tree of a trace (trace/tree.js): nodes, dead ends, the solution's path, folding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildTree, nodeAt, visibleNodes, shownAs, deadSubtrees, descendants, nodeLabel, shortContradiction, describeNode } from '../../trace/tree.js';

import { pageForm } from '../helpers.js';

/** A snapshot trace of the core's tests, in the page's form (candidates as masks). */
const snapshot = (name) =>
  pageForm(JSON.parse(readFileSync(new URL(`../../../crates/solver-core/tests/snapshots/${name}.json`, import.meta.url), 'utf8')));

/** A trace of guess/backtrack steps only (changes do not matter to the tree). */
function searchTrace(events, outcome = { verdict: 'solved', solution: '', solutions: 1 }) {
  const steps = events.map(([kind, node, parent, depth, extra = {}]) => ({ kind, node, parent, depth, changes: [], ...extra }));
  return { ...pageForm({ initial: [], steps }), outcome };
}

test('the snapshot with twins and search: root, three guesses, one dead end, the path to the solution', () => {
  const trace = snapshot('naked_twins_search');
  const t = buildTree(trace);
  assert.deepEqual(t.nodes.map((n) => n.id), [0, 1, 2, 3]);
  assert.deepEqual(t.byId.get(0).children, [1]);
  assert.deepEqual(t.byId.get(1).children, [2, 3]);
  const dead = t.byId.get(2);
  assert.equal(dead.end, 'dead');
  assert.equal(dead.contradiction.kind, 'duplicate');
  assert.equal(nodeLabel(dead), 'A2 = 4');
  assert.equal(t.solution, 3);
  assert.deepEqual(t.nodes.filter((n) => n.onPath).map((n) => n.id), [0, 1, 3]);
  assert.equal(t.deadEnds, 1);
  assert.equal(t.maxDepth, 2);
  // Each node's position shows its own guess step; the root is position 0.
  for (const n of t.nodes.slice(1)) {
    const step = trace.steps[n.position - 1];
    assert.equal(step.kind, 'guess');
    assert.equal(step.node, n.id);
  }
  assert.equal(t.byId.get(0).position, 0);
  assert.equal(trace.steps[dead.endPosition - 1].kind, 'backtrack');
});

test('pure search: the first digit is a dead end, the second the solution', () => {
  const t = buildTree(snapshot('pure_search'));
  assert.deepEqual(t.byId.get(0).children, [1, 2]);
  assert.equal(t.byId.get(1).end, 'dead');
  assert.equal(t.byId.get(2).end, 'solution');
  assert.equal(t.byId.get(1).onPath, false);
});

test('propagation alone: a tree of one node, the root is the solution', () => {
  const t = buildTree(snapshot('eliminate_only_choice'));
  assert.equal(t.nodes.length, 1);
  assert.equal(t.solution, 0);
  assert.equal(t.byId.get(0).end, 'solution');
});

test('no solution: the root is the dead end, with the outcome contradiction', () => {
  const trace = snapshot('no_solution');
  const t = buildTree(trace);
  assert.equal(t.nodes.length, 1);
  assert.equal(t.solution, null);
  assert.equal(t.byId.get(0).end, 'dead');
  assert.deepEqual(t.byId.get(0).contradiction, trace.outcome.contradiction);
  assert.match(describeNode(t.byId.get(0)), /dead end: A7 has no candidates left/);
});

test('a capped trace has no solution path and leaves open nodes open', () => {
  const t = buildTree(searchTrace([
    ['guess', 1, 0, 1, { box: 'A1', digit: 1, choices: '12' }],
    ['guess', 2, 1, 2, { box: 'B1', digit: 3, choices: '34' }],
  ], { verdict: 'capped', limit: 'nodes', max: 3 }));
  assert.equal(t.solution, null);
  assert.ok(t.nodes.every((n) => !n.onPath && n.end === null));  // A node's choices, kept as a mask, in words.
  assert.equal(describeNode(t.byId.get(2)), 'Node 2, depth 2: guess B1 = 3 (of 3, 4)');
});

test('the node of each position follows the steps, a backtrack belongs to the node it abandons', () => {
  const trace = snapshot('naked_twins_search');
  assert.equal(nodeAt(trace.steps, 0), 0);
  for (let p = 1; p <= trace.steps.length; p++) assert.equal(nodeAt(trace.steps, p), trace.steps[p - 1].node);
  const back = trace.steps.findIndex((s) => s.kind === 'backtrack');
  assert.equal(nodeAt(trace.steps, back + 1), 2);
});

test('folding: visible rows in preorder, a folded node hides its subtree and stands for it', () => {
  // 0 ─ 1 ─ 2 ✗
  //       └ 3 ─ 4 ✗
  //           └ 5 ★
  //   └ (nothing else)
  const t = buildTree(searchTrace([
    ['guess', 1, 0, 1, { box: 'A1', digit: 1, choices: '12' }],
    ['guess', 2, 1, 2, { box: 'B1', digit: 3, choices: '34' }],
    ['backtrack', 2, 1, 2, { contradiction: { kind: 'empty_box', box: 'C1' } }],
    ['guess', 3, 1, 2, { box: 'B1', digit: 4, choices: '34' }],
    ['guess', 4, 3, 3, { box: 'C2', digit: 5, choices: '56' }],
    ['backtrack', 4, 3, 3, { contradiction: { kind: 'no_place', unit: 'row C', digit: 7 } }],
    ['guess', 5, 3, 3, { box: 'C2', digit: 6, choices: '56' }],
  ]));
  assert.deepEqual(visibleNodes(t).map((n) => n.id), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(visibleNodes(t, new Set([3])).map((n) => n.id), [0, 1, 2, 3]);
  assert.deepEqual(visibleNodes(t, new Set([1, 3])).map((n) => n.id), [0, 1]);
  assert.equal(shownAs(t, 5, new Set([3])), 3);
  assert.equal(shownAs(t, 5, new Set([1, 3])), 1, 'the outermost fold stands for the node');
  assert.equal(shownAs(t, 2, new Set([3])), 2);
  assert.equal(descendants(t, 1), 4);
  assert.deepEqual(deadSubtrees(t), [], 'dead ends here are leaves');
  assert.equal(shortContradiction(t.byId.get(2).contradiction), 'C1 empty');
  assert.equal(shortContradiction(t.byId.get(4).contradiction), 'no place for 7 in row C');
  assert.deepEqual(t.nodes.filter((n) => n.onPath).map((n) => n.id), [0, 1, 3, 5]);
});

test('an exhausted node with children is a dead subtree that folds', () => {
  const t = buildTree(searchTrace([
    ['guess', 1, 0, 1, { box: 'A1', digit: 1, choices: '12' }],
    ['guess', 2, 1, 2, { box: 'B1', digit: 3, choices: '3' }],
    ['backtrack', 2, 1, 2, { contradiction: { kind: 'empty_box', box: 'C1' } }],
    ['backtrack', 1, 0, 1, { contradiction: { kind: 'exhausted', box: 'B1', choices: '3' } }],
    ['guess', 3, 0, 1, { box: 'A1', digit: 2, choices: '12' }],
  ]));
  assert.deepEqual(deadSubtrees(t), [1]);
  assert.equal(shortContradiction(t.byId.get(1).contradiction), 'all failed');
  assert.equal(t.solution, 3);
});

test('a tree 15,000 levels deep builds and lays out without recursing', () => {
  // A binary-ish tree: each node's first child fails, the second goes on. Depth that would
  // overflow a recursive walk's stack; its speed is the browser bench's business.
  const events = [];
  let id = 0;
  let parent = 0;
  for (let depth = 1; id < 30_000; depth++) {
    events.push(['guess', ++id, parent, depth, { box: 'A1', digit: 1, choices: '12' }]);
    events.push(['backtrack', id, parent, depth, { contradiction: { kind: 'empty_box', box: 'B2' } }]);
    events.push(['guess', ++id, parent, depth, { box: 'A1', digit: 2, choices: '12' }]);
    parent = id;
  }
  const trace = searchTrace(events);
  const t = buildTree(trace);
  const rows = visibleNodes(t);
  assert.equal(t.nodes.length, 30_001);
  assert.equal(rows.length, 30_001);
  assert.equal(t.solution, 30_000);
  assert.equal(t.deadEnds, 15_000);
});
