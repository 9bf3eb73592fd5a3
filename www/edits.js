// Undo, Redo and Clear of the puzzle's edits. An edit is the whole puzzle as the user sees it:
// its text, Diagonal Sudoku and the strategies. Every edit (a box typed on the grid, typing in the
// text box, a sample, a checkbox toggled, Clear, a link opened, a trace opened) is recorded here
// as the input before and after it; Undo and Redo (the buttons, or Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y
// anywhere but in a text field, which keeps its own undo) hand the session the whole input to go
// back or forward to, and the page shows it: the text, the checkboxes and the address bar.

import { EditHistory } from './entry.js';

export class PuzzleEdits {
  /**
   * @param {{ session: import('./session.js').Session, undo: HTMLButtonElement, redo: HTMLButtonElement,
   *           clear: HTMLButtonElement, say: (text: string) => void, history?: EditHistory,
   *           keys?: EventTarget }} options
   *   `say` puts a message under the board; `keys` hears the undo keys (the document).
   */
  constructor({ session, undo, redo, clear, say, history = new EditHistory(), keys = globalThis.document }) {
    this.session = session;
    this.buttons = { undo, redo };
    this.say = say;
    this.history = history;
    undo.addEventListener('click', () => this.step(false));
    redo.addEventListener('click', () => this.step(true));
    clear.addEventListener('click', () => {
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

  /** Records an edit the session made itself (a trace opened): the inputs before and after. */
  record(before, after, group = null) {
    this.history.record(before, after, group);
    this.#sync();
  }

  /** Undo (or Redo, with `redo`): the whole input before (or after) the edit. */
  step(redo) {
    const input = redo ? this.history.redo() : this.history.undo();
    this.#sync();
    if (input === null) return;
    this.session.edit(input, { now: true });
  }

  #sync() {
    this.buttons.undo.disabled = !this.history.canUndo;
    this.buttons.redo.disabled = !this.history.canRedo;
  }
}
