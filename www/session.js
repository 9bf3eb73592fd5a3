// DOM-free: the one owner of the current puzzle. The puzzle on screen is its input (the text, the
// diagonal rule and the strategies); every action goes through here in the order it happened: an
// edit (typed, pasted, a sample, a toggle, a link; later the grid), Solve, Play, Compare, a link
// copied. Each edit makes a new generation at once, before any parsing, so a click right after it
// acts on the edited puzzle; the parse, solve or comparison that was running for an older
// generation is cancelled, and whatever answer still arrives for it is dropped, never shown.
// What the page shows is told to `view` (main.js), which owns the elements.

import { Replay } from './replay.js';
import { Player } from './player.js';
import { topology } from './explain.js';
import { Cancelled } from './solver.js';

/** Typing waits this long after the last key before parsing (an action parses at once). */
export const PARSE_DELAY_MS = 120;

/**
 * The view's side, all optional:
 *   edited(input, { puzzleChanged })  a new input (every earlier answer is void)
 *   parsed(accepted)                  the input parsed: { text, diagonal, initial }
 *   rejected(message)                 the input does not parse
 *   refused(message)                  an action found nothing to act on (the input is empty)
 *   busy(solving)                     a solve of the current input started or ended
 *   solved(run)                       a run of the current input: { trace, replay, player, ... }
 *   failed(message) / cancelled()     the current input's solve failed or was cancelled
 *   moved(run, change)                the run's player moved (Player's onChange)
 *   comparing(on), compared(results, input), compareFailed(message | null)
 */
export class Session {
  /**
   * @param {{ solver: import('./solver.js').SolverClient, limits: {maxNodes: number, maxSteps: number},
   *           view: object, input?: {text: string, diagonal: boolean, strategies: string[]},
   *           speed?: number, delay?: (fn: Function, ms: number) => unknown }} options
   */
  constructor({ solver, limits, view, input = { text: '', diagonal: false, strategies: [] }, speed = 8, delay = (fn, ms) => setTimeout(fn, ms) }) {
    this.solver = solver;
    this.limits = limits;
    this.view = view;
    this.delay = delay;
    this.speed = speed;
    /** Bumped by every edit: an answer for an older generation is not shown. */
    this.gen = 0;
    this.input = freeze(input);
    this.run = null;
    /** The last input that parsed, what the board shows when there is no run. */
    this.accepted = null;
    this.parsing = null; // { key, promise }: the parse of the current text and rule
    this.solving = null; // { gen, cancelled, promise }: the solve of a generation
    this.timer = null;
  }

  /** The parse's key: what a parse depends on (the strategies do not matter to it). */
  get key() {
    return keyOf(this.input);
  }

  /** True when the current input is the last one accepted by the parser. */
  get isAccepted() {
    return this.accepted !== null && keyOf(this.accepted) === this.key;
  }

  /**
   * A new input (`changes` over the current one). Cancels what runs for the old one, drops the
   * run, and parses the new text after PARSE_DELAY_MS (at once with `now`, or when an action
   * needs it). Changing nothing does nothing.
   */
  edit(changes, { now = false } = {}) {
    const next = freeze({ ...this.input, ...changes });
    if (sameInput(next, this.input)) {
      if (now) this.parse();
      return;
    }
    const puzzleChanged = keyOf(next) !== this.key;
    this.gen++;
    this.input = next;
    if (this.solving || (puzzleChanged && this.solver.comparing)) {
      // Stops the worker: every request in it, a parse too, is gone.
      this.solver.cancel();
      this.parsing = null;
    }
    this.solving = null;
    this.#dropRun();
    this.#tell('busy', false);
    this.#tell('edited', next, { puzzleChanged });
    if (puzzleChanged) this.parsing = null;
    if (this.isAccepted || this.parsing || !next.text.trim()) return;
    clearTimeout(this.timer);
    if (now) this.parse();
    else this.timer = this.delay(() => this.parse(), PARSE_DELAY_MS);
  }

  /**
   * The parse of the current input, once per text and rule: { status: 'ok', initial } |
   * { status: 'error', message } | { status: 'empty' } | { status: 'cancelled' }. Its answer is
   * shown only while the input is still the one parsed.
   */
  parse() {
    clearTimeout(this.timer);
    const key = this.key;
    if (this.parsing && this.parsing.key === key) return this.parsing.promise;
    const { text, diagonal } = this.input;
    if (!text.trim()) return Promise.resolve({ status: 'empty' });
    const promise = this.solver.parse(text, diagonal).then(
      (initial) => {
        if (this.key === key) {
          this.accepted = { text, diagonal, initial };
          this.#tell('parsed', this.accepted);
        }
        return { status: 'ok', initial };
      },
      (e) => {
        if (e instanceof Cancelled || e.loadError) {
          // Not an answer about the text: the next action asks again.
          if (this.parsing && this.parsing.promise === promise) this.parsing = null;
          return { status: 'cancelled' };
        }
        if (this.key === key) this.#tell('rejected', e.message);
        return { status: 'error', message: e.message };
      },
    );
    this.parsing = { key, promise };
    return promise;
  }

