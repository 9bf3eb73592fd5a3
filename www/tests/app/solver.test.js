// The page's side of the worker (app/solver.js): requests matched by id, cancel, load errors, fresh
// workers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SolverClient, Cancelled } from '../../app/solver.js';

/** A worker double: records messages, answers when the test says so. */
class FakeWorker {
  static all = [];
  constructor() {
    this.sent = [];
    this.terminated = false;
    FakeWorker.all.push(this);
  }
  postMessage(m) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data) {
    this.onmessage({ data });
  }
}

function client() {
  FakeWorker.all = [];
  const errors = [];
  const c = new SolverClient({ createWorker: () => new FakeWorker(), onLoadError: (m) => errors.push(m) });
  return { c, errors };
}

test('requests and answers are matched by id', async () => {
  const { c } = client();
  const a = c.parse('..3', false);
  const b = c.solve('..3', { diagonal: true });
  const w = FakeWorker.all[0];
  assert.deepEqual(w.sent.map((m) => [m.id, m.op]), [[1, 'parse'], [2, 'solve']]);
  assert.equal(c.busy, true);
  w.reply({ id: 2, ok: true, result: { steps: [] } });
  w.reply({ id: 1, ok: false, error: 'expected 81 boxes, found 3' });
  assert.deepEqual(await b, { steps: [] });
  await assert.rejects(a, { message: 'expected 81 boxes, found 3' });
  assert.equal(c.busy, false);
});

test('a new solve cancels the running one by terminating its worker', async () => {
  const { c } = client();
  const first = c.solve('a', {});
  const second = c.solve('b', {});
  await assert.rejects(first, Cancelled);
  assert.equal(FakeWorker.all[0].terminated, true);
  const w2 = FakeWorker.all[1];
  assert.equal(w2.sent[0].text, 'b');
  w2.reply({ id: w2.sent[0].id, ok: true, result: 42 });
  assert.equal(await second, 42);
});

test('a wasm that fails to load is reported in words and fails what was pending', async () => {
  const { c, errors } = client();
  const p = c.parse('x', false);
  FakeWorker.all[0].reply({ type: 'load-error', error: 'CompileError: bad magic' });
  await assert.rejects(p, (e) => e.loadError === true);
  assert.match(errors[0], /WebAssembly could not load \(CompileError: bad magic\)/);
  // A worker script that does not load at all says so too.
  const q = c.parse('x', false);
  FakeWorker.all[1].onerror({ message: 'SyntaxError', preventDefault() {} });
  await assert.rejects(q, (e) => e.loadError === true);
  assert.match(errors[1], /could not start \(SyntaxError\)/);
});

test('after a panic in the wasm the next request gets a fresh worker', async () => {
  const { c } = client();
  const p = c.solve('x', {});
  const w = FakeWorker.all[0];
  w.reply({ id: w.sent[0].id, ok: false, fatal: true, error: 'internal error in the solver (unreachable)' });
  await assert.rejects(p, /internal error/);
  assert.equal(w.terminated, true);
  c.parse('y', false);
  assert.equal(FakeWorker.all.length, 2);
  assert.equal(FakeWorker.all[1].sent[0].op, 'parse');
});

test('a comparison is its own request: not a solve, and a new one replaces a running one', async () => {
  const { c } = client();
  const first = c.compare('a', { maxNodes: 10 });
  assert.equal(c.comparing, true);
  assert.equal(c.busy, false, 'a comparison is not a solve');
  assert.deepEqual(FakeWorker.all[0].sent[0], { id: 1, op: 'compare', text: 'a', options: { maxNodes: 10 } });
  const second = c.compare('b', {});
  await assert.rejects(first, Cancelled);
  const w2 = FakeWorker.all[1];
  w2.reply({ id: w2.sent[0].id, ok: true, result: [{ strategies: [], verdict: 'solved' }] });
  assert.equal((await second).length, 1);
  assert.equal(c.comparing, false);
});

test('the strategies are asked of the worker once, and again only after a cancel lost the answer', async () => {
  const { c } = client();
  const registry = [{ id: 'a', label: 'A', description: 'd', caption: '{boxes}', order: 0, course: true }];
  const first = c.strategies();
  assert.equal(c.strategies(), first, 'one request while the first is pending');
  const w = FakeWorker.all[0];
  assert.deepEqual(w.sent.map((m) => m.op), ['strategies']);
  w.reply({ id: w.sent[0].id, ok: true, result: registry });
  assert.deepEqual(await first, registry);
  assert.equal(await c.strategies(), registry);
  assert.equal(w.sent.length, 1, 'answered from the first reply');

  const { c: c2 } = client();
  const lost = c2.strategies();
  c2.cancel();
  await assert.rejects(lost, Cancelled);
  const again = c2.strategies();
  const w2 = FakeWorker.all[1];
  assert.deepEqual(w2.sent.map((m) => m.op), ['strategies']);
  w2.reply({ id: w2.sent[0].id, ok: true, result: registry });
  assert.deepEqual(await again, registry);
});

