// Issue 16, part 2: "Why is this candidate gone?" in Chromium. For the box in focus at the step on
// screen, the why panel lists each lost digit with the step that removed it (checked against the
// board itself: the digit is there one step before and gone at that step), each entry jumping
// there, and a step's cause history walks back to the givens, by mouse and by keyboard, at a
// desktop and a phone width. Screenshots go to e2e/screenshots/; with UPDATE_DOCS_SCREENSHOTS=1
// the README's docs/screenshot-why.png is written too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch, open, waitForPosition, setPuzzle } from './harness.js';

const SHOTS = join(here, 'screenshots');
const DOCS = join(here, '..', 'docs');
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  if (browser) await browser.close();
});

const position = async (page) => Number(await page.evaluate(() => document.body.dataset.position));
const candidates = (page, box) => page.getAttribute(`[data-box="${box}"]`, 'data-candidates');
const entries = (page) => page.$$eval('#why-lost button[data-step]', (bs) => bs.map((b) => ({ step: Number(b.dataset.step), text: b.textContent })));
async function seek(page, k) {
  await page.$eval('#timeline', (t, v) => {
    t.value = String(v);
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, k);
  await waitForPosition(page, { at: k, playing: false });
}

for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  test(`why panel (${name}): each lost digit with the step that removed it, and the chain back to the givens`, async () => {
    const { page, problems } = await open(browser);
    await page.setViewportSize({ width, height });
    await setPuzzle(page, EASY);
    await page.click('#to-end');
    await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
    const end = await position(page);
    await page.click('[data-box="A1"]');
    await page.waitForFunction(() => document.querySelectorAll('#why-lost button').length > 0);
    const solved = await candidates(page, 'A1');
    const lost = await entries(page);
    assert.deepEqual(lost.map((e) => e.text[0]).join(''), '123456789'.replace(solved, ''), 'every digit but the solution, in order');
    assert.match(await page.textContent('#why-summary'), new RegExp(`A1 at step ${end} has lost`));
    // Each entry's step removes its digit: there one step before, gone at the step.
    for (const { step, text } of lost) {
      const digit = text[0];
      assert.match(text, new RegExp(`^${digit}: step ${step}, `));
      await seek(page, step - 1);
      assert.ok((await candidates(page, 'A1')).includes(digit), `${digit} still there before step ${step}`);
      await seek(page, step);
      assert.ok(!(await candidates(page, 'A1')).includes(digit), `${digit} gone at step ${step}`);
    }
    // An entry jumps to its step, whose caption is the one the board shows.
    await seek(page, end);
    await page.click('[data-box="A1"]');
    const first = (await entries(page))[0];
    await page.click(`#why-lost button[data-step="${first.step}"]`);
    await waitForPosition(page, { at: first.step, playing: false });
    const caption = await page.textContent('#caption');
    assert.ok(first.text.endsWith(caption), `"${first.text}" says the caption "${caption}"`);
    // The chain back: each link is an earlier step, until a given.
    let at = first.step;
    for (let k = 0; k < 100; k++) {
      const next = await page.$('#why-history button[data-step]');
      if (!next) break;
      const step = Number(await next.getAttribute('data-step'));
      assert.ok(step < at, `step ${step} comes before step ${at}`);
      await next.click();
      await waitForPosition(page, { at: step, playing: false });
      at = step;
    }
    assert.match(await page.textContent('#why-history'), /was the given \d/);
    await page.screenshot({ path: join(SHOTS, `why-${name}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('why panel by keyboard: arrows choose the box, Enter on an entry jumps and the focus follows the chain', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY);
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  await page.focus('[data-box="A1"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => /^B2 /.test(document.getElementById('why-summary').textContent));
  assert.equal(await page.getAttribute('#why-summary', 'aria-live'), 'polite');
  await page.focus('#why-lost button');
  const step = Number(await page.getAttribute('#why-lost button', 'data-step'));
  await page.keyboard.press('Enter');
  await waitForPosition(page, { at: step, playing: false });
  const inHistory = await page.evaluate(() => document.getElementById('why-history').contains(document.activeElement) || document.activeElement.id === 'why-history-heading');
  assert.ok(inHistory, 'the focus goes on to the step\'s history');
  assert.match(await page.textContent('#why-history-heading'), new RegExp(`Why step ${step} could happen`));
  if (await page.$('#why-history button')) {
    const next = Number(await page.evaluate(() => document.activeElement.dataset.step));
    await page.keyboard.press('Enter');
    await waitForPosition(page, { at: next, playing: false });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('why panel on a search: a digit given back by a backtrack is not listed; each listed one is removed on the path', async () => {
  const { page, problems } = await open(browser);
  // Seed 003's harder puzzle under the course's eliminate + only choice: 54 nodes, dead ends among them.
  await setPuzzle(page, HARDER, { strategies: ['eliminate', 'only_choice'] });
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  assert.ok(Number(await page.textContent('#stat-backtracks')) > 0, 'a search with dead ends');
  for (const box of ['A2', 'E4', 'I9']) {
    await page.focus(`[data-box="${box}"]`);
    await page.waitForFunction((b) => document.getElementById('why-summary').textContent.startsWith(`${b} at step`), box);
    const solved = await candidates(page, box);
    const lost = await entries(page);
    assert.equal(lost.map((e) => e.text[0]).join(''), '123456789'.replace(solved, ''));
    const end = await position(page);
    for (const { step, text } of lost.slice(0, 3)) {
      await seek(page, step - 1);
      assert.ok((await candidates(page, box)).includes(text[0]));
      await seek(page, step);
      assert.ok(!(await candidates(page, box)).includes(text[0]));
    }
    await seek(page, end);
  }
  // The README's picture: a box chosen, its lost digits, and a step's history.
  await page.setViewportSize({ width: 1100, height: 1000 });
  await page.focus('[data-box="E4"]');
  await page.click('#why-lost button >> nth=1');
  await page.waitForSelector('#why-history li');
  const shot = join(SHOTS, 'why-panel.png');
  await page.locator('.stage').screenshot({ path: shot });
  if (process.env.UPDATE_DOCS_SCREENSHOTS) copyFileSync(shot, join(DOCS, 'screenshot-why.png'));
  assert.deepEqual(problems, []);
  await page.close();
});
