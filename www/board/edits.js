// Undo, Redo and Clear of the puzzle's edits. Every edit of the puzzle's text (a box typed on the
// grid, typing in the text box, a sample, Clear, a trace opened) is recorded here before it goes
// to the session; Undo and Redo (the buttons, or Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y anywhere but in a
// text field, which keeps its own undo) hand the session the text to go back or forward to.
// EditHistory, the history itself, is pure and DOM-free.

/** Typing in the text box within this long of its last edit is one step of undo. */
export const MERGE_MS = 1000;

/**
 * The undo and redo history of the puzzle's text: each entry is one edit, the text before and
 * after. Edits of the same `group` (typing in the text box) within MERGE_MS are one entry.
 */
export class EditHistory {
  constructor({ limit = 500, now = () => Date.now() } = {}) {
    this.limit = limit;
    this.now = now;
    this.done = [];
    this.undone = [];
  }

  /** An edit from `before` to `after` (nothing when they are equal). */
  record(before, after, group = null) {
    if (before === after) return;
    const t = this.now();
    const last = this.done[this.done.length - 1];
    this.undone = [];
    if (group && last && last.group === group && t - last.at <= MERGE_MS && last.after === before) {
      last.after = after;
      last.at = t;
      if (last.before === last.after) this.done.pop();
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

  /** The text to go back to, or null when there is nothing to undo. */
  undo() {
    const e = this.done.pop();
    if (!e) return null;
    this.undone.push(e);
    return e.before;
  }

  /** The text to go forward to again, or null when there is nothing to redo. */
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
   *           clear: HTMLButtonElement, changed: () => void, say: (text: string) => void,
   *           history?: EditHistory }} options
   *   `changed` is told before the text is replaced (so the sample menu stops naming it); `say`
   *   puts a message under the board.
   */
  constructor({ session, undo, redo, clear, changed, say, history = new EditHistory() }) {
    this.session = session;
    this.buttons = { undo, redo };
    this.changed = changed;
    this.say = say;
    this.history = history;
    undo.addEventListener('click', () => this.step(false));
    redo.addEventListener('click', () => this.step(true));
    clear.addEventListener('click', () => {
      if (!session.input.text) return;
      this.edit('');
      say('The grid is empty. Undo (Ctrl+Z) brings the puzzle back.');
    });
    document.addEventListener('keydown', (ev) => {
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

  /** The puzzle's text replaced by `text` (the grid, Clear): recorded, and parsed at once. */
  edit(text) {
    this.record(this.session.input.text, text);
    this.changed();
    this.session.edit({ text }, { now: true });
  }

  /** Records an edit made elsewhere (`group`: typing in the text box, merged while it goes on). */
  record(before, after, group = null) {
    this.history.record(before, after, group);
    this.#sync();
  }

  /** Undo (or Redo, with `redo`). */
  step(redo) {
    const text = redo ? this.history.redo() : this.history.undo();
    this.#sync();
    if (text === null) return;
    this.changed();
    this.session.edit({ text }, { now: true });
  }

  #sync() {
    this.buttons.undo.disabled = !this.history.canUndo;
    this.buttons.redo.disabled = !this.history.canRedo;
  }
}
