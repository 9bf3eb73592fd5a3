// The board's canvas (`.marks-layer`, over the boxes, under the diagonals): everything the
// learner sees in a box is drawn here, for only the boxes that changed: its fill for the step's
// highlights, its ring (and a conflict's dashed border), its digit (from a sprite sheet, a placed
// one popping in) and its pencil marks (a row of three marks per draw, from a sheet of every
// combination: 27 per row). The board (board.js) keeps the per-box state this reads and the DOM
// hooks; drawing here restyles and lays out nothing (bench/web/browser.js).
//
// `state`, shared with the board: per box, `cand` (the candidates drawn, a mask; -1 none),
// `given`, `mine` (the learner's digit), `pencil` (the learner's marks, drawn however many), `markState` (each digit 0 hidden, 1 a candidate, 2 struck out), `hidden` (no marks), `lit` (highlight bits),
// `ring` (a RINGS index), `fill` (a FILLS index), `shown` (the fill on screen, premultiplied),
// `pops` (box -> the placed digit's { scale, opacity }), and `heat` (the heat map is on).

import { FILLS, RINGS, CLEAR, PLACED, GUESS, fillStyle, rowCode } from './look.js';
import { count, soleDigit } from '../trace/digits.js';

export class BoardCanvas {
  /**
   * @param {HTMLElement} root the board element (the canvas covers it)
   * @param {HTMLElement[]} boxes the 81 box elements, where each box's marks go
   * @param {object} state the board's per-box state (above)
   */
  constructor(root, boxes, state) {
    this.root = root;
    this.boxes = boxes;
    this.state = state;
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'marks-layer';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.ctx = this.canvas.getContext('2d');
    this.forced = typeof matchMedia === 'function' ? matchMedia('(forced-colors: active)') : null;
    this.dpr = 1;
    this.geometry = null; // per box: the marks' area and padding box in canvas pixels
    this.sheet = null; // the marks' sprite sheets
    this.valueFont = null; // the digits' sprite sheet
    this.fills = null; // FILLS as premultiplied colours
    this.rings = null; // RINGS as canvas colours
  }

  /**
   * Reads where each box's marks go (after a resize or a change of colour scheme), the fills' and
   * rings' colours, and draws the digits once into sprite sheets: a 3x3 grid inset 6% in each box's padding box, as the
   * `.marks` grid was, each digit the size of `.mark` in style.css.
   */
  measure() {
    const root = this.root;
    const w = root.clientWidth;
    const h = root.clientHeight;
    if (!this.ctx || !w || !h) return false;
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
      ? ['CanvasText', 'CanvasText', 'CanvasText', 'CanvasText', 'CanvasText']
      : [colour('--solved', '#2f55c9'), colour('--given', '#1d2330'), colour('--placed', '#2a9d8f'), colour('--guess', '#8e5bd6'), colour('--mine', '#1f6f43')];
    // A sprite sheet of the digits (drawing text is slow: it shapes each time): rows solved,
    // given (bold), placed, guessed, the learner's (italic and underlined: told apart by shape,
    // not colour alone); each digit's baseline at `top` in its tile.
    const pad = Math.ceil(2 * dpr);
    const top = pad + Math.ceil(asc * dpr);
    const vw = Math.ceil(Math.max(...advance[700], ...advance[500])) + 2 * pad;
    const vh = top + Math.ceil(desc * dpr) + pad;
    const digits = document.createElement('canvas');
    digits.width = vw * 10;
    digits.height = vh * 5;
    const dc = digits.getContext('2d');
    dc.textBaseline = 'alphabetic';
    colours.forEach((c, row) => {
      const weight = row === 1 ? 700 : 500;
      dc.font = `${row === 4 ? 'italic ' : ''}${weight} ${size * dpr}px ${font}`;
      dc.fillStyle = c;
      for (let d = 1; d <= 9; d++) {
        dc.fillText(String(d), d * vw + pad, row * vh + top);
        if (row === 4) dc.fillRect(d * vw + pad, row * vh + top + Math.ceil(2 * dpr), advance[500][d], Math.max(1, Math.round(1.5 * dpr)));
      }
    });
    this.valueFont = { baseline: ((asc - desc) / 2) * dpr, advance, sheet: digits, vw, vh, pad, top };
    return true;
  }

  /**
   * Draws the rings and marks of the boxes in `which` (all for null) from this.state.ring and
   * this.state.markState; struck-out marks at `alpha`.
   */
  paint(which, alpha = 1) {
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
      const fill = this.state.heat && !this.state.given[i] && this.state.cand[i] > 0 && count(this.state.cand[i]) > 1 ? null : fillStyle(this.state.shown[i]);
      if (fill !== null) {
        ctx.fillStyle = fill;
        ctx.fillRect(g.px0, g.py0, g.px1 - g.px0, g.py1 - g.py0);
      }
      const ring = this.state.ring[i];
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
      const d = this.state.cand[i] > 0 && !this.state.pencil[i] ? soleDigit(this.state.cand[i]) : 0;
      if (d && this.valueFont) {
        const vf = this.valueFont;
        const hl = this.state.lit[i];
        const placed = hl & PLACED;
        const style = placed ? 'placed' : hl & GUESS ? 'guess' : this.state.given[i] ? 'given' : this.state.mine[i] ? 'mine' : 'solved';
        const row = ['solved', 'given', 'placed', 'guess', 'mine'].indexOf(style);
        // Centred by its advance, its baseline on a whole pixel, as the page set the text.
        const x = Math.round(g.fx + g.fw / 2 - vf.advance[row === 1 ? 700 : 500][d] / 2) - vf.pad;
        const y = Math.round(g.fy + g.fh / 2 + vf.baseline) - vf.top;
        const pop = placed ? this.state.pops.get(i) : undefined;
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
      if (this.state.hidden[i]) continue;
      const state = this.state.markState[i];
      // Each digit centred in its third of the area, on whole device pixels: the first column
      // in this box, the others spaced as in the first box (see #measure). In a box with a
      // corner label (a cage's sum, its top quarter) the rows share the three quarters below.
      const x = Math.round(g.x + 0.5 * (g.w / 3) - tw / 2);
      const labelled = this.state.labelled.has(i);
      for (let r = 0; r < 3; r++) {
        const code = rowCode(state, r);
        if (code === 0) continue;
        const y = Math.round(g.y + (labelled ? (r + 1.5) * (g.h / 4) : (r + 0.5) * (g.h / 3)) - th / 2);
        const fading = alpha !== 1 && (state[3 * r] === 2 || state[3 * r + 1] === 2 || state[3 * r + 2] === 2);
        if (!fading) {
          // No struck-out mark fading in this row: the row in one draw.
          ctx.drawImage(rows, code * sw, ((this.state.heat ? 3 : 0) + r) * th, sw, th, x, y, sw, th);
          continue;
        }
        for (let c = 0; c < 3; c++) {
          const st = state[3 * r + c];
          if (st === 0) continue;
          const row = st === 2 ? 2 : this.state.heat ? 1 : 0;
          if (st === 2) ctx.globalAlpha = alpha;
          ctx.drawImage(sheet, (3 * r + c) * tw, row * th, tw, th, x + ox[c] - ox[0], y, tw, th);
          ctx.globalAlpha = 1;
        }
      }
    }
  }
}
