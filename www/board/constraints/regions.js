// Jigsaw regions (a puzzle's `regions`: 81 digits, each box's region): thick borders between
// boxes of different regions, drawn instead of the 3×3 squares' (the board's `jigsaw` class
// thins those).

import { borders } from './shapes.js';

export const rule = 'Jigsaw: each region inside thick borders holds 1–9 once, instead of the 3×3 squares.';

/** The shapes of the regions `item.regions` (81 characters), or none when it is not 81 long. */
export function draw(item) {
  const regions = String(item.regions || '');
  if (regions.length !== 81) return [];
  return borders('region', (i) => regions[i]);
}
