// Pure, DOM-free replay of a solver trace (docs/trace-format.md).
//
// A `Replay` holds the candidates of the 81 boxes after the first `position` steps. Going
// forwards sets each changed box to `after`; going backwards sets it to `before`, last change
// first. Checkpoints (a copy of the 81 candidate strings every `checkpointEvery` steps) make
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

/** Steps pre-compiled to box indexes, so replay does no string lookups. */
function compile(steps) {
  return steps.map((step) => {
    const changes = step.changes || [];
    const boxes = new Int8Array(changes.length);
    const before = new Array(changes.length);
    const after = new Array(changes.length);
    changes.forEach((c, j) => {
      boxes[j] = boxIndex(c.box);
      before[j] = c.before;
      after[j] = c.after;
    });
    return { boxes, before, after };
  });
}

export class Replay {
  /**
   * @param {object} trace a trace as documented in docs/trace-format.md
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
    this.compiled = compile(trace.steps);
    this.cells = trace.initial.slice();
    this.position = 0;
    this.checkpoints = [];
    this.#buildCheckpoints();
  }

  /** The number of steps. Positions run from 0 (the puzzle) to `length` (the end state). */
  get length() {
    return this.steps.length;
  }

  /** The candidates of the 81 boxes at the current position (do not mutate). */
  get state() {
    return this.cells;
  }

  /** The step that led to the current position, or null at position 0. */
  get current() {
    return this.position > 0 ? this.steps[this.position - 1] : null;
  }

  /** One pass over the whole trace, keeping a copy of the state every `every` steps. */
  #buildCheckpoints() {
    const cells = this.trace.initial.slice();
    this.checkpoints.push(cells.slice());
    for (let k = 0; k < this.compiled.length; k++) {
      const { boxes, after } = this.compiled[k];
      for (let j = 0; j < boxes.length; j++) cells[boxes[j]] = after[j];
      if ((k + 1) % this.every === 0) this.checkpoints.push(cells.slice());
    }
    this.final = cells;
  }

  /** Applies the next step; returns it, or null at the end. */
  forward() {
    if (this.position >= this.length) return null;
    const { boxes, after } = this.compiled[this.position];
    for (let j = 0; j < boxes.length; j++) this.cells[boxes[j]] = after[j];
    return this.steps[this.position++];
  }

  /** Undoes the last applied step; returns it, or null at the start. */
  backward() {
    if (this.position <= 0) return null;
    const { boxes, before } = this.compiled[--this.position];
    for (let j = boxes.length - 1; j >= 0; j--) this.cells[boxes[j]] = before[j];
    return this.steps[this.position];
  }

  /** Moves to position `k` (clamped to 0..length) in at most `every` step applications. */
  seek(k) {
    const target = Math.max(0, Math.min(this.length, Math.trunc(Number(k)) || 0));
    const distance = Math.abs(target - this.position);
    if (distance >= this.every) {
      const c = Math.floor(target / this.every);
      this.cells = this.checkpoints[c].slice();
      this.position = c * this.every;
    }
    while (this.position < target) this.forward();
    while (this.position > target) this.backward();
    return this.position;
  }
}
