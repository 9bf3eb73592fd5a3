// Issue 21, opening and sharing on the page: an f-puzzles link pasted (and one chat broke), an
// ISS string typed, an f-puzzles .json file dropped on the text box and ?load= in the address
// open as their givens and rule; a killer from ?load= and a jigsaw from a SudokuPad link are
// drawn (cages, regions), solved and played through step by step, captions checked; the page's
// own link carries a variant; hostile links, strings and files are refused with the error shown
// and nothing lost; each variant sample has one solution; Export to f-puzzles gives a link that
// opens the puzzle on screen again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch, open, waitForPosition } from './harness.js';
import { SAMPLES } from '../www/app/samples.js';

// ISS's "Sudoku X" example: its f-puzzles link (propagate convert --to fpuzzles-link), its
// givens.
const X_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeARlTQgpgDsEAXDBkmSGDKtBggBMrdl178YgxQF1khReWr1GU9DO7w+AjWMYBmaR32GFpdcONaEAFguyD8oisKjH8F7ss5I3sQu2VVUE1xeABWVysPWwdo8wC3azCkoR9ogDZ4oJtiL2yoxhY0hODM0OTGOMrCzwi7HMZ8xvdqrJrmtR6stoQAdgKuoqH4AA4xjIHilvmRMoQUTrnahf7IkxHZxM3JirZA8daVpH3qpRUQbAgqNAB7TloAakLUe8eX2gBaJpAA==';
const X_ISS = '.Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9';
const X_LINE = '..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.';
const FIXTURES = join(here, '..', 'crates', 'solver-core', 'tests', 'formats', 'fpuzzles');

// ISS's killer example with 41 of its solution's digits given (the classic strategies and search
// finish it in a few nodes; the empty one needs the cage rungs) and ISS's jigsaw example (the
// samples menu's) as f-puzzles links (the facade's Export to f-puzzles, which
// crates/solver-core's tests hold to npm's lz-string), and the jigsaw's as a SudokuPad link
// carries it.
const KILLER_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54AmVNCImAOwQBcMqBfZYH48lQQBWeoxbtOMfvxClK1ACximreB269Z8ofADMKieqkzecwdQAchtRukBdZIW0WEANhuTNfMzuop0cVsTLV9XWk9jbxcFBAB2SLsZR0JzWPgEwNUvaVCBdOUsoyS8tN1rIuDosPSPSpzTfN06eqiHJx8mq0SQzrLqFoZstsb+hEKh4t6Y3QNWkr4UroQARh7q5Yj56ZrdAMmq3L6/BAqDhtKTjPX2513qTPORy/CzoIvj8LqnhZmBm+SHTG8Dew1+91WAJe6TmPx2m1E2w2wO+7xGSz+IihnwK2MxILxEPgayRRy4S2BEzR4M2j2p8JRhM2g3pyKu+1ZDkcIAA1hAyGQYBgAMYkNDUVLCmACsD4EAAJRWAGEViBUIqlTQQNyriA9CBZFKZXKNfr1crFGqFcrhNrULqVrbDdKyLL4HgFTQVVb5V6teq9N6A5q7cCQDQnWYja6TV6zZ6lZadeEQCs4gaoy63R75YH47nEz7FIXk+kQIgM6Bo9nrUq3D6vbb1V768HbaXdOGtc7je7a+nm0r0x3qCBLT2Y32NZYG0qZyOEKn6xOaxqK4P1wrA5v5cWKwv4KnI1WsybAwOt3Oi0PQ7qaAAGSsgatnuvX1sK4Rvg8gGcrk3Fk2n5KkB8puCBt4pmmT4vlOX6Wuq4EIQqcQlvaKYPjBp5TsW/oKsW+o/is46Zr2ObFqq6pfqqP7LqRk45l+eHyl++bgVqRH6v+U7gfmqHMahhHoWWdEnmR+FXlRN5SfOwmdtB3E5uBlEoUGCqWGp8qIN6P40OminqSG6raRxcmjn+9Grhp+baUJYYrKJz7YTmqGgRpyHyhpoHaUmZmLisj4GSxSo7uB+5+YeKzdpZJrgReYFXrRWHiQlH7yqhaWocOEXhoFMVThpaUadl9nHk5KWoTO6qoTuGlVYZ4X2SRYkMQq2neW+xk3pxyWtVpkltSFkFlgp9hcEAA';
// Its ISS string, as the text box keeps it.
const KILLER = '.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9.~R1C1_2~R1C3_5~R1C5_4~R1C7_3~R1C9_8~R2C2_6~R2C4_9~R2C6_2~R2C8_7~R3C1_7~R3C3_4~R3C5_8~R3C7_6~R3C9_2~R4C2_8~R4C4_2~R4C6_4~R4C8_3~R5C1_1~R5C3_2~R5C5_9~R5C7_8~R5C9_7~R6C2_7~R6C4_8~R6C6_6~R6C8_2~R7C1_8~R7C3_1~R7C5_3~R7C7_5~R7C9_6~R8C2_5~R8C4_4~R8C6_8~R8C8_1~R9C1_4~R9C3_7~R9C5_6~R9C7_2~R9C9_9';
const JIGSAW_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BmVNCImAOwQBcMrUMYGB7VvAAMAX2Sge/QaPEhJEAQhkTeC6WJVSlGuasXCd8/ct1b4ARh2lK1AOz1GLdpxjc9ggEwiAuskIhrKgRzByZBDi5TNQQaQ3cEABY4swBWZOj4NNkjdWz4zPTjQsFLWUDqFNCneAjXKP0vX38cmOLEtoK81KtyIPgANirwlzdust7qAA4h50iWzs0M0sX9ZfrPHz8VwViujKTxmwRK9Edhufys7eOeo4sZmpH14Nu+lFOw2br5tZ+O3/yjS2z1oHQO13g4ICEwQ7wYn0eFzMUPm/Q6aL2DX+HSBzXyuwhBJBKPyGIhZJBFPmXkxG0OfQ8D1qowyuOIMPg0w+1WZIKJ835+RJyPRr2odG552+pNFtIQVPytk2eLMgrMkw6Gvp1EZkq+LP0WvZdwl8J5T3mRuhdxOZqlBsESrl8CdENd1r6IT1iOlZiVTQhVstmpDzqDio67vKsKZFojzv93hEQA===';
const SUDOKUPAD_JIGSAW = `https://sudokupad.app/fpuzzles${JIGSAW_LINK.split('?load=')[1]}`;
const KILLER_SOLUTION = '215647398368952174794381652586274931142593867973816425821739546659428713437165289';
const JIGSAW_SOLUTION = '364891527189374265542168739625719843213987456937456182876523914498235671751642398';

