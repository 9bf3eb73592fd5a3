// Issue 23, end to end: a learner plays a puzzle to the end only by asking hints and following
// them: the third level's Apply for most steps, their own digit typed where the step places one.
// Each hint shown is checked against the facade's own hint for the position the board shows
// (the built module loaded in the page, apart from the page's worker), the first against the
// rating's walk of the puzzle; a wrong digit typed on the way is pointed out before any hint is
// built on it. Then Check says solved. And a chain hint: from a position whose next step is an
// alternating inference chain, level 3 captions the chain in Eureka's notation and draws it
// (arrows, strong solid, weak dashed), and Apply makes the step.
// In Debian's Chromium, on the built page (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { launch, open, here, gameLink } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const BOXES = Array.from({ length: 81 }, (_, i) => `${'ABCDEFGHI'[Math.floor(i / 9)]}${(i % 9) + 1}`);

let browser;
before(async () => {
  browser = await launch();
  mkdirSync(join(here, 'screenshots'), { recursive: true });
});
after(async () => {
  if (browser) await browser.close();
});

/** Opens the page on `puzzle` with a fresh storage, in play mode. */
async function playing(puzzle) {
  const opened = await open(browser, `p=${puzzle}`);
  const { page } = opened;
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction((a3) => document.querySelector('[data-box="A3"]').dataset.value === a3, puzzle[2] === '.' ? '' : puzzle[2]);
  await page.click('#play-mode');
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
  return opened;
}

/**
 * The learner's position as the board shows it, as text the facade reads: the digits (givens and
 * the learner's) as a line, or, when every empty box holds pencil marks, a candidate grid.
 */
const boardPosition = (page) => page.evaluate(async () => {
  // The board writes its DOM hooks in an animation frame: read after the next two.
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const boxes = [...document.querySelectorAll('[data-box]')];
  const held = (b) => (b.classList.contains('given') || b.classList.contains('mine')) && b.dataset.value;
  const open = boxes.filter((b) => !held(b));
  const marked = open.length > 0 && open.every((b) => b.classList.contains('pencil') && b.dataset.candidates);
  if (!marked) return boxes.map((b) => held(b) || '.').join('');
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(boxes.slice(r * 9, r * 9 + 9).map((b) => held(b) || b.dataset.candidates).join(' '));
  return rows.join('\n');
});

/** The facade's hint for `text`, from the built module loaded in the page (not the page's worker). */
const facadeHint = (page, text, givens) => page.evaluate(async ({ t, g }) => {
  const m = await import('/solver-wasm.js');
  await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
  const h = m.hint(t, { givens: g });
  return h.kind === 'step' ? { kind: h.kind, levels: [...h.levels], step: { kind: h.step.kind, changes: h.step.changes } } : { kind: h.kind, wrong: h.wrong };
}, { t: text, g: givens });

/**
 * The rating's walk of `puzzle` (the facade's solvePacked with walk: true, unpacked by the page's
 * own decoder): each step's kind and changes, as `{ kind, changes: [{box, before, after}] }`.
 */
const walkOf = (page, puzzle) => page.evaluate(async (p) => {
  const m = await import('/solver-wasm.js');
  await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
  const { takePacked, unpackTrace } = await import('/www/trace/packed.js');
  const trace = unpackTrace(takePacked(m.solvePacked(p, { walk: true })));
  return trace.steps.map((s) => ({ kind: s.kind, changes: s.changes.map((c) => ({ box: c.box, before: c.before, after: c.after })) }));
}, puzzle);

/** Presses Hint and waits for its answer: the panel's data-kind. */
async function hint(page) {
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-panel').dataset.kind !== undefined, null, { timeout: 20000 });
  return page.evaluate(() => document.getElementById('hint-panel').dataset.kind);
}

/** Types digit `d` on box `name` (0 clears it). */
async function type(page, name, d) {
  await page.focus(`[data-box="${name}"]`);
  await page.keyboard.press(String(d));
}

/** The digit a single-bit mask stands for, or 0. */
const single = (m) => (m && !(m & (m - 1)) ? 31 - Math.clz32(m) + 1 : 0);

