// End-to-end checks of the comparison chart as the ladder grows (issue 14): no strategy, then each
// prefix of the registry, with nodes, guesses and steps for each; drawn with thirteen rungs (the
// ladder issue 14 plans) at desktop width and on a 390 px phone, every name, bar and count must
// stay inside the panel and unclipped. The thirteen-rung chart is drawn by the page's own
// modules (www/panels/compare-chart.js, compare-chart-view.js) from made-up figures, since the registry holds fewer
// rungs today; the screenshots go to e2e/screenshots/ to be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, open, setPuzzle, here } from './harness.js';

const SHOTS = join(here, 'screenshots');
const SEED_003 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** Thirteen made-up rungs, with labels as long as the ladder's longest. */
const RUNGS = ['Eliminate', 'Only choice', 'Naked twins', 'No place for a digit', 'Pointing', 'Claiming', 'Hidden pairs',
  'Naked triples', 'Hidden triples', 'Naked quads', 'X-wing', 'Swordfish', 'XY-wing'];

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

test('the comparison is the ladder: no strategy, then each prefix of the registry, each with nodes, guesses and steps', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, SEED_003);
  const ids = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
  await page.click('#compare');
  await page.waitForFunction((n) => document.querySelectorAll('#compare-chart [data-strategies]').length === n, ids.length + 1, { timeout: 60_000 });
  const sets = await page.$$eval('#compare-chart [data-strategies]', (els) => els.map((e) => e.dataset.strategies));
  assert.deepEqual(sets, ids.map((_, k) => ids.slice(0, k).join(',')).concat(ids.join(',')), 'none, then one rung more each time, to all');
  for (const key of sets) {
    const metrics = await page.$$eval(`#compare-chart [data-strategies="${key}"] .cmp-bar`, (rows) => rows.map((r) => [r.dataset.metric, r.querySelector('.cmp-value').textContent]));
    assert.deepEqual(metrics.map((m) => m[0]), ['nodes', 'guesses', 'steps'], key);
    for (const [, value] of metrics) assert.match(value, /^(≥ )?[\d,]+$/, `${key}: ${value}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`thirteen rungs stay readable on a ${name} (${viewport.width} px)`, async () => {
    const { page, problems } = await open(browser);
    await page.setViewportSize(viewport);
    await page.evaluate(async (labels) => {
      const { chartModel } = await import('./www/panels/compare-chart.js');
      const { drawCompareChart } = await import('./www/panels/compare-chart-view.js');
      const ids = labels.map((_, k) => `rung${k}`);
      const stats = (nodes, k) => ({ nodes, guesses: nodes - 1, backtracks: Math.max(0, nodes - 2), max_depth: 3, steps: Object.fromEntries(ids.slice(0, k).map((id) => [id, 40 + k])) });
      const comparisons = [{ strategies: [], verdict: 'capped', stats: stats(200_000, 0) }]
        .concat(ids.map((_, k) => ({ strategies: ids.slice(0, k + 1), verdict: 'solved', stats: stats(Math.max(1, Math.round(120_000 / 4 ** k)), k + 1) })));
      const model = chartModel(comparisons, { current: ids.slice(0, 3).join(','), labelOf: (id) => labels[Number(id.slice(4))] });
      drawCompareChart(document.getElementById('compare-chart'), model);
    }, RUNGS);
    const sets = page.locator('#compare-chart [data-strategies]');
    assert.equal(await sets.count(), 14);
    const names = await page.$$eval('#compare-chart .cmp-name', (els) => els.map((e) => e.firstChild.textContent));
    assert.deepEqual(names.slice(-3), ['+ X-wing', '+ swordfish', '+ XY-wing'], 'names keep their own capitals');
    // Nothing spills out of the panel or is cut: names, bars and counts inside it, no text clipped.
    const bad = await page.evaluate(() => {
      const panel = document.getElementById('compare-chart').getBoundingClientRect();
      const out = [];
      for (const e of document.querySelectorAll('#compare-chart .cmp-name, #compare-chart .cmp-value, #compare-chart .cmp-track, #compare-chart .cmp-metric, #compare-chart .cmp-tick')) {
        const r = e.getBoundingClientRect();
        if (r.left < panel.left - 0.5 || r.right > panel.right + 0.5) out.push(`${e.className} "${e.textContent}" spills (${r.left}-${r.right} of ${panel.left}-${panel.right})`);
        if (e.scrollWidth > e.clientWidth + 1 && !e.classList.contains('cmp-track')) out.push(`${e.className} "${e.textContent}" clipped`);
      }
      if (document.documentElement.scrollWidth > window.innerWidth) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`);
      return out;
    });
    assert.deepEqual(bad, []);
    // Each set's name sits above its own bars, apart from the next set's.
    const tops = await sets.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom]));
    for (let k = 1; k < tops.length; k++) assert.ok(tops[k][0] >= tops[k - 1][1] - 0.5, `set ${k} overlaps the one before`);
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('section[aria-labelledby="compare-heading"]').screenshot({ path: join(SHOTS, `ladder-13-${name}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  });
}
