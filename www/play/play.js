// Play mode: the learner solves the puzzle on screen themselves. The givens stay fixed; digits
// typed on the grid (or the phone's digit pad) are the learner's, drawn in their own style
// (www/board/canvas.js: italic and underlined, `--mine`); in pencil mode (the Pencil button, P,
// or Shift with a digit) a digit toggles a pencil mark instead, and Fill in candidates writes
// every box's marks at once, to be pruned by hand. Every move is one entry of the page's undo
// history (www/board/edits.js), is kept in the browser's storage (store.js) and, while playing,
// in the address bar (www/app/url.js's `play=` and `marks=`). Check asks the verdict engine for
// the puzzle's solution (the page never solves) and marks the learner's digits that disagree
// with it and the boxes whose pencil marks lost the digit it needs, without saying which digit.
//
// Hint asks the facade's `hint` from the learner's position (their digits, and their pencil marks
// when every open box has some) and shows what it answers, naming no strategy itself: the
// mistakes the hint would be built on (marked, as Check marks them), or the next step in three
// levels revealed one at a time (the technique, where, the step itself highlighted with Apply).
//
// A variant beyond diagonal Sudoku (killer, jigsaw, …) is played in its own rules: its constraints
// drawn on the game, Fill in candidates from what its boxes see (the facade's `peers`), Check and
// Hint asked with its text, which carries its constraints.
//
// Watching the solver and playing share the board: Play it yourself (`#play-mode`) switches to
// the game, and Solve, the transport or Watch the solver switch back, the game kept as it was.

import {
  emptyPosition, place, toggleMark, fillMarks, encode, decode, splitCode, noMarks, judge, boardCells, givensOf, boxName, isFull,
  positionText, applyStep, readPeers,
} from './position.js';
import { boxIndex } from '../trace/replay.js';
import { givensOfCandidates, givensOfLine, keyEdit } from '../board/givens.js';
import { Cancelled } from '../app/solver.js';
import { chainOfNodes, forcingOfText } from '../trace/packed.js';
import { branchNet } from '../trace/explain.js';

/** The two diagonals' boxes, tinted in diagonal mode. */
const DIAGONAL_BOXES = new Set(Array.from({ length: 9 }, (_, i) => [i * 9 + i, i * 9 + (8 - i)]).flat());

const HELP = 'Type a digit on a box (or tap a box, then the pad); Pencil marks (P, or Shift with a digit) toggles a mark. Check says whether your digits agree with the solution; Watch the solver, Solve or the transport go back to the solver, your game kept.';

