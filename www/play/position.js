// Pure, DOM-free: the learner's position in play mode, and the one writer and reader of its text.
// A position is the learner's own: a digit (1-9, 0 for none) and a set of pencil marks (a 9-bit
// mask, www/trace/digits.js's form) per box; the givens are the puzzle's and never part of it.
// Each move gives a new position; the old one is left as it was (Undo keeps it).
//
// The text (`code`): 243 characters, the 81 digits ('1'-'9', '.' for none) then the 81 boxes'
// marks, two characters each (the mask's high four bits, then its low five, each one character
// of MARK_CHARS, which a URL keeps as it is). The share link and the page's storage both hold
// it (docs/play-format.md).

import { count, digitsText } from '../trace/digits.js';

/** The characters of a mark pair: 32 digits and lower-case letters, safe in a URL unescaped. */
const MARK_CHARS = '0123456789abcdefghijklmnopqrstuv';
/** Every digit, as a mask. */
export const ALL = 0x1ff;

/** A position with nothing of the learner's: no digit, no pencil mark. */
export function emptyPosition() {
  return { digits: new Uint8Array(81), marks: new Uint16Array(81) };
}

/** Places `d` (1-9) in box `i`, or clears the box's digit with 0; its pencil marks stay underneath. */
export function place(position, i, d) {
  const digits = Uint8Array.from(position.digits);
  digits[i] = d;
  return { digits, marks: position.marks };
}

/** Toggles pencil mark `d` (1-9) in box `i`. */
export function toggleMark(position, i, d) {
  const marks = Uint16Array.from(position.marks);
  marks[i] ^= 1 << (d - 1);
  return { digits: position.digits, marks };
}

/**
 * Every box without a digit (the puzzle's or the learner's) given as pencil marks each digit none
 * of its peers holds: the bookkeeping of the digits on the board, which any player would write
 * down first, and no deduction past it. `givens` is 81 digits (0 for none), `diagonal` the rule;
 * `peers`, a variant's (readPeers: what the facade says each box sees), replaces the rule's.
 */
export function fillMarks(position, givens, diagonal, peers = null) {
  const held = Array.from({ length: 81 }, (_, i) => givens[i] || position.digits[i]);
  const marks = new Uint16Array(81);
  for (let i = 0; i < 81; i++) {
    if (held[i]) continue;
    let m = ALL;
    for (const p of peers ? peers[i] : peersOf(i, diagonal)) if (held[p]) m &= ~(1 << (held[p] - 1));
    marks[i] = m;
  }
  return { digits: position.digits, marks };
}

/** The boxes that share a row, column, square (or, with `diagonal`, a diagonal) with box `i`. */
export function peersOf(i, diagonal) {
  const r = Math.floor(i / 9);
  const c = i % 9;
  const out = new Set();
  for (let k = 0; k < 9; k++) {
    out.add(r * 9 + k);
    out.add(k * 9 + c);
    out.add((Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3));
    if (diagonal && r === c) out.add(k * 9 + k);
    if (diagonal && r + c === 8) out.add(k * 9 + 8 - k);
  }
  out.delete(i);
  return out;
}

/**
 * The boxes each box sees, as the facade's `peers` lists them (for each box in turn, the count
 * of its peers, then their indexes): an array of 81 arrays, or null when the list is not one.
 */
export function readPeers(list) {
  if (!list) return null;
  const out = [];
  let k = 0;
  for (let i = 0; i < 81; i++) {
    const n = list[k++];
    if (n === undefined || k + n > list.length) return null;
    out.push(Array.from(list.subarray ? list.subarray(k, k + n) : list.slice(k, k + n)));
    k += n;
  }
  return k === list.length ? out : null;
}

/** True when the learner keeps pencil marks in every box that holds no digit: a candidate grid. */
export function marksComplete(position, givens) {
  let any = false;
  for (let i = 0; i < 81; i++) {
    if (givens[i] || position.digits[i]) continue;
    if (!position.marks[i]) return false;
    any = true;
  }
  return any;
}

/** True when every box holds a digit, the puzzle's or the learner's. */
export function isFull(position, givens) {
  for (let i = 0; i < 81; i++) if (!givens[i] && !position.digits[i]) return false;
  return true;
}

/** The position's text (the module's header says its layout). */
export function encode(position) {
  let s = '';
  for (let i = 0; i < 81; i++) s += position.digits[i] ? String(position.digits[i]) : '.';
  for (let i = 0; i < 81; i++) s += MARK_CHARS[position.marks[i] >> 5] + MARK_CHARS[position.marks[i] & 31];
  return s;
}

/** The digits alone (81 characters) and the marks alone (162), as the share link holds them. */
export function splitCode(code) {
  return { digits: code.slice(0, 81), marks: code.slice(81) };
}

/** True when the position has no pencil mark at all (the link leaves `marks=` out). */
export function noMarks(position) {
  return position.marks.every((m) => m === 0);
}

