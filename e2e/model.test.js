// The randomized model test (issues 24, 23): random sequences of 20-30 of the user's actions (a
// digit typed on a box, a box cleared, text pasted, Undo, Redo, Clear, a sample, Diagonal Sudoku
// or a strategy toggled, Solve, Play, Compare; and play mode: entering and leaving it, the
// learner's digits and pencil marks typed or cleared, Pencil, Fill in candidates, Check, Hint at
// each of its levels and Apply; New puzzle made, or cancelled; the share link opened in another
// tab), 0-100 ms
// apart, played on the page and on a model: a plain simulation of the one history over whole
// inputs (text, diagonal, strategies) and the learner's games. Once the page is idle (after some
// steps, and after each sequence), what it shows must be the model's: the text box, the board's
// givens, Diagonal Sudoku and the strategies, the address bar's p=, d= and s=, Undo and Redo
// enabled or not, an error shown exactly when the model's puzzle does not parse (or an action was
// refused for an empty one), after a Solve the verdict engine's answer, which a brute-force
// counter here checks; and the mode, the learner's digits and pencil marks on the board and in the
// address bar's play= and marks=, and Check's answer and marked boxes, judged here against the
// counter's solution; Hint's answer (mistakes exactly when a digit or a mark disagrees with the
// counter's solution, else a step, nothing when the game is solved) and its levels shown; a step
// applied is the facade's (its hint for the same position, from the built module loaded in the
// page), made on the model's game by the model's own rule; a new puzzle is an edit, a line of
// givens with one solution by the counter (symmetric when asked). One variant takes part: the
// jigsaw sample, chosen from the menu or opened from its f-puzzles link (a quarter of the
// sequences begin so, in play mode), and the killer sample, chosen from the menu (a quarter begin
// on it, in play mode), played, hinted and checked as any puzzle, the counter taking the jigsaw's
// regions as houses and the killer's cages as houses with their sums. A play action waits until the page has drawn the game of the model's puzzle
// (`body[data-game]`), or has parsed it (`body[data-playable]`) to enter play mode.
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
/** How many actions of a run were taken in play mode on the jigsaw and on the killer (said at the end). */
const onVariant = { jigsaw: 0, killer: 0 };
/** How many share links of a run were opened in another tab, and of those in play mode (said at the end). */
let sharedLinks = 0;
let sharedGames = 0;
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
// Norvig's impossible puzzle is left out: the counter below takes seconds to refute it; so are
// the variants (ISS strings: killer, jigsaw, …) but the jigsaw and the killer, whose regions and
// cages the counter takes as its houses (pasting an ISS string would also set the rule: not
// pasted here).
const CHOICES = SAMPLES.filter((s) => s.id !== 'norvig-impossible' && !/^\.[A-Za-z~]/.test(s.puzzle));
/**
 * The jigsaw sample, played as any puzzle: its regions (ISS's digits, one a box) replace the
 * squares; its givens as a line. Chosen from the samples menu or opened from its f-puzzles link
 * (the facade's Export to f-puzzles), which the page replaces with the sample's text; the link
 * itself, back in the text box by Undo, parses as the jigsaw too. Grid typing edits no variant.
 */
const JIGSAW = SAMPLES.find((s) => s.id === 'jigsaw');
const JIGSAW_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BmVNCImAOwQBcMrUMYGB7VvAAMAX2Sge/QaPEhJEAQhkTeC6WJVSlGuasXCd8/ct1b4ARh2lK1AOz1GLdpxjc9ggEwiAuskIhrKgRzByZBDi5TNQQaQ3cEABY4swBWZOj4NNkjdWz4zPTjQsFLWUDqFNCneAjXKP0vX38cmOLEtoK81KtyIPgANirwlzdust7qAA4h50iWzs0M0sX9ZfrPHz8VwViujKTxmwRK9Edhufys7eOeo4sZmpH14Nu+lFOw2br5tZ+O3/yjS2z1oHQO13g4ICEwQ7wYn0eFzMUPm/Q6aL2DX+HSBzXyuwhBJBKPyGIhZJBFPmXkxG0OfQ8D1qowyuOIMPg0w+1WZIKJ835+RJyPRr2odG552+pNFtIQVPytk2eLMgrMkw6Gvp1EZkq+LP0WvZdwl8J5T3mRuhdxOZqlBsESrl8CdENd1r6IT1iOlZiVTQhVstmpDzqDio67vKsKZFojzv93hEQA===';
const JIGSAW_SHAPE = {
  regions: /Jigsaw~([0-9]{81})/.exec(JIGSAW.puzzle)[1],
  line: (() => {
    const a = Array(81).fill('.');
    for (const [, r, c, d] of JIGSAW.puzzle.matchAll(/~R([1-9])C([1-9])_([1-9])/g)) a[(r - 1) * 9 + (c - 1)] = d;
    return a.join('');
  })(),
};
/**
 * The killer sample, played as any puzzle: no givens, its cages (ISS's `.Cage~SUM~R1C1…`) are
 * houses of their own for the counter (different digits, as the page's peers have them) with
 * their sums. Chosen from the samples menu (a quarter of the sequences begin on it, in play mode).
 */
