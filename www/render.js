// Rendering: the 9x9 board, built once with createElement, then updated in place.
// Draws are batched per animation frame: many state changes between two frames cost one draw.
// Every box is `[data-box="A1"]` with `data-value` (its digit once placed, else empty),
// `data-candidates` (its candidates) and `data-count` (how many) as stable hooks for scripts and
// tests, each written only when it changes. No style rule names them (nor the boxes' classes):
// the heat map shades boxes by `data-heat`, written only while it is on (see setHeatmap).
//
// The pencil marks (up to 729 digits) are drawn on one canvas over the boxes, not as elements:
// as 9 spans a box, restyling, laying out and painting the marks that changed was about a third
// of a frame's work while playing fast or scrubbing (e2e/bench-browser.js). The spans are still
// there, `.mark` (`.has` a candidate, `.gone` struck out on its step) inside a `.marks` that is
// not rendered (display: none, so they cost no style, layout or paint): hooks for scripts and
// tests. Screen readers read each box's aria-label, as before. A row of a box's three marks is
// one draw, from a sheet of every combination (27 per row; see #measure).
//
// The step's highlights and the boxes' digits are drawn on the same canvas: each box's fill (unit,
// cause, changed, placed, restored, guess, conflict, diagonal, empty) on its padding box, its ring
// (and a conflict's dashed border), its digit (popping in when placed). The boxes still get the
// highlight classes
// (`.in-unit`, `.cause`, ...) as hooks, but style.css no longer styles them: toggling them on a
// few dozen boxes a frame restyled, laid out and repainted those boxes, and a digit's text laid
// out its box: most of a frame's rendering work while playing fast or scrubbing
// (e2e/bench-browser.js). The `.value` spans keep the digit, unrendered, like the marks.

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
const DIAG = 1;
const UNIT = 2;
const CAUSE = 4;
const PLACED = 8;
const CHANGED = 16;
const RESTORED = 32;
const GUESS = 64;
const CONFLICT = 128;

/**
 * The custom properties (style.css) of a box's fill, by the index boxFill returns: none, then
 * diagonal, unit, cause, changed, placed, restored, guess, conflict, empty.
 */
export const FILLS = [null, '--diag', '--unit', '--cause', '--changed-bg', '--placed-bg', '--restored', '--guess-bg', '--conflict-bg', '--conflict-bg'];
/** The custom properties of a box's ring (inset 3px), by the index boxRing returns (0: none). */
export const RINGS = [null, '--cause-ring', '--placed', '--guess', '--backtrack'];

/**
 * A box's fill, as an index into FILLS, from its highlight bits: the one the box's classes chose
 * when they were styled (the later rule won: empty over conflict over guess over restored over
 * placed over changed over cause over unit over diagonal).
 */
export function boxFill(hl, empty) {
  if (empty) return 9;
  if (hl & CONFLICT) return 8;
  if (hl & GUESS) return 7;
  if (hl & RESTORED) return 6;
  if (hl & PLACED) return 5;
  if (hl & CHANGED) return 4;
  if (hl & CAUSE) return 3;
  if (hl & UNIT) return 2;
  if (hl & DIAG) return 1;
  return 0;
}

/** A box's ring, as an index into RINGS (a conflict's is also dashed inside). */
export function boxRing(hl) {
  if (hl & CONFLICT) return 4;
  if (hl & GUESS) return 3;
  if (hl & PLACED) return 2;
  if (hl & CAUSE) return 1;
  return 0;
}

/** CSS's cubic-bezier(x1, y1, x2, y2) at time t in 0..1. */
export function cubicBezier(x1, y1, x2, y2, t) {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const bx = (u) => 3 * u * (1 - u) * (1 - u) * x1 + 3 * u * u * (1 - u) * x2 + u * u * u;
  const by = (u) => 3 * u * (1 - u) * (1 - u) * y1 + 3 * u * u * (1 - u) * y2 + u * u * u;
  // Bisection on x(u) = t: monotonic, 20 halvings is far below a pixel's worth of colour.
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 20; k++) {
    const mid = (lo + hi) / 2;
    if (bx(mid) < t) lo = mid;
    else hi = mid;
  }
  return by((lo + hi) / 2);
}

