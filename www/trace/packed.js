// Pure: a packed trace (crates/solver-wasm/src/packed.rs, whose doc comment gives the encoding)
// put back together as the page's trace object: docs/trace-format.md's trace field for field,
// except that every candidates value (`initial`, a change's `before` and `after`, a step's
// `digits` and `combinations`, a guess's and an exhaustion's `choices`) is a 9-bit mask (www/trace/digits.js), as the
// core and the hand-over hold it. This is the one decoder of that encoding, `packTrace` its
// inverse for tests and tools; `traceJson` writes the page's trace as the documented JSON text
// (the candidates as strings, byte for byte serde_json's), and `readTrace` reads that JSON's
// object into the page's form.
//
// The worker sends every step as STEP_WORDS numbers, each strategy step's evidence and every
// change as flat typed arrays with per-step ends, transferred without a copy, and only the small
// rest of the trace (format, variant, strategies, initial, outcome, stats) as JSON text, with the
// units and the names of the kind codes apart (the same text for every trace of a variant: parsed
// once here). The names of strategies, contradictions and stop rules come from the wasm (the
// core's tables); this decoder knows only the codes' layout.
// The steps are made here from the numbers with shared strings; the changes of a step are made
// when it is read.

import { BOXES } from './replay.js';
import { digitsText, textMask } from './digits.js';

/** Numbers per step in a packed trace's `steps`, and where each field sits among them. */
export const STEP_WORDS = 9;
const KIND = 0;
const NODE = 1;
const DEPTH = 2;
const PARENT = 3;
const BOX = 4;
const BOX2 = 5;
const UNIT = 6;
const DIGIT = 7;
const DIGITS = 8;
/**
 * The kind codes: below GUESS a strategy step, by the strategy's position in the registry (the
 * `strategies` of the trace's `kinds`); then guess, assign, a backtrack by its contradiction (its
 * position in `kinds.contradictions`), and a stop by its rule (in `kinds.rules`). A stop keeps its
 * `rounds` in the PARENT word, `removed` in DIGITS and `pending` (0/1) in DIGIT.
 */
const GUESS = 64; // packed.rs: MAX_STRATEGIES, the registry's room
const ASSIGN = GUESS + 1;
const BACKTRACK = GUESS + 2;
/** A contradiction's fields by its position in `kinds.contradictions` (packed.rs's words). */
const EMPTY_BOX = 0;
const NO_PLACE = 1;
const DUPLICATE = 2;
const EXHAUSTED = 3;
const CLASH = 4;
const CAGE_SUM = 5;
const STOP = BACKTRACK + 6;
/** A strategy step's combinations (a killer step's, with its `sum` in PARENT's bits 0-15): three 9-bit masks a word. */
const COMBINATION_WORDS = [BOX, BOX2, UNIT, DIGIT];

/** The typed arrays of a packed trace, with the type each has. */
export const ARRAYS = {
  steps: Uint32Array,
  evidenceUnits: Uint8Array,
  unitEnds: Uint32Array,
  evidenceBoxes: Uint8Array,
  boxEnds: Uint32Array,
  chainNodes: Uint16Array,
  chainEnds: Uint32Array,
  boxes: Uint8Array,
  before: Uint16Array,
  after: Uint16Array,
  ends: Uint32Array,
};

/** A chain node's link to the next node, by its code in bits 12-13 of the node's number. */
const LINKS = [null, 'strong', 'weak'];
/** Bit 15 of a chain's number: a further box of the group of the node before it. */
const GROUP_BOX = 1 << 15;
/** The most boxes of a chain node (trace.rs's MAX_GROUP_BOXES): a group's 2 or 3, an almost locked set's up to 8. */
const MAX_GROUP_BOXES = 8;

/** The `changes` of a step whose changes are not made yet (shared; replaced, never mutated). */
const NOT_MADE = Object.freeze([]);

/** True for a packed trace: `{ json, units, kinds, steps, ..., ends }` (the arrays of ARRAYS). */
export function isPacked(x) {
  return !!x && typeof x.json === 'string' && x.steps !== undefined && x.ends !== undefined;
}