const KILLER = SAMPLES.find((s) => s.id === 'killer');
const KILLER_SHAPE = {
  cages: [...KILLER.puzzle.matchAll(/\.Cage~([0-9]+)((?:~R[1-9]C[1-9])+)/g)].map(([, sum, cells]) => ({
    sum: Number(sum),
    boxes: [...cells.matchAll(/R([1-9])C([1-9])/g)].map(([, r, c]) => (r - 1) * 9 + (c - 1)),
  })),
  line: EMPTY,
};
/** The variant texts the model knows, and their shapes ({ regions, cages, line }). */
const VARIANTS = new Map([[JIGSAW.puzzle, JIGSAW_SHAPE], [JIGSAW_LINK, JIGSAW_SHAPE], [KILLER.puzzle, KILLER_SHAPE]]);
/**
 * The easy sample shared: its f-puzzles link (the facade's Export to f-puzzles), the same data as
 * a SudokuPad link, and the f-puzzles link as chat wraps it. The page opens each as the easy
 * line in the standard rule; a link itself, back in the text box by Undo, parses as that line.
 */
const EASY_LINK = 'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAZlTQgpgDsEAXDBkmVDV6jAEyt2XXvxiDBlWgwQA2SR27w+A0vIC6yQotEIU6KZu1zdN4UsYtzGmTqHHl8AKzrpW2fNt3RgBGH0t/A0IAuxN4UKdfKwURDwAOMJdrNxTGNQTw1yCEABYMv1d9QyFk+wR0/Mya2Pi2Z3Kspo8JBvbOxjNWxP9bIkiYjwB2MqSR2erAnLrpiKroovg8wYKs9amemeza+HqtxvJF+G7T3pGxtYurizPx3OWK86OBp5uXhG994bVMbrE7fA73I6PNrgj6xRzXGGHWJfaErKILI7/BGAvoIFpgnGwjzwgnvYh6PREIA=';
const LINKS = [EASY_LINK, `https://sudokupad.app/fpuzzles${EASY_LINK.split('?load=')[1]}`, `<${EASY_LINK}>`];

/** The puzzle of a text as a line of 81 ('.' empty), or null when it does not parse as one. */
function lineOf(text) {
  if (text === '') return EMPTY;
  if (text === DISPLAY.puzzle || LINKS.includes(text)) return EASY;
  if (VARIANTS.has(text)) return VARIANTS.get(text).line;
  return LINE.test(text) ? text.replace(/0/g, '.') : null;
}

/**
 * The units of the rule: rows, columns, squares (a jigsaw's `regions` instead: one digit a box),
 * the two diagonals with `diagonal`, and a killer's cages (29 on, in the shape's order).
 */
function unitsOf(i, diagonal, shape = null) {
  const regions = shape && shape.regions;
  const r = Math.floor(i / 9);
  const c = i % 9;
  const u = [r, 9 + c, 18 + (regions ? Number(regions[i]) : Math.floor(r / 3) * 3 + Math.floor(c / 3))];
  if (diagonal && r === c) u.push(27);
  if (diagonal && r + c === 8) u.push(28);
  (shape?.cages || []).forEach((cage, k) => cage.boxes.includes(i) && u.push(29 + k));
  return u;
}

