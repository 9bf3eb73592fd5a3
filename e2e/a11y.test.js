// Issue 16, part 4: axe-core (npm), the accessibility engine browsers' audits use, run on the page
// after a solve with search, a comparison, a box selected for the why panel, and an open-trace
// error; and with a guess of the search tree as its current node (its row highlighted, the
// guess's choices in `.meta`); with a variant (a jigsaw and a killer sample: regions, cages, the
// rules line) solved, and a shared puzzle refused; at a desktop and a phone width, light and
// dark: no serious or critical violation. The variants' pictures go to e2e/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, open, waitForPosition, setPuzzle, here } from './harness.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/**
 * axe-core's violations on the page as it is, serious and critical ones, as readable lines;
 * `exclude`: selectors left out.
 */
async function serious(page, exclude = []) {
  // Evaluated through the debugging protocol: the page's Content-Security-Policy forbids an
  // injected <script>, and this does not go through it.
  await page.evaluate(`${AXE}\n;0`);
  const result = await page.evaluate((exclude) => window.axe.run(exclude.length ? { include: [['body']], exclude: exclude.map((e) => [e]) } : document, { resultTypes: ['violations'] }), exclude);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`));
}

/** The page after a solve with search, at its end, a comparison, and a box selected. */
async function busyPage(width, height) {
  const { page, problems } = await open(browser);
  await page.setViewportSize({ width, height });
  await setPuzzle(page, HARDER);
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  await page.click('#compare');
  await page.waitForSelector('#compare-chart:not([hidden])');
  await page.focus('[data-box="A2"]');
  await page.waitForSelector('#why-lost button');
  await page.click('#why-lost button');
  await page.waitForSelector('#why-history li');
  return { page, problems };
}

for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  test(`axe-core: no serious or critical violation after a solve, a comparison and the why panel (${name}, ${width}px)`, async () => {
    const { page, problems } = await busyPage(width, height);
    assert.deepEqual(await serious(page), []);
    // And with an error shown for a conflict typed on the grid and a refused trace file.
    await page.focus('[data-box="A2"]');
    await page.keyboard.press('4');
    await page.waitForFunction(() => document.getElementById('input-error').textContent.includes('conflict'));
    await page.setInputFiles('#open-trace', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format": 2') });
    await page.waitForFunction(() => document.getElementById('open-error').textContent !== '');
    assert.deepEqual(await serious(page), []);
    // And in the dark theme.
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await serious(page), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  test(`axe-core: no serious or critical violation with a guess as the search tree's current node (${name}, ${width}px)`, async () => {
    const { page, problems } = await open(browser);
    await page.setViewportSize({ width, height });
    await setPuzzle(page, HARDER);
    // To the end: the solve starts (as Solve would) and its trace is shown at its last step.
    await page.click('#to-end');
    await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
    await page.click('#compare');
    await page.waitForSelector('#compare-chart:not([hidden])');
    // A click on a node jumps to its guess, which makes it the current node.
    await page.click('#tree-node-2');
    await page.waitForSelector('#tree-node-2.current > .meta');
    // The pointer over another row (a dead end): its hover background and muted text are checked too.
    await page.hover('#tree-node-3');
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await serious(page), [], colorScheme);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// Issue 23: the New puzzle panel while it makes a puzzle (its tries so far and Cancel), with a
// rating refused, and after a puzzle made and solved (the rating's step button shown); at a
// desktop and a phone width, light and dark. Screenshots of the panel: new-puzzle-<width>-<scheme>.png
// in e2e/screenshots/.
for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  test(`axe-core: no serious or critical violation in the New puzzle panel, making, refused and made (${name}, ${width}px)`, async () => {
    const { page, problems } = await open(browser);
    // Puzzles made, solved and rated in the workers: slow on a loaded machine.
    page.setDefaultTimeout(120_000);
    await page.setViewportSize({ width, height });
    const shots = join(here, 'screenshots');
    mkdirSync(shots, { recursive: true });
    // Making: a puzzle that needs Eliminate rates 2.3 at most, so none is rated 9 to 10: it runs
    // until cancelled.
    await page.selectOption('#new-needs', 'eliminate');
    await page.fill('#new-rating-min', '9');
    await page.fill('#new-rating-max', '10');
    await page.click('#new-make');
    await page.waitForFunction(() => /tries so far/.test(document.getElementById('new-status').textContent));
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await serious(page), [], `making, ${colorScheme}`);
      await page.locator('#new-puzzle').screenshot({ path: join(shots, `new-puzzle-making-${width}-${colorScheme}.png`) });
    }
    // Cancelled, unless the try budget ran out first (axe and the screenshots take a while).
    await page.evaluate(() => {
      const cancel = document.getElementById('new-cancel');
      if (!cancel.hidden) cancel.click();
    });
    await page.waitForFunction(() => ['cancelled', 'gave-up'].includes(document.getElementById('new-status').dataset.state));
    // A rating refused.
    await page.fill('#new-rating-min', '13');
    await page.click('#new-make');
    await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'error');
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await serious(page), [], `refused, ${colorScheme}`);
    }
    // Made, then solved: the rating's step button.
    await page.fill('#new-rating-min', '');
    await page.fill('#new-rating-max', '');
    await page.selectOption('#new-needs', 'naked_twins');
    await page.click('#new-make');
    await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'made', null, { timeout: 60_000 });
    await page.click('#solve');
    await page.waitForSelector('#rating-step:not([hidden])');
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      assert.deepEqual(await serious(page), [], `made, ${colorScheme}`);
      await page.locator('#new-puzzle').screenshot({ path: join(shots, `new-puzzle-${width}-${colorScheme}.png`) });
      await page.locator('#rating').screenshot({ path: join(shots, `rating-${width}-${colorScheme}.png`) });
    }
    // At a phone's width nothing of the panel is wider than the page.
    const overflow = await page.evaluate(() => [...document.querySelectorAll('#new-puzzle *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((e) => e.id || e.tagName));
    assert.deepEqual(overflow, []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  test(`axe-core: no serious or critical violation with a variant drawn and solved, and a shared puzzle refused (${name}, ${width}px)`, async () => {
    const { page, problems } = await open(browser);
    await page.setViewportSize({ width, height });
    mkdirSync(join(here, 'screenshots'), { recursive: true });
    for (const sample of ['jigsaw', 'killer']) {
      await page.selectOption('#samples', sample);
      await page.waitForSelector('#puzzle-rules:not([hidden])');
      assert.deepEqual(await serious(page), [], `${sample} drawn`);
      await page.click('#to-end');
      await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        // The search tree left out here: axe reads a row scrolled out of the panel as showing
        // no text, so a tree taller than its panel fails label-content-name-mismatch whatever
        // its puzzle (the tests above keep theirs within the panel).
        assert.deepEqual(await serious(page, ['#search-tree']), [], `${sample}, ${colorScheme}`);
        await page.locator('.board-wrap').screenshot({ path: join(here, 'screenshots', `variant-${sample}-${name}-${colorScheme}.png`) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.fill('#puzzle-input', '.Thermo~R1C1~R1C2');
    await page.waitForFunction(() => /Thermo/.test(document.getElementById('input-error').textContent));
    assert.deepEqual(await serious(page), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
