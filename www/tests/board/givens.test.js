// The givens of the puzzle as the grid edits them: read from a line or from candidates, written
// back as a line, and the keys that edit and move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { givensOfLine, givensOfCandidates, lineOf, candidatesOf, keyEdit, moveFrom } from '../../board/givens.js';
import { textMask } from '../../trace/digits.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

test('a line of 81 boxes reads as typed, conflicts too, and writes back the same', () => {
  const g = givensOfLine(`  ${EASY}\n`);
  assert.equal(g.length, 81);
  assert.equal(g[2], '3');
  assert.equal(g[0], '');
  assert.equal(lineOf(g), EASY);
  const conflict = `11${'.'.repeat(79)}`;
  assert.deepEqual(givensOfLine(conflict).slice(0, 3), ['1', '1', '']);
  assert.equal(givensOfLine(`0${'.'.repeat(80)}`)[0], '');
});

test('anything but one line of 81 boxes is not read as a line', () => {
  assert.equal(givensOfLine(EASY.slice(1)), null);
  assert.equal(givensOfLine(`${EASY}.`), null);
  assert.equal(givensOfLine(EASY.replace('3', 'x')), null);
  assert.equal(givensOfLine(`${EASY.slice(0, 40)}\n${EASY.slice(40)}`), null);
  assert.equal(givensOfLine(''), null);
});

test('parsed candidates give givens unless a box holds some but not all candidates', () => {
  const initial = candidatesOf(givensOfLine(EASY));
  assert.equal(initial[0], 0x1ff, 'an empty box holds every digit (a mask)');
  assert.equal(initial[2], textMask('3'));
  assert.equal(lineOf(givensOfCandidates(initial)), EASY);
  const marks = initial.slice();
  marks[0] = textMask('45');
  assert.equal(givensOfCandidates(marks), null);
  assert.equal(givensOfCandidates(initial.slice(1)), null);
});

test('keys: digits set, 0 . Backspace Delete clear, arrows move, others do nothing', () => {
  assert.deepEqual(keyEdit('7'), { set: '7' });
  for (const k of ['0', '.', 'Backspace', 'Delete']) assert.deepEqual(keyEdit(k), { set: '' });
  assert.deepEqual(keyEdit('ArrowLeft'), { move: [0, -1] });
  for (const k of ['a', 'Enter', 'Tab', ' ', 'F5']) assert.equal(keyEdit(k), null);
});

test('arrows stop at the edges of the grid', () => {
  assert.equal(moveFrom(0, [0, -1]), 0);
  assert.equal(moveFrom(0, [-1, 0]), 0);
  assert.equal(moveFrom(0, [1, 0]), 9);
  assert.equal(moveFrom(8, [0, 1]), 8);
  assert.equal(moveFrom(80, [1, 1]), 80);
  assert.equal(moveFrom(40, [0, 1]), 41);
});
