// Issue 21, on the page: a killer and a jigsaw opened from f-puzzles links, solved step by step
// with every strategy of the ladder, each caption read from the page and held to the step's
// evidence in the trace (the facade's own trace of the puzzle, loaded in the page apart from its
// worker): its strategy's label, and every box, unit and digit its registry template names; a
// cage_combinations step highlights its cage's boxes. Then each is played to the end with hints
// only, each hint the facade's for the position on the board and the puzzle's text (its
// constraints), Fill in candidates reading what the variant's boxes see, Check saying solved; the
// game is kept in the share link and the storage. Phone width and dark theme screenshots of both
// in play mode (e2e/screenshots/), axe-core clean.
// In Debian's Chromium, on the built page (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { here, launch, waitForPosition } from './harness.js';
import { SAMPLES } from '../www/app/samples.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KILLER = SAMPLES.find((s) => s.id === 'killer').puzzle;
const JIGSAW = SAMPLES.find((s) => s.id === 'jigsaw').puzzle;
const BOXES = Array.from({ length: 81 }, (_, i) => `${'ABCDEFGHI'[Math.floor(i / 9)]}${(i % 9) + 1}`);

let browser;
before(async () => {
  browser = await launch();
  // Long waits: solving and hinting a variant on a machine shared by many builds.
  browser.context.setDefaultTimeout(90_000);
});
after(async () => {
  if (browser) await browser.close();
});

/**
 * `fn(m, arg)` in the page, `m` the built facade's module loaded apart from the page's worker
 * (with the page's trace decoder as `m.packed`). The page's Content-Security-Policy allows no
 * eval: `fn` goes over as Playwright sends any function.
 */
async function facade(page, fn, arg) {
  await page.evaluate(async () => {
    if (window.facadeForTests) return;
    const m = await import('/solver-wasm.js');
    await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
    window.facadeForTests = { ...m, packed: await import('/www/trace/packed.js') };
  });
  return page.evaluate(`(${fn.toString()})(window.facadeForTests, ${JSON.stringify(arg)})`);
}

/** A new page opened on `text`'s f-puzzles link (the facade's Export to f-puzzles) as `?load=`. */
async function openLink(text) {
  const page = await browser.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  await page.goto(browser.server.url);
  await page.evaluate(() => localStorage.clear());
  const link = await facade(page, (m, t) => m.exportPuzzle(t, false), text);
  assert.match(link, /^https:\/\/www\.f-puzzles\.com\/\?load=/);
  await page.goto(`${browser.server.url}?load=${link.split('?load=')[1]}`);
  await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t
    && document.body.dataset.playable === 'true', text);
  return { page, problems };
}

/** Ticks every strategy of the ladder. */
async function everyStrategy(page) {
  await page.waitForSelector('#strategy-list input[data-strategy]');
  const ids = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
  for (const id of ids) await page.setChecked(`#strategy-list input[data-strategy="${id}"]`, true);
  return ids;
}

/**
 * Solves with every strategy and steps through the trace one step at a time: each step's
 * caption, and the boxes the board highlights as its cause, read from the page.
 */
async function stepThrough(page) {
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved', null, { timeout: 60000 });
  await waitForPosition(page, { min: 1 });
  await page.keyboard.press('Home');
  await waitForPosition(page, { at: 0, playing: false });
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const length = Number(document.body.dataset.length);
    const out = [];
    for (let k = 1; k <= length; k++) {
      document.getElementById('step-forward').click();
      while (document.body.dataset.position !== String(k) || document.getElementById('board').dataset.position !== String(k)) await frame();
      const cause = [...document.querySelectorAll('[data-box].cause')].map((b) => b.dataset.box);
      out.push({ caption: document.getElementById('caption').textContent, cause });
    }
    return out;
  });
}

