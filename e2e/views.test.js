// End-to-end tests of what issue 6 adds: the search tree, the strategy comparison, the heat map,
// the exports and the accessibility of every control, in Debian's Chromium.
// Screenshots go to e2e/screenshots/; with UPDATE_DOCS_SCREENSHOTS=1 the README's two pictures
// (docs/screenshot.png, docs/screenshot-compare.png) are written too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch, open, waitForPosition, setPuzzle } from './harness.js';

const SHOTS = join(here, 'screenshots');
const DOCS = join(here, '..', 'docs');
const GOLDEN = join(here, '..', 'crates', 'solver-core', 'tests', 'golden');

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const DIAGONAL = '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3';
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** Seed 003's example: the easy solution with A7, B8, E6 and I9 empty. */
const SEED_003 = '483921.579673458.125187649354813297672956.13813679824537268951481425376969541738.';
const ALL = ['eliminate', 'only_choice', 'naked_twins'];
/** A prefix of the ladder (the registry in order of difficulty), which the comparison holds. */
const PREFIX = ['eliminate', 'only_choice'];

let browser;

before(async () => {
  browser = await launch({ permissions: ['clipboard-read', 'clipboard-write'] });
});

after(async () => {
  if (browser) await browser.close();
});

const stat = async (page, name) => Number(await page.textContent(`#stat-${name}`));
const position = async (page) => Number(await page.evaluate(() => document.body.dataset.position));
const currentNode = (page) => page.getAttribute('#search-tree .tree-row.current', 'data-node');
/** Waits until the tree's current node is `id` (it follows the player at most every 100 ms). */
const treeFollows = (page, id) =>
  page.waitForFunction((n) => document.querySelector('#search-tree .tree-row.current')?.dataset.node === n, String(id), { timeout: 5000 });

/** Solves the puzzle on the page and goes to the end. */
async function solveToEnd(page) {
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
}

