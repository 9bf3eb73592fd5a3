// The games kept in the browser's storage (play/store.js): a versioned record, read whole or not
// at all; a record that does not read is ignored with a reason and replaced at the next move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameStore, STORAGE_KEY, MAX_GAMES, readRecord, writeRecord } from '../../play/store.js';

const KEY = `s:${'.'.repeat(80)}5`;
const POSITION = `${'1'.repeat(80)}.${'0'.repeat(162)}`;

/** A localStorage double. */
function storage(initial = {}) {
  const items = { ...initial };
  return { items, getItem: (k) => (k in items ? items[k] : null), setItem: (k, v) => { items[k] = String(v); } };
}

test('a game put is read back by the next visit', () => {
  const s = storage();
  new GameStore(s).put(KEY, POSITION);
  const again = new GameStore(s);
  assert.equal(again.error, null);
  assert.equal(again.get(KEY), POSITION);
  again.put(KEY, null);
  assert.equal(new GameStore(s).get(KEY), null);
});

test("a variant's game is kept under its givens and its text, and read back", () => {
  const s = storage();
  const killer = `v:${'.'.repeat(81)}:.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5`;
  const jigsawX = `vd:${'.'.repeat(80)}5:.NoBoxes.Jigsaw~${'0'.repeat(81)}.~R9C9_5`;
  new GameStore(s).put(killer, POSITION);
  new GameStore(s).put(jigsawX, POSITION);
  const again = new GameStore(s);
  assert.equal(again.error, null);
  assert.equal(again.get(killer), POSITION);
  assert.equal(again.get(jigsawX), POSITION);
  // A variant's key without its text, or with givens short of 81, does not read.
  for (const bad of [`v:${'.'.repeat(81)}`, `v:${'.'.repeat(81)}:`, `v:${'.'.repeat(80)}:.Windoku`, `x:${'.'.repeat(81)}:.Windoku`]) {
    assert.match(readRecord(writeRecord([[bad, POSITION]])).error, /puzzle does not read/, bad);
  }
});

test('a corrupt, foreign or other-version record is ignored with a reason, never thrown', () => {
  const cases = {
    'not json': /not JSON/,
    '{"format":"else","version":1,"games":[]}': /not a record of this page/,
    '{"format":"propagate-play","version":2,"games":[]}': /version 2/,
    '{"format":"propagate-play","version":1,"games":{}}': /list of games/,
    [`{"format":"propagate-play","version":1,"games":[{"puzzle":"x","position":"${POSITION}"}]}`]: /game 1's puzzle/,
    [`{"format":"propagate-play","version":1,"games":[{"puzzle":"${KEY}","position":"1"}]}`]: /game 1's position/,
    null: /not a record/,
  };
  for (const [text, why] of Object.entries(cases)) {
    const s = storage({ [STORAGE_KEY]: text });
    const store = new GameStore(s);
    assert.match(store.error, why, text);
    assert.match(store.error, /ignored/);
    assert.equal(store.get(KEY), null);
    store.put(KEY, POSITION);
    assert.deepEqual(readRecord(s.items[STORAGE_KEY]), { games: [[KEY, POSITION]] }, 'replaced at the next move');
  }
});

test('a storage the browser refuses is none; a full one keeps the game in the page', () => {
  const refusing = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('no'); } };
  const a = new GameStore(refusing);
  a.put(KEY, POSITION);
  assert.equal(a.get(KEY), POSITION);
  const full = { getItem: () => null, setItem() { throw new Error('QuotaExceededError'); } };
  const b = new GameStore(full);
  b.put(KEY, POSITION);
  assert.equal(b.get(KEY), POSITION);
  assert.equal(new GameStore(null).get(KEY), null);
});

test('only the most recent MAX_GAMES games are kept', () => {
  const s = storage();
  const store = new GameStore(s);
  for (let n = 1; n <= MAX_GAMES + 5; n++) store.put(`d:${'.'.repeat(81 - String(n).length)}${String(n).replace(/0/g, '9')}`, POSITION);
  const read = readRecord(s.items[STORAGE_KEY]);
  assert.equal(read.games.length, MAX_GAMES);
  assert.equal(writeRecord(read.games), s.items[STORAGE_KEY]);
});
