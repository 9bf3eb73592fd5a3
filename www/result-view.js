// The result panel: the verdict and the statistics of the run on screen. Each statistic is a
// `<dd id="stat-NAME">`: a strategy's steps (NAME its id, rows made from the registry by
// strategy-view.js), the search's counts (nodes, guesses, backtracks, max_depth) and the steps in
// all (steps).

import { describeOutcome } from './explain.js';

export class ResultView {
  /** @param {{ verdict: HTMLElement, stats: HTMLElement }} el */
  constructor(el) {
    this.el = el;
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

  /** No run: every count a dash, and `message` in place of a verdict. */
  clear(message = 'Not solved yet.') {
    for (const dd of this.el.stats.querySelectorAll('dd')) dd.textContent = '–';
    this.el.verdict.dataset.verdict = '';
    this.el.verdict.textContent = message;
  }
}
