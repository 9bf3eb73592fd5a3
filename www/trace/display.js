// Pure, DOM-free: a grid as text in the course's display layout, as `Grid::display` prints it
// (crates/solver-core/src/grid.rs): each box's candidates centred, Python's str.center, in a
// column one wider than the widest; '|' after columns 3 and 6; a line of dashes after rows C and F.

import { digitsText } from './digits.js';

/** Python's `str.center` with spaces: odd padding goes right, unless the width is odd too. */
export function center(s, width) {
  const len = [...s].length;
  if (len >= width) return s;
  const marg = width - len;
  const left = (marg >> 1) + (marg & width & 1);
  return ' '.repeat(left) + s + ' '.repeat(marg - left);
}

/** The candidates of 81 boxes (A1..I9, masks) in the display layout. */
export function display(masks) {
  if (!masks || masks.length !== 81) throw new Error('display needs the candidates of 81 boxes');
  return layout(Array.from(masks, digitsText));
}

/** 81 fields of text (A1..I9) in the display layout, nine rows and two dash lines. */
export function layout(cells) {
  if (!cells || cells.length !== 81) throw new Error('display needs the candidates of 81 boxes');
  const width = 1 + Math.max(0, ...cells.map((c) => [...c].length));
  const line = Array(3).fill('-'.repeat(width * 3)).join('+');
  let out = '';
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      out += center(cells[r * 9 + c], width);
      if (c === 2 || c === 5) out += '|';
    }
    out += '\n';
    if (r === 2 || r === 5) out += `${line}\n`;
  }
  return out;
}