test('search tree: a node per guess, dead ends with their contradiction, the path to the solution', async () => {
  const { page, problems } = await open(browser);
  // The diagonal example needs no search with all three strategies; with eliminate alone it
  // searches a few hundred nodes.
  await setPuzzle(page, DIAGONAL, { diagonal: true, strategies: ['eliminate'] });
  await solveToEnd(page);
  const nodes = await stat(page, 'nodes');
  const backtracks = await stat(page, 'backtracks');
  assert.ok(nodes > 100, `a real search (${nodes} nodes)`);
  await page.waitForFunction((n) => document.querySelectorAll('#search-tree [data-node]').length === n, nodes);
  assert.equal(await page.getAttribute('#search-tree', 'data-count'), String(nodes));
  assert.equal(await page.getAttribute('#search-tree', 'role'), 'tree');

  // Every dead end is marked, with a symbol (not colour alone) and the contradiction's words.
  const dead = await page.$$eval('#search-tree .tree-row.dead', (rows) =>
    rows.map((r) => ({ icon: r.querySelector('.icon').textContent, why: r.querySelector('.why').textContent, kind: r.dataset.contradiction })));
  assert.equal(dead.length, backtracks);
  for (const d of dead) {
    assert.equal(d.icon, '✗');
    assert.ok(d.why.length > 3, `a reason: ${d.why}`);
    assert.ok(['empty_box', 'no_place', 'duplicate', 'exhausted'].includes(d.kind), d.kind);
  }
  // The path: one row per depth from the root down to the solution, which is the current node.
  const path = await page.$$eval('#search-tree .tree-row.on-path', (rows) =>
    rows.map((r) => ({ level: Number(r.getAttribute('aria-level')), solution: r.classList.contains('solution'), node: r.dataset.node, icon: r.querySelector('.icon').textContent })));
  assert.ok(path.length > 1);
  path.forEach((p, i) => assert.equal(p.level, i + 1, 'the path goes down one level per row'));
  assert.equal(path.at(-1).solution, true);
  assert.equal(path.at(-1).icon, '★');
  assert.ok(path.slice(0, -1).every((p) => p.icon === '✓'));
  assert.equal(await page.locator('#search-tree .tree-row.solution').count(), 1);
  await treeFollows(page, path.at(-1).node);
  assert.equal(await currentNode(page), path.at(-1).node, 'at the end, the current node is the solution');
  assert.equal(await stat(page, 'max_depth') >= path.length - 1, true);

  // Clicking a dead end jumps to its guess: the caption, the board and the current node agree.
  // A dead leaf (an exhausted node has children, whose guesses come next).
  const deadRow = page.locator('#search-tree .tree-row.dead:not([data-contradiction="exhausted"])').first();
  const id = await deadRow.getAttribute('data-node');
  const label = await deadRow.locator('.label').textContent();
  const level = Number(await deadRow.getAttribute('aria-level'));
  await deadRow.click();
  await page.waitForFunction((n) => document.querySelector('#search-tree .tree-row.current')?.dataset.node === n, id);
  await waitForPosition(page, { playing: false });
  const caption = await page.textContent('#caption');
  const m = caption.match(/^Guess at depth (\d+): ([A-I][1-9]) could be .+; try ([1-9])$/);
  assert.ok(m, `a guess caption: ${caption}`);
  assert.equal(`${m[2]} = ${m[3]}`, label);
  assert.equal(Number(m[1]) + 1, level);
  assert.equal(await page.getAttribute(`[data-box="${m[2]}"]`, 'data-value'), m[3]);
  // Nodes not reached yet are faded; those already visited are not.
  const faded = await page.$$eval('#search-tree .tree-row', (rows) => rows.map((r) => [Number(r.dataset.node), r.classList.contains('future')]));
  assert.ok(faded.every(([n, f]) => f === (n > Number(id))), 'exactly the later nodes are faded');

  // Stepping on: the node stays current through its backtrack, then the next guess takes over.
  const why = await deadRow.locator('.why').textContent();
  let back = '';
  for (let i = 0; i < 400 && !back.startsWith('Backtrack'); i++) {
    const p = await position(page);
    await page.click('#step-forward');
    await waitForPosition(page, { at: p + 1 });
    back = await page.textContent('#caption');
    if (!back.startsWith('Backtrack')) assert.equal(await currentNode(page), id, 'propagation after a guess stays in its node');
  }
  assert.match(back, /^Backtrack from depth/);
  assert.equal(await currentNode(page), id);
  const box = why.match(/^([A-I][1-9]) empty$/);
  if (box) assert.match(back, new RegExp(`${box[1]} has no candidates left`));
  const p = await position(page);
  await page.click('#step-forward');
  await waitForPosition(page, { at: p + 1 });
  const next = await page.textContent('#caption');
  const g = next.match(/; try ([1-9])$/);
  if (next.startsWith('Guess')) {
    // The tree follows the player at most every 100 ms (www/panels/tree-panel.js FOLLOW_MS), and the steps
    // above came faster than that: wait for it to catch up before reading it.
    await page.waitForFunction(
      (old) => document.querySelector('#search-tree .tree-row.current')?.dataset.node !== old,
      id,
      { timeout: 5000 },
    );
    assert.notEqual(await currentNode(page), id);
    assert.equal(await page.textContent('#search-tree .tree-row.current .label'), `${next.match(/: ([A-I][1-9]) could be/)[1]} = ${g[1]}`);
  }

  // The root jumps to the start.
  await page.click('#search-tree [data-node="0"]');
  await waitForPosition(page, { at: 0 });
  await treeFollows(page, 0);
  assert.equal(await currentNode(page), '0');

  // Folding the dead ends leaves fewer rows, the path, and a "+N" on each folded node.
  await page.click('#tree-fold');
  await page.waitForFunction((n) => document.querySelectorAll('#search-tree [data-node]').length < n, nodes);
  assert.equal(await page.getAttribute('#tree-fold', 'aria-pressed'), 'true');
  assert.equal(await page.locator('#search-tree .tree-row.solution').count(), 1);
  assert.ok(await page.locator('#search-tree .tree-row .more').count() > 0);
  assert.match(await page.textContent('#search-tree .tree-row .more'), /^\+\d+$/);
  await page.click('#tree-fold');
  await page.waitForFunction((n) => document.querySelectorAll('#search-tree [data-node]').length === n, nodes);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a new trace draws the tree rows in view first and the rest over the next frames, in row order', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, DIAGONAL, { diagonal: true, strategies: ['eliminate'] });
  // The rows present when the board first shows the trace: the tree draws in the same frame,
  // before the board, so this is what that frame built.
  const first = await page.evaluate(
    () =>
      new Promise((done) => {
        const board = document.getElementById('board');
        const mo = new MutationObserver(() => {
          if (board.dataset.position === undefined) return;
          mo.disconnect();
          done([...document.querySelectorAll('#search-tree [data-node]')].map((r) => parseFloat(r.style.top)));
        });
        mo.observe(board, { attributes: true, attributeFilter: ['data-position'] });
        document.getElementById('solve').click();
      }),
  );
  const nodes = Number(await page.getAttribute('#search-tree', 'data-count'));
  assert.ok(nodes > 100, `a real search (${nodes} nodes)`);
  assert.ok(first.length > 0 && first.length < nodes, `the first frame builds some rows, not all ${nodes} (${first.length})`);
  const ascending = (tops) => tops.every((t, i) => i === 0 || t > tops[i - 1]);
  assert.ok(ascending(first), 'the rows are in the DOM in row order');
  await page.waitForFunction((n) => document.querySelectorAll('#search-tree [data-node]').length === n, nodes);
  const all = await page.$$eval('#search-tree [data-node]', (rows) => rows.map((r) => parseFloat(r.style.top)));
  assert.ok(ascending(all), 'and stay so once all are drawn');
  assert.deepEqual(problems, []);
  await page.close();
});

