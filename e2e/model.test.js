// The randomized model test (issue 24): random sequences of 20-30 of the user's actions (a digit
// typed on a box, a box cleared, text pasted, Undo, Redo, Clear, a sample, Diagonal Sudoku or a
// strategy toggled, Solve, Play, Compare), 0-100 ms apart, played on the page and on a model: a
// plain simulation of the edit history over whole inputs (text, diagonal, strategies). Once the
// page is idle (after some steps, and after each sequence), what it shows must be the model's:
// the text box, the board's givens, Diagonal Sudoku and the strategies, the address bar's p=, d=
// and s=, Undo and Redo enabled or not, an error shown exactly when the model's puzzle does not
// parse (or an action was refused for an empty one), and after a Solve the verdict engine's
// answer, which a brute-force counter here checks.
//
// MODEL_RUNS=N runs N sequences (3 by default); MODEL_SEED=S replays a run: a failure prints the
// seeds and the actions up to it. Sequence k of a run is seeded SEED + k * 0x9e3779b9, so
// MODEL_SEED=<its seed> MODEL_RUNS=1 replays it alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './harness.js';
import { SAMPLES } from '../www/app/samples.js';
import { MERGE_MS } from '../www/board/edits.js';
// mulberry32, the seeded generator the page's unit tests use.
import { rng as prng } from '../www/tests/helpers.js';

const RUNS = Number(process.env.MODEL_RUNS || 3);
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : Math.floor(Math.random() * 2 ** 32);
/** How long the page may take to settle into the model's state (a traced solve included). */
const SETTLE_MS = 20_000;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

const BOXES = Array.from({ length: 81 }, (_, i) => `${'ABCDEFGHI'[Math.floor(i / 9)]}${i % 9 + 1}`);
const EMPTY = '.'.repeat(81);
const LINE = /^[1-9.0]{81}$/;
const EASY = SAMPLES.find((s) => s.id === 'easy').puzzle;
/** The display layout sample: the easy puzzle in another layout (the parser's, not a line). */
const DISPLAY = SAMPLES.find((s) => s.id === 'display');
// Norvig's impossible puzzle is left out: the counter below takes seconds to refute it.
const CHOICES = SAMPLES.filter((s) => s.id !== 'norvig-impossible');

/** The puzzle of a text as a line of 81 ('.' empty), or null when it does not parse as one. */
function lineOf(text) {
  if (text === '') return EMPTY;
  if (text === DISPLAY.puzzle) return EASY;
  return LINE.test(text) ? text.replace(/0/g, '.') : null;
}

/** The units of the rule: rows, columns, squares, and the two diagonals with `diagonal`. */
function unitsOf(i, diagonal) {
  const r = Math.floor(i / 9);
  const c = i % 9;
  const u = [r, 9 + c, 18 + Math.floor(r / 3) * 3 + Math.floor(c / 3)];
  if (diagonal && r === c) u.push(27);
  if (diagonal && r + c === 8) u.push(28);
  return u;
}

/** True when two givens share a unit. */
function conflicts(line, diagonal) {
  const used = new Uint16Array(29);
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    const bit = 1 << Number(line[i]);
    for (const u of unitsOf(i, diagonal)) {
      if (used[u] & bit) return true;
      used[u] |= bit;
    }
  }
  return false;
}

/**
 * The solutions of a line without conflicts, counted up to 2 by a depth-first search that fills
 * the box with the fewest candidates first; null when it takes more than `budget` nodes.
 */
