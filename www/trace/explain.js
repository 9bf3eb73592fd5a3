// Pure, DOM-free: what a trace step means, in words and as the boxes it touches.
// A strategy step's caption is its strategy's template from the registry (the facade's
// `strategies()`), filled with the step's evidence; nothing here solves anything, it only
// reads the evidence each step carries (docs/trace-format.md), its candidates as masks (the
// page's form, www/trace/packed.js); they become words only in the captions made here.

import { boxIndex } from './replay.js';
import { count, digitsOf, digitsText } from './digits.js';

/** The labels of the steps search and the learner make (strategies have theirs in the registry). */
export const SEARCH_LABELS = Object.freeze({
  stop: 'Rounds stop',
  guess: 'Guess',
  backtrack: 'Backtrack',
  assign: 'Assign',
});

/** "1", "1 and 2", "1, 2 and 3" (or "or" instead of "and"). */
export function listWords(items, conjunction = 'and') {
  const xs = [...items].map(String);
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} ${conjunction} ${xs[xs.length - 1]}`;
}

/** Topology read from the trace: the boxes of every unit and the peers of every box. */
export function topology(trace) {
  const units = new Map();
  const unitsOf = Array.from({ length: 81 }, () => []);
  for (const u of trace.units || []) {
    const boxes = u.boxes.map(boxIndex);
    units.set(u.name, boxes);
    for (const b of boxes) unitsOf[b].push(u.name);
  }
  const peers = unitsOf.map((names, b) => {
    const set = new Set();
    for (const n of names) for (const p of units.get(n)) if (p !== b) set.add(p);
    return set;
  });
  const diagonal = new Set();
  for (const [name, boxes] of units) if (name.startsWith('diagonal')) boxes.forEach((b) => diagonal.add(b));
  return { units, peers, diagonal };
}

/** Why a node is a dead end, in words (an exhaustion's `choices` a mask). */
export function describeContradiction(c) {
  if (!c) return 'a contradiction';
  switch (c.kind) {
    case 'empty_box':
      return `${c.box} has no candidates left`;
    case 'no_place':
      return `${c.digit} has no place left in ${c.unit}`;
    case 'duplicate':
      return `${c.digit} is placed twice in ${c.unit} (${listWords(c.boxes || [])})`;
    case 'exhausted':
      return `every choice for ${c.box} (${listWords(digitsOf(c.choices || 0), 'or')}) led to a dead end`;
    case 'clash':
      return `${c.digit} is placed in ${listWords(c.boxes || [])}, which see each other`;
    case 'cage_sum':
      return `the cage at ${c.box} is full and misses its sum`;
    default:
      return `a contradiction (${c.kind})`;
  }
}

/**
 * Why `reduce_puzzle` stopped where a `stop` step stands (docs/trace-format.md): the course's
 * rule (a round that solves no new box ends the rounds, even one that removed candidates) or the
 * full fixpoint (a round that changes nothing), from the step's rule, rounds, removed and pending.
 */
export function describeStop(step) {
  const round = `round ${step.rounds}${step.node ? ` at node ${step.node}` : ''}`;
  const n = step.removed || 0;
  const removed = `${n} ${n === 1 ? 'candidate' : 'candidates'}`;
  if (step.rule === 'fixpoint') {
    return `${round} changed nothing, so reduce_puzzle stops at the full fixpoint: with a technique beyond the course's on, the rounds go on until one changes nothing. Search takes over from here.`;
  }
  const did = n ? `${round} removed ${removed} but solved no new box` : `${round} solved no new box`;
  const rest = step.pending
    ? ' Another round would still change the grid, but the course stops anyway (the full fixpoint would go on).'
    : ' Another round would change nothing either.';
  return `${did}, so reduce_puzzle stops here: the course's rule ends the rounds when one solves no new box (stalled = solved_values_before == solved_values_after).${rest} Search takes over from here.`;
}

