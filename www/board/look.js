// Pure: how a box looks for its state. The highlight bits a step gives a box, the fill and ring
// they choose (by the custom properties of style.css), the colours' mixing as CSS transitions
// mix them, the easing curves of the board's animations, and the marks as numbers.

/** A box's highlight classes, in the order of the bits drawNow computes. */
export const HIGHLIGHTS = ['diag', 'in-unit', 'cause', 'placed', 'changed', 'restored', 'guess-box', 'conflict'];
export const DIAG = 1;
export const UNIT = 2;
export const CAUSE = 4;
export const PLACED = 8;
export const CHANGED = 16;
export const RESTORED = 32;
export const GUESS = 64;
export const CONFLICT = 128;

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

/** How long a placed digit pops on the marks canvas. */
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
/** A transparent colour, premultiplied. */
export const CLEAR = [0, 0, 0, 0];

/**
 * The marks of one row of a box's 3x3 (digits 3r + 1 .. 3r + 3) as one number, 0..26: each
 * mark's state (0 hidden, 1 a candidate, 2 struck out) in base 3, the row's first digit lowest.
 * The marks layer draws a row of marks as one image, from a sheet of all 27 (see #measure).
 */
export function rowCode(state, r) {
  return state[3 * r] + 3 * state[3 * r + 1] + 9 * state[3 * r + 2];
}
