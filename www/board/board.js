// The board: the 9x9 grid of boxes, built once with createElement, then updated in place, box by
// box, only where something changed. Draws are batched per animation frame: many state changes
// between two frames cost one draw. This file keeps each box's state and its DOM hooks; what the
// learner sees is drawn on a canvas by canvas.js, from that state.
//
// Every box is `[data-box="A1"]` with `data-value` (its digit once placed, else empty),
// `data-candidates` (its candidates, as text: "2379") and `data-count` (how many) as stable hooks
// for scripts and tests, each written only when it changes; the classes `given`, `solved`, `empty`,
// `mine` (a digit of the learner's, in play mode), `pencil` (the learner's pencil marks) and the
// highlights (`.in-unit`, `.cause`, ...); the `.value` span (its digit) and the `.mark` spans
// (`.has` a candidate, `.gone` struck out on its step), not rendered (display: none); and an
// aria-label, which screen readers read. No style rule names any of them, so a draw restyles
// and lays out nothing: styling them restyled, laid out and repainted the boxes every frame,
// most of a frame's rendering work while playing fast or scrubbing (bench/web/browser.js). The
// heat map shades boxes by `data-heat`, written only while it is on (see setHeatmap). A box's
// candidates come and are kept as a 9-bit mask (www/trace/digits.js); text is made only for the hooks
// and the aria-label.

import { BOXES } from '../trace/replay.js';
import { count, digitsText } from '../trace/digits.js';
import { BoardCanvas } from './canvas.js';
import { BoardChain } from './chain.js';
import { BoardConstraints } from './constraints.js';
import { BoardMotion } from './motion.js';
import {
  HIGHLIGHTS, DIAG, UNIT, CAUSE, PLACED, CHANGED, RESTORED, GUESS, CONFLICT, CLEAR, boxFill, boxRing,
} from './look.js';

/** A box's index by its name. */
const BOX_INDEX = new Map(BOXES.map((b, i) => [b, i]));
const boxIndexOf = (name) => BOX_INDEX.get(name);

/**
 * Draws closer together than FAST_MS (more than 20 a second) make the board fast: no transitions
 * or animations. It stays fast while draws keep coming within SLOW_MS, so a late frame does not
 * restart every animation.
 */
export const FAST_MS = 50;
export const SLOW_MS = 250;

