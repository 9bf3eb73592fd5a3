// End to end, forcing steps (docs/trace-format.md, "Forcing steps"): a forcing step's branches
// drawn on the board (www/board/chain.js: an arrow from each node to each node it leads to,
// strong solid into a candidate on, weak dashed into one off, an off ring struck through) and
// said in the caption in the notation people use (www/trace/explain.js's chainsText, the same
// text as the core's hint.rs forcing_text), as a hint's level 3 and in playback, with the why
// panel following each branch node by node. The page names no strategy: it reads the step's
// branches. Screenshots (1280 light, 390 dark) go to e2e/screenshots/ to be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { here, launch, open, setPuzzle, waitForPosition, gameLink } from './harness.js';

const SHOTS = join(here, 'screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// top95's 11th puzzle (puzzles/top95.txt), after 35 hints applied from it (found with
// `propagate hint --apply`, each output fed back): its next step on the rating's walk is a
// digit forcing chain whose one branch ends in a contradiction (column 5 left without a 7).
const PUZZLE = '6..3.2....5.....1..........7.26............543.........8.15........4.2........7..';
const GRID = `
6 179 14789 3 1789 2 5 479 89
489 5 34789 4789 6789 46789 3489 1 2
1489 2 134789 5 1789 1489 3489 34679 3689
7 4 2 6 1389 5 189 39 389
189 169 1689 279 237 1379 369 5 4
3 169 5 489 189 1489 1689 2 7
2 8 679 1 5 3679 349 3469 369
59 13679 1679 789 4 36789 2 3689 15
459 1369 1469 289 23689 3689 7 3689 15`.trim();

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  if (browser) await browser.close();
});


/** The forcing layer as drawn: each arrow's link and dash, rings, struck rings, heads, the picker's buttons, the legend. */
function drawn(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#board .chain-layer');
    const board = document.getElementById('board').getBoundingClientRect();
    const links = [...svg.querySelectorAll('path.link')].map((l) => {
      const r = l.getBoundingClientRect();
      const dash = getComputedStyle(l).strokeDasharray;
      return {
        link: l.dataset.link,
        dashed: dash !== 'none' && dash !== '',
        inside: r.left >= board.left - 1 && r.right <= board.right + 1 && r.top >= board.top - 1 && r.bottom <= board.bottom + 1,
      };
    });
    const picker = document.querySelector('.branch-picker');
    const legend = document.getElementById('chain-legend');
    const forcingLegend = legend.querySelector('.forcing-legend');
    return {
      links,
      rings: svg.querySelectorAll('circle.node').length,
      struck: svg.querySelectorAll('line.strike').length,
      heads: svg.querySelectorAll('polygon.head').length,
      picker: picker && !picker.hidden ? [...picker.querySelectorAll('button')].map((b) => b.textContent) : [],
      legend: getComputedStyle(legend).display !== 'none' && getComputedStyle(forcingLegend).display !== 'none',
    };
  });
}

/** axe-core's serious and critical violations on the page as it is (as e2e/a11y.test.js runs it). */
async function serious(page) {
  await page.evaluate(`${AXE}\n;0`);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * What a step's branches should draw: an arrow per link (each parent of a node the singles'
 * rules derived; a node a technique derived inside a net, `by`, has none), strong into an on, a
 * ring per node, one struck per node off.
 */
function expected(chains) {
  const nodes = chains.flatMap((c) => c.nodes);
  return {
    links: nodes.flatMap((n) => (n.by ? [] : n.parents.map(() => (n.on ? 'strong' : 'weak')))),
    rings: nodes.length,
    struck: nodes.filter((n) => !n.on).length,
  };
}

