// Issue 24, the page's edits: the error shown follows the input (going back to a puzzle that
// parsed clears it), an edit is the whole puzzle as the user sees it (its text, Diagonal Sudoku
// and the strategies; Undo and Redo restore all of it, the checkboxes and the address bar too), a
// refused Solve or Play leaves the focus where the user can go on, and the phone's digit pad
// writes nowhere until a box is selected.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, open, waitForPosition, setPuzzle } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const DIAGONAL = '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3';
const DEFAULTS = ['eliminate', 'only_choice', 'naked_twins'];

let browser;
let scratch;
before(async () => {
  browser = await launch();
  scratch = mkdtempSync(join(tmpdir(), 'propagate-edits-'));
});
after(async () => {
  if (browser) await browser.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Waits until the text box holds `t` and the grid shows it as givens. */
async function shows(page, t) {
  await page.waitForFunction((want) => document.getElementById('puzzle-input').value === want, t);
  const values = [...t].map((c) => (c === '.' || c === '0' ? '' : c)).join(',');
  await page.waitForFunction((v) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join(',') === v, values);
}

/** The error as the page shows it: under the text box, under the board, aria-invalid, marked boxes. */
const errorState = (page) => page.evaluate(() => ({
  input: document.getElementById('input-error').textContent,
  grid: document.getElementById('grid-status').classList.contains('error') ? document.getElementById('grid-status').textContent : '',
  invalid: document.getElementById('puzzle-input').getAttribute('aria-invalid'),
  marked: [...document.querySelectorAll('[data-box].conflict')].map((b) => b.dataset.box),
}));
const NO_ERROR = { input: '', grid: '', invalid: null, marked: [] };

/** Waits (a few seconds at most) until no error is shown, then says what is shown. */
async function errorCleared(page) {
  await page.waitForFunction(() => document.getElementById('input-error').textContent === ''
    && !document.getElementById('grid-status').classList.contains('error')
    && !document.getElementById('puzzle-input').hasAttribute('aria-invalid'), null, { timeout: 3000 }).catch(() => {});
  return errorState(page);
}

/** Waits until an error naming `pattern` is shown under the text box. */
const errorShown = (page, pattern) => page.waitForFunction((src) => new RegExp(src).test(document.getElementById('input-error').textContent), pattern.source);

/** The input as the controls show it. */
const controls = (page) => page.evaluate(() => ({
  text: document.getElementById('puzzle-input').value,
  diagonal: document.getElementById('diagonal').checked,
  strategies: [...document.querySelectorAll('#strategy-list input[data-strategy]')].filter((c) => c.checked).map((c) => c.dataset.strategy),
}));

/** Waits until the address bar holds `p`, `d` and `s` as given (null: absent). */
const linkIs = (page, want) => page.waitForFunction((w) => {
  const q = new URLSearchParams(location.hash.slice(1));
  return q.get('p') === w.p && q.get('d') === w.d && q.get('s') === w.s;
}, want, { timeout: 5000 });

const allStrategies = (page) => page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));

