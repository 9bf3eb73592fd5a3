// The view's state in the URL's fragment (app/url.js): the round trip, defaults, malformed parts,
// MAX_LINK.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeState, decodeState, shareLink, MAX_LINK } from '../../app/url.js';

// The registry's ids as the page gets them from the worker; url.js itself names none.
const KNOWN = { ids: ['eliminate', 'only_choice', 'naked_twins', 'hidden_pairs'], defaults: ['eliminate', 'only_choice', 'naked_twins'] };

test('a state survives the round trip through the fragment', () => {
  const state = { puzzle: '2.....\n| 1 + -|', diagonal: true, strategies: ['eliminate', 'naked_twins'], step: 42 };
  assert.deepEqual(decodeState('#' + encodeState(state, KNOWN), KNOWN), state);
});

test('defaults are left out of the fragment and read back', () => {
  assert.equal(encodeState({ puzzle: '', diagonal: false, strategies: [...KNOWN.defaults], step: 0 }, KNOWN), '');
  assert.deepEqual(decodeState('', KNOWN), { puzzle: '', diagonal: false, strategies: [...KNOWN.defaults], step: 0 });
});

test('a set beyond the defaults is written in ladder order', () => {
  const f = encodeState({ puzzle: '1', strategies: ['hidden_pairs', 'eliminate', 'only_choice', 'naked_twins'] }, KNOWN);
  assert.match(f, /s=eliminate%2Conly_choice%2Cnaked_twins%2Chidden_pairs/);
});

test('no strategies (pure search) is kept apart from the default', () => {
  const f = encodeState({ puzzle: '1', strategies: [] }, KNOWN);
  assert.match(f, /s=(&|$)/);
  assert.deepEqual(decodeState(f, KNOWN).strategies, []);
});

test('malformed parts fall back to defaults', () => {
  const s = decodeState('step=-3&s=bogus,eliminate&d=yes', KNOWN);
  assert.equal(s.step, 0);
  assert.deepEqual(s.strategies, ['eliminate']);
  assert.equal(s.diagonal, false);
});

test('strategy names are read in any case, with hyphens or underscores', () => {
  assert.deepEqual(decodeState('s=ELIMINATE,Only-Choice', KNOWN).strategies, ['eliminate', 'only_choice']);
  assert.deepEqual(decodeState('s=Naked_Twins', KNOWN).strategies, ['naked_twins']);
});

test('an s= naming no known strategy means the defaults, not an empty set', () => {
  assert.deepEqual(decodeState('s=bogus', KNOWN).strategies, KNOWN.defaults);
  assert.deepEqual(decodeState('s=,,', KNOWN).strategies, KNOWN.defaults);
});

test('a step that is not a whole count of steps is malformed: 0', () => {
  for (const bad of ['1e308', '1e3', '4.5', '0x10', '-1', ' 7', '7abc', '99999999999999999999', 'Infinity', '']) {
    assert.equal(decodeState(`p=1&step=${encodeURIComponent(bad)}`, KNOWN).step, 0, `step=${bad}`);
  }
  assert.equal(decodeState('step=37', KNOWN).step, 37);
});

test('a share link within the bound is made; one over it is refused with its length', () => {
  const base = 'https://example.org/propagate/';
  const ok = shareLink(base, { puzzle: '..3.2.6..', step: 4 }, KNOWN);
  assert.equal(ok.link, `${base}#p=..3.2.6..&step=4`);
  assert.equal(shareLink(base, {}, KNOWN).link, base);
  const long = shareLink(base, { puzzle: '.'.repeat(MAX_LINK) }, KNOWN);
  assert.equal(long.link, undefined);
  assert.ok(long.length > MAX_LINK);
  assert.match(long.error, /too long for a link/);
  assert.match(long.error, /8,000/);
});

test("the course's largest grid text, a candidate grid in the display layout, fits in a link", () => {
  const row = '123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n';
  const rule = '------------------------------+-------------------------------+------------------------------\n';
  const grid = (row.repeat(3) + rule).repeat(2) + row.repeat(3);
  const made = shareLink('https://example.org/', { puzzle: grid, diagonal: true, strategies: [], step: 50_000 }, KNOWN);
  assert.ok(made.link, made.error);
});

test("a p= longer than the parser takes (whitespace counted) is not read: no puzzle, and an error naming p= and its size", () => {
  const s = decodeState(`#p=${'%0A'.repeat(600_000)}&d=1`, KNOWN);
  assert.equal(s.puzzle, '');
  assert.match(s.error, /^The link's puzzle \(p=\) is too long: 600,000 bytes \(a puzzle is at most 100,000\)/);
  // Multi-byte characters count by their UTF-8 bytes, as the parser counts them.
  assert.ok(decodeState(`p=${encodeURIComponent('\u3000'.repeat(40_000))}`, KNOWN).error);
  // At the cap, read as it is.
  const at = decodeState(`p=${'1'.repeat(100_000)}`, KNOWN);
  assert.equal(at.puzzle.length, 100_000);
  assert.equal(at.error, undefined);
});

test("a game (play= and marks=) survives the round trip; one that does not read is left out and said", () => {
  const play = { digits: `4${'.'.repeat(80)}`, marks: '0'.repeat(160) + 'ff' };
  const state = { puzzle: '.'.repeat(81), diagonal: false, strategies: [...KNOWN.defaults], step: 0, play };
  assert.deepEqual(decodeState(encodeState(state, KNOWN), KNOWN), state);
  const noMarks = { ...state, play: { digits: play.digits, marks: '' } };
  const f = encodeState(noMarks, KNOWN);
  assert.doesNotMatch(f, /marks=/);
  assert.deepEqual(decodeState(f, KNOWN), noMarks);
  for (const bad of ['play=123', `play=${'0'.repeat(81)}`, `play=${'.'.repeat(81)}&marks=zz`]) {
    const read = decodeState(`p=1&${bad}`, KNOWN);
    assert.equal(read.play, undefined, bad);
    assert.match(read.playError, /does not read/, bad);
  }
  // A link without a game (no `play=`) reads without a `playError`.
  assert.equal('playError' in decodeState('p=1&step=3', KNOWN), false);
});
