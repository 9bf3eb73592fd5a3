// Which module draws a constraint kind: the one table the board asks (a trace's `puzzle`,
// docs/trace-format.md). A new kind is one module here and its line below; `regions` stands for
// a jigsaw puzzle's regions. Each module gives `draw(item)`, the shapes (shapes.js), and `rule`,
// its sentence in the puzzle's rules line.

import * as cage from './cage.js';
import * as regions from './regions.js';
import * as windoku from './windoku.js';
import * as extraRegion from './extra-region.js';
import * as diagonal from './diagonal.js';
import * as antiDiagonal from './anti-diagonal.js';
import * as antiKnight from './anti-knight.js';
import * as antiKing from './anti-king.js';

export const MODULES = new Map([
  ['regions', regions],
  ['diagonal', diagonal],
  ['anti-diagonal', antiDiagonal],
  ['windoku', windoku],
  ['extra-region', extraRegion],
  ['anti-knight', antiKnight],
  ['anti-king', antiKing],
  ['cage', cage],
]);
