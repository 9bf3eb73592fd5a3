// The main diagonal ({ kind: 'diagonal' }, A1-I9): a line corner to corner. Diagonal Sudoku's
// two lines are this module and anti-diagonal.js (the board gives diagonal mode both).

import { line } from './shapes.js';

export const rule = 'The main diagonal, A1 to I9, holds 1–9 once.';

export function draw() {
  return [line('diagonal', 0, 0, 9, 9)];
}