/** The facade's trace of `text` with every strategy, and the registry: each step's evidence. */
const traceOf = (page, text, ids) => facade(page, (m, { text, ids }) => {
  const trace = m.packed.unpackTrace(m.packed.takePacked(m.solvePacked(text, { strategies: ids })));
  const registry = m.strategies();
  return {
    steps: trace.steps.map((s) => ({ kind: s.kind, units: s.units || [], boxes: s.boxes || [], digits: s.digits || 0, sum: s.sum ?? null, combinations: s.combinations || [], cage_total: s.cage_total, side: s.side })),
    solution: trace.outcome.solution,
    registry: registry.map((r) => ({ id: r.id, label: r.label, caption: r.caption })),
  };
}, { text, ids });

const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << (d - 1)));

/**
 * Each caption against its step's evidence: a strategy step's caption starts with its label and
 * names every box, unit and digit its template asks for; a cage_combinations step highlights
 * exactly its cage's boxes; a 45 rule step works its sum out. Returns the cage steps and the 45
 * rule steps seen.
 */
function captionsHoldTheEvidence(read, trace) {
  assert.equal(read.length, trace.steps.length, 'the page plays the facade\'s trace');
  const byId = new Map(trace.registry.map((r) => [r.id, r]));
  let cages = 0;
  let fortyFives = 0;
  read.forEach(({ caption, cause }, k) => {
    const step = trace.steps[k];
    assert.ok(caption.trim() && !/\{[a-z]+[0-9]*\}|undefined|NaN/.test(caption), `step ${k + 1}: ${caption}`);
    const s = byId.get(step.kind);
    if (!s) return;
    assert.ok(caption.startsWith(`${s.label}:`), `step ${k + 1} (${step.kind}): ${caption}`);
    if (/\{boxes\}/.test(s.caption)) for (const b of step.boxes) assert.match(caption, new RegExp(`\\b${b}\\b`), `step ${k + 1} names ${b}: ${caption}`);
    if (/\{units\}/.test(s.caption)) for (const u of step.units) assert.ok(caption.includes(u), `step ${k + 1} names ${u}: ${caption}`);
    if (/\{digits\}/.test(s.caption)) for (const d of digitsOf(step.digits)) assert.ok(caption.includes(String(d)), `step ${k + 1} names ${d}: ${caption}`);
    // A killer step's sum and combinations, where its template names them (their wording is the
    // registry's): the sum, and each combination's digits.
    if (/\{sum\}/.test(s.caption) && step.sum !== null) assert.match(caption, new RegExp(`\\b${step.sum}\\b`), `step ${k + 1} names its sum: ${caption}`);
    if (/\{combinations\}/.test(s.caption)) {
      for (const c of step.combinations) for (const d of digitsOf(c)) assert.ok(caption.includes(String(d)), `step ${k + 1} names ${d} of a combination: ${caption}`);
    }
    // A 45 rule step's sum worked out: its houses' 45s and its cage total, then its sum.
    if (/\{arithmetic\}/.test(s.caption)) {
      const houses = 45 * step.units.length;
      const terms = step.side === 'outies' ? `${step.cage_total} − ${houses}` : `${houses} − ${step.cage_total}`;
      assert.ok(caption.includes(terms) && caption.includes(`= ${step.sum} (`), `step ${k + 1} works out its sum: ${caption}`);
      if (step.units.length > 1) assert.ok(caption.includes(`${step.units.length} × 45 = ${houses}`), `step ${k + 1}: ${caption}`);
      fortyFives++;
    }
    if (step.kind === 'cage_combinations') {
      cages++;
      assert.deepEqual([...cause].sort(), [...step.boxes].sort(), `step ${k + 1} highlights its cage`);
    }
  });
  return { cages, fortyFives };
}

