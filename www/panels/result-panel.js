// The result panel: what the verdict engine answered, the puzzle's rating, and the verdict and
// statistics of the run on screen, each labelled with where it comes from (index.html). The
// engine's answer (`#engine-verdict`) comes from its own search without a trace, asked with each
// solve and about each opened trace file's puzzle; the rating (`#rating`) from climbing the
// ladder (the facade's `rate`); the trace's verdict (`#verdict`) and figures from the trace the
// board replays: Propagate's own, or a file's (then labelled as the file's, and a claim of it the
// engine contradicts is flagged in `#verdict-claim`). Each statistic
// is a `<dd id="stat-NAME">`: a strategy's steps (NAME its id, rows made from the registry by
// strategy-view.js), the search's counts (nodes, guesses, backtracks, max_depth) and the steps in
// all (steps).

import { describeTraceOutcome } from '../trace/explain.js';

/** The words for the verdict engine's answer (crates/solver-wasm's `verdict`). */
export function describeVerdict(answer) {
  const nodes = `${answer.nodes} search node${answer.nodes === 1 ? '' : 's'}`;
  switch (answer.verdict) {
    case 'solved':
      if (answer.capped) {
        return { verdict: 'solved', text: `Solved; whether the solution is unique is not known (counting the solutions stopped at the limit of ${answer.max} search nodes)` };
      }
      return answer.solutions === 1
        ? { verdict: 'solved', text: `Solved: the solution is unique (${nodes})` }
        : { verdict: 'solved', text: `Solved, but the solution is not unique: two or more (${nodes})` };
    case 'no_solution':
      return { verdict: 'no_solution', text: `No solution (${nodes})` };
    case 'capped':
      return { verdict: 'capped', text: `Stopped at the limit of ${answer.max} search nodes: nothing is claimed about this puzzle` };
    default:
      return { verdict: String(answer.verdict), text: `Verdict: ${answer.verdict}` };
  }
}

/**
 * The words for a rating (crates/solver-wasm's `rate`): the hardest of the easiest steps, by the
 * label the facade gives it, its score and where on the easiest path it is needed. `labelOf`
 * names a registry strategy (kept for the kinds that name one).
 */
export function describeRating(rating, labelOf) {
  switch (rating.kind) {
    case 'steps':
      return rating.technique === null
        ? 'Given complete: no technique needed'
        : `${rating.label}: ${rating.score.toFixed(1)} on Sudoku Explainer's scale, needed at step ${rating.step + 1} of ${rating.steps} on the easiest path`;
    case 'search':
      return `Needs search: ${rating.nodes} node${rating.nodes === 1 ? '' : 's'} with every technique of the ladder`;
    case 'no_solution':
      return 'No solution: nothing to rate';
    case 'capped':
      return `Needs search: more than ${rating.max} ${rating.limit === 'steps' ? 'steps' : 'nodes'} with every technique of the ladder (stopped at the limit)`;
    default:
      return `Rating: ${rating.kind}`;
  }
}

/** What a count of solutions says, in words: 1, 2 (two or more) or 0 for a verdict of none. */
const SOLUTIONS = { 0: 'no solution', 1: 'a unique solution', 2: 'two or more solutions' };

/**
 * Where a trace file's outcome and the verdict engine's answer about its puzzle disagree, the
 * words saying so; null when they agree, or when either claims nothing: a file's `solved` with
 * `solutions` 0 (not counted), `capped` or `unsolved`, and an engine's answer stopped at its cap.
 * The engine searches the puzzle itself; the file only states its outcome, which the page's
 * validator checks against the steps without counting the solutions (a file's `solutions` can be
 * edited; `propagate check` counts them).
 */
export function claimConflict(outcome, answer) {
  const claimed = claimedCount(outcome);
  if (claimed === null || !answer || answer.capped) return null;
  const found = answer.verdict === 'no_solution' ? 0 : answer.verdict === 'solved' ? answer.solutions : null;
  if (found === null || !(found in SOLUTIONS) || found === claimed) return null;
  return `The file claims ${SOLUTIONS[claimed]}, but the puzzle has ${SOLUTIONS[found]} (the verdict engine's answer above).`;
}

/** The count of solutions an outcome claims (0, 1 or 2: two or more), or null for no claim. */
function claimedCount(outcome) {
  if (!outcome) return null;
  if (outcome.verdict === 'no_solution') return 0;
  if (outcome.verdict === 'solved' && (outcome.solutions === 1 || outcome.solutions === 2)) return outcome.solutions;
  return null;
}

