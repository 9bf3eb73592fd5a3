// The anti-diagonal ({ kind: 'anti-diagonal' }, A9-I1): a line corner to corner.

import { line } from './shapes.js';

export const rule = 'The anti-diagonal, A9 to I1, holds 1–9 once.';

export function draw() {
  return [line('diagonal', 9, 0, 0, 9)];
}