test('search tree by keyboard: arrows move in the tree without stepping the player, Enter jumps', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, DIAGONAL, { diagonal: true, strategies: ['eliminate'] });
  await solveToEnd(page);
  const end = await position(page);
  await page.focus('#search-tree');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('search-tree').getAttribute('aria-activedescendant') === 'tree-node-0');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('search-tree').getAttribute('aria-activedescendant') === 'tree-node-2');
  assert.equal(await position(page), end, 'arrows in the tree do not step the player');
  assert.equal(await page.getAttribute('#tree-node-2', 'aria-selected'), 'true');
  const label = await page.textContent('#tree-node-2 .label');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#search-tree .tree-row.current')?.dataset.node === '2');
  assert.match(await page.textContent('#caption'), new RegExp(`^Guess at depth 2: ${label.split(' = ')[0]} could be .*; try ${label.split(' = ')[1]}$`));
  // ← on an open node folds it; ← again goes to its parent.
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.getElementById('tree-node-2')?.getAttribute('aria-expanded') === 'false');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.getElementById('search-tree').getAttribute('aria-activedescendant') === 'tree-node-1');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a capped trace of thousands of nodes draws only the rows in view and follows the player', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, HARDER, { strategies: [] });
  await solveToEnd(page);
  assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'capped');
  const count = Number(await page.getAttribute('#search-tree', 'data-count'));
  assert.ok(count > 5000, `a big tree (${count} nodes)`);
  const drawn = await page.locator('#search-tree [data-node]').count();
  assert.ok(drawn < 400, `only the rows near the view are drawn (${drawn})`);
  // The last step's node is current, drawn, and scrolled into view.
  const inView = await page.evaluate(() => {
    const tree = document.getElementById('search-tree');
    const row = tree.querySelector('.tree-row.current');
    if (!row) return null;
    const a = tree.getBoundingClientRect();
    const b = row.getBoundingClientRect();
    return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  });
  assert.equal(inView, true);
  // Scrolling back to the top draws the root again.
  await page.$eval('#search-tree', (t) => { t.scrollTop = 0; });
  await page.waitForSelector('#search-tree [data-node="0"]');
  // The player stays quick: a seek to the middle redraws within a couple of frames.
  const t0 = Date.now();
  const mid = Math.floor(Number(await page.evaluate(() => document.body.dataset.length)) / 2);
  await page.locator('#timeline').fill(String(mid));
  await waitForPosition(page, { at: mid });
  await page.waitForSelector('#search-tree .tree-row.current');
  assert.ok(Date.now() - t0 < 3000, `seek and redraw in ${Date.now() - t0} ms`);
  assert.deepEqual(problems, []);
  await page.close();
});