test('an error from the worker is rebuilt as an Error carrying its properties', async () => {
  const { c } = client();
  const p = c.parse('x', false);
  const w = FakeWorker.all[0];
  w.reply({
    id: w.sent[0].id,
    ok: false,
    error: { message: "invalid character 'x' at line 1, column 1 (box A1): …", kind: 'invalid_character', line: 1, column: 1, boxes: ['A1'] },
  });
  await assert.rejects(p, (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.kind, 'invalid_character');
    assert.deepEqual([e.line, e.column, e.boxes], [1, 1, ['A1']]);
    return true;
  });
});

test('openTrace hands the File itself to the worker and unpacks what comes back like a solve', async () => {
  const { c } = client();
  const file = { name: 'trace.json', size: 10 };
  const p = c.openTrace(file, { maxSteps: 50000 });
  const w = FakeWorker.all[0];
  assert.equal(w.sent[0].op, 'open');
  assert.equal(w.sent[0].file, file, 'the File object, not its text');
  assert.deepEqual(w.sent[0].options, { maxSteps: 50000 });
  assert.equal(c.busy, true);
  w.reply({ id: w.sent[0].id, ok: false, error: { message: 'steps[3].changes[0].before (box D5): …', kind: 'trace_replay', step: 3, field: 'changes[0].before', boxes: ['D5'] } });
  await assert.rejects(p, { kind: 'trace_replay', step: 3, field: 'changes[0].before', boxes: ['D5'] });
  assert.equal(c.busy, false);
  // A solve asked while a trace is opening cancels the opening.
  const opening = c.openTrace(file, {});
  const solving = c.solve('..3', {});
  await assert.rejects(opening, Cancelled);
  const w2 = FakeWorker.all[1];
  w2.reply({ id: w2.sent[0].id, ok: true, result: 7 });
  assert.equal(await solving, 7);
});

test('a comparison runs in a worker of its own: a verdict and a solve are not behind it, and cancelling a solve leaves it running', async () => {
  const { c } = client();
  const comparing = c.compare('a', { maxNodes: 10 });
  const verdict = c.verdict('b', { maxNodes: 10 });
  const solving = c.solve('b', {});
  const [side, main] = [FakeWorker.all.find((w) => w.sent.some((m) => m.op === 'compare')), FakeWorker.all.find((w) => w.sent.some((m) => m.op === 'solve'))];
  assert.ok(side && main);
  assert.notEqual(side, main, 'the solve is not queued behind the comparison');
  assert.deepEqual(main.sent.map((m) => m.op), ['verdict', 'solve']);
  main.reply({ id: main.sent[0].id, ok: true, result: 'v' });
  assert.equal(await verdict, 'v');
  // Cancel stops the solve's worker only.
  c.cancel();
  await assert.rejects(solving, Cancelled);
  assert.equal(side.terminated, false);
  assert.equal(c.comparing, true);
  side.reply({ id: side.sent[0].id, ok: true, result: [] });
  assert.deepEqual(await comparing, []);
  // And the comparison is stopped on its own.
  const again = c.compare('c', {});
  const solve2 = c.solve('c', {});
  c.cancelCompare();
  await assert.rejects(again, Cancelled);
  assert.equal(c.busy, true, 'the solve goes on');
  const w = FakeWorker.all.filter((x) => !x.terminated && x.sent.some((m) => m.op === 'solve' && m.text === 'c'))[0];
  w.reply({ id: w.sent.find((m) => m.op === 'solve').id, ok: true, result: 5 });
  assert.equal(await solve2, 5);
});

test('a generation runs in a worker of its own, tells its progress, and cancels alone', async () => {
  const { c } = client();
  const seen = [];
  const made = c.generate({ seed: 3, needs: 'x_wing' }, (tries) => seen.push(tries));
  const solved = c.solve('a', {});
  const [maker, main] = [FakeWorker.all[0], FakeWorker.all[1]];
  assert.deepEqual(maker.sent.map((m) => m.op), ['generate']);
  assert.deepEqual(main.sent.map((m) => m.op), ['solve']);
  assert.equal(c.generating, true);
  const id = maker.sent[0].id;
  maker.reply({ id, progress: 120 });
  maker.reply({ id, progress: 250 });
  assert.deepEqual(seen, [120, 250]);
  assert.equal(c.generating, true, 'progress does not end the request');
  maker.reply({ id, ok: true, result: { puzzle: '.'.repeat(81), tries: 300 } });
  assert.equal((await made).tries, 300);
  assert.equal(c.generating, false);
  // Cancel stops the generation's worker only: the solve goes on.
  const again = c.generate({ seed: 4 });
  assert.equal(maker.sent.length, 2, 'the same worker makes the next');
  c.cancelGenerate();
  await assert.rejects(again, Cancelled);
  assert.equal(maker.terminated, true);
  assert.equal(main.terminated, false);
  main.reply({ id: main.sent[0].id, ok: true, result: 7 });
  assert.equal(await solved, 7);
});