/**
 * The packed trace of the facade's `solvePacked` (a `PackedTrace`): its JSON and its arrays,
 * each moved out of wasm memory once; the `PackedTrace` is freed.
 */
export function takePacked(p) {
  try {
    // `text`: an opened trace file's variant puzzle as the page keeps it (its ISS string), or ''.
    const packed = { json: p.json, units: p.units, kinds: p.kinds, forcing: p.forcing, text: p.text || '' };
    for (const name of Object.keys(ARRAYS)) packed[name] = p[name]();
    return packed;
  } finally {
    p.free();
  }
}

/** The buffers of a packed trace's arrays, to transfer them with postMessage. */
export function transferList(packed) {
  return Object.keys(ARRAYS).map((name) => packed[name].buffer);
}

/**
 * The trace of a packed one. Step k is `steps[k * STEP_WORDS ..]` (packed.rs gives the words); a
 * strategy step's kind is `kinds[code]`, its `units` are `evidenceUnits[unitEnds[k - 1]..unitEnds[k]]`
 * and its `boxes` `evidenceBoxes[boxEnds[k - 1]..boxEnds[k]]`, its chain's nodes (box, digit,
 * link to the next and a group's further boxes, packed.rs's bits) `chainNodes[chainEnds[k - 1]..chainEnds[k]]`; change j is box `boxes[j]` from
 * `before[j]` to `after[j]`; the changes of step k are `ends[k - 1]..ends[k]`.
 *
 * `lazy`: leave every step's `changes` empty until `withChanges` or `withAllChanges` makes them.
 * The page unpacks lazily: a long trace holds several changes per step, and the page only
 * ever reads the changes of the step it shows (the replay works on the arrays) and all of them
 * only to save the trace as JSON.
 */
export function unpackTrace(p, { lazy = false } = {}) {
  const { json, units: unitsJson, kinds: kindsJson, steps: words, boxes, ends } = p;
  const trace = JSON.parse(json);
  const n = ends.length;
  if (!Array.isArray(trace.steps) || trace.steps.length !== 0) throw new Error('a packed trace whose JSON holds steps');
  if (!Array.isArray(trace.units) || trace.units.length !== 0) throw new Error('a packed trace whose JSON holds units');
  trace.units = unitsOf(unitsJson);
  if (!Array.isArray(trace.initial) || trace.initial.length !== 81) throw new Error('a packed trace without the candidates of 81 boxes');
  trace.initial = trace.initial.map(textMask);
  const kinds = kindsOf(kindsJson);
  if (words.length !== n * STEP_WORDS) throw new Error(`a packed trace with ${words.length / STEP_WORDS} steps for ${n} step ends`);
  if (p.unitEnds.length !== n || p.boxEnds.length !== n || p.chainEnds.length !== n) throw new Error(`a packed trace with evidence for other than its ${n} steps`);
  checkEnds(ends, boxes.length, 'changes');
  checkEnds(p.unitEnds, p.evidenceUnits.length, 'evidence units');
  checkEnds(p.boxEnds, p.evidenceBoxes.length, 'evidence boxes');
  checkEnds(p.chainEnds, p.chainNodes.length, 'chain nodes');
  // The arrays stay with the trace, not enumerable (so not in its JSON): Replay uses them as they
  // are instead of compiling the changes again; `filled` marks the steps whose changes are made.
  const packed = { boxes, before: p.before, after: p.after, ends, filled: lazy ? new Uint8Array(n) : null };
  Object.defineProperty(trace, 'packed', { value: packed, enumerable: false });
  // A variant trace file's puzzle as text (the facade's `text`), not part of the trace's JSON.
  if (p.text) Object.defineProperty(trace, 'puzzleText', { value: String(p.text), enumerable: false });
  const at = { units: trace.units.map((u) => u.name), kinds, p, forcing: forcingOf(p.forcing, n) };
  const steps = [];
  for (let k = 0; k < n; k++) {
    steps.push(stepOf(words, k, at, lazy ? NOT_MADE : changesOf(packed, k)));
  }
  trace.steps = steps;
  return trace;
}

