// Pure, DOM-free: the puzzle's givens as the grid edits them. A box holds a digit or nothing.
// They are read from the puzzle's text when the text is one line of 81 boxes, or from the
// candidates the parser gave a text in another layout, and written back as one line of 81
// characters ('.' for an empty box), which the parser, the text box and the share link all take.
// A given here is the character typed ('5', or '' for none), as the puzzle's text holds it; the
// candidates the parser gave and the board draws are masks (www/trace/digits.js). Also the keys
// that edit a box and move between boxes.

import { count, digitsText, textMask } from '../trace/digits.js';

/** A text box's puzzle as a line: 81 characters, each 1-9, '.' or '0' (whitespace around it). */
const LINE = /^\s*([1-9.0]{81})\s*$/;

/**
 * The givens of `text` as 81 strings ('' or a digit), or null when the text is not one line of 81
 * boxes. A line is read as typed, conflicts and all: the grid shows what the learner typed.
 */
export function givensOfLine(text) {
  const m = LINE.exec(text);
  if (!m) return null;
  return [...m[1]].map((c) => (c === '.' || c === '0' ? '' : c));
}

/**
 * The givens of a parsed puzzle (the 81 boxes' candidates, masks), or null when a box holds some
 * candidates but not all nine: a candidate grid's pencil marks, which a grid of givens cannot keep.
 */
export function givensOfCandidates(initial) {
  if (!initial || initial.length !== 81) return null;
  const n = Array.from(initial, count);
  if (n.some((k) => k > 1 && k < 9)) return null;
  return Array.from(initial, (c, i) => (n[i] === 1 ? digitsText(c) : ''));
}

/** The givens written as the line the grid writes: 81 characters, '.' for an empty box. */
export function lineOf(givens) {
  return givens.map((g) => g || '.').join('');
}

/** The 81 boxes' candidates (masks) of a grid of givens: a given's digit, every digit elsewhere. */
export function candidatesOf(givens) {
  return Uint16Array.from(givens, (g) => (g ? textMask(g) : 0x1ff));
}

/**
 * What a key typed on a box does: { set: '5' } for 1-9, { set: '' } for 0, '.', Backspace or
 * Delete, { move: [dRow, dCol] } for an arrow key, or null for any other key.
 */
export function keyEdit(key) {
  if (key.length === 1 && key >= '1' && key <= '9') return { set: key };
  if (key === '0' || key === '.' || key === 'Backspace' || key === 'Delete') return { set: '' };
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[key]) return { move: moves[key] };
  return null;
}

/** The box an arrow moves to from box `i` (0..80): it stops at the grid's edges. */
export function moveFrom(i, [dr, dc]) {
  const r = Math.max(0, Math.min(8, Math.floor(i / 9) + dr));
  const c = Math.max(0, Math.min(8, (i % 9) + dc));
  return r * 9 + c;
}
