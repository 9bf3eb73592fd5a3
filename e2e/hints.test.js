// Issue 23, end to end: a learner plays a puzzle to the end only by asking hints and following
// them: the third level's Apply for most steps, their own digit typed where the step places one.
// Each hint shown is checked against the facade's own hint for the position the board shows
// (the built module loaded in the page, apart from the page's worker), the first against the
// rating's walk of the puzzle; a wrong digit typed on the way is pointed out before any hint is
// built on it. Then Check says solved.
// In Debian's Chromium, on the built page (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const BOXES = Array.from({ length: 81 }, (_, i) => `${'ABCDEFGHI'[Math.floor(i / 9)]}${(i % 9) + 1}`);

let browser;
before(async () => {
  browser = await launch();
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
