// End-to-end tests of the built page in Debian's Chromium, driven by playwright-core.
// PROPAGATE_DIST names the built site (default ../dist); the test serves it itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from './server.js';
import { DIST, here, launch, open as openOn, waitForPosition } from './harness.js';

const SHOTS = join(here, 'screenshots');

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const DIAGONAL = '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3';
const DIAGONAL_SOLUTION = '267945381853716249491823576576438192384192657129657438642379815935281764718564923';
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

/** Chromium with a fresh profile and the built page served locally (e2e/harness.js). */
let browser;
let context;

before(async () => {
  browser = await launch();
  context = browser.context;
});

after(async () => {
  if (browser) await browser.close();
});

/** A new page on the app, with console errors, uncaught exceptions and failed loads collected. */
const open = (hash = '') => openOn(browser, hash);

/** The 81 data-value attributes, '.' for an empty box. */
function values(page) {
  return page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.value || '.').join(''));
}

function candidates(page, box) {
  return page.getAttribute(`[data-box="${box}"]`, 'data-candidates');
}

async function setPuzzle(page, text) {
  await page.fill('#puzzle-input', text);
}

test('the page has 81 boxes A1..I9 and the stable hooks', async () => {
  const { page, problems } = await open();
  const names = await page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.box));
  assert.equal(names.length, 81);
  assert.equal(names[0], 'A1');
  assert.equal(names[80], 'I9');
  for (const sel of ['#puzzle-input', '#diagonal', '#solve', '#play', '#to-end', '[role="alert"]']) {
    assert.equal(await page.locator(sel).count() >= 1, true, `${sel} is on the page`);
  }
  assert.equal(await page.getAttribute('#diagonal', 'type'), 'checkbox');
  assert.deepEqual(problems, []);
  await page.close();
});

test('diagonal example: paste, toggle diagonal mode, play to the end, read the solution', async () => {
  const { page, problems } = await open();
  await setPuzzle(page, DIAGONAL);
  await page.setChecked('#diagonal', true);
  await page.waitForFunction((p) => document.querySelector('[data-box="A1"]').dataset.value === p, DIAGONAL[0]);
  assert.equal(await page.$eval('#board', (b) => b.classList.contains('diagonal-mode')), true);
  await page.selectOption('#speed', '1000');
  await page.click('#play');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  await page.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join('') === s, DIAGONAL_SOLUTION, { timeout: 10_000 });
  assert.equal(await values(page), DIAGONAL_SOLUTION);
  assert.match(await page.textContent('#verdict'), /Solved: the solution is unique/);
  assert.match(await page.textContent('#caption'), /Solved/);
  // The diagonal units are in play: the trace's units are drawn as tinted boxes.
  assert.equal(await page.locator('.box.diag').count(), 17);
  // The link keeps the view: diagonal mode and the step.
  await page.waitForFunction(() => /step=\d+/.test(location.hash));
  assert.match(await page.evaluate(() => location.hash), /d=1/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('stepping forwards and backwards updates the candidates exactly', async () => {
  const { page, problems } = await open();
  await setPuzzle(page, EASY);
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  await page.keyboard.press('Home');
  await waitForPosition(page, { at: 0, playing: false });
  await page.waitForFunction(() => document.querySelector('[data-box="A1"]').dataset.candidates === '123456789');
  const start = await page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.candidates));

  // One step forward: the caption names a solved box, its digit and the peers that lost it.
  await page.keyboard.press('ArrowRight');
  await waitForPosition(page, { at: 1 });
  const caption = await page.textContent('#caption');
  const m = caption.match(/^Eliminate: ([A-I][1-9]) is ([1-9]), so \2 is removed from its peers (.+)$/);
  assert.ok(m, `an eliminate caption: ${caption}`);
  const [, source, digit, list] = m;
  const peers = list.split(/, | and /);
  assert.ok(peers.length > 0);
  await page.waitForFunction(([b, d]) => !document.querySelector(`[data-box="${b}"]`).dataset.candidates.includes(d), [peers[0], digit]);
  const after1 = await page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.candidates));
  const names = await page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.box));
  for (let i = 0; i < 81; i++) {
    if (peers.includes(names[i])) assert.equal(after1[i], start[i].replace(digit, ''), `${names[i]} lost ${digit}`);
    else assert.equal(after1[i], start[i], `${names[i]} unchanged`);
  }
  // The removed candidate is still shown, struck out, on the step that removed it.
  assert.equal(await page.locator(`[data-box="${peers[0]}"] .mark.gone`).textContent(), digit);
  assert.equal(await page.locator(`[data-box="${source}"].cause`).count(), 1);

  // And back: exactly the puzzle's candidates again.
  await page.keyboard.press('ArrowLeft');
  await waitForPosition(page, { at: 0 });
  await page.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.candidates).join(',') === s, start.join(','));

  // At the end, one step back undoes the last placement and one step forward redoes it.
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0 });
  await page.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join('') === s, EASY_SOLUTION);
  await page.click('#step-back');
  await waitForPosition(page, { fromEnd: 1 });
  const last = await page.evaluate(() => document.body.dataset.length);
  await page.keyboard.press('ArrowRight');
  await waitForPosition(page, { fromEnd: 0 });
  const lastCaption = await page.textContent('#caption');
  const placed = lastCaption.match(/so ([A-I][1-9]) is ([1-9])/) || lastCaption.match(/from its peers ([A-I][1-9])/);
  assert.ok(placed, `the last step names a box: ${lastCaption}`);
  await page.click('#step-back');
  await waitForPosition(page, { fromEnd: 1 });
  const undone = await candidates(page, placed[1]);
  assert.ok(undone.length > 1, `${placed[1]} has candidates again after stepping back (${undone})`);
  assert.ok(undone.includes(EASY_SOLUTION[names.indexOf(placed[1])]));
  await page.click('#step-forward');
  await waitForPosition(page, { at: Number(last) });
  await page.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join('') === s, EASY_SOLUTION);
  assert.deepEqual(problems, []);
  await page.close();
});

