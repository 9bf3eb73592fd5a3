// The New puzzle panel's choices and words (app/new-puzzle.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { makeRequest, randomSeed, describeProgress, describeMade, describeGaveUp, rungsToOffer, PAGE_MAX_TRIES } from '../../app/new-puzzle.js';

const labelOf = (id) => ({ x_wing: 'X-wing', swordfish: 'Swordfish' })[id] || id;

test('the choices become the facade options, blank ratings left out', () => {
  const r = makeRequest({ needs: 'x_wing', diagonal: true, symmetric: false, ratingMin: '', ratingMax: ' 4.5 ' }, 7);
  assert.deepEqual(r, { ok: true, options: { seed: 7, diagonal: true, symmetric: false, maxTries: PAGE_MAX_TRIES, needs: 'x_wing', ratingMax: 4.5 } });
  const any = makeRequest({ needs: '', diagonal: false, symmetric: true, ratingMin: '', ratingMax: '' }, 1, 50);
  assert.deepEqual(any.options, { seed: 1, diagonal: false, symmetric: true, maxTries: 50 });
});

test('a rating that is no number on the scale, or an empty range, is refused by field', () => {
  assert.deepEqual(makeRequest({ ratingMin: 'hard' }, 1), { ok: false, field: 'ratingMin', message: 'The lowest rating "hard" is not a number from 0 to 12.' });
  assert.equal(makeRequest({ ratingMax: '13' }, 1).field, 'ratingMax');
  assert.equal(makeRequest({ ratingMin: '-1' }, 1).ok, false);
  const empty = makeRequest({ ratingMin: '5', ratingMax: '3' }, 1);
  assert.equal(empty.ok, false);
  assert.equal(empty.field, 'ratingMin');
  assert.match(empty.message, /lowest is above the highest/);
  assert.equal(makeRequest({ ratingMin: '3', ratingMax: '3' }, 1).ok, true);
});

test('seeds are whole numbers the facade reads exactly, and differ', () => {
  const a = randomSeed();
  const b = randomSeed();
  for (const s of [a, b, randomSeed(() => 0.999999999)]) assert.ok(Number.isSafeInteger(s) && s >= 0, String(s));
  assert.notEqual(a, b);
  assert.equal(randomSeed(() => 0), 0);
});

test('progress, a puzzle made and a request none passed, in words naming what was asked', () => {
  const options = { seed: 1, maxTries: 20000, needs: 'x_wing', symmetric: true, ratingMin: 2, ratingMax: 4 };
  assert.equal(describeProgress(options, 1234, labelOf), 'Making a puzzle that needs X-wing, with symmetric givens, rated 2 to 4… 1,234 tries so far.');
  assert.equal(describeProgress({ maxTries: 5 }, 1, labelOf), 'Making a puzzle… 1 try so far.');
  const made = { puzzle: '.'.repeat(81), tries: 12, rating: { kind: 'steps', technique: 'x_wing', label: 'X-wing', score: 3.2, step: 40, steps: 90 } };
  assert.equal(describeMade(options, made, labelOf), 'New puzzle that needs X-wing, with symmetric givens, rated 2 to 4, found in 12 tries: press Solve to watch it solved, or Play it yourself. It rates 3.2 (X-wing).');
  assert.match(describeMade({ maxTries: 5, ratingMin: 9 }, { tries: 1, rating: { kind: 'search', nodes: 3 } }, labelOf), /^New puzzle rated 9 or more, found in 1 try: /);
  const gaveUp = describeGaveUp({ maxTries: 20000, needs: 'swordfish', ratingMax: 2 }, labelOf);
  assert.match(gaveUp, /^No puzzle that needs Swordfish, rated 2 or less turned up in 20,000 tries, so none was made\./);
  assert.match(gaveUp, /no puzzle needs/);
  assert.doesNotMatch(describeGaveUp({ maxTries: 10, ratingMin: 11 }, labelOf), /technique/);
});

test('the rungs offered are the registry in ladder order, without those that act only on cages or make no step', () => {
  const registry = JSON.parse(readFileSync(new URL('../fixtures/strategies.json', import.meta.url), 'utf8'));
  const offered = rungsToOffer(registry);
  const caged = registry.filter((s) => s.cages);
  const noStep = registry.filter((s) => s.noStep);
  assert.ok(caged.length > 0, 'the registry marks the killer rungs');
  assert.deepEqual(noStep.map((s) => s.id), ['no_place'], 'the registry marks the rung that only ends branches');
  assert.deepEqual(offered.map((s) => s.id), registry.filter((s) => !s.cages && !s.noStep).map((s) => s.id));
  assert.equal(offered.length + caged.length + noStep.length, registry.length);
  assert.ok(offered.every((s, i) => i === 0 || s.order > offered[i - 1].order));
  assert.ok(offered.some((s) => s.id === 'x_wing'));
});
