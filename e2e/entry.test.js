// Issue 16, part 1: typing a puzzle on the grid, in Chromium, at a desktop and a phone width.
// The grid, the text box and the address bar agree; a conflict is marked as typed; nothing typed
// is ever lost (undo, redo, clear); editing after a solve goes back to editing the puzzle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch, open, waitForPosition, setPuzzle } from './harness.js';

const SHOTS = join(here, 'screenshots');

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const EMPTY = '.'.repeat(81);

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  if (browser) await browser.close();
});

const value = (page, box) => page.getAttribute(`[data-box="${box}"]`, 'data-value');
const focused = (page) => page.evaluate(() => document.activeElement && document.activeElement.dataset.box);
const text = (page) => page.inputValue('#puzzle-input');
/** Waits until the text box holds `t` and the grid shows it as givens. */
async function shows(page, t) {
  await page.waitForFunction((want) => document.getElementById('puzzle-input').value === want, t);
  const values = [...(t || EMPTY)].map((c) => (c === '.' || c === '0' ? '' : c)).join(',');
  await page.waitForFunction((v) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join(',') === v, values);
}
/** The puzzle in the address bar (url.js writes it a moment after each accepted edit). */
const linkHas = (page, t) => page.waitForFunction((want) => decodeURIComponent(location.hash).includes(want), t, { timeout: 5000 });

test('typing on the grid: digits set givens, arrows move, 0 . Backspace Delete clear; the text and the link follow', async () => {
  const { page, problems } = await open(browser);
  await page.click('#clear');
  await shows(page, '');
  await page.click('[data-box="A1"]');
  assert.equal(await focused(page), 'A1');
  await page.keyboard.press('5');
  await shows(page, `5${EMPTY.slice(1)}`);
  await linkHas(page, `5${EMPTY.slice(1)}`);
  // The arrows move inside the grid and stop at its edges; the transport keys do not step.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(page), 'A1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), 'B2');
  await page.keyboard.press('7');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('3');
  const typed = `5${'.'.repeat(9)}7${'.'.repeat(8)}3${'.'.repeat(61)}`;
  await shows(page, typed);
  await linkHas(page, typed);
  // Each way to clear a box.
  for (const key of ['0', '.', 'Backspace', 'Delete']) {
    await page.keyboard.press('9');
    await page.waitForFunction(() => document.querySelector('[data-box="C2"]').dataset.value === '9');
    await page.keyboard.press(key);
    await page.waitForFunction(() => document.querySelector('[data-box="C2"]').dataset.value === '');
  }
  // The text box drives the grid too.
  await setPuzzle(page, EASY);
  assert.equal(await value(page, 'A3'), '3');
  // Givens and the solver's digits are told apart (the hooks; the canvas draws givens bold, in ink).
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  assert.ok(await page.$eval('[data-box="A3"]', (b) => b.classList.contains('given') && !b.classList.contains('solved')));
  assert.ok(await page.$eval('[data-box="A1"]', (b) => b.classList.contains('solved') && !b.classList.contains('given')));
  assert.deepEqual(problems, []);
  await page.close();
});

test('Tab reaches the grid once, at the box last in focus, and leaves it; the focus ring follows the box', async () => {
  const { page, problems } = await open(browser);
  const tabbable = await page.$$eval('[data-box]', (bs) => bs.filter((b) => b.tabIndex === 0).map((b) => b.dataset.box));
  assert.deepEqual(tabbable, ['A1']);
  await page.click('[data-box="E5"]');
  await page.keyboard.press('Tab');
  assert.notEqual(await focused(page), 'E6', 'Tab leaves the grid');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'E5', 'Shift+Tab comes back to the same box');
  const ring = await page.$eval('.focus-ring', (r) => ({ hidden: r.hidden, left: r.offsetLeft, top: r.offsetTop }));
  const box = await page.$eval('[data-box="E5"]', (b) => ({ left: b.offsetLeft, top: b.offsetTop }));
  assert.equal(ring.hidden, false);
  assert.deepEqual({ left: ring.left, top: ring.top }, box);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a conflicting digit is kept, both boxes are marked and the alert names the unit; a digit over a given says what it replaced', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY);
  // A3 is a given 3; typing 3 in A5's row conflicts in row A.
  await page.focus('[data-box="A1"]');
  await page.keyboard.press('3');
  const withConflict = `3${EASY.slice(1)}`;
  await page.waitForFunction(() => /row A|square A1-C3/.test(document.querySelector('#input-error[role="alert"]').textContent));
  assert.match(await page.textContent('#grid-status'), /row A|square A1-C3/, 'said under the board too');
  assert.equal(await text(page), withConflict, 'the conflicting digit stays in the text');
  assert.equal(await value(page, 'A1'), '3', 'and on the grid');
  await page.waitForFunction(() => ['A1', 'A3'].every((b) => document.querySelector(`[data-box="${b}"]`).classList.contains('conflict')));
  // Over a given: replaced, and the status says so and how to get it back.
  await page.focus('[data-box="A3"]');
  await page.keyboard.press('4');
  await page.waitForFunction(() => document.getElementById('grid-status').textContent.includes('A3 was 3, now 4'));
  await page.waitForFunction(() => document.getElementById('input-error').textContent === '');
  assert.equal(await page.$$eval('.conflict', (xs) => xs.length), 0, 'no conflict left');
  await page.keyboard.press('Control+z');
  await shows(page, withConflict);
  await page.screenshot({ path: join(SHOTS, 'entry-conflict.png') });
  await page.keyboard.press('Control+z');
  await shows(page, EASY);
  // A bad character typed in the text box: the box it would fill is marked, from the error's data.
  await page.fill('#puzzle-input', `${EASY.slice(0, 5)}x${EASY.slice(6)}`);
  await page.waitForFunction(() => /'x'/.test(document.getElementById('input-error').textContent));
  await page.waitForFunction(() => [...document.querySelectorAll('.conflict')].map((b) => b.dataset.box).join() === 'A6');
  assert.deepEqual(problems, []);
  await page.close();
});