test('bad input shows its error and the grid keeps the last valid state', async () => {
  const { page, problems } = await open();
  await setPuzzle(page, EASY);
  await page.waitForFunction((p) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value || '.').join('') === p, EASY);
  await setPuzzle(page, EASY.slice(0, 40) + 'x' + EASY.slice(41));
  const alert = page.locator('#input-error[role="alert"]');
  await page.waitForFunction(() => document.querySelector('#input-error').textContent.length > 0);
  const message = await alert.textContent();
  assert.match(message, /'x'/, `the message names the character: ${message}`);
  assert.match(message, /41|40/, `the message says where: ${message}`);
  assert.equal(await values(page), EASY, 'the board still shows the last valid grid');
  assert.equal(await page.getAttribute('#puzzle-input', 'aria-invalid'), 'true');

  await setPuzzle(page, EASY.slice(0, 70));
  await page.waitForFunction(() => /81/.test(document.querySelector('#input-error').textContent));
  assert.match(await alert.textContent(), /70/);
  assert.equal(await values(page), EASY);

  // Fixing the input clears the error and redraws.
  await setPuzzle(page, DIAGONAL);
  await page.waitForFunction(() => document.querySelector('#input-error').textContent === '');
  await page.waitForFunction((p) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value || '.').join('') === p, DIAGONAL);
  // User text is never HTML: markup in the input stays text.
  await setPuzzle(page, '<img src=x onerror="window.pwned=1">');
  await page.waitForFunction(() => document.querySelector('#input-error').textContent.length > 0);
  assert.equal(await page.locator('#input-error img').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link reopens the same puzzle, options and step', async () => {
  const { page } = await open();
  await setPuzzle(page, EASY);
  await page.uncheck('#strategy-naked-twins');
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  await page.locator('#timeline').fill('37');
  await waitForPosition(page, { at: 37, playing: false });
  await page.waitForFunction(() => /step=37/.test(location.hash));
  const url = page.url();
  const here = await page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.candidates).join(','));
  await page.close();

  const again = await context.newPage();
  await again.goto(url);
  await waitForPosition(again, { at: 37 });
  assert.equal(await again.isChecked('#strategy-naked-twins'), false);
  assert.equal(await again.inputValue('#puzzle-input'), EASY);
  await again.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.candidates).join(',') === s, here);
  await again.close();
});