let browser;
before(async () => {
  browser = await launch();
  // Long waits: solving and playing a variant through on a machine shared by many builds.
  browser.context.setDefaultTimeout(90_000);
});
after(async () => {
  if (browser) await browser.close();
});

/** Waits until the text box holds `line` with the diagonal rule `diagonal`. */
async function opened(page, line, diagonal) {
  await page.waitForFunction(({ line, diagonal }) => document.getElementById('puzzle-input').value === line
    && document.getElementById('diagonal').checked === diagonal
    && !document.getElementById('puzzle-input').hasAttribute('aria-invalid'), { line, diagonal });
}

/** Solves: the verdict engine finds one solution, in diagonal Sudoku (the standard rule has many). */
async function solves(page) {
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved', null, { timeout: 20000 });
  assert.equal(await page.getAttribute('#engine-verdict', 'data-solutions'), '1');
}

test('a pasted f-puzzles link, a broken one and an ISS string open as diagonal Sudoku and solve', async () => {
  const { page, problems } = await open(browser);
  await page.fill('#puzzle-input', X_LINK);
  await opened(page, X_LINE, true);
  assert.match(await page.textContent('#shared-status'), /Opened/);
  await solves(page);
  for (const text of [X_LINK.replace(/\+/g, ' '), `<${X_LINK.slice(0, 70)}\n${X_LINK.slice(70)}>.`, X_ISS]) {
    await page.click('#clear');
    await page.fill('#puzzle-input', text);
    await opened(page, X_LINE, true);
  }
  assert.deepEqual(problems, []);
});

