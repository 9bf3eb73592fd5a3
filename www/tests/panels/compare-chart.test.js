// The comparison's chart model (panels/compare-chart.js): its bars, log scale, capped sets and
// labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chartModel, ladderLabel, logFraction, totalSteps, ticks, summarise, formatCount } from '../../panels/compare-chart.js';

// The registry's labels, as strategy-view.js hands them over.
const LABELS = { eliminate: 'Eliminate', only_choice: 'Only choice', naked_twins: 'Naked twins' };
const labelOf = (id) => LABELS[id] || id;

const stats = (nodes, e = 0, o = 0, t = 0, backtracks = 0) => ({
  nodes, guesses: nodes - 1, backtracks, max_depth: 0, steps: { eliminate: e, only_choice: o, naked_twins: t },
});

// Seed 003's example as compare_strategies gives it.
const SEED_003 = [
  { strategies: [], verdict: 'solved', stats: stats(4227, 0, 0, 0, 4200) },
  { strategies: ['eliminate'], verdict: 'solved', stats: stats(1, 81) },
  { strategies: ['eliminate', 'only_choice'], verdict: 'solved', stats: stats(1, 70, 4) },
  { strategies: ['eliminate', 'only_choice', 'naked_twins'], verdict: 'solved', stats: stats(1, 70, 4, 0) },
];

test('steps in all: the strategies, the stops, the guesses and the backtracks', () => {
  assert.equal(totalSteps(stats(4227, 0, 0, 0, 4200)), 4226 + 4200);
  assert.equal(totalSteps(stats(1, 70, 4, 2)), 76);
  assert.equal(totalSteps({ ...stats(3, 70, 4, 2, 1), stops: 2 }), 76 + 2 + 2 + 1);
});

test('the log scale puts 0 at 0, the maximum at 1, and 1 visibly above 0', () => {
  assert.equal(logFraction(0, 1000), 0);
  assert.equal(logFraction(1000, 1000), 1);
  assert.ok(logFraction(1, 200_000) > 0.05);
  assert.ok(logFraction(10, 1000) < logFraction(100, 1000));
  assert.equal(logFraction(5, 0), 0);
});

test('the chart of seed 003: four sets in the ladder order, keyed in the trace naming', () => {
  const m = chartModel(SEED_003, { current: 'eliminate,only_choice,naked_twins', labelOf });
  assert.deepEqual(m.sets.map((s) => s.key), ['', 'eliminate', 'eliminate,only_choice', 'eliminate,only_choice,naked_twins']);
  assert.deepEqual(m.sets.map((s) => s.values.nodes), [4227, 1, 1, 1]);
  assert.equal(m.sets[0].label, 'No strategy (pure search)');
  assert.equal(m.sets[3].current, true);
  assert.equal(m.sets[0].current, false);
  assert.equal(m.max, 8426);
  const [nodes, guesses, steps] = m.sets[0].bars;
  assert.equal(nodes.text, '4,227');
  assert.equal(guesses.value, 4226);
  assert.equal(steps.fraction, 1);
  assert.ok(m.sets[1].bars[0].fraction > 0 && m.sets[1].bars[0].fraction < 0.1);
  assert.equal(m.sets[1].bars[1].fraction, 0, 'no guesses, no bar');
  assert.deepEqual(m.ticks.map((t) => t.text), ['1', '10', '100', '1k']);
  assert.equal(summarise(m), 'No strategy (pure search): 4,227 nodes; Eliminate: 1 node; + only choice: 1 node; + naked twins: 1 node');
});

test('a capped set says so: its counts are lower bounds', () => {
  const m = chartModel([{ strategies: [], verdict: 'capped', stats: stats(200_000, 0, 0, 0, 199_000) }, ...SEED_003.slice(1)], { labelOf });
  const none = m.sets[0];
  assert.equal(none.note, 'capped at 200,000 nodes: pure search did not finish');
  assert.equal(none.bars[0].text, '≥ 200,000');
  assert.equal(none.bars[0].capped, true);
  assert.equal(m.sets[1].bars[0].capped, false);
  assert.match(summarise(m), /^No strategy \(pure search\): capped at 200,000 nodes/);
  assert.deepEqual(ticks(200_000).map((t) => t.value), [1, 100, 10000]);
  assert.deepEqual(ticks(9000).map((t) => t.text), ['1', '10', '100', '1k']);
  assert.equal(formatCount(1234567), '1,234,567');
});

test('the ladder in words: pure search, the first rung, then the rung each set adds', () => {
  assert.equal(ladderLabel([], labelOf), 'No strategy (pure search)');
  assert.equal(ladderLabel(['eliminate'], labelOf), 'Eliminate');
  assert.equal(ladderLabel(['eliminate', 'only_choice', 'naked_twins', 'hidden_pairs'], (id) => (id === 'hidden_pairs' ? 'Hidden pairs' : labelOf(id))), '+ hidden pairs');
  assert.equal(ladderLabel(['x', 'y']), '+ y', 'an unknown id is shown as itself');
  // Names with capitals of their own keep them.
  assert.equal(ladderLabel(['a', 'b'], (id) => (id === 'b' ? 'XY-wing' : id)), '+ XY-wing');
  assert.equal(ladderLabel(['a', 'b'], (id) => (id === 'b' ? 'X-wing' : id)), '+ X-wing');
  assert.equal(ladderLabel(['a', 'b'], (id) => (id === 'b' ? 'Swordfish' : id)), '+ swordfish');
});

test('steps in all counts every strategy the stats name, later rungs too', () => {
  assert.equal(totalSteps({ nodes: 1, guesses: 2, backtracks: 1, steps: { eliminate: 3, hidden_pairs: 4 } }), 10);
});