function countSolutions(line, diagonal, budget = 2_000_000) {
  const units = Array.from({ length: 81 }, (_, i) => unitsOf(i, diagonal));
  const used = new Uint16Array(29);
  const grid = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    grid[i] = Number(line[i]);
    for (const u of units[i]) used[u] |= 1 << grid[i];
  }
  let nodes = 0;
  let found = 0;
  const bits = (m) => {
    let n = 0;
    for (; m; m &= m - 1) n++;
    return n;
  };
  const search = () => {
    if (++nodes > budget) return false;
    let best = -1;
    let bestMask = 0;
    let fewest = 10;
    for (let i = 0; i < 81 && fewest > 1; i++) {
      if (grid[i]) continue;
      let m = 0x3fe;
      for (const u of units[i]) m &= ~used[u];
      const n = bits(m);
      if (n < fewest) [best, bestMask, fewest] = [i, m, n];
    }
    if (best < 0) {
      found++;
      return true;
    }
    for (let d = 1; d <= 9 && found < 2; d++) {
      const bit = 1 << d;
      if (!(bestMask & bit)) continue;
      grid[best] = d;
      for (const u of units[best]) used[u] |= bit;
      const ok = search();
      for (const u of units[best]) used[u] &= ~bit;
      grid[best] = 0;
      if (!ok) return false;
    }
    return true;
  };
  return search() ? found : null;
}

/** What the address bar holds for an input: its p=, d= and s= (the strategies, defaults for none). */
const linkOf = (input) => ({ p: input.text.trim(), d: input.diagonal, s: input.strategies.join() });
const sameLink = (a, b) => a.p === b.p && a.d === b.d && a.s === b.s;

const sameInput = (a, b) => a.text === b.text && a.diagonal === b.diagonal && a.strategies.join() === b.strategies.join();

/** The page as the model says it must be: the edit history over whole inputs, and what it implies. */
class Model {
  constructor(input, ladder) {
    this.ladder = ladder;
    /** The strategies a link without s= means: the page's first ones. */
    this.defaults = input.strategies;
    this.input = input;
    this.done = [];
    this.undone = [];
    /**
     * What the address bar may hold: the link to the last input the page accepted. Each input
     * that parses may be it (an edit right after one can come before its parse answers, and then
     * the page never accepted it), until the page is idle: then it is the current input if that
     * parses, else the one the page shows (settle narrows it down).
     */
    this.links = [linkOf(input)];
    /** A Solve or Play since the last edit (the verdict engine answers it). */
    this.solved = false;
    /** A Solve, Play or Compare refused since the last edit because the puzzle is empty. */
    this.refusedEmpty = false;
    this.counts = new Map();
  }

  /** The current puzzle's line, or null when its text does not parse as one. */
  get line() {
    return lineOf(this.input.text);
  }

  /** True when the current text parses under the current rule (an empty text does not). */
  get parses() {
    const line = this.line;
    return this.input.text !== '' && line !== null && !conflicts(line, this.input.diagonal);
  }

  /**
   * The givens the board shows (81 of '' or a digit), or null when that is not known: a text
   * that does not parse, which leaves the board as it was.
   */
  board() {
    const line = this.line;
    if (line === null || (this.input.text === DISPLAY.puzzle && !this.parses)) return null;
    return [...line].map((c) => (c === '.' ? '' : c));
  }

  /**
   * The givens a box typed on the grid edits: those of a line or an empty text; null for text the
   * grid refuses (it does not parse). The display layout is never typed on: the grid edits it
   * only once its parse has answered, which the page does not show.
   */
  editable() {
    const t = this.input.text;
    return t === '' || LINE.test(t) ? [...lineOf(t)].map((c) => (c === '.' ? '' : c)) : null;
  }

  /** A new input; `group` and `at` merge typing in the text box as EditHistory does. */
  edit(changes, { group = null, at = 0 } = {}) {
    const before = this.input;
    const after = { ...before, ...changes };
    if (sameInput(before, after)) return;
    const last = this.done.at(-1);
    this.undone = [];
    if (group && last && last.group === group && at - last.at <= MERGE_MS && sameInput(last.after, before)) {
      last.after = after;
      last.at = at;
      if (sameInput(last.before, last.after)) this.done.pop();
    } else {
      this.done.push({ before, after, group, at });
    }
    this.#become(after);
  }

  undo() {
    const e = this.done.pop();
    if (!e) return;
    this.undone.push(e);
    this.#become(e.before);
  }

  redo() {
    const e = this.undone.pop();
    if (!e) return;
    e.group = null;
    this.done.push(e);
    this.#become(e.after);
  }

