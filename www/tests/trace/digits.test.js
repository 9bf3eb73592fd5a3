// Candidates as 9-bit masks and as text (trace/digits.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { count, digitsOf, digitsText, soleDigit, textMask } from '../../trace/digits.js';

test('a mask as text: digit d is bit d - 1, in increasing order', () => {
  assert.equal(digitsText(0), '');
  assert.equal(digitsText(1), '1');
  assert.equal(digitsText(256), '9');
  assert.equal(digitsText(1 | 8 | 256), '149');
  assert.equal(digitsText(511), '123456789');
});

test('text as a mask, and back, for every mask', () => {
  assert.equal(textMask(''), 0);
  assert.equal(textMask('149'), 1 | 8 | 256);
  for (let m = 0; m < 512; m++) assert.equal(textMask(digitsText(m)), m);
});

test('text that is not a candidates string is refused, not read as something else', () => {
  for (const bad of ['0', '1x', '91', '11', ' 1', 'a']) assert.throws(() => textMask(bad), /not a candidates string/, bad);
});

test('count, the sole digit and the digits of a mask', () => {
  assert.equal(count(0), 0);
  assert.equal(count(511), 9);
  assert.equal(count(1 | 8 | 256), 3);
  assert.equal(soleDigit(0), 0);
  assert.equal(soleDigit(1), 1);
  assert.equal(soleDigit(256), 9);
  assert.equal(soleDigit(1 | 2), 0);
  for (let d = 1; d <= 9; d++) assert.equal(soleDigit(1 << (d - 1)), d);
  assert.deepEqual(digitsOf(1 | 8 | 256), [1, 4, 9]);
  assert.deepEqual(digitsOf(0), []);
});
