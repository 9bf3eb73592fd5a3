// A puzzle's constraints on the board (a trace's `puzzle`, docs/trace-format.md; the facade's
// `openPuzzle` gives the same shape before a solve): an SVG layer under the chain
// (`.constraints-layer`, aria-hidden), each kind drawn by its own module (constraints/table.js),
// and the rules line, one sentence per kind, which says in words what the drawing shows.
// Diagonal Sudoku's two lines are the diagonal modules too, so they are drawn one way.

import { MODULES } from './constraints/table.js';

const SVG = 'http://www.w3.org/2000/svg';
const DIAGONALS = [{ kind: 'diagonal' }, { kind: 'anti-diagonal' }];

/**
 * The items to draw: a jigsaw's `regions` as `{ kind: 'regions', regions }`, then each constraint;
 * in diagonal mode both diagonals, unless the puzzle has them. `puzzle` may be null.
 */
export function itemsOf(puzzle, diagonalMode = false) {
  const items = [];
  if (puzzle && typeof puzzle.regions === 'string') items.push({ kind: 'regions', regions: puzzle.regions });
  const constraints = puzzle && Array.isArray(puzzle.constraints) ? puzzle.constraints.filter((c) => c && typeof c === 'object') : [];
  items.push(...constraints);
  if (diagonalMode) for (const d of DIAGONALS) if (!constraints.some((c) => c.kind === d.kind)) items.push(d);
  return items;
}

/**
 * What the items look like: `shapes` (shapes.js's objects, in the items' order), `rules` (one
 * sentence per kind, in the table's order), `jigsaw` (the squares' borders give way) and
 * `labelled` (the boxes with a corner label, shapes.js's `cornerLabel`: their pencil marks are
 * drawn below it, not under it). A kind no module draws is named in a sentence of its own.
 */
export function layout(items) {
  const shapes = [];
  const kinds = new Set();
  for (const item of items) {
    const m = MODULES.get(item.kind);
    kinds.add(item.kind);
    if (m) shapes.push(...m.draw(item));
  }
  const rules = [...MODULES].filter(([kind]) => kinds.has(kind)).map(([, m]) => m.rule);
  for (const kind of kinds) if (!MODULES.has(kind)) rules.push(`This puzzle has a constraint the page does not draw: ${String(kind)}.`);
  const labelled = new Set(shapes.filter((s) => Number.isInteger(s.label)).map((s) => s.label));
  return { shapes, rules, jigsaw: kinds.has('regions'), labelled };
}

export class BoardConstraints {
  /** @param {HTMLElement} root the board; @param {HTMLElement | null} rules the rules line */
  constructor(root, rules = null) {
    this.root = root;
    this.rules = rules;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'constraints-layer');
    this.svg.setAttribute('viewBox', '0 0 9 9');
    this.svg.setAttribute('preserveAspectRatio', 'none');
    this.svg.setAttribute('aria-hidden', 'true');
    this.key = '';
    /** The boxes with a corner label (layout's `labelled`). */
    this.labelled = new Set();
  }

  /**
   * Draws `puzzle`'s constraints (and diagonal mode's diagonals), if they changed; true when
   * the boxes with a corner label changed (their marks are to be drawn again).
   */
  draw(puzzle, diagonalMode) {
    const items = itemsOf(puzzle, diagonalMode);
    const key = JSON.stringify(items);
    if (key === this.key) return false;
    this.key = key;
    const { shapes, rules, jigsaw, labelled } = layout(items);
    const moved = labelled.size !== this.labelled.size || [...labelled].some((b) => !this.labelled.has(b));
    this.labelled = labelled;
    const nodes = shapes.map(({ tag, attrs, text }) => {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      if (text !== undefined) node.textContent = text;
      return node;
    });
    this.svg.replaceChildren(...nodes);
    this.root.classList.toggle('jigsaw', jigsaw);
    if (this.rules) {
      // Diagonal Sudoku alone says its rule beside its checkbox: the line is for the variants.
      const variant = !!puzzle && items.length > 0;
      this.rules.textContent = variant ? rules.join(' ') : '';
      this.rules.hidden = !variant;
    }
    return moved;
  }
}