test('screenshots: a search in progress on a desktop and on a phone', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const { page, problems } = await open();
  await setPuzzle(page, HARDER);
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  // Find a guess a little way in, so the picture shows search and pencil marks.
  await page.click('#to-start');
  const n = Number(await page.evaluate(() => document.body.dataset.length));
  let k = Math.floor(n / 3);
  await page.locator('#timeline').fill(String(k));
  await waitForPosition(page, { at: k });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, 'desktop.png') });
  assert.match(await page.textContent('#depth'), /depth \d+/);

  // Diagonal Sudoku mid-solve: the two diagonals drawn as units.
  await setPuzzle(page, DIAGONAL);
  await page.setChecked('#diagonal', true);
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  const nd = Number(await page.evaluate(() => document.body.dataset.length));
  // Step to the first naked-twins or only-choice step on a diagonal after a quarter of the way.
  k = Math.floor(nd / 4);
  await page.locator('#timeline').fill(String(k));
  await waitForPosition(page, { at: k });
  for (let i = 0; i < 200 && !/diagonal/.test(await page.textContent('#caption')); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, 'diagonal.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS, 'dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling at a phone's width (${overflow}px too wide)`);
  await page.screenshot({ path: join(SHOTS, 'phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('pencil marks are drawn on the canvas, in the system colours under forced colours', async () => {
  const { page, problems } = await open();
  // The darkest opaque pixel the marks canvas holds inside the first box with candidates.
  const darkest = () =>
    page.evaluate(() => {
      const box = [...document.querySelectorAll('[data-box]')].find((b) => (b.dataset.candidates || '').length > 1);
      const canvas = document.querySelector('canvas.marks-layer');
      const r = box.getBoundingClientRect();
      const c = canvas.getBoundingClientRect();
      const k = canvas.width / c.width;
      const img = canvas.getContext('2d').getImageData(
        Math.round((r.left - c.left) * k), Math.round((r.top - c.top) * k), Math.round(r.width * k), Math.round(r.height * k));
      let min = 255;
      let opaque = 0;
      for (let i = 0; i < img.data.length; i += 4) {
        if (img.data[i + 3] < 250) continue;
        opaque++;
        min = Math.min(min, (img.data[i] + img.data[i + 1] + img.data[i + 2]) / 3);
      }
      return { min, opaque };
    });
  const normal = await darkest();
  assert.ok(normal.opaque > 20, `marks drawn in the box (${normal.opaque} opaque pixels)`);
  assert.ok(normal.min > 80, `the marks are the page's grey, not black (darkest ${normal.min})`);
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
  await page.waitForFunction(() => matchMedia('(forced-colors: active)').matches);
  await page.waitForTimeout(100);
  const forced = await darkest();
  assert.ok(forced.min < 40, `under forced colours the marks are CanvasText, black here (darkest ${forced.min})`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the trace downloads as JSON in the documented format', async () => {
  const { page, problems } = await open();
  await setPuzzle(page, EASY);
  assert.equal(await page.isDisabled('#export-trace'), true, 'nothing to download before solving');
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
  const path = await download.path();
  const trace = JSON.parse(readFileSync(path, 'utf8'));
  assert.equal(trace.format, 4);
  assert.equal(trace.variant, 'standard');
  assert.equal(trace.steps.length, Number(await page.evaluate(() => document.body.dataset.length)));
  assert.equal(trace.outcome.solution, EASY_SOLUTION);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a wasm that fails to load says so plainly', async () => {
  const broken = await serve(DIST, { missing: ['/solver-wasm-first_bg.wasm'] });
  const page = await context.newPage();
  try {
    await page.goto(broken.url);
    await page.waitForSelector('#load-error:not([hidden])');
    const text = await page.textContent('#load-error');
    assert.match(text, /WebAssembly could not load/);
    assert.equal(await page.getAttribute('#load-error', 'role'), 'alert');
  } finally {
    await page.close();
    await broken.close();
  }
});

test('without the second wasm module the page solves a grid, and says plainly when a request needs it', async () => {
  const broken = await serve(DIST, { missing: ['/solver-wasm_bg.wasm'] });
  const page = await context.newPage();
  try {
    await page.goto(broken.url);
    await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
    await setPuzzle(page, EASY);
    await page.click('#solve');
    // The first module solves and its verdict engine answers; the rating asked after the
    // solve needs the second module, whose load fails.
    await waitForPosition(page, { min: 1 });
    await page.waitForFunction(() => /unique/.test(document.querySelector('#engine-verdict').textContent));
    await page.click('#to-end');
    await page.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join('') === s, EASY_SOLUTION);
    await page.waitForSelector('#load-error:not([hidden])');
    assert.match(await page.textContent('#load-error'), /WebAssembly could not load/);
  } finally {
    await page.close();
    await broken.close();
  }
});
