// An extra region ({ kind: 'extra-region', boxes: […] }): nine boxes that hold 1–9 once, shaded.

import { boxOf, shade } from './shapes.js';

export const rule = 'Extra regions: the shaded boxes of each region hold 1–9 once.';

export function draw(item) {
  return shade('window', (Array.isArray(item.boxes) ? item.boxes : []).map(boxOf).filter((i) => i >= 0));
}
