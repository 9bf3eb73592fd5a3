// Pure, DOM-free: why a box has lost its candidates, read from the trace. For a box at a position,
// each digit of its initial candidates that is gone, with the step that removed it; for a step,
// the steps that made its cause boxes what they were, so a learner can walk the chain back to the
// givens. It reads the changes' flat arrays (replay.js's `compiled`) and the steps' `kind` and
// `node`; what a step means and which boxes are its cause come from explain.js.

import { count } from './digits.js';

/** The index of the step that holds change `j`: the first `k` with `ends[k] > j`. */
export function stepOfChange(ends, j) {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ends[mid] > j) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The digits box `box` has lost after the first `position` steps, relative to its candidates in
 * `initial`: `[{ digit: 4, step: 11 }, ...]` in digit order, `step` the index in `trace.steps`
 * of the step that removed it (the last one: a backtrack gives digits back, and a later step may
 * remove them again).
 * @param {{ initial: number[] }} trace its candidates as masks (the page's form, www/trace/packed.js)
 * @param {{ boxes: Uint8Array, before: Uint16Array, after: Uint16Array, ends: Uint32Array }} compiled
 */
export function lostDigits(trace, compiled, position, box) {
  const { boxes, before, after, ends } = compiled;
  const removedBy = new Int32Array(9).fill(-1);
  const initial = trace.initial[box];
  let current = initial;
  const end = position > 0 ? ends[Math.min(position, ends.length) - 1] : 0;
  for (let j = 0, k = 0; j < end; j++) {
    if (boxes[j] !== box) continue;
    while (ends[k] <= j) k++;
    const gone = before[j] & ~after[j];
    const back = after[j] & ~before[j];
    for (let d = 0; d < 9; d++) {
      if (gone & (1 << d)) removedBy[d] = k;
      else if (back & (1 << d)) removedBy[d] = -1;
    }
    current = after[j];
  }
  const out = [];
  for (let d = 0; d < 9; d++) {
    if (initial & (1 << d) && !(current & (1 << d)) && removedBy[d] >= 0) out.push({ digit: d + 1, step: removedBy[d] });
  }
  return out;
}

/**
 * Box `box` after the first `position` steps: `{ given, initial, now, gone }`, `given` true when
 * its initial candidates are one digit, `initial` and `now` its candidates as masks, `gone` the
 * digits of `initial` it has lost and the steps that removed them (lostDigits). A given is
 * changed only by a step of the learner's own code (`assign`), or emptied by a contradiction:
 * `now` says what the board shows.
 */
export function boxAt(trace, compiled, position, box) {
  const { boxes, after, ends } = compiled;
  const initial = trace.initial[box];
  let now = initial;
  const end = position > 0 ? ends[Math.min(position, ends.length) - 1] : 0;
  for (let j = 0; j < end; j++) if (boxes[j] === box) now = after[j];
  return { given: count(initial) === 1, initial, now, gone: lostDigits(trace, compiled, position, box) };
}

/**
 * The step (an index in `trace.steps`) that last changed `box` before step `k`, on the search
 * path that step `k` is on, or -1 when the box was as given. A change made by a backtrack only
 * restores the box to what it was when the abandoned node's guess was made, so the search goes on
 * from before that guess.
 */
export function lastChange(trace, compiled, k, box) {
  const { boxes, ends } = compiled;
  const steps = trace.steps;
  let j = (k > 0 ? ends[Math.min(k, ends.length) - 1] : 0) - 1;
  for (; j >= 0; j--) {
    if (boxes[j] !== box) continue;
    const s = stepOfChange(ends, j);
    if (steps[s].kind !== 'backtrack') return s;
    const guess = guessOf(steps, s);
    if (guess < 0) return -1;
    // Continue before the guess that created the abandoned node.
    j = guess > 0 ? ends[guess - 1] : 0;
  }
  return -1;
}

/** The index of the guess that created the node a backtrack at `s` abandons, or -1. */
function guessOf(steps, s) {
  const node = steps[s].node;
  for (let g = s - 1; g >= 0; g--) if (steps[g].kind === 'guess' && steps[g].node === node) return g;
  return -1;
}

/**
 * The history of a step's cause: for each of its cause boxes (`cause`, box indexes, from
 * explain.js), the step that last changed it before (`step`, or -1: as given). In box order.
 */
export function causeHistory(trace, compiled, k, cause) {
  return [...cause].sort((a, b) => a - b).map((box) => ({ box, step: lastChange(trace, compiled, k, box) }));
}

/**
 * The history of a step's chain, link by link (docs/trace-format.md, "Chains"): for each node in
 * the chain's order, `{ box, digit, link, step, group }`: its box (an index; a group's first),
 * its digit, the link from the node before (`'strong'`, `'weak'`, or null for the first), the
 * step that last changed its box before step `k` (lastChange; -1: as given), and for a group
 * its other boxes, each `{ box, step }` (else `[]`). A loop ends with its first node again,
 * reached by the closing link.
 */
export function chainHistory(trace, compiled, k, chain, boxIndex) {
  const entry = (n, link) => {
    const [box, ...more] = (n.boxes || [n.box]).map(boxIndex);
    const group = more.map((b) => ({ box: b, step: lastChange(trace, compiled, k, b) }));
    return { box, digit: n.digit, link, step: lastChange(trace, compiled, k, box), group };
  };
  const out = chain.nodes.map((n, i) => entry(n, i > 0 ? chain.links[i - 1] : null));
  if (chain.nodes.length && chain.links.length === chain.nodes.length) out.push(entry(chain.nodes[0], chain.links[chain.links.length - 1]));
  return out;
}

/**
 * The history of a forcing step's branch (explain.js's branchNet: `{ nodes: [{ box, digit, on }],
 * edges: [{ from, to, link }] }`), node by node in the order derived: `{ box, digit, on, link,
 * parents, step }`: its box (an index), digit, on or off, the link into it (`'strong'` into a
 * node on, `'weak'` into a node off, null for the premise and for a node a technique derived:
 * `by`, its registry id), the indices of the nodes it follows from by a link, and the step that
 * last changed its box before step `k` (lastChange; -1: as given).
 */
export function forcingHistory(trace, compiled, k, net, boxIndex) {
  const parents = net.nodes.map(() => []);
  for (const e of net.edges) parents[e.to].push(e.from);
  return net.nodes.map((n, i) => {
    const box = boxIndex(n.box);
    const link = i === 0 || n.by ? null : n.on ? 'strong' : 'weak';
    return { box, digit: n.digit, on: n.on, by: n.by || null, link, parents: parents[i], step: lastChange(trace, compiled, k, box) };
  });
}