  /** Solve, Play or Compare asked for (`solves`: Solve and Play). */
  act(solves) {
    if (this.input.text === '') this.refusedEmpty = true;
    else if (solves) this.solved = true;
  }

  #become(input) {
    this.input = input;
    this.solved = false;
    this.refusedEmpty = false;
    if (this.parses && !this.links.some((l) => sameLink(l, linkOf(input)))) this.links.push(linkOf(input));
  }

  /** The solutions of the current puzzle (0, 1, 2 for two or more), or null past the counter's budget. */
  count() {
    const key = `${this.input.diagonal}:${this.line}`;
    if (!this.counts.has(key)) this.counts.set(key, countSolutions(this.line, this.input.diagonal));
    return this.counts.get(key);
  }

  /** What the page must show once idle; `null` for a part that is not checked. */
  expected() {
    const givens = this.board();
    const count = this.solved && this.parses ? this.count() : undefined;
    let engine = '';
    if (count === null) engine = null;
    else if (count === 0) engine = 'no_solution';
    else if (count === 1) engine = 'solved:1';
    else if (count === 2) engine = 'solved:2';
    return {
      text: this.input.text,
      diagonal: this.input.diagonal,
      strategies: this.input.strategies,
      // A text that does not parse leaves the board as it was: not checked.
      givens: givens && givens.join(','),
      link: this.parses ? [linkOf(this.input)] : this.links,
      undo: this.done.length > 0,
      redo: this.undone.length > 0,
      error: this.input.text === '' ? this.refusedEmpty : !this.parses,
      engine,
      // The trace's own verdict: `solved` or `no_solution` as the count says, or capped.
      trace: count === undefined ? [''] : count === null ? null : [count === 0 ? 'no_solution' : 'solved', 'capped'],
    };
  }
}

/** What the page shows, in the terms of Model.expected. */
const pageState = (page, defaults) => page.evaluate((defaults) => {
  const $ = (id) => document.getElementById(id);
  const checked = [...document.querySelectorAll('#strategy-list input[data-strategy]')].filter((c) => c.checked).map((c) => c.dataset.strategy);
  const q = new URLSearchParams(location.hash.slice(1));
  const ladder = [...document.querySelectorAll('#strategy-list input[data-strategy]')].map((c) => c.dataset.strategy);
  const s = q.get('s');
  const linked = s === null ? defaults : s === '' ? [] : ladder.filter((id) => s.split(',').includes(id));
  const engine = $('engine-verdict').dataset;
  const invalid = $('puzzle-input').getAttribute('aria-invalid') === 'true';
  const message = $('input-error').textContent !== '';
  return {
    text: $('puzzle-input').value,
    diagonal: $('diagonal').checked,
    strategies: checked,
    givens: [...document.querySelectorAll('[data-box]')].map((b) => (b.classList.contains('given') ? b.dataset.value : '')).join(','),
    link: { p: q.get('p') || '', d: q.get('d') === '1', s: linked.join() },
    undo: !$('undo').disabled,
    redo: !$('redo').disabled,
    // Shown or not, or half shown (a message without aria-invalid, or the grid's error left).
    error: invalid && message ? true : !invalid && !message && !$('grid-status').classList.contains('error') ? false : 'partly',
    engine: engine.verdict === 'solved' ? `solved:${engine.solutions}` : engine.verdict,
    trace: $('verdict').dataset.verdict,
  };
}, defaults);

/** The differences between what the page shows and what the model expects (empty: none). */
function differences(shown, want) {
  const out = [];
  for (const k of Object.keys(want)) {
    if (want[k] === null) continue;
    let ok;
    if (k === 'trace') ok = want.trace.includes(shown.trace);
    else if (k === 'link') ok = want.link.some((l) => sameLink(l, shown.link));
    else ok = JSON.stringify(shown[k]) === JSON.stringify(want[k]);
    if (!ok) out.push(`${k}: page ${JSON.stringify(shown[k])}, model ${JSON.stringify(want[k])}`);
  }
  return out;
}