test('a puzzle played to the end with hints only: each the facade\'s for the position shown, the first the walk\'s; a wrong digit is pointed out first', async () => {
  const { page, problems } = await playing(EASY);
  const walk = await walkOf(page, EASY);
  // The steps that changed something, in the walk's order; the hints take them up after the
  // givens' bookkeeping, which a hint does silently on a position without pencil marks.
  const followed = [];
  let typed = 0;
  let applied = 0;
  let wrongShown = 0;
  for (let k = 0; k < 300; k++) {
    // Now and then a wrong digit first: the hint names it and builds nothing on it.
    if (k % 9 === 4) {
      const position = await boardPosition(page);
      const line = position.includes('\n') ? position.split(/\s+/).map((f) => (f.length === 1 ? f : '.')).join('') : position;
      const i = [...line].findIndex((c) => c === '.');
      if (i >= 0) {
        const wrong = (Number(SOLUTION[i]) % 9) + 1;
        await type(page, BOXES[i], wrong);
        assert.equal(await hint(page), 'mistakes', `a wrong ${wrong} in ${BOXES[i]}`);
        assert.match(await page.textContent('#hint-status'), new RegExp(`^Before any hint: (.*\\b)?${BOXES[i]}\\b`));
        assert.equal(await page.$$eval('#hint-levels li', (els) => els.length), 0, 'no level of a hint built on it');
        assert.equal(await page.isVisible('#hint-apply'), false);
        await type(page, BOXES[i], 0);
        await page.waitForFunction((b) => !document.querySelector(`[data-box="${b}"]`).classList.contains('mine'), BOXES[i]);
        wrongShown++;
      }
    }
    const position = await boardPosition(page);
    const kind = await hint(page);
    const reference = await facadeHint(page, position, EASY);
    assert.equal(kind, reference.kind, `the page's hint and the facade's for\n${position}`);
    if (kind === 'solved') break;
    assert.equal(kind, 'step');
    await page.click('#hint-more');
    await page.click('#hint-more');
    const levels = await page.$$eval('#hint-levels li', (els) => els.map((e) => e.textContent));
    assert.deepEqual(levels, reference.levels, `the three levels, the facade's for\n${position}`);
    followed.push(reference.step);
    if (process.env.DEBUG_HINTS) console.log(k, reference.step.kind, JSON.stringify(reference.step.changes));
    const { changes } = reference.step;
    const placing = changes.find((c) => single(c.after));
    if (placing && k % 3 === 1) {
      // The learner types a digit the step places, instead of Apply.
      await type(page, placing.box, single(placing.after));
      await page.waitForFunction(() => document.getElementById('hint-panel').hidden);
      typed++;
    } else {
      await page.click('#hint-apply');
      await page.waitForFunction(() => document.getElementById('hint-panel').hidden);
      applied++;
    }
  }
  assert.ok(typed > 3 && applied > 3, `${typed} digits typed, ${applied} steps applied`);
  assert.ok(wrongShown >= 3, `${wrongShown} wrong digits pointed out`);
  // Solved: the learner's digits are the solution's, and Check says so.
  const mine = await page.evaluate(() => [...document.querySelectorAll('[data-box]')].map((b) => b.dataset.value || '.').join(''));
  assert.equal(mine, SOLUTION);
  await page.click('#check');
  await page.waitForFunction(() => document.getElementById('check-result').dataset.check === 'solved');
  // The first hint, from the puzzle as given, is the rating's walk's first step past the givens'
  // bookkeeping (which a hint makes silently on a position without pencil marks). Later positions
  // are the learner's (their digits, their marks or none), not the walk's: each of those hints is
  // checked against the facade's own for the position on the board, above.
  const key = (s) => `${s.kind}:${s.changes.map((c) => `${c.box}>${c.after}`).join(',')}`;
  const first = walk.findIndex((s) => key(s) === key(followed[0]));
  assert.ok(first >= 0, `the first hint ${key(followed[0])} is a step of the walk`);
  assert.ok(walk.slice(0, first).every((s) => s.kind === walk[0].kind), `the walk's steps before it are its bookkeeping: ${walk.slice(0, first).map((s) => s.kind)}`);
  console.log(`${followed.length} hints followed (${applied} applied, ${typed} typed), ${wrongShown} wrong digits pointed out; the first is the walk's step ${first}`);
  assert.deepEqual(problems, []);
  await page.close();
});

// A position whose next step on the ladder is a chain: top95's 8th puzzle (puzzles/top95.txt)
// after 29 hints applied from it (found by script with `propagate hint --apply`, each output fed
// back), as the candidate grid it reaches: the learner's digits where one candidate is left, their
// pencil marks elsewhere. Its next step is an alternating inference chain.
const CHAIN_PUZZLE = '.524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........';
const CHAIN_GRID = `
69 5 2 4 8 1 79 3679 367
4689 346 348 69 7 569 1 24569 24568
4689 17 17 3 2 569 4589 4569 4568
456 1467 1457 8 1469 2 4579 134579 13457
3 124 1458 17 149 47 6 12459 12458
2468 9 1478 5 146 3 2478 1247 12478
1 28 6 79 3 4789 2457 2457 2457
245 234 345 167 14 46 2347 8 9
7 348 9 2 5 48 34 16 16`.trim();