/**
 * A position read from its text, checked against the puzzle's `givens` (81 digits, 0 none):
 * { position } or { error } saying what is wrong and where. `marks` may be '' (none kept).
 */
export function decode(digitsText, marksText, givens) {
  if (typeof digitsText !== 'string' || !/^[1-9.]{81}$/.test(digitsText)) return { error: 'the digits are not 81 characters of 1-9 and .' };
  if (typeof marksText !== 'string' || !(marksText === '' || /^[0-9a-v]{162}$/.test(marksText))) return { error: 'the pencil marks are not 162 characters of 0-9 and a-v' };
  const position = emptyPosition();
  for (let i = 0; i < 81; i++) {
    const ch = digitsText[i];
    if (ch === '.') continue;
    if (givens[i]) return { error: `box ${boxName(i)} holds a given, not a digit of yours` };
    position.digits[i] = Number(ch);
  }
  if (marksText) {
    for (let i = 0; i < 81; i++) {
      const hi = MARK_CHARS.indexOf(marksText[2 * i]);
      const lo = MARK_CHARS.indexOf(marksText[2 * i + 1]);
      const m = (hi << 5) | lo;
      if (m > ALL) return { error: `box ${boxName(i)}'s pencil marks are not a set of digits` };
      if (m && givens[i]) return { error: `box ${boxName(i)} holds a given, not pencil marks` };
      position.marks[i] = m;
    }
  }
  return { position };
}

/**
 * Check: the learner's position against the puzzle's `solution` (81 digits): `wrong`, the boxes
 * whose digit is not the solution's; `missing`, the boxes without a digit whose pencil marks
 * (when the box has any) lack the solution's digit. Says nothing of the solution itself.
 */
export function judge(position, givens, solution) {
  const wrong = [];
  const missing = [];
  let placed = 0;
  for (let i = 0; i < 81; i++) {
    if (givens[i]) continue;
    const d = position.digits[i];
    if (d) {
      placed++;
      if (d !== solution[i]) wrong.push(i);
    } else if (position.marks[i] && !(position.marks[i] & (1 << (solution[i] - 1)))) {
      missing.push(i);
    }
  }
  return { wrong, missing, placed };
}

/** The board's view of a position: each box's mask, whose digit it is, and where marks are drawn. */
export function boardCells(position, givens) {
  const cells = new Uint16Array(81);
  const given = new Array(81);
  const mine = new Array(81);
  const pencil = new Array(81);
  for (let i = 0; i < 81; i++) {
    given[i] = !!givens[i];
    mine[i] = !givens[i] && !!position.digits[i];
    pencil[i] = !given[i] && !mine[i];
    const d = givens[i] || position.digits[i];
    cells[i] = d ? 1 << (d - 1) : position.marks[i];
  }
  return { cells, givens: given, mine, pencil };
}

/**
 * The position as the text a hint is asked from: a candidate grid (nine lines of nine fields,
 * the parser's form) when the learner keeps pencil marks in every open box, else a line of 81
 * boxes, the givens and the learner's digits.
 */
export function positionText(position, givens) {
  const held = (i) => givens[i] || position.digits[i];
  if (!marksComplete(position, givens)) return Array.from({ length: 81 }, (_, i) => (held(i) ? String(held(i)) : '.')).join('');
  const rows = [];
  for (let r = 0; r < 9; r++) {
    const fields = [];
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      fields.push(held(i) ? String(held(i)) : digitsText(position.marks[i]));
    }
    rows.push(fields.join(' '));
  }
  return rows.join('\n');
}

/**
 * The position after a hint's step is applied: each box the grid after the step (`after`, 81
 * masks) holds one candidate of becomes the learner's digit (a box with one candidate is solved,
 * as the course has it); and the grid's candidates become the learner's pencil marks where they
 * keep them, or where the step placed nothing (its removals are marks). `changes`: the step's
 * boxes and their masks after it.
 */
export function applyStep(position, givens, changes, after) {
  const digits = Uint8Array.from(position.digits);
  let placed = false;
  for (const { box, after: m } of changes) if (!givens[box] && count(m) === 1) placed = true;
  for (let i = 0; i < 81; i++) if (!givens[i] && !digits[i] && count(after[i]) === 1) digits[i] = 31 - Math.clz32(after[i]) + 1;
  const keepMarks = marksComplete(position, givens) || !placed;
  const marks = keepMarks ? Uint16Array.from(after, (m, i) => (givens[i] || digits[i] ? position.marks[i] : m)) : position.marks;
  return { digits, marks };
}

/** The puzzle's givens as 81 digits (0 for none), from the parser's candidates (masks). */
export function givensOf(initial) {
  return Uint8Array.from(initial, (m) => (count(m) === 1 ? 31 - Math.clz32(m) + 1 : 0));
}

/** The name of box `i`, A1..I9. */
export function boxName(i) {
  return `${'ABCDEFGHI'[Math.floor(i / 9)]}${(i % 9) + 1}`;
}
