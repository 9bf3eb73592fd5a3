// End to end, the transport stays put while a trace plays: nothing above the playback buttons
// changes size from one step to the next (the caption, the chain legend and the verdict sit
// below them), so a click aimed at Pause or To start while a trace plays lands where it was aimed.
// The cases hold long captions (the rounds' stops) next to short ones, a chain step, whose legend
// appears only while it is drawn, and forcing steps, whose branch picker appears only with them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, setPuzzle, waitForPosition } from './harness.js';

// chains.test.js's XY-chain case: its step 69 draws a chain.
const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const STRATEGIES = ['eliminate', 'only_choice', 'naked_twins', 'xy_chain'];
const CHAIN_AT = 69;
// forcing.test.js's case of branches that agree: with every rung its trace has forcing steps.
const FORCING = '..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

/** Where To start and the timeline are on the page (scrolled or not). */
const where = (page) =>
  page.evaluate(() => {
    const top = (id) => Math.round(document.getElementById(id).getBoundingClientRect().top + window.scrollY);
    return { toStart: top('to-start'), timeline: top('timeline') };
  });

/**
 * Shows steps 1..last of the trace on screen in turn, from step 0, asserting at each that To start
 * and the timeline are where they were at step 0; `each(k)` looks at step k once it is drawn.
 */
async function stepThrough(page, last, each) {
  await page.locator('#timeline').fill('0');
  await waitForPosition(page, { at: 0, playing: false });
  const first = await where(page);
  for (let k = 1; k <= last; k++) {
    await page.locator('#timeline').fill(String(k));
    await waitForPosition(page, { at: k, playing: false });
    const now = await where(page);
    assert.equal(now.toStart, first.toStart, `step ${k} of ${last}: To start is where it was at step 0`);
    assert.equal(now.timeline, first.timeline, `step ${k} of ${last}: the timeline is where it was at step 0`);
    await each(k);
  }
}

for (const width of [1280, 390]) {
  test(`at ${width} px the playback buttons and the timeline do not move from step to step`, async () => {
    const { page, problems } = await open(browser);
    await page.setViewportSize({ width, height: 900 });
    await setPuzzle(page, PUZZLE, { strategies: STRATEGIES });
    await page.click('#solve');
    await waitForPosition(page, { min: CHAIN_AT + 1 });
    const heights = new Set();
    let chainDrawn = false;
    await stepThrough(page, CHAIN_AT + 2, async (k) => {
      heights.add(await page.evaluate(() => document.getElementById('caption').getBoundingClientRect().height));
      if (k === CHAIN_AT) chainDrawn = await page.evaluate(() => getComputedStyle(document.getElementById('chain-legend')).display !== 'none');
    });
    // The case is one that would move them: captions of more than one height, a chain's legend.
    assert.ok(heights.size > 1, `captions of different heights (${[...heights]})`);
    assert.ok(chainDrawn, `the chain legend shows at step ${CHAIN_AT}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('with every rung, through forcing steps and their branch picker, the playback buttons do not move', async () => {
  const { page, problems } = await open(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  const all = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
  await setPuzzle(page, FORCING, { strategies: all });
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  const length = Number(await page.evaluate(() => document.body.dataset.length));
  let pickers = 0;
  await stepThrough(page, length, async () => {
    if (await page.isVisible('.branch-picker')) pickers++;
  });
  assert.ok(pickers > 0, 'the trace shows a branch picker at some step');
  assert.deepEqual(problems, []);
  await page.close();
});