export class PlayMode {
  /**
   * @param {{ el: { mode: HTMLButtonElement, tools: HTMLElement, pencil: HTMLButtonElement, fill: HTMLButtonElement,
   *           check: HTMLButtonElement, result: HTMLElement, help: HTMLElement, gridHelp: HTMLElement },
   *           board: import('../board/board.js').Board, typing: import('../board/typing.js').GridTyping,
   *           session: import('../app/session.js').Session, edits: import('../board/edits.js').PuzzleEdits,
   *           store: import('./store.js').GameStore, verdict: (text: string, diagonal: boolean) => Promise<object>,
   *           say: (kind: string, label: string, text: string) => void, watch: () => void, changed: () => void }} options
   *   `verdict` asks the verdict engine about a puzzle; `say` writes the caption; `watch` shows
   *   the solver's side again (the run at its step, or the puzzle); `changed` tells the page the
   *   game changed (the address bar follows).
   */
  constructor({ el, board, typing, session, edits, store, verdict, hint, say, watch, changed }) {
    this.hintOf = hint;
    /** The hint on screen: { key, code (the position it is from), answer, shown (levels) }. */
    this.hint = null;
    this.el = el;
    this.board = board;
    this.typing = typing;
    this.session = session;
    this.edits = edits;
    this.store = store;
    this.verdict = verdict;
    this.sayCaption = say;
    this.watch = watch;
    this.changed = changed;
    /** True while the learner plays (the board shows their game). */
    this.active = false;
    /** Pencil mode: a digit toggles a mark. */
    this.pencil = false;
    /** The games of this visit, puzzle key -> position (the store holds their text). */
    this.positions = new Map();
    /** The boxes Check marked, until the next move: { key, boxes: Set }. */
    this.marked = null;
    /** The puzzle key Check's answer on screen is about, or null. */
    this.checked = null;
    /** The verdict engine's answers, by puzzle key (a puzzle's solution does not change). */
    this.answers = new Map();
    /** A variant's peers as read for the parse they came with: { accepted, peers }. */
    this.peersOf = null;
    el.mode.addEventListener('click', () => (this.active ? this.leave() : this.enter()));
    el.pencil.addEventListener('click', () => this.setPencil(!this.pencil));
    el.fill.addEventListener('click', () => this.fill());
    el.check.addEventListener('click', () => this.check());
    el.hint.addEventListener('click', () => this.askHint());
    el.hintMore.addEventListener('click', () => this.#reveal());
    el.hintApply.addEventListener('click', () => this.applyHint());
    // Captured before the grid's typing (typing.js), which then leaves a handled key alone.
    board.root.addEventListener('keydown', (ev) => this.#key(ev), true);
    typing.pad.addEventListener('click', (ev) => this.#pad(ev), true);
    this.#sync();
  }

  /**
   * The puzzle on screen as play mode takes it: { key, givens (81 digits), diagonal, text,
   * puzzle, peers }, or null when it has not parsed or is not a grid of givens (a candidate
   * grid's pencil marks are no game's). A variant beyond diagonal Sudoku is played in its own
   * rules: `text` is the puzzle's as the page keeps it (its ISS string, which the verdict engine
   * and the hint read its constraints from; the key holds it too), `puzzle` its constraints,
   * drawn on the game, and `peers` the boxes each box sees in it (null until the facade said;
   * Fill in candidates asks); for Sudoku and diagonal Sudoku `text` is the givens' line and
   * `puzzle` and `peers` are null.
   */
  puzzle() {
    const s = this.session;
    if (!s.isAccepted) return null;
    const g = givensOfCandidates(s.accepted.initial);
    if (!g) return null;
    const givens = givensOf(s.accepted.initial);
    const line = g.map((x) => x || '.').join('');
    const { diagonal, puzzle } = s.accepted;
    if (!puzzle) return { key: `${diagonal ? 'd' : 's'}:${line}`, givens, diagonal, text: line, puzzle: null, peers: null };
    const peers = this.#peers(s.accepted);
    return { key: `v${diagonal ? 'd' : ''}:${line}:${s.accepted.text}`, givens, diagonal, text: s.accepted.text, puzzle, peers };
  }

  /** A variant's peers (position.js's readPeers of the facade's list), read once per parse. */
  #peers(accepted) {
    if (!accepted.peers) return null;
    if (this.peersOf?.accepted !== accepted) this.peersOf = { accepted, peers: readPeers(accepted.peers) };
    return this.peersOf.peers;
  }

  /** The learner's position in the puzzle `key`: this visit's, else the stored one, else empty. */
  positionOf(key) {
    const known = this.positions.get(key);
    if (known) return known;
    const text = this.store.get(key);
    if (text) {
      const { digits, marks } = splitCode(text);
      const read = decode(digits, marks, givensOfKey(key));
      if (read.position) {
        this.positions.set(key, read.position);
        return read.position;
      }
    }
    return emptyPosition();
  }

  /** Play it yourself: the game of the puzzle on screen, where the learner left it. */
  enter() {
    const p = this.puzzle();
    if (!p) {
      this.typing.say(this.session.input.text.trim()
        ? 'Play needs a puzzle of givens that parses: fix the puzzle first (a candidate grid has no game).'
        : 'Play needs a puzzle: pick or paste one first.');
      return false;
    }
    if (this.session.player) this.session.player.pause();
    this.active = true;
    this.#sync();
    this.refresh();
    const begun = encode(this.positionOf(p.key)) !== encode(emptyPosition());
    this.typing.say(begun ? 'Your game is where you left it.' : '');
    this.changed();
    return true;
  }

  /** Watch the solver: the solver's side again; the game is kept for when the learner comes back. */
  leave({ quiet = false } = {}) {
    if (!this.active) return;
    this.active = false;
    this.#forgetCheck();
    this.#sync();
    this.watch();
    if (!quiet) this.typing.say('Watching the solver. Your game is kept: Play it yourself goes back to it.');
    this.changed();
  }

  /**
   * Draws the game (when playing and the puzzle on screen is one), and the caption; Check's
   * answer goes once the puzzle is another. The `body` hooks `data-playable` (the puzzle on
   * screen has a game) and `data-game` (the puzzle key of the game drawn) are for tests.
   */
  refresh() {
    const p = this.puzzle();
    const body = document.body.dataset;
    body.playable = String(!!p);
    if (this.checked !== null && (!p || p.key !== this.checked)) this.#forgetCheck();
    if (this.hint && (!p || p.key !== this.hint.key)) this.#forgetHint();
    if (!this.active || !p) {
      delete body.game;
      return;
    }
    body.game = p.key;
    const cells = boardCells(this.positionOf(p.key), p.givens);
    const boxes = this.marked ? this.marked.boxes : null;
    let highlight = boxes && boxes.size ? { kind: 'backtrack', cause: boxes, unit: new Set(), removed: new Map(), placed: new Map(), restored: new Set() } : null;
    const h = this.hint;
    if (!highlight && h && h.key === p.key && h.answer.kind === 'step' && h.shown >= 3) highlight = stepHighlight(h.answer.step);
    this.board.draw({ ...cells, diagonal: DIAGONAL_BOXES, diagonalMode: p.diagonal, highlight, puzzle: p.puzzle });
    this.sayCaption('play', 'Your game', HELP);
  }

  /** What the share link holds of the game: its digits and marks while playing, else nothing. */
  linkPart() {
    if (!this.active) return {};
    const p = this.puzzle();
    if (!p) return {};
    const pos = this.positionOf(p.key);
    const { digits, marks } = splitCode(encode(pos));
    return { play: { digits, marks: noMarks(pos) ? '' : marks }, step: 0 };
  }

  /**
   * A link's game (url.js's `play`: { digits, marks }) for its puzzle `text` under `diagonal`:
   * the game becomes the puzzle's and play mode starts; a game that does not fit the puzzle is
   * not opened, and the page says why (as news under the board: the puzzle's first parse clears
   * the puzzle's errors there, and this is none). A variant's puzzle (its text not a line of 81
   * boxes) is parsed first: its game opens once the facade has read its givens and rules.
   */
  async openLink(text, diagonal, play) {
    const line = givensOfLine(text);
    if (line) {
      this.#openGame(`${diagonal ? 'd' : 's'}:${line.map((x) => x || '.').join('')}`, play);
      return;
    }
    const parsed = await this.session.parse();
    const { input } = this.session;
    if (input.text !== text || input.diagonal !== diagonal) return;
    const p = parsed.status === 'ok' ? this.puzzle() : null;
    if (p && p.puzzle) {
      this.#openGame(p.key, play);
      return;
    }
    this.leave({ quiet: true });
    this.typing.say("The link's game was not opened: a game goes with a puzzle of 81 boxes or a variant's.");
  }

  /** A link's game `play` opened as the game of the puzzle `key`, or why not said. */
  #openGame(key, play) {
    const read = decode(play.digits, play.marks, givensOfKey(key));
    if (read.error) {
      this.leave({ quiet: true });
      this.typing.say(`The link's game was not opened: ${read.error}.`);
      return;
    }
    this.#keep(key, read.position);
    if (this.session.player) this.session.player.pause();
    this.active = true;
    this.#sync();
    this.refresh();
    // The address bar carries the game again: a variant's game opens after its parse, once the
    // link without it was written.
    this.changed();
  }

  /** Undo or Redo of a move: the game `state.play` goes back (or forward) to `state.position`. */
  restore(state) {
    const { digits, marks } = splitCode(state.position);
    const read = decode(digits, marks, givensOfKey(state.play));
    if (!read.position) return;
    this.#keep(state.play, read.position);
    this.#forgetCheck();
    // The game is shown: a move undone is seen undone.
    if (!this.active) {
      if (this.session.player) this.session.player.pause();
      this.active = true;
      this.#sync();
    }
    this.refresh();
    this.changed();
  }

  /** Clear in play mode: the learner's digits and marks go (one move); true when playing. */
  clear() {
    if (!this.active) return false;
    const p = this.puzzle();
    if (!p) return true;
    if (this.#move(p, () => emptyPosition())) this.typing.say('Your digits and pencil marks are cleared. Undo (Ctrl+Z) brings them back.');
    return true;
  }

  setPencil(on) {
    this.pencil = !!on;
    this.#sync();
  }

  /**
   * Fill in candidates: every empty box's pencil marks, from the digits on the board (one move).
   * A variant's boxes see what its rules say (the facade's peers: a trace file opened has none
   * yet, and the puzzle is parsed for them first).
   */
  async fill() {
    let p = this.puzzle();
    if (!this.active || !p) return;
    if (p.puzzle && !p.peers) {
      await this.session.parse();
      const now = this.puzzle();
      if (!this.active || !now || now.key !== p.key || !now.peers) return;
      p = now;
    }
    if (this.#move(p, (pos) => fillMarks(pos, p.givens, p.diagonal, p.peers))) {
      this.typing.say('Every empty box has its candidates as pencil marks: prune them by hand (Pencil, then a digit). Undo takes them back.');
    }
  }

  /** A digit (1-9) or 0 (clear) on box `i`, as pen or pencil says (`mark`: a pencil mark whatever the mode). */
  input(i, d, { mark = this.pencil } = {}) {
    const p = this.puzzle();
    if (!p) return;
    if (p.givens[i]) {
      this.typing.say(`${boxName(i)} is a given: it stays ${p.givens[i]}.`);
      return;
    }
    const pos = this.positionOf(p.key);
    if (d === 0) {
      // Clears the digit; a box without one loses its pencil marks.
      if (pos.digits[i]) this.#move(p, (x) => place(x, i, 0));
      else if (pos.marks[i]) this.#move(p, (x) => ({ digits: x.digits, marks: Uint16Array.from(x.marks, (m, k) => (k === i ? 0 : m)) }));
      return;
    }
    if (mark) {
      if (pos.digits[i]) {
        this.typing.say(`${boxName(i)} holds your ${pos.digits[i]}: clear it first to keep pencil marks there.`);
        return;
      }
      this.#move(p, (x) => toggleMark(x, i, d));
    } else {
      if (pos.digits[i] === d) return;
      this.#move(p, (x) => place(x, i, d));
      const after = this.positionOf(p.key);
      this.typing.say(isFull(after, p.givens) ? 'Every box is filled: press Check to see whether your digits agree with the solution.' : '');
    }
  }

  /**
   * Check: the verdict engine's solution of the puzzle against the learner's digits and pencil
   * marks; the boxes that disagree are marked until the next move. Said in `el.result` (its
   * `data-check`: `right`, `solved`, `wrong`, `unknown`, or `asking`).
   */
  async check() {
    const p = this.puzzle();
    if (!this.active || !p) return;
    const result = this.el.result;
    let answer = this.answers.get(p.key);
    if (!answer) {
      this.#result('asking', 'Asking the verdict engine for the solution…');
      try {
        answer = await this.verdict(p.text, p.diagonal);
      } catch (e) {
        if (this.puzzle()?.key !== p.key) return;
        this.#result('unknown', e instanceof Cancelled ? 'Check was interrupted: press it again.' : `Check could not ask the verdict engine (${e.message}).`);
        return;
      }
      this.answers.set(p.key, answer);
    }
    const now = this.puzzle();
    if (!this.active || !now || now.key !== p.key) {
      if (result.dataset.check === 'asking') this.#result('', '');
      return;
    }
    this.checked = p.key;
    // Check's answer replaces any marks before it (a hint's mistakes too), even when it cannot judge.
    if (this.marked) {
      this.marked = null;
      this.refresh();
    }
    if (answer.verdict !== 'solved') {
      this.#result('unknown', answer.verdict === 'no_solution'
        ? 'This puzzle has no solution, so Check cannot judge your digits.'
        : 'The verdict engine stopped at its cap before finding a solution, so Check cannot judge your digits.');
      return;
    }
    if (answer.capped) {
      this.#result('unknown', 'The verdict engine found a solution but stopped at its cap before knowing whether it is the only one, so Check cannot judge your digits.');
      return;
    }
    if (answer.solutions > 1) {
      this.#result('unknown', 'This puzzle has more than one solution, so Check cannot judge your digits: a digit may be right in one solution and wrong in another.');
      return;
    }
    const solution = Uint8Array.from(String(answer.solution).replace(/[^1-9]/g, ''), Number);
    if (solution.length !== 81) {
      this.#result('unknown', 'The verdict engine gave no solution of 81 digits, so Check cannot judge.');
      return;
    }
    const pos = this.positionOf(p.key);
    const { wrong, missing, placed } = judge(pos, p.givens, solution);
    this.marked = wrong.length || missing.length ? { key: p.key, boxes: new Set([...wrong, ...missing]) } : null;
    this.refresh();
    const parts = [];
    if (wrong.length) parts.push(`${wrong.length} of your ${placed} digits ${wrong.length === 1 ? 'does' : 'do'} not agree with the solution: ${wrong.map(boxName).join(', ')} (marked).`);
    if (missing.length) parts.push(`Pencil marks in ${missing.map(boxName).join(', ')} have lost a digit the solution needs (marked).`);
    if (parts.length) {
      this.#result('wrong', parts.join(' '));
    } else if (isFull(pos, p.givens)) {
      this.#result('solved', 'Solved: every digit agrees with the solution. Well done!');
    } else {
      this.#result('right', placed
        ? `All ${placed} of your digits agree with the solution${noMarks(pos) ? '' : ', and no pencil mark the solution needs is gone'}.`
        : `You have placed no digit yet${noMarks(pos) ? '' : '; no pencil mark the solution needs is gone'}.`);
    }
  }