test('a chain hint: level 3 captions the chain in its notation and draws it (arrows, strong solid, weak dashed); Apply makes the step', async () => {
  const { page, problems } = await open(browser, gameLink(CHAIN_PUZZLE, CHAIN_GRID));
  await page.waitForFunction(() => document.body.dataset.mode === 'play' && document.body.dataset.game);
  const position = await boardPosition(page);
  assert.equal(position.split(/\s+/).join(' '), CHAIN_GRID.split(/\s+/).join(' '), 'the link opens the position');

  // The facade's hint for it (the built module, apart from the page's worker): a chain step.
  const reference = await page.evaluate(async ({ t, g }) => {
    const m = await import('/solver-wasm.js');
    await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
    const { chainOfNodes } = await import('/www/trace/packed.js');
    const h = m.hint(t, { givens: g });
    return { kind: h.kind, levels: [...h.levels], step: h.step.kind, chain: chainOfNodes(h.step.chainNodes), candidates: [...h.candidates] };
  }, { t: position, g: CHAIN_PUZZLE });
  assert.equal(reference.kind, 'step');
  // A chain step, of whichever chain rung comes first there (als_xz since the ALS rungs; G2 holds
  // 28, not 248: the hidden rectangle there is taken first).
  assert.ok(reference.chain, `a chain step: ${reference.step}`);
  assert.ok(reference.chain && reference.chain.links.includes('strong') && reference.chain.links.includes('weak'), 'a chain of strong and weak links');

  assert.equal(await hint(page), 'step');
  await page.click('#hint-more');
  await page.click('#hint-more');
  const levels = await page.$$eval('#hint-levels li', (els) => els.map((e) => e.textContent));
  assert.deepEqual(levels, reference.levels);
  // Level 3: the chain in Eureka's notation, a node each ("r5c4=1"), ' = ' strong, ' – ' weak.
  const caption = levels[2];
  assert.ok(!caption.includes('{'), `no placeholder left: ${caption}`);
  const written = /^[^:]+: ((?:r[\d,rc]+=\d)(?: [=–] r[\d,rc]+=\d)+): /.exec(caption);
  assert.ok(written, `the chain in its notation: ${caption}`);
  const nodes = written[1].split(/ [=–] /);
  const links = [...written[1].matchAll(/ ([=–]) /g)].map((x) => (x[1] === '=' ? 'strong' : 'weak'));
  assert.deepEqual(links, reference.chain.links, 'the caption\'s links are the chain\'s');
  assert.equal(nodes.length, reference.chain.nodes.length + (reference.chain.links.length === reference.chain.nodes.length ? 1 : 0));

  // Drawn on the board: a ring per node (a capsule for a group or an almost locked set), an arrow (with its head) per link, weak dashed.
  await page.waitForFunction(() => document.querySelector('#board .chain-layer path.link'));
  const d = await page.evaluate(() => {
    const svg = document.querySelector('#board .chain-layer');
    const board = document.getElementById('board').getBoundingClientRect();
    return {
      links: [...svg.querySelectorAll('path.link')].map((l) => {
        const r = l.getBoundingClientRect();
        const dash = getComputedStyle(l).strokeDasharray;
        return { link: l.dataset.link, dashed: dash !== 'none' && dash !== '', inside: r.left >= board.left - 1 && r.right <= board.right + 1 && r.top >= board.top - 1 && r.bottom <= board.bottom + 1 };
      }),
      rings: svg.querySelectorAll('circle.node, rect.node.group').length,
      heads: svg.querySelectorAll('polygon.head').length,
    };
  });
  assert.deepEqual(d.links.map((l) => l.link), reference.chain.links, 'one arrow per link, in the chain\'s order');
  for (const l of d.links) {
    assert.equal(l.dashed, l.link === 'weak', `a ${l.link} link is ${l.link === 'weak' ? 'dashed' : 'solid'}`);
    assert.ok(l.inside, 'each arrow on the board');
  }
  assert.equal(d.rings, reference.chain.nodes.length, 'a ring or capsule per node');
  assert.equal(d.heads, reference.chain.links.length, 'an arrowhead per link');
  await page.locator('#board').screenshot({ path: join(here, 'screenshots', 'hint-chain-1280.png') });

  // Apply: the board becomes the grid after the step (the facade's candidates), the chain goes.
  await page.click('#hint-apply');
  await page.waitForFunction(() => document.getElementById('hint-panel').hidden);
  const after = reference.candidates.map((m, i) => (CHAIN_PUZZLE[i] !== '.' ? CHAIN_PUZZLE[i] : [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((x) => m & (1 << (x - 1))).join('')));
  const shown = (await boardPosition(page)).split(/\s+/);
  assert.deepEqual(shown, after, 'the position after the step');
  assert.notDeepEqual(shown, CHAIN_GRID.split(/\s+/), 'the step changed the position');
  assert.equal(await page.locator('#board .chain-layer path.link').count(), 0, 'no chain drawn once applied');
  assert.deepEqual(problems, []);
  await page.close();
});
