// Pure, DOM-free replay of a solver trace (docs/trace-format.md).
//
// A `Replay` holds the candidates of the 81 boxes (9-bit masks, www/trace/digits.js) after the first
// `position` steps, of a trace in the page's form (www/trace/packed.js). Going forwards sets each
// changed box to `after`; going backwards sets it to `before`, last change first. Checkpoints
// (a copy of the 81 masks every `checkpointEvery` steps) make
// `seek` cost at most `checkpointEvery` steps whatever the distance, so scrubbing a trace of
// tens of thousands of steps stays well under a frame.

export const ROWS = 'ABCDEFGHI';
export const COLS = '123456789';

/** The 81 box names, A1..I9, in the trace's order. */
export const BOXES = Object.freeze(
  [...ROWS].flatMap((r) => [...COLS].map((c) => r + c)),
);

const INDEX = new Map(BOXES.map((name, i) => [name, i]));

/** The index 0..80 of a box name such as "E6"; throws on anything else. */
export function boxIndex(name) {
  const i = INDEX.get(name);
  if (i === undefined) throw new Error(`unknown box ${JSON.stringify(name)}`);
  return i;
}

/**
 * Every change of every step in flat typed arrays, so replay does no string lookups and a trace
 * of 50,000 steps costs no allocation per step: change j is box `boxes[j]` going from mask
 * `before[j]` to mask `after[j]`; the changes of step k are `ends[k - 1]..ends[k]`. A trace from
 * the worker carries these arrays already (`trace.packed`, see www/trace/packed.js).
 */
function compile(trace) {
  const p = trace.packed;
  if (p && p.ends && p.ends.length === trace.steps.length) return p;
  const steps = trace.steps;
  let total = 0;
  for (const step of steps) total += (step.changes || []).length;
  const boxes = new Uint8Array(total);
  const before = new Uint16Array(total);
  const after = new Uint16Array(total);
  const ends = new Uint32Array(steps.length);
  let j = 0;
  steps.forEach((step, k) => {
    for (const c of step.changes || []) {
      boxes[j] = boxIndex(c.box);
      before[j] = c.before;
      after[j] = c.after;
      j++;
    }
    ends[k] = j;
  });
  return { boxes, before, after, ends };
}

export class Replay {
  /**
   * @param {object} trace a trace in the page's form (www/trace/packed.js: candidates as masks)
   * @param {{checkpointEvery?: number}} [options]
   */
  constructor(trace, { checkpointEvery = 128 } = {}) {
    if (!trace || !Array.isArray(trace.initial) || trace.initial.length !== 81) {
      throw new Error('a trace needs `initial`: the candidates of 81 boxes');
    }
    if (!Array.isArray(trace.steps)) throw new Error('a trace needs `steps`');
    this.trace = trace;
    this.steps = trace.steps;
    this.every = Math.max(1, checkpointEvery | 0);
    this.compiled = compile(trace);
    this.cells = Uint16Array.from(trace.initial);
    this.position = 0;
    this.checkpoints = [];
    this.#buildCheckpoints();
  }

  /** The number of steps. Positions run from 0 (the puzzle) to `length` (the end state). */
  get length() {
    return this.steps.length;
  }

  /** The candidates of the 81 boxes at the current position, as masks (do not mutate). */
  get state() {
    return this.cells;
  }

  /** The step that led to the current position, or null at position 0. */
  get current() {
    return this.position > 0 ? this.steps[this.position - 1] : null;
  }

  /** One pass over the whole trace, keeping a copy of the state every `every` steps. */
  #buildCheckpoints() {
    const cells = Uint16Array.from(this.trace.initial);
    this.checkpoints.push(cells.slice());
    const { boxes, after, ends } = this.compiled;
    let j = 0;
    for (let k = 0; k < ends.length; k++) {
      for (const end = ends[k]; j < end; j++) cells[boxes[j]] = after[j];
      if ((k + 1) % this.every === 0) this.checkpoints.push(cells.slice());
    }
    this.final = cells;
  }

  /** Applies the next step; returns it, or null at the end. */
  forward() {
    if (this.position >= this.length) return null;
    const { boxes, after, ends } = this.compiled;
    const k = this.position;
    for (let j = k > 0 ? ends[k - 1] : 0; j < ends[k]; j++) this.cells[boxes[j]] = after[j];
    return this.steps[this.position++];
  }

  /** Undoes the last applied step; returns it, or null at the start. */
  backward() {
    if (this.position <= 0) return null;
    const { boxes, before, ends } = this.compiled;
    const k = --this.position;
    const from = k > 0 ? ends[k - 1] : 0;
    for (let j = ends[k] - 1; j >= from; j--) this.cells[boxes[j]] = before[j];
    return this.steps[this.position];
  }

  /** Moves to position `k` (clamped to 0..length) in at most `every` step applications. */
  seek(k) {
    const target = Math.max(0, Math.min(this.length, Math.trunc(Number(k)) || 0));
    const distance = Math.abs(target - this.position);
    if (distance >= this.every) {
      const c = Math.floor(target / this.every);
      this.cells.set(this.checkpoints[c]);
      this.position = c * this.every;
    }
    while (this.position < target) this.forward();
    while (this.position > target) this.backward();
    return this.position;
  }
}
