// The regions, windows and diagonals (board/constraints/regions.js, windoku.js, extra-region.js,
// diagonal.js, anti-diagonal.js) and their shared shapes (shapes.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { borders, boxOf } from '../../../board/constraints/shapes.js';
import * as regions from '../../../board/constraints/regions.js';
import * as windoku from '../../../board/constraints/windoku.js';
import * as extraRegion from '../../../board/constraints/extra-region.js';
import * as diagonal from '../../../board/constraints/diagonal.js';
import * as antiDiagonal from '../../../board/constraints/anti-diagonal.js';

/** The squares as a jigsaw layout: region of box i. */
const SQUARES = Array.from({ length: 81 }, (_, i) => String(3 * Math.floor(i / 27) + Math.floor((i % 9) / 3) + 1)).join('');

test('boxes by name', () => {
  assert.equal(boxOf('A1'), 0);
  assert.equal(boxOf('I9'), 80);
  assert.equal(boxOf('J1'), -1);
});

test('regions: a border wherever two neighbours differ (the squares\' layout gives the squares\' 36 sides)', () => {
  const shapes = regions.draw({ kind: 'regions', regions: SQUARES });
  assert.equal(shapes.length, 36);
  assert.ok(shapes.every((s) => s.attrs.class === 'region'));
  assert.ok(shapes.some((s) => s.attrs.x1 === 3 && s.attrs.x2 === 3 && s.attrs.y1 === 0 && s.attrs.y2 === 1));
  assert.deepEqual(regions.draw({ kind: 'regions', regions: '123' }), []);
  assert.equal(borders('x', () => 1).length, 0);
});

test('windoku shades its four squares, an extra region its boxes', () => {
  const w = windoku.draw();
  assert.equal(w.length, 36);
  assert.deepEqual(w.slice(0, 3).map((s) => [s.attrs.x, s.attrs.y]), [[1, 1], [2, 1], [3, 1]]);
  assert.deepEqual(extraRegion.draw({ boxes: ['A1', 'I9', 'nope'] }).map((s) => [s.attrs.x, s.attrs.y]), [[0, 0], [8, 8]]);
});

test('the diagonals run corner to corner', () => {
  assert.deepEqual(diagonal.draw()[0].attrs, { class: 'diagonal', x1: 0, y1: 0, x2: 9, y2: 9 });
  assert.deepEqual(antiDiagonal.draw()[0].attrs, { class: 'diagonal', x1: 9, y1: 0, x2: 0, y2: 9 });
});
