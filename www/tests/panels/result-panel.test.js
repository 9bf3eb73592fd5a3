// The result panel (panels/result-panel.js): the verdict engine's answer, the rating and the
// trace's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ResultPanel, describeVerdict, describeRating, claimConflict } from '../../panels/result-panel.js';

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
  assert.equal(
    describeRating({ kind: 'steps', technique: second.id, label: second.label, strategy: second.id, score: 1.5, step: 3, steps: 10 }, labelOf),
    `${second.label}: 1.5 on Sudoku Explainer's scale, needed at step 4 of 10 on the easiest path`,
  );
  assert.equal(describeRating({ kind: 'steps', technique: null, label: null, strategy: null, score: 0, step: null, steps: 0 }, labelOf), 'Given complete: no technique needed');
  assert.equal(describeRating({ kind: 'search', nodes: 42 }, labelOf), 'Needs search: 42 nodes with every technique of the ladder');
  assert.equal(describeRating({ kind: 'search', nodes: 1 }, labelOf), 'Needs search: 1 node with every technique of the ladder');
  assert.equal(describeRating({ kind: 'no_solution' }, labelOf), 'No solution: nothing to rate');
  assert.match(describeRating({ kind: 'capped', limit: 'nodes', max: 200000 }, labelOf), /^Needs search: more than 200000 nodes .*stopped at the limit/);
});

test('the rating shows in its place, stays through Cancel and goes with a new input', () => {
  const { el, view } = panel();
  view.showRating({ kind: 'steps', technique: 'naked_single', label: 'Naked single', strategy: REGISTRY[0].id, score: 2.3, step: 0, steps: 5 });
  assert.equal(el.rating.dataset.rating, 'steps');
  assert.equal(el.rating.dataset.strategy, REGISTRY[0].id);
  assert.equal(el.rating.textContent, "Naked single: 2.3 on Sudoku Explainer's scale, needed at step 1 of 5 on the easiest path");
  view.clear('Cancelled.', { keepEngine: true });
  assert.equal(el.rating.dataset.rating, 'steps');
  view.clear();
  assert.equal(el.rating.textContent, '–');
  assert.equal(el.rating.dataset.rating, '');
});

const outcome = (verdict, solutions) => (verdict === 'solved' ? { verdict, solution: '1'.repeat(81), solutions } : { verdict });

test("a file's claim that the engine's answer contradicts is named; no claim, or no answer to judge by, is not", () => {
  assert.equal(claimConflict(outcome('solved', 1), answer('solved', 2)), 'The file claims a unique solution, but the puzzle has two or more solutions (the verdict engine\'s answer above).');
  assert.equal(claimConflict(outcome('solved', 2), answer('solved', 1)), 'The file claims two or more solutions, but the puzzle has a unique solution (the verdict engine\'s answer above).');
  assert.match(claimConflict({ verdict: 'no_solution', contradiction: { kind: 'empty_box', box: 'A1' } }, answer('solved', 1)), /^The file claims no solution, but the puzzle has a unique solution/);
  for (const [claim, engine] of [
    [outcome('solved', 1), answer('solved', 1)],
    [outcome('solved', 2), answer('solved', 2)],
    [outcome('solved', 0), answer('solved', 2)], // not counted: no claim
    [outcome('unsolved'), answer('solved', 1)],
    [{ verdict: 'capped', limit: 'steps', max: 5 }, answer('solved', 2)],
    [outcome('solved', 1), answer('solved', 1, { capped: true })], // the engine could not count
    [outcome('solved', 1), answer('capped', 0, { capped: true })],
  ]) assert.equal(claimConflict(claim, engine), null, `${JSON.stringify(claim)} / ${JSON.stringify(engine)}`);
});

test("an opened file: its outcome labelled as the file's, and a claim the engine contradicts flagged, in either order", () => {
  const { el, view } = panel();
  el.claim = { textContent: '', hidden: true };
  el.source = { textContent: "the course's search with the strategies above, replayed on the board; the figures below are its own" };
  const ownView = new ResultPanel(el, labelOf);
  const forged = { steps: [{}], stats: { nodes: 1, steps: {} }, outcome: outcome('solved', 1) };
  ownView.show(forged, { file: 'forged.json' });
  assert.match(el.source.textContent, /forged\.json/);
  assert.equal(el.claim.hidden, true, 'no answer yet');
  ownView.showVerdict(answer('solved', 2));
  assert.equal(el.claim.hidden, false);
  assert.match(el.claim.textContent, /^The file claims a unique solution, but the puzzle has two or more solutions/);
  // A new input clears the flag and the label.
  ownView.clear();
  assert.equal(el.claim.hidden, true);
  assert.doesNotMatch(el.source.textContent, /forged/);
  // The engine first, then the file (the order a solve's answers come in): flagged too.
  ownView.showVerdict(answer('solved', 1));
  ownView.show({ ...forged, outcome: outcome('solved', 2) }, { file: 'x.json' });
  assert.equal(el.claim.hidden, false);
  // Propagate's own run is not flagged: it is no file's claim.
  ownView.clear();
  ownView.showVerdict(answer('solved', 1));
  ownView.show({ ...forged, outcome: outcome('solved', 2) });
  assert.equal(el.claim.hidden, true);
  assert.ok(view);
});

test("a learner's trace: its solved outcome says the count comes from no search, and an unsolved one says what it means", () => {
  const { el, view } = panel();
  // As the page gets it: `stats.steps` counts the registry's strategies only; the steps are `assign`.
  view.show({ steps: [{ kind: 'assign' }, { kind: 'assign' }], stats: { nodes: 1, steps: { eliminate: 0 } }, outcome: outcome('solved', 0) });
  assert.equal(el.verdict.textContent, 'Solved; whether the solution is unique is not counted: this trace comes from your own code');
  assert.doesNotMatch(el.verdict.textContent, /limit/);
  view.show({ steps: [], stats: { nodes: 1, steps: {} }, outcome: { verdict: 'unsolved' } });
  assert.equal(el.verdict.dataset.verdict, 'unsolved');
  assert.equal(el.verdict.textContent, "Not solved: your code's final grid is not a solution (a box left open, a unit broken, or a given changed); nothing is claimed about this puzzle");
  // Propagate's own trace whose count stopped at the cap still says so.
  view.show({ steps: [{ kind: 'eliminate' }], stats: { nodes: 1, steps: { eliminate: 1 } }, outcome: outcome('solved', 0) });
  assert.match(el.verdict.textContent, /counting the solutions stopped at the limit of search nodes/);
});