test("compare strategies: seed 003's example takes 4227 nodes without propagation and 1 with", async () => {
  const { page, problems } = await open(browser);
  // The page's set is a prefix of the ladder (eliminate, only choice), so it is marked on it.
  await setPuzzle(page, SEED_003, { strategies: PREFIX });
  await page.click('#compare');
  await page.waitForFunction(() => document.querySelectorAll('#compare-chart [data-strategies]').length === document.querySelectorAll('#strategy-list input[data-strategy]').length + 1);
  const sets = await page.$$eval('#compare-chart [data-strategies]', (els) =>
    els.map((e) => [e.dataset.strategies, Number(e.dataset.nodes), e.dataset.verdict]));
  // The ladder: no strategy, then one rung more each time; beyond the course's three, every
  // rung solves it at the root too.
  assert.deepEqual(sets.slice(0, 4), [
    ['', 4227, 'solved'],
    ['eliminate', 1, 'solved'],
    ['eliminate,only_choice', 1, 'solved'],
    ['eliminate,only_choice,no_place', 1, 'solved'],
  ]);
  assert.ok(sets.slice(4).every(([, nodes, verdict]) => nodes === 1 && verdict === 'solved'), JSON.stringify(sets));
  // Each set has three labelled bars with exact counts; the page's own set is marked.
  const none = page.locator('#compare-chart [data-strategies=""]');
  assert.equal(await none.locator('.cmp-bar').count(), 3);
  assert.equal(await none.locator('[data-metric="nodes"] .cmp-value').textContent(), '4,227');
  assert.equal(await none.locator('[data-metric="guesses"] .cmp-value').textContent(), '4,226');
  const width = (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().width);
  const wide = await width('#compare-chart [data-strategies=""] [data-metric="nodes"] .cmp-fill');
  const narrow = await width('#compare-chart [data-strategies="eliminate"] [data-metric="nodes"] .cmp-fill');
  assert.ok(wide > 4 * narrow && narrow > 0, `bars on a log scale: ${wide} vs ${narrow}`);
  assert.equal(await page.locator('#compare-chart .cmp-set.current').getAttribute('data-strategies'), 'eliminate,only_choice');
  assert.match(await page.textContent('#compare-status'), /No strategy \(pure search\): 4,227 nodes/);
  // A new puzzle hides the comparison made for the previous one.
  await setPuzzle(page, EASY, { strategies: ALL });
  await page.waitForFunction(() => document.getElementById('compare-chart').hidden);
  assert.deepEqual(problems, []);
  await page.close();
});

