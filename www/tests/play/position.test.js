// The learner's position (play/position.js): moves, the filled-in candidates, the text the link
// and the storage hold, and Check's judgement against a solution.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyPosition, place, toggleMark, fillMarks, encode, decode, splitCode, judge, boardCells, marksComplete, isFull, peersOf, noMarks, readPeers,
} from '../../play/position.js';
import { rng } from '../helpers.js';

// The course's first grid and its solution.
const PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const givens = Uint8Array.from(PUZZLE, (c) => (c === '.' ? 0 : Number(c)));
const solution = Uint8Array.from(SOLUTION, Number);

test('moves give new positions and leave the old one as it was', () => {
  const a = emptyPosition();
  const b = place(a, 0, 4);
  const c = toggleMark(b, 1, 8);
  const d = toggleMark(c, 1, 8);
  assert.equal(a.digits[0], 0);
  assert.equal(b.digits[0], 4);
  assert.equal(c.marks[1], 1 << 7);
  assert.equal(d.marks[1], 0);
  assert.equal(encode(d), encode(b));
});

test('the text round-trips any position, and is 243 characters of the documented alphabet', () => {
  const r = rng(7);
  for (let n = 0; n < 200; n++) {
    let p = emptyPosition();
    for (let k = 0; k < 40; k++) {
      const i = Math.floor(r() * 81);
      if (givens[i]) continue;
      p = r() < 0.3 ? place(p, i, 1 + Math.floor(r() * 9)) : toggleMark(p, i, 1 + Math.floor(r() * 9));
    }
    const text = encode(p);
    assert.match(text, /^[1-9.]{81}[0-9a-v]{162}$/);
    const { digits, marks } = splitCode(text);
    const back = decode(digits, marks, givens);
    assert.equal(encode(back.position), text);
  }
});

