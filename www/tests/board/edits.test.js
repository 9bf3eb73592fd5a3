// The undo and redo history of the puzzle (EditHistory): whole inputs (text, diagonal rule,
// strategies) walked back and forth, typing merged, the length bounded; and PuzzleEdits, which
// hands the session each edit and each input Undo and Redo go back or forward to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditHistory, MERGE_MS, PuzzleEdits, sameInput, sameState } from '../../board/edits.js';

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

/** A button double: a click does nothing while it is disabled, as in a browser. */
class Button {
  constructor() {
    this.disabled = false;
    this.on = {};
  }
  addEventListener(type, f) {
    this.on[type] = f;
  }
  click() {
    if (!this.disabled) this.on.click();
  }
}

/** A session double: it keeps the whole input, as Session does, and lists what it was asked. */
function fakeSession(input) {
  return {
    input,
    asked: [],
    edit(changes, options) {
      this.input = { ...this.input, ...changes };
      this.asked.push(options);
    },
  };
}

function setup(input = { text: 'A', diagonal: false, strategies: ['eliminate', 'only_choice'] }) {
  const session = fakeSession(input);
  const b = { undo: new Button(), redo: new Button(), clear: new Button() };
  const keys = new Button();
  const said = [];
  const edits = new PuzzleEdits({ session, ...b, say: (t) => said.push(t), keys });
  const key = (k, { shift = false, tagName = 'BODY' } = {}) => keys.on.keydown({ ctrlKey: true, metaKey: false, altKey: false, shiftKey: shift, key: k, target: { tagName }, preventDefault() {} });
  return { session, edits, said, key, ...b };
}

test('a rule or a strategy toggled is an edit: Undo and Redo give the session the whole input back', () => {
  const s = setup();
  const start = s.session.input;
  s.edits.edit({ diagonal: true });
  s.edits.edit({ strategies: ['only_choice'] });
  assert.equal(s.undo.disabled, false);
  s.undo.click();
  assert.deepEqual(s.session.input, { text: 'A', diagonal: true, strategies: ['eliminate', 'only_choice'] });
  s.key('z');
  assert.deepEqual(s.session.input, start);
  assert.equal(s.undo.disabled, true);
  s.key('z', { shift: true });
  s.key('y');
  assert.deepEqual(s.session.input, { text: 'A', diagonal: true, strategies: ['only_choice'] });
  assert.equal(s.redo.disabled, true);
  // In a text field the keys are the field's own.
  s.key('z', { tagName: 'TEXTAREA' });
  assert.deepEqual(s.session.input.strategies, ['only_choice']);
  assert.ok(s.session.asked.every((o) => o.now), 'each is parsed at once');
});

test('a sample is one edit of the text and its rule; Clear keeps the rule and Undo brings the puzzle back', () => {
  const s = setup();
  s.edits.edit({ text: 'D', diagonal: true });
  s.clear.click();
  assert.deepEqual(s.session.input, { text: '', diagonal: true, strategies: ['eliminate', 'only_choice'] });
  assert.match(s.said.at(-1), /Undo/);
  s.clear.click();
  s.undo.click();
  assert.deepEqual(s.session.input, { text: 'D', diagonal: true, strategies: ['eliminate', 'only_choice'] });
  s.undo.click();
  assert.deepEqual(s.session.input, { text: 'A', diagonal: false, strategies: ['eliminate', 'only_choice'] });
});

test('typing in the text box waits to parse and is merged; an edit made elsewhere (a trace opened) is recorded whole', () => {
  const s = setup();
  s.edits.edit({ text: 'AB' }, { group: 'text', now: false });
  s.edits.edit({ text: 'ABC' }, { group: 'text', now: false });
  assert.deepEqual(s.session.asked.map((o) => o.now), [false, false]);
  const before = s.session.input;
  s.session.input = { text: 'T', diagonal: true, strategies: ['x', 'y'] };
  s.edits.record(before, s.session.input);
  s.undo.click();
  assert.deepEqual(s.session.input, { text: 'ABC', diagonal: false, strategies: ['eliminate', 'only_choice'] });
  s.undo.click();
  assert.equal(s.session.input.text, 'A');
  s.redo.click();
  s.redo.click();
  assert.deepEqual(s.session.input, { text: 'T', diagonal: true, strategies: ['x', 'y'] });
});

test('moves of play mode share the history with edits: Undo walks both in the order made, and hands a move to `restore`', () => {
  const session = fakeSession({ text: 'A', diagonal: false, strategies: ['eliminate'] });
  const b = { undo: new Button(), redo: new Button(), clear: new Button() };
  const restored = [];
  const edits = new PuzzleEdits({ session, ...b, say: () => {}, keys: new Button(), restore: (s) => restored.push(s) });
  edits.edit({ text: 'B' });
  edits.record({ play: 's:B', position: 'p0' }, { play: 's:B', position: 'p1' });
  edits.record({ play: 's:B', position: 'p1' }, { play: 's:B', position: 'p1' });
  edits.record({ play: 's:B', position: 'p1' }, { play: 's:B', position: 'p2' });
  b.undo.click();
  b.undo.click();
  assert.deepEqual(restored, [{ play: 's:B', position: 'p1' }, { play: 's:B', position: 'p0' }], 'a move that changed nothing is not recorded');
  assert.equal(session.input.text, 'B', 'undoing moves leaves the puzzle');
  b.undo.click();
  assert.equal(session.input.text, 'A');
  assert.equal(b.undo.disabled, true);
  b.redo.click();
  b.redo.click();
  assert.equal(session.input.text, 'B');
  assert.deepEqual(restored.at(-1), { play: 's:B', position: 'p1' });
});

test('Clear asks `clearing` first: play mode clears the game, not the puzzle', () => {
  const session = fakeSession({ text: 'A', diagonal: false, strategies: ['eliminate'] });
  const b = { undo: new Button(), redo: new Button(), clear: new Button() };
  let playing = true;
  const edits = new PuzzleEdits({ session, ...b, say: () => {}, keys: new Button(), clearing: () => playing });
  b.clear.click();
  assert.equal(session.input.text, 'A');
  playing = false;
  b.clear.click();
  assert.equal(session.input.text, '');
  assert.equal(edits.history.canUndo, true);
});

test('sameState tells play positions apart from inputs and from each other', () => {
  assert.equal(sameState({ play: 'k', position: 'a' }, { play: 'k', position: 'a' }), true);
  assert.equal(sameState({ play: 'k', position: 'a' }, { play: 'j', position: 'a' }), false);
  assert.equal(sameState({ play: 'k', position: 'a' }, input('a')), false);
  assert.equal(sameState(input('a'), input('a')), true);
});
