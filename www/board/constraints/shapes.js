// Pure: the SVG shapes the constraint modules draw, in the board's own units (a box is 1×1, the
// grid 9×9, box i at column i % 9, row ⌊i / 9⌋), as plain objects { tag, attrs, text? } that
// www/board/constraints.js turns into elements. Boxes are indexes 0..80 (A1..I9).

import { BOXES } from '../../trace/replay.js';

const INDEX = new Map(BOXES.map((b, i) => [b, i]));

/** A box's index by its name (`A1`), or -1 for a name the page does not know. */
export function boxOf(name) {
  const i = INDEX.get(String(name));
  return i === undefined ? -1 : i;
}

/** Rounded to 1/1000 of a box: short attribute text, steady across draws. */
export const round = (v) => Math.round(v * 1000) / 1000;

/** One shape. */
export function shape(tag, attrs, text) {
  return text === undefined ? { tag, attrs } : { tag, attrs, text };
}

/**
 * A label in box `box`'s top left corner (a cage's sum): `shapes` with `label: box`, which tells
 * the board to draw that box's pencil marks below it (constraints.js's `labelled`).
 */
export function cornerLabel(box, shapes) {
  return shapes.map((s) => ({ ...s, label: box }));
}

/** A line from (x1, y1) to (x2, y2) with `cls`. */
export function line(cls, x1, y1, x2, y2) {
  return shape('line', { class: cls, x1: round(x1), y1: round(y1), x2: round(x2), y2: round(y2) });
}

/** Each box of `boxes` (indexes) as a shaded square of `cls`. */
export function shade(cls, boxes) {
  return boxes.map((i) => shape('rect', { class: cls, x: i % 9, y: Math.floor(i / 9), width: 1, height: 1 }));
}

/**
 * The borders between boxes in different groups: `groupOf(i)` names box i's group; one line of
 * `cls` along each side two boxes of different groups share (the grid's outer edge is the
 * board's own border).
 */
export function borders(cls, groupOf) {
  const out = [];
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    if (c < 8 && groupOf(i) !== groupOf(i + 1)) out.push(line(cls, c + 1, r, c + 1, r + 1));
    if (r < 8 && groupOf(i) !== groupOf(i + 9)) out.push(line(cls, c, r + 1, c + 1, r + 1));
  }
  return out;
}