/** CSS's `ease`. */
export const ease = (t) => cubicBezier(0.25, 0.1, 0.25, 1, t);

/** How long a placed digit pops (style.css's `pop` animation, which this replaces). */
export const POP_MS = 380;

/**
 * The placed digit's scale and opacity `ms` into its pop: @keyframes pop { 0% { scale 0.4,
 * opacity 0 } 70% { scale 1.15, opacity 1 } 100% { scale 1 } } with ease-out on each stretch.
 */
export function popAt(ms) {
  const t = ms / POP_MS;
  const out = (x) => cubicBezier(0, 0, 0.58, 1, x);
  if (t >= 1) return { scale: 1, opacity: 1 };
  if (t < 0.7) {
    const p = out(Math.max(0, t) / 0.7);
    return { scale: 0.4 + 0.75 * p, opacity: p };
  }
  const p = out((t - 0.7) / 0.3);
  return { scale: 1.15 - 0.15 * p, opacity: 1 };
}

/**
 * Colours as [r, g, b, a] with r, g, b premultiplied by a (0..255, a 0..1), mixed at p in 0..1,
 * as CSS transitions mix colours.
 */
export function mix(from, to, p) {
  return [0, 1, 2, 3].map((k) => from[k] + (to[k] - from[k]) * p);
}

/** A premultiplied colour as a canvas fill style, or null when it is transparent. */
export function fillStyle(c) {
  const a = c[3];
  if (a <= 0.002) return null;
  const ch = (k) => Math.max(0, Math.min(255, Math.round(c[k] / a)));
  return `rgba(${ch(0)}, ${ch(1)}, ${ch(2)}, ${Math.min(1, a).toFixed(3)})`;
}

/** How long a box's fill takes to change (the `.box` transition it replaces). */
export const FILL_MS = 160;
const CLEAR = [0, 0, 0, 0];

const masks = new Map();
/** The digits of a candidate string ("149") as bits (digit d is bit d - 1), cached. */
export function maskOf(text) {
  let m = masks.get(text);
  if (m === undefined) {
    m = 0;
    for (let k = 0; k < text.length; k++) {
      const d = text.charCodeAt(k) - 49;
      if (d >= 0 && d < 9) m |= 1 << d;
    }
    if (masks.size > 4096) masks.clear();
    masks.set(text, m);
  }
  return m;
}

/**
 * The marks of one row of a box's 3x3 (digits 3r + 1 .. 3r + 3) as one number, 0..26: each
 * mark's state (0 hidden, 1 a candidate, 2 struck out) in base 3, the row's first digit lowest.
 * The marks layer draws a row of marks as one image, from a sheet of all 27 (see #measure).
 */
