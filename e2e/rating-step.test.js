// Issue 22: the page shows the rating with the step where the hardest technique is needed, one
// click away. That step indexes the rating's walk (the easiest step each time, every strategy on),
// not the solve with the strategies ticked; the button puts the walk on the board at that step,
// labelled as the walk, and Solve brings the solve back. In Debian's Chromium, on the built page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, setPuzzle, waitForPosition } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
// Needs more than singles: its rating's hardest step is past only choice.
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** The facade's rating of `text`, from the built module loaded in the page (not the page's worker). */
const rateOf = (page, text) => page.evaluate(async (t) => {
  const m = await import('/solver-wasm.js');
  await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
  return m.rate(t, {});
}, text);

for (const [name, puzzle] of [['the course\'s easy puzzle', EASY], ['a puzzle its rating searches or steps past the singles', HARDER]]) {
  test(`the rating's step, one click away: the walk on the board at that step (${name})`, async () => {
    const { page, problems } = await open(browser);
    // A solve, a rating and the walk, each in the worker: slow on a loaded machine.
    page.setDefaultTimeout(120_000);
    await setPuzzle(page, puzzle);
    await page.click('#solve');
    const rating = await rateOf(page, puzzle);
    if (rating.kind !== 'steps') {
      // Past the easiest steps: the page offers no step, since the rating names none.
      await page.waitForFunction(() => document.getElementById('rating').dataset.rating === 'search');
      assert.equal(await page.isHidden('#rating-step'), true);
      assert.deepEqual(problems, []);
      await page.close();
      return;
    }
    await page.waitForSelector('#rating-step:not([hidden])');
    assert.equal(await page.textContent('#rating-step'), `Show step ${rating.step + 1}, where ${rating.label} is needed`);
    await page.click('#rating-step');
    // The walk: the rating's steps in all, at the rating's step (the step just made).
    await waitForPosition(page, { at: rating.step + 1, playing: false });
    assert.equal(Number(await page.evaluate(() => document.body.dataset.length)), rating.steps);
    assert.match(await page.textContent('#verdict-source'), /^the rating's walk/);
    // The step shown is the hardest technique's: its strategy's caption.
    const strategies = await page.evaluate(async () => {
      const m = await import('/solver-wasm.js');
      return m.strategies();
    });
    const strategy = strategies.find((s) => s.id === rating.strategy);
    assert.equal(await page.textContent('#step-kind'), strategy.label);
    assert.match(await page.textContent('#caption'), new RegExp(`^${strategy.label.replace(/[-]/g, '\\-')}:`));
    // A link holds the puzzle, not the walk's step.
    assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('step'), null);
    // Solve makes the solve with the strategies ticked again.
    await page.click('#to-start');
    await page.click('#solve');
    await page.waitForFunction(() => !/^the rating's walk/.test(document.getElementById('verdict-source').textContent));
    assert.deepEqual(problems, []);
    await page.close();
  });
}