  #forgetCheck() {
    this.checked = null;
    this.marked = null;
    this.#result('', '');
    this.#forgetHint();
  }

  /**
   * Hint: the facade's answer from the learner's position. Mistakes come first (the hint would
   * be built on them): marked on the board as Check marks them; otherwise the first level.
   */
  async askHint() {
    const p = this.puzzle();
    if (!this.active || !p) return;
    const pos = this.positionOf(p.key);
    const code = encode(pos);
    this.#forgetCheck();
    // Check's marks leave the board now: an answer that is no step (stuck, solved) draws nothing.
    this.refresh();
    const el = this.el;
    el.hintPanel.hidden = false;
    this.#hintSay('Asking for the next step…');
    let answer;
    try {
      answer = await this.hintOf(positionText(pos, p.givens), { diagonal: p.diagonal, givens: p.text });
    } catch (e) {
      if (this.puzzle()?.key !== p.key) return;
      if (e.kind === 'conflict' && Array.isArray(e.boxes)) {
        // Two of the learner's digits, or one and a given, repeat a digit in a unit: a mistake
        // the parser names before any hint can be built.
        const boxes = e.boxes.map((b) => boxIndex(String(b))).filter((i) => !p.givens[i]);
        this.marked = { key: p.key, boxes: new Set(boxes) };
        this.checked = p.key;
        this.el.hintPanel.dataset.kind = 'mistakes';
        this.#hintSay(`Before any hint: ${e.boxes.join(' and ')} are both ${e.digit} in ${e.unit} (marked). Fix it first.`);
        this.refresh();
        return;
      }
      this.#hintSay(e instanceof Cancelled ? 'The hint was interrupted: press Hint again.' : `No hint: ${e.message}.`);
      return;
    }
    const now = this.puzzle();
    if (!this.active || !now || now.key !== p.key || encode(this.positionOf(p.key)) !== code) return;
    this.hint = { key: p.key, code, answer, shown: 0 };
    el.hintPanel.dataset.kind = answer.kind;
    if (answer.kind === 'mistakes') {
      const wrong = answer.wrong || [];
      const removed = answer.removed || [];
      const parts = [];
      if (wrong.length) parts.push(`${wrong.join(', ')} ${wrong.length === 1 ? 'holds a digit' : 'hold digits'} the solution does not put there`);
      if (removed.length) parts.push(`the pencil marks of ${removed.join(', ')} lost the digit the solution puts there`);
      this.marked = { key: p.key, boxes: new Set([...wrong, ...removed].map(boxIndex)) };
      this.checked = p.key;
      this.#hintSay(`Before any hint: ${parts.join('; ')} (marked). Fix ${wrong.length + removed.length === 1 ? 'it' : 'them'} first.`);
      this.refresh();
      return;
    }
    if (answer.kind !== 'step') {
      this.#hintSay(answer.kind === 'solved' ? 'Nothing left to hint: every box is filled.'
        : answer.kind === 'no_solution' ? 'This position has no solution, and the puzzle\'s givens do not tell which of your digits is wrong.'
          : 'No technique of the ladder applies here: the next step would be a guess.');
      return;
    }
    this.#hintSay('');
    this.#reveal();
  }

  /** The next level of the hint on screen (the third with Apply). */
  #reveal() {
    const h = this.hint;
    if (!h || h.answer.kind !== 'step' || h.shown >= 3) return;
    const levels = h.answer.levels || [];
    const li = document.createElement('li');
    li.textContent = String(levels[h.shown] ?? '');
    this.el.hintLevels.append(li);
    h.shown++;
    this.el.hintMore.hidden = h.shown >= 3;
    this.el.hintApply.hidden = h.shown < 3;
    if (h.shown >= 3) this.refresh();
  }

  /** Apply: the hint's step made on the learner's position, as one move (Undo takes it back). */
  applyHint() {
    const h = this.hint;
    const p = this.puzzle();
    if (!h || !p || h.key !== p.key || h.answer.kind !== 'step') return;
    const changes = h.answer.step.changes.map((c) => ({ box: boxIndex(String(c.box)), after: c.after }));
    this.#move(p, (pos) => applyStep(pos, p.givens, changes, h.answer.candidates));
    this.typing.say('The step is applied. Undo (Ctrl+Z) takes it back.');
  }

  #hintSay(text) {
    const s = this.el.hintStatus;
    if (s.textContent !== text) s.textContent = text;
  }

  #forgetHint() {
    if (!this.hint && this.el.hintPanel.hidden) return;
    this.hint = null;
    const el = this.el;
    el.hintPanel.hidden = true;
    delete el.hintPanel.dataset.kind;
    el.hintLevels.replaceChildren();
    el.hintMore.hidden = true;
    el.hintApply.hidden = true;
    this.#hintSay('');
  }

  #result(kind, text) {
    const r = this.el.result;
    r.dataset.check = kind;
    if (r.textContent !== text) r.textContent = text;
  }

  /** One move on the game of `p`: recorded for Undo, kept, drawn; false when it changed nothing. */
  #move(p, fn) {
    const before = this.positionOf(p.key);
    const after = fn(before);
    const a = encode(before);
    const b = encode(after);
    if (a === b) return false;
    this.#keep(p.key, after);
    this.edits.record({ play: p.key, position: a }, { play: p.key, position: b });
    this.#forgetCheck();
    this.refresh();
    this.changed();
    return true;
  }

  #keep(key, position) {
    this.positions.set(key, position);
    const text = encode(position);
    this.store.put(key, text === encode(emptyPosition()) ? null : text);
  }

  #key(ev) {
    if (!this.active || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const i = this.typing.boxes.indexOf(ev.target);
    if (i < 0) return;
    if (ev.key === 'p' || ev.key === 'P') {
      ev.preventDefault();
      this.setPencil(!this.pencil);
      this.typing.say(this.pencil ? 'Pencil: a digit toggles a pencil mark.' : 'Pen: a digit is placed.');
      return;
    }
    // Space would start the solver's animation: in a game it does nothing on the grid.
    if (ev.key === ' ') {
      ev.preventDefault();
      return;
    }
    // Shift with a digit key: a pencil mark, whatever the keyboard layout makes of the key.
    const code = /^(?:Digit|Numpad)([1-9])$/.exec(ev.code || '');
    if (ev.shiftKey && code) {
      ev.preventDefault();
      this.input(i, Number(code[1]), { mark: true });
      return;
    }
    const action = keyEdit(ev.key);
    if (!action || action.move) return;
    ev.preventDefault();
    this.input(i, action.set ? Number(action.set) : 0);
  }

  #pad(ev) {
    if (!this.active) return;
    const b = ev.target.closest && ev.target.closest('button[data-digit]');
    if (!b) return;
    ev.stopPropagation();
    if (!this.typing.selected) {
      this.typing.say('Select a box first: tap it, then a digit.');
      return;
    }
    const i = this.typing.active;
    this.input(i, b.dataset.digit ? Number(b.dataset.digit) : 0);
    this.typing.boxes[i].focus();
  }

  #sync() {
    const { mode, tools, pencil } = this.el;
    // Its name says what it does (no aria-pressed: a toggle's name would not change).
    mode.textContent = this.active ? 'Watch the solver' : 'Play it yourself';
    tools.hidden = !this.active;
    pencil.setAttribute('aria-pressed', String(this.pencil));
    // The help under the board says what typing does in this mode.
    this.el.help.hidden = !this.active;
    this.el.gridHelp.hidden = this.active;
    this.board.root.setAttribute('aria-describedby', this.active ? this.el.help.id : this.el.gridHelp.id);
    document.body.dataset.mode = this.active ? 'play' : 'watch';
    document.body.dataset.pencil = String(this.pencil);
  }
}