/** The learner's position as the board shows it, as the facade reads one (hints.test.js's). */
const boardPosition = (page) => page.evaluate(async () => {
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

/** Presses Hint and waits for its answer: the panel's data-kind. */
async function hint(page) {
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('hint-panel').dataset.kind !== undefined, null, { timeout: 60000 });
  return page.evaluate(() => document.getElementById('hint-panel').dataset.kind);
}

/**
 * Plays the puzzle `text` on screen to the end with hints only, each checked against the facade's
 * hint for the board's position with the puzzle's text as its givens; a digit the step places is
 * typed now and then instead of Apply, and once a wrong digit is pointed out first. Check then
 * says solved. Returns the techniques hinted.
 */
async function hintsToTheEnd(page, text, solution) {
  await page.click('#play-mode');
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
  assert.ok((await page.evaluate(() => document.body.dataset.game)).startsWith('v:'), 'a variant\'s game key');
  const techniques = [];
  let wrongShown = 0;
  for (let k = 0; k < 400; k++) {
    if (k === 3) {
      // A wrong digit: pointed out against the variant's solution before any hint.
      const i = await page.evaluate(() => [...document.querySelectorAll('[data-box]')]
        .findIndex((b) => !b.classList.contains('given') && !b.classList.contains('mine')));
      const wrong = (Number(solution[i]) % 9) + 1;
      await page.focus(`[data-box="${BOXES[i]}"]`);
      await page.keyboard.press(String(wrong));
      assert.equal(await hint(page), 'mistakes', `a wrong ${wrong} in ${BOXES[i]}`);
      assert.match(await page.textContent('#hint-status'), new RegExp(`\\b${BOXES[i]}\\b`));
      await page.keyboard.press('Control+z');
      await page.waitForFunction((b) => !document.querySelector(`[data-box="${b}"]`).classList.contains('mine'), BOXES[i]);
      wrongShown++;
    }
    const position = await boardPosition(page);
    const kind = await hint(page);
    const reference = await facade(page, (m, { position, text }) => {
      const h = m.hint(position, { givens: text });
      return h.kind === 'step' ? { kind: h.kind, technique: h.technique, levels: [...h.levels], changes: h.step.changes, boxes: h.step.boxes } : { kind: h.kind };
    }, { position, text });
    assert.equal(kind, reference.kind, `the page's hint and the facade's for\n${position}`);
    if (kind === 'solved') break;
    assert.equal(kind, 'step');
    await page.click('#hint-more');
    await page.click('#hint-more');
    const levels = await page.$$eval('#hint-levels li', (els) => els.map((e) => e.textContent));
    assert.deepEqual(levels, reference.levels, `the three levels, the facade's for\n${position}`);
    // The third level highlights the step's boxes on the board.
    const cause = await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return [...document.querySelectorAll('[data-box].cause')].map((b) => b.dataset.box);
    });
    for (const b of reference.boxes) assert.ok(cause.includes(b), `${b} highlighted for ${reference.technique}`);
    techniques.push(reference.technique);
    const placing = reference.changes.find((c) => c.after && !(c.after & (c.after - 1)));
    if (placing && k % 4 === 1) {
      await page.focus(`[data-box="${placing.box}"]`);
      await page.keyboard.press(String(31 - Math.clz32(placing.after) + 1));
    } else {
      await page.click('#hint-apply');
    }
    await page.waitForFunction(() => document.getElementById('hint-panel').hidden);
  }
  assert.equal(wrongShown, 1);
  const mine = await page.evaluate(() => [...document.querySelectorAll('[data-box]')].map((b) => b.dataset.value || '.').join(''));
  assert.equal(mine, solution);
  await page.click('#check');
  await page.waitForFunction(() => document.getElementById('check-result').dataset.check === 'solved');
  return techniques;
}

