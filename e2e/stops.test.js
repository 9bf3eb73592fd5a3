// End to end, where reduce_puzzle's rounds stop: the trace's `stop` step is a place on the
// timeline whose caption says which rule stopped the rounds (the course's: a round that solves no
// new box; beyond the course: the full fixpoint), what the last round did, and whether another
// round would still have changed the grid; the board changes nothing there, and the search's
// guess comes next. Positions found with `propagate trace` (position p shows step p - 1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open as openOn, setPuzzle, waitForPosition } from './harness.js';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

/** top95's first puzzle; with the course's three strategies its root stops at step 24. */
const TOP95_1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** top95's fourth; with pointing on too its root stops at step 30, at the fixpoint. */
const TOP95_4 = '48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....';

async function goTo(page, position) {
  await page.locator('#timeline').fill(String(position));
  await waitForPosition(page, { at: position, playing: false });
}

const caption = (page) => page.locator('#caption').textContent();
const candidates = (page) => page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.candidates || e.dataset.value).join('|'));

test('the course\'s rule: the caption where the rounds stop says why, and the board stays as it was', async () => {
  const { page, problems } = await openOn(browser);
  await setPuzzle(page, TOP95_1);
  await page.click('#solve');
  await waitForPosition(page, { min: 110 });
  await goTo(page, 23);
  const before = await candidates(page);
  await goTo(page, 24);
  assert.equal(
    await caption(page),
    'Rounds stop: round 2 removed 14 candidates but solved no new box, so reduce_puzzle stops here: the course\'s rule ends the rounds when one solves no new box (stalled = solved_values_before == solved_values_after). Another round would change nothing either. Search takes over from here.',
  );
  const badge = page.locator('#step-kind');
  assert.equal(await badge.getAttribute('data-kind'), 'stop');
  assert.equal(await badge.textContent(), 'Rounds stop');
  assert.equal(await candidates(page), before, 'a stop changes no box');
  assert.equal(await page.locator('[data-box].changed').count(), 0);
  // The search's first guess comes next.
  await goTo(page, 25);
  assert.match(await caption(page), /^Guess at depth 1: /);
  // At node 1 the course stops where another round would still have changed the grid.
  await goTo(page, 29);
  assert.equal(
    await caption(page),
    'Rounds stop: round 1 at node 1 removed 13 candidates but solved no new box, so reduce_puzzle stops here: the course\'s rule ends the rounds when one solves no new box (stalled = solved_values_before == solved_values_after). Another round would still change the grid, but the course stops anyway (the full fixpoint would go on). Search takes over from here.',
  );
  // The legend names the stop's colour beside the search's.
  assert.equal(await page.locator('#legend i[data-kind="stop"]').count(), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('beyond the course the rounds run to the fixpoint, and the caption says so', async () => {
  const { page, problems } = await openOn(browser);
  await setPuzzle(page, TOP95_4, { strategies: ['eliminate', 'only_choice', 'naked_twins', 'pointing'] });
  await page.click('#solve');
  await waitForPosition(page, { min: 31 });
  await goTo(page, 30);
  assert.equal(
    await caption(page),
    'Rounds stop: round 3 changed nothing, so reduce_puzzle stops at the full fixpoint: with a technique beyond the course\'s on, the rounds go on until one changes nothing. Search takes over from here.',
  );
  await goTo(page, 31);
  assert.match(await caption(page), /^Guess at depth 1: /);
  assert.deepEqual(problems, []);
  await page.close();
});