test('a position that does not fit its puzzle is refused, naming the box', () => {
  assert.equal(decode(`4${'.'.repeat(80)}`, '', givens).error, undefined);
  assert.match(decode(`..5${'.'.repeat(78)}`, '', givens).error, /A3 holds a given/);
  assert.match(decode('.'.repeat(81), `${'00'.repeat(2)}01${'00'.repeat(78)}`, givens).error, /A3 holds a given, not pencil marks/);
  assert.match(decode('.'.repeat(81), `vv${'00'.repeat(80)}`, givens).error, /A1's pencil marks are not a set/);
  assert.match(decode('.'.repeat(80), '', givens).error, /81 characters/);
  assert.match(decode('.'.repeat(81), '0'.repeat(161), givens).error, /162 characters/);
});

test('Fill in candidates: every empty box gets the digits none of its peers holds, with diagonals under the rule', () => {
  const p = fillMarks(place(emptyPosition(), 0, 4), givens, false);
  assert.equal(p.marks[0], 0, 'a box with a digit has no marks written');
  for (let i = 0; i < 81; i++) {
    if (givens[i] || i === 0) continue;
    for (let d = 1; d <= 9; d++) {
      const seen = [...peersOf(i, false)].some((k) => givens[k] === d || (k === 0 && d === 4));
      assert.equal(!!(p.marks[i] & (1 << (d - 1))), !seen, `box ${i} digit ${d}`);
    }
  }
  assert.ok(marksComplete(p, givens));
  assert.equal(peersOf(40, false).size, 20);
  assert.equal(peersOf(40, true).size, 20 + 12 - 0, 'the centre sees both diagonals');
  assert.equal(peersOf(1, true).size, 20);
});

test("a variant's peers, as the facade lists them, are what Fill in candidates reads instead of the rule's", () => {
  // Each box sees its row and a knight's move (an anti-knight puzzle without columns or squares:
  // what matters is that the list, not the rule, says what a box sees).
  const lists = [];
  for (let i = 0; i < 81; i++) {
    const r = Math.floor(i / 9);
    const c = i % 9;
    const seen = new Set();
    for (let k = 0; k < 9; k++) if (k !== c) seen.add(r * 9 + k);
    for (const [dr, dc] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) {
      if (r + dr >= 0 && r + dr < 9 && c + dc >= 0 && c + dc < 9) seen.add((r + dr) * 9 + c + dc);
    }
    lists.push([...seen].sort((a, b) => a - b));
  }
  const flat = Uint8Array.from(lists.flatMap((l) => [l.length, ...l]));
  const peers = readPeers(flat);
  assert.deepEqual(peers, lists);
  // A1 = 5: B3 and C2 (a knight's move) and row A lose 5; A1's column and square keep it.
  const none = new Uint8Array(81);
  const p = fillMarks(place(emptyPosition(), 0, 5), none, false, peers);
  const has5 = (i) => !!(p.marks[i] & (1 << 4));
  assert.equal(has5(11), false, 'B3');
  assert.equal(has5(19), false, 'C2');
  assert.equal(has5(4), false, 'A5');
  assert.equal(has5(9), true, 'B1: same column, not seen here');
  assert.equal(has5(10), true, 'B2: same square, not seen here');
  // A list that does not describe 81 boxes is none.
  assert.equal(readPeers(flat.subarray(0, flat.length - 1)), null);
  assert.equal(readPeers(Uint8Array.from([...flat, 0])), null);
  assert.equal(readPeers(null), null);
});

test('Check judges the digits placed and the marks that lost the solution\'s digit, nothing else', () => {
  let p = emptyPosition();
  assert.deepEqual(judge(p, givens, solution), { wrong: [], missing: [], placed: 0 });
  p = place(p, 0, 4); // right
  p = place(p, 1, 9); // wrong: 8
  p = toggleMark(p, 3, 1); // A4 is 9: its marks lack it
  p = toggleMark(p, 5, 1); // A6 is 1: kept
  assert.deepEqual(judge(p, givens, solution), { wrong: [1], missing: [3], placed: 2 });
  // Every box right: a full grid.
  let full = emptyPosition();
  for (let i = 0; i < 81; i++) if (!givens[i]) full = place(full, i, solution[i]);
  assert.ok(isFull(full, givens));
  assert.deepEqual(judge(full, givens, solution), { wrong: [], missing: [], placed: 81 - givens.filter(Boolean).length });
  assert.ok(noMarks(full));
});

test('the board draws givens, the learner\'s digits as theirs, and marks (one or none) as marks', () => {
  let p = place(emptyPosition(), 0, 4);
  p = toggleMark(p, 1, 8);
  const v = boardCells(p, givens);
  assert.deepEqual([v.givens[2], v.mine[0], v.pencil[1], v.pencil[3]], [true, true, true, true]);
  assert.deepEqual([v.cells[0], v.cells[1], v.cells[2], v.cells[3]], [1 << 3, 1 << 7, 1 << 2, 0]);
  assert.equal(v.mine[2], false);
  assert.equal(v.pencil[0], false);
});

test('a hint is asked from the digits alone, or from a candidate grid once every open box has marks', async () => {
  const { positionText } = await import('../../play/position.js');
  let p = place(emptyPosition(), 0, 4);
  assert.equal(positionText(p, givens), `4${PUZZLE.slice(1)}`);
  p = toggleMark(p, 1, 8);
  assert.equal(positionText(p, givens), `4${PUZZLE.slice(1)}`, 'marks in some boxes only: the digits alone');
  p = fillMarks(p, givens, false);
  const rows = positionText(p, givens).split('\n');
  assert.equal(rows.length, 9);
  const a = rows[0].split(' ');
  assert.equal(a[0], '4', 'the learner\'s digit');
  assert.equal(a[2], '3', 'a given');
  assert.equal(a[1], [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => p.marks[1] & (1 << (d - 1))).join(''), 'the marks');
  assert.ok(rows.every((r) => r.split(' ').length === 9));
});

test('a hint applied: a box left one candidate becomes the learner\'s digit; the candidates become marks where kept or where nothing was placed', async () => {
  const { applyStep } = await import('../../play/position.js');
  const after = new Uint16Array(81).fill(0x1ff);
  after[0] = 1 << 3;
  const placed = applyStep(emptyPosition(), givens, [{ box: 0, after: 1 << 3 }], after);
  assert.equal(placed.digits[0], 4);
  assert.ok(noMarks(placed), 'no marks kept, a placement: none written');
  const removal = applyStep(emptyPosition(), givens, [{ box: 1, after: 0b11 }], Uint16Array.from(after, (m, i) => (i === 1 ? 0b11 : m)));
  assert.equal(removal.digits[1], 0);
  assert.equal(removal.marks[1], 0b11, 'a removal is kept as marks');
  assert.equal(removal.marks[2], 0, 'never on a given');
  // A box the grid after the step leaves one candidate is solved: the learner's digit.
  const single = Uint16Array.from(after, (m, i) => (i === 1 ? 0b11 : i === 3 ? 1 << 8 : m));
  const solved = applyStep(emptyPosition(), givens, [{ box: 1, after: 0b11 }], single);
  assert.equal(solved.digits[3], 9);
});
