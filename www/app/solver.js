// The page's side of the solver workers: promises over postMessage, and cancel.
// A worker (worker.js) owns the wasm; the page never solves anything itself. A worker answers
// its requests one at a time, in order, so comparisons, which take seconds on a hard puzzle, run
// in a worker of their own: a solve and its verdict never wait behind one. Cancelling terminates
// a worker (the only way to stop a running wasm call) and its next request starts a fresh one.

import { isPacked, unpackTrace } from '../trace/packed.js';
import { errorFrom } from './errors.js';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** One worker and the requests it has not answered yet. */
class Lane {
  /**
   * @param {() => Worker} createWorker
   * @param {(message: string) => void} onLoadError
   * @param {() => number} nextId  ids unique across lanes
   */
  constructor(createWorker, onLoadError, nextId) {
    this.createWorker = createWorker;
    this.onLoadError = onLoadError;
    this.nextId = nextId;
    this.worker = null;
    this.pending = new Map();
  }

  #ensure() {
    if (this.worker) return this.worker;
    const w = this.createWorker();
    w.onmessage = (ev) => this.#receive(ev.data);
    w.onerror = (ev) => {
      if (ev && typeof ev.preventDefault === 'function') ev.preventDefault();
      this.#fail(`the solver could not start (${(ev && ev.message) || 'its script did not load'})`);
    };
    this.worker = w;
    return w;
  }

  #receive(msg) {
    if (!msg) return;
    if (msg.type === 'load-error') {
      this.#fail(`the solver's WebAssembly could not load (${msg.error})`);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    // News of a request still running (a generation's tries so far).
    if (msg.progress !== undefined) {
      if (p.onProgress) p.onProgress(msg.progress);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.fatal) {
      // The wasm panicked: start a fresh worker for the next request.
      this.worker.terminate();
      this.worker = null;
      for (const other of this.pending.values()) other.reject(errorFrom(msg.error));
      this.pending.clear();
    }
    // An error arrives as {message, kind, line, ...}: rebuilt as an Error with those properties.
    if (msg.ok) p.resolve(msg.result);
    else p.reject(errorFrom(msg.error));
  }

  #fail(message) {
    this.onLoadError(message);
    const err = new Error(message);
    err.loadError = true;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  /** `onProgress` is told each progress message of the request. */
  request(op, payload, onProgress = null) {
    const w = this.#ensure();
    const id = this.nextId();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, op, onProgress });
      w.postMessage({ id, op, ...payload });
    });
  }

  /** True while a request of one of `ops` is pending. */
  has(...ops) {
    return [...this.pending.values()].some((p) => ops.includes(p.op));
  }

  /** Stops the worker; every pending request rejects with `Cancelled`. */
  cancel() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Cancelled());
    this.pending.clear();
  }
}

export class SolverClient {
  /**
   * @param {{createWorker: () => Worker, onLoadError?: (message: string) => void}} options
   *   createWorker makes a worker speaking the protocol of worker.js; onLoadError is told when
   *   a worker or its wasm cannot load, in words a person can act on.
   */
  constructor({ createWorker, onLoadError = () => {} }) {
    this.onLoadError = onLoadError;
    let id = 1;
    const nextId = () => id++;
    // Parses, solves, verdicts, ratings, opened files and the registry.
    this.main = new Lane(createWorker, (m) => this.onLoadError(m), nextId);
    // Comparisons only.
    this.side = new Lane(createWorker, (m) => this.onLoadError(m), nextId);
    // New puzzles only: a generation runs while the page solves, rates and hints.
    this.maker = new Lane(createWorker, (m) => this.onLoadError(m), nextId);
    /** The promise of the registry (`strategies()`), once asked. */
    this.registry = null;
  }

