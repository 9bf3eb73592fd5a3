// End to end, the transport stays put while a trace plays: nothing above the playback buttons
// changes size from one step to the next (the caption, the chain legend and the verdict sit
// below them), so a click aimed at Pause or To start while a trace plays lands where it was aimed.
// The case holds long captions (the rounds' stops) next to short ones, and a chain step, whose
// legend appears only while it is drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, setPuzzle, waitForPosition } from './harness.js';

// chains.test.js's XY-chain case: its step 69 draws a chain.
const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const STRATEGIES = ['eliminate', 'only_choice', 'naked_twins', 'xy_chain'];
const CHAIN_AT = 69;

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px the playback buttons and the timeline do not move from step to step`, async () => {
    const { page, problems } = await open(browser);
    await page.setViewportSize({ width, height: 900 });
    await setPuzzle(page, PUZZLE, { strategies: STRATEGIES });
    await page.click('#solve');
    await waitForPosition(page, { min: CHAIN_AT + 1 });
    await page.locator('#timeline').fill('0');
    await waitForPosition(page, { at: 0, playing: false });
    const where = () =>
      page.evaluate(() => {
        const top = (id) => Math.round(document.getElementById(id).getBoundingClientRect().top + window.scrollY);
        return { toStart: top('to-start'), timeline: top('timeline'), caption: document.getElementById('caption').getBoundingClientRect().height };
      });
    const first = await where();
    const heights = new Set();
    let chainDrawn = false;
    for (let k = 1; k <= CHAIN_AT + 2; k++) {
      await page.locator('#timeline').fill(String(k));
      await waitForPosition(page, { at: k, playing: false });
      const now = await where();
      heights.add(now.caption);
      if (k === CHAIN_AT) chainDrawn = await page.evaluate(() => getComputedStyle(document.getElementById('chain-legend')).display !== 'none');
      assert.equal(now.toStart, first.toStart, `step ${k}: To start is where it was at step 0`);
      assert.equal(now.timeline, first.timeline, `step ${k}: the timeline is where it was at step 0`);
    }
    // The case is one that would move them: captions of more than one height, a chain's legend.
    assert.ok(heights.size > 1, `captions of different heights (${[...heights]})`);
    assert.ok(chainDrawn, `the chain legend shows at step ${CHAIN_AT}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