test('undo and redo: keys and buttons, Clear undone, typing in the text box one step of undo', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY);
  assert.equal(await page.isDisabled('#redo'), true);
  await page.click('#clear');
  await shows(page, '');
  await page.click('#undo');
  await shows(page, EASY);
  await page.click('#redo');
  await shows(page, '');
  await page.click('#undo');
  await shows(page, EASY);
  await page.focus('[data-box="A1"]');
  await page.keyboard.press('1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('2');
  const two = `12${EASY.slice(2)}`;
  await shows(page, two);
  await page.keyboard.press('Control+z');
  await shows(page, `1${EASY.slice(1)}`);
  await page.keyboard.press('Control+Shift+Z');
  await shows(page, two);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await shows(page, two);
  // In the text box, Ctrl+Z is the browser's own; the page's Undo takes a burst of typing back at once.
  await page.click('#puzzle-input');
  await page.keyboard.press('End');
  await page.keyboard.type('xyz');
  await page.waitForFunction(() => document.getElementById('input-error').textContent !== '');
  await page.click('#undo');
  await shows(page, two);
  assert.deepEqual(problems, []);
  await page.close();
});

test('editing after a solve returns to editing the same puzzle with the edit', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY);
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  await page.focus('[data-box="A1"]');
  await page.keyboard.press('4');
  const edited = `4${EASY.slice(1)}`;
  await shows(page, edited);
  await page.waitForFunction(() => document.body.dataset.length === undefined, null, { timeout: 5000 });
  assert.equal(await page.textContent('#verdict'), 'Not solved yet.');
  // A box the solver had filled is empty again: the board is the puzzle, not the solution.
  assert.equal(await value(page, 'A2'), '');
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('phone width: the digit pad under the board types into the box tapped; no pad on a desktop', async () => {
  const { page, problems } = await open(browser);
  assert.equal(await page.isVisible('#digit-pad'), false);
  await page.setViewportSize({ width: 390, height: 844 });
  await setPuzzle(page, EASY);
  assert.equal(await page.isVisible('#digit-pad'), true);
  const pad = await page.$eval('#digit-pad', (p) => p.getBoundingClientRect().top);
  const board = await page.$eval('#board', (b) => b.getBoundingClientRect().bottom);
  assert.ok(pad >= board, 'the pad is under the board');
  await page.click('[data-box="A1"]');
  await page.click('#digit-pad button[data-digit="7"]');
  await shows(page, `7${EASY.slice(1)}`);
  assert.equal(await focused(page), 'A1', 'the box keeps the focus');
  await page.click('#digit-pad button[aria-label="Clear box"]');
  await shows(page, EASY);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a candidate grid is not rewritten by the grid: typing on it says why, and its pencil marks stay', async () => {
  const { page, problems } = await open(browser);
  const fields = Array.from({ length: 81 }, (_, k) => (k === 0 ? '45' : k === 1 ? '7' : '.'));
  const grid = Array.from({ length: 9 }, (_, r) => fields.slice(r * 9, r * 9 + 9).join(' ')).join('\n');
  await page.fill('#puzzle-input', grid);
  await page.waitForFunction(() => document.querySelector('[data-box="A1"]').dataset.candidates === '45');
  await page.focus('[data-box="C5"]');
  await page.keyboard.press('4');
  await page.waitForFunction(() => /candidate grid/.test(document.getElementById('grid-status').textContent));
  assert.equal(await page.inputValue('#puzzle-input'), grid);
  assert.equal(await page.getAttribute('[data-box="C5"]', 'data-value'), '');
  assert.deepEqual(problems, []);
  await page.close();
});