/** Ends that never go back and end at `total`. */
function checkEnds(ends, total, what) {
  const n = ends.length;
  if ((n ? ends[n - 1] : 0) !== total) throw new Error(`a packed trace with ${total} ${what}, ${n ? ends[n - 1] : 0} used`);
  for (let k = 1; k < n; k++) {
    if (ends[k] < ends[k - 1]) throw new Error(`a packed trace whose ${what} ends go back at step ${k}`);
  }
}

/** Each JSON text of kinds seen, parsed once. */
const PARSED = new Map();

/** The names of the kind codes, `{ strategies, contradictions, rules }`, each a list by code. */
function kindsOf(text) {
  let v = PARSED.get(text);
  if (!v) {
    v = JSON.parse(text);
    if (!v || ![v.strategies, v.contradictions, v.rules].every(Array.isArray)) {
      throw new Error('a packed trace whose kinds are not lists of strategies, contradictions and rules');
    }
    if (PARSED.size >= 8) PARSED.clear();
    PARSED.set(text, v);
  }
  return v;
}

/** The units of each units text seen (one per variant), parsed once. */
const UNITS = new Map();

/**
 * A trace's own copy of the units of `text` (copying the parsed list costs a tenth of parsing
 * it). Not a list shared between traces, frozen: JSON.stringify took twice as long over a whole
 * trace that held frozen objects (Chromium's fast path gives up on them).
 */
function unitsOf(text) {
  let units = UNITS.get(text);
  if (!units) {
    units = JSON.parse(text);
    if (!Array.isArray(units)) throw new Error('a packed trace whose units are not a list');
    if (UNITS.size >= 8) UNITS.clear();
    UNITS.set(text, units);
  }
  return units.map(({ name, boxes }) => ({ name, boxes: boxes.slice() }));
}

/** Step k's object, its fields in the order of docs/trace-format.md (and of serde_json). */
function stepOf(w, k, { units, kinds, p, forcing }, changes) {
  const o = k * STEP_WORDS;
  const node = w[o + NODE];
  const depth = w[o + DEPTH];
  const code = w[o + KIND];
  if (code < GUESS) {
    const kind = kinds.strategies[code];
    if (kind === undefined) throw new Error(`a packed trace with step ${k} of unknown kind ${code}`);
    const u0 = k > 0 ? p.unitEnds[k - 1] : 0;
    const b0 = k > 0 ? p.boxEnds[k - 1] : 0;
    const stepUnits = [];
    for (let j = u0; j < p.unitEnds[k]; j++) stepUnits.push(unitName(units, p.evidenceUnits[j], k));
    const stepBoxes = [];
    for (let j = b0; j < p.boxEnds[k]; j++) stepBoxes.push(boxName(p.evidenceBoxes[j], k));
    const c0 = k > 0 ? p.chainEnds[k - 1] : 0;
    const step = { kind, units: stepUnits, boxes: stepBoxes, digits: w[o + DIGITS] };
    const sum = w[o + PARENT];
    if (sum) {
      step.sum = sum & 0xffff;
      step.combinations = [];
      for (const at of COMBINATION_WORDS) {
        for (let shift = 0; shift < 27; shift += 9) {
          const m = (w[o + at] >>> shift) & 511;
          if (m) step.combinations.push(m);
        }
      }
      // A 45 rule step's cage total in bits 16-30, bit 31 for outies (packed.rs).
      if (sum >>> 16) {
        step.cage_total = (sum >>> 16) & 0x7fff;
        step.side = sum >>> 31 ? 'outies' : 'innies';
      }
    }
    const f = forcing.get(k);
    if (f) Object.assign(step, { conclude: f.conclude, complexity: f.complexity, chains: f.chains });
    else if (c0 !== p.chainEnds[k]) step.chain = chainOf(p.chainNodes, c0, p.chainEnds[k], k);
    step.node = node;
    step.depth = depth;
    step.changes = changes;
    return step;
  }
  switch (code) {
    case GUESS:
      return { kind: 'guess', box: BOXES[w[o + BOX]], digit: w[o + DIGIT], choices: w[o + DIGITS], parent: w[o + PARENT], node, depth, changes };
    case ASSIGN:
      return { kind: 'assign', node, depth, changes };
    case BACKTRACK:
    case BACKTRACK + 1:
    case BACKTRACK + 2:
    case BACKTRACK + EXHAUSTED:
    case BACKTRACK + CLASH:
    case BACKTRACK + CAGE_SUM:
      return { kind: 'backtrack', parent: w[o + PARENT], contradiction: contradictionOf(w, o, code - BACKTRACK, named(kinds.contradictions, code - BACKTRACK, code, k), units, k), node, depth, changes };
    case STOP:
    case STOP + 1:
      return { kind: 'stop', rule: named(kinds.rules, code - STOP, code, k), rounds: w[o + PARENT], removed: w[o + DIGITS], pending: w[o + DIGIT] === 1, node, depth, changes };
    default:
      throw new Error(`a packed trace with step ${k} of unknown kind ${code}`);
  }
}

