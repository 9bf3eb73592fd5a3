// The comparison panel: the current puzzle solved under the ladder of strategy sets (none, then
// each prefix of the registry, up to all; session.js asks the worker), drawn by compare-chart-view.js
// in the registry's words; the set the learner has chosen is marked, and redrawn when the choice
// changes.

import { chartModel, summarise } from './compare-chart.js';
import { drawCompareChart } from './compare-chart-view.js';

export class ComparePanel {
  /**
   * @param {{ button: HTMLButtonElement, status: HTMLElement, chart: HTMLElement }} el
   * @param {{ maxNodes: number }} limits the cap the comparison runs under, said when reached
   * @param {(id: string) => string} labelOf a strategy's label (strategy-view.js)
   */
  constructor(el, limits, labelOf) {
    this.el = el;
    this.limits = limits;
    this.labelOf = labelOf;
    this.results = null;
  }

  busy(on) {
    this.el.button.disabled = on;
    this.el.button.textContent = on ? 'Comparing…' : 'Compare strategies';
    if (on) this.el.status.textContent = 'Solving under each set of the ladder…';
  }

  /** The comparison's results, marking `strategies` as the learner's. */
  show(results, strategies) {
    this.results = results;
    this.draw(strategies);
  }

  failed(message) {
    this.el.status.textContent = message ? `Could not compare: ${message}` : '';
  }

  /** Redraws for the learner's strategies now. */
  draw(strategies) {
    const el = this.el;
    if (!this.results) {
      drawCompareChart(el.chart, null);
      return;
    }
    const model = chartModel(this.results, { current: strategies.join(','), labelOf: this.labelOf });
    drawCompareChart(el.chart, model);
    const capped = this.results.some((c) => c.verdict === 'capped');
    // Shown: how to read the chart. Announced too: the node counts.
    const said = document.createElement('span');
    said.className = 'sr-only';
    said.textContent = ` Search nodes: ${summarise(model)}.`;
    el.status.replaceChildren(
      `Bars on a log scale.${capped ? ` Search stops at the page's cap of ${this.limits.maxNodes.toLocaleString('en-US')} nodes.` : ''}`,
      said,
    );
  }

  clear() {
    this.results = null;
    this.el.status.textContent = '';
    this.draw([]);
  }
}
