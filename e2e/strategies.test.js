// End-to-end tests of the page built from the strategy registry (issue 12): the checkboxes, the
// legend, the statistics rows, the caption badge and the comparison's labels all come from the
// facade's `strategies()`, in ladder order, with a colour per position readable in both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, waitForPosition } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

/** The registry as the page's worker answers it. */
const registryOf = (page) =>
  page.evaluate(async () => {
    const { SolverClient } = await import('./www/app/solver.js');
    const c = new SolverClient({ createWorker: () => new Worker(new URL('./www/app/worker.js', location.href), { type: 'module' }) });
    const r = await c.strategies();
    c.cancel();
    return r;
  });

/** WCAG's contrast ratio of two CSS colours as the page computes them. */
const contrast = (page, selector) =>
  page.$eval(selector, (el) => {
    const lum = (css) => {
      const [r, g, b] = css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const s = getComputedStyle(el);
    const [a, b] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });

test('checkboxes, legend and statistics rows are one per registry strategy, in ladder order', async () => {
  const { page, problems } = await open(browser, `p=${EASY}`);
  const registry = await registryOf(page);
  assert.ok(registry.length >= 3);
  const ids = registry.map((s) => s.id);
  const boxes = await page.$$eval('#strategy-list input[type="checkbox"]', (els) =>
    els.map((e) => ({ strategy: e.dataset.strategy, value: e.value, id: e.id, checked: e.checked, label: e.parentElement.textContent.trim(), title: e.parentElement.title })));
  assert.deepEqual(boxes.map((b) => b.strategy), ids);
  for (const [k, b] of boxes.entries()) {
    assert.equal(b.value, ids[k]);
    assert.equal(b.id, `strategy-${ids[k].replace(/_/g, '-')}`, 'the old id stays as an alias');
    assert.equal(b.label, registry[k].label);
    assert.equal(b.title, registry[k].description);
    assert.equal(b.checked, registry[k].course);
  }
  const legend = await page.$$eval('#legend i[data-kind]', (els) => els.map((e) => e.dataset.kind));
  assert.deepEqual(legend, [...ids, 'stop', 'guess', 'backtrack']);
  // Each strategy's swatch has a colour of its own.
  const swatches = await page.$$eval('#legend i[data-kind]', (els) => els.map((e) => getComputedStyle(e).backgroundColor));
  assert.equal(new Set(swatches).size, swatches.length, `distinct colours: ${swatches}`);
  const rows = await page.$$eval('#stats dd', (els) => els.map((e) => e.id));
  assert.deepEqual(rows.slice(0, ids.length), ids.map((id) => `stat-${id}`));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a step badge takes its strategy colour, readable in the light and the dark theme', async () => {
  const { page, problems } = await open(browser, `p=${EASY}`);
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  await page.click('#to-start');
  await waitForPosition(page, { at: 0, playing: false });
  const ids = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
  const length = Number(await page.evaluate(() => document.body.dataset.length));
  const seen = new Set();
  for (let k = 0; k < length - 1 && seen.size < ids.length; k++) {
    await page.keyboard.press('ArrowRight');
    await waitForPosition(page, { at: k + 1 });
    const kind = await page.getAttribute('#step-kind', 'data-kind');
    if (seen.has(kind) || !ids.includes(kind)) continue;
    seen.add(kind);
    const legendColour = await page.$eval(`#legend i[data-kind="${kind}"]`, (e) => getComputedStyle(e).backgroundColor);
    assert.equal(await page.$eval('#step-kind', (e) => getComputedStyle(e).backgroundColor), legendColour, `${kind}: badge and legend agree`);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const ratio = await contrast(page, '#step-kind');
      assert.ok(ratio >= 4.5, `${kind} in the ${scheme} theme: contrast ${ratio.toFixed(2)}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  assert.ok(seen.size >= 2, `strategy steps seen: ${[...seen]}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the comparison's sets are named from the registry", async () => {
  const { page, problems } = await open(browser, `p=${EASY}`);
  const registry = await registryOf(page);
  await page.click('#compare');
  await page.waitForFunction((n) => document.querySelectorAll('#compare-chart [data-strategies]').length === n, registry.length + 1);
  const names = await page.$$eval('#compare-chart .cmp-name', (els) => els.map((e) => e.firstChild.textContent.trim()));
  assert.deepEqual(names, [
    'No strategy (pure search)',
    registry[0].label,
    ...registry.slice(1).map((s) => `+ ${/^\p{Lu}\p{Ll}/u.test(s.label) ? s.label[0].toLowerCase() + s.label.slice(1) : s.label}`),
  ]);
  assert.deepEqual(problems, []);
  await page.close();
});
