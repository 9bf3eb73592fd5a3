// End-to-end tests of the page's one owner of the current puzzle (issue 13, items 1-3): clicks a
// few milliseconds after an edit act on the edited puzzle, a result for a puzzle that has left
// the screen never shows, and an empty input solves nothing. Each race runs several times, each on
// a fresh page, in Debian's Chromium on the built page (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitForPosition } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const EMPTY = '.'.repeat(81);
const REPEAT = 5;

let browser;

before(async () => {
  browser = await launch({ permissions: ['clipboard-read', 'clipboard-write'] });
});

after(async () => {
  if (browser) await browser.close();
});

const values = (page) => page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.value || '.').join(''));

/** Types `text` into the input as one edit (an `input` event), as a paste does. */
const edit = (page, text) =>
  page.evaluate((t) => {
    const input = document.getElementById('puzzle-input');
    input.value = t;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);

/** Waits until nothing is in flight: no solve running and the verdict other than "Solving…". */
async function settle(page) {
  await page.waitForFunction(() => !document.getElementById('solve').disabled && document.getElementById('verdict').textContent !== 'Solving…');
  // Anything still on its way (a late parse, an old answer) has had time to land.
  await page.waitForTimeout(600);
}

test('Solve clicked three times right after replacing the puzzle solves the new one only', async () => {
  for (let run = 0; run < REPEAT; run++) {
    const { page, problems } = await open(browser, `p=${EASY}`);
    await page.fill('#puzzle-input', EMPTY);
    // Three clicks in one task (before any answer from the worker can arrive), or 1-2 ms apart.
    const gap = [0, 0, 0, 1, 2][run % 5];
    await page.evaluate(async (ms) => {
      const solve = document.getElementById('solve');
      for (let k = 0; k < 3; k++) {
        solve.click();
        if (ms) await new Promise((r) => setTimeout(r, ms));
      }
    }, gap);
    await waitForPosition(page, { min: 1 });
    await settle(page);
    const verdict = await page.textContent('#verdict');
    assert.match(verdict, /not unique/, `run ${run} (${gap} ms apart): the empty grid's verdict, not the easy grid's (${verdict})`);
    assert.equal(await page.inputValue('#puzzle-input'), EMPTY);
    // The trace played is the empty grid's: at its start no box has a value.
    await page.click('#to-start');
    await waitForPosition(page, { at: 0, playing: false });
    assert.equal(await values(page), EMPTY, `run ${run}: the board starts from the empty grid`);
    assert.doesNotMatch(await page.evaluate(() => decodeURIComponent(location.hash)), /3\.2\.6/, 'the URL does not hold the old puzzle');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

for (const [action, selector] of [['Solve', '#solve'], ['Play', '#play']]) {
  test(`${action} within 120 ms of an edit acts on the edited puzzle`, async () => {
    for (let run = 0; run < REPEAT; run++) {
      const { page, problems } = await open(browser, `p=${HARDER}`);
      await page.selectOption('#speed', '1000');
      // A run of the old puzzle exists: the click must not play it.
      await page.click('#solve');
      await waitForPosition(page, { min: 1 });
      await page.click('#to-start');
      await waitForPosition(page, { at: 0, playing: false });
      const delay = [5, 30, 60, 90, 115][run % 5];
      await page.evaluate(async ({ text, sel, ms }) => {
        const input = document.getElementById('puzzle-input');
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => setTimeout(r, ms));
        document.querySelector(sel).click();
      }, { text: EASY, sel: selector, ms: delay });
      await page.waitForFunction(() => document.body.dataset.length !== undefined && Number(document.body.dataset.position) > 0, null, { timeout: 10_000 });
      await settle(page);
      assert.match(await page.textContent('#verdict'), /Solved: the solution is unique/, `run ${run} (${delay} ms): the action was not lost`);
      await page.click('#to-end');
      await waitForPosition(page, { fromEnd: 0, playing: false });
      assert.equal(await values(page), EASY_SOLUTION, `run ${run} (${delay} ms): the edited puzzle was solved`);
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
}

test('a strategy toggled right after Solve: what shows is for the options on screen', async () => {
  for (let run = 0; run < REPEAT; run++) {
    const { page, problems } = await open(browser, `p=${HARDER}`);
    await page.evaluate(async (ms) => {
      document.getElementById('solve').click();
      await new Promise((r) => setTimeout(r, ms));
      document.getElementById('strategy-naked-twins').click();
      document.getElementById('solve').click();
    }, run * 3);
    await waitForPosition(page, { min: 1 });
    await settle(page);
    assert.equal(await page.isChecked('#strategy-naked-twins'), false);
    // Without naked twins no step of that kind exists in the trace shown.
    assert.equal(await page.textContent('#stat-naked_twins'), '0', `run ${run}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('an empty input says so and solves nothing; Copy link never gives a step without a puzzle', async () => {
  for (let run = 0; run < 3; run++) {
    const { page, problems } = await open(browser, `p=${EASY}`);
    await page.click('#solve');
    await waitForPosition(page, { min: 1 });
    await page.click('#to-start');
    await waitForPosition(page, { at: 0, playing: false });
    await edit(page, run === 2 ? '  \n ' : '');
    await page.evaluate(async (ms) => {
      await new Promise((r) => setTimeout(r, ms));
      document.getElementById(ms % 2 ? 'play' : 'solve').click();
    }, run * 41);
    await settle(page);
    assert.match(await page.textContent('#input-error'), /empty/i, 'the page says the input is empty');
    assert.equal(await page.evaluate(() => document.body.dataset.length), undefined, 'no trace is shown');
    assert.doesNotMatch(await page.textContent('#verdict'), /Solved/);
    await page.keyboard.press('End');
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('copy-link').textContent !== 'Copy link' || document.getElementById('link-status')?.textContent);
    const links = [await page.evaluate(() => location.href)];
    const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => ''));
    if (copied) links.push(copied);
    for (const l of links) {
      const q = new URLSearchParams(new URL(l).hash.slice(1));
      assert.ok(!(q.has('step') && !q.get('p')), `no step without a puzzle: ${l}`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('the diagonal rule toggled right before Solve: the trace is of the rule on screen', async () => {
  const DIAGONAL = '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3';
  for (let run = 0; run < REPEAT; run++) {
    const { page, problems } = await open(browser, `p=${DIAGONAL}`);
    await page.evaluate(async (ms) => {
      document.getElementById('diagonal').click();
      if (ms) await new Promise((r) => setTimeout(r, ms));
      document.getElementById('solve').click();
    }, [0, 0, 2, 10, 40][run % 5]);
    await waitForPosition(page, { min: 1 });
    await settle(page);
    assert.equal(await page.isChecked('#diagonal'), true);
    assert.equal(await page.$eval('#board', (b) => b.classList.contains('diagonal-mode')), true, `run ${run}: the diagonal trace is shown`);
    assert.equal(await page.locator('.box.diag').count(), 17);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a comparison asked for just before an edit is never shown for the new puzzle', async () => {
  for (let run = 0; run < 3; run++) {
    const { page, problems } = await open(browser, `p=${HARDER}`);
    await page.evaluate(async ({ text, ms }) => {
      document.getElementById('compare').click();
      if (ms) await new Promise((r) => setTimeout(r, ms));
      const input = document.getElementById('puzzle-input');
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, { text: EASY, ms: run * 5 });
    await page.waitForTimeout(1500);
    assert.equal(await page.locator('#compare-chart [data-strategies]').count(), 0, `run ${run}: no chart of the old puzzle`);
    assert.equal(await page.isEnabled('#compare'), true);
    // Compare now: the chart is the easy grid's (one node with every strategy).
    await page.click('#compare');
    await page.waitForFunction(() => document.querySelectorAll('#compare-chart [data-strategies]').length > 1);
    assert.equal(await page.$eval('#compare-chart [data-strategies]:last-child', (e) => e.dataset.nodes), '1');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('Solve on a puzzle that does not parse: its error stays, nothing is solving', async () => {
  const { page, problems } = await open(browser, `p=${EASY}`);
  await edit(page, EASY.slice(0, 80) + 'x');
  await page.evaluate(() => document.getElementById('solve').click());
  await page.waitForFunction(() => /'x'/.test(document.getElementById('input-error').textContent));
  await settle(page);
  assert.equal(await page.textContent('#verdict'), 'Not solved yet.');
  assert.equal(await page.textContent('#solve'), 'Solve');
  assert.equal(await page.evaluate(() => document.body.dataset.length), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});
