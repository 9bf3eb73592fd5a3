// Issue 21, opening and sharing on the page: an f-puzzles link pasted (and one chat broke), an
// ISS string typed, an f-puzzles .json file dropped on the text box and ?load= in the address
// open as their givens and rule; a puzzle with a constraint the solver does not handle yet is
// refused naming it, as the CLI refuses it; Export to f-puzzles gives a link that opens the
// puzzle on screen again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch, open } from './harness.js';

// ISS's "Sudoku X" example: its f-puzzles link (propagate convert --to fpuzzles-link), its
// givens.
const X_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeARlTQgpgDsEAXDBkmSGDKtBggBMrdl178YgxQF1khReWr1GU9DO7w+AjWMYBmaR32GFpdcONaEAFguyD8oisKjH8F7ss5I3sQu2VVUE1xeABWVysPWwdo8wC3azCkoR9ogDZ4oJtiL2yoxhY0hODM0OTGOMrCzwi7HMZ8xvdqrJrmtR6stoQAdgKuoqH4AA4xjIHilvmRMoQUTrnahf7IkxHZxM3JirZA8daVpH3qpRUQbAgqNAB7TloAakLUe8eX2gBaJpAA==';
const X_ISS = '.Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9';
const X_LINE = '..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.';
const FIXTURES = join(here, '..', 'crates', 'solver-core', 'tests', 'formats', 'fpuzzles');

let browser;
before(async () => {
  browser = await launch();
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

test('a constraint the solver does not handle yet is refused naming it', async () => {
  const { page, problems } = await open(browser);
  await page.fill('#puzzle-input', readFileSync(join(FIXTURES, 'killer.json'), 'utf8'));
  await page.waitForFunction(() => /killer cage/.test(document.getElementById('input-error').textContent));
  assert.match(await page.textContent('#input-error'), /does not solve yet/);
  await page.fill('#puzzle-input', '.Thermo~R1C1~R1C2~R1C3');
  await page.waitForFunction(() => /Thermo/.test(document.getElementById('input-error').textContent));
  await page.fill('#puzzle-input', X_LINK.slice(0, 120));
  await page.waitForFunction(() => /cut short/.test(document.getElementById('input-error').textContent));
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
