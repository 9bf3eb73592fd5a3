// The address bar (Link.save): a burst of edits is written once, as the last puzzle the parser
// accepted in it, even when the burst ends on rejected input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Link } from '../../app/link.js';

const known = { ids: ['eliminate', 'only_choice'], defaults: ['eliminate', 'only_choice'] };

/** A Link over a session double whose input the test sets: accepted (a state) or not. */
function setup() {
  const written = [];
  globalThis.location = { href: 'http://page/' };
  globalThis.history = { replaceState: (_, __, url) => written.push(url) };
  const session = {
    run: null,
    puzzle: null, // the accepted puzzle, or null while the input is rejected
    async linkState() {
      return this.puzzle ? { state: { puzzle: this.puzzle, diagonal: false, strategies: known.defaults, step: 0 } } : { error: 'Nothing to link' };
    },
  };
  const link = new Link({ session, known: () => known, button: {}, status: {} });
  return { session, link, written };
}

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

test('a burst of edits is written once, as its last accepted puzzle', async () => {
  const s = setup();
  s.session.puzzle = 'A';
  s.link.save();
  s.session.puzzle = 'B';
  s.link.save();
  await wait(250);
  assert.deepEqual(s.written, ['http://page/#p=B']);
});

test('a burst that ends on rejected input writes the puzzle accepted just before it', async () => {
  const s = setup();
  s.session.puzzle = 'A';
  s.link.save();
  s.session.puzzle = null; // an edit the parser rejects, within the delay
  s.link.save();
  await wait(250);
  assert.deepEqual(s.written, ['http://page/#p=A']);
  // Rejected input alone writes nothing.
  s.link.save();
  await wait(250);
  assert.deepEqual(s.written, ['http://page/#p=A']);
});