/** axe-core's serious and critical violations on the page as it is (a11y.test.js's). */
async function serious(page) {
  await page.evaluate(`${AXE}\n;0`);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`));
}

test('a killer from an f-puzzles link: solved step by step, captions held to the evidence, its cages highlighted; played to the end with hints', async () => {
  const { page, problems } = await openLink(KILLER);
  await page.waitForFunction(() => document.querySelectorAll('.constraints-layer .cage-sum').length === 29);
  const ids = await everyStrategy(page);
  const read = await stepThrough(page);
  // Rated as any puzzle: the hardest of its easiest steps, by name.
  await page.waitForFunction(() => /Sudoku Explainer's scale/.test(document.getElementById('rating').textContent), null, { timeout: 60000 });
  const trace = await traceOf(page, KILLER, ids);
  const { cages, fortyFives } = captionsHoldTheEvidence(read, trace);
  assert.ok(cages > 0, 'the killer\'s trace has cage_combinations steps');
  assert.ok(fortyFives > 0, 'the killer\'s trace has 45 rule steps');
  // The why panel and the search tree work on the killer's trace as on the classic grid.
  await page.focus('[data-box="A2"]');
  await page.waitForSelector('#why-lost button');
  await page.click('#why-lost button');
  await page.waitForSelector('#why-history li');
  assert.ok(Number(await page.getAttribute('#search-tree', 'data-count')) >= 1);
  // Its trace downloaded and opened on a fresh page (Open trace): the same steps and captions,
  // the why panel and the search tree on it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
  const file = await download.path();
  const fresh = await browser.context.newPage();
  await fresh.goto(browser.server.url);
  await fresh.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  await fresh.setInputFiles('#open-trace', file);
  await fresh.waitForFunction((t) => document.getElementById('puzzle-input').value === t, KILLER);
  await waitForPosition(fresh, { min: 1 });
  await fresh.focus('#step-forward');
  await fresh.keyboard.press('Home');
  await waitForPosition(fresh, { at: 0, playing: false });
  const reopened = await fresh.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const length = Number(document.body.dataset.length);
    const out = [];
    for (let k = 1; k <= length; k++) {
      document.getElementById('step-forward').click();
      while (document.body.dataset.position !== String(k) || document.getElementById('board').dataset.position !== String(k)) await frame();
      out.push({ caption: document.getElementById('caption').textContent, cause: [...document.querySelectorAll('[data-box].cause')].map((b) => b.dataset.box) });
    }
    return out;
  });
  assert.deepEqual(reopened.map((r) => r.caption), read.map((r) => r.caption), 'the trace file plays as the solve did');
  await fresh.focus('[data-box="A2"]');
  await fresh.waitForSelector('#why-lost button');
  await fresh.click('#why-lost button');
  await fresh.waitForSelector('#why-history li');
  assert.ok(Number(await fresh.getAttribute('#search-tree', 'data-count')) >= 1);
  await fresh.close();
  // The rating's step, one click away: the rating's walk of the killer at the hardest step.
  const rating = await facade(page, (m, t) => m.rate(t, {}), KILLER);
  assert.equal(rating.kind, 'steps');
  await page.waitForSelector('#rating-step:not([hidden])');
  await page.click('#rating-step');
  await waitForPosition(page, { at: rating.step + 1, playing: false });
  assert.equal(Number(await page.evaluate(() => document.body.dataset.length)), rating.steps);
  const hardest = trace.registry.find((r) => r.id === rating.strategy);
  assert.ok((await page.textContent('#caption')).startsWith(`${hardest.label}:`), await page.textContent('#caption'));
  // Compare: every rung of the ladder, the cages' rung and those above it solving.
  await page.click('#compare');
  await page.waitForSelector('#compare-chart:not([hidden])', { timeout: 120000 });
  const techniques = await hintsToTheEnd(page, KILLER, trace.solution);
  assert.ok(techniques.includes('cage_combinations'), `the hints used the cages: ${techniques}`);
  console.log(`killer: ${read.length} steps (${cages} cage steps), ${techniques.length} hints`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a jigsaw from an f-puzzles link: solved step by step, captions naming its regions; Fill in candidates in its regions; played to the end with hints; the game kept in the link and the storage', async () => {
  const { page, problems } = await openLink(JIGSAW);
  await page.waitForFunction(() => document.getElementById('board').classList.contains('jigsaw'));
  const ids = await everyStrategy(page);
  const read = await stepThrough(page);
  const trace = await traceOf(page, JIGSAW, ids);
  captionsHoldTheEvidence(read, trace);
  assert.ok(read.some(({ caption }) => /region [1-9]/.test(caption)), 'a caption names a region');
  // Fill in candidates: each empty box's marks are the digits none of the boxes it sees in the
  // jigsaw holds (its row, column and region: the facade's peers), not a square's.
  await page.click('#play-mode');
  await page.waitForFunction(() => document.body.dataset.mode === 'play');
  await page.click('#fill-marks');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-box].pencil')].filter((b) => b.dataset.candidates).length > 40);
  const shown = await page.evaluate(() => [...document.querySelectorAll('[data-box]')].map((b) => (b.classList.contains('pencil') ? b.dataset.candidates : '')));
  const expected = await facade(page, (m, text) => {
    const list = m.peers(text, false);
    const givens = m.parse(text, false);
    const out = [];
    let k = 0;
    for (let i = 0; i < 81; i++) {
      const n = list[k++];
      const seen = Array.from(list.subarray(k, k + n));
      k += n;
      const g = givens[i];
      if (g && !(g & (g - 1))) {
        out.push('');
        continue;
      }
      let mask = 0x1ff;
      for (const p of seen) if (!(givens[p] & (givens[p] - 1))) mask &= ~givens[p];
      out.push([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & (1 << (d - 1))).join(''));
    }
    return out;
  }, JIGSAW);
  assert.deepEqual(shown, expected);
  // A square is no house here: some box keeps a digit a given of its square holds.
  const squareOf = (i) => Math.floor(Math.floor(i / 9) / 3) * 3 + Math.floor((i % 9) / 3);
  const givenDigits = await page.evaluate(() => [...document.querySelectorAll('[data-box]')].map((b) => (b.classList.contains('given') ? b.dataset.value : '')));
  assert.ok(shown.some((marks, i) => marks && givenDigits.some((g, j) => g && j !== i && squareOf(j) === squareOf(i) && marks.includes(g))), 'a mark a square would have removed');
  await page.click('#undo');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-box].pencil')].every((b) => !b.dataset.candidates));
  await page.click('#play-mode');
  await page.waitForFunction(() => document.body.dataset.mode === 'watch');
  const techniques = await hintsToTheEnd(page, JIGSAW, trace.solution);
  console.log(`jigsaw: ${read.length} steps, ${techniques.length} hints`);
  // The game, kept: the share link (p= the jigsaw's ISS string, play= the digits) reopens it in
  // play mode, and the storage brings it back to a fresh visit without a link.
  await page.waitForFunction(() => location.hash.includes('play='));
  const href = await page.evaluate(() => location.href);
  assert.ok(new URLSearchParams(new URL(href).hash.slice(1)).get('p') === JIGSAW);
  const again = await browser.context.newPage();
  await again.goto(href);
  await again.waitForFunction(() => document.body.dataset.mode === 'play' && (document.body.dataset.game || '').startsWith('v:'));
  await again.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((b) => b.dataset.value || '.').join('') === s, trace.solution);
  await again.goto(`${browser.server.url}#p=${encodeURIComponent(JIGSAW)}`);
  await again.waitForFunction(() => document.body.dataset.playable === 'true');
  await again.click('#play-mode');
  await again.waitForFunction((s) => [...document.querySelectorAll('[data-box]')].map((b) => b.dataset.value || '.').join('') === s, trace.solution);
  await again.close();
  assert.deepEqual(problems, []);
  await page.close();
});