test('hostile links, strings and files are refused with the error shown, the text and the page kept', async () => {
  const { page, problems } = await open(browser);
  const refused = async (text, pattern) => {
    await page.fill('#puzzle-input', text);
    await page.waitForFunction((p) => new RegExp(p).test(document.getElementById('input-error').textContent), pattern.source);
    // The text stays as given (nothing typed is lost), marked invalid.
    assert.equal(await page.inputValue('#puzzle-input'), text);
    assert.equal(await page.getAttribute('#puzzle-input', 'aria-invalid'), 'true');
  };
  await refused('.Thermo~R1C1~R1C2~R1C3', /Thermo/);
  await refused(KILLER_LINK.slice(0, 120), /cut short/);
  await refused('https://sudokupad.app/scl' + 'A'.repeat(40), /sudokupad|SudokuPad/i);
  await refused('.Cage~50~R1C1~R1C2', /cage 1 sums to 50/);
  await refused('.AntiKnight.~R1C1_5~R2C3_5', /A1 and B3/);
  await refused('{"size": 9, "grid": [[{"value": 1}]], "arrow": [{"cells": ["R1C1"]}]}', /arrow|size|grid/);
  // A file dropped: refused the same way, and a file over the cap is not read at all.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['{"size": 9, "grid": '], 'broken.json', { type: 'application/json' }));
    document.getElementById('puzzle-input').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.getElementById('puzzle-input').value.startsWith('{"size": 9')
    && document.getElementById('input-error').textContent.trim() !== '');
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['x'.repeat(2_000_000)], 'huge.json', { type: 'application/json' }));
    document.getElementById('puzzle-input').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => /huge\.json is 2000000 bytes/.test(document.getElementById('shared-status').textContent));
  // Not frozen: a sample opens and solves after all of that.
  await page.selectOption('#samples', 'killer');
  await page.waitForFunction(() => !document.getElementById('puzzle-input').hasAttribute('aria-invalid'));
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved', null, { timeout: 30000 });
  assert.deepEqual(problems, []);
});

/** The board's digits, A1..I9 ('' for an empty box) joined. */
const values = (page) => page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.value || '.').join(''));

/**
 * Solves the puzzle on screen and plays its trace through: every step's caption filled (no
 * template left, a kind named), at least one of them matching `mentions`, and at the end the
 * board holds `solution` with the caption saying so.
 */
async function playsThrough(page, solution, mentions) {
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved', null, { timeout: 30000 });
  assert.equal(await page.getAttribute('#engine-verdict', 'data-solutions'), '1');
  await waitForPosition(page, { min: 1 });
  await page.keyboard.press('Home');
  await waitForPosition(page, { at: 0, playing: false });
  // Every step in turn, in the page (one round trip): Step forward, the board drawn at that
  // position, its caption read.
  const captions = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const length = Number(document.body.dataset.length);
    const out = [];
    for (let k = 1; k <= length; k++) {
      document.getElementById('step-forward').click();
      while (document.body.dataset.position !== String(k) || document.getElementById('board').dataset.position !== String(k)) await frame();
      out.push(document.getElementById('caption').textContent);
    }
    return out;
  });
  assert.equal(captions.length, Number(await page.evaluate(() => document.body.dataset.length)));
  let mentioned = false;
  captions.forEach((caption, k) => {
    assert.ok(caption.trim() && !/[{}]|undefined|NaN/.test(caption), `step ${k + 1}: ${caption}`);
    mentioned ||= mentions.test(caption);
  });
  assert.ok(mentioned, `a caption matches ${mentions}`);
  assert.equal(await values(page), solution);
  assert.match(await page.textContent('#caption'), /Solved/);
  assert.match(await page.textContent('#verdict'), /Solved/);
}