/**
 * The forcing steps of a packed trace (its `forcing` JSON text, packed.rs: `[{ step, conclude,
 * complexity, chains }]`; none when absent), by step index, each checked to be one of the `n` steps.
 */
function forcingOf(text, n) {
  const out = new Map();
  if (text === undefined) return out;
  const list = JSON.parse(text);
  if (!Array.isArray(list)) throw new Error('a packed trace whose forcing steps are not a list');
  for (const f of list) {
    if (!f || !Number.isInteger(f.step) || f.step < 0 || f.step >= n || !Array.isArray(f.chains)) throw new Error('a packed trace with a forcing step not well formed');
    out.set(f.step, { conclude: f.conclude, complexity: f.complexity, chains: f.chains });
  }
  return out;
}

/**
 * A forcing step handed over alone (a hint's step, crates/solver-wasm's `hint`: its `forcing`,
 * the packed trace's `forcing` text of a trace of that one step): `{ conclude, complexity,
 * chains }`, or null for a step without branches.
 */
export function forcingOfText(text) {
  return text ? forcingOf(text, 1).get(0) || null : null;
}

/**
 * A chain handed over alone (a hint's step, crates/solver-wasm's `hint`): its nodes' numbers in
 * the packed trace's encoding, read as a trace's step's chain is; null for none.
 */
export function chainOfNodes(words) {
  return words && words.length ? chainOf(words, 0, words.length, 0) : null;
}

/**
 * A step's chain, `{ nodes: [{ box, digit } or { boxes, digit }], links: ['strong', 'weak', ...] }`,
 * from its nodes' numbers: a node's number (box, digit, link to the next), then a group's further
 * boxes, each a number with bit 15 set (packed.rs's GROUP_BOX). An open chain's last node has no
 * link; a loop's has the link closing it.
 */
function chainOf(words, from, end, k) {
  const nodes = [];
  const links = [];
  const bad = () => new Error(`a packed trace with step ${k} whose chain is not well formed`);
  for (let j = from; j < end; j++) {
    const x = words[j];
    if (x & GROUP_BOX) {
      const last = nodes[nodes.length - 1];
      if (!last) throw bad();
      const box = boxName(x & 0x7f, k);
      if (last.box !== undefined) nodes[nodes.length - 1] = { boxes: [last.box, box], digit: last.digit };
      else if (last.boxes.length < MAX_GROUP_BOXES) last.boxes.push(box);
      else throw bad();
      continue;
    }
    nodes.push({ box: boxName(x & 0x7f, k), digit: (x >> 8) & 0xf });
    const link = LINKS[(x >> 12) & 3];
    if (link === undefined) throw bad();
    if (link) links.push(link);
  }
  // Every node links to the next but the last, which closes a loop or ends an open chain.
  if (links.length !== nodes.length && links.length !== nodes.length - 1) throw bad();
  return { nodes, links };
}

/** The name at position `i` of `names`, for step `k` of kind `code`. */
function named(names, i, code, k) {
  const name = names[i];
  if (name === undefined) throw new Error(`a packed trace with step ${k} of unknown kind ${code}`);
  return name;
}

