// Issue 23, play mode: the learner plays a puzzle to the end (on a desktop with the keyboard, on
// a phone with the digit pad), Undo and Redo walk the moves, a reload and a share link restore the
// game, Check finds a wrong digit and a pencil mark the solution needs that was removed (and says
// when it cannot judge), the solver's side and the game switch without losing either, a corrupt
// stored record is ignored with a message; the learner's digits are told apart from the givens
// and the solver's, and axe-core finds no serious violation in play mode, light and dark.
// Screenshots: play-<width>-<scheme>.png in e2e/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch, open, waitForPosition, setPuzzle, here } from './harness.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// The course's first grid and its solution (checked against the givens and the rules below).
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
// Several solutions (no givens at all); none (A9 sees 1-8 in its row and 9 in its column); and
// two 1s in row A, which does not parse.
const SEVERAL = '.'.repeat(81);
const NONE = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;
const CONFLICT = `11${'.'.repeat(79)}`;
const BOXES = Array.from({ length: 81 }, (_, i) => `${'ABCDEFGHI'[Math.floor(i / 9)]}${(i % 9) + 1}`);
// Screenshots go to e2e/screenshots/; with UPDATE_DOCS_SCREENSHOTS=1 the README's picture of play
// mode is written to docs/ too.
const SHOTS = join(here, 'screenshots');
const DOCS = join(here, '..', 'docs');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

test('the solution used here is the puzzle\'s: it keeps the givens and every unit holds 1-9', () => {
  assert.ok([...EASY].every((c, i) => c === '.' || c === SOLUTION[i]));
  for (let k = 0; k < 9; k++) {
    const row = new Set();
    const col = new Set();
    const sq = new Set();
    for (let j = 0; j < 9; j++) {
      row.add(SOLUTION[k * 9 + j]);
      col.add(SOLUTION[j * 9 + k]);
      sq.add(SOLUTION[(Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3)]);
    }
    assert.deepEqual([row.size, col.size, sq.size], [9, 9, 9]);
  }
});

/** The board as play mode draws it: each box's digit and whose it is, and its pencil marks. */
const boardState = (page) => page.evaluate(() => [...document.querySelectorAll('[data-box]')].map((b) => ({
  box: b.dataset.box,
  value: b.dataset.value,
  given: b.classList.contains('given'),
  mine: b.classList.contains('mine'),
  pencil: b.classList.contains('pencil'),
  marks: b.classList.contains('pencil') ? b.dataset.candidates : '',
  marked: b.classList.contains('conflict'),
})));

/** The learner's digits as a line of 81 ('.' for none), as the board shows them. */
const mineLine = async (page) => (await boardState(page)).map((b) => (b.mine ? b.value : '.')).join('');

/** Waits until the learner's digits on the board are `line`. */
const showsMine = (page, line) => page.waitForFunction((want) => [...document.querySelectorAll('[data-box]')]
  .map((b) => (b.classList.contains('mine') ? b.dataset.value : '.')).join('') === want, line, { timeout: 5000 });

/** Opens the page on the easy puzzle with a fresh storage, and enters play mode. */
async function playing({ width = 1280, height = 900, hash = `p=${EASY}` } = {}) {
  const opened = await open(browser, hash);
  const { page } = opened;
  // The tests share one browser profile: no game of an earlier test is read at the load.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.setViewportSize({ width, height });
  await page.waitForFunction(() => document.getElementById('engine-verdict') && document.querySelector('[data-box="A3"]').dataset.value === '3');
  await page.click('#play-mode');
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
  return opened;
}

/** Types digit `d` on box `name` (a pencil mark with `mark`: Shift with the digit). */
async function type(page, name, d, { mark = false } = {}) {
  await page.focus(`[data-box="${name}"]`);
  await page.keyboard.press(mark ? `Shift+Digit${d}` : String(d));
}

/** Presses Check and waits for its answer: { check, text }. */
async function check(page) {
  await page.click('#check');
  await page.waitForFunction(() => ['right', 'solved', 'wrong', 'unknown'].includes(document.getElementById('check-result').dataset.check));
  return page.evaluate(() => ({ check: document.getElementById('check-result').dataset.check, text: document.getElementById('check-result').textContent }));
}

const line = (pairs) => {
  const a = Array(81).fill('.');
  for (const [name, d] of pairs) a[BOXES.indexOf(name)] = String(d);
  return a.join('');
};

