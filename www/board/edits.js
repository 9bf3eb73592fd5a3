// Undo, Redo and Clear of the puzzle's edits. Every edit of the puzzle's text (a box typed on the
// grid, typing in the text box, a sample, Clear, a trace opened) is recorded here before it goes
// to the session; Undo and Redo (the buttons, or Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y anywhere but in a
// text field, which keeps its own undo) hand the session the text to go back or forward to.

import { EditHistory } from './givens.js';

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