  #request(op, payload) {
    return this.main.request(op, payload);
  }

  /**
   * The strategies, in ladder order, as the facade describes them:
   * `[{ id, label, description, caption, order, course }, ...]`. Asked of the worker once (again
   * only if that request was cancelled).
   */
  strategies() {
    if (!this.registry) {
      this.registry = this.#request('strategies', {}).catch((e) => {
        this.registry = null;
        throw e;
      });
    }
    return this.registry;
  }

  /**
   * `{ initial, puzzle, peers }`: the candidates of the 81 boxes (a Uint16Array of masks) and,
   * for a variant beyond diagonal Sudoku, its constraints (the shape of a trace's `puzzle`) and
   * the boxes each box sees (crates/solver-wasm's `peers`, a Uint8Array; both null for a
   * grid), or a rejection with the parser's (or the shared form's reader's) message.
   */
  parse(text, diagonal) {
    return this.#request('parse', { text, options: { diagonal: !!diagonal } });
  }

  /**
   * A puzzle as another site shares it (f-puzzles JSON, an f-puzzles or SudokuPad link, an ISS
   * string): `{ text, diagonal, title, author }`, its givens as an 81-character line and its
   * rule; `null` for text in none of these forms (a grid); a rejection with the facade's error
   * for a puzzle refused (crates/solver-wasm's `openPuzzle`).
   */
  openPuzzle(text) {
    return this.#request('openPuzzle', { text });
  }

  /** The f-puzzles link of a grid and rule, or a rejection with the parser's error. */
  exportPuzzle(text, diagonal) {
    return this.#request('exportPuzzle', { text, options: { diagonal: !!diagonal } });
  }

  /**
   * The trace (docs/trace-format.md), unpacked lazily: a step's `changes` are made by
   * www/trace/packed.js's `withChanges` / `withAllChanges` when read. A solve or an open already running is
   * cancelled first.
   */
  solve(text, options) {
    if (this.busy) this.cancel();
    // The worker sends the trace packed (www/trace/packed.js); put it back together here.
    return this.#request('solve', { text, options }).then((r) => (isPacked(r) ? unpackTrace(r, { lazy: true }) : r));
  }

  /**
   * The verdict engine's answer, without a trace (options: `diagonal` and the `maxNodes` cap):
   * `{ engine, verdict, solutions, solution, capped, nodes, max }` (crates/solver-wasm's
   * `verdict`). The worker answers in order, so a verdict asked before a solve arrives first.
   */
  verdict(text, options) {
    return this.#request('verdict', { text, options });
  }

  /**
   * How hard the puzzle is, as Sudoku Explainer rates (options: `diagonal` and the `maxNodes`
   * cap of the search when the easiest steps stall): `{ kind: 'steps', technique, label,
   * strategy, score, step, steps }`,
   * `{ kind: 'search', nodes }`, `{ kind: 'no_solution' }` or `{ kind: 'capped', limit, max }`
   * (crates/solver-wasm's `rate`).
   */
  rate(text, options) {
    return this.#request('rate', { text, options });
  }

  /**
   * The next step from the position `text`, in three levels, or the mistakes it would be built
   * on (options: `diagonal`, and `givens`, the puzzle's givens as text): crates/solver-wasm's
   * `hint` documents the answer.
   */
  hint(text, options) {
    return this.#request('hint', { text, options });
  }

  /** True while a rating is running. */
  get rating() {
    return this.main.has('rate');
  }

  /**
   * Opens a trace file (a `File`, from `#open-trace` or a drop) for playing: the worker's facade
   * checks its size against the caps, reads and validates it (docs/trace-format.md,
   * "Validation"), and it comes back as `solve` gives a trace. `options`: the caps, `maxSteps`
   * (and `maxBytes`, by default 1 KiB a step plus 1 MiB). An invalid file rejects with an Error
   * carrying `kind`, `step`, `field`, `boxes`, `line`, `column` (errors.js). A solve or an open
   * already running is cancelled first.
   */
  openTrace(file, options) {
    if (this.busy) this.cancel();
    return this.#request('open', { file, options }).then((r) => (isPacked(r) ? unpackTrace(r, { lazy: true }) : r));
  }

  /**
   * The ladder of strategy sets (none, then each prefix of the registry) solved untraced, `[{strategies, verdict, stats}, ...]`
   * (options: `diagonal` and the `maxNodes` cap), in the comparisons' own worker; a comparison
   * already running is cancelled first.
   */
  compare(text, options) {
    if (this.comparing) this.cancelCompare();
    return this.side.request('compare', { text, options });
  }

  /**
   * A new puzzle, in the generations' own worker (crates/solver-wasm's `generate` documents the
   * options and the answer, `{ puzzle, tries, rating }`); `onProgress(tries)` is told the
   * puzzles made so far while it runs. A generation already running is cancelled first.
   */
  generate(options, onProgress = null) {
    if (this.generating) this.cancelGenerate();
    return this.maker.request('generate', { options }, onProgress);
  }

  /** True while a generation is running. */
  get generating() {
    return this.maker.has('generate');
  }

  /** Stops the generation running, which rejects with `Cancelled`. */
  cancelGenerate() {
    this.maker.cancel();
  }

  /** True while a solve, or the opening of a trace file, is running. */
  get busy() {
    return this.main.has('solve', 'open');
  }

  /** True while a comparison is running. */
  get comparing() {
    return this.side.has('compare');
  }

  /**
   * Stops whatever the main worker is doing (a parse, a solve, a verdict, a rating, an opening):
   * each of those pending rejects with `Cancelled`. A comparison goes on (`cancelCompare`).
   */
  cancel() {
    this.main.cancel();
  }

  /** Stops the comparison running, which rejects with `Cancelled`. */
  cancelCompare() {
    this.side.cancel();
  }
}