/** The boxes a contradiction points at, as indexes. */
function contradictionBoxes(c, topo) {
  if (!c) return [];
  if (c.box) return [boxIndex(c.box)];
  if (c.boxes) return c.boxes.map(boxIndex);
  if (c.unit && topo.units.has(c.unit)) return topo.units.get(c.unit);
  return [];
}

/** The registry entries by id, made once per registry list. */
const BY_ID = new WeakMap();

function entryOf(registry, kind) {
  if (!registry) return undefined;
  let byId = BY_ID.get(registry);
  if (!byId) {
    byId = new Map(registry.map((s) => [s.id, s]));
    BY_ID.set(registry, byId);
  }
  return byId.get(kind);
}

/** A box named `A1`..`I9` as Eureka's notation names it: `r1c1`..`r9c9`. */
function rowColumn(box) {
  return `r${box.charCodeAt(0) - 64}c${box.slice(1)}`;
}

/**
 * A chain node's place in Eureka's notation: `r1c1`, or a group's boxes run together where they
 * share a row (`r1c23`) or a column (`r23c1`), else listed (`r1c1,r2c2`, on a diagonal).
 */
function placeText(node) {
  if (!node.boxes) return rowColumn(node.box);
  const rows = node.boxes.map((b) => b.charCodeAt(0) - 64);
  const cols = node.boxes.map((b) => b.slice(1));
  if (rows.every((r) => r === rows[0])) return `r${rows[0]}c${cols.join('')}`;
  if (cols.every((c) => c === cols[0])) return `r${rows.join('')}c${cols[0]}`;
  return node.boxes.map(rowColumn).join(',');
}

/**
 * A step's chain (`{ nodes: [{ box, digit } or { boxes, digit }], links }`, docs/trace-format.md
 * "Chains") in the notation the puzzle community uses: `r2c1=1 = r2c4=1 – r5c4=1`, each node its
 * row, column and digit (a group `r1c23=5`), a strong link ` = `, a weak link ` – `; a loop (as
 * many links as nodes) ends on its first node again. The one writer of that text.
 */
export function chainText(chain) {
  const { nodes, links } = chain;
  const text = (n) => `${placeText(n)}=${n.digit}`;
  let out = '';
  nodes.forEach((n, i) => {
    if (i > 0) out += links[i - 1] === 'strong' ? ' = ' : ' – ';
    out += text(n);
  });
  if (links.length === nodes.length && nodes.length) out += `${links[links.length - 1] === 'strong' ? ' = ' : ' – '}${text(nodes[0])}`;
  return out;
}

/** A forcing node in words: `r1c3=5` (on) or `r1c3≠5` (off). */
export function literalText(n) {
  return `${rowColumn(n.box)}${n.on ? '=' : '≠'}${n.digit}`;
}

/** The most literals a line of a forcing branch shows in a caption (hint.rs's FOLD_AFTER), and those kept at each end of a longer one. */
const FOLD_AFTER = 7;
const FOLD_KEEP = 3;

/**
 * The lines of a forcing branch (`{ nodes: [{ box, digit, on, parents }] }`, docs/trace-format.md
 * "Forcing steps"), each from its premise to one of its ends (a node no later node follows from:
 * the concluded literal, or a node of the contradiction), each node reached from its first
 * parent: the nodes' indices. As hint.rs's `branch_lines`.
 */
export function branchLines(branch) {
  const followed = new Uint8Array(branch.nodes.length);
  for (const n of branch.nodes) for (const p of n.parents || []) followed[p] = 1;
  const lines = [];
  branch.nodes.forEach((_, end) => {
    if (followed[end]) return;
    const line = [end];
    for (let at = end; branch.nodes[at].parents && branch.nodes[at].parents.length && branch.nodes[at].parents[0] < at; ) {
      at = branch.nodes[at].parents[0];
      line.push(at);
    }
    lines.push(line.reverse());
  });
  return lines;
}