/**
 * Waits until the page shows the model's state; throws with the differences after SETTLE_MS. The
 * page idle, its address bar is known: the model's candidates for it narrow down to it.
 */
async function settle(page, model) {
  const want = model.expected();
  const end = Date.now() + SETTLE_MS;
  let diff;
  for (;;) {
    const shown = await pageState(page, model.defaults);
    diff = differences(shown, want);
    if (diff.length === 0) {
      // Idle: still so after the address bar's delayed write (150 ms) would have landed.
      await sleep(400);
      const again = await pageState(page, model.defaults);
      if (differences(again, want).length === 0 && sameLink(again.link, shown.link)) {
        model.links = [shown.link];
        return;
      }
      continue;
    }
    if (Date.now() > end) break;
    await sleep(100);
  }
  throw new Error(`the page differs from the model:\n  ${diff.join('\n  ')}\nthe model's input: ${JSON.stringify(model.input)}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Clicks a button in the page unless it is disabled; says whether it clicked (one step, no race). */
const press = (page, id) => page.evaluate((b) => {
  const el = document.getElementById(b);
  if (el.disabled) return false;
  el.click();
  return true;
}, id);

/** The actions, each with its weight, what it does to the page and to the model. */
function actions(page, model, rng, log) {
  const pick = (xs) => xs[Math.floor(rng() * xs.length)];
  const box = () => Math.floor(rng() * 81);
  /** Keys go to the page's undo only outside a text field: the focus leaves the text box first. */
  const blur = () => page.evaluate(() => document.activeElement && document.activeElement.blur());
  return [
    [6, () => model.input.text !== DISPLAY.puzzle, async () => {
      const i = box();
      const d = String(1 + Math.floor(rng() * 9));
      log.push(`type ${d} on ${BOXES[i]}`);
      await page.focus(`[data-box="${BOXES[i]}"]`);
      await page.keyboard.press(d);
      const g = model.editable();
      if (g) {
        g[i] = d;
        model.edit({ text: g.map((x) => x || '.').join('') });
      }
    }],
    [3, () => model.input.text !== DISPLAY.puzzle, async () => {
      const g = model.editable();
      const filled = g ? g.map((x, k) => (x ? k : -1)).filter((k) => k >= 0) : [];
      const i = filled.length && rng() < 0.8 ? pick(filled) : box();
      const key = pick(['Backspace', 'Delete', '0', '.']);
      log.push(`${key} on ${BOXES[i]}`);
      await page.focus(`[data-box="${BOXES[i]}"]`);
      await page.keyboard.press(key);
      if (g && g[i]) {
        g[i] = '';
        model.edit({ text: g.map((x) => x || '.').join('') });
      }
    }],
    [3, () => true, async () => {
      const line = model.line && model.line !== EMPTY ? model.line : EASY;
      const edited = (n, chars) => {
        const a = [...line];
        for (let k = 0; k < n; k++) a[box()] = pick(chars);
        return a.join('');
      };
      const text = pick([
        pick(CHOICES).puzzle,
        edited(1, [...'123456789.']),
        edited(2, [...'123456789.']),
        edited(1, ['x']),
        '',
      ]);
      // Typing in the text box within MERGE_MS of the last typing is one edit: far from the
      // boundary either way, so the page and the model cannot disagree on which side it fell.
      const last = model.done.at(-1);
      if (last && last.group === 'text') {
        const since = Date.now() - last.at;
        if (since > MERGE_MS - 400 && since < MERGE_MS + 400) await sleep(MERGE_MS + 400 - since);
      }
      log.push(`paste ${JSON.stringify(text)}`);
      await page.fill('#puzzle-input', text);
      model.edit({ text }, { group: 'text', at: Date.now() });
    }],
    [4, () => true, async () => {
      if (rng() < 0.5) {
        log.push('Undo (button)');
        const clicked = await press(page, 'undo');
        assert.equal(clicked, model.done.length > 0, 'Undo is enabled exactly when there is an edit to undo');
      } else {
        log.push('Undo (Ctrl+Z)');
        await blur();
        await page.keyboard.press('Control+z');
      }
      model.undo();
    }],
    [3, () => true, async () => {
      if (rng() < 0.5) {
        log.push('Redo (button)');
        const clicked = await press(page, 'redo');
        assert.equal(clicked, model.undone.length > 0, 'Redo is enabled exactly when there is an edit to redo');
      } else {
        const key = pick(['Control+Shift+Z', 'Control+y']);
        log.push(`Redo (${key})`);
        await blur();
        await page.keyboard.press(key);
      }
      model.redo();
    }],
    [1, () => true, async () => {
      log.push('Clear');
      await page.click('#clear');
      model.edit({ text: '' });
    }],
    [2, () => true, async () => {
      const s = pick(CHOICES);
      log.push(`sample ${s.id}`);
      await page.selectOption('#samples', s.id);
      model.edit({ text: s.puzzle, diagonal: s.diagonal });
    }],
    [2, () => true, async () => {
      log.push('toggle Diagonal Sudoku');
      await page.click('#diagonal');
      model.edit({ diagonal: !model.input.diagonal });
    }],
    [2, () => true, async () => {
      const id = pick(model.ladder);
      log.push(`toggle ${id}`);
      await page.click(`#strategy-list input[data-strategy="${id}"]`);
      const on = new Set(model.input.strategies);
      if (on.has(id)) on.delete(id);
      else on.add(id);
      model.edit({ strategies: model.ladder.filter((x) => on.has(x)) });
    }],
    [2, () => true, async () => {
      log.push('Solve');
      // Disabled only while the current puzzle solves: asked already.
      if (await press(page, 'solve')) model.act(true);
      else assert.equal(model.solved, true, 'Solve is disabled only while the puzzle on screen solves');
    }],
    [1, () => true, async () => {
      log.push('Play');
      await page.click('#play');
      model.act(true);
    }],
    [1, () => true, async () => {
      log.push('Compare');
      // Disabled while a comparison runs, which an empty puzzle never has.
      if (await press(page, 'compare')) model.act(false);
    }],
  ];
}