test('a puzzle played to the end with the keyboard (desktop): Check says solved; the givens never change', async () => {
  const { page, problems } = await playing();
  // A given is not the learner's to change.
  await type(page, 'A3', 5);
  await page.waitForFunction(() => document.getElementById('grid-status').textContent.includes('A3 is a given'));
  const empties = [...EASY].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  for (const i of empties) await type(page, BOXES[i], SOLUTION[i]);
  await showsMine(page, [...EASY].map((c, i) => (c === '.' ? SOLUTION[i] : '.')).join(''));
  const state = await boardState(page);
  assert.ok(state.every((b, i) => (EASY[i] === '.' ? b.mine && !b.given : b.given && !b.mine && b.value === EASY[i])));
  assert.match((await page.textContent('#grid-status')), /Every box is filled/);
  assert.deepEqual(await check(page), { check: 'solved', text: 'Solved: every digit agrees with the solution. Well done!' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a puzzle played to the end with the digit pad at phone width (390 px), pencil marks on the way', async () => {
  const { page, problems } = await playing({ width: 390, height: 844 });
  assert.ok(await page.isVisible('#digit-pad'));
  const empties = [...EASY].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  // A pencil mark first, by the Pencil button and the pad: kept under the digit placed later.
  await page.click(`[data-box="${BOXES[empties[0]]}"]`);
  await page.click('#pencil-mode');
  await page.click('#digit-pad button[data-digit="7"]');
  await page.waitForFunction((n) => document.querySelector(`[data-box="${n}"]`).dataset.candidates === '7', BOXES[empties[0]]);
  await page.click('#pencil-mode');
  assert.equal(await page.getAttribute('#pencil-mode', 'aria-pressed'), 'false');
  for (const i of empties) {
    await page.click(`[data-box="${BOXES[i]}"]`);
    await page.click(`#digit-pad button[data-digit="${SOLUTION[i]}"]`);
  }
  await showsMine(page, [...EASY].map((c, i) => (c === '.' ? SOLUTION[i] : '.')).join(''));
  assert.equal((await check(page)).check, 'solved');
  // The pad's clear key takes the learner's digit away, and the mark underneath shows again.
  await page.click(`[data-box="${BOXES[empties[0]]}"]`);
  await page.click('#digit-pad button[data-digit=""]');
  await page.waitForFunction((n) => {
    const b = document.querySelector(`[data-box="${n}"]`);
    return b.classList.contains('pencil') && b.dataset.candidates === '7';
  }, BOXES[empties[0]]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Undo and Redo walk every move (digits, marks, Fill in candidates, Clear), in the page\'s one history', async () => {
  const { page, problems } = await playing();
  await type(page, 'A1', 4);
  await type(page, 'A2', 8);
  await type(page, 'A4', 9, { mark: true });
  await page.click('#fill-marks');
  await page.waitForFunction(() => document.querySelector('[data-box="B2"]').dataset.candidates === '267');
  await page.click('#clear');
  await showsMine(page, '.'.repeat(81));
  assert.equal(await page.inputValue('#puzzle-input'), EASY, 'Clear in play mode keeps the puzzle');
  const marksOf = async (n) => (await boardState(page)).find((b) => b.box === n).marks;
  await page.click('#undo'); // the Clear
  await showsMine(page, line([['A1', 4], ['A2', 8]]));
  assert.equal(await marksOf('B2'), '267');
  await page.keyboard.press('Control+z'); // Fill in candidates
  await page.waitForFunction(() => document.querySelector('[data-box="B2"]').dataset.candidates === '');
  assert.equal(await marksOf('A4'), '9');
  await page.keyboard.press('Control+z'); // the mark
  await page.waitForFunction(() => document.querySelector('[data-box="A4"]').dataset.candidates === '');
  await page.keyboard.press('Control+z'); // A2
  await showsMine(page, line([['A1', 4]]));
  await page.keyboard.press('Control+z'); // A1
  await showsMine(page, '.'.repeat(81));
  assert.equal(await page.isDisabled('#undo'), true);
  await page.keyboard.press('Control+y');
  await page.keyboard.press('Control+Shift+Z');
  await showsMine(page, line([['A1', 4], ['A2', 8]]));
  // A move after an Undo drops the redos.
  await type(page, 'A1', 0);
  await showsMine(page, line([['A2', 8]]));
  assert.equal(await page.isDisabled('#redo'), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a reload restores the game (the address bar and the storage); the storage alone brings it back to Play it yourself', async () => {
  const { page, problems } = await playing();
  await type(page, 'A1', 4);
  await type(page, 'B2', 6, { mark: true });
  await type(page, 'B2', 7, { mark: true });
  // The address bar is written shortly after a burst of moves: wait for the last one, B2's
  // marks 6 and 7 (bits 5 and 6: 96, two base-32 characters "30" at B2's place, 2 × 10).
  await page.waitForFunction(() => (new URLSearchParams(location.hash.slice(1)).get('marks') || '').slice(20, 22) === '30');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
  await showsMine(page, line([['A1', 4]]));
  assert.equal((await boardState(page)).find((b) => b.box === 'B2').marks, '67');
  // The puzzle opened again without the game in its link: Play it yourself finds it stored.
  await page.goto(`${browser.server.url}#p=${EASY}`);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]').dataset.value === '3');
  assert.equal(await page.evaluate(() => document.body.dataset.mode), 'watch');
  assert.equal(await mineLine(page), '.'.repeat(81));
  await page.click('#play-mode');
  await showsMine(page, line([['A1', 4]]));
  assert.match(await page.textContent('#grid-status'), /where you left it/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the share link restores the game in another browser, and a game that does not fit its puzzle is refused', async () => {
  const { page, problems } = await playing();
  await type(page, 'A1', 4);
  await type(page, 'I9', 2);
  await type(page, 'C1', 5, { mark: true });
  await page.click('#copy-link');
  await page.waitForFunction(() => /^Link/.test(document.getElementById('copy-link').textContent));
  const link = await page.evaluate(() => location.href);
  assert.match(link, /play=4\.{79}2/);
  assert.ok(link.length < 8000);
  await page.close();
  // Another browser: nothing stored.
  const other = await launch();
  try {
    const { page: p2, problems: pr2 } = await open(other, link.split('#')[1]);
    await p2.waitForFunction(() => document.body.dataset.mode === 'play');
    await showsMine(p2, line([['A1', 4], ['I9', 2]]));
    assert.equal((await boardState(p2)).find((b) => b.box === 'C1').marks, '5');
    // A digit on a given: the game is not opened, the puzzle is; as a hash change, and as a
    // link opened in a new tab.
    const bad = `p=${EASY}&play=..5${'.'.repeat(78)}`;
    await p2.goto(`${other.server.url}#${bad}`);
    await p2.waitForFunction(() => /A3 holds a given/.test(document.getElementById('grid-status').textContent));
    assert.equal(await p2.evaluate(() => document.body.dataset.mode), 'watch');
    const { page: p3, problems: pr3 } = await open(other, bad);
    await p3.waitForFunction(() => /A3 holds a given/.test(document.getElementById('grid-status').textContent));
    assert.equal(await p3.evaluate(() => document.body.dataset.mode), 'watch');
    assert.equal(await p3.inputValue('#puzzle-input'), EASY);
    assert.deepEqual([...pr2, ...pr3], []);
  } finally {
    await other.close();
  }
  assert.deepEqual(problems, []);
});

test('Check finds a wrong digit and a removed needed candidate, marks those boxes, names no digit of the solution; a move clears the marks', async () => {
  const { page, problems } = await playing();
  await type(page, 'A1', 4); // right
  // B2's candidates from the board are 2, 6, 7, 8: the solution's 6 is removed below.
  await page.click('#fill-marks');
  await page.waitForFunction(() => document.querySelector('[data-box="B2"]').dataset.candidates === '2678');
  await type(page, 'A2', 9); // wrong (8)
  await page.click('#pencil-mode');
  await type(page, 'B2', 6);
  await page.click('#pencil-mode');
  const said = await check(page);
  assert.equal(said.check, 'wrong');
  assert.match(said.text, /1 of your 2 digits does not agree with the solution: A2 \(marked\)/);
  assert.match(said.text, /Pencil marks in B2 have lost a digit the solution needs \(marked\)/);
  assert.doesNotMatch(said.text, /\b8\b|\b6\b/, 'the solution\'s digits are not said');
  // Drawn at the board's next frame.
  await page.waitForFunction(() => document.querySelectorAll('[data-box].conflict').length > 0);
  const marked = (await boardState(page)).filter((b) => b.marked).map((b) => b.box);
  assert.ok(marked.includes('A2') && marked.includes('B2') && !marked.includes('A1'), marked.join());
  // Nothing checked unless asked: the next move clears the marks and the answer.
  await type(page, 'A2', 8);
  await page.waitForFunction(() => document.querySelectorAll('[data-box].conflict').length === 0 && document.getElementById('check-result').textContent === '');
  await type(page, 'B2', 6, { mark: true });
  assert.equal((await check(page)).check, 'right');
  assert.deepEqual(problems, []);
  await page.close();
});

test('Check says plainly when it cannot judge: no solution, or several; a puzzle that does not parse has no game', async () => {
  const { page, problems } = await open(browser, `p=${CONFLICT}`);
  await page.waitForFunction((p) => document.getElementById('puzzle-input').value === p, CONFLICT);
  await page.click('#play-mode');
  await page.waitForFunction(() => /Play needs a puzzle of givens that parses/.test(document.getElementById('grid-status').textContent));
  assert.equal(await page.evaluate(() => document.body.dataset.mode), 'watch');
  for (const [puzzle, why] of [[NONE, /This puzzle has no solution, so Check cannot judge/], [SEVERAL, /more than one solution, so Check cannot judge/]]) {
    await setPuzzle(page, puzzle);
    if (await page.evaluate(() => document.body.dataset.mode) !== 'play') await page.click('#play-mode');
    await page.waitForFunction(() => document.body.dataset.mode === 'play');
    await type(page, 'I1', 5);
    const said = await check(page);
    assert.equal(said.check, 'unknown');
    assert.match(said.text, why);
    assert.equal(await page.evaluate(() => document.querySelectorAll('[data-box].conflict').length), 0);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

/** Presses Hint and waits for its answer: the panel's data-kind. */
async function hint(page) {
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-panel').dataset.kind !== undefined, null, { timeout: 20000 });
  return page.evaluate(() => document.getElementById('hint-panel').dataset.kind);
}

test('Hint: three levels revealed one by one, the third highlighted with Apply; a puzzle played to the end with hints', async () => {
  const { page, problems } = await playing();
  assert.equal(await hint(page), 'step');
  const levels = () => page.$$eval('#hint-levels li', (els) => els.map((e) => e.textContent));
  assert.equal((await levels()).length, 1);
  assert.equal(await page.isVisible('#hint-apply'), false);
  await page.click('#hint-more');
  assert.equal((await levels()).length, 2);
  await page.click('#hint-more');
  const three = await levels();
  assert.equal(three.length, 3);
  assert.ok(three.every((t) => t.length > 0), three.join(' | '));
  assert.equal(await page.isVisible('#hint-more'), false);
  await page.waitForFunction(() => document.getElementById('board').dataset.step === 'hint');
  // Apply, again and again: the learner's position grows to the solution.
  let applied = 0;
  for (let k = 0; k < 200; k++) {
    if (k > 0) {
      const kind = await hint(page);
      if (kind === 'solved') break;
      assert.equal(kind, 'step');
      await page.click('#hint-more');
      await page.click('#hint-more');
    }
    await page.click('#hint-apply');
    await page.waitForFunction(() => document.getElementById('hint-panel').hidden);
    applied++;
  }
  assert.ok(applied > 10, `${applied} steps applied`);
  await showsMine(page, [...EASY].map((c, i) => (c === '.' ? SOLUTION[i] : '.')).join(''));
  assert.equal((await check(page)).check, 'solved');
  // Each application is one move: Undo takes the last back.
  await page.click('#undo');
  const open = [...EASY].filter((c) => c === '.').length;
  await page.waitForFunction((n) => document.querySelectorAll('[data-box].mine').length < n, open);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Hint points out a wrong digit and a removed needed candidate before any hint', async () => {
  const { page, problems } = await playing();
  // A digit the givens' rules refuse (B1 is 9 too): named with the unit.
  await type(page, 'A2', 9);
  assert.equal(await hint(page), 'mistakes');
  assert.match(await page.textContent('#hint-status'), /Before any hint: A2 and B1 are both 9 in square A1-C3/);
  // A digit that breaks no rule but is not the solution's (A2 is 8).
  await type(page, 'A2', 7);
  assert.equal(await hint(page), 'mistakes');
  assert.match(await page.textContent('#hint-status'), /Before any hint: A2 holds a digit the solution does not put there/);
  assert.equal(await page.$$eval('#hint-levels li', (els) => els.length), 0);
  await page.waitForFunction(() => document.querySelector('[data-box="A2"]').classList.contains('conflict'));
  // Fixed, with B2's marks missing the solution's 6: named too.
  await type(page, 'A2', 8);
  await page.click('#fill-marks');
  await page.click('#pencil-mode');
  await type(page, 'B2', 6);
  assert.equal(await hint(page), 'mistakes');
  assert.match(await page.textContent('#hint-status'), /pencil marks of B2 lost the digit the solution puts there/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Solve and the transport watch the solver, keeping the game; Play it yourself goes back to it', async () => {
  const { page, problems } = await playing();
  await type(page, 'A1', 4);
  await page.click('#solve');
  await page.waitForFunction(() => document.body.dataset.mode === 'watch');
  await waitForPosition(page, { min: 1 });
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, playing: false });
  // The solver's digits are no learner's.
  assert.equal(await mineLine(page), '.'.repeat(81));
  assert.match(await page.textContent('#grid-status'), /Your game is kept/);
  await page.click('#play-mode');
  await showsMine(page, line([['A1', 4]]));
  // The transport (a key) goes back to the solver, at the step it was.
  await page.focus('#to-start');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.body.dataset.mode === 'watch');
  await waitForPosition(page, { fromEnd: 1 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('Play it yourself while the solver plays: the game stays on the board, no frame of the solver drawn over it', async () => {
  // The model test's seed 3920997641: the solver's next frame, asked for before the learner went
  // back to the game, drew the solver's board over it (the game kept, but not shown).
  const { page, problems } = await playing();
  await type(page, 'A6', 1);
  await showsMine(page, line([['A6', 1]]));
  await page.click('#play');
  await page.waitForFunction(() => document.body.dataset.mode === 'watch' && document.body.dataset.playing === 'true');
  await page.click('#play-mode');
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
  // Frames go by: any the solver had asked for has run.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
  assert.equal(await mineLine(page), line([['A6', 1]]));
  assert.equal(await page.getAttribute('[data-box="A6"]', 'data-value'), '1');
  // Watching again shows the solver's run where it stopped.
  await page.click('#play-mode');
  await waitForPosition(page, { playing: false });
  assert.equal(await mineLine(page), '.'.repeat(81));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a corrupt or foreign stored record is ignored with a message, never a crash', async () => {
  for (const record of ['{not json', '{"format":"propagate-play","version":99,"games":[]}', '{"format":"else"}']) {
    const { page, problems } = await open(browser, `p=${EASY}`);
    await page.evaluate((r) => localStorage.setItem('propagate.play', r), record);
    await page.reload();
    await page.waitForFunction(() => /A saved game in this browser could not be read/.test(document.getElementById('grid-status').textContent));
    await page.waitForFunction(() => document.querySelector('[data-box="A3"]').dataset.value === '3');
    await page.click('#play-mode');
    await page.waitForFunction(() => document.body.dataset.mode === 'play');
    await type(page, 'A1', 4);
    await showsMine(page, line([['A1', 4]]));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('propagate.play')));
    assert.equal(stored.version, 1, 'replaced at the next move');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

/** The contrast of two CSS colours (WCAG 2's ratio), computed in the page. */
const contrast = (page, a, b) => page.evaluate(([x, y]) => {
  const css = getComputedStyle(document.documentElement);
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const lum = (c) => {
    probe.fillStyle = '#000';
    probe.fillStyle = css.getPropertyValue(c).trim();
    probe.fillRect(0, 0, 1, 1);
    const d = probe.getImageData(0, 0, 1, 1).data;
    const ch = (v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(d[0]) + 0.7152 * ch(d[1]) + 0.0722 * ch(d[2]);
  };
  const [l1, l2] = [lum(x), lum(y)].sort((p, q) => q - p);
  return (l1 + 0.05) / (l2 + 0.05);
}, [a, b]);

for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) {
  test(`play mode, light and dark (${name}, ${width}px): axe-core finds no serious violation, the learner's digits read on the board; screenshots`, async () => {
    const { page, problems } = await playing({ width, height });
    await type(page, 'A1', 4);
    await type(page, 'A2', 9);
    await page.click('#fill-marks');
    await page.click('#pencil-mode');
    // The hint panel open (its mistakes, A2), and Check's answer.
    assert.equal(await hint(page), 'mistakes');
    await check(page);
    mkdirSync(SHOTS, { recursive: true });
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate(`${AXE}\n;0`);
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
      assert.deepEqual(bad, [], colorScheme);
      // The canvas is not axe's to see: its digit colours against the board, measured here.
      assert.ok(await contrast(page, '--mine', '--panel') >= 4.5, `--mine on --panel (${colorScheme})`);
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(SHOTS, `play-${width}-${colorScheme}.png`) });
    }
    if (width === 1280) {
      // The README's picture: the board and its tools in play mode, light.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1100, height: 1000 });
      await page.waitForTimeout(200);
      const shot = join(SHOTS, 'play-panel.png');
      await page.locator('.stage').screenshot({ path: shot });
      if (process.env.UPDATE_DOCS_SCREENSHOTS) copyFileSync(shot, join(DOCS, 'screenshot-play.png'));
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
