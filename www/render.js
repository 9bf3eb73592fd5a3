// Rendering: the 9x9 board, built once with createElement, then updated in place.
// Draws are batched per animation frame: many state changes between two frames cost one draw.
// Every box is `[data-box="A1"]` with `data-value` (its digit once placed, else empty) and
// `data-candidates` (its candidates) as stable hooks for scripts and tests, and `data-count`
// (how many candidates) for the heat map.
//
// The pencil marks (up to 729 digits) are drawn on one canvas over the boxes, not as elements:
// as 9 spans a box, restyling, laying out and painting the marks that changed was about a third
// of a frame's work while playing fast or scrubbing (e2e/bench-browser.js). The spans are still
// there, `.mark` (`.has` a candidate, `.gone` struck out on its step) inside a `.marks` that is
// not rendered (display: none, so they cost no style, layout or paint): hooks for scripts and
// tests. Screen readers read each box's aria-label, as before.

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
    this.hidden = new Array(81).fill(true); // no marks drawn in the box (solved, given, unset)
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
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'marks-layer';
    this.canvas.setAttribute('aria-hidden', 'true');
    // Over the boxes, under the diagonals (as the marks inside the boxes were).
    root.append(this.canvas, this.overlay);
    this.ctx = this.canvas.getContext('2d');
    this.heat = false;
    this.geometry = null; // per box: the marks' area in canvas pixels, from #measure
    this.fades = []; // { start, boxes }: struck-out marks fading (see #fade)
    this.fadeFrame = null;
    this.reduceMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
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

  /** Shades boxes by their candidate count (`.board.heatmap`); its marks are drawn darker. */
  setHeatmap(on) {
    this.root.classList.toggle('heatmap', !!on);
    this.heat = !!on;
    this.#paintMarks(null);
  }

  /**
   * Reads where each box's marks go (after a resize or a change of colour scheme) and draws the
   * digits once into a sprite sheet: a 3x3 grid inset 6% in each box's padding box, as the
   * `.marks` grid was, each digit the size of `.mark` in style.css.
   */
  #measure() {
    const root = this.root;
    const w = root.clientWidth;
    const h = root.clientHeight;
    if (!this.ctx || !w || !h) return;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.dpr = dpr;
    this.geometry = this.boxes.map((box) => {
      const x = box.offsetLeft + box.clientLeft;
      const y = box.offsetTop + box.clientTop;
      const cw = box.clientWidth;
      const ch = box.clientHeight;
      return { x: (x + cw * 0.06) * dpr, y: (y + ch * 0.06) * dpr, w: cw * 0.88 * dpr, h: ch * 0.88 * dpr };
    });
    const css = getComputedStyle(root);
    const colour = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
    const font = css.fontFamily || 'sans-serif';
    const px = (w / 9) * 0.26 * dpr;
    // Tile: one mark's cell, whole device pixels; rows: candidate, candidate on the heat map,
    // struck out.
    const g = this.geometry[0];
    const tw = Math.ceil(g.w / 3);
    const th = Math.ceil(g.h / 3);
    const sheet = document.createElement('canvas');
    sheet.width = tw * 9;
    sheet.height = th * 3;
    const sc = sheet.getContext('2d');
    sc.textAlign = 'center';
    sc.textBaseline = 'middle';
    const styles = [
      { colour: colour('--mark', '#7b8394'), weight: 400 },
      { colour: colour('--ink', '#1d2330'), weight: 400 },
      { colour: colour('--removed', '#d1495b'), weight: 700, strike: true },
    ];
    styles.forEach((st, row) => {
      sc.font = `${st.weight} ${px}px ${font}`;
      sc.fillStyle = st.colour;
      sc.strokeStyle = st.colour;
      for (let d = 0; d < 9; d++) {
        const cx = d * tw + tw / 2;
        const cy = row * th + th / 2;
        sc.fillText(String(d + 1), cx, cy);
        if (st.strike) {
          const half = sc.measureText(String(d + 1)).width / 2 + 0.5 * dpr;
          sc.lineWidth = 2 * dpr;
          sc.beginPath();
          sc.moveTo(cx - half, cy);
          sc.lineTo(cx + half, cy);
          sc.stroke();
        }
      }
    });
    this.sheet = { canvas: sheet, tw, th };
    this.#paintMarks(null);
  }

  /** Draws the marks of the boxes in `which` (all for null) from this.markState. */
  #paintMarks(which, alpha = 1) {
    const ctx = this.ctx;
    if (!ctx || !this.geometry || !this.sheet) return;
    const { canvas: sheet, tw, th } = this.sheet;
    const all = which === null;
    if (all) ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const n = all ? 81 : which.length;
    for (let k = 0; k < n; k++) {
      const i = all ? k : which[k];
      const g = this.geometry[i];
      const x0 = Math.floor(g.x);
      const y0 = Math.floor(g.y);
      if (!all) ctx.clearRect(x0, y0, Math.ceil(g.w) + 1, Math.ceil(g.h) + 1);
      if (this.hidden[i]) continue;
      const state = this.markState[i];
      for (let d = 0; d < 9; d++) {
        if (state[d] === 0) continue;
        const row = state[d] === 2 ? 2 : this.heat ? 1 : 0;
        // Each digit centred in its third of the area, on whole device pixels.
        const dx = Math.round(g.x + ((d % 3) + 0.5) * (g.w / 3) - tw / 2);
        const dy = Math.round(g.y + (Math.floor(d / 3) + 0.5) * (g.h / 3) - th / 2);
        if (state[d] === 2 && alpha !== 1) ctx.globalAlpha = alpha;
        ctx.drawImage(sheet, d * tw, row * th, tw, th, dx, dy, tw, th);
        ctx.globalAlpha = 1;
      }
    }
  }

  /**
   * Struck-out marks fade to 0.4 over 900 ms, holding for the first 45% (as the CSS animation
   * `fade-out` did), when the board is not fast and motion is not reduced.
   */
  #fade(now) {
    this.fadeFrame = null;
    for (const f of this.fades) {
      const t = (now - f.start) / 900;
      const p = Math.min(1, Math.max(0, (t - 0.45) / 0.55));
      this.#paintMarks(f.boxes, 1 - 0.6 * p * p);
      f.done = t >= 1;
    }
    this.fades = this.fades.filter((f) => !f.done);
    if (this.fades.length) this.fadeFrame = requestAnimationFrame((t) => this.#fade(t));
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

  /** Draws the scheduled view now, if there is one (from inside another animation frame). */
  flush() {
    if (this.frame === null) return;
    cancelAnimationFrame(this.frame);
    this.frame = null;
    const v = this.pending;
    this.pending = null;
    if (v) this.drawNow(v);
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
    const repaint = []; // boxes whose marks changed
    const gone = []; // of those, the ones with struck-out marks
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
        let changed = false;
        for (let d = 0; d < 9; d++) {
          const digit = String(d + 1);
          const isGone = removed.includes(digit);
          // 0 hidden, 1 a candidate, 2 struck out: only the marks that change are touched.
          const state = isGone ? 2 : !solved && cand.includes(digit) ? 1 : 0;
          if (was[d] === state) continue;
          was[d] = state;
          changed = true;
          marks[d].className = state === 2 ? 'mark gone' : state === 1 ? 'mark has' : 'mark';
        }
        // A solved or given box shows its digit and no marks, struck out or not.
        const hide = solved || !!givens[i];
        if (changed || hide !== this.hidden[i]) {
          this.hidden[i] = hide;
          if (!repaint.includes(i)) repaint.push(i);
        }
        if (removed && !hide) gone.push(i);
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
    if (this.fades.length) {
      // A box drawn again leaves its fade; a fast board stops fading (as `.board.fast` stopped
      // the CSS animation), its struck-out marks opaque.
      for (const f of this.fades) f.boxes = f.boxes.filter((i) => !repaint.includes(i));
      if (this.fast) for (const f of this.fades) repaint.push(...f.boxes);
      this.fades = this.fast ? [] : this.fades.filter((f) => f.boxes.length);
    }
    if (repaint.length) this.#paintMarks(repaint);
    if (gone.length && !this.fast && !(this.reduceMotion && this.reduceMotion.matches)) {
      this.fades.push({ start: now, boxes: gone });
    }
    if (this.fades.length && this.fadeFrame === null) this.fadeFrame = requestAnimationFrame((t) => this.#fade(t));
    this.root.dataset.step = h ? h.kind : '';
    // The position now on screen (a hook for tests: the board draws a frame after a move).
    if (position === undefined) delete this.root.dataset.position;
    else this.root.dataset.position = String(position);
  }
}
