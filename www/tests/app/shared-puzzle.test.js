// Shared puzzles (app/shared-puzzle.js): the address parameters read as written, and a shared
// puzzle the facade opens put in the text box as the text it keeps (a line and rule, a
// variant's ISS string); the latest text wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressPuzzle, withoutPuzzle, SharedPuzzles } from '../../app/shared-puzzle.js';
import { Cancelled } from '../../app/solver.js';

test('?load= and ?fpuzzles= carry the data as written, + kept', () => {
  assert.equal(addressPuzzle('?load=N4Ig+a/b=='), 'https://www.f-puzzles.com/?load=N4Ig+a/b==');
  assert.equal(addressPuzzle('?x=1&fpuzzles=N4Ig%2Ba'), 'fpuzzlesN4Ig%2Ba');
  assert.equal(addressPuzzle('?trace=t.json'), null);
  assert.equal(addressPuzzle(''), null);
  assert.equal(withoutPuzzle('?x=1&load=abc&y=2'), '?x=1&y=2');
  assert.equal(withoutPuzzle('?fpuzzles=abc'), '');
});

/** A SharedPuzzles over fakes: `answers` maps a text to what openPuzzle gives (a promise). */
function make(answers) {
  const edits = [];
  const el = () => ({ textContent: '', hidden: true, href: '', addEventListener() {} });
  const shared = new SharedPuzzles({
    solver: {
      openPuzzle: (text) => answers[text](),
      exportPuzzle: async (text, diagonal) => `https://www.f-puzzles.com/?load=${text.length}${diagonal}`,
    },
    input: el(),
    button: el(),
    link: el(),
    status: el(),
    edit: (input) => edits.push(input),
    current: () => ({ text: '1'.repeat(81), diagonal: true }),
  });
  return { shared, edits };
}

test('a shared puzzle becomes its line and rule; a grid or a refusal changes nothing', async () => {
  const line = '.'.repeat(81);
  const { shared, edits } = make({
    link: async () => ({ text: line, diagonal: true, title: 'X', author: 'Y' }),
    grid: async () => null,
    bad: async () => { throw new Error('this puzzle has a killer cage'); },
    gone: async () => { throw new Cancelled(); },
  });
  await shared.open('link');
  assert.deepEqual(edits, [{ text: line, diagonal: true }]);
  assert.equal(shared.status.textContent, 'Opened X by Y.');
  await shared.open('grid');
  await shared.open('bad');
  await shared.open('gone');
  assert.equal(edits.length, 1);
  assert.equal(shared.status.textContent, '');
});

test('a variant becomes its ISS string in the standard rule, its constraints left to the parse', async () => {
  const iss = '.Cage~3~R1C1~R1C2';
  const { shared, edits } = make({
    link: async () => ({ text: iss, diagonal: false, title: null, author: null, puzzle: '{"constraints":[]}' }),
  });
  await shared.open('link');
  assert.deepEqual(edits, [{ text: iss, diagonal: false }]);
  assert.equal(shared.status.textContent, 'Opened the shared puzzle.');
});

test('only the latest text is opened', async () => {
  let release;
  const { shared, edits } = make({
    slow: () => new Promise((resolve) => { release = () => resolve({ text: 'a', diagonal: false }); }),
    fast: async () => ({ text: 'b', diagonal: false }),
  });
  const first = shared.open('slow');
  await shared.open('fast');
  release();
  await first;
  assert.deepEqual(edits, [{ text: 'b', diagonal: false }]);
});

test('the export link is of the puzzle on screen', async () => {
  const { shared } = make({});
  await shared.exportLink();
  assert.equal(shared.link.hidden, false);
  assert.equal(shared.link.href, 'https://www.f-puzzles.com/?load=81true');
});