function checkDrawn(d, want, what) {
  assert.deepEqual(d.links.map((l) => l.link), want.links, `${what}: an arrow per link of the branches, in their order`);
  for (const l of d.links) {
    assert.equal(l.dashed, l.link === 'weak', `${what}: a ${l.link} link is ${l.link === 'weak' ? 'dashed' : 'solid'}`);
    assert.ok(l.inside, `${what}: each arrow on the board`);
  }
  assert.equal(d.heads, want.links.length, `${what}: an arrowhead per link`);
  assert.equal(d.rings, want.rings, `${what}: a ring per node`);
  assert.equal(d.struck, want.struck, `${what}: each candidate off struck through`);
  assert.ok(d.legend, `${what}: the legend says what a forcing step's drawing means`);
}

test('a forcing hint: level 3 says the branches as the page writes them, the board draws them, Apply makes the step', async () => {
  const { page, problems } = await open(browser, gameLink(PUZZLE, GRID));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(() => document.body.dataset.mode === 'play' && document.body.dataset.game);

  // The facade's hint for the position (the built module, apart from the page's worker), and
  // the page's own caption of that step (explain.js, from the step's branches alone).
  const reference = await page.evaluate(async ({ t, g }) => {
    const m = await import('/solver-wasm.js');
    await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
    const { forcingOfText } = await import('/www/trace/packed.js');
    const { explainStep, topology } = await import('/www/trace/explain.js');
    const h = m.hint(t, { givens: g });
    const forcing = forcingOfText(h.step.forcing);
    const step = { ...h.step, ...forcing };
    const units = JSON.parse(m.solvePacked(g, {}).units);
    const page = explainStep(step, topology({ units }), m.strategies()).caption;
    return { kind: h.kind, levels: [...h.levels], step: h.step.kind, forcing, page, candidates: [...h.candidates] };
  }, { t: GRID, g: PUZZLE });
  assert.equal(reference.kind, 'step');
  assert.ok(reference.forcing, `a forcing step: ${reference.step}`);
  assert.ok(['contradiction', 'agree'].includes(reference.forcing.conclude), reference.forcing.conclude);
  // The core's caption (hint.rs) and the page's (explain.js) are one text.
  assert.equal(reference.page, reference.levels[2], 'the page writes the branches as the core does');

  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-panel').dataset.kind === 'step');
  await page.click('#hint-more');
  await page.click('#hint-more');
  const levels = await page.$$eval('#hint-levels li', (els) => els.map((e) => e.textContent));
  assert.deepEqual(levels, reference.levels);
  const caption = levels[2];
  assert.ok(!caption.includes('{'), `no placeholder left: ${caption}`);
  // The notation: lines of literals joined by ⇒, each from the premise, then the conclusion.
  const premise = reference.forcing.chains[0].nodes[0];
  const literal = (n) => `r${n.box.charCodeAt(0) - 64}c${n.box.slice(1)}${n.on ? '=' : '≠'}${n.digit}`;
  const notation = /: ((?:r\dc\d[=≠]\d)(?: ⇒ (?:r\dc\d[=≠]\d|… \(\d+ more\)))+(?:; (?:r\dc\d[=≠]\d)(?: ⇒ (?:r\dc\d[=≠]\d|… \(\d+ more\)))+)*)(?: \(with \d+ more nodes?\))?(?:: contradiction, so|: either way) (r\dc\d[=≠]\d)$/.exec(caption);
  assert.ok(notation, `the branches in their notation: ${caption}`);
  const premises = reference.forcing.chains.map((c) => literal(c.nodes[0]));
  assert.ok(notation[1].split('; ').every((line) => premises.some((p) => line.startsWith(`${p} ⇒ `))), 'each line from a premise');
  if (reference.forcing.conclude === 'contradiction') assert.equal(notation[2], literal({ ...premise, on: false }), 'the premise\'s opposite concluded');

  await page.waitForFunction(() => document.querySelector('#board .chain-layer path.link'));
  const d = await drawn(page);
  checkDrawn(d, expected(reference.forcing.chains), 'hint');
  const branches = reference.forcing.chains.length;
  assert.equal(d.picker.length, branches > 1 ? branches + 1 : 0, 'a picker for more than one branch: all, then each');
  await page.locator('.board-wrap').screenshot({ path: join(SHOTS, 'forcing-hint-1280.png') });

  // axe-core on the page with the forcing hint drawn.
  assert.deepEqual(await serious(page), []);

  // Phone width, dark theme: still drawn, still on the board.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.querySelector('#board .chain-layer path.link'));
  checkDrawn(await drawn(page), expected(reference.forcing.chains), 'hint at 390 px');
  await page.locator('.board-wrap').screenshot({ path: join(SHOTS, 'forcing-hint-390-dark.png') });

  // Apply: the board becomes the grid after the step, the branches go.
  await page.click('#hint-apply');
  await page.waitForFunction(() => document.getElementById('hint-panel').hidden);
  assert.equal(await page.locator('#board .chain-layer path.link').count(), 0, 'no branch drawn once applied');
  const changed = await page.$$eval('[data-box]', (els) => els.map((e) => e.dataset.candidates || e.dataset.value));
  const want = reference.candidates.map((m, i) => (PUZZLE[i] !== '.' ? PUZZLE[i] : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((x) => m & (1 << (x - 1))).join('')));
  const box = reference.forcing.chains[0].nodes[0].box;
  const at = box.charCodeAt(0) - 65;
  const index = at * 9 + Number(box.slice(1)) - 1;
  assert.equal(changed[index], want[index], `${box} after the step`);
  assert.deepEqual(problems, []);
  await page.close();
});

