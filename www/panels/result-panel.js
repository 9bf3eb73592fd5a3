// The result panel: what the verdict engine answered, the puzzle's rating, and the verdict and
// statistics of the run on screen, each labelled with where it comes from (index.html). The
// engine's answer (`#engine-verdict`) comes from its own search without a trace, asked with each
// solve; the rating (`#rating`) from climbing the ladder (the facade's `rate`); the trace's
// verdict (`#verdict`) and figures from the trace the board replays. Each statistic
// is a `<dd id="stat-NAME">`: a strategy's steps (NAME its id, rows made from the registry by
// strategy-view.js), the search's counts (nodes, guesses, backtracks, max_depth) and the steps in
// all (steps).

import { describeOutcome } from '../trace/explain.js';

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
 * The words for a rating (crates/solver-wasm's `rate`), the technique named by its registry
 * label (`labelOf(id)`).
 */
export function describeRating(rating, labelOf) {
  switch (rating.kind) {
    case 'rung':
      return rating.strategy === null
        ? 'Given complete: no technique needed'
        : `${labelOf(rating.strategy)}: ${rating.score.toFixed(1)} on Sudoku Explainer's scale`;
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

export class ResultPanel {
  /**
   * @param {{ engine: HTMLElement, rating: HTMLElement, verdict: HTMLElement, stats: HTMLElement }} el
   * @param {(id: string) => string} labelOf  a strategy's label, from the registry
   */
  constructor(el, labelOf = (id) => id) {
    this.el = el;
    this.labelOf = labelOf;
    /** True while the rating's element shows a rating. */
    this.rated = false;
    /** True while the engine's element shows an answer. */
    this.answered = false;
  }

  /** The verdict engine's answer. */
  showVerdict(answer) {
    const v = describeVerdict(answer);
    this.el.engine.dataset.verdict = v.verdict;
    this.el.engine.dataset.solutions = String(answer.solutions);
    this.el.engine.textContent = v.text;
    this.answered = true;
  }

  /** The puzzle's rating. */
  showRating(rating) {
    this.el.rating.dataset.rating = rating.kind;
    this.el.rating.dataset.strategy = rating.strategy || '';
    this.el.rating.textContent = describeRating(rating, this.labelOf);
    this.rated = true;
  }

  /** The verdict and counts of a trace. */
  show(trace) {
    const s = trace.stats || {};
    const steps = s.steps || {};
    for (const dd of this.el.stats.querySelectorAll('dd[id^="stat-"]')) {
      const name = dd.id.slice('stat-'.length);
      const v = name === 'steps' ? trace.steps.length : name in steps ? steps[name] : s[name];
      dd.textContent = v === undefined || v === null ? '–' : String(v);
    }
    const v = describeOutcome(trace.outcome);
    this.el.verdict.dataset.verdict = v.verdict;
    this.el.verdict.textContent = v.text;
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
      this.answered = false;
    }
    if (!(keepEngine && this.rated)) {
      this.el.rating.dataset.rating = '';
      this.el.rating.dataset.strategy = '';
      this.el.rating.textContent = '–';
      this.rated = false;
    }
  }
}