export class Board {
  /**
   * @param {HTMLElement} root an empty element to hold the board
   * @param {{ rules?: HTMLElement, branchesAfter?: HTMLElement }} options `rules`: where the
   *   puzzle's rules line goes; `branchesAfter`: the element a forcing step's branch picker
   *   follows (the board itself by default)
   */
  constructor(root, { rules = null, branchesAfter = null } = {}) {
    this.root = root;
    root.classList.add('board');
    root.setAttribute('role', 'grid');
    root.setAttribute('aria-label', 'Sudoku grid');
    this.boxes = [];
    this.marks = [];
    this.values = [];
    // Each box as drawn (canvas.js reads it).
    this.state = {
      cand: new Int16Array(81).fill(-1), // the candidates (mask) each box was last drawn with (-1: never)
      given: new Array(81).fill(null),
      mine: new Array(81).fill(false), // the digit is the learner's (play mode)
      pencil: new Array(81).fill(false), // the box shows the learner's pencil marks, however many
      markState: Array.from({ length: 81 }, () => new Array(9).fill(0)),
      lit: new Array(81).fill(-1), // highlight bits (-1: never drawn)
      ring: new Int8Array(81), // RINGS index
      fill: new Int8Array(81).fill(-1), // FILLS index drawn (or fading in)
      shown: Array.from({ length: 81 }, () => CLEAR), // the fill on screen, premultiplied
      pops: new Map(), // box -> { start, scale, opacity }: placed digits popping in
      hidden: new Array(81).fill(true), // no marks drawn in the box (solved, given, unset)
      heat: false, // the heat map is on
      labelled: new Set(), // boxes with a corner label (a cage's sum): marks drawn below it
    };
    this.drawnRemoved = new Int16Array(81).fill(-1); // the struck-out marks drawn (mask)
    this.heatDrawn = new Array(81).fill(''); // each box's data-heat
    this.flags = new Int8Array(81); // each box's given, solved, empty classes as bits (none at first)
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
    // The puzzle's constraints (cages, regions, windows, diagonals) and its rules line.
    this.constraints = new BoardConstraints(root, rules);
    this.layer = new BoardCanvas(root, this.boxes, this.state);
    // A step's chain (chain.js), over everything.
    this.chain = new BoardChain(root, branchesAfter || root);
    // Over the boxes, under the constraints; the chain on top.
    root.append(this.layer.canvas, this.constraints.svg, this.chain.svg);
    this.motion = new BoardMotion(this.state, this.layer);
    if (typeof matchMedia === 'function') {
      // The mark colours come from style.css's custom properties, which follow the colour scheme.
      matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => this.#measure());
      matchMedia('(forced-colors: active)').addEventListener?.('change', () => this.#measure());
      // And its pixels follow the device's (a window moved to another screen keeps its CSS size).
      const watchPixels = () => matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`)
        .addEventListener?.('change', () => {
          this.#measure();
          watchPixels();
        }, { once: true });
      watchPixels();
    }
    this.pending = null;
    this.frame = null;
    this.lastDraw = -Infinity;
    this.fast = false;
    // Digit sizes follow the box size through one custom property (cheaper than container
    // query units, which make every box a container).
    const fit = () => {
      root.style.setProperty('--cell', `${root.clientWidth / 9}px`);
      this.#measure();
    };
    fit();
    if (typeof ResizeObserver === 'function') new ResizeObserver(fit).observe(root);
  }

  /** Measures the canvas again (a resize, a colour scheme or pixel density changed) and repaints. */
  #measure() {
    if (!this.layer.measure()) return;
    this.motion.resetFills();
    this.layer.paint(null);
    const dpr = this.layer.dpr;
    const areas = this.layer.geometry.map((g) => ({ x: g.x / dpr, y: g.y / dpr, w: g.w / dpr, h: g.h / dpr }));
    this.chain.measure(areas, this.root.clientWidth, this.root.clientHeight);
  }

  /**
   * Shades boxes by their candidate count (`.board.heatmap`); its marks are drawn darker. The
   * shade is the box's background, by `data-heat` (style.css), written only while the heat map is
   * on: a rule naming `data-count` (or `.solved`, `.given`, `.empty`) restyled every box whose
   * count changed, on every frame, with the heat map off too.
   */
  setHeatmap(on) {
    this.root.classList.toggle('heatmap', !!on);
    this.state.heat = !!on;
    for (let i = 0; i < 81; i++) {
      if (this.state.heat) this.#heatOf(i);
      else if (this.heatDrawn[i] !== '') {
        this.heatDrawn[i] = '';
        delete this.boxes[i].dataset.heat;
      }
    }
    this.layer.paint(null);
  }

  /** Box i's data-heat: its candidate count, unless given, solved or empty (plain). */
  #heatOf(i) {
    const cand = this.state.cand[i];
    const heat = cand >= 0 && count(cand) > 1 && !this.state.given[i] ? String(count(cand)) : '';
    if (this.heatDrawn[i] === heat) return;
    this.heatDrawn[i] = heat;
    if (heat) this.boxes[i].dataset.heat = heat;
    else delete this.boxes[i].dataset.heat;
  }

  /**
   * Schedules a draw of `view` at the next animation frame; the latest view wins.
   * view: { cells: the 81 boxes' candidates (masks), givens: boolean[81], diagonal: Set<number>,
   *         diagonalMode: boolean, highlight: ReturnType<explainStep> | null, position?: number,
   *         mine?: boolean[81], pencil?: boolean[81], puzzle?: object | null }
   * `puzzle`: a variant's constraints, the shape of a trace's `puzzle` (constraints.js).
   * In play mode (www/play/), `mine` marks the learner's digits (drawn in their own style) and
   * `pencil` the boxes whose mask is the learner's pencil marks: drawn as marks whatever their
   * count, one mark included, and none left blank.
   * A highlight with a `chain` has it drawn (chain.js).
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

  /** Draws the scheduled view now, if there is one (from inside another animation frame). */
  flush() {
    if (this.frame === null) return;
    cancelAnimationFrame(this.frame);
    this.frame = null;
    const v = this.pending;
    this.pending = null;
    if (v) this.drawNow(v);
  }

  drawNow({ cells, givens, diagonal, diagonalMode, highlight, position, mine: mines = null, pencil: pencils = null, puzzle = null }) {
    // Drawn now: a draw scheduled for the next frame is superseded.
    if (this.frame !== null) {
      cancelAnimationFrame(this.frame);
      this.frame = null;
    }
    this.pending = null;
    this.root.classList.toggle('diagonal-mode', !!diagonalMode);
    if (this.constraints.draw(puzzle, !!diagonalMode)) {
      this.state.labelled = this.constraints.labelled;
      this.layer.paint(null);
    }
    // Quick draws (playing fast, scrubbing, a held arrow key) drop the board's transitions and
    // animations (style.css, `.board.fast`; the fills' and marks' fades here): each would outlive
    // its step, and repainting them every frame halved the frame rate (bench/web/browser.js).
    const now = performance.now();
    const gap = now - this.lastDraw;
    const first = this.lastDraw === -Infinity;
    this.fast = gap < FAST_MS || (!!this.fast && gap < SLOW_MS);
    this.root.classList.toggle('fast', this.fast);
    this.lastDraw = now;
    const h = highlight;
    // Removed candidates stay on screen, struck out, while their step is the current one. The
    // view of a position is the same however it was reached (stepping, scrubbing, a link).
    const showRemoved = !!h;
    const repaint = []; // boxes whose marks or ring changed
    const marked = new Uint8Array(81); // in repaint
    const gone = []; // boxes with struck-out marks
    const filled = []; // boxes whose fill changed at once
    for (let i = 0; i < 81; i++) {
      const box = this.boxes[i];
      const cand = cells[i];
      const removed = showRemoved ? h.removed.get(i) || 0 : 0;
      const given = !!givens[i];
      const pencil = !!(pencils && pencils[i]);
      const mine = !!(mines && mines[i]);
      const solved = !pencil && count(cand) === 1;
      if (this.state.cand[i] !== cand || this.drawnRemoved[i] !== removed || this.state.given[i] !== given
        || this.state.pencil[i] !== pencil || this.state.mine[i] !== mine) {
        const before = this.state.cand[i];
        const wasSolved = before >= 0 && count(before) === 1 && !this.state.pencil[i];
        const valueChanged = (solved ? cand : 0) !== (wasSolved ? before : 0) || this.state.given[i] !== given || this.state.mine[i] !== mine;
        this.state.cand[i] = cand;
        this.drawnRemoved[i] = removed;
        this.state.given[i] = given;
        this.state.pencil[i] = pencil;
        this.state.mine[i] = mine;
        // Hooks, each written only when it changes (a DOM write costs even when equal).
        const value = solved ? digitsText(cand) : '';
        if (valueChanged || before < 0) {
          box.dataset.value = value;
          if (this.values[i].textContent !== value) this.values[i].textContent = value;
        }
        if (before !== cand) {
          box.dataset.candidates = digitsText(cand);
          // The candidate count: a hook (and the heat map's shade, through data-heat).
          if (before < 0 || count(before) !== count(cand)) box.dataset.count = String(count(cand));
        }
        // The classes are hooks, unstyled (no rule names them, so writing them restyles nothing).
        const flags = (given ? 1 : 0) | (solved && !given ? 2 : 0) | (cand === 0 && !pencil ? 4 : 0) | (mine ? 8 : 0) | (pencil ? 16 : 0);
        const wasFlags = this.flags[i];
        if (flags !== wasFlags) {
          this.flags[i] = flags;
          if ((flags ^ wasFlags) & 1) box.classList.toggle('given', given);
          if ((flags ^ wasFlags) & 2) box.classList.toggle('solved', solved && !given);
          if ((flags ^ wasFlags) & 4) box.classList.toggle('empty', cand === 0 && !pencil);
          if ((flags ^ wasFlags) & 8) box.classList.toggle('mine', mine);
          if ((flags ^ wasFlags) & 16) box.classList.toggle('pencil', pencil);
        }
        if (this.state.heat) this.#heatOf(i);
        const marks = this.marks[i];
        const was = this.state.markState[i];
        const have = solved ? 0 : cand;
        const struck = removed;
        let changed = false;
        for (let d = 0; d < 9; d++) {
          // 0 hidden, 1 a candidate, 2 struck out: only the marks that change are touched.
          const state = (struck >> d) & 1 ? 2 : (have >> d) & 1;
          if (was[d] === state) continue;
          was[d] = state;
          changed = true;
          marks[d].className = state === 2 ? 'mark gone' : state === 1 ? 'mark has' : 'mark';
        }
        // A solved or given box shows its digit and no marks, struck out or not.
        const hide = solved || given;
        if (changed || hide !== this.state.hidden[i] || valueChanged) {
          this.state.hidden[i] = hide;
          if (!marked[i]) {
            marked[i] = 1;
            repaint.push(i);
          }
        }
        if (removed && !hide) gone.push(i);
        // A given is said as one (it is drawn bold, in ink), so typing over it is no surprise.
        if (before !== cand || valueChanged || (flags ^ wasFlags) & 16) {
          const text = digitsText(cand);
          let said;
          if (given) said = `given ${text}`;
          else if (mine) said = `your digit ${text}`;
          else if (pencil) said = cand ? `your pencil marks ${text}` : 'empty';
          else said = solved ? text : cand ? `candidates ${text}` : 'no candidates';
          box.setAttribute('aria-label', `${BOXES[i]}: ${said}`);
        }
      }
      // The highlights as bits, so that a box whose highlights did not change is not touched.
      let hl = diagonalMode && diagonal.has(i) ? DIAG : 0;
      if (h) {
        const cause = h.cause.has(i);
        const restored = h.restored.has(i);
        hl |= (h.unit.has(i) ? UNIT : 0) | (cause ? CAUSE : 0) | (h.placed.has(i) ? PLACED : 0)
          | (h.removed.has(i) || restored ? CHANGED : 0) | (restored ? RESTORED : 0)
          | (h.kind === 'guess' && cause ? GUESS : 0) | (h.kind === 'backtrack' && cause ? CONFLICT : 0);
      }
      const lit = this.state.lit[i];
      if (lit !== hl) {
        // The classes are hooks for scripts and tests, unstyled: all of it is drawn on the
        // canvas (the digit's colour too).
        const cls = box.classList;
        const diff = lit < 0 ? 255 : lit ^ hl;
        for (let k = 0; k < 8; k++) if (diff & (1 << k)) cls.toggle(HIGHLIGHTS[k], (hl & (1 << k)) !== 0);
        this.state.lit[i] = hl;
        const ring = boxRing(hl);
        // A placed digit pops in (style.css's `pop` animation did), unless quick or reduced.
        const pop = (hl & PLACED) !== 0 && solved && !given;
        if (pop && (lit < 0 || !(lit & PLACED)) && !this.fast && !this.motion.reduced) this.motion.pop(i, now);
        else if (!pop) this.motion.unpop(i);
        if (ring !== this.state.ring[i] || (solved && diff & (PLACED | GUESS))) {
          this.state.ring[i] = ring;
          if (!marked[i]) {
            marked[i] = 1;
            repaint.push(i);
          }
        }
      }
      const fill = boxFill(hl, cand === 0 && !pencil);
      if (fill !== this.state.fill[i] && this.motion.setFill(i, fill, now, !this.fast && !first)) filled.push(i);
    }
    const mark = (i) => {
      if (!marked[i]) {
        marked[i] = 1;
        repaint.push(i);
      }
    };
    for (const i of filled) mark(i);
    this.motion.settle(this.fast, marked, mark);
    if (repaint.length) this.layer.paint(repaint);
    if (!this.fast && !this.motion.reduced) this.motion.fadeMarks(gone, now);
    this.motion.schedule();
    this.chain.show(h && h.chain ? h.chain : null, boxIndexOf);
    const kind = h ? h.kind : '';
    if (this.root.dataset.step !== kind) this.root.dataset.step = kind;
    // The position now on screen (a hook for tests: the board draws a frame after a move).
    if (position === undefined) delete this.root.dataset.position;
    else this.root.dataset.position = String(position);
  }
}
