// Pure: a packed trace (crates/solver-wasm/src/packed.rs) put back together as the trace object
// docs/trace-format.md describes, field for field.
//
// The worker sends the steps without their changes as JSON text and every change in four typed
// arrays (transferred, not copied). JSON.parse makes the steps; the changes are made here from
// the arrays with shared strings, which costs a fraction of parsing them (or of a structured
// clone of the same objects): a 50,000-step trace holds about 300,000 changes.

import { BOXES, MASK_DIGITS, digitsMask } from './replay.js';

export { MASK_DIGITS };

/** True for a packed trace: `{ json, boxes, before, after, ends }`. */
export function isPacked(x) {
  return !!x && typeof x.json === 'string' && x.ends !== undefined;
}

/**
 * The trace of a packed one. Change j is box `boxes[j]` from `before[j]` to `after[j]`; the
 * changes of step k are `ends[k - 1]..ends[k]`.
 *
 * `lazy`: leave every step's `changes` empty (as the JSON has them) until `withChanges` or
 * `withAllChanges` fills them. The page unpacks lazily: a 50,000-step trace holds about 300,000
 * changes, and making them all as objects on arrival cost the main thread about 40 ms, while the
 * page only ever reads the changes of the step it shows (the replay works on the arrays) and all
 * of them only to save the trace as JSON.
 */
export function unpackTrace({ json, boxes, before, after, ends }, { lazy = false } = {}) {
  const trace = JSON.parse(json);
  const steps = trace.steps;
  if (!Array.isArray(steps) || steps.length !== ends.length) {
    throw new Error(`a packed trace with ${ends.length} step ends for ${steps && steps.length} steps`);
  }
  const total = ends.length ? ends[ends.length - 1] : 0;
  if (total !== boxes.length) throw new Error(`a packed trace with ${boxes.length} changes, ${total} used`);
  for (let k = 1; k < ends.length; k++) {
    if (ends[k] < ends[k - 1]) throw new Error(`a packed trace whose step ends go back at step ${k}`);
  }
  // The arrays stay with the trace, not enumerable (so not in its JSON): Replay uses them as they
  // are instead of compiling the changes again; `filled` marks the steps whose changes are made.
  const packed = { boxes, before, after, ends, filled: lazy ? new Uint8Array(steps.length) : null };
  Object.defineProperty(trace, 'packed', { value: packed, enumerable: false });
  if (!lazy) for (let k = 0; k < steps.length; k++) steps[k].changes = changesOf(packed, k);
  return trace;
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
  const index = new Map(BOXES.map((b, i) => [b, i]));
  const mask = digitsMask;
  const boxes = [];
  const before = [];
  const after = [];
  const ends = [];
  const steps = trace.steps.map((step) => {
    for (const c of step.changes || []) {
      boxes.push(index.get(c.box));
      before.push(mask(c.before));
      after.push(mask(c.after));
    }
    ends.push(boxes.length);
    return { ...step, changes: [] };
  });
  return {
    json: JSON.stringify({ ...trace, steps }),
    boxes: Uint8Array.from(boxes),
    before: Uint16Array.from(before),
    after: Uint16Array.from(after),
    ends: Uint32Array.from(ends),
  };
}