export function rowCode(state, r) {
  return state[3 * r] + 3 * state[3 * r + 1] + 9 * state[3 * r + 2];
}

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
    this.drawnCand = new Array(81).fill(null); // what each box was last drawn with
    this.drawnRemoved = new Array(81).fill(null);
    this.drawnGiven = new Array(81).fill(null);
    this.markState = Array.from({ length: 81 }, () => new Array(9).fill(0));
    this.lit = new Array(81).fill(-1);
    this.ring = new Int8Array(81); // RINGS index drawn on the marks layer
    this.fill = new Int8Array(81).fill(-1); // FILLS index drawn (or fading in) on the fill layer
    this.shown = Array.from({ length: 81 }, () => CLEAR); // the fill on screen, premultiplied
    this.fillFades = new Map(); // box -> { from, to, start }: fills changing (see #animate)
    this.pops = new Map(); // box -> { start, scale, opacity }: placed digits popping in
    this.hidden = new Array(81).fill(true); // no marks drawn in the box (solved, given, unset)
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
    this.fades = []; // { start, boxes }: struck-out marks fading (see #animate)
    this.fadeFrame = null;
    this.reduceMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
    this.forced = typeof matchMedia === 'function' ? matchMedia('(forced-colors: active)') : null;
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

  /**
   * Shades boxes by their candidate count (`.board.heatmap`); its marks are drawn darker. The
   * shade is the box's background, by `data-heat` (style.css), written only while the heat map is
   * on: a rule naming `data-count` (or `.solved`, `.given`, `.empty`) restyled every box whose
   * count changed, on every frame, with the heat map off too.
   */
  setHeatmap(on) {
    this.root.classList.toggle('heatmap', !!on);
    this.heat = !!on;
    for (let i = 0; i < 81; i++) {
      if (this.heat) this.#heatOf(i);
      else if (this.heatDrawn[i] !== '') {
        this.heatDrawn[i] = '';
        delete this.boxes[i].dataset.heat;
      }
    }
    this.#paintMarks(null);
  }

  /** Box i's data-heat: its candidate count, unless given, solved or empty (plain). */
  #heatOf(i) {
    const cand = this.drawnCand[i];
    const heat = cand && cand.length > 1 && !this.drawnGiven[i] ? String(cand.length) : '';
    if (this.heatDrawn[i] === heat) return;
    this.heatDrawn[i] = heat;
    if (heat) this.boxes[i].dataset.heat = heat;
    else delete this.boxes[i].dataset.heat;
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
    const at = root.getBoundingClientRect();
    this.geometry = this.boxes.map((box) => {
      const r = box.getBoundingClientRect();
      const x = box.offsetLeft + box.clientLeft;
      const y = box.offsetTop + box.clientTop;
      const cw = box.clientWidth;
      const ch = box.clientHeight;
      return {
        // The marks' area.
        x: (x + cw * 0.06) * dpr, y: (y + ch * 0.06) * dpr, w: cw * 0.88 * dpr, h: ch * 0.88 * dpr,
        // The padding box, as the browser snapped it to pixels (offset* and client* are
        // snapped): the box's fill, ring, digit and marks, all inside its borders.
        px0: Math.round(x * dpr),
        py0: Math.round(y * dpr),
        px1: Math.round((x + cw) * dpr),
        py1: Math.round((y + ch) * dpr),
        // The padding box unsnapped, where the digit is centred.
        fx: (r.left - at.left - root.clientLeft + box.clientLeft) * dpr,
        fy: (r.top - at.top - root.clientTop + box.clientTop) * dpr,
        fw: (r.width - (box.offsetWidth - cw)) * dpr,
        fh: (r.height - (box.offsetHeight - ch)) * dpr,
      };
    });
    const css = getComputedStyle(root);
    const colour = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
    // The fills and rings, from the same custom properties the boxes' classes used (so they follow
    // the colour scheme). Under forced colours the browser dropped those backgrounds and
    // box-shadows; on the canvas the fills stay off and the rings take the system's colours.
    const forced = !!(this.forced && this.forced.matches);
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (c) => {
      if (!probe || !c) return CLEAR;
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = c;
      probe.fillRect(0, 0, 1, 1);
      const d = probe.getImageData(0, 0, 1, 1).data;
      const a = d[3] / 255;
      return [d[0] * a, d[1] * a, d[2] * a, a];
    };
    this.fills = FILLS.map((name) => (name && !forced ? rgba(colour(name, '')) : CLEAR));
    this.rings = RINGS.map((name, k) => (name ? (forced ? (k === 4 ? 'CanvasText' : 'Highlight') : colour(name, '#e0a100')) : null));
    this.fillFades.clear();
    for (let i = 0; i < 81; i++) this.shown[i] = this.fill[i] >= 0 ? this.fills[this.fill[i]] : CLEAR;
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
    // A row of a box's marks as one image (a third of the draws, which were most of a frame's
    // script while playing fast or scrubbing): for each row of the 3x3 (r), each of the 27
    // combinations of its three marks' states (rowCode), on and off the heat map, the marks where
    // #paintMarks drew them one by one (spaced as in the first box; other boxes differ by a
    // fraction of a pixel).
    const step = g.w / 3;
    const ox = [0, 1, 2].map((c) => Math.round((c + 0.5) * step - tw / 2));
    const sw = ox[2] - ox[0] + tw;
    const rows = document.createElement('canvas');
    rows.width = sw * 27;
    rows.height = th * 6;
    const rc = rows.getContext('2d');
    for (let heat = 0; heat < 2; heat++) {
      for (let r = 0; r < 3; r++) {
        for (let code = 1; code < 27; code++) {
          for (let c = 0, k = code; c < 3; c++, k = Math.floor(k / 3)) {
            const st = k % 3;
            if (!st) continue;
            const row = st === 2 ? 2 : heat;
            rc.drawImage(sheet, (3 * r + c) * tw, row * th, tw, th, code * sw + ox[c] - ox[0], (heat * 3 + r) * th, tw, th);
          }
        }
      }
    }
    this.sheet = { canvas: sheet, tw, th, rows, sw, ox };
    // The placed digits, as `.box .value` was: 0.62 of a box, centred on its padding box (a line
    // box of line-height 1, so the baseline sits half the font's ascent less descent below the
    // centre), in the colour of the box's state.
    const size = (w / 9) * 0.62;
    sc.font = `500 ${size}px ${font}`;
    sc.textBaseline = 'alphabetic'; // the font's ascent and descent from the baseline
    const m = sc.measureText('0');
    const asc = m.fontBoundingBoxAscent ?? size * 0.8;
    const desc = m.fontBoundingBoxDescent ?? size * 0.2;
    // Each digit's advance, per weight (500, 700 for givens), to place it on whole pixels as the
    // page placed text.
    const advance = {};
    for (const weight of [500, 700]) {
      sc.font = `${weight} ${size * dpr}px ${font}`;
      advance[weight] = Array.from({ length: 10 }, (_, d) => sc.measureText(String(d)).width);
    }
    const colours = forced
      ? ['CanvasText', 'CanvasText', 'CanvasText', 'CanvasText']
      : [colour('--solved', '#2f55c9'), colour('--given', '#1d2330'), colour('--placed', '#2a9d8f'), colour('--guess', '#8e5bd6')];
    // A sprite sheet of the digits (drawing text is slow: it shapes each time): rows solved,
    // given (bold), placed, guessed; each digit's baseline at `top` in its tile.
    const pad = Math.ceil(2 * dpr);
    const top = pad + Math.ceil(asc * dpr);
    const vw = Math.ceil(Math.max(...advance[700], ...advance[500])) + 2 * pad;
    const vh = top + Math.ceil(desc * dpr) + pad;
    const digits = document.createElement('canvas');
    digits.width = vw * 10;
    digits.height = vh * 4;
    const dc = digits.getContext('2d');
    dc.textBaseline = 'alphabetic';
    colours.forEach((c, row) => {
      const weight = row === 1 ? 700 : 500;
      dc.font = `${weight} ${size * dpr}px ${font}`;
      dc.fillStyle = c;
      for (let d = 1; d <= 9; d++) dc.fillText(String(d), d * vw + pad, row * vh + top);
    });
    this.valueFont = { baseline: ((asc - desc) / 2) * dpr, advance, sheet: digits, vw, vh, pad, top };
    this.#paintMarks(null);
  }

  /**
   * Draws the rings and marks of the boxes in `which` (all for null) from this.ring and
   * this.markState; struck-out marks at `alpha`.
   */
  #paintMarks(which, alpha = 1) {
    const ctx = this.ctx;
    if (!ctx || !this.geometry || !this.sheet) return;
    const { canvas: sheet, tw, th, rows, sw, ox } = this.sheet;
    const all = which === null;
    if (all) ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const n = all ? 81 : which.length;
    const dpr = this.dpr;
    for (let k = 0; k < n; k++) {
      const i = all ? k : which[k];
      const g = this.geometry[i];
      if (!all) ctx.clearRect(g.px0, g.py0, g.px1 - g.px0, g.py1 - g.py0);
      // The fill, on the padding box (the box's borders stay the page's). On the heat map the
      // boxes it shades keep their shade, as their background beat the highlights' before.
      const fill = this.heat && !this.drawnGiven[i] && this.drawnCand[i] && this.drawnCand[i].length > 1 ? null : fillStyle(this.shown[i]);
      if (fill !== null) {
        ctx.fillStyle = fill;
        ctx.fillRect(g.px0, g.py0, g.px1 - g.px0, g.py1 - g.py0);
      }
      const ring = this.ring[i];
      if (ring) {
        // box-shadow: inset 0 0 0 3px, on the padding box.
        const t = Math.round(3 * dpr);
        const w = g.px1 - g.px0;
        const hh = g.py1 - g.py0;
        ctx.fillStyle = this.rings[ring];
        ctx.fillRect(g.px0, g.py0, w, t);
        ctx.fillRect(g.px0, g.py1 - t, w, t);
        ctx.fillRect(g.px0, g.py0 + t, t, hh - 2 * t);
        ctx.fillRect(g.px1 - t, g.py0 + t, t, hh - 2 * t);
        if (ring === 4) {
          // A conflict, not by colour alone: a dashed border 2px wide, inset 5px, radius 3px.
          const bw = 2 * dpr;
          const inset = 5 * dpr + bw / 2;
          ctx.strokeStyle = this.rings[ring];
          ctx.lineWidth = bw;
          ctx.setLineDash([3 * bw, 2 * bw]);
          ctx.beginPath();
          if (ctx.roundRect) ctx.roundRect(g.px0 + inset, g.py0 + inset, w - 2 * inset, hh - 2 * inset, 2 * dpr);
          else ctx.rect(g.px0 + inset, g.py0 + inset, w - 2 * inset, hh - 2 * inset);
          ctx.stroke();
          ctx.setLineDash([]);
        }
      }
      const value = this.drawnCand[i];
      if (value && value.length === 1 && this.valueFont) {
        const vf = this.valueFont;
        const hl = this.lit[i];
        const placed = hl & PLACED;
        const style = placed ? 'placed' : hl & GUESS ? 'guess' : this.drawnGiven[i] ? 'given' : 'solved';
        const row = style === 'solved' ? 0 : style === 'given' ? 1 : style === 'placed' ? 2 : 3;
        const d = Number(value);
        // Centred by its advance, its baseline on a whole pixel, as the page set the text.
        const x = Math.round(g.fx + g.fw / 2 - vf.advance[row === 1 ? 700 : 500][d] / 2) - vf.pad;
        const y = Math.round(g.fy + g.fh / 2 + vf.baseline) - vf.top;
        const pop = placed ? this.pops.get(i) : undefined;
        if (pop) {
          // @keyframes pop: scale 0.4 and transparent, 1.15 and opaque at 70%, then 1; each
          // stretch eased out; about the box's centre.
          const cx = g.fx + g.fw / 2;
          const cy = g.fy + g.fh / 2;
          ctx.globalAlpha = pop.opacity;
          ctx.drawImage(vf.sheet, d * vf.vw, row * vf.vh, vf.vw, vf.vh,
            cx + (x - cx) * pop.scale, cy + (y - cy) * pop.scale, vf.vw * pop.scale, vf.vh * pop.scale);
          ctx.globalAlpha = 1;
        } else {
          ctx.drawImage(vf.sheet, d * vf.vw, row * vf.vh, vf.vw, vf.vh, x, y, vf.vw, vf.vh);
        }
      }
      if (this.hidden[i]) continue;
      const state = this.markState[i];
      // Each digit centred in its third of the area, on whole device pixels: the first column
      // in this box, the others spaced as in the first box (see #measure).
      const x = Math.round(g.x + 0.5 * (g.w / 3) - tw / 2);
      for (let r = 0; r < 3; r++) {
        const code = rowCode(state, r);
        if (code === 0) continue;
        const y = Math.round(g.y + (r + 0.5) * (g.h / 3) - th / 2);
        const fading = alpha !== 1 && (state[3 * r] === 2 || state[3 * r + 1] === 2 || state[3 * r + 2] === 2);
        if (!fading) {
          // No struck-out mark fading in this row: the row in one draw.
          ctx.drawImage(rows, code * sw, ((this.heat ? 3 : 0) + r) * th, sw, th, x, y, sw, th);
          continue;
        }
        for (let c = 0; c < 3; c++) {
          const st = state[3 * r + c];
          if (st === 0) continue;
          const row = st === 2 ? 2 : this.heat ? 1 : 0;
          if (st === 2) ctx.globalAlpha = alpha;
          ctx.drawImage(sheet, (3 * r + c) * tw, row * th, tw, th, x + ox[c] - ox[0], y, tw, th);
          ctx.globalAlpha = 1;
        }
      }
    }
  }

  /**
   * Sets box i's fill to FILLS[index]: at once on a fast board (as `.board.fast` dropped the
   * boxes' transition), else over FILL_MS with CSS's `ease`, from the colour on screen.
   */
  #setFill(i, index, now, animate) {
    this.fill[i] = index;
    const to = this.fills ? this.fills[index] : CLEAR;
    if (!animate) {
      this.fillFades.delete(i);
      this.shown[i] = to;
      return true;
    }
    this.fillFades.set(i, { from: this.shown[i], to, start: now });
    return false;
  }

  /**
   * One frame of the board's own animations: the fills changing (FILL_MS) and the struck-out
   * marks fading to 0.4 over 900 ms, holding for the first 45% (as the CSS animation `fade-out`
   * did), when the board is not fast and motion is not reduced.
   */
  #animate(now) {
    this.fadeFrame = null;
    for (const f of this.fades) {
      const t = (now - f.start) / 900;
      const p = Math.min(1, Math.max(0, (t - 0.45) / 0.55));
      this.#paintMarks(f.boxes, 1 - 0.6 * p * p);
      f.done = t >= 1;
    }
    this.fades = this.fades.filter((f) => !f.done);
    if (this.fillFades.size) {
      const boxes = [];
      for (const [i, f] of this.fillFades) {
        const t = (now - f.start) / FILL_MS;
        this.shown[i] = t >= 1 ? f.to : mix(f.from, f.to, ease(Math.max(0, t)));
        if (t >= 1) this.fillFades.delete(i);
        boxes.push(i);
      }
      this.#paintMarks(boxes);
    }
    if (this.pops.size) {
      const boxes = [];
      for (const [i, p] of this.pops) {
        Object.assign(p, popAt(now - p.start));
        boxes.push(i);
      }
      // The last frame draws the digit at rest, then the pop is over.
      this.#paintMarks(boxes);
      for (const [i, p] of this.pops) if (now - p.start >= POP_MS) this.pops.delete(i);
    }
    this.#scheduleAnimation();
  }

  #scheduleAnimation() {
    if ((this.fades.length || this.fillFades.size || this.pops.size) && this.fadeFrame === null) {
      this.fadeFrame = requestAnimationFrame((t) => this.#animate(t));
    }
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
    // Drawn now: a draw scheduled for the next frame is superseded.
    if (this.frame !== null) {
      cancelAnimationFrame(this.frame);
      this.frame = null;
    }
    this.pending = null;
    this.root.classList.toggle('diagonal-mode', !!diagonalMode);
    // Quick draws (playing fast, scrubbing, a held arrow key) drop the board's transitions and
    // animations (style.css, `.board.fast`; the fills' and marks' fades here): each would outlive
    // its step, and repainting them every frame halved the frame rate (e2e/bench-browser.js).
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
      const removed = showRemoved ? h.removed.get(i) || '' : '';
      const given = !!givens[i];
      const solved = cand.length === 1;
      if (this.drawnCand[i] !== cand || this.drawnRemoved[i] !== removed || this.drawnGiven[i] !== given) {
        const before = this.drawnCand[i];
        const valueChanged = (solved ? cand : '') !== (before && before.length === 1 ? before : '') || this.drawnGiven[i] !== given;
        this.drawnCand[i] = cand;
        this.drawnRemoved[i] = removed;
        this.drawnGiven[i] = given;
        // Hooks, each written only when it changes (a DOM write costs even when equal).
        const value = solved ? cand : '';
        if (valueChanged || before === null) {
          box.dataset.value = value;
          if (this.values[i].textContent !== value) this.values[i].textContent = value;
        }
        if (before !== cand) {
          box.dataset.candidates = cand;
          // The candidate count: a hook (and the heat map's shade, through data-heat).
          if (before === null || before.length !== cand.length) box.dataset.count = String(cand.length);
        }
        // The classes are hooks, unstyled (no rule names them, so writing them restyles nothing).
        const flags = (given ? 1 : 0) | (solved && !given ? 2 : 0) | (cand.length === 0 ? 4 : 0);
        const wasFlags = this.flags[i];
        if (flags !== wasFlags) {
          this.flags[i] = flags;
          if ((flags ^ wasFlags) & 1) box.classList.toggle('given', given);
          if ((flags ^ wasFlags) & 2) box.classList.toggle('solved', solved && !given);
          if ((flags ^ wasFlags) & 4) box.classList.toggle('empty', cand.length === 0);
        }
        if (this.heat) this.#heatOf(i);
        const marks = this.marks[i];
        const was = this.markState[i];
        const have = solved ? 0 : maskOf(cand);
        const struck = removed ? maskOf(removed) : 0;
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
        if (changed || hide !== this.hidden[i] || valueChanged) {
          this.hidden[i] = hide;
          if (!marked[i]) {
            marked[i] = 1;
            repaint.push(i);
          }
        }
        if (removed && !hide) gone.push(i);
        if (before !== cand) box.setAttribute('aria-label', `${BOXES[i]}: ${solved ? cand : cand ? `candidates ${cand}` : 'no candidates'}`);
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
      const lit = this.lit[i];
      if (lit !== hl) {
        // The classes are hooks for scripts and tests, unstyled: all of it is drawn on the
        // canvas (the digit's colour too).
        const cls = box.classList;
        const diff = lit < 0 ? 255 : lit ^ hl;
        for (let k = 0; k < 8; k++) if (diff & (1 << k)) cls.toggle(HIGHLIGHTS[k], (hl & (1 << k)) !== 0);
        this.lit[i] = hl;
        const ring = boxRing(hl);
        // A placed digit pops in (style.css's `pop` animation did), unless quick or reduced.
        const pop = (hl & PLACED) !== 0 && solved && !given;
        if (pop && (lit < 0 || !(lit & PLACED)) && !this.fast && !(this.reduceMotion && this.reduceMotion.matches)) {
          this.pops.set(i, { start: now, ...popAt(0) });
        } else if (!pop) {
          this.pops.delete(i);
        }
        if (ring !== this.ring[i] || (solved && diff & (PLACED | GUESS))) {
          this.ring[i] = ring;
          if (!marked[i]) {
            marked[i] = 1;
            repaint.push(i);
          }
        }
      }
      const fill = boxFill(hl, cand.length === 0);
      if (fill !== this.fill[i] && this.#setFill(i, fill, now, !this.fast && !first)) filled.push(i);
    }
    if (this.fast && this.pops.size) {
      for (const i of this.pops.keys()) {
        if (!marked[i]) {
          marked[i] = 1;
          repaint.push(i);
        }
      }
      this.pops.clear();
    }
    if (this.fast && this.fillFades.size) {
      // A fast board has no transitions: the fills still changing land at once.
      for (const [i, f] of this.fillFades) {
        this.shown[i] = f.to;
        filled.push(i);
      }
      this.fillFades.clear();
    }
    for (const i of filled) {
      if (!marked[i]) {
        marked[i] = 1;
        repaint.push(i);
      }
    }
    if (this.fades.length) {
      // A box drawn again leaves its fade; a fast board stops fading (as `.board.fast` stopped
      // the CSS animation), its struck-out marks opaque.
      for (const f of this.fades) f.boxes = f.boxes.filter((i) => !marked[i]);
      if (this.fast) {
        for (const f of this.fades) {
          for (const i of f.boxes) {
            if (!marked[i]) {
              marked[i] = 1;
              repaint.push(i);
            }
          }
        }
      }
      this.fades = this.fast ? [] : this.fades.filter((f) => f.boxes.length);
    }
    if (repaint.length) this.#paintMarks(repaint);
    if (gone.length && !this.fast && !(this.reduceMotion && this.reduceMotion.matches)) {
      this.fades.push({ start: now, boxes: gone });
    }
    this.#scheduleAnimation();
    const kind = h ? h.kind : '';
    if (this.root.dataset.step !== kind) this.root.dataset.step = kind;
    // The position now on screen (a hook for tests: the board draws a frame after a move).
    if (position === undefined) delete this.root.dataset.position;
    else this.root.dataset.position = String(position);
  }
}
