// Errors as data (app/errors.js): an error's properties survive the worker's structured clone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorData, errorFrom, ERROR_PROPERTIES } from '../../app/errors.js';

/** An Error as the facade throws one: its message and properties set on it. */
function facadeError(message, props) {
  return Object.assign(new Error(message), props);
}

test('a conflict crosses the worker as a plain object and comes back an Error with its properties', () => {
  const thrown = facadeError('givens conflict: A3 and D3 are both 3 in column 3', {
    kind: 'conflict', boxes: ['A3', 'D3'], unit: 'column 3', digit: 3,
  });
  const sent = errorData(thrown);
  assert.equal(Object.getPrototypeOf(sent), Object.prototype, 'a plain object');
  // What postMessage does to it.
  const received = structuredClone(sent);
  assert.deepEqual(received, {
    message: 'givens conflict: A3 and D3 are both 3 in column 3', kind: 'conflict', boxes: ['A3', 'D3'], unit: 'column 3', digit: 3,
  });
  const err = errorFrom(received);
  assert.ok(err instanceof Error);
  assert.equal(err.message, thrown.message);
  assert.equal(err.kind, 'conflict');
  assert.deepEqual(err.boxes, ['A3', 'D3']);
  assert.equal(err.unit, 'column 3');
  assert.equal(err.digit, 3);
  assert.equal('line' in err, false, 'a property the error lacks stays absent');
});

test('a trace error keeps step, field, boxes, line and column, and the numbers stay numbers', () => {
  const thrown = facadeError('steps[3].changes[0].before (box D5): is "", but D5 holds "356" at this point of the replay', {
    kind: 'trace_replay', step: 3, field: 'changes[0].before', boxes: ['D5'],
  });
  const err = errorFrom(structuredClone(errorData(thrown)));
  assert.deepEqual(
    Object.fromEntries(ERROR_PROPERTIES.filter((k) => k in err).map((k) => [k, err[k]])),
    { kind: 'trace_replay', step: 3, field: 'changes[0].before', boxes: ['D5'] },
  );
  const json = errorFrom(structuredClone(errorData(facadeError('not a JSON trace: EOF (line 1, column 12)', { kind: 'trace_json', line: 1, column: 12 }))));
  assert.equal(json.line, 1);
  assert.equal(json.column, 12);
});

test('plain errors and bare messages still read', () => {
  assert.deepEqual(errorData(new TypeError('x is not a function')), { message: 'x is not a function' });
  assert.deepEqual(errorData('boom'), { message: 'boom' });
  const err = errorFrom('expected 81 boxes, found 3');
  assert.ok(err instanceof Error);
  assert.equal(err.message, 'expected 81 boxes, found 3');
  assert.equal(err.kind, undefined);
  // Only the documented properties are copied over.
  const odd = errorFrom({ message: 'm', kind: 'options', field: 'strategies', stack: 'nope', constructor: 1 });
  assert.equal(odd.field, 'strategies');
  assert.notEqual(odd.stack, 'nope');
});
