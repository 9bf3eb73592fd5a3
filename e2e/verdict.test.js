// End-to-end tests of the verdict engine on the page (issue 15): Solve asks the worker for the
// engine's answer just before the traced solve, so the Result panel states the verdict and
// uniqueness at once, while the trace is still being made, and keeps it beside a trace that the
// page's caps stopped. In Debian's Chromium, on the built page (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitForPosition, setPuzzle } from './harness.js';

/** Norvig's puzzle with no solution: the course's search under the page's caps stops at 50,000 steps. */
const IMPOSSIBLE = '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........';
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

/**
 * Clicks Solve and resolves when the engine's answer shows: how long that took from the click
 * (ms), and what the trace's place said at that moment. `cancel`: Cancel is pressed in the same
 * task, before the trace can arrive.
 */
const solveUntilEngineAnswers = (page, { cancel = false } = {}) => page.evaluate((cancel) => new Promise((done) => {
  const engine = document.getElementById('engine-verdict');
  let t0 = 0;
  const observer = new MutationObserver(() => {
    if (!engine.dataset.verdict) return;
    observer.disconnect();
    if (cancel) document.getElementById('cancel').click();
    done({
      ms: performance.now() - t0,
      engine: engine.textContent,
      verdict: engine.dataset.verdict,
      trace: document.getElementById('verdict').textContent,
      traced: document.body.dataset.length !== undefined,
      comparing: document.getElementById('compare').disabled,
    });
  });
  observer.observe(engine, { attributes: true, childList: true, characterData: true, subtree: true });
  t0 = performance.now();
  document.getElementById('solve').click();
}), cancel);

test("Norvig's impossible puzzle: no solution from the engine while the trace is made, then beside the capped trace", async (t) => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, IMPOSSIBLE);
  assert.equal(await page.textContent('#engine-verdict'), 'Not asked yet.');
  const first = await solveUntilEngineAnswers(page);
  t.diagnostic(`the engine's answer shown ${first.ms.toFixed(1)} ms after the click`);
  assert.equal(first.verdict, 'no_solution');
  assert.match(first.engine, /^No solution \(\d+ search nodes?\)$/);
  assert.equal(first.trace, 'Solving…', 'the traced solve was still running');
  assert.equal(first.traced, false);
  await waitForPosition(page, { min: 1 });
  assert.match(await page.textContent('#verdict'), /Stopped at the limit of 50000 steps: nothing is claimed about this puzzle/);
  assert.equal(await page.getAttribute('#engine-verdict', 'data-verdict'), 'no_solution');
  assert.match(await page.textContent('#engine-verdict'), /^No solution/);
  // Where each figure comes from is said on the panel.
  assert.match(await page.textContent('#engine-verdict-label'), /Verdict engine.*no trace/);
  assert.match(await page.textContent('#verdict-label'), /Trace.*figures below are its own/);
  // The rating: no rung solves it without guessing, and the search under the whole ladder finds
  // no solution within the page's cap.
  await page.waitForFunction(() => document.getElementById('rating').dataset.rating);
  assert.equal(await page.getAttribute('#rating', 'data-rating'), 'no_solution');
  assert.equal(await page.textContent('#rating'), 'No solution: nothing to rate');
  assert.deepEqual(problems, []);
  await page.close();
});

test("Cancel during the traced solve keeps the engine's answer; a new puzzle clears it", async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, IMPOSSIBLE);
  const answered = await solveUntilEngineAnswers(page, { cancel: true });
  assert.equal(answered.verdict, 'no_solution');
  assert.equal(answered.traced, false);
  await page.waitForFunction(() => document.getElementById('verdict').textContent === 'Cancelled.');
  assert.equal(await page.getAttribute('#engine-verdict', 'data-verdict'), 'no_solution');
  await setPuzzle(page, EASY);
  assert.equal(await page.textContent('#engine-verdict'), 'Not asked yet.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a unique puzzle: both places say unique, each with its own search', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY);
  const answered = await solveUntilEngineAnswers(page);
  assert.equal(answered.verdict, 'solved');
  assert.match(answered.engine, /^Solved: the solution is unique \(\d+ search nodes?\)$/);
  await waitForPosition(page, { min: 1 });
  assert.match(await page.textContent('#verdict'), /Solved: the solution is unique/);
  assert.equal(await page.getAttribute('#engine-verdict', 'data-solutions'), '1');
  // The rating, after the trace: the hardest of the easiest steps (a hidden single in a square),
  // its score, and the step of the easiest path where it is needed; its strategy is a registry one.
  await page.waitForFunction(() => document.getElementById('rating').dataset.rating === 'steps');
  const id = await page.getAttribute('#rating', 'data-strategy');
  assert.equal(await page.locator(`input[data-strategy="${id}"]`).count(), 1);
  assert.match(await page.textContent('#rating'), /^Hidden single in a square: 1\.2 on Sudoku Explainer's scale, needed at step \d+ of \d+ on the easiest path$/);
  // The empty grid: two or more, said by the engine at once.
  await setPuzzle(page, '.'.repeat(81));
  const empty = await solveUntilEngineAnswers(page);
  assert.match(empty.engine, /not unique: two or more/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("Solve while Compare runs on Norvig's puzzle: the engine's answer shows at once, and the comparison still ends with its chart", async (t) => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, IMPOSSIBLE);
  const compared = () => page.waitForFunction(() => !document.getElementById('compare').disabled && /Bars/.test(document.getElementById('compare-status').textContent), null, { timeout: 60000 });
  // The comparison alone, for scale.
  let t0 = Date.now();
  await page.click('#compare');
  await compared();
  const alone = Date.now() - t0;
  t.diagnostic(`the comparison alone: ${alone} ms`);
  // Again, and Solve while it runs.
  await page.click('#compare');
  await page.waitForFunction(() => document.getElementById('compare').disabled);
  t0 = Date.now();
  const answered = await solveUntilEngineAnswers(page);
  t.diagnostic(`the engine's answer ${answered.ms.toFixed(1)} ms after Solve, a comparison running`);
  assert.equal(answered.verdict, 'no_solution');
  assert.equal(answered.comparing, true, 'the comparison was still running');
  assert.ok(answered.ms < 1000, `the engine's answer after ${answered.ms.toFixed(0)} ms`);
  assert.ok(answered.ms < alone / 3, `${answered.ms.toFixed(0)} ms, well before the comparison would have ended (${alone} ms alone)`);
  // Both end: the comparison's chart and the capped trace.
  await compared();
  await waitForPosition(page, { min: 1 });
  assert.match(await page.textContent('#verdict'), /Stopped at the limit of 50000 steps/);
  assert.equal(await page.$$eval('#compare-chart [data-strategies]', (xs) => xs.length > 1), true);
  assert.deepEqual(problems, []);
  await page.close();
});
