import { test } from 'node:test';
import assert from 'node:assert/strict';
import { givensOfLine, givensOfCandidates, lineOf, candidatesOf, keyEdit, moveFrom, EditHistory, MERGE_MS, sameInput } from '../entry.js';
import { textMask } from '../digits.js';

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

/** An input as the page holds it: the text, Diagonal Sudoku and the strategies, in ladder order. */
const input = (text, diagonal = false, strategies = ['eliminate']) => ({ text, diagonal, strategies });

test('undo and redo walk the edits; a new edit drops the redos', () => {
  const h = new EditHistory();
  assert.equal(h.undo(), null);
  h.record(input('a'), input('b'));
  h.record(input('b'), input('c'));
  assert.deepEqual(h.undo(), input('b'));
  assert.deepEqual(h.undo(), input('a'));
  assert.equal(h.canUndo, false);
  assert.deepEqual(h.redo(), input('b'));
  h.record(input('b'), input('x'));
  assert.equal(h.canRedo, false);
  assert.deepEqual(h.undo(), input('b'));
  h.record(input('b'), input('b'));
  assert.equal(h.canRedo, true, 'an edit that changes nothing is not recorded');
});

test('typing in a group merges within MERGE_MS, and not across a pause or another group', () => {
  let t = 0;
  const h = new EditHistory({ now: () => t });
  h.record(input(''), input('a'), 'text');
  t += 100;
  h.record(input('a'), input('ab'), 'text');
  t += MERGE_MS + 1;
  h.record(input('ab'), input('abc'), 'text');
  h.record(input('abc'), input('abcd'));
  assert.deepEqual(h.undo(), input('abc'));
  assert.deepEqual(h.undo(), input('ab'));
  assert.deepEqual(h.undo(), input(''));
  assert.equal(h.canUndo, false);
});

test('the history keeps at most `limit` edits', () => {
  const h = new EditHistory({ limit: 3 });
  for (let k = 0; k < 5; k++) h.record(input(String(k)), input(String(k + 1)));
  assert.deepEqual(h.undo(), input('4'));
  assert.deepEqual(h.undo(), input('3'));
  assert.deepEqual(h.undo(), input('2'));
  assert.equal(h.undo(), null);
});

test('sameInput: the same text, rule and strategies, whatever object holds them', () => {
  assert.equal(sameInput(input('A'), input('A')), true);
  assert.equal(sameInput(input('A'), input('B')), false);
  assert.equal(sameInput(input('A'), input('A', true)), false);
  assert.equal(sameInput(input('A'), input('A', false, [])), false);
  assert.equal(sameInput(input('A', false, ['a', 'b']), input('A', false, ['a', 'c'])), false);
});

test('the history holds whole inputs: a rule or a strategy toggled is an edit, undone and redone whole', () => {
  const h = new EditHistory();
  const a = input('A');
  const b = input('A', true);
  const c = input('A', true, []);
  h.record(a, b);
  h.record(b, c);
  h.record(c, input('A', true, []));
  assert.equal(h.done.length, 2, 'an edit to an equal input (another object) is not recorded');
  assert.deepEqual(h.undo(), b);
  assert.deepEqual(h.undo(), a);
  assert.equal(h.canUndo, false);
  assert.deepEqual(h.redo(), b);
  h.record(input('A', true), input('S', false));
  assert.equal(h.canRedo, false);
  assert.deepEqual(h.undo(), b, 'a sample: the text and its rule go back together');
});

test('typing merges with typing only: a toggle between two bursts keeps them apart', () => {
  let t = 0;
  const h = new EditHistory({ now: () => t });
  h.record(input(''), input('a'), 'text');
  t += 10;
  h.record(input('a'), input('ab'), 'text');
  t += 10;
  h.record(input('ab'), input('ab', true));
  t += 10;
  h.record(input('ab', true), input('abc', true), 'text');
  assert.deepEqual(h.undo(), input('ab', true));
  assert.deepEqual(h.undo(), input('ab'));
  assert.deepEqual(h.undo(), input(''));
  // Typed back to where it began: the burst undoes nothing, so it is no edit.
  h.record(input(''), input('x'), 'text');
  h.record(input('x'), input(''), 'text');
  assert.equal(h.canUndo, false);
});