test('a killer opened from ?load=: cages drawn with their sums, solved and played through', async () => {
  const page = await browser.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${browser.server.url}?load=${KILLER_LINK.split('?load=')[1]}`);
  const killer = KILLER;
  await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t, killer);
  await page.waitForFunction(() => document.querySelectorAll('.constraints-layer .cage-sum').length === 29);
  assert.equal(await page.$$eval('.constraints-layer .cage-sum', (els) => els.map((e) => e.textContent).slice(0, 3).join(' ')), '3 15 25');
  assert.match(await page.textContent('#puzzle-rules'), /Killer cages/);
  assert.equal(await page.isVisible('#puzzle-rules'), true);
  await playsThrough(page, KILLER_SOLUTION, /cage|[A-I][1-9]/);
  // The why panel works as on the classic grid: a box's lost digits, each with the step that
  // removed it, its history one click away.
  await page.focus('[data-box="A2"]');
  await page.waitForSelector('#why-lost button');
  await page.click('#why-lost button');
  await page.waitForSelector('#why-history li');
  // And the search tree holds the search's nodes.
  assert.ok(Number(await page.getAttribute('#search-tree', 'data-count')) >= 1);
  // Its trace downloaded carries the puzzle (format 4), and opened again on a fresh page it is
  // the killer: its ISS string in the text box, its cages drawn.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
  const file = await download.path();
  const trace = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(trace.format, 4);
  assert.equal(trace.puzzle.constraints.filter((c) => c.kind === 'cage').length, 29);
  const fresh = await open(browser);
  await fresh.page.setInputFiles('#open-trace', file);
  await fresh.page.waitForFunction((t) => document.getElementById('puzzle-input').value === t, killer);
  await fresh.page.waitForFunction(() => document.querySelectorAll('.constraints-layer .cage-sum').length === 29);
  assert.deepEqual(fresh.problems, []);
  await fresh.page.close();
  // The page's own link carries the variant and opens it again, cages and all.
  await page.waitForFunction(() => location.hash.includes('p=.Cage'));
  const again = await browser.context.newPage();
  await again.goto(await page.evaluate(() => location.href));
  await again.waitForFunction((t) => document.getElementById('puzzle-input').value === t, killer);
  await again.waitForFunction(() => document.querySelectorAll('.constraints-layer .cage-sum').length === 29);
  assert.deepEqual(problems, []);
  await again.close();
  await page.close();
});

test('a jigsaw opened from a pasted SudokuPad link: regions drawn, solved and played through', async () => {
  const { page, problems } = await open(browser);
  await page.fill('#puzzle-input', SUDOKUPAD_JIGSAW);
  const jigsaw = SAMPLES.find((s) => s.id === 'jigsaw').puzzle;
  await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t, jigsaw);
  await page.waitForFunction(() => document.getElementById('board').classList.contains('jigsaw'));
  assert.ok(await page.locator('.constraints-layer line.region').count() > 20);
  assert.match(await page.textContent('#puzzle-rules'), /Jigsaw/);
  // Typing on the grid would drop the regions: it says so and changes nothing.
  await page.click('[data-box="A2"]');
  await page.keyboard.press('5');
  await page.waitForFunction(() => /constraints beyond Sudoku/.test(document.getElementById('grid-status').textContent));
  assert.equal(await page.inputValue('#puzzle-input'), jigsaw);
  // Its regions are the trace's units: a caption names one.
  await page.setChecked('#strategy-list input[data-strategy="only_choice"]', true);
  await playsThrough(page, JIGSAW_SOLUTION, /region [1-9]/);
  assert.deepEqual(problems, []);
});

test('each variant sample opens with its rules line and has one solution', async () => {
  const { page, problems } = await open(browser);
  const rules = { killer: /Killer cages/, jigsaw: /Jigsaw/, windoku: /Windoku/, 'anti-knight': /Anti-knight/, 'anti-king': /Anti-king/ };
  for (const [id, words] of Object.entries(rules)) {
    await page.selectOption('#samples', id);
    const text = SAMPLES.find((s) => s.id === id).puzzle;
    await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t
      && !document.getElementById('puzzle-rules').hidden, text);
    await page.waitForFunction((w) => new RegExp(w).test(document.getElementById('puzzle-rules').textContent), words.source);
    await page.click('#solve');
    await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved', null, { timeout: 30000 });
    assert.equal(await page.getAttribute('#engine-verdict', 'data-solutions'), '1', id);
  }
  await page.selectOption('#samples', 'windoku');
  await page.waitForFunction(() => document.querySelectorAll('.constraints-layer rect.window').length === 36);
  // Back to a classic sample: no rules line, no constraints drawn.
  await page.selectOption('#samples', 'easy');
  await page.waitForFunction(() => document.getElementById('puzzle-rules').hidden && !document.querySelector('.constraints-layer *'));
  assert.deepEqual(problems, []);
});

test('an f-puzzles file dropped on the text box opens', async () => {
  const { page, problems } = await open(browser);
  const json = readFileSync(join(FIXTURES, 'diagonal.json'), 'utf8');
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'sudoku-x.json', { type: 'application/json' }));
    document.getElementById('puzzle-input').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, json);
  await opened(page, X_LINE, true);
  assert.match(await page.textContent('#shared-status'), /Sudoku X/);
  assert.deepEqual(problems, []);
});

test('?load= opens the puzzle and leaves the address; Export to f-puzzles links back to it', async () => {
  const page = await browser.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${browser.server.url}?load=${X_LINK.split('?load=')[1]}`);
  await opened(page, X_LINE, true);
  await page.waitForFunction(() => !location.search.includes('load='));
  await page.click('#export-fpuzzles');
  await page.waitForSelector('#fpuzzles-link:not([hidden])');
  const href = await page.getAttribute('#fpuzzles-link', 'href');
  assert.ok(href.startsWith('https://www.f-puzzles.com/?load=N4Ig'), href);
  await page.click('#clear');
  await page.fill('#puzzle-input', href);
  await opened(page, X_LINE, true);
  assert.deepEqual(problems, []);
});
