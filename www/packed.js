// Pure: a packed trace (crates/solver-wasm/src/packed.rs, whose doc comment gives the encoding)
// put back together as the trace object docs/trace-format.md describes, field for field. This is
// the one decoder of that encoding.
//
// The worker sends every step as STEP_WORDS numbers and every change as three (box, before,
// after), in typed arrays transferred without a copy, and only the small rest of the trace
// (format, variant, strategies, initial, outcome, stats) as JSON text, with the units apart (the
// same text for every trace of a variant: parsed once per variant here, then copied). The
// steps are made here from the numbers with shared strings, which costs a fraction of parsing them
// as JSON (a 50,000-step trace's steps were 4.5 MB of JSON); the changes of a step are made when
// it is read.

import { BOXES, MASK_DIGITS, digitsMask } from './replay.js';

export { MASK_DIGITS };

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
/** The kind codes: 0..3 a strategy or a guess, 4..7 a backtrack by its contradiction. */
const KINDS = ['eliminate', 'only_choice', 'naked_twins', 'guess'];
const CONTRADICTIONS = ['empty_box', 'no_place', 'duplicate', 'exhausted'];

/** The `changes` of a step whose changes are not made yet (shared; replaced, never mutated). */
const NOT_MADE = Object.freeze([]);

/** True for a packed trace: `{ json, units, steps, boxes, before, after, ends }`. */
export function isPacked(x) {
  return !!x && typeof x.json === 'string' && x.steps !== undefined && x.ends !== undefined;
}

/**
 * The packed trace of the facade's `solvePacked` (a `PackedTrace`): its JSON and its arrays,
 * each moved out of wasm memory once; the `PackedTrace` is freed.
 */
export function takePacked(p) {
  try {
    return { json: p.json, units: p.units, steps: p.steps(), boxes: p.boxes(), before: p.before(), after: p.after(), ends: p.ends() };
  } finally {
    p.free();
  }
}

/** The buffers of a packed trace's arrays, to transfer them with postMessage. */
export function transferList(packed) {
  return [packed.steps.buffer, packed.boxes.buffer, packed.before.buffer, packed.after.buffer, packed.ends.buffer];
}

/**
 * The trace of a packed one. Step k is `steps[k * STEP_WORDS ..]` (packed.rs gives the words);
 * change j is box `boxes[j]` from `before[j]` to `after[j]`; the changes of step k are
 * `ends[k - 1]..ends[k]`.
 *
 * `lazy`: leave every step's `changes` empty until `withChanges` or `withAllChanges` makes them.
 * The page unpacks lazily: a 50,000-step trace holds about 300,000 changes, and making them all
 * as objects on arrival cost the main thread about 40 ms, while the page only ever reads the
 * changes of the step it shows (the replay works on the arrays) and all of them only to save the
 * trace as JSON.
 */
