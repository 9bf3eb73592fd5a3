// The board's pure parts: which fill and ring a box's highlights give (as the CSS rules they
// replace chose), and the timing of its canvas animations (CSS's ease curves and keyframes).
import test from 'node:test';
import assert from 'node:assert/strict';
import { boxFill, boxRing, FILLS, RINGS, ease, cubicBezier, popAt, POP_MS, mix, fillStyle, rowCode } from '../../board/look.js';

const DIAG = 1;
const UNIT = 2;
const CAUSE = 4;
const PLACED = 8;
const CHANGED = 16;
const RESTORED = 32;
const GUESS = 64;
const CONFLICT = 128;

test('a box takes the fill of its last-listed highlight, as the CSS rules did', () => {
  assert.equal(FILLS[boxFill(0, false)], null);
  assert.equal(FILLS[boxFill(DIAG, false)], '--diag');
  assert.equal(FILLS[boxFill(DIAG | UNIT, false)], '--unit');
  assert.equal(FILLS[boxFill(UNIT | CAUSE, false)], '--cause');
  assert.equal(FILLS[boxFill(CAUSE | CHANGED, false)], '--changed-bg');
  assert.equal(FILLS[boxFill(CHANGED | PLACED, false)], '--placed-bg');
  assert.equal(FILLS[boxFill(CHANGED | RESTORED | PLACED, false)], '--restored');
  assert.equal(FILLS[boxFill(CAUSE | GUESS | RESTORED, false)], '--guess-bg');
  assert.equal(FILLS[boxFill(CAUSE | CONFLICT | GUESS, false)], '--conflict-bg');
  // An empty box is a conflict whatever its highlights.
  assert.equal(FILLS[boxFill(0, true)], '--conflict-bg');
  assert.equal(FILLS[boxFill(UNIT | DIAG, true)], '--conflict-bg');
});

test('rings: conflict over guess over placed over cause, none otherwise', () => {
  assert.equal(RINGS[boxRing(UNIT | CHANGED | RESTORED | DIAG)], null);
  assert.equal(RINGS[boxRing(CAUSE)], '--cause-ring');
  assert.equal(RINGS[boxRing(CAUSE | PLACED)], '--placed');
  assert.equal(RINGS[boxRing(CAUSE | PLACED | GUESS)], '--guess');
  assert.equal(RINGS[boxRing(CAUSE | GUESS | CONFLICT)], '--backtrack');
});

test('ease is CSS ease: 0 to 1, increasing, ahead of linear in the middle', () => {
  assert.equal(ease(0), 0);
  assert.equal(ease(1), 1);
  assert.equal(ease(-1), 0);
  assert.equal(ease(2), 1);
  let last = 0;
  for (let t = 0.05; t < 1; t += 0.05) {
    const v = ease(t);
    assert.ok(v >= last, `increasing at ${t}`);
    last = v;
  }
  // cubic-bezier(0.25, 0.1, 0.25, 1) at 0.5 is about 0.8024.
  assert.ok(Math.abs(ease(0.5) - 0.8024) < 0.002, String(ease(0.5)));
  // linear is linear
  assert.ok(Math.abs(cubicBezier(0, 0, 1, 1, 0.3) - 0.3) < 1e-4);
});

test('pop follows its keyframes: 0.4 and transparent, 1.15 and opaque at 70%, then 1', () => {
  assert.deepEqual(popAt(0), { scale: 0.4, opacity: 0 });
  const at70 = popAt(POP_MS * 0.7);
  assert.ok(Math.abs(at70.scale - 1.15) < 1e-6 && at70.opacity === 1);
  assert.deepEqual(popAt(POP_MS), { scale: 1, opacity: 1 });
  assert.deepEqual(popAt(POP_MS * 2), { scale: 1, opacity: 1 });
  assert.ok(popAt(POP_MS * 0.35).scale > 0.4 && popAt(POP_MS * 0.35).scale < 1.15);
});

test('colours mix premultiplied, and transparent draws nothing', () => {
  const red = [255, 0, 0, 1];
  const clear = [0, 0, 0, 0];
  assert.equal(fillStyle(clear), null);
  assert.equal(fillStyle(red), 'rgba(255, 0, 0, 1.000)');
  // Halfway from transparent: the colour itself at half opacity, not a darker one.
  assert.equal(fillStyle(mix(clear, red, 0.5)), 'rgba(255, 0, 0, 0.500)');
  assert.equal(fillStyle(mix(red, [0, 0, 255, 1], 0.5)), 'rgba(128, 0, 128, 1.000)');
});

test('a row of marks as one base-3 number, its first digit lowest', () => {
  // 0 hidden, 1 a candidate, 2 struck out.
  const state = [1, 0, 2, 0, 0, 0, 2, 2, 2];
  assert.equal(rowCode(state, 0), 1 + 0 * 3 + 2 * 9);
  assert.equal(rowCode(state, 1), 0);
  assert.equal(rowCode(state, 2), 26);
  // Every combination of a row is its own number in 0..26.
  const seen = new Set();
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 3; c++) seen.add(rowCode([a, b, c], 0));
  assert.deepEqual([...seen].sort((x, y) => x - y), Array.from({ length: 27 }, (_, k) => k));
});