/** The contradiction at position `c` of the kinds' `contradictions`, named `kind`. */
function contradictionOf(w, o, c, kind, units, k) {
  switch (c) {
    case EMPTY_BOX:
      return { kind, box: BOXES[w[o + BOX]] };
    case NO_PLACE:
      return { kind, unit: unitName(units, w[o + UNIT], k), digit: w[o + DIGIT] };
    case DUPLICATE:
      return { kind, unit: unitName(units, w[o + UNIT], k), digit: w[o + DIGIT], boxes: [BOXES[w[o + BOX]], BOXES[w[o + BOX2]]] };
    case CLASH:
      return { kind, digit: w[o + DIGIT], boxes: [BOXES[w[o + BOX]], BOXES[w[o + BOX2]]] };
    case CAGE_SUM:
      return { kind, box: BOXES[w[o + BOX]] };
    case EXHAUSTED:
    default:
      return { kind, box: BOXES[w[o + BOX]], choices: w[o + DIGITS] };
  }
}

function boxName(b, k) {
  const name = BOXES[b];
  if (name === undefined) throw new Error(`a packed trace with step ${k} naming box ${b}`);
  return name;
}

function unitName(units, i, k) {
  const name = units[i];
  if (name === undefined) throw new Error(`a packed trace with step ${k} in unit ${i} of ${units.length}`);
  return name;
}

function changesOf({ boxes, before, after, ends }, k) {
  const from = k > 0 ? ends[k - 1] : 0;
  const end = ends[k];
  const changes = new Array(end - from);
  for (let j = from; j < end; j++) {
    changes[j - from] = { box: BOXES[boxes[j]], before: before[j], after: after[j] };
  }
  return changes;
}

/** Step `k` of `trace` with its `changes` made (from a lazy `unpackTrace`; any other trace as is). */
export function withChanges(trace, k) {
  const step = trace.steps[k];
  const p = trace.packed;
  if (step && p && p.filled && !p.filled[k]) {
    step.changes = changesOf(p, k);
    p.filled[k] = 1;
  }
  return step;
}

/** The trace with every step's `changes` made. */
export function withAllChanges(trace) {
  for (let k = 0; k < trace.steps.length; k++) withChanges(trace, k);
  return trace;
}

/** The fields whose values are candidates, written as strings in the JSON. */
const CANDIDATES = new Set(['digits', 'choices', 'before', 'after']);

function asDocumented(key, value) {
  if (typeof value === 'number' && CANDIDATES.has(key)) return digitsText(value);
  if ((key === 'initial' || key === 'combinations') && Array.isArray(value)) return value.map(digitsText);
  return value;
}

/**
 * The page's trace as docs/trace-format.md's JSON text (every step's changes made): what
 * `propagate trace` prints for the same puzzle and options, byte for byte.
 */
export function traceJson(trace) {
  return JSON.stringify(withAllChanges(trace), asDocumented);
}

/**
 * A trace as docs/trace-format.md's JSON has it (parsed, candidates as strings) in the page's
 * form, with its packed arrays. `kinds`: as `packTrace` takes them.
 */
export function readTrace(doc, kinds = null) {
  return unpackTrace(packTrace(doc, kinds));
}

/**
 * The other way (for tests and tools): a trace as docs/trace-format.md's JSON has it (candidates
 * as strings) packed as the wasm packs it. `kinds`: the names of the kind codes as the wasm gives
 * them (`{ strategies, contradictions, rules }`: a code is its name's position); by default the
 * trace's own strategy kinds in order of appearance, and no contradiction or rule (a trace with
 * a backtrack or a stop then cannot be packed).
 */
