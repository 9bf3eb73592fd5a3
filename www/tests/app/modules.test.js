// Which of the solver's two wasm modules answers what (app/modules.js), with stand-ins for the
// modules: the first answers what it holds, the second the rest and what the first refuses as
// `second_module`, loaded once, when first needed, and again after a failed load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { router, answer, FIRST_OPS, SECOND } from '../../app/modules.js';
import { ARRAYS } from '../../trace/packed.js';

/** An Error as the facade throws one. */
const facadeError = (message, kind) => Object.assign(new Error(message), { kind });

/** A stand-in for a `PackedTrace` whose JSON text is `json`. */
function packed(json) {
  const p = { json, units: '[]', kinds: '{}', text: '', free() {} };
  for (const [name, Type] of Object.entries(ARRAYS)) p[name] = () => new Type(0);
  return p;
}

/** A stand-in for the first module: grids only, like the facade without `full`. */
function firstModule(calls) {
  const grid = (text) => {
    calls.push(`first ${text}`);
    if (text.startsWith('.')) throw facadeError('a puzzle in a shared form is in the page\'s second module', SECOND);
    if (text === 'bad') throw facadeError('wrong count', 'wrong_count');
  };
  return {
    parse: (text) => { grid(text); return [1, 2]; },
    openPuzzle: (text) => { grid(text); return null; },
    verdict: (text) => { grid(text); return { verdict: 'solved', from: 'first' }; },
    strategies: () => { calls.push('first strategies'); return ['eliminate']; },
    solvePacked: (text, options) => {
      grid(text);
      if (options.walk) throw facadeError('the rating\'s walk is in the page\'s second module', SECOND);
      return packed('first');
    },
  };
}

/** A stand-in for the second module: every call. */
function secondModule(calls) {
  const call = (name, value) => (text) => { calls.push(`second ${name} ${text}`); return value; };
  return {
    parse: call('parse', [3, 4]),
    openPuzzle: (text) => { calls.push(`second openPuzzle ${text}`); return { puzzle: '{"constraints":[]}' }; },
    verdict: call('verdict', { verdict: 'solved', from: 'second' }),
    strategies: call('strategies', ['eliminate']),
    solvePacked: (text) => { calls.push(`second solvePacked ${text}`); return packed('second'); },
    rate: call('rate', { kind: 'steps' }),
    hint: call('hint', { kind: 'stuck' }),
    compare: call('compare', []),
    exportPuzzle: call('exportPuzzle', 'https://www.f-puzzles.com/?load=x'),
    generate: (options, progress) => { progress(7); return { puzzle: '1'.repeat(81) }; },
  };
}

/** A router over the stand-ins, counting the second module's loads. */
function setup({ failFirstLoad = false } = {}) {
  const calls = [];
  let loads = 0;
  const route = router(firstModule(calls), async () => {
    loads += 1;
    if (failFirstLoad && loads === 1) throw new Error('the network is down');
    return secondModule(calls);
  });
  return { calls, route, loads: () => loads };
}

test('a grid is parsed, solved and given its verdict by the first module alone', async () => {
  const { calls, route, loads } = setup();
  assert.deepEqual(await route({ op: 'parse', text: '1.2' }), { initial: [1, 2], puzzle: null });
  assert.deepEqual(await route({ op: 'verdict', text: '1.2' }), { verdict: 'solved', from: 'first' });
  assert.deepEqual(await route({ op: 'strategies' }), ['eliminate']);
  assert.equal(await route({ op: 'openPuzzle', text: '1.2' }), null, 'a grid typed opens as no shared puzzle');
  assert.equal(loads(), 0, 'the second module is not loaded');
  assert.deepEqual(calls, ['first 1.2', 'first 1.2', 'first 1.2', 'first strategies', 'first 1.2']);
});

test('a puzzle in a shared form goes to the second module, loaded once', async () => {
  const { calls, route, loads } = setup();
  assert.deepEqual(await route({ op: 'parse', text: '.AntiKnight' }), { initial: [3, 4], puzzle: { constraints: [] } });
  assert.deepEqual(await route({ op: 'verdict', text: '.AntiKnight' }), { verdict: 'solved', from: 'second' });
  assert.deepEqual(await route({ op: 'openPuzzle', text: '.AntiKnight' }), { puzzle: '{"constraints":[]}' });
  assert.equal(loads(), 1);
  assert.deepEqual(calls, [
    'first .AntiKnight', 'second parse .AntiKnight', 'second openPuzzle .AntiKnight',
    'first .AntiKnight', 'second verdict .AntiKnight',
    'first .AntiKnight', 'second openPuzzle .AntiKnight',
  ]);
});

test('the rating\'s walk, refused by the first module, is the second\'s', async () => {
  const { calls, route } = setup();
  assert.equal((await route({ op: 'solve', text: '1.2', options: { walk: true } })).json, 'second');
  assert.equal((await route({ op: 'solve', text: '1.2', options: {} })).json, 'first');
  assert.deepEqual(calls, ['first 1.2', 'second solvePacked 1.2', 'first 1.2']);
});

test('the first module\'s other errors are the answer: no second module asked', async () => {
  const { route, loads } = setup();
  await assert.rejects(route({ op: 'parse', text: 'bad' }), (e) => e.kind === 'wrong_count');
  assert.equal(loads(), 0);
});

test('every request beyond the first module\'s goes to the second', async () => {
  const { calls, route } = setup();
  for (const op of ['rate', 'hint', 'compare', 'exportPuzzle']) await route({ op, text: '1.2' });
  let told = null;
  assert.deepEqual(await route({ op: 'generate', options: {} }, (tries) => { told = tries; }), { puzzle: '1'.repeat(81) });
  assert.equal(told, 7, 'progress reaches the caller');
  assert.ok(calls.every((c) => c.startsWith('second')), calls.join('; '));
  assert.ok(!FIRST_OPS.has('rate') && !FIRST_OPS.has('open') && !FIRST_OPS.has('exportPuzzle'));
});

test('a failed load of the second module fails its request, and the next request loads it again', async () => {
  const { route, loads } = setup({ failFirstLoad: true });
  await assert.rejects(route({ op: 'rate', text: '1.2' }), /the network is down/);
  assert.deepEqual(await route({ op: 'rate', text: '1.2' }), { kind: 'steps' });
  assert.equal(loads(), 2);
});

test('an unknown request is refused by name', () => {
  assert.throws(() => answer(secondModule([]), { op: 'fly' }), /unknown request fly/);
});
