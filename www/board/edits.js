// Undo, Redo and Clear of the puzzle's edits. An edit is the whole puzzle as the user sees it:
// its text, Diagonal Sudoku and the strategies. Every edit (a box typed on the grid, typing in the
// text box, a sample, a checkbox toggled, Clear, a link opened, a trace opened) is recorded here
// as the input before and after it; Undo and Redo (the buttons, or Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y
// anywhere but in a text field, which keeps its own undo) hand the session the whole input to go
// back or forward to, and the page shows it: the text, the checkboxes and the address bar.
// A move in play mode (www/play/) is recorded in the same history, as the learner's position
// before and after it (`{ play, position }`), so Undo and Redo walk the puzzle's edits and the
// learner's moves in the order they were made; PuzzleEdits hands those back to `restore`.
// EditHistory, the history itself, sameInput and sameState are pure and DOM-free.

/** Typing in the text box within this long of its last edit is one step of undo. */
export const MERGE_MS = 1000;

/**
 * True when two inputs are the same puzzle as the user sees it: the same text, Diagonal Sudoku
 * on or off alike, and the same strategies in the same (ladder) order.
 */
export function sameInput(a, b) {
  return a.text === b.text && a.diagonal === b.diagonal && a.strategies.length === b.strategies.length && a.strategies.every((s, k) => s === b.strategies[k]);
}

/**
 * True when two states of the history are the same: two inputs (sameInput), or two positions of
 * play mode (`{ play: the puzzle's key, position: its text }`) of the same puzzle.
 */
export function sameState(a, b) {
  if ('play' in a || 'play' in b) return a.play === b.play && a.position === b.position;
  return sameInput(a, b);
}

/**
 * The undo and redo history of the puzzle: each entry is one edit, the whole input before and
 * after it (`{ text, diagonal, strategies }`), so Undo gives back the rule and the strategies
 * with the text, or one move of play mode, the learner's position before and after it. Edits of the same `group` (typing in the text box) within MERGE_MS are one entry.
 */
export class EditHistory {
  constructor({ limit = 500, now = () => Date.now() } = {}) {
    this.limit = limit;
    this.now = now;
    this.done = [];
    this.undone = [];
  }

  /** An edit from state `before` to state `after` (nothing when they are the same). */
  record(before, after, group = null) {
    if (sameState(before, after)) return;
    const t = this.now();
    const last = this.done[this.done.length - 1];
    this.undone = [];
    if (group && last && last.group === group && t - last.at <= MERGE_MS && sameState(last.after, before)) {
      last.after = after;
      last.at = t;
      if (sameState(last.before, last.after)) this.done.pop();
      return;
    }
    this.done.push({ before, after, group, at: t });
    if (this.done.length > this.limit) this.done.shift();
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  /** The input to go back to, or null when there is nothing to undo. */
  undo() {
    const e = this.done.pop();
    if (!e) return null;
    this.undone.push(e);
    return e.before;
  }

  /** The input to go forward to again, or null when there is nothing to redo. */
  redo() {
    const e = this.undone.pop();
    if (!e) return null;
    e.group = null; // a redone edit is its own step: typing after it does not merge into it
    this.done.push(e);
    return e.after;
  }
}

/** The page's Undo, Redo and Clear over an EditHistory, told to the session. */
export class PuzzleEdits {
  /**
   * @param {{ session: import('../app/session.js').Session, undo: HTMLButtonElement, redo: HTMLButtonElement,
   *           clear: HTMLButtonElement, say: (text: string) => void, history?: EditHistory,
   *           keys?: EventTarget, restore?: (state: { play: string, position: string }) => void,
   *           clearing?: () => boolean }} options
   *   `say` puts a message under the board; `keys` hears the undo keys (the document);
   *   `restore` is handed a play mode position Undo or Redo goes back or forward to; `clearing`
   *   is asked first when Clear is pressed, and true means it cleared something itself (the
   *   learner's digits in play mode).
   */
  constructor({ session, undo, redo, clear, say, history = new EditHistory(), keys = globalThis.document, restore = () => {}, clearing = () => false }) {
    this.session = session;
    this.buttons = { undo, redo };
    this.say = say;
    this.history = history;
    this.restore = restore;
    this.clearing = clearing;
    undo.addEventListener('click', () => this.step(false));
    redo.addEventListener('click', () => this.step(true));
    clear.addEventListener('click', () => {
      if (this.clearing()) return;
      if (!session.input.text) return;
      this.edit({ text: '' });
      say('The grid is empty. Undo (Ctrl+Z) brings the puzzle back.');
    });
    keys.addEventListener('keydown', (ev) => {
      if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
      const t = ev.target;
      const tag = t && t.tagName;
      if (tag === 'TEXTAREA' || (tag === 'INPUT' && t.type !== 'checkbox' && t.type !== 'file') || (t && t.isContentEditable)) return;
      const key = ev.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      ev.preventDefault();
      this.step(key === 'y' || ev.shiftKey);
    });
    this.#sync();
  }

  /**
   * A new input, `changes` over the current one (any of text, diagonal, strategies): recorded as
   * one edit and handed to the session, which parses it at once unless `now` is false (typing).
   * `group`: typing in the text box, merged into one edit while it goes on.
   */
  edit(changes, { group = null, now = true } = {}) {
    const before = this.session.input;
    this.session.edit(changes, { now });
    this.record(before, this.session.input, group);
  }

  /**
   * Records an edit the session made itself (a trace opened): the inputs before and after; or a
   * move of play mode: the positions before and after (`{ play, position }`).
   */
  record(before, after, group = null) {
    this.history.record(before, after, group);
    this.#sync();
  }

  /** Undo (or Redo, with `redo`): the whole input (or play position) before (or after) the edit. */
  step(redo) {
    const state = redo ? this.history.redo() : this.history.undo();
    this.#sync();
    if (state === null) return;
    if ('play' in state) this.restore(state);
    else this.session.edit(state, { now: true });
  }

  #sync() {
    this.buttons.undo.disabled = !this.history.canUndo;
    this.buttons.redo.disabled = !this.history.canRedo;
  }
}