export function packTrace(trace, kinds = null) {
  const box = new Map(BOXES.map((b, i) => [b, i]));
  const unit = new Map((trace.units || []).map((u, i) => [u.name, i]));
  const ids = kinds ? [...kinds.strategies] : [];
  const contradictions = kinds ? kinds.contradictions : [];
  const rules = kinds ? kinds.rules : [];
  if (!kinds) {
    for (const s of trace.steps) if (!['guess', 'assign', 'backtrack', 'stop'].includes(s.kind) && !ids.includes(s.kind)) ids.push(s.kind);
  }
  const out = Object.fromEntries(Object.keys(ARRAYS).map((name) => [name, []]));
  const forcing = [];
  for (const step of trace.steps) {
    if (step.chains) forcing.push({ step: out.ends.length, conclude: step.conclude, complexity: step.complexity, chains: step.chains });
    const w = new Array(STEP_WORDS).fill(0);
    w[NODE] = step.node;
    w[DEPTH] = step.depth;
    if (step.kind === 'backtrack') {
      const c = step.contradiction;
      w[KIND] = BACKTRACK + contradictions.indexOf(c.kind);
      w[PARENT] = step.parent;
      if (c.unit !== undefined) w[UNIT] = unit.get(c.unit);
      if (c.digit !== undefined) w[DIGIT] = c.digit;
      if (c.box !== undefined) w[BOX] = box.get(c.box);
      if (c.boxes) [w[BOX], w[BOX2]] = c.boxes.map((b) => box.get(b));
      if (c.choices !== undefined) w[DIGITS] = textMask(c.choices);
      if (contradictions.indexOf(c.kind) < 0) w[KIND] = -1;
    } else if (step.kind === 'guess') {
      w[KIND] = GUESS;
      w[PARENT] = step.parent;
      w[BOX] = box.get(step.box);
      w[DIGIT] = step.digit;
      w[DIGITS] = textMask(step.choices);
    } else if (step.kind === 'assign') {
      w[KIND] = ASSIGN;
    } else if (step.kind === 'stop') {
      w[KIND] = rules.includes(step.rule) ? STOP + rules.indexOf(step.rule) : -1;
      w[PARENT] = step.rounds;
      w[DIGITS] = step.removed;
      w[DIGIT] = step.pending ? 1 : 0;
    } else {
      w[KIND] = ids.indexOf(step.kind);
      w[DIGITS] = textMask(step.digits);
      if (step.sum !== undefined) {
        // A 45 rule step's cage total in bits 16-30, bit 31 for outies (as packed.rs packs it).
        w[PARENT] = step.sum + (step.cage_total ?? 0) * 0x10000 + (step.side === 'outies' ? 0x80000000 : 0);
        step.combinations.forEach((c, i) => {
          w[COMBINATION_WORDS[Math.floor(i / 3)]] |= textMask(c) << (9 * (i % 3));
        });
      }
      for (const u of step.units) out.evidenceUnits.push(unit.get(u));
      for (const b of step.boxes) out.evidenceBoxes.push(box.get(b));
      if (step.chain) {
        const { nodes, links } = step.chain;
        nodes.forEach((x, i) => {
          const link = i < links.length ? LINKS.indexOf(links[i]) : 0;
          const [first, ...more] = x.boxes || [x.box];
          out.chainNodes.push(link < 0 || !box.has(first) ? undefined : box.get(first) | (x.digit << 8) | (link << 12));
          for (const b of more) out.chainNodes.push(box.has(b) ? GROUP_BOX | box.get(b) : undefined);
        });
      }
    }
    if (w[KIND] < 0 || w.some((x) => x === undefined) || out.evidenceUnits.includes(undefined) || out.evidenceBoxes.includes(undefined) || out.chainNodes.includes(undefined)) {
      throw new Error(`cannot pack ${JSON.stringify({ ...step, changes: undefined })}`);
    }
    out.steps.push(...w);
    out.unitEnds.push(out.evidenceUnits.length);
    out.boxEnds.push(out.evidenceBoxes.length);
    out.chainEnds.push(out.chainNodes.length);
    for (const c of step.changes || []) {
      out.boxes.push(box.get(c.box));
      out.before.push(textMask(c.before));
      out.after.push(textMask(c.after));
    }
    out.ends.push(out.boxes.length);
  }
  const packed = {
    json: JSON.stringify({ ...trace, units: [], steps: [] }),
    units: JSON.stringify(trace.units || []),
    kinds: JSON.stringify({ strategies: ids, contradictions, rules }),
    forcing: JSON.stringify(forcing),
  };
  for (const [name, Type] of Object.entries(ARRAYS)) packed[name] = Type.from(out[name]);
  return packed;
}
