// Pure, DOM-free: the strategy comparison as a chart model. The solver's `compare` gives, for
// each set of the ladder (none, then one more rung each time, up to all), its verdict and its
// effort; this turns that into labelled bars on one logarithmic scale, since search nodes run
// from 1 (propagation alone) to the node cap (pure search on a hard puzzle). The sets' words come
// from the registry (strategy-view.js); nothing here names a strategy.

/**
 * A set of the ladder in words: none is pure search, one strategy its label, and each later set
 * the rung it adds ("+ " and its label), since a set on the ladder holds every rung before it.
 * @param {string[]} ids the set, in ladder order
 * @param {(id: string) => string} labelOf a strategy's label (its id when unknown)
 */
export function ladderLabel(ids, labelOf = (id) => id) {
  if (ids.length === 0) return 'No strategy (pure search)';
  if (ids.length === 1) return labelOf(ids[0]);
  return `+ ${inSentence(labelOf(ids[ids.length - 1]))}`;
}

/**
 * A label as it reads inside a sentence: its first letter lower case when the second is lower
 * case too ("Abc def" -> "abc def"), as written otherwise ("A-bcd", "AB-cd": capitals of its own).
 */
export function inSentence(label) {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}

export const METRICS = Object.freeze([
  { key: 'nodes', label: 'nodes' },
  { key: 'guesses', label: 'guesses' },
  { key: 'steps', label: 'steps' },
]);

/**
 * Every step a trace of this solve would hold: the strategies' steps, one per node where the
 * rounds stop short of a solution, one per guess and one per backtrack (the page's "Steps in all").
 */
export function totalSteps(stats) {
  const s = (stats && stats.steps) || {};
  let sum = 0;
  for (const n of Object.values(s)) sum += n || 0;
  return sum + (stats.stops || 0) + (stats.guesses || 0) + (stats.backtracks || 0);
}

/** Where `value` falls on a log scale from 0 to `max`: log(1 + v) / log(1 + max), in 0..1. */
export function logFraction(value, max) {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.min(1, Math.log10(1 + value) / Math.log10(1 + max));
}

/** 4227 -> "4,227". */
export function formatCount(n) {
  return Number(n).toLocaleString('en-US');
}

/**
 * The chart: one set per comparison (in the solver's order), each with a bar per metric.
 * `current` is the page's strategies, comma-joined, to mark the set the learner has chosen;
 * `labelOf` gives a strategy's label (ladderLabel).
 */
export function chartModel(comparisons, { current = null, labelOf } = {}) {
  const sets = comparisons.map((c) => {
    const ids = c.strategies || [];
    const key = ids.join(',');
    const values = { nodes: c.stats.nodes, guesses: c.stats.guesses, steps: totalSteps(c.stats) };
    return { key, label: ladderLabel(ids, labelOf), verdict: c.verdict, values, stats: c.stats, current: key === current };
  });
  const max = Math.max(1, ...sets.flatMap((s) => Object.values(s.values)));
  for (const s of sets) {
    const capped = s.verdict === 'capped';
    s.bars = METRICS.map((m) => {
      const v = s.values[m.key];
      // A capped count is a lower bound: say so on the bar.
      const text = capped ? `≥ ${formatCount(v)}` : formatCount(v);
      return { metric: m.key, label: m.label, value: v, fraction: logFraction(v, max), text, capped };
    });
    s.note = capped
      ? `capped at ${formatCount(s.values.nodes)} nodes: pure search did not finish`
      : s.verdict === 'no_solution'
        ? 'no solution'
        : '';
  }
  return { sets, max, ticks: ticks(max) };
}

/**
 * Powers of ten up to `max`, with their place on the scale: 1, 10, 100, 1k, … (every other
 * power beyond 10,000, so the labels do not collide).
 */
export function ticks(max) {
  const out = [];
  const factor = max > 10_000 ? 100 : 10;
  for (let v = 1; v <= max; v *= factor) {
    out.push({ value: v, fraction: logFraction(v, max), text: v >= 1000 ? `${v / 1000}k` : String(v) });
  }
  return out;
}

/** One sentence for a screen reader or a caption: the nodes of each set. */
export function summarise(model) {
  return model.sets
    .map((s) => `${s.label}: ${s.verdict === 'capped' ? `capped at ${formatCount(s.values.nodes)}` : formatCount(s.values.nodes)} ${s.values.nodes === 1 ? 'node' : 'nodes'}`)
    .join('; ');
}