export function unpackTrace({ json, units: unitsJson, steps: words, boxes, before, after, ends }, { lazy = false } = {}) {
  const trace = JSON.parse(json);
  const n = ends.length;
  if (!Array.isArray(trace.steps) || trace.steps.length !== 0) throw new Error('a packed trace whose JSON holds steps');
  if (!Array.isArray(trace.units) || trace.units.length !== 0) throw new Error('a packed trace whose JSON holds units');
  trace.units = unitsOf(unitsJson);
  if (words.length !== n * STEP_WORDS) throw new Error(`a packed trace with ${words.length / STEP_WORDS} steps for ${n} step ends`);
  const total = n ? ends[n - 1] : 0;
  if (total !== boxes.length) throw new Error(`a packed trace with ${boxes.length} changes, ${total} used`);
  for (let k = 1; k < n; k++) {
    if (ends[k] < ends[k - 1]) throw new Error(`a packed trace whose step ends go back at step ${k}`);
  }
  // The arrays stay with the trace, not enumerable (so not in its JSON): Replay uses them as they
  // are instead of compiling the changes again; `filled` marks the steps whose changes are made.
  const packed = { boxes, before, after, ends, filled: lazy ? new Uint8Array(n) : null };
  Object.defineProperty(trace, 'packed', { value: packed, enumerable: false });
  const units = (trace.units || []).map((u) => u.name);
  const steps = [];
  for (let k = 0; k < n; k++) {
    steps.push(stepOf(words, k, units, lazy ? NOT_MADE : changesOf(packed, k)));
  }
  trace.steps = steps;
  return trace;
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
function stepOf(w, k, units, changes) {
  const o = k * STEP_WORDS;
  const node = w[o + NODE];
  const depth = w[o + DEPTH];
  const code = w[o + KIND];
  switch (code) {
    case 0:
      return { kind: 'eliminate', source: BOXES[w[o + BOX]], digit: w[o + DIGIT], node, depth, changes };
    case 1:
      return { kind: 'only_choice', unit: unitName(units, w[o + UNIT], k), box: BOXES[w[o + BOX]], digit: w[o + DIGIT], node, depth, changes };
    case 2:
      return {
        kind: 'naked_twins',
        unit: unitName(units, w[o + UNIT], k),
        twins: [BOXES[w[o + BOX]], BOXES[w[o + BOX2]]],
        digits: MASK_DIGITS[w[o + DIGITS]],
        node,
        depth,
        changes,
      };
    case 3:
      return { kind: 'guess', box: BOXES[w[o + BOX]], digit: w[o + DIGIT], choices: MASK_DIGITS[w[o + DIGITS]], parent: w[o + PARENT], node, depth, changes };
    case 4:
    case 5:
    case 6:
    case 7:
      return { kind: 'backtrack', parent: w[o + PARENT], contradiction: contradictionOf(w, o, code, units, k), node, depth, changes };
    default:
      throw new Error(`a packed trace with step ${k} of unknown kind ${code}`);
  }
}

function contradictionOf(w, o, code, units, k) {
  switch (code) {
    case 4:
      return { kind: 'empty_box', box: BOXES[w[o + BOX]] };
    case 5:
      return { kind: 'no_place', unit: unitName(units, w[o + UNIT], k), digit: w[o + DIGIT] };
    case 6:
      return { kind: 'duplicate', unit: unitName(units, w[o + UNIT], k), digit: w[o + DIGIT], boxes: [BOXES[w[o + BOX]], BOXES[w[o + BOX2]]] };
    default:
      return { kind: 'exhausted', box: BOXES[w[o + BOX]], choices: MASK_DIGITS[w[o + DIGITS]] };
  }
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
    changes[j - from] = { box: BOXES[boxes[j]], before: MASK_DIGITS[before[j]], after: MASK_DIGITS[after[j]] };
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

/** The trace with every step's `changes` made: the whole trace as docs/trace-format.md has it. */
export function withAllChanges(trace) {
  for (let k = 0; k < trace.steps.length; k++) withChanges(trace, k);
  return trace;
}

/** The other way (for tests and tools): a trace object packed as the wasm packs it. */
export function packTrace(trace) {
  const box = new Map(BOXES.map((b, i) => [b, i]));
  const unit = new Map((trace.units || []).map((u, i) => [u.name, i]));
  const words = [];
  const boxes = [];
  const before = [];
  const after = [];
  const ends = [];
  for (const step of trace.steps) {
    const w = new Array(STEP_WORDS).fill(0);
    w[NODE] = step.node;
    w[DEPTH] = step.depth;
    if (step.kind === 'backtrack') {
      const c = step.contradiction;
      w[KIND] = 4 + CONTRADICTIONS.indexOf(c.kind);
      w[PARENT] = step.parent;
      if (c.unit !== undefined) w[UNIT] = unit.get(c.unit);
      if (c.digit !== undefined) w[DIGIT] = c.digit;
      if (c.box !== undefined) w[BOX] = box.get(c.box);
      if (c.boxes) [w[BOX], w[BOX2]] = c.boxes.map((b) => box.get(b));
      if (c.choices !== undefined) w[DIGITS] = digitsMask(String(c.choices));
    } else {
      w[KIND] = KINDS.indexOf(step.kind);
      if (step.parent !== undefined) w[PARENT] = step.parent;
      if (step.unit !== undefined) w[UNIT] = unit.get(step.unit);
      if (step.digit !== undefined) w[DIGIT] = step.digit;
      const b = step.kind === 'eliminate' ? step.source : step.box;
      if (b !== undefined) w[BOX] = box.get(b);
      if (step.twins) [w[BOX], w[BOX2]] = step.twins.map((t) => box.get(t));
      const ds = step.kind === 'guess' ? step.choices : step.digits;
      if (ds !== undefined) w[DIGITS] = digitsMask(String(ds));
    }
    if (w[KIND] < 0 || w.some((x) => x === undefined)) throw new Error(`cannot pack ${JSON.stringify({ ...step, changes: undefined })}`);
    words.push(...w);
    for (const c of step.changes || []) {
      boxes.push(box.get(c.box));
      before.push(digitsMask(c.before));
      after.push(digitsMask(c.after));
    }
    ends.push(boxes.length);
  }
  return {
    json: JSON.stringify({ ...trace, units: [], steps: [] }),
    units: JSON.stringify(trace.units || []),
    steps: Uint32Array.from(words),
    boxes: Uint8Array.from(boxes),
    before: Uint16Array.from(before),
    after: Uint16Array.from(after),
    ends: Uint32Array.from(ends),
  };
}
