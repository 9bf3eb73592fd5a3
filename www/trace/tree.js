// Pure, DOM-free: the search tree of a trace (docs/trace-format.md).
//
// Every `guess` step creates a node (`node`, child of `parent`, at `depth`); a `backtrack` step
// marks its node a dead end with the contradiction that ended it. The root (node 0) is the
// puzzle after the first round of propagation. Search is depth-first, so node numbers follow
// the tree in preorder. On a solved trace the solution is reached in the node of the last step,
// and the path from the root to it is the path to the solution.

import { describeContradiction } from './explain.js';
import { digitsOf } from './digits.js';

/**
 * @typedef {object} TreeNode
 * @property {number} id the trace's node number (root 0)
 * @property {number|null} parent
 * @property {number} depth
 * @property {string|null} box the box guessed (null at the root)
 * @property {number|null} digit the digit tried
 * @property {number|null} choices the box's candidates when the guess was made (a mask)
 * @property {number} position the player position that shows the guess step (root: 0)
 * @property {number[]} children in the order they were tried
 * @property {'dead'|'solution'|null} end how the node ended, if it did in this trace
 * @property {object|null} contradiction the backtrack's contradiction, for a dead end
 * @property {number|null} endPosition the player position of the backtrack step
 * @property {boolean} onPath on the path from the root to the solution
 */

/** Builds the tree of `trace` in one pass over its steps. */
export function buildTree(trace) {
  const steps = (trace && trace.steps) || [];
  const root = makeNode(0, null, 0, null, null, null, 0);
  const nodes = [root];
  const byId = new Map([[0, root]]);
  let maxDepth = 0;
  let deadEnds = 0;
  for (let k = 0; k < steps.length; k++) {
    const s = steps[k];
    if (s.kind === 'guess') {
      if (byId.has(s.node)) continue; // a node is created once; ignore a malformed repeat
      const n = makeNode(s.node, s.parent, s.depth, s.box, s.digit, s.choices ?? 0, k + 1);
      nodes.push(n);
      byId.set(n.id, n);
      const p = byId.get(s.parent);
      if (p) p.children.push(n.id);
      if (n.depth > maxDepth) maxDepth = n.depth;
    } else if (s.kind === 'backtrack') {
      const n = byId.get(s.node);
      if (n && n.end !== 'dead') {
        n.end = 'dead';
        n.contradiction = s.contradiction || null;
        n.endPosition = k + 1;
        deadEnds++;
      }
    }
  }
  const outcome = (trace && trace.outcome) || {};
  let solution = null;
  if (outcome.verdict === 'solved') {
    const last = steps.length ? steps[steps.length - 1] : null;
    solution = last && last.kind !== 'backtrack' && byId.has(last.node) ? last.node : last ? null : 0;
  } else if (outcome.verdict === 'no_solution' && root.end !== 'dead') {
    // The root's own contradiction, found by propagation before any guess.
    root.end = 'dead';
    root.contradiction = outcome.contradiction || null;
    root.endPosition = steps.length;
    deadEnds++;
  }
  if (solution !== null) {
    byId.get(solution).end = 'solution';
    for (let id = solution; id !== null && byId.has(id); id = byId.get(id).parent) byId.get(id).onPath = true;
  }
  return { nodes, byId, solution, maxDepth, deadEnds, verdict: outcome.verdict || null };
}

function makeNode(id, parent, depth, box, digit, choices, position) {
  return { id, parent, depth, box, digit, choices, position, children: [], end: null, contradiction: null, endPosition: null, onPath: false };
}

/** The node the step before `position` belongs to (the root at position 0). */
export function nodeAt(steps, position) {
  if (position <= 0 || !steps || position > steps.length) return 0;
  return steps[position - 1].node ?? 0;
}

/**
 * The nodes shown, in preorder, when the subtrees under the ids in `collapsed` are folded:
 * a collapsed node is shown, its descendants are not.
 */
export function visibleNodes(tree, collapsed = new Set()) {
  const out = [];
  const stack = [0];
  while (stack.length) {
    const n = tree.byId.get(stack.pop());
    if (!n) continue;
    out.push(n);
    if (collapsed.has(n.id)) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** The node that stands for `id` when subtrees are folded: its outermost collapsed ancestor, or itself. */
export function shownAs(tree, id, collapsed) {
  let shown = id;
  let n = tree.byId.get(id);
  if (!n) return 0;
  for (let p = tree.byId.get(n.parent); p; p = tree.byId.get(p.parent)) {
    if (collapsed.has(p.id)) shown = p.id;
  }
  return shown;
}

/** The dead-end nodes that have children: folding them leaves the path and the first failures. */
export function deadSubtrees(tree) {
  return tree.nodes.filter((n) => n.end === 'dead' && n.children.length > 0).map((n) => n.id);
}

/** The number of nodes under node `id` (not counting it). */
export function descendants(tree, id) {
  let count = 0;
  const stack = [...(tree.byId.get(id)?.children || [])];
  while (stack.length) {
    const n = tree.byId.get(stack.pop());
    count++;
    stack.push(...n.children);
  }
  return count;
}

/** "B2 = 5" for a guess, "start" for the root. */
export function nodeLabel(n) {
  return n.id === 0 ? 'start' : `${n.box} = ${n.digit}`;
}

/** A dead end's reason in a few words, for the outline. */
export function shortContradiction(c) {
  if (!c) return 'dead end';
  switch (c.kind) {
    case 'empty_box':
      return `${c.box} empty`;
    case 'no_place':
      return `no place for ${c.digit} in ${c.unit}`;
    case 'duplicate':
      return `${c.digit} twice in ${c.unit}`;
    case 'exhausted':
      return 'all failed';
    case 'clash':
      return `${c.digit} twice in sight`;
    case 'cage_sum':
      return `cage at ${c.box} off its sum`;
    default:
      return String(c.kind);
  }
}

/** Everything about a node, in a sentence (a tooltip and a screen reader's description). */
export function describeNode(n) {
  const what = n.id === 0
    ? 'Start: the puzzle after propagation, before any guess'
    : `Node ${n.id}, depth ${n.depth}: guess ${n.box} = ${n.digit} (of ${digitsOf(n.choices).join(', ')})`;
  if (n.end === 'dead') return `${what}; dead end: ${describeContradiction(n.contradiction)}`;
  if (n.end === 'solution') return `${what}; the solution`;
  if (n.onPath) return `${what}; on the path to the solution`;
  return what;
}