export class ResultPanel {
  /**
   * @param {{ engine: HTMLElement, rating: HTMLElement, verdict: HTMLElement, stats: HTMLElement,
   *           claim?: HTMLElement, source?: HTMLElement, ratingStep?: HTMLButtonElement }} el
   *   `claim`: where a trace file's claim the engine contradicts is flagged (hidden otherwise);
   *   `source`: the words saying where the trace's verdict comes from (`#verdict-label`'s span);
   *   `ratingStep`: the button to the rating's step (shown when the rating names one)
   * @param {(id: string) => string} labelOf  a strategy's label, from the registry
   */
  constructor(el, labelOf = (id) => id) {
    this.el = el;
    this.labelOf = labelOf;
    /** True while the rating's element shows a rating. */
    this.rated = false;
    /** The rating shown (the facade's `rate`), or null. */
    this.rating = null;
    /** The engine's answer shown, or null. */
    this.answer = null;
    /** The outcome of the trace file shown, or null (Propagate's own trace claims nothing to check). */
    this.fileOutcome = null;
    /** What the source says of Propagate's own trace. */
    this.ownSource = el.source ? el.source.textContent : '';
  }

  /** True while the engine's element shows an answer. */
  get answered() {
    return this.answer !== null;
  }

  /** The verdict engine's answer. */
  showVerdict(answer) {
    const v = describeVerdict(answer);
    this.el.engine.dataset.verdict = v.verdict;
    this.el.engine.dataset.solutions = String(answer.solutions);
    this.el.engine.textContent = v.text;
    this.answer = answer;
    this.#flag();
  }

  /** The flag of a file's claim that the engine's answer contradicts, shown or hidden. */
  #flag() {
    const claim = this.el.claim;
    if (!claim) return;
    const text = this.fileOutcome ? claimConflict(this.fileOutcome, this.answer) : null;
    claim.textContent = text || '';
    claim.hidden = !text;
  }

  /** Where the trace's verdict comes from: Propagate's own solve, the rating's walk, or the file `file`. */
  #source(file, walk = false) {
    if (!this.el.source) return;
    this.el.source.textContent = file
      ? `the file ${file}, replayed on the board; this verdict and the figures below are the file's own, checked against its steps`
      : walk
        ? "the rating's walk, replayed on the board: the easiest step each time, every strategy of the ladder on (not only those ticked above); the figures below are its own"
        : this.ownSource;
  }

  /** The puzzle's rating, and the button to the step where its hardest technique is needed. */
  showRating(rating) {
    this.el.rating.dataset.rating = rating.kind;
    this.el.rating.dataset.strategy = rating.strategy || '';
    this.el.rating.textContent = describeRating(rating, this.labelOf);
    this.rated = true;
    this.rating = rating;
    const button = this.el.ratingStep;
    if (button) {
      const step = rating.kind === 'steps' ? rating.step : null;
      button.hidden = step === null || step === undefined;
      if (!button.hidden) button.textContent = `Show step ${step + 1}, where ${rating.label} is needed`;
    }
  }

  /**
   * The verdict and counts of a trace; `file`: the name of the trace file it was read from (its
   * outcome is then the file's claim, checked against the engine's answer).
   */
  show(trace, { file = null, walk = false } = {}) {
    const s = trace.stats || {};
    const steps = s.steps || {};
    for (const dd of this.el.stats.querySelectorAll('dd[id^="stat-"]')) {
      const name = dd.id.slice('stat-'.length);
      const v = name === 'steps' ? trace.steps.length : name in steps ? steps[name] : s[name];
      dd.textContent = v === undefined || v === null ? '–' : String(v);
    }
    const v = describeTraceOutcome(trace);
    this.el.verdict.dataset.verdict = v.verdict;
    this.el.verdict.textContent = v.text;
    this.fileOutcome = file ? trace.outcome : null;
    this.#source(file, walk);
    // A file's puzzle is asked of the engine after the file opened.
    if (file && !this.answered) this.el.engine.textContent = 'Asking…';
    this.#flag();
  }

  /**
   * No run: every count a dash, and `message` in place of the trace's verdict. The engine's
   * answer goes too, `engineMessage` in its place, unless `keepEngine` and it has answered (a
   * solve that failed or was cancelled: what the engine said of the same puzzle still holds);
   * the same for the rating.
   */
  clear(message = 'Not solved yet.', { keepEngine = false, engineMessage = 'Not asked yet.' } = {}) {
    for (const dd of this.el.stats.querySelectorAll('dd')) dd.textContent = '–';
    this.el.verdict.dataset.verdict = '';
    this.el.verdict.textContent = message;
    if (!(keepEngine && this.answered)) {
      this.el.engine.dataset.verdict = '';
      delete this.el.engine.dataset.solutions;
      this.el.engine.textContent = engineMessage;
      this.answer = null;
    }
    this.fileOutcome = null;
    this.#source(null);
    this.#flag();
    if (!(keepEngine && this.rated)) {
      this.el.rating.dataset.rating = '';
      this.el.rating.dataset.strategy = '';
      this.el.rating.textContent = '–';
      this.rated = false;
      this.rating = null;
      if (this.el.ratingStep) this.el.ratingStep.hidden = true;
    }
  }
}
