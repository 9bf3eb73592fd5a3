// Puzzles as other sites share them: f-puzzles JSON, f-puzzles and SudokuPad links, ISS strings.
// The page reads none of it: the facade (openPuzzle, through the worker) tells a shared form from
// a grid, repairs what chat did to a link and gives the text the page keeps (the givens' line and
// rule for Sudoku and diagonal Sudoku, the ISS string of any other variant), or an error saying
// what is wrong (a constraint Propagate does not know by name, a link cut short, a cage or box;
// the parse of the text in the box shows it, since the facade's parse reads shared forms too).
// Here: a shared puzzle pasted, typed or dropped (a .json file on the text box) is put in the
// box as that text (an edit: Undo gives back what was pasted); `?load=` and `?fpuzzles=` in the
// address open one; Export to f-puzzles gives a link that opens the puzzle on screen there.

import { Cancelled } from './solver.js';
import { MAX_INPUT_BYTES } from './input-size.js';

/** The address parameters that carry f-puzzles data, with the prefix the facade reads them by. */
const PARAMETERS = [['load', 'https://www.f-puzzles.com/?load='], ['fpuzzles', 'fpuzzles']];

/**
 * The shared puzzle `search` (an address's query) carries, as text the facade reads, or null.
 * `+` is kept as it was written: URLSearchParams would read it as a space.
 */
export function addressPuzzle(search) {
  const query = String(search || '').replace(/^\?/, '');
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const found = PARAMETERS.find(([name]) => name === key);
    if (found && eq >= 0) return found[1] + part.slice(eq + 1);
  }
  return null;
}

/** The query `search` without the parameters that carry a puzzle ('' when nothing is left). */
export function withoutPuzzle(search) {
  const parts = String(search || '').replace(/^\?/, '').split('&')
    .filter((p) => p && !PARAMETERS.some(([name]) => p === name || p.startsWith(`${name}=`)));
  return parts.length ? `?${parts.join('&')}` : '';
}

export class SharedPuzzles {
  /**
   * @param {{ solver: { openPuzzle: Function, exportPuzzle: Function }, input: HTMLTextAreaElement,
   *           button: HTMLButtonElement, link: HTMLAnchorElement, status: HTMLElement,
   *           edit: (input: {text: string, diagonal?: boolean}) => void,
   *           current: () => ({text: string, diagonal: boolean} | null) }} options
   */
  constructor({ solver, input, button, link, status, edit, current }) {
    this.solver = solver;
    this.input = input;
    this.button = button;
    this.link = link;
    this.status = status;
    this.edit = edit;
    this.current = current;
    /** Counts the texts asked about: only the answer for the latest is used. */
    this.asked = 0;
  }

  wire() {
    this.input.addEventListener('input', () => this.open(this.input.value));
    this.input.addEventListener('dragover', (e) => {
      if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault();
    });
    this.input.addEventListener('drop', (e) => {
      const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
      if (!file) return;
      e.preventDefault();
      this.openFile(file);
    });
    this.button.addEventListener('click', () => this.exportLink());
  }

  /** Opens the puzzle of the address's `?load=` or `?fpuzzles=`, and takes it out of the address. */
  fromAddress(loc = location, history = window.history) {
    const text = addressPuzzle(loc.search);
    if (text === null) return;
    history.replaceState(history.state, '', `${loc.pathname}${withoutPuzzle(loc.search)}${loc.hash}`);
    this.edit({ text });
    this.open(text);
  }

  /** A file dropped on the text box: its text, if it is not over the parser's cap, as if pasted. */
  async openFile(file) {
    if (file.size > MAX_INPUT_BYTES) {
      this.say(`The file ${file.name} is ${file.size} bytes: a puzzle is at most ${MAX_INPUT_BYTES}.`);
      return;
    }
    const text = await file.text();
    this.edit({ text });
    this.open(text);
  }

  /**
   * Asks the facade whether `text` is a shared puzzle; if it is one it opens, the text it keeps
   * and its rule replace the text (an edit). A refusal is the parse's to show; a text changed
   * meanwhile wins.
   */
  async open(text) {
    const asked = ++this.asked;
    let opened;
    try {
      opened = await this.solver.openPuzzle(text);
    } catch (e) {
      if (!(e instanceof Cancelled) && asked === this.asked) this.say('');
      return;
    }
    if (asked !== this.asked) return;
    if (!opened) {
      this.say('');
      return;
    }
    const by = [opened.title, opened.author && `by ${opened.author}`].filter(Boolean).join(' ');
    this.say(by ? `Opened ${by}.` : 'Opened the shared puzzle.');
    this.edit({ text: opened.text, diagonal: opened.diagonal });
  }

  /** Export to f-puzzles: the link of the puzzle on screen, shown to be opened, or why not. */
  async exportLink() {
    const puzzle = this.current();
    this.link.hidden = true;
    if (!puzzle || !puzzle.text.trim()) {
      this.say('There is no puzzle to export: paste or pick one first.');
      return;
    }
    try {
      this.link.href = await this.solver.exportPuzzle(puzzle.text, puzzle.diagonal);
      this.link.hidden = false;
      this.say('');
    } catch (e) {
      if (!(e instanceof Cancelled)) this.say(e.message);
    }
  }

  say(text) {
    this.status.textContent = text;
  }
}
