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
 */
export function unpackTrace({ json, boxes, before, after, ends }) {
  const trace = JSON.parse(json);
  const steps = trace.steps;
  if (!Array.isArray(steps) || steps.length !== ends.length) {
    throw new Error(`a packed trace with ${ends.length} step ends for ${steps && steps.length} steps`);
  }
  let from = 0;
  for (let k = 0; k < steps.length; k++) {
    const end = ends[k];
    const changes = new Array(end - from);
    for (let j = from; j < end; j++) {
      changes[j - from] = { box: BOXES[boxes[j]], before: MASK_DIGITS[before[j]], after: MASK_DIGITS[after[j]] };
    }
    steps[k].changes = changes;
    from = end;
  }
  if (from !== boxes.length) throw new Error(`a packed trace with ${boxes.length} changes, ${from} used`);
  // The arrays stay with the trace, not enumerable (so not in its JSON): Replay uses them as they
  // are instead of compiling the changes again.
  Object.defineProperty(trace, 'packed', { value: { boxes, before, after, ends }, enumerable: false });
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
