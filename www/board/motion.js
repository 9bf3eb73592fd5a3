// The board's own animations, on its canvas (canvas.js): a box's fill easing to its new
// colour over FILL_MS with CSS's `ease`, a placed digit popping in, and the marks struck out on a
// step fading to 0.4 over 900 ms (holding for the first 45%). None run on a fast board (drawn
// more than 20 times a second: each would outlive its step, and repainting them every frame halved
// the frame rate; bench/web/browser.js), and the pop and the fade not under reduced motion.

import { CLEAR, FILL_MS, POP_MS, ease, mix, popAt } from './look.js';

const FADE_MS = 900;

export class BoardMotion {
  /**
   * @param {object} state the board's per-box state (canvas.js): `fill`, `shown`, `pops`
   * @param {import('./canvas.js').BoardCanvas} layer the canvas painted each frame
   */
  constructor(state, layer) {
    this.state = state;
    this.layer = layer;
    this.fillFades = new Map(); // box -> { from, to, start }: fills changing
    this.fades = []; // { start, boxes }: struck-out marks fading
    this.frame = null;
    this.reduceMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  }

  /** True when the learner asked for reduced motion. */
  get reduced() {
    return !!(this.reduceMotion && this.reduceMotion.matches);
  }

  /**
   * Sets box i's fill to FILLS[index]: at once unless `animate` (then over FILL_MS from the
   * colour on screen). True when it landed at once (the box needs painting now).
   */
  setFill(i, index, now, animate) {
    this.state.fill[i] = index;
    const to = this.layer.fills ? this.layer.fills[index] : CLEAR;
    if (!animate) {
      this.fillFades.delete(i);
      this.state.shown[i] = to;
      return true;
    }
    this.fillFades.set(i, { from: this.state.shown[i], to, start: now });
    return false;
  }

  /** The fills as they are now, at once (the colours were measured again). */
  resetFills() {
    this.fillFades.clear();
    const { fill, shown } = this.state;
    for (let i = 0; i < 81; i++) shown[i] = fill[i] >= 0 ? this.layer.fills[fill[i]] : CLEAR;
  }

  /** Box i's digit pops in from now. */
  pop(i, now) {
    this.state.pops.set(i, { start: now, ...popAt(0) });
  }

  unpop(i) {
    this.state.pops.delete(i);
  }

  /** The struck-out marks of `boxes` fade from now. */
  fadeMarks(boxes, now) {
    if (boxes.length) this.fades.push({ start: now, boxes });
  }

  /**
   * After a draw: boxes drawn again (`marked`) leave their fades; on a fast board every animation
   * lands at once, and `mark(i)` is told each box that needs painting for it.
   */
  settle(fast, marked, mark) {
    if (fast) {
      for (const i of this.state.pops.keys()) mark(i);
      this.state.pops.clear();
      for (const [i, f] of this.fillFades) {
        this.state.shown[i] = f.to;
        mark(i);
      }
      this.fillFades.clear();
    }
    if (this.fades.length) {
      for (const f of this.fades) f.boxes = f.boxes.filter((i) => !marked[i]);
      if (fast) for (const f of this.fades) for (const i of f.boxes) mark(i);
      this.fades = fast ? [] : this.fades.filter((f) => f.boxes.length);
    }
  }

  /** Asks for a frame while anything moves. */
  schedule() {
    if ((this.fades.length || this.fillFades.size || this.state.pops.size) && this.frame === null) {
      this.frame = requestAnimationFrame((t) => this.#animate(t));
    }
  }

  #animate(now) {
    this.frame = null;
    for (const f of this.fades) {
      const t = (now - f.start) / FADE_MS;
      const p = Math.min(1, Math.max(0, (t - 0.45) / 0.55));
      this.layer.paint(f.boxes, 1 - 0.6 * p * p);
      f.done = t >= 1;
    }
    this.fades = this.fades.filter((f) => !f.done);
    if (this.fillFades.size) {
      const boxes = [];
      for (const [i, f] of this.fillFades) {
        const t = (now - f.start) / FILL_MS;
        this.state.shown[i] = t >= 1 ? f.to : mix(f.from, f.to, ease(Math.max(0, t)));
        if (t >= 1) this.fillFades.delete(i);
        boxes.push(i);
      }
      this.layer.paint(boxes);
    }
    const pops = this.state.pops;
    if (pops.size) {
      const boxes = [];
      for (const [i, p] of pops) {
        Object.assign(p, popAt(now - p.start));
        boxes.push(i);
      }
      // The last frame draws the digit at rest, then the pop is over.
      this.layer.paint(boxes);
      for (const [i, p] of pops) if (now - p.start >= POP_MS) pops.delete(i);
    }
    this.schedule();
  }
}
