// Typing a puzzle on the grid. Each box (`[data-box]`) is focusable, one at a time in the Tab
// order (the grid is one stop; the arrow keys move inside it); a ring drawn over the board shows
// the box in focus, which is also the box the why panel explains (dashed once the focus leaves).
// A digit 1-9 typed on a box sets it as a given, 0 . Backspace or Delete clears it; on a phone the
// digit pad under the board does the same to the box selected (none until one is). An edit is
// not applied here: the new puzzle text goes to `edit` (main.js hands it to the session, as
// typing in the text box does), and the board is drawn from the session's answer.

import { BOXES, boxIndex } from '../trace/replay.js';
import { givensOfLine, givensOfCandidates, lineOf, candidatesOf, keyEdit, moveFrom } from './givens.js';

export class GridTyping {
  /**
   * @param {{ board: import('./board.js').Board, pad: HTMLElement, status: HTMLElement,
   *           puzzle: () => { text: string, accepted: { initial: masks } | null, last: object | null },
   *           edit: (text: string) => void, select: (box: number) => void,
   *           draw: (puzzle: { initial: masks, diagonal: boolean }, marked: Set<number>) => void }} options
   *   `puzzle` gives the current text, its candidates if the parser accepted that text, and the
   *   last puzzle it accepted (`last`); `select` is told the box in focus (a click, a tap or an
   *   arrow key); `draw` shows a puzzle with no run, `marked` boxes as a conflict.
   */
  constructor({ board, pad, status, puzzle, edit, select, draw }) {
    this.board = board;
    this.draw = draw;
    this.boxes = board.boxes;
    this.pad = pad;
    this.status = status;
    this.puzzle = puzzle;
    this.edit = edit;
    this.select = select;
    this.active = 0;
    /** True once a box has been selected (focused): until then the digit pad has none to set. */
    this.selected = false;
    const root = board.root;
    this.ring = document.createElement('div');
    this.ring.className = 'focus-ring';
    this.ring.hidden = true;
    this.ring.setAttribute('aria-hidden', 'true');
    root.append(this.ring);
    this.boxes.forEach((box, i) => {
      box.tabIndex = i === 0 ? 0 : -1;
    });
    root.setAttribute('aria-describedby', 'grid-help');
    root.addEventListener('focusin', (ev) => {
      const i = this.boxes.indexOf(ev.target);
      if (i >= 0) this.#focused(i);
    });
    // Focus gone elsewhere (the why panel, say): the ring stays, dashed, on the box selected.
    root.addEventListener('focusout', () => this.ring.classList.add('idle'));
    root.addEventListener('keydown', (ev) => this.#key(ev));
    for (const b of pad.querySelectorAll('button[data-digit]')) {
      b.addEventListener('click', () => {
        // No box chosen yet: nothing is written (A1 may hold a given).
        if (!this.selected) {
          this.say('Select a box first: tap it, then a digit.');
          return;
        }
        this.set(this.active, b.dataset.digit);
        this.boxes[this.active].focus();
      });
    }
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.#placeRing()).observe(root);
  }

  /** The givens of the current puzzle, or { error } when the grid cannot edit it. */
  givens() {
    const { text, accepted } = this.puzzle();
    if (!text.trim()) return { givens: new Array(81).fill('') };
    const line = givensOfLine(text);
    if (line) return { givens: line };
    if (!accepted) return { error: 'The text above does not parse yet: fix it there, or press Clear to start an empty grid.' };
    if (accepted.puzzle) return { error: 'This puzzle has constraints beyond Sudoku’s: edit its givens in the text above (the grid writes a plain Sudoku line, which would drop them).' };
    const givens = givensOfCandidates(accepted.initial);
    if (!givens) return { error: 'This puzzle is a candidate grid: edit it in the text above (the grid holds givens only, and would drop its pencil marks).' };
    return { givens };
  }

  /**
   * The puzzle drawn with no run: as typed when the text is one line of boxes (a conflict
   * included, so no edit is ever hidden) or empty; `error` (the facade's, when the text does not
   * parse) marks the boxes it names, from its data. Another text is drawn as the parser accepted
   * it (by the session's `parsed`), with the error's boxes marked on the last accepted puzzle.
   */
  show(input, error = null) {
    const givens = input.text.trim() ? givensOfLine(input.text) : new Array(81).fill('');
    const marked = new Set();
    for (const b of error && Array.isArray(error.boxes) ? error.boxes : []) {
      try {
        marked.add(boxIndex(String(b)));
      } catch {
        // A box the page does not know is not marked; the message still names it.
      }
    }
    const last = this.puzzle().last;
    if (givens) this.draw({ initial: candidatesOf(givens), diagonal: input.diagonal }, marked);
    else if (last && marked.size) this.draw(last, marked);
  }

  /** Sets box `i` to `digit` ('' clears it) through `edit`, saying what happened in the status. */
  set(i, digit) {
    const { givens, error } = this.givens();
    if (error) {
      this.say(error);
      return;
    }
    const was = givens[i];
    if (was === digit) return;
    givens[i] = digit;
    if (was && digit) this.say(`${BOXES[i]} was ${was}, now ${digit}. Undo (Ctrl+Z) puts ${was} back.`);
    else if (was) this.say(`${BOXES[i]} cleared (was ${was}). Undo (Ctrl+Z) puts it back.`);
    else this.say('');
    this.edit(lineOf(givens));
  }

  /** A message under the board (a polite status); `error` styles it as one. */
  say(text, { error = false } = {}) {
    if (this.status.textContent !== text) this.status.textContent = text;
    this.status.classList.toggle('error', error);
  }

  /** Clears the message under the board if it is an error (the puzzle parses again). */
  clearError() {
    if (this.status.classList.contains('error')) this.say('');
  }

  /** Box `i` in focus, or the box kept in focus when the grid is entered again. */
  focus(i) {
    this.boxes[i].focus();
  }

  /**
   * Focuses a box the parser's `error` names (the box selected, if it is one of them) when the
   * grid shows the text as typed, a line of boxes; says whether it did.
   */
  focusNamed(error) {
    if (!error || !Array.isArray(error.boxes) || !givensOfLine(this.puzzle().text)) return false;
    const named = [];
    for (const b of error.boxes) {
      try {
        named.push(boxIndex(String(b)));
      } catch {
        // A box the page does not know is not focused.
      }
    }
    if (!named.length) return false;
    this.focus(named.includes(this.active) ? this.active : named[0]);
    return true;
  }

  #focused(i) {
    this.selected = true;
    if (this.active !== i) {
      this.boxes[this.active].tabIndex = -1;
      this.boxes[i].tabIndex = 0;
      this.active = i;
    }
    this.ring.hidden = false;
    this.ring.classList.remove('idle');
    this.#placeRing();
    this.select(i);
  }

  #placeRing() {
    if (this.ring.hidden) return;
    const box = this.boxes[this.active];
    const s = this.ring.style;
    s.left = `${box.offsetLeft}px`;
    s.top = `${box.offsetTop}px`;
    s.width = `${box.offsetWidth}px`;
    s.height = `${box.offsetHeight}px`;
  }

  #key(ev) {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const i = this.boxes.indexOf(ev.target);
    if (i < 0) return;
    const action = keyEdit(ev.key);
    if (!action) return;
    ev.preventDefault();
    if (action.move) this.focus(moveFrom(i, action.move));
    else this.set(i, action.set);
  }
}