test('the error follows the input: Ctrl+Z, Backspace or the original text pasted back after a conflict clears it', async () => {
  const { page, problems } = await open(browser);
  const ways = {
    'Ctrl+Z': () => page.keyboard.press('Control+z'),
    Backspace: () => page.keyboard.press('Backspace'),
    'the text pasted': () => page.fill('#puzzle-input', EASY),
  };
  for (const [way, undo] of Object.entries(ways)) {
    await setPuzzle(page, EASY);
    assert.deepEqual(await errorCleared(page), NO_ERROR);
    await page.focus('[data-box="A1"]');
    await page.keyboard.press('3');
    await errorShown(page, /row A|square A1-C3/);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-box].conflict')].map((b) => b.dataset.box).sort().join() === 'A1,A3');
    await undo();
    await shows(page, EASY);
    assert.deepEqual(await errorCleared(page), NO_ERROR, `after ${way}, the puzzle parses and no error is left`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the error follows the input: Diagonal Sudoku ticked on the easy sample is a conflict, unticked it is gone', async () => {
  const { page, problems } = await open(browser);
  await shows(page, EASY);
  await page.check('#diagonal');
  await errorShown(page, /diagonal/);
  await page.uncheck('#diagonal');
  assert.deepEqual(await errorCleared(page), NO_ERROR);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Undo after a sample restores the whole puzzle: its rule, the link, and Solve works', async () => {
  const { page, problems } = await open(browser);
  await shows(page, EASY);
  await page.selectOption('#samples', 'diagonal');
  await shows(page, DIAGONAL);
  assert.equal(await page.isChecked('#diagonal'), true);
  await linkIs(page, { p: DIAGONAL, d: '1', s: null });
  await page.click('#undo');
  await shows(page, EASY);
  assert.deepEqual(await controls(page), { text: EASY, diagonal: false, strategies: DEFAULTS });
  assert.deepEqual(await errorCleared(page), NO_ERROR, 'no false diagonal conflict');
  await linkIs(page, { p: EASY, d: null, s: null });
  assert.equal(await page.inputValue('#samples'), 'easy', 'the sample menu names the puzzle on screen');
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved');
  // Redo brings the diagonal sample back, rule and all.
  await page.click('#redo');
  await shows(page, DIAGONAL);
  assert.deepEqual(await controls(page), { text: DIAGONAL, diagonal: true, strategies: DEFAULTS });
  await linkIs(page, { p: DIAGONAL, d: '1', s: null });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a checkbox toggled is an edit: Undo and Redo restore Diagonal Sudoku and each strategy', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, HARDER);
  await page.click('#diagonal');
  await page.click('#strategy-list input[data-strategy="naked_twins"]');
  await page.click('#strategy-list input[data-strategy="eliminate"]');
  assert.deepEqual(await controls(page), { text: HARDER, diagonal: true, strategies: ['only_choice'] });
  await linkIs(page, { p: HARDER, d: '1', s: 'only_choice' });
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#strategy-list input[data-strategy="eliminate"]').checked);
  assert.deepEqual(await controls(page), { text: HARDER, diagonal: true, strategies: ['eliminate', 'only_choice'] });
  await page.click('#undo');
  await page.click('#undo');
  await page.waitForFunction(() => !document.getElementById('diagonal').checked);
  assert.deepEqual(await controls(page), { text: HARDER, diagonal: false, strategies: DEFAULTS });
  await linkIs(page, { p: HARDER, d: null, s: null });
  await page.keyboard.press('Control+Shift+Z');
  await page.waitForFunction(() => document.getElementById('diagonal').checked);
  assert.deepEqual(await controls(page), { text: HARDER, diagonal: true, strategies: DEFAULTS });
  await linkIs(page, { p: HARDER, d: '1', s: null });
  assert.deepEqual(problems, []);
  await page.close();
});

test('Undo after a diagonal trace opened with every strategy restores the puzzle, its rule and its strategies before', async () => {
  const { page, problems } = await open(browser);
  const every = await allStrategies(page);
  assert.ok(every.length > DEFAULTS.length);
  await setPuzzle(page, DIAGONAL, { diagonal: true, strategies: every });
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
  const file = join(scratch, 'diagonal-every.json');
  await download.saveAs(file);
  await setPuzzle(page, EASY);
  await page.setInputFiles('#open-trace', file);
  await page.waitForFunction(() => /Playing/.test(document.getElementById('open-status').textContent));
  assert.deepEqual(await controls(page), { text: DIAGONAL, diagonal: true, strategies: every });
  await page.click('#undo');
  await shows(page, EASY);
  assert.deepEqual(await controls(page), { text: EASY, diagonal: false, strategies: DEFAULTS });
  assert.deepEqual(await errorCleared(page), NO_ERROR);
  await linkIs(page, { p: EASY, d: null, s: null });
  await page.click('#redo');
  await shows(page, DIAGONAL);
  assert.deepEqual(await controls(page), { text: DIAGONAL, diagonal: true, strategies: every });
  assert.deepEqual(problems, []);
  await page.close();
});

/** The focus: the element's box, id or tag. */
const focusIs = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return a ? a.dataset.box || a.id || a.tagName : null;
});

for (const button of ['play', 'solve']) test(`phone width: a ${button === 'play' ? 'Play' : 'Solve'} refused after a conflict typed on the grid keeps the focus out of the text box; Ctrl+Z undoes the conflict`, async () => {
  const { page, problems } = await open(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await setPuzzle(page, EASY);
  await page.click('[data-box="A1"]');
  await page.keyboard.press('3');
  await errorShown(page, /row A|square A1-C3/);
  await page.click(`#${button}`);
  // Refused: the solve never starts, the button is back.
  await page.waitForFunction(() => document.getElementById('solve').textContent === 'Solve' && !document.getElementById('solve').disabled);
  await page.waitForTimeout(300);
  const focus = await focusIs(page);
  assert.notEqual(focus, 'puzzle-input', 'the focus is not moved into the text box');
  assert.ok(['A1', 'A3', button].includes(focus), `the focus is on a box the error names, or where the user was (${focus})`);
  if (button === 'play') {
    const board = await page.$eval('#board', (b) => b.getBoundingClientRect());
    assert.ok(board.bottom > 0 && board.top < 844, `the board is still in view (top ${board.top})`);
  }
  await page.keyboard.press('Control+z');
  await shows(page, EASY);
  assert.deepEqual(await errorCleared(page), NO_ERROR);
  assert.deepEqual(problems, []);
  await page.close();
});

test('phone width: the digit pad with no box selected changes nothing and says to select a box', async () => {
  const { page, problems } = await open(browser, `p=${HARDER}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shows(page, HARDER);
  await page.click('#digit-pad button[data-digit="7"]');
  await page.waitForFunction(() => /select a box/i.test(document.getElementById('grid-status').textContent), null, { timeout: 3000 }).catch(() => {});
  assert.match(await page.textContent('#grid-status'), /select a box/i);
  assert.equal(await page.inputValue('#puzzle-input'), HARDER, 'the given in A1 is kept');
  assert.equal(await page.getAttribute('[data-box="A1"]', 'data-value'), '4');
  // Once a box is selected, the pad types into it.
  await page.click('[data-box="A2"]');
  await page.click('#digit-pad button[data-digit="7"]');
  await shows(page, `47${HARDER.slice(2)}`);
  assert.deepEqual(problems, []);
  await page.close();
});
