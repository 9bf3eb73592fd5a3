// A killer cage's outline and sum (board/constraints/cage.js), in board units.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draw, outline } from '../../../board/constraints/cage.js';

const lines = (shapes) => shapes.filter((s) => s.tag === 'line').map((s) => [s.attrs.x1, s.attrs.y1, s.attrs.x2, s.attrs.y2]);

test('a domino A1-A2: six sides inset 0.08, joined where the boxes meet', () => {
  const got = lines(outline([0, 1])).map((l) => l.join(' ')).sort();
  assert.deepEqual(got, [
    '0.08 0.92 0.08 0.08', // A1's left, upwards
    '0.08 0.08 1 0.08', // A1's top, to the join
    '1 0.08 1.92 0.08', // A2's top
    '1.92 0.08 1.92 0.92', // A2's right
    '1 0.92 0.08 0.92', // A1's bottom, leftwards
    '1.92 0.92 1 0.92', // A2's bottom
  ].sort());
});

test('an L (A1, B1, B2): the inner corner runs on to the neighbour\'s line', () => {
  const got = lines(outline([0, 9, 10])).map((l) => l.join(' '));
  // A1's right side runs down past its own box to meet B2's top line at y = 1.08.
  assert.ok(got.includes('0.92 0.08 0.92 1.08'), got.join(' | '));
  // B2's top runs left to meet it.
  assert.ok(got.includes('0.92 1.08 1.92 1.08'), got.join(' | '));
  assert.equal(got.length, 8); // A1: top, left, right; B1: left, bottom; B2: top, right, bottom
});

test('the sum sits in the cage\'s first box (top, then left) on a backing; a cage without one has none', () => {
  const shapes = draw({ kind: 'cage', boxes: ['B2', 'A3', 'B3'], sum: 15 });
  const text = shapes.find((s) => s.tag === 'text');
  assert.equal(text.text, '15');
  assert.ok(text.attrs.x > 2 && text.attrs.x < 2.2 && text.attrs.y < 0.3, JSON.stringify(text.attrs));
  assert.equal(shapes.filter((s) => s.attrs.class === 'cage-sum-back').length, 1);
  assert.equal(draw({ kind: 'cage', boxes: ['A1', 'A2'] }).some((s) => s.tag === 'text'), false);
  assert.deepEqual(draw({ kind: 'cage', boxes: ['Z9', 7] }), []);
});
