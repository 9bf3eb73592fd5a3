// DOM-free: the one owner of the current puzzle. The puzzle on screen is its input (the text, the
// diagonal rule and the strategies); every action goes through here in the order it happened: an
// edit (typed, pasted, a sample, a toggle, a link, a box typed on the grid, Undo, Redo, Clear),
// Solve, Play, Compare, a link copied, a trace file opened. Each edit makes a new generation at once, before any parsing, so a click right after it
// acts on the edited puzzle; the parse, solve or comparison that was running for an older
// generation is cancelled, and whatever answer still arrives for it is dropped, never shown.
// What the page shows is told to `view` (main.js), which owns the elements.

import { Replay } from '../trace/replay.js';
import { Player } from '../playback/player.js';
import { topology } from '../trace/explain.js';
import { count, digitsText } from '../trace/digits.js';
import { Cancelled } from './solver.js';
import { givensOfCandidates, lineOf } from '../board/givens.js';
import { overInputCap } from './input-size.js';

/** Typing waits this long after the last key before parsing (an action parses at once). */
export const PARSE_DELAY_MS = 120;

/**
 * The view's side, all optional:
 *   edited(input, { puzzleChanged })  a new input (every earlier answer is void)
 *   parsed(accepted)                  the input parsed: { text, diagonal, initial (masks), puzzle
 *                                     (a variant's constraints, the shape of a trace's `puzzle`, or null),
 *                                     peers (a variant's, the facade's `peers`, or null) }
 *   rejected(message, error)          the input does not parse (`error`: the facade's, with
 *                                     what it names as properties: kind, boxes, unit, ...)
 *   refused(message)                  an action found nothing to act on (the input is empty)
 *   busy(solving)                     a solve of the current input started or ended
 *   verdict(answer, input)            the verdict engine's answer for the current input, asked
 *                                     with each solve and shown before the trace arrives, and
 *                                     after a trace file opens, about its puzzle
 *   rated(rating, input)              how hard the current input is (asked with each solve, after
 *                                     it: the worker answers in order)
 *   solved(run)                       a run of the current input: { trace, replay, player, ... }
 *   failed(message) / cancelled()     the current input's solve failed or was cancelled
 *   moved(run, change)                the run's player moved (Player's onChange)
 *   comparing(on), compared(results, input), compareFailed(message | null)
 *   opening(on)                       a trace file is being read and checked (see `open`)
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
    /** The verdict engine's last answer shown, `{ gen, answer }`: current while `gen` is. */
    this.verdict = null;
    /** The last rating shown, `{ gen, rating }`. */
    this.rating = null;
    /** The last input that parsed, what the board shows when there is no run. */
    this.accepted = null;
    this.parsing = null; // { key, promise }: the parse of the current text and rule
    this.solving = null; // { gen, cancelled, walk, promise }: the solve (or the rating's walk) of a generation
    this.timer = null;
    /** How many trace files are being read and checked (`open`). */
    this.reading = 0;
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
    // A solve, a file being read (the edit wins over it) or a rating: the edit's parse would
    // wait behind it.
    if (this.solving || this.solver.busy || this.solver.rating) {
      // Stops the worker: every request in it, a parse too, is gone.
      this.solver.cancel();
      this.parsing = null;
    }
    // The comparison runs in a worker of its own, and holds for the strategies too.
    if (puzzleChanged && this.solver.comparing) this.solver.cancelCompare();
    this.solving = null;
    this.#dropRun();
    this.#tell('busy', false);
    this.#tell('edited', next, { puzzleChanged });
    // Back to the puzzle last accepted (Undo, a box cleared, a rule unticked): the view shows it
    // as parsed again, whatever the input in between showed.
    if (puzzleChanged && this.isAccepted) this.#tell('parsed', this.accepted);
    if (puzzleChanged) this.parsing = null;
    if (this.isAccepted || this.parsing || isBlank(next.text)) return;
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
    if (isBlank(text)) return Promise.resolve({ status: 'empty' });
    const promise = this.solver.parse(text, diagonal).then(
      ({ initial, puzzle, peers = null }) => {
        if (this.key === key) {
          this.accepted = { text, diagonal, initial, puzzle, peers };
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
        if (this.key === key) this.#tell('rejected', e.message, e);
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
    if (this.run && this.run.gen === gen && !this.run.walk) return Promise.resolve(this.run);
    if (this.solving && this.solving.gen === gen && !this.solving.walk) return this.solving.promise;
    return this.#start({ gen, cancelled: false, walk: false, promise: null }, at);
  }

  /**
   * Runs `job` (#trace) as the one Cancel stops (`this.solving`) until it ends. A solve asked for
   * while the walk is made (or the walk while a solve is) takes over: the other ends quietly, its
   * trace never shown.
   */
  #start(job, at) {
    if (this.solving) this.solving.superseded = true;
    job.promise = this.#trace(job, { at, walk: job.walk });
    this.solving = job;
    const done = () => {
      if (this.solving === job) this.solving = null;
    };
    job.promise.then(done, done);
    return job.promise;
  }

  /**
   * The rating's walk as the run on screen, at the step where the hardest technique is needed:
   * `at`, the rating's `step` (0 first), is shown as the step just made. The walk is the trace
   * the rating's step indexes (the facade's `solvePacked` with `walk: true`: the easiest step
   * each time, every strategy of the ladder on), not the solve with the strategies ticked,
   * whose steps differ: its run is marked `walk`, Solve makes the solve again, and a link holds
   * no step of it. The verdict and the rating are asked again with it, as with a solve. Null
   * when the input changed meanwhile, or the walk could not be made (told as a failed solve).
   */
  async walk(at) {
    const gen = this.gen;
    if (this.run && this.run.gen === gen && this.run.walk) {
      this.run.player.seek(at + 1);
      return this.run;
    }
    if (this.solving && this.solving.gen === gen && this.solving.walk) return this.solving.promise;
    return this.#start({ gen, cancelled: false, walk: true, promise: null }, at + 1);
  }

  /**
   * What Solve and the rating's walk share: the current input parsed, the verdict, the trace and
   * the rating asked in that order, and the trace's run put on screen at position `at`. `walk`:
   * the rating's walk (the facade's `walk: true`, every strategy on, the run marked `walk`), else
   * the solve with the strategies ticked. The view is told `busy` while it runs; null (told as
   * `failed` or `cancelled` unless an edit came first) when there is no run to show.
   */
  async #trace(job, { at, walk }) {
    const { gen } = job;
    const input = this.input;
    if (!this.#hasText()) return null;
    this.#tell('busy', true);
    // A file still being read is given up for a solve at once: the parse would otherwise wait
    // behind it in the worker, and the file, once read, would replace the puzzle being solved.
    // The walk is of the rating on screen, which that file replaces: it waits and gives way.
    if (this.reading && !walk) {
      this.solver.cancel();
      this.parsing = null;
    }
    let run = null;
    try {
      const parsed = await this.parse();
      if (gen !== this.gen) return null;
      // Cancelled while parsing: the solve is not asked for at all.
      if (job.cancelled) throw new Cancelled();
      if (parsed.status !== 'ok') {
        // The parser's message is shown already; a parse that never answered was cancelled. The
        // walk is asked from a rating on screen, of an input that parsed: it ends silently.
        if (!walk) this.#tell(parsed.status === 'error' ? 'refused' : 'cancelled', null);
        return null;
      }
      // Asked first: the worker answers in order, and the verdict engine takes milliseconds where
      // the traced solve may run to its cap.
      this.#askVerdict(job, input);
      const request = walk ? { walk: true } : { strategies: input.strategies };
      const traced = this.solver.solve(input.text, { diagonal: input.diagonal, ...request, ...this.limits });
      // After the solve: when the whole ladder needs guessing, the rating searches too.
      this.#askRating(job, input);
      const trace = await traced;
      // The registry the trace's strategy steps are explained by (asked of the worker once).
      const registry = await this.solver.strategies();
      if (gen !== this.gen || job.superseded) return null;
      if (job.cancelled) throw new Cancelled();
      run = this.#makeRun(gen, input, trace, registry);
      if (walk) run.walk = true;
      // The run it replaces (the walk's, for a solve; the solve's, for the walk) stops playing.
      this.#dropRun();
      this.run = run;
    } catch (e) {
      if (gen !== this.gen || job.superseded) return null;
      if (e instanceof Cancelled) this.#tell('cancelled');
      else if (!e.loadError) this.#tell('failed', e.message);
      return null;
    } finally {
      if (gen === this.gen && !job.superseded) this.#tell('busy', false);
    }
    this.#tell('solved', run);
    run.player.seek(at);
    return run;
  }

  /**
   * The verdict engine's answer for `input` (under the page's node cap), told to the view as
   * `verdict` and kept as `this.verdict`, `{ gen, answer }`; see #whenCurrent.
   */
  #askVerdict(job, input) {
    this.#whenCurrent(job, this.solver.verdict(input.text, { diagonal: input.diagonal, maxNodes: this.limits.maxNodes }), (answer) => {
      this.verdict = { gen: job.gen, answer };
      this.#tell('verdict', answer, input);
    });
  }

  /** The rating of `input`, told to the view as `rated` and kept as `this.rating`, `{ gen, rating }`; see #whenCurrent. */
  #askRating(job, input) {
    this.#whenCurrent(job, this.solver.rate(input.text, { diagonal: input.diagonal, maxNodes: this.limits.maxNodes }), (rating) => {
      this.rating = { gen: job.gen, rating };
      this.#tell('rated', rating, input);
    });
  }

  /**
   * Hands `request`'s answer to `show` while `job`'s generation is current and its solve was not
   * cancelled; otherwise it is dropped. A request that fails (cancelled, a worker lost) says
   * nothing and leaves what is shown as it was: the solve it goes with reports for both.
   */
  #whenCurrent(job, request, show) {
    request.then(
      (answer) => {
        if (job.gen !== this.gen || job.cancelled) return;
        show(answer);
      },
      () => {},
    );
  }

  /** A run of `trace`: its replay, its player (reporting to the view) and what drawing needs. */
  #makeRun(gen, input, trace, registry) {
    const replay = new Replay(trace);
    // The constraints drawn: the trace's own (format 4), else the puzzle's as parsed.
    const puzzle = trace.puzzle || (this.isAccepted ? this.accepted.puzzle : null) || null;
    const run = { gen, input, trace, registry, replay, player: null, topo: topology(trace), givens: trace.initial.map((c) => count(c) === 1), puzzle };
    run.player = new Player(replay, { onChange: (change) => this.#tell('moved', run, change), speed: this.speed });
    return run;
  }

  /**
   * Plays a trace file made elsewhere: the worker hands it to the facade, which refuses it by its
   * size before reading it, and validates it. Resolves to { run } (the trace's puzzle is now the
   * input, and the run is on screen from its start), { error } (the facade's Error; the puzzle on
   * screen is kept), { cancelled: 'edited' } when an edit came first (the edit wins), or
   * { cancelled: 'stopped' } when a solve stopped the worker before the file was read; null when
   * the worker could not load (said by the page already). `since`: the generation the file was
   * asked for at (a `?trace=` download began), by default now: an edit made since then wins too.
   * The verdict engine is then asked about the trace's puzzle, so the file's claims about it can
   * be checked (`verdict`, told to the view as for a solve).
   */
  async open(file, { since = this.gen } = {}) {
    const gen = since;
    if (gen !== this.gen) return { cancelled: 'edited' };
    let trace;
    let registry;
    this.#tell('opening', true);
    this.reading++;
    try {
      // Within the page's caps, as a solve here is.
      trace = await this.solver.openTrace(file, { maxSteps: this.limits.maxSteps, maxBytes: this.limits.maxBytes });
      registry = await this.solver.strategies();
    } catch (e) {
      if (gen !== this.gen) return { cancelled: 'edited' };
      if (e instanceof Cancelled) return { cancelled: 'stopped' };
      if (e.loadError) return null;
      return { error: e };
    } finally {
      this.reading--;
      this.#tell('opening', false);
    }
    if (gen !== this.gen) return { cancelled: 'edited' };
    const input = freeze({
      // A variant's as the facade wrote it (its ISS string), so a solve keeps its constraints.
      text: trace.puzzleText || puzzleText(trace.initial),
      diagonal: trace.variant === 'diagonal',
      // A trace of the learner's own changes names no strategy: the page's choice stays.
      strategies: trace.strategies.length ? trace.strategies : this.input.strategies,
    });
    this.gen++;
    if (this.solving) this.solver.cancel();
    this.solving = null;
    this.parsing = null;
    clearTimeout(this.timer);
    this.#dropRun();
    this.input = input;
    this.accepted = { text: input.text, diagonal: input.diagonal, initial: trace.initial, puzzle: trace.puzzle || null };
    this.#tell('busy', false);
    this.#tell('edited', input, { puzzleChanged: true });
    this.#tell('parsed', this.accepted);
    const run = this.#makeRun(this.gen, input, trace, registry);
    // A link holds a puzzle, not a trace: it reopens this one solved by Propagate.
    run.file = (file && file.name) || 'the opened file';
    this.run = run;
    this.#tell('solved', run);
    run.player.seek(0);
    this.#askVerdict({ gen: this.gen, cancelled: false }, input);
    return { run };
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
   * Solves the current puzzle under the ladder of strategy sets (none, then each prefix of the registry); the answer is shown
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
   * is not parsed yet (else it has no link until it is); `step`: the run's position goes in,
   * unless the run is a trace file opened here: then the step is 0 and `note` says what the link
   * opens instead.
   */
  async linkState({ step = true, wait = true } = {}) {
    const parsed = wait ? await this.parse() : { status: this.isAccepted ? 'ok' : 'pending' };
    if (parsed.status === 'empty') return { error: 'Nothing to link: the puzzle is empty' };
    if (parsed.status !== 'ok' || !this.isAccepted) return { error: 'Nothing to link: the puzzle above does not parse' };
    const { text, diagonal, strategies } = this.input;
    const opened = this.run && this.run.file;
    // A step of an opened trace, or of the rating's walk, is no step of Propagate's solve, which
    // the link would open.
    const position = step && this.run && !opened && !this.run.walk ? this.run.replay.position : 0;
    const state = { puzzle: text.trim(), diagonal, strategies, step: position };
    if (!opened) return { state };
    return { state, note: `This link opens the puzzle of ${opened} solved by Propagate, not the trace itself: to share the trace, share the file` };
  }

  #hasText() {
    if (!isBlank(this.input.text)) return true;
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

/**
 * A trace's initial candidates (masks) as text the parser takes: a line of 81 boxes when every box is a
 * given or holds every digit, else a candidate grid (nine lines of nine fields).
 */
function puzzleText(initial) {
  const givens = givensOfCandidates(initial);
  if (givens) return lineOf(givens);
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(Array.from(initial.slice(r * 9, r * 9 + 9), digitsText).join(' '));
  return rows.join('\n');
}

/**
 * True for text that is only whitespace, within the parser's cap: nothing to parse. Whitespace
 * past the cap goes to the parser, which refuses it as too long (a textarea of 600,000 empty
 * lines is no empty puzzle).
 */
function isBlank(text) {
  return !text.trim() && !overInputCap(text);
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