/**
 * A forcing step's branch as the board draws it: its nodes (`{ box, digit, on }`, the premise
 * first; `by`, the registry id of the technique that derived a node inside a net) and an arrow
 * from each parent to each node it leads to by a link (`edges`, `{ from, to, link }`): strong
 * into a node on (an off leaving one place), weak into a node off, as the notation's links are.
 * A node a technique derived follows from the whole grid so far, not by a link: no arrow leads
 * into it.
 */
export function branchNet(branch) {
  const nodes = branch.nodes.map((n) => (n.by ? { box: n.box, digit: n.digit, on: !!n.on, by: n.by } : { box: n.box, digit: n.digit, on: !!n.on }));
  const edges = [];
  branch.nodes.forEach((n, to) => {
    if (n.by) return;
    for (const from of n.parents || []) edges.push({ from, to, link: n.on ? 'strong' : 'weak' });
  });
  return { nodes, edges };
}

/**
 * A forcing step's branches in the notation people use: each branch's lines (branchLines), a
 * literal each (`r1c1=5`, `r2c1≠5`) joined by ` ⇒ `, a line of more than 7 literals folded
 * (` ⇒ … (4 more) ⇒ `), a branch with nodes on none of its lines (a net) followed by how many,
 * `; ` between lines; then what they show: `: either way r3c3≠4` (the branches agree) or
 * `: contradiction, so r1c1≠5` (the premise's opposite). The one writer of that text on the
 * page; hint.rs's `forcing_text` writes the same.
 */
export function chainsText(step) {
  const lines = [];
  for (const branch of step.chains) {
    const all = branchLines(branch);
    const onLine = new Set(all.flat());
    const more = branch.nodes.length - onLine.size;
    all.forEach((line, k) => {
      const words = line.map((i) => literalText(branch.nodes[i]));
      let text = words.length > FOLD_AFTER
        ? `${words.slice(0, FOLD_KEEP).join(' ⇒ ')} ⇒ … (${words.length - 2 * FOLD_KEEP} more) ⇒ ${words.slice(-FOLD_KEEP).join(' ⇒ ')}`
        : words.join(' ⇒ ');
      if (k === all.length - 1 && more > 0) text += ` (with ${more} more node${more === 1 ? '' : 's'})`;
      lines.push(text);
    });
  }
  const first = step.chains[0]?.nodes || [];
  let end = null;
  if (step.conclude === 'agree' && first.length) end = `either way ${literalText(first[first.length - 1])}`;
  else if (step.conclude === 'contradiction' && first.length) end = `contradiction, so ${literalText({ ...first[0], on: !first[0].on })}`;
  return end ? `${lines.join('; ')}: ${end}` : lines.join('; ');
}

/**
 * A 45 rule step's sum worked out in words from its houses (`units`), `cage_total`, `side`
 * and `sum` (undefined without them), as hint.rs's `arithmetic` writes it: "rows A and B hold
 * 2 × 45 = 90; the cages inside them sum to 77, so the innie C5 is 90 − 77 = 13"; outies,
 * "the cages covering row A sum to 52 and row A holds 45, so the outies B3 and B4 sum to
 * 52 − 45 = 7". Solved boxes left over count with their digits: "− 4 (solved)".
 */
function arithmetic(step) {
  if (!step.sum || step.cage_total === undefined) return undefined;
  const units = step.units || [];
  const boxes = step.boxes || [];
  const n = units.length;
  const houses = 45 * n;
  const c = step.cage_total;
  const outies = step.side === 'outies';
  const names = listWords(units);
  const hold = n === 1 ? `holds ${houses}` : `hold ${n} × 45 = ${houses}`;
  const start = outies
    ? `the cages covering ${names} sum to ${c} and ${names} ${hold}`
    : `${names} ${hold}; the cages inside ${n === 1 ? 'it' : 'them'} sum to ${c}`;
  const base = outies ? c - houses : houses - c;
  let terms = outies ? `${c} − ${houses}` : `${houses} − ${c}`;
  const solved = step.sum - base;
  if (solved > 0) terms += ` + ${solved} (solved)`;
  else if (solved < 0) terms += ` − ${-solved} (solved)`;
  const side = outies ? 'outie' : 'innie';
  const what = boxes.length === 1 ? `the ${side} ${boxes[0]} is` : `the ${side}s ${listWords(boxes)} sum to`;
  return `${start}, so ${what} ${terms} = ${step.sum}`;
}

