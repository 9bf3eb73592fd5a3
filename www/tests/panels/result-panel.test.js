// The result panel (panels/result-panel.js): the verdict engine's answer, the rating and the
// trace's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ResultPanel, describeVerdict, describeRating } from '../../panels/result-panel.js';

const REGISTRY = JSON.parse(readFileSync(new URL('../fixtures/strategies.json', import.meta.url), 'utf8'));
const labelOf = (id) => REGISTRY.find((s) => s.id === id).label;

/** Just enough of an element for the result panel: text, data attributes and `dd` children. */
function element(children = []) {
  return { textContent: '', dataset: {}, querySelectorAll: () => children };
}

function panel() {
  const dds = ['stat-nodes', 'stat-steps', 'stat-eliminate'].map((id) => ({ id, textContent: '' }));
  const el = { engine: element(), rating: element(), verdict: element(), stats: element(dds) };
  return { el, dds, view: new ResultPanel(el, labelOf) };
}

const answer = (verdict, solutions, { capped = false, nodes = 3 } = {}) => ({ engine: 'verdict', verdict, solutions, solution: null, capped, nodes, max: 200000 });

test("the verdict engine's answers in words, uniqueness and search nodes included", () => {
  assert.deepEqual(describeVerdict(answer('solved', 1)), { verdict: 'solved', text: 'Solved: the solution is unique (3 search nodes)' });
  assert.equal(describeVerdict(answer('solved', 2)).text, 'Solved, but the solution is not unique: two or more (3 search nodes)');
  assert.deepEqual(describeVerdict(answer('no_solution', 0, { nodes: 1 })), { verdict: 'no_solution', text: 'No solution (1 search node)' });
  assert.equal(describeVerdict(answer('solved', 1, { capped: true })).text,
    'Solved; whether the solution is unique is not known (counting the solutions stopped at the limit of 200000 search nodes)');
  assert.deepEqual(describeVerdict(answer('capped', 0, { capped: true })),
    { verdict: 'capped', text: 'Stopped at the limit of 200000 search nodes: nothing is claimed about this puzzle' });
});

test("the engine's answer and a capped trace's verdict and figures side by side, each in its place", () => {
  const { el, dds, view } = panel();
  view.clear('Solving…', { engineMessage: 'Asking…' });
  assert.equal(el.engine.textContent, 'Asking…');
  view.showVerdict(answer('no_solution', 0, { nodes: 1 }));
  assert.equal(el.engine.dataset.verdict, 'no_solution');
  assert.equal(el.engine.dataset.solutions, '0');
  assert.equal(el.verdict.textContent, 'Solving…', "the trace's place still waits for the trace");
  view.show({ steps: [{}, {}], stats: { nodes: 9, steps: { eliminate: 4 } }, outcome: { verdict: 'capped', limit: 'steps', max: 2 } });
  assert.equal(el.engine.textContent, 'No solution (1 search node)', "the trace does not overwrite the engine's answer");
  assert.equal(el.verdict.dataset.verdict, 'capped');
  assert.match(el.verdict.textContent, /^Stopped at the limit of 2 steps/);
  assert.deepEqual(dds.map((d) => d.textContent), ['9', '2', '4'], "the figures are the trace's");
});

test("a cancelled or failed solve keeps the engine's answer; a new input or solve clears it", () => {
  const { el, view } = panel();
  view.clear('Cancelled.', { keepEngine: true });
  assert.equal(el.engine.textContent, 'Not asked yet.', 'nothing to keep: the engine had not answered');
  view.showVerdict(answer('solved', 1));
  view.clear('Cancelled.', { keepEngine: true });
  assert.equal(el.verdict.textContent, 'Cancelled.');
  assert.equal(el.engine.dataset.verdict, 'solved');
  assert.match(el.engine.textContent, /unique/);
  view.clear();
  assert.equal(el.engine.textContent, 'Not asked yet.');
  assert.equal(el.engine.dataset.verdict, '');
  assert.equal(el.engine.dataset.solutions, undefined);
  assert.equal(el.verdict.textContent, 'Not solved yet.');
});

test("a rating in words: the registry's label and the score, or the search it needs", () => {
  const second = REGISTRY[1];
  assert.equal(describeRating({ kind: 'rung', strategy: second.id, score: 1.5 }, labelOf), `${second.label}: 1.5 on Sudoku Explainer's scale`);
  assert.equal(describeRating({ kind: 'rung', strategy: null, score: 0 }, labelOf), 'Given complete: no technique needed');
  assert.equal(describeRating({ kind: 'search', nodes: 42 }, labelOf), 'Needs search: 42 nodes with every technique of the ladder');
  assert.equal(describeRating({ kind: 'search', nodes: 1 }, labelOf), 'Needs search: 1 node with every technique of the ladder');
  assert.equal(describeRating({ kind: 'no_solution' }, labelOf), 'No solution: nothing to rate');
  assert.match(describeRating({ kind: 'capped', limit: 'nodes', max: 200000 }, labelOf), /^Needs search: more than 200000 nodes .*stopped at the limit/);
});

test('the rating shows in its place, stays through Cancel and goes with a new input', () => {
  const { el, view } = panel();
  view.showRating({ kind: 'rung', strategy: REGISTRY[0].id, score: 2.3 });
  assert.equal(el.rating.dataset.rating, 'rung');
  assert.equal(el.rating.dataset.strategy, REGISTRY[0].id);
  assert.equal(el.rating.textContent, `${REGISTRY[0].label}: 2.3 on Sudoku Explainer's scale`);
  view.clear('Cancelled.', { keepEngine: true });
  assert.equal(el.rating.dataset.rating, 'rung');
  view.clear();
  assert.equal(el.rating.textContent, '–');
  assert.equal(el.rating.dataset.rating, '');
});