/** True when two givens share a unit. */
function conflicts(line, diagonal, shape = null) {
  const used = new Uint16Array(29 + (shape?.cages || []).length);
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    const bit = 1 << Number(line[i]);
    for (const u of unitsOf(i, diagonal, shape)) {
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
function countSolutions(line, diagonal, budget = 2_000_000, first = [], shape = null) {
  const units = Array.from({ length: 81 }, (_, i) => unitsOf(i, diagonal, shape));
  const cages = shape?.cages || [];
  const used = new Uint16Array(29 + cages.length);
  // A cage's digits so far: their sum and count; a digit fits only if the cage's other boxes
  // can still make the rest of its sum with different digits (smallest and largest).
  const sum = new Uint16Array(cages.length);
  const filled = new Uint8Array(cages.length);
  const cageOf = Array.from({ length: 81 }, () => -1);
  cages.forEach((cage, k) => cage.boxes.forEach((b) => { cageOf[b] = k; }));
  const fits = (i, d) => {
    const k = cageOf[i];
    if (k < 0) return true;
    const left = cages[k].boxes.length - filled[k] - 1;
    const rest = cages[k].sum - sum[k] - d;
    return rest >= (left * (left + 1)) / 2 && rest <= (left * (19 - left)) / 2;
  };
  const put = (i, d, sign) => {
    const k = cageOf[i];
    if (k >= 0) [sum[k], filled[k]] = [sum[k] + sign * d, filled[k] + sign];
  };
  const grid = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    grid[i] = Number(line[i]);
    for (const u of units[i]) used[u] |= 1 << grid[i];
    put(i, grid[i], 1);
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
      if (cageOf[i] >= 0) for (let d = 1; d <= 9; d++) if (m & (1 << d) && !fits(i, d)) m &= ~(1 << d);
      const n = bits(m);
      if (n < fewest) [best, bestMask, fewest] = [i, m, n];
    }
    if (best < 0) {
      if (++found === 1) first.push(...grid);
      return true;
    }
    for (let d = 1; d <= 9 && found < 2; d++) {
      const bit = 1 << d;
      if (!(bestMask & bit)) continue;
      grid[best] = d;
      for (const u of units[best]) used[u] |= bit;
      put(best, d, 1);
      const ok = search();
      put(best, d, -1);
      for (const u of units[best]) used[u] &= ~bit;
      grid[best] = 0;
      if (!ok) return false;
    }
    return true;
  };
  return search() ? found : null;
}

/** The digits of a mask as text ("267"). */
const maskText = (m) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => m & (1 << (d - 1))).join('');