test('a killer and a jigsaw in play mode with a hint shown, at phone width and in the dark theme: screenshots, axe-core clean', async () => {
  const shots = join(here, 'screenshots');
  mkdirSync(shots, { recursive: true });
  for (const [name, text] of [['killer', KILLER], ['jigsaw', JIGSAW]]) {
    const { page, problems } = await openLink(text);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.click('#play-mode');
    await page.waitForFunction(() => document.body.dataset.mode === 'play');
    assert.equal(await hint(page), 'step');
    await page.click('#hint-more');
    await page.click('#hint-more');
    await page.waitForSelector('#hint-apply:not([hidden])');
    assert.deepEqual(await serious(page), [], `${name}, dark, phone`);
    // The board and the hint under it, with its step highlighted (the page scrolled to them).
    const clip = await page.evaluate(() => {
      const top = document.getElementById('board').getBoundingClientRect().top + scrollY;
      const bottom = document.getElementById('hint-panel').getBoundingClientRect().bottom + scrollY;
      return { x: 0, y: Math.max(0, top - 8), width: 390, height: bottom - top + 16 };
    });
    await page.screenshot({ path: join(shots, `variant-${name}-play-phone-dark.png`), fullPage: true, clip });
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(await serious(page), [], `${name}, light, phone`);
    // The board is no wider than the phone's screen.
    const width = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().width);
    assert.ok(width <= 390, `board ${width}px`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});
