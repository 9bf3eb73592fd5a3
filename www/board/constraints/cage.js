// A killer cage ({ kind: 'cage', boxes: ['A1', …], sum? }): a dashed outline just inside its
// boxes, its sum in the corner of its first box (the top one, then the left one).

import { boxOf, cornerLabel, line, round, shape } from './shapes.js';

/** The inset of the outline from the boxes' edges, in boxes. */
const INSET = 0.08;

export const rule = 'Killer cages: the digits in a dashed cage are all different and, where it shows a number, add up to it.';

/**
 * The outline's sides: for each side of a box of the cage whose neighbour is outside it, a
 * line INSET inside, stretched at each end to meet the outline of the next box (at a corner
 * turning inwards it runs on to the neighbour's inset line).
 */
export function outline(boxes) {
  const inside = new Set(boxes);
  const has = (r, c) => r >= 0 && r < 9 && c >= 0 && c < 9 && inside.has(r * 9 + c);
  const out = [];
  const d = INSET;
  // Each side as: the outward step (dr, dc) and the direction along it (ar, ac).
  const sides = [[-1, 0, 0, 1], [0, 1, 1, 0], [1, 0, 0, -1], [0, -1, -1, 0]];
  for (const i of inside) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    for (const [dr, dc, ar, ac] of sides) {
      if (has(r + dr, c + dc)) continue;
      // The side's line, from the end behind (-a) to the end ahead (+a), as offsets from the
      // box's centre: `out` is 0.5 - d outwards; along, 0.5 - d, 0.5 or 0.5 + d.
      const reach = (s) => {
        if (!has(r + s * ar, c + s * ac)) return 0.5 - d;
        return has(r + s * ar + dr, c + s * ac + dc) ? 0.5 + d : 0.5;
      };
      const cy = r + 0.5 + dr * (0.5 - d);
      const cx = c + 0.5 + dc * (0.5 - d);
      const back = reach(-1);
      const ahead = reach(1);
      out.push(line('cage', cx - ac * back, cy - ar * back, cx + ac * ahead, cy + ar * ahead));
    }
  }
  return out;
}

/**
 * The shapes of a cage: its outline, and its sum (if it has one) on a backing in the corner of
 * its first box, a corner label (the board draws that box's pencil marks below it).
 */
export function draw(item) {
  const boxes = (Array.isArray(item.boxes) ? item.boxes : []).map(boxOf).filter((i) => i >= 0);
  if (!boxes.length) return [];
  const shapes = outline(boxes);
  if (Number.isInteger(item.sum)) {
    const first = Math.min(...boxes);
    const x = (first % 9) + 0.03;
    const y = Math.floor(first / 9) + 0.03;
    const text = String(item.sum);
    shapes.push(...cornerLabel(first, [
      shape('rect', { class: 'cage-sum-back', x: round(x), y: round(y), width: round(0.09 + 0.13 * text.length), height: 0.25 }),
      shape('text', { class: 'cage-sum', x: round(x + 0.045), y: round(y + 0.205) }, text),
    ]));
  }
  return shapes;
}
