import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PuzzleEdits } from '../edits.js';

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