/** Plays one sequence of `rng`'s actions on a fresh page and its model. */
async function sequence(rng, log) {
  const { page, problems } = await open(browser);
  try {
    const ladder = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
    const defaults = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.filter((e) => e.checked).map((e) => e.dataset.strategy));
    const model = new Model({ text: EASY, diagonal: false, strategies: defaults }, ladder);
    await settle(page, model);
    const all = actions(page, model, rng, log);
    const total = all.reduce((n, [w]) => n + w, 0);
    const steps = 20 + Math.floor(rng() * 11);
    for (let k = 0; k < steps; k++) {
      let action;
      do {
        let r = rng() * total;
        action = all.find(([w]) => (r -= w) < 0);
      } while (!action[1]());
      await action[2]();
      await sleep(Math.floor(rng() * 101));
      if (rng() < 0.15) {
        log.push('(idle: checked)');
        await settle(page, model);
      }
    }
    log.push('(idle: checked)');
    await settle(page, model);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
}

test(`random sequences of actions leave the page equal to a model of the edits (MODEL_SEED=${SEED}, MODEL_RUNS=${RUNS})`, async () => {
  const started = Date.now();
  for (let run = 0; run < RUNS; run++) {
    const seed = (SEED + run * 0x9e3779b9) >>> 0;
    const log = [];
    try {
      await sequence(prng(seed), log);
    } catch (e) {
      e.message = `sequence ${run + 1} of ${RUNS} (replay the run: MODEL_SEED=${SEED} MODEL_RUNS=${RUNS}; this sequence alone: MODEL_SEED=${seed} MODEL_RUNS=1), after:\n  ${log.join('\n  ')}\n${e.message}`;
      throw e;
    }
  }
  console.log(`# model: ${RUNS} sequences in ${((Date.now() - started) / 1000).toFixed(1)} s (MODEL_SEED=${SEED})`);
});