test('compare strategies on a hard puzzle: pure search is capped honestly, the rest agree with the trace', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, HARDER, { strategies: PREFIX });
  await page.click('#compare');
  await page.waitForFunction(() => document.querySelectorAll('#compare-chart [data-strategies]').length === document.querySelectorAll('#strategy-list input[data-strategy]').length + 1, null, { timeout: 60_000 });
  const none = page.locator('#compare-chart [data-strategies=""]');
  assert.equal(await none.getAttribute('data-verdict'), 'capped');
  assert.equal(await none.getAttribute('data-nodes'), '200000');
  assert.match(await none.locator('.cmp-note').textContent(), /capped at 200,000 nodes/);
  assert.equal(await none.locator('.cmp-fill.capped').count(), 3, 'capped bars are hatched');
  // The untraced comparison and the traced solve count the same search and steps.
  await solveToEnd(page);
  const all = page.locator('#compare-chart [data-strategies="eliminate,only_choice"]');
  assert.equal(await all.getAttribute('data-nodes'), String(await stat(page, 'nodes')));
  assert.equal(await all.getAttribute('data-steps'), String(await stat(page, 'steps')));
  const nodes = await page.$$eval('#compare-chart [data-strategies]', (els) => els.map((e) => Number(e.dataset.nodes)));
  assert.ok(nodes[1] > nodes[2], `only choice saves search on this puzzle (${nodes})`);

  mkdirSync(SHOTS, { recursive: true });
  const shot = join(SHOTS, 'compare.png');
  await page.locator('section[aria-labelledby="compare-heading"]').screenshot({ path: shot });
  if (process.env.UPDATE_DOCS_SCREENSHOTS) copyFileSync(shot, join(DOCS, 'screenshot-compare.png'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('heat map: one hue, lighter to darker by candidate count, in the light and the dark theme', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY, { strategies: ALL });
  assert.equal(await page.isVisible('#heat-legend'), false);
  await page.check('#heatmap');
  assert.equal(await page.$eval('#board', (b) => b.classList.contains('heatmap')), true);
  assert.equal(await page.isVisible('#heat-legend'), true);
  const ramp = () => page.$$eval('#heat-legend i', (els) => els.map((e) => {
    const [r, g, b] = getComputedStyle(e).backgroundColor.match(/\d+(\.\d+)?/g).map(Number);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    // Hue in degrees, and relative lightness.
    const d = max - min || 1;
    const h = max === b ? 60 * ((r - g) / d + 4) : max === g ? 60 * ((b - r) / d + 2) : 60 * (((g - b) / d) % 6);
    return { h, l: (max + min) / 2 };
  }));
  const light = await ramp();
  assert.equal(light.length, 8);
  for (let i = 1; i < 8; i++) {
    assert.ok(light[i].l < light[i - 1].l, `light theme: ${i + 2} candidates darker than ${i + 1}`);
    assert.ok(Math.abs(light[i].h - light[0].h) < 6, 'a single hue');
  }
  // The board uses the same ramp: an empty box (9 candidates) matches the legend's 9 (once
  // the boxes' colour transition is over).
  await page.waitForTimeout(400);
  const bg = (sel) => page.$eval(sel, (e) => getComputedStyle(e).backgroundColor);
  assert.equal(await bg('[data-box="A1"]'), await bg('#heat-legend i[data-count="9"]'));
  assert.notEqual(await bg('[data-box="A3"]'), await bg('#heat-legend i[data-count="9"]'), 'givens are not shaded');
  // Halfway through, boxes with fewer candidates are lighter.
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  await page.click('#to-start');
  const mid = Math.floor(Number(await page.evaluate(() => document.body.dataset.length)) / 3);
  await page.locator('#timeline').fill(String(mid));
  await waitForPosition(page, { at: mid });
  await page.waitForTimeout(400);
  const boxes = await page.$$eval('[data-box]', (els) => els.map((e) => ({
    count: Number(e.dataset.count), candidates: e.dataset.candidates, bg: getComputedStyle(e).backgroundColor, given: e.classList.contains('given'),
  })));
  assert.ok(boxes.every((b) => b.count === b.candidates.length), 'data-count is the number of candidates');
  const shade = (k) => page.$eval(`#heat-legend i[data-count="${k}"]`, (e) => getComputedStyle(e).backgroundColor);
  const plain = boxes.filter((b) => b.count >= 2 && b.count <= 9);
  assert.ok(plain.length > 0);
  // Boxes in no step highlight wear their count's shade.
  const matches = await Promise.all(plain.map(async (b) => b.bg === (await shade(b.count))));
  assert.ok(matches.filter(Boolean).length >= plain.length / 2, `most open boxes are shaded by count (${matches.filter(Boolean).length}/${plain.length})`);

  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await ramp();
  for (let i = 1; i < 8; i++) assert.ok(dark[i].l > dark[i - 1].l, `dark theme: ${i + 2} candidates stronger than ${i + 1}`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.uncheck('#heatmap');
  assert.equal(await page.$eval('#board', (b) => b.classList.contains('heatmap')), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test("exports: the final grid in the course's display layout, the trace's search, and a share link", async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, EASY, { strategies: ALL });
  assert.equal(await page.isDisabled('#export-grid'), true);
  await solveToEnd(page);
  const [grid] = await Promise.all([page.waitForEvent('download'), page.click('#export-grid')]);
  assert.match(grid.suggestedFilename(), /\.txt$/);
  const text = readFileSync(await grid.path(), 'utf8');
  // Seed 000's printed solution of this grid, verbatim.
  const golden = readFileSync(join(GOLDEN, '000_display_reduce_easy.txt'), 'utf8').replace(/^\n+/, '');
  assert.equal(text, golden);

  // The trace download holds the search the tree shows.
  await setPuzzle(page, DIAGONAL, { diagonal: true, strategies: ['eliminate'] });
  await solveToEnd(page);
  const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
  const trace = JSON.parse(readFileSync(await json.path(), 'utf8'));
  assert.equal(trace.variant, 'diagonal');
  assert.equal(trace.steps.filter((s) => s.kind === 'guess').length + 1, Number(await page.getAttribute('#search-tree', 'data-count')));

  // Copy link: the clipboard holds the address, which reopens the same puzzle at the same step.
  await page.locator('#timeline').fill('25');
  await waitForPosition(page, { at: 25 });
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('copy-link').textContent === 'Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, page.url());
  assert.match(link, /step=25/);
  const again = await browser.context.newPage();
  await again.goto(link);
  await waitForPosition(again, { at: 25 });
  assert.equal(await again.isChecked('#diagonal'), true);
  assert.equal(await again.isChecked('#strategy-only-choice'), false);
  await again.close();
  assert.deepEqual(problems, []);
  await page.close();
});

test('accessibility: every control has a name and is reached by Tab; captions are live unless playing fast', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, HARDER, { strategies: ALL });
  await solveToEnd(page);
  await page.click('#compare');
  await page.waitForFunction(() => document.querySelectorAll('#compare-chart [data-strategies]').length === document.querySelectorAll('#strategy-list input[data-strategy]').length + 1, null, { timeout: 60_000 });

  // Named controls, as a screen reader finds them.
  const named = [
    ['button', 'To start'], ['button', 'Step back'], ['button', 'Play'], ['button', 'Step forward'], ['button', 'To end'],
    ['button', 'Solve'], ['button', 'Download trace'], ['button', 'Download grid'], ['button', 'Copy link'],
    ['button', 'Compare strategies'], ['button', 'Fold dead ends'],
    ['checkbox', 'Diagonal Sudoku'], ['checkbox', 'Eliminate'], ['checkbox', 'Only choice'], ['checkbox', 'Naked twins'],
    ['checkbox', 'Heat map of candidate counts'],
    ['combobox', 'Speed in steps per second'], ['combobox', 'Sample'], ['slider', 'Timeline: step'],
    ['textbox', 'Paste a grid (81 characters, the display layout, or a candidate grid), an f-puzzles or SudokuPad link, an ISS string, or drop an f-puzzles .json file here'], ['tree', 'Search tree'],
  ];
  for (const [role, name] of named) {
    assert.equal(await page.getByRole(role, { name, exact: true }).count(), 1, `${role} "${name}"`);
  }
  // And nothing interactive without a name, from Chromium's own accessibility tree.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const interactive = new Set(['button', 'checkbox', 'combobox', 'slider', 'textbox', 'tree', 'treeitem', 'link', 'radio', 'switch', 'spinbutton', 'listbox', 'searchbox', 'menuitem']);
  const unnamed = nodes.filter((n) => !n.ignored && interactive.has(n.role?.value) && !String(n.name?.value || '').trim());
  assert.deepEqual(unnamed.map((n) => n.role.value), [], 'every control has an accessible name');
  assert.ok(nodes.filter((n) => !n.ignored && n.role?.value === 'treeitem').length > 0, 'tree nodes are exposed');

  // Every control is reached by Tab.
  await page.evaluate(() => document.activeElement.blur());
  const reached = new Set();
  const wanted = ['to-start', 'step-back', 'play', 'step-forward', 'to-end', 'speed', 'timeline', 'heatmap', 'search-tree', 'tree-fold',
    'samples', 'puzzle-input', 'diagonal', 'strategy-eliminate', 'strategy-only-choice', 'strategy-naked-twins', 'solve',
    'export-trace', 'export-grid', 'copy-link', 'compare'];
  // As many presses as the page has focusable places (one per rung's checkbox among them), and a few more.
  for (let i = 0; i < 200 && !wanted.every((id) => reached.has(id)); i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement.id));
  }
  for (const id of wanted) {
    assert.ok(reached.has(id), `#${id} is reached by Tab`);
  }

  // The caption is a polite live region, switched off while playing faster than 2 steps/s.
  const live = () => page.getAttribute('#caption', 'aria-live');
  assert.equal(await live(), 'polite');
  await page.selectOption('#speed', '1');
  await page.click('#play');
  await waitForPosition(page, { playing: true });
  assert.equal(await live(), 'polite', 'at 1 step/s captions are read');
  await page.selectOption('#speed', '8');
  await page.waitForFunction(() => document.getElementById('caption').getAttribute('aria-live') === 'off');
  await page.click('#play');
  await waitForPosition(page, { playing: false });
  assert.equal(await live(), 'polite', 'paused: read again');
  await page.click('#play');
  await waitForPosition(page, { playing: true });
  assert.equal(await live(), 'off');
  await page.click('#play');
  await waitForPosition(page, { playing: false });
  assert.equal(await live(), 'polite');
  assert.deepEqual(problems, []);
  await page.close();
});