/**
 * A caption template filled with a strategy step's evidence (docs/trace-format.md; `digits` a
 * mask): `{units}`, `{boxes}`, `{digits}` and `{changed}` as lists in words, `{unitN}` / `{boxN}`
 * one item (from 1), `{digit}` the first digit, `{chain}` the step's chain (chainText), `{sum}`
 * and `{combinations}` a killer step's sum and its combinations ("{6,9} or {7,8}"; masks),
 * `{arithmetic}` a 45 rule step's sum worked out (arithmetic). A placeholder with nothing to
 * fill it is left as it is.
 */
export function fillCaption(template, step, changed) {
  const units = step.units || [];
  const boxes = step.boxes || [];
  const digits = digitsOf(step.digits || 0);
  return template.replace(/\{(units|boxes|digits|changed|digit|chains|chain|sum|combinations|arithmetic|unit(\d+)|box(\d+))\}/g, (whole, name, u, b) => {
    if (u !== undefined) return units[Number(u) - 1] ?? whole;
    if (b !== undefined) return boxes[Number(b) - 1] ?? whole;
    switch (name) {
      case 'chain':
        return step.chain ? chainText(step.chain) : whole;
      case 'sum':
        return step.sum ? String(step.sum) : whole;
      case 'combinations':
        return step.sum ? listWords((step.combinations || []).map((c) => `{${digitsOf(c).join(',')}}`), 'or') : whole;
      case 'arithmetic':
        return arithmetic(step) ?? whole;
      case 'chains':
        return step.chains ? chainsText(step) : whole;
      case 'units':
        return listWords(units);
      case 'boxes':
        return listWords(boxes);
      case 'digits':
        return listWords(digits);
      case 'changed':
        return listWords(changed);
      default:
        return digits.length ? String(digits[0]) : whole;
    }
  });
}

/**
 * What `step` does: a caption and the boxes to highlight. `registry`: the strategies as the
 * facade's `strategies()` lists them, which a strategy step's kind is looked up in.
 * `unit`: the boxes of the units the step reasons over; `cause`: the boxes that justify the step;
 * `removed`: box -> the mask of the digits this step removes; `placed`: box -> the mask of the
 * digit this step places;
 * `restored`: boxes a backtrack gives candidates back to; `chain`: the step's chain, if it has one,
 * or a forcing step's branches, a list of branchNet's (its nodes' boxes are cause boxes too).
 */