/** A puzzle key's givens (81 digits, 0 for none): the 81 characters after the rule (store.js). */
function givensOfKey(key) {
  const at = key.indexOf(':') + 1;
  return Uint8Array.from(key.slice(at, at + 81), (c) => (c === '.' ? 0 : Number(c)));
}

/**
 * The board's highlight of a hint's step: its boxes as its cause, its removals and placements,
 * and its chain or its branches (a forcing step's). Exported for the page's tests.
 */
export function stepHighlight(step) {
  const cause = new Set();
  for (const b of step.boxes || []) cause.add(boxIndex(String(b)));
  const removed = new Map();
  const placed = new Map();
  for (const c of step.changes || []) {
    const i = boxIndex(String(c.box));
    const gone = c.before & ~c.after;
    if (gone) removed.set(i, gone);
    if (c.after && !(c.after & (c.after - 1))) placed.set(i, c.after);
  }
  // A chain step's chain, or a forcing step's branches, drawn as a solve's are (board/chain.js,
  // explain.js's branchNet); their nodes are its cause.
  const forcing = forcingOfText(step.forcing);
  const chain = forcing ? forcing.chains.map(branchNet) : chainOfNodes(step.chainNodes);
  for (const c of chain ? (Array.isArray(chain) ? chain : [chain]) : []) for (const n of c.nodes) for (const b of n.boxes || [n.box]) cause.add(boxIndex(b));
  return { kind: 'hint', cause, unit: new Set(), removed, placed, restored: new Set(), chain };
}