/** A learner's game with nothing in it: no digit ('.'), no pencil mark (masks). */
const emptyGame = () => ({ digits: '.'.repeat(81), marks: Array(81).fill(0) });
const gameCode = (g) => `${g.digits}|${g.marks.join()}`;

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
    /** Play mode: 'watch' or 'play'; Pencil on; the games by puzzle key; Check's answer shown. */
    this.mode = 'watch';
    this.pencil = false;
    this.games = new Map();
    this.check = null;
    /** Hint's answer shown: { kind, shown (levels revealed) } or null. */
    this.hint = null;
  }

  /**
   * Hint's answer for the current game as the model judges it: `mistakes` when a digit, or a
   * pencil mark where every open box has some, disagrees with the counter's solution, `solved`
   * when every box holds its digit,
   * else `step` (or `stuck`, when no rung applies: both allowed); null past the counter's budget
   * or without one solution (not judged here).
   */
  hintKind() {
    const n = this.count();
    if (n !== 1) return null;
    const solution = this.solution();
    const line = this.line;
    const g = this.game();
    const open = [...line].map((_, i) => i).filter((i) => line[i] === '.' && g.digits[i] === '.');
    // The marks are the position only when every open box has some (positionOf).
    const marked = open.length > 0 && open.every((i) => g.marks[i]);
    for (let i = 0; i < 81; i++) {
      if (line[i] !== '.') continue;
      if (g.digits[i] !== '.' && Number(g.digits[i]) !== solution[i]) return 'mistakes';
      if (marked && g.digits[i] === '.' && !(g.marks[i] & (1 << (solution[i] - 1)))) return 'mistakes';
    }
    return open.length ? 'step' : 'solved';
  }

  /**
   * A hint's step applied (play/position.js's rule, written again here): each box the grid after
   * the step (`after`, 81 masks) solves becomes the learner's digit; the grid's candidates become
   * the pencil marks when every open box had marks, or when the step placed nothing.
   */
  applyStep(changes, after) {
    const line = this.line;
    const single = (m) => m && !(m & (m - 1));
    this.move((g) => {
      const held = (i) => line[i] !== '.' || g.digits[i] !== '.';
      const complete = [...line].some((_, i) => !held(i)) && [...line].every((_, i) => held(i) || g.marks[i]);
      const placed = changes.some((c) => line[BOXES.indexOf(c.box)] === '.' && single(c.after));
      const digits = [...g.digits].map((d, i) => (line[i] === '.' && d === '.' && single(after[i]) ? String(31 - Math.clz32(after[i]) + 1) : d)).join('');
      const keep = complete || !placed;
      const marks = keep ? g.marks.map((m, i) => (line[i] !== '.' || digits[i] !== '.' ? m : after[i])) : g.marks;
      return { digits, marks };
    });
  }

  /**
   * The key of the model's puzzle's game (its rule and its line; a variant's, its givens and its
   * text: www/play/store.js), or null when it does not parse.
   */
  get key() {
    if (!this.parses) return null;
    const d = this.input.diagonal ? 'd' : '';
    return this.shape ? `v${d}:${this.line}:${this.input.text}` : `${d || 's'}:${this.line}`;
  }

  /** The variant's shape when the current text is a variant (the jigsaw, the killer), else null. */
  get shape() {
    return VARIANTS.get(this.input.text) || null;
  }

  /** The puzzle's text a hint is asked with as its givens: a variant's own (its constraints). */
  get givensText() {
    return this.shape ? this.input.text : this.line;
  }

  game(key = this.key) {
    return this.games.get(key) || emptyGame();
  }

  /** A move on the current game: `fn` gives the new game; recorded in the one history. */
  move(fn) {
    const key = this.key;
    if (!key) return;
    const before = this.game(key);
    const after = fn(before);
    if (gameCode(before) === gameCode(after)) return;
    this.games.set(key, after);
    this.undone = [];
    this.done.push({ play: key, before, after });
    this.check = null;
    this.hint = null;
  }

  /** A digit (or 0: clear) typed on box `i` in play mode; `mark`: a pencil mark. */
  playInput(i, d, mark) {
    if (!this.key || this.line[i] !== '.') return;
    const g = this.game();
    if (d === 0) {
      if (g.digits[i] !== '.') this.move((x) => ({ digits: setAt(x.digits, i, '.'), marks: x.marks }));
      else if (g.marks[i]) this.move((x) => ({ digits: x.digits, marks: x.marks.map((m, k) => (k === i ? 0 : m)) }));
      return;
    }
    if (mark) {
      if (g.digits[i] === '.') this.move((x) => ({ digits: x.digits, marks: x.marks.map((m, k) => (k === i ? m ^ (1 << (d - 1)) : m)) }));
      return;
    }
    this.move((x) => ({ digits: setAt(x.digits, i, String(d)), marks: x.marks }));
  }

  /** Fill in candidates: each box without a digit gets the digits none of its peers holds. */
  fill() {
    const line = this.line;
    const diagonal = this.input.diagonal;
    const shape = this.shape;
    this.move((g) => {
      const held = [...line].map((c, i) => (c !== '.' ? c : g.digits[i]));
      const marks = held.map((c, i) => {
        if (c !== '.') return 0;
        let m = 0x1ff;
        for (let k = 0; k < 81; k++) {
          if (k === i || held[k] === '.') continue;
          if (unitsOf(k, diagonal, shape).some((u) => unitsOf(i, diagonal, shape).includes(u))) m &= ~(1 << (Number(held[k]) - 1));
        }
        return m;
      });
      return { digits: g.digits, marks };
    });
  }

  /** Clear in play mode: the game emptied. */
  clearGame() {
    this.move(() => emptyGame());
  }

  /** Check's answer for the current game: { kind, marked } or null past the counter's budget. */
  judge() {
    const n = this.count();
    if (n === null) return null;
    if (n !== 1) return { kind: 'unknown', marked: [] };
    const solution = this.solution();
    const g = this.game();
    const marked = [];
    let full = true;
    for (let i = 0; i < 81; i++) {
      if (this.line[i] !== '.') continue;
      const d = g.digits[i];
      if (d === '.') full = false;
      if (d !== '.' ? Number(d) !== solution[i] : g.marks[i] && !(g.marks[i] & (1 << (solution[i] - 1)))) marked.push(i);
    }
    return { kind: marked.length ? 'wrong' : full ? 'solved' : 'right', marked };
  }

  enter() {
    if (this.parses) this.mode = 'play';
  }

  leave() {
    this.mode = 'watch';
    this.check = null;
    this.hint = null;
  }

  /** The current puzzle's line, or null when its text does not parse as one. */
  get line() {
    return lineOf(this.input.text);
  }

  /** True when the current text parses under the current rule (an empty text does not). */
  get parses() {
    const line = this.line;
    return this.input.text !== '' && line !== null && !conflicts(line, this.input.diagonal, this.shape);
  }

  /**
   * The givens the board shows (81 of '' or a digit), or null when that is not known: a text
   * that does not parse, which leaves the board as it was.
   */
  board() {
    const line = this.line;
    if (line === null || (this.typedAfterParse && !this.parses)) return null;
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

  /**
   * True for a text the grid edits only once its parse has answered (the display layout, a link),
   * or never (a variant: typing on the grid says so and changes nothing).
   */
  get typedAfterParse() {
    return this.input.text === DISPLAY.puzzle || LINKS.includes(this.input.text) || VARIANTS.has(this.input.text);
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
    if (e.play) this.#restore(e.play, e.before);
    else this.#become(e.before);
  }

  redo() {
    const e = this.undone.pop();
    if (!e) return;
    e.group = null;
    this.done.push(e);
    if (e.play) this.#restore(e.play, e.after);
    else this.#become(e.after);
  }

  /** A move undone or redone: the game as it was, shown in play mode. */
  #restore(key, game) {
    this.games.set(key, game);
    this.mode = 'play';
    this.check = null;
    this.hint = null;
  }

  /** Solve, Play or Compare asked for (`solves`: Solve and Play, which watch the solver). */
  act(solves) {
    if (solves) this.leave();
    if (this.input.text === '') this.refusedEmpty = true;
    else if (solves) this.solved = true;
  }

  #become(input) {
    if (input.text !== this.input.text || input.diagonal !== this.input.diagonal) {
      this.check = null;
      this.hint = null;
    }
    this.input = input;
    this.solved = false;
    this.refusedEmpty = false;
    if (this.parses && !this.links.some((l) => sameLink(l, linkOf(input)))) this.links.push(linkOf(input));
  }

  /** The solutions of the current puzzle (0, 1, 2 for two or more), or null past the counter's budget. */
  count() {
    return this.#counted().count;
  }

  /** The first solution the counter found (81 digits). */
  solution() {
    return this.#counted().first;
  }

  #counted() {
    const key = `${this.input.diagonal}:${this.line}:${this.shape ? this.input.text : ''}`;
    if (!this.counts.has(key)) {
      const first = [];
      this.counts.set(key, { count: countSolutions(this.line, this.input.diagonal, undefined, first, this.shape), first });
    }
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
      ...this.#played(),
    };
  }

  /** Play mode as the page must show it. */
  #played() {
    const shown = this.mode === 'play' && this.parses;
    const g = shown ? this.game() : emptyGame();
    const line = this.line;
    const anyMarks = g.marks.some((m) => m);
    return {
      mode: this.mode,
      mine: g.digits,
      // The board shows a box's marks when it holds no digit, the puzzle's or the learner's.
      marks: g.marks.map((m, i) => (shown && line[i] === '.' && g.digits[i] === '.' ? maskText(m) : '')).join(','),
      // While the puzzle does not parse, the address bar keeps the last game it had: not checked.
      game: this.parses ? { play: shown ? g.digits : null, marks: shown && anyMarks ? g.marks.map(maskText).join(',') : null } : null,
      check: this.check ? this.check.kind : '',
      // Hint's answer: null when not judged; for a step, the levels revealed.
      hint: !shown || !this.hint ? (shown ? '' : null) : this.hint.kind === null ? null : this.hint.kind,
      levels: !shown || !this.hint || this.hint.kind === null ? (shown && !this.hint ? 0 : null) : this.hint.kind === 'step' ? this.hint.shown : 0,
      // Outside a game, the boxes marked are a conflict's (the error's own check).
      marked: !shown ? null : !this.check ? '' : this.check.marked && this.check.marked.map((i) => BOXES[i]).join(','),
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
    mode: document.body.dataset.mode,
    mine: [...document.querySelectorAll('[data-box]')].map((b) => (b.classList.contains('mine') ? b.dataset.value : '.')).join(''),
    marks: [...document.querySelectorAll('[data-box]')].map((b) => (b.classList.contains('pencil') ? b.dataset.candidates : '')).join(','),
    game: {
      play: q.get('play'),
      // marks= read back as each box's digits (docs/play-format.md: two characters a box).
      marks: q.get('marks') === null ? null : Array.from({ length: 81 }, (_, i) => {
        const abc = '0123456789abcdefghijklmnopqrstuv';
        const m = (abc.indexOf(q.get('marks')[2 * i]) << 5) | abc.indexOf(q.get('marks')[2 * i + 1]);
        return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => m & (1 << (d - 1))).join('');
      }).join(','),
    },
    check: $('check-result').dataset.check,
    hint: $('hint-panel').hidden ? '' : $('hint-panel').dataset.kind || '',
    levels: $('hint-panel').hidden ? 0 : document.querySelectorAll('#hint-levels li').length,
    marked: [...document.querySelectorAll('[data-box].conflict')].map((b) => b.dataset.box).join(','),
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
  throw new Error(`the page differs from the model:\n  ${diff.join('\n  ')}\nthe model's input: ${JSON.stringify(model.input)}, mode ${model.mode}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `s` with character `i` replaced by `c`. */
const setAt = (s, i, c) => s.slice(0, i) + c + s.slice(i + 1);

/**
 * Waits (a few seconds at most) until the page has drawn the game of the model's puzzle, so a
 * play action acts on the game the model acts on; a page that never does fails at the next settle.
 */
const gameDrawn = (page, model) => page.waitForFunction((k) => document.body.dataset.game === k, model.key, { timeout: SETTLE_MS }).catch(() => {});

/**
 * The model's game as the text the page's hint is asked with (play/position.js's positionText,
 * written again here): a candidate grid when every open box holds pencil marks, else the digits.
 */
function positionOf(model) {
  const line = model.line;
  const g = model.game();
  const held = (i) => (line[i] !== '.' ? line[i] : g.digits[i] !== '.' ? g.digits[i] : '');
  const open = [...line].map((_, i) => i).filter((i) => !held(i));
  if (!open.length || open.some((i) => !g.marks[i])) return [...line].map((_, i) => held(i) || '.').join('');
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(Array.from({ length: 9 }, (_, c) => held(r * 9 + c) || maskText(g.marks[r * 9 + c])).join(' '));
  return rows.join('\n');
}

/** The facade's hint for `text`, from the built module loaded in the page (not the page's worker). */
const facadeHint = (page, text, givens, diagonal) => page.evaluate(async ({ t, g, d }) => {
  const m = await import('/solver-wasm.js');
  await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
  const h = m.hint(t, { givens: g, diagonal: d });
  return h.kind === 'step' ? { kind: h.kind, changes: h.step.changes, candidates: [...h.candidates] } : { kind: h.kind };
}, { t: text, g: givens, d: diagonal });

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
    [6, () => model.mode === 'watch' && !model.typedAfterParse, async () => {
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
    [3, () => model.mode === 'watch' && !model.typedAfterParse, async () => {
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
    [2, () => true, async () => {
      // Open a link: pasted, then replaced by the puzzle it carries once the facade has read it
      // (waited for, so the next action comes after both edits, as the model has them).
      // The jigsaw's half the time: its game is what the classic links' are not.
      const classic = LINKS.filter((l) => l !== model.input.text);
      const text = rng() < 0.5 && model.input.text !== JIGSAW_LINK ? JIGSAW_LINK : pick(classic);
      const last = model.done.at(-1);
      if (last && last.group === 'text') {
        const since = Date.now() - last.at;
        if (since > MERGE_MS - 400 && since < MERGE_MS + 400) await sleep(MERGE_MS + 400 - since);
      }
      log.push(`open the link ${text.slice(0, 40)}…`);
      await page.fill('#puzzle-input', text);
      model.edit({ text }, { group: 'text', at: Date.now() });
      const opened = text === JIGSAW_LINK ? JIGSAW.puzzle : EASY;
      await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t, opened, { timeout: SETTLE_MS });
      model.edit({ text: opened, diagonal: false });
    }],
    [2, () => model.parses && model.input.text === model.input.text.trim() && !LINKS.includes(model.input.text) && model.input.text !== JIGSAW_LINK, async () => {
      // Share: the address bar once idle (the page's share link, with the game in play mode)
      // opened in another tab, whose storage holds no game: it must show the puzzle, the rule,
      // the strategies and the game the model has, with no history of its own. The sequence
      // goes on in the first tab.
      log.push('open the share link in another tab');
      await settle(page, model);
      const url = page.url();
      const q = new URLSearchParams(new URL(url).hash.slice(1));
      const s = q.get('s');
      const opened = new Model({
        text: q.get('p') || '',
        diagonal: q.get('d') === '1',
        strategies: s === null ? model.defaults : s === '' ? [] : model.ladder.filter((id) => s.split(',').includes(id)),
      }, model.ladder);
      opened.defaults = model.defaults;
      assert.ok(sameInput(opened.input, model.input), `the link ${url} is the model's input ${JSON.stringify(model.input)}`);
      // A link with step= solves to that step.
      opened.solved = q.has('step');
      if (model.mode === 'play') {
        opened.games.set(model.key, model.game());
        opened.enter();
      }
      const tab = await browser.context.newPage();
      const problems = [];
      tab.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      try {
        // The tabs share the profile: the other tab reads its game from the link alone.
        await tab.addInitScript(() => localStorage.clear());
        await tab.goto(url);
        // In play mode a box shows the learner's marks, not the solver's candidates.
        if (opened.mode === 'play') await gameDrawn(tab, opened);
        else await tab.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates, null, { timeout: SETTLE_MS });
        await settle(tab, opened);
        assert.deepEqual(problems, []);
        sharedLinks++;
        if (opened.mode === 'play') sharedGames++;
      } finally {
        await tab.close();
      }
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
      if (model.mode === 'play') {
        // In play mode Clear empties the game, not the puzzle.
        if (model.parses) await gameDrawn(page, model);
        await page.click('#clear');
        model.clearGame();
        return;
      }
      await page.click('#clear');
      model.edit({ text: '' });
    }],
    // Play mode.
    [4, () => true, async () => {
      if (model.mode === 'play') {
        log.push('Watch the solver');
        await page.click('#play-mode');
        model.leave();
        return;
      }
      log.push('Play it yourself');
      await page.waitForFunction((want) => document.body.dataset.playable === want, String(model.parses), { timeout: SETTLE_MS }).catch(() => {});
      await page.click('#play-mode');
      model.enter();
    }],
    [16, () => model.mode === 'play', async () => {
      // Mostly empty boxes (a given now and then), mostly digits, some pencil marks by Shift.
      const line = model.line;
      const open = line ? [...line].map((c, k) => (c === '.' ? k : -1)).filter((k) => k >= 0) : [];
      const i = open.length && rng() < 0.9 ? pick(open) : box();
      const r = rng();
      const d = r < 0.15 ? 0 : 1 + Math.floor(rng() * 9);
      const shift = d > 0 && r > 0.75;
      const key = d === 0 ? pick(['Backspace', 'Delete', '0', '.']) : shift ? `Shift+Digit${d}` : String(d);
      log.push(`play: ${key} on ${BOXES[i]}${model.pencil && !shift && d ? ' (pencil)' : ''}`);
      if (model.parses) await gameDrawn(page, model);
      await page.focus(`[data-box="${BOXES[i]}"]`);
      await page.keyboard.press(key);
      model.playInput(i, d, shift || model.pencil);
    }],
    [2, () => model.mode === 'play', async () => {
      log.push('Pencil marks');
      await page.click('#pencil-mode');
      model.pencil = !model.pencil;
    }],
    [1, () => model.mode === 'play', async () => {
      log.push('Fill in candidates');
      if (model.parses) await gameDrawn(page, model);
      await page.click('#fill-marks');
      if (model.parses) model.fill();
    }],
    [3, () => model.mode === 'play', async () => {
      log.push('Check');
      if (!model.parses) {
        // Nothing to check: the click does nothing.
        await page.click('#check');
        return;
      }
      await gameDrawn(page, model);
      await page.click('#check');
      // Waited for: Check is asked of the worker, and its answer is part of the page's state.
      await page.waitForFunction(() => ['right', 'solved', 'wrong', 'unknown'].includes(document.getElementById('check-result').dataset.check), null, { timeout: SETTLE_MS }).catch(() => {});
      // Past the counter's budget the answer is not checked.
      model.check = model.judge() || { kind: null, marked: null };
    }],
    [4, () => model.mode === 'play', async () => {
      log.push('Hint');
      if (!model.parses) {
        // No game: the click does nothing.
        await page.click('#hint');
        return;
      }
      await gameDrawn(page, model);
      await page.click('#hint');
      await page.waitForFunction(() => document.getElementById('hint-panel').dataset.kind, null, { timeout: SETTLE_MS }).catch(() => {});
      const kind = await page.evaluate(() => document.getElementById('hint-panel').dataset.kind || '');
      const want = model.hintKind();
      if (want !== null) assert.ok(kind === want || (want === 'step' && kind === 'stuck'), `Hint answered ${JSON.stringify(kind)}; the model expects ${want}`);
      // Mistakes are marked as Check marks them (the boxes are the facade's: not modelled here).
      model.check = kind === 'mistakes' ? { kind: '', marked: null } : null;
      model.hint = { kind: want === null ? null : kind, shown: kind === 'step' ? 1 : 0 };
    }],
    [3, () => model.mode === 'play' && model.hint && model.hint.kind === 'step' && model.hint.shown < 3, async () => {
      log.push('Hint: show more');
      await page.click('#hint-more');
      model.hint.shown++;
    }],
    [3, () => model.mode === 'play' && model.hint && model.hint.kind === 'step' && model.hint.shown === 3, async () => {
      log.push('Hint: Apply');
      // The step the facade gives for the model's game, made on the model by its own rule.
      const ref = await facadeHint(page, positionOf(model), model.givensText, model.input.diagonal);
      assert.equal(ref.kind, 'step', "the facade's hint for the model's game is a step");
      await page.click('#hint-apply');
      model.applyStep(ref.changes, ref.candidates);
    }],
    [1, () => true, async () => {
      const needs = pick(['', '', 'only_choice', 'pointing', 'naked_twins']);
      const symmetric = rng() < 0.5;
      const diagonal = rng() < 0.2;
      log.push(`New puzzle${needs ? ` that needs ${needs}` : ''}${symmetric ? ', symmetric' : ''}${diagonal ? ', diagonal' : ''}`);
      await page.selectOption('#new-needs', needs);
      await page.setChecked('#new-symmetric', symmetric);
      await page.setChecked('#new-diagonal', diagonal);
      await page.click('#new-make');
      await page.waitForFunction(() => ['made', 'gave-up', 'error'].includes(document.getElementById('new-status').dataset.state), null, { timeout: 60_000 });
      assert.equal(await page.getAttribute('#new-status', 'data-state'), 'made', await page.textContent('#new-status'));
      // Loaded as an edit, the game left: the model takes the text the page made.
      const text = await page.inputValue('#puzzle-input');
      assert.match(text, LINE);
      if (symmetric) assert.ok([...text].every((c, i) => (c === '.') === (text[80 - i] === '.')), `symmetric givens: ${text}`);
      model.leave();
      model.edit({ text, diagonal });
      assert.equal(model.count(), 1, `a new puzzle has one solution by the counter: ${text}`);
    }],
    [1, () => true, async () => {
      // A puzzle that needs Eliminate rates 2.3 at most, so none is rated 9 to 10: the generation
      // runs until cancelled, and nothing changes.
      log.push('New puzzle, cancelled');
      await page.selectOption('#new-needs', 'eliminate');
      await page.fill('#new-rating-min', '9');
      await page.fill('#new-rating-max', '10');
      await page.click('#new-make');
      await page.click('#new-cancel');
      await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'cancelled', null, { timeout: SETTLE_MS });
      await page.fill('#new-rating-min', '');
      await page.fill('#new-rating-max', '');
    }],
    [2, () => true, async () => {
      const s = rng() < 0.25 ? pick([JIGSAW, KILLER]) : pick(CHOICES);
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
    // The sequences share one browser profile: no game of an earlier one is read at the load.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
    const ladder = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
    const defaults = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.filter((e) => e.checked).map((e) => e.dataset.strategy));
    const model = new Model({ text: EASY, diagonal: false, strategies: defaults }, ladder);
    await settle(page, model);
    const begin = rng();
    if (begin < 0.25) {
      // A quarter of the sequences begin on the killer, chosen from the samples menu, in play mode.
      log.push('sample killer, then Play it yourself');
      await page.selectOption('#samples', KILLER.id);
      model.edit({ text: KILLER.puzzle, diagonal: KILLER.diagonal });
      await page.waitForFunction(() => document.body.dataset.playable === 'true', null, { timeout: SETTLE_MS });
      await page.click('#play-mode');
      model.enter();
      await settle(page, model);
    } else if (begin < 0.5) {
      // A quarter begin on the jigsaw, opened from its link, in play mode.
      log.push('open the jigsaw\'s link, then Play it yourself');
      await page.fill('#puzzle-input', JIGSAW_LINK);
      model.edit({ text: JIGSAW_LINK }, { group: 'text', at: Date.now() });
      await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t, JIGSAW.puzzle, { timeout: SETTLE_MS });
      model.edit({ text: JIGSAW.puzzle, diagonal: false });
      await page.waitForFunction(() => document.body.dataset.playable === 'true', null, { timeout: SETTLE_MS });
      await page.click('#play-mode');
      model.enter();
      await settle(page, model);
    }
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
      if (model.mode === 'play' && model.shape) onVariant[model.shape === KILLER_SHAPE ? 'killer' : 'jigsaw']++;
      await sleep(Math.floor(rng() * 101));
      // In play mode more often: its state (the game, Check's answer) is checked only at these.
      if (rng() < (model.mode === 'play' ? 0.4 : 0.15)) {
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
  console.log(`# model: ${RUNS} sequences in ${((Date.now() - started) / 1000).toFixed(1)} s (MODEL_SEED=${SEED}), ${onVariant.jigsaw} actions in play mode on the jigsaw, ${onVariant.killer} on the killer, ${sharedLinks} share links opened in another tab (${sharedGames} in play mode)`);
});