export function explainStep(step, topo, registry) {
  const strategy = entryOf(registry, step.kind);
  const out = {
    kind: step.kind,
    label: strategy ? strategy.label : SEARCH_LABELS[step.kind] || step.kind,
    caption: '',
    depth: step.depth ?? 0,
    node: step.node ?? 0,
    unit: new Set(),
    cause: new Set(),
    removed: new Map(),
    placed: new Map(),
    restored: new Set(),
    chain: step.chains ? step.chains.map(branchNet) : step.chain || null,
  };
  const changes = step.changes || [];
  for (const c of changes) {
    const b = boxIndex(c.box);
    const gone = c.before & ~c.after;
    if (step.kind === 'backtrack') out.restored.add(b);
    else if (gone) out.removed.set(b, gone);
    if (step.kind !== 'backtrack' && count(c.after) === 1 && count(c.before) > 1) out.placed.set(b, c.after);
  }
  const changed = changes.map((c) => c.box);
  if (strategy) {
    for (const u of step.units || []) for (const b of topo.units.get(u) || []) out.unit.add(b);
    for (const b of step.boxes || []) out.cause.add(boxIndex(b));
    if (step.chain) for (const n of step.chain.nodes) for (const b of n.boxes || [n.box]) out.cause.add(boxIndex(b));
    if (step.chains) for (const c of out.chain) for (const n of c.nodes) out.cause.add(boxIndex(n.box));
    // A strategy whose steps carry a chain or a forcing step's branches has a caption for each.
    const template = step.chains && strategy.forcingCaption ? strategy.forcingCaption : strategy.caption;
    out.caption = `${out.label}: ${fillCaption(template, step, changed)}`;
    return out;
  }
  switch (step.kind) {
    case 'guess': {
      out.cause.add(boxIndex(step.box));
      out.caption = `Guess at depth ${step.depth}: ${step.box} could be ${listWords(digitsOf(step.choices), 'or')}; try ${step.digit}`;
      break;
    }
    case 'backtrack': {
      for (const b of contradictionBoxes(step.contradiction, topo)) out.cause.add(b);
      out.caption = `Backtrack from depth ${step.depth}: ${describeContradiction(step.contradiction)}; undo ${changes.length} ${changes.length === 1 ? 'box' : 'boxes'} and return to node ${step.parent}`;
      break;
    }
    case 'stop': {
      out.caption = `${out.label}: ${describeStop(step)}`;
      break;
    }
    case 'assign': {
      out.caption = `Assign: ${listWords(changes.map((c) => `${c.box} set to ${digitsText(c.after) || 'no candidates'}`))}`;
      break;
    }
    default:
      out.caption = `${out.label}: ${listWords(changed)} changed`;
  }
  return out;
}

/**
 * The final verdict, in words. `learner`: the trace comes from the learner's own code (`assign`
 * steps, docs/trace-format.md), which counts no solutions.
 */
export function describeOutcome(outcome, { learner = false } = {}) {
  if (!outcome) return { verdict: 'unknown', text: 'No verdict' };
  switch (outcome.verdict) {
    case 'solved':
      return {
        verdict: 'solved',
        text: outcome.solutions === 1
          ? 'Solved: the solution is unique'
          : outcome.solutions === 0
            ? learner
              ? 'Solved; whether the solution is unique is not counted: this trace comes from your own code'
              // The count of solutions stopped at the node cap: uniqueness is not claimed either way.
              : 'Solved; whether the solution is unique is not known (counting the solutions stopped at the limit of search nodes)'
            : 'Solved, but the solution is not unique: this is one of several',
      };
    case 'unsolved':
      return {
        verdict: 'unsolved',
        text: "Not solved: your code's final grid is not a solution (a box left open, a unit broken, or a given changed); nothing is claimed about this puzzle",
      };
    case 'no_solution':
      return { verdict: 'no_solution', text: `No solution: ${describeContradiction(outcome.contradiction)}` };
    case 'capped':
      return {
        verdict: 'capped',
        text: `Stopped at the limit of ${outcome.max} ${outcome.limit === 'steps' ? 'steps' : 'search nodes'}: nothing is claimed about this puzzle`,
      };
    default:
      return { verdict: String(outcome.verdict), text: `Verdict: ${outcome.verdict}` };
  }
}

/** Each trace asked about, whether it has an `assign` step. */
const LEARNER = new WeakMap();

/** True for a trace made by the learner's own code: it has `assign` steps. */
export function isLearnerTrace(trace) {
  let learner = LEARNER.get(trace);
  if (learner === undefined) {
    learner = trace.steps.some((s) => s.kind === 'assign');
    LEARNER.set(trace, learner);
  }
  return learner;
}

/** A trace's verdict in words (describeOutcome), a learner's trace said as such. */
export function describeTraceOutcome(trace) {
  return describeOutcome(trace.outcome, { learner: isLearnerTrace(trace) });
}