// Playback with every rung on: top95's 11th puzzle's first forcing step (one branch, a
// contradiction), and the hardest set's 2nd puzzle's first step whose branches agree (a nested
// forcing net of two branches, nodes a technique derived among them).
const MEDUSA_PUZZLE = '......94.....9...53....5.7..8.4..1..463...........7.8.8..7.....7......28.5.26....';
const PLAYBACK = [
  { name: 'a contradiction', puzzle: PUZZLE, conclude: 'contradiction', shot: 'forcing-playback' },
  { name: 'two branches that agree', puzzle: '..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..', conclude: 'agree', shot: 'forcing-playback-agree' },
];
// A strategy whose other steps are chains makes a forcing step too: 3D Medusa's box emptied by
// a colour (its registry caption for such steps, forcingCaption): top95's 60th puzzle's, at its 116th step.
PLAYBACK.push({ name: 'a box emptied by a colour', puzzle: MEDUSA_PUZZLE, conclude: 'contradiction', kind: 'medusa', shot: 'forcing-playback-medusa' });

for (const c of PLAYBACK) test(`a forcing step in playback (${c.name}): its caption, its branches drawn (one at a time with the picker), the why panel following each`, async () => {
  const { page, problems } = await open(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  const all = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
  await setPuzzle(page, c.puzzle, { strategies: all });
  // The trace's first step with branches concluding so, as the page's decoder reads the facade's trace.
  const ref = await page.evaluate(async ({ p, conclude, kind }) => {
    const m = await import('/solver-wasm.js');
    await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
    const { takePacked, unpackTrace } = await import('/www/trace/packed.js');
    const { explainStep, topology } = await import('/www/trace/explain.js');
    const strategies = m.strategies().map((s) => s.id);
    const trace = unpackTrace(takePacked(m.solvePacked(p, { strategies })));
    let k = trace.steps.findIndex((s) => s.chains && s.conclude === conclude && (!kind || s.kind === kind));
    if (k < 0 && !kind) k = trace.steps.findIndex((s) => s.chains && s.conclude);
    const s = trace.steps[k];
    return { k, kind: s.kind, chains: s.chains, conclude: s.conclude, caption: explainStep(s, topology(trace), m.strategies()).caption, changed: s.changes.map((c) => c.box) };
  }, { p: c.puzzle, conclude: c.conclude, kind: c.kind });
  assert.ok(ref.k >= 0, `the trace has a forcing step${c.kind ? ` of ${c.kind}` : ''}`);
  // Its caption is the strategy's forcingCaption where it has one (which names the box emptied).
  if (c.kind) assert.match(ref.caption, /holds none of them, and every digit of it sees the colour of \d in [A-I][1-9]/);
  await page.click('#solve');
  const position = ref.k + 1;
  await waitForPosition(page, { min: position });
  await page.locator('#timeline').fill(String(position));
  await waitForPosition(page, { at: position, playing: false });
  await page.waitForFunction((want) => document.getElementById('caption').textContent === want, ref.caption);
  assert.match(ref.caption, ref.conclude === 'agree' ? /: either way r\dc\d[=≠]\d$/ : /: contradiction, so r\dc\d[=≠]\d$/);
  await page.waitForFunction(() => document.querySelector('#board .chain-layer path.link'));
  const d = await drawn(page);
  checkDrawn(d, expected(ref.chains), 'playback');
  if (ref.chains.length > 1) {
    // The picker: all, then a button per branch; one alone draws its own links only.
    assert.equal(d.picker.length, ref.chains.length + 1);
    await page.locator('.board-wrap').screenshot({ path: join(SHOTS, `${c.shot}-all-1280.png`) });
    assert.deepEqual(await serious(page), [], 'axe-core: the picker and the branches drawn');
    for (let b = 0; b < ref.chains.length; b++) {
      await page.click(`.branch-picker button[data-branch="${b}"]`);
      assert.equal(await page.getAttribute(`.branch-picker button[data-branch="${b}"]`, 'aria-pressed'), 'true');
      checkDrawn(await drawn(page), expected([ref.chains[b]]), `branch ${b + 1} alone`);
      await page.locator('.board-wrap').screenshot({ path: join(SHOTS, `${c.shot}-branch${b + 1}-1280.png`) });
    }
    // The board drawn again for the same step (a box selected) keeps the branch picked.
    await page.click('[data-box="E5"]');
    await page.waitForFunction(() => document.getElementById('why-summary')?.textContent.includes('E5'));
    checkDrawn(await drawn(page), expected([ref.chains[ref.chains.length - 1]]), 'the branch picked, after a redraw');
    await page.click('.branch-picker button[data-branch="all"]');
    checkDrawn(await drawn(page), expected(ref.chains), 'all branches again');
    // Phone width, dark theme: the picker and the drawing fit.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.querySelector('#board .chain-layer path.link'));
    checkDrawn(await drawn(page), expected(ref.chains), 'all branches at 390 px');
    await page.locator('.board-wrap').screenshot({ path: join(SHOTS, `${c.shot}-390-dark.png`) });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  } else {
    assert.deepEqual(d.picker, [], 'one branch: no picker');
    await page.locator('.board-wrap').screenshot({ path: join(SHOTS, `${c.shot}-1280.png`) });
  }

  // The why panel, from the box the step changed: the step's history, branch by branch, node by node.
  const box = ref.changed[0];
  await page.click(`[data-box="${box}"]`);
  await page.waitForFunction((b) => document.getElementById('why-summary')?.textContent.includes(b), box);
  await page.click(`#why-lost button[data-step="${position}"]`);
  await page.waitForFunction(() => document.querySelectorAll('#why-history li[data-link]').length > 0);
  const links = await page.$$eval('#why-history li[data-link]', (els) => els.map((e) => e.dataset.link));
  const nodes = ref.chains.flatMap((c) => c.nodes.map((n, i) => (i === 0 ? 'start' : n.by ? 'by' : n.on ? 'strong' : 'weak')));
  assert.deepEqual(links, nodes, 'the history lists each branch\'s nodes, each with the link into it');
  const first = await page.$eval('#why-history li[data-link]', (e) => e.textContent);
  assert.match(first, /\(the premise\)/);
  assert.deepEqual(problems, []);
  await page.close();
});
