// Windoku ({ kind: 'windoku' }): its four extra squares, B2-D4, B6-D8, F2-H4 and F6-H8, shaded.

import { shade } from './shapes.js';

export const rule = 'Windoku: each of the four shaded squares holds 1–9 once.';

/** The boxes of the four windows. */
export const WINDOWS = [[1, 1], [1, 5], [5, 1], [5, 5]].flatMap(([top, left]) =>
  Array.from({ length: 9 }, (_, k) => (top + Math.floor(k / 3)) * 9 + left + (k % 3)));

export function draw() {
  return shade('window', WINDOWS);
}
