// Rendering: the 9x9 board, built once with createElement, then updated in place.
// Draws are batched per animation frame: many state changes between two frames cost one draw.
// Every box is `[data-box="A1"]` with `data-value` (its digit once placed, else empty) and
// `data-candidates` (its candidates) as stable hooks for scripts and tests, and `data-count`
// (how many candidates) for the heat map.

import { BOXES } from './replay.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Draws closer together than FAST_MS (more than 20 a second) make the board fast: no transitions
 * or animations. It stays fast while draws keep coming within SLOW_MS, so a late frame does not
 * restart every animation.
 */
export const FAST_MS = 50;
export const SLOW_MS = 250;

/** A box's highlight classes, in the order of the bits drawNow computes. */
const HIGHLIGHTS = ['diag', 'in-unit', 'cause', 'placed', 'changed', 'restored', 'guess-box', 'conflict'];

export class Board {
  /** @param {HTMLElement} root an empty element to hold the board */
  constructor(root) {
    this.root = root;
    root.classList.add('board');
    root.setAttribute('role', 'grid');
    root.setAttribute('aria-label', 'Sudoku grid');
    this.boxes = [];
    this.marks = [];
    this.values = [];
    this.drawn = new Array(81).fill(null);
    this.markState = Array.from({ length: 81 }, () => new Array(9).fill(0));
    this.lit = new Array(81).fill(-1);
    for (let r = 0; r < 9; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < 9; c++) {
        const i = r * 9 + c;
        const box = document.createElement('div');
        box.className = 'box';
        box.dataset.box = BOXES[i];
        box.dataset.value = '';
        box.setAttribute('role', 'gridcell');
        if (c % 3 === 2 && c < 8) box.classList.add('edge-right');
        if (r % 3 === 2 && r < 8) box.classList.add('edge-bottom');
        const value = document.createElement('span');
        value.className = 'value';
        const marks = document.createElement('span');
        marks.className = 'marks';
        const ms = [];
        for (let d = 1; d <= 9; d++) {
          const m = document.createElement('span');
          m.className = 'mark';
          m.dataset.digit = String(d);
          // The digit is always there; classes only show or hide it, so an update never
          // changes text and never costs a layout.
          m.textContent = String(d);
          marks.append(m);
          ms.push(m);
        }
        box.append(value, marks);
        row.append(box);
        this.boxes.push(box);
        this.values.push(value);
        this.marks.push(ms);
      }
      root.append(row);
    }
    this.overlay = document.createElementNS(SVG, 'svg');
    this.overlay.setAttribute('class', 'diagonals');
    this.overlay.setAttribute('viewBox', '0 0 9 9');
    this.overlay.setAttribute('preserveAspectRatio', 'none');
    this.overlay.setAttribute('aria-hidden', 'true');
    for (const [x1, y1, x2, y2] of [[0, 0, 9, 9], [9, 0, 0, 9]]) {
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('x1', x1);
      line.setAttribute('y1', y1);
      line.setAttribute('x2', x2);
      line.setAttribute('y2', y2);
      this.overlay.append(line);
    }
    root.append(this.overlay);
    this.pending = null;
    this.frame = null;
    this.lastDraw = -Infinity;
    this.fast = false;
    // Digit sizes follow the box size through one custom property (cheaper than container
    // query units, which make every box a container).
    const fit = () => root.style.setProperty('--cell', `${root.clientWidth / 9}px`);
    fit();
    if (typeof ResizeObserver === 'function') new ResizeObserver(fit).observe(root);
  }

  /**
   * Schedules a draw of `view` at the next animation frame; the latest view wins.
   * view: { cells: string[81], givens: boolean[81], diagonal: Set<number>, diagonalMode: boolean,
   *         highlight: ReturnType<explainStep> | null, position?: number }
   */
  draw(view) {
    this.pending = view;
    if (this.frame === null) {
      this.frame = requestAnimationFrame(() => {
        this.frame = null;
        const v = this.pending;
        this.pending = null;
        if (v) this.drawNow(v);
      });
    }
  }

  drawNow({ cells, givens, diagonal, diagonalMode, highlight, position }) {
    this.root.classList.toggle('diagonal-mode', !!diagonalMode);
    // Quick draws (playing fast, scrubbing, a held arrow key) drop the board's transitions and
    // animations (style.css, `.board.fast`): each would outlive its step, and repainting them
    // every frame halved the frame rate (e2e/bench-browser.js).
    const now = performance.now();
    const gap = now - this.lastDraw;
    this.fast = gap < FAST_MS || (!!this.fast && gap < SLOW_MS);
    this.root.classList.toggle('fast', this.fast);
    this.lastDraw = now;
    const h = highlight;
    // Removed candidates stay on screen, struck out, while their step is the current one. The
    // view of a position is the same however it was reached (stepping, scrubbing, a link).
    const showRemoved = !!h;
    for (let i = 0; i < 81; i++) {
      const box = this.boxes[i];
      const cand = cells[i];
      const removed = showRemoved ? h.removed.get(i) || '' : '';
      const solved = cand.length === 1;
      const key = `${cand}|${removed}|${givens[i] ? 1 : 0}`;
      if (this.drawn[i] !== key) {
        this.drawn[i] = key;
        box.dataset.value = solved ? cand : '';
        box.dataset.candidates = cand;
        // The candidate count, for the heat map (`.board.heatmap` in style.css).
        box.dataset.count = String(cand.length);
        box.classList.toggle('given', !!givens[i]);
        box.classList.toggle('solved', solved && !givens[i]);
        box.classList.toggle('empty', cand.length === 0);
        if (this.values[i].textContent !== (solved ? cand : '')) this.values[i].textContent = solved ? cand : '';
        const marks = this.marks[i];
        const was = this.markState[i];
        for (let d = 0; d < 9; d++) {
          const digit = String(d + 1);
          const gone = removed.includes(digit);
          // 0 hidden, 1 a candidate, 2 struck out: only the marks that change are touched.
          const state = gone ? 2 : !solved && cand.includes(digit) ? 1 : 0;
          if (was[d] === state) continue;
          was[d] = state;
          marks[d].className = state === 2 ? 'mark gone' : state === 1 ? 'mark has' : 'mark';
        }
        box.setAttribute('aria-label', `${BOXES[i]}: ${solved ? cand : cand ? `candidates ${cand}` : 'no candidates'}`);
      }
      // The highlights as bits, so that a box whose highlights did not change is not touched.
      let hl = diagonalMode && diagonal.has(i) ? 1 : 0;
      if (h) {
        const cause = h.cause.has(i);
        const restored = h.restored.has(i);
        hl |= (h.unit.has(i) ? 2 : 0) | (cause ? 4 : 0) | (h.placed.has(i) ? 8 : 0)
          | (h.removed.has(i) || restored ? 16 : 0) | (restored ? 32 : 0)
          | (h.kind === 'guess' && cause ? 64 : 0) | (h.kind === 'backtrack' && cause ? 128 : 0);
      }
      if (this.lit[i] !== hl) {
        const cls = box.classList;
        HIGHLIGHTS.forEach((name, k) => cls.toggle(name, (hl & (1 << k)) !== 0));
        this.lit[i] = hl;
      }
    }
    this.root.dataset.step = h ? h.kind : '';
    // The position now on screen (a hook for tests: the board draws a frame after a move).
    if (position === undefined) delete this.root.dataset.position;
    else this.root.dataset.position = String(position);
  }
}