test('screenshot for the README: the diagonal example mid-search, with its tree', async () => {
  const { page, problems } = await open(browser);
  await setPuzzle(page, DIAGONAL, { diagonal: true, strategies: ['eliminate'] });
  await solveToEnd(page);
  // Dead ends folded, the player a few steps after the last guess: the path, the folded
  // failures and the propagation of the final guess, with pencil marks still on the board.
  await page.click('#tree-fold');
  // At the end the solution's row is already current: wait for the jump itself to be drawn
  // (the position leaves the end), or the first step below would start from the end.
  const end = await position(page);
  await page.click('#search-tree .tree-row.solution');
  await page.waitForFunction((e) => Number(document.body.dataset.position) < e, end);
  await page.waitForFunction(() => document.querySelector('#search-tree .tree-row.current.solution'));
  for (let i = 0; i < 6; i++) {
    const p = await position(page);
    await page.click('#step-forward');
    await waitForPosition(page, { at: p + 1 });
  }
  assert.match(await page.textContent('#depth'), /depth [1-9]/);
  assert.ok(await page.locator('#search-tree .tree-row.on-path').count() > 2);
  await page.evaluate(() => document.activeElement.blur());
  await page.waitForTimeout(1000);
  mkdirSync(SHOTS, { recursive: true });
  const shot = join(SHOTS, 'readme.png');
  await page.screenshot({ path: shot });
  if (process.env.UPDATE_DOCS_SCREENSHOTS) copyFileSync(shot, join(DOCS, 'screenshot.png'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.check('#heatmap');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, 'readme-dark-heatmap.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