  /**
   * The run of the current input, solving it if needed (once per generation: clicks while it
   * solves wait for the same answer); null if there is nothing to solve or the input changed
   * meanwhile. `at`: the position the new run starts at (a link's step).
   */
  solve({ at = 0 } = {}) {
    const gen = this.gen;
    if (this.run && this.run.gen === gen) return Promise.resolve(this.run);
    if (this.solving && this.solving.gen === gen) return this.solving.promise;
    const job = { gen, cancelled: false, promise: null };
    job.promise = this.#solve(job, at);
    this.solving = job;
    const done = () => {
      if (this.solving === job) this.solving = null;
    };
    job.promise.then(done, done);
    return job.promise;
  }

  async #solve(job, at) {
    const { gen } = job;
    const input = this.input;
    if (!this.#hasText()) return null;
    this.#tell('busy', true);
    let run = null;
    try {
      const parsed = await this.parse();
      if (gen !== this.gen) return null;
      // Cancelled while parsing: the solve is not asked for at all.
      if (job.cancelled) throw new Cancelled();
      if (parsed.status !== 'ok') {
        // The parser's message is shown already; a parse that never answered was cancelled.
        this.#tell(parsed.status === 'error' ? 'refused' : 'cancelled', null);
        return null;
      }
      const trace = await this.solver.solve(input.text, { diagonal: input.diagonal, strategies: input.strategies, ...this.limits });
      // The registry the trace's strategy steps are explained by (asked of the worker once).
      const registry = await this.solver.strategies();
      if (gen !== this.gen) return null;
      if (job.cancelled) throw new Cancelled();
      run = this.#makeRun(gen, input, trace, registry);
      this.run = run;
    } catch (e) {
      if (gen !== this.gen) return null;
      if (e instanceof Cancelled) this.#tell('cancelled');
      else if (!e.loadError) this.#tell('failed', e.message);
      return null;
    } finally {
      if (gen === this.gen) this.#tell('busy', false);
    }
    this.#tell('solved', run);
    run.player.seek(at);
    return run;
  }

  /** A run of `trace`: its replay, its player (reporting to the view) and what drawing needs. */
  #makeRun(gen, input, trace, registry) {
    const replay = new Replay(trace);
    const run = { gen, input, trace, registry, replay, player: null, topo: topology(trace), givens: trace.initial.map((c) => c.length === 1) };
    run.player = new Player(replay, { onChange: (change) => this.#tell('moved', run, change), speed: this.speed });
    return run;
  }

  /** Solves if needed, then hands the run's player to `action`. */
  async withRun(action) {
    const run = await this.solve();
    if (run && run === this.run) action(run.player);
  }

  /** The player of the run on screen, if any. */
  get player() {
    return this.run ? this.run.player : null;
  }

  setSpeed(stepsPerSecond) {
    this.speed = stepsPerSecond;
    if (this.run) this.run.player.setSpeed(stepsPerSecond);
  }

  /** Stops the solve in progress (the worker is restarted); the view is told `cancelled`. */
  cancel() {
    if (!this.solving) return;
    this.solving.cancelled = true;
    this.solver.cancel();
  }

  /**
   * Solves the current puzzle under the course's ladder of strategy sets; the answer is shown
   * only while the puzzle (text and rule) is still the one asked about.
   */
  async compare() {
    const input = this.input;
    const key = this.key;
    if (!this.#hasText()) return;
    this.#tell('comparing', true);
    try {
      const parsed = await this.parse();
      if (this.key !== key || parsed.status !== 'ok') return;
      const results = await this.solver.compare(input.text, { diagonal: input.diagonal, maxNodes: this.limits.maxNodes });
      if (this.key === key) this.#tell('compared', results, input);
    } catch (e) {
      if (this.key === key && !e.loadError) this.#tell('compareFailed', e instanceof Cancelled ? null : e.message);
    } finally {
      this.#tell('comparing', false);
    }
  }

  /**
   * What a link to the view holds, or why there is none: { state } with the puzzle as accepted
   * (never text the parser rejected), or { error }. `wait`: parse the current input first if it
   * is not parsed yet (else it has no link until it is); `step`: the run's position goes in.
   */
  async linkState({ step = true, wait = true } = {}) {
    const parsed = wait ? await this.parse() : { status: this.isAccepted ? 'ok' : 'pending' };
    if (parsed.status === 'empty') return { error: 'Nothing to link: the puzzle is empty' };
    if (parsed.status !== 'ok' || !this.isAccepted) return { error: 'Nothing to link: the puzzle above does not parse' };
    const { text, diagonal, strategies } = this.input;
    const position = step && this.run ? this.run.replay.position : 0;
    return { state: { puzzle: text.trim(), diagonal, strategies, step: position } };
  }

  #hasText() {
    if (this.input.text.trim()) return true;
    this.#tell('refused', 'The puzzle is empty: paste a grid or choose a sample first.');
    return false;
  }

  #dropRun() {
    if (this.run) this.run.player.pause();
    this.run = null;
  }

  #tell(what, ...args) {
    const f = this.view[what];
    if (typeof f === 'function') f.apply(this.view, args);
  }
}

function freeze(input) {
  return Object.freeze({ text: String(input.text), diagonal: !!input.diagonal, strategies: Object.freeze([...input.strategies]) });
}

function keyOf(input) {
  return `${input.diagonal ? 'd' : 's'}:${input.text}`;
}

function sameInput(a, b) {
  return a.text === b.text && a.diagonal === b.diagonal && a.strategies.length === b.strategies.length && a.strategies.every((s, k) => s === b.strategies[k]);
}
