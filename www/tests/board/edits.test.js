// The undo and redo history of the puzzle's text (EditHistory): edits walked back and forth,
// typing merged, the length bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditHistory, MERGE_MS } from '../../board/edits.js';

test('undo and redo walk the edits; a new edit drops the redos', () => {
  const h = new EditHistory();
  assert.equal(h.undo(), null);
  h.record('a', 'b');
  h.record('b', 'c');
  assert.equal(h.undo(), 'b');
  assert.equal(h.undo(), 'a');
  assert.equal(h.canUndo, false);
  assert.equal(h.redo(), 'b');
  h.record('b', 'x');
  assert.equal(h.canRedo, false);
  assert.equal(h.undo(), 'b');
  h.record('b', 'b');
  assert.equal(h.canRedo, true, 'an edit that changes nothing is not recorded');
});

test('typing in a group merges within MERGE_MS, and not across a pause or another group', () => {
  let t = 0;
  const h = new EditHistory({ now: () => t });
  h.record('', 'a', 'text');
  t += 100;
  h.record('a', 'ab', 'text');
  t += MERGE_MS + 1;
  h.record('ab', 'abc', 'text');
  h.record('abc', 'abcd');
  assert.equal(h.undo(), 'abc');
  assert.equal(h.undo(), 'ab');
  assert.equal(h.undo(), '');
  assert.equal(h.canUndo, false);
});

test('the history keeps at most `limit` edits', () => {
  const h = new EditHistory({ limit: 3 });
  for (let k = 0; k < 5; k++) h.record(String(k), String(k + 1));
  assert.equal(h.undo(), '4');
  assert.equal(h.undo(), '3');
  assert.equal(h.undo(), '2');
  assert.equal(h.undo(), null);
});
