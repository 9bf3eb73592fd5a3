import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../session.js';
import { SolverClient } from '../solver.js';
import { randomTrace } from './helpers.js';

/** A worker double: records requests; the test answers them. */
class FakeWorker {
  constructor(all) {
    this.sent = [];
    this.terminated = false;
    all.push(this);
  }
  postMessage(m) {
    // The registry is answered at once; everything else when the test says so.
    if (m.op === 'strategies') queueMicrotask(() => this.reply(m.id, []));
    else this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(id, result) {
    if (!this.terminated) this.onmessage({ data: { id, ok: true, result } });
  }
  fail(id, error) {
    if (!this.terminated) this.onmessage({ data: { id, ok: false, error } });
  }
}

const CELLS = Array.from({ length: 81 }, () => '123456789');
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A session over a real SolverClient on fake workers, recording what it tells the view. */
function setup(input = { text: 'A', diagonal: false, strategies: ['x'] }) {
  const workers = [];
  const solver = new SolverClient({ createWorker: () => new FakeWorker(workers) });
  const told = [];
  const view = new Proxy({}, { get: (_, what) => (...args) => told.push([what, ...args]) });
  const timers = [];
  const session = new Session({ solver, limits: { maxNodes: 10, maxSteps: 10 }, view, delay: (fn) => timers.push(fn) });
  session.edit(input, { now: true });
  const requests = () => workers.flatMap((w) => w.sent.map((m) => ({ w, ...m })));
  const answer = (op, text, result) => {
    const r = requests().filter((m) => m.op === op && m.text === text && !m.w.terminated).at(-1);
    assert.ok(r, `a live ${op} request for ${text}`);
    r.w.reply(r.id, result);
  };
  return { session, told, timers, requests, answer, workers, names: () => told.map((t) => t[0]) };
}

test('an edit parses after the typing delay, an action parses at once', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  s.session.edit({ text: 'B' });
  assert.equal(s.requests().filter((r) => r.op === 'parse').length, 1, 'typing waits');
  assert.equal(s.timers.length, 1);
  s.session.solve();
  assert.deepEqual(s.requests().filter((r) => r.op === 'parse').map((r) => r.text), ['A', 'B'], 'Solve parses the edited text at once');
});

test('three Solves right after an edit make one solve, of the edited puzzle', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  s.session.edit({ text: 'B' });
  const runs = [s.session.solve(), s.session.solve(), s.session.solve()];
  s.answer('parse', 'B', CELLS);
  await tick();
  const solves = s.requests().filter((r) => r.op === 'solve');
  assert.deepEqual(solves.map((r) => r.text), ['B']);
  s.answer('solve', 'B', randomTrace(5));
  const [a, b, c] = await Promise.all(runs);
  assert.ok(a && a === b && b === c);
  assert.equal(a.input.text, 'B');
  assert.equal(s.names().filter((n) => n === 'solved').length, 1);
});

test('an answer for an older input is never shown', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  const old = s.session.solve();
  await tick();
  s.session.edit({ text: 'B' });
  // The old solve's worker was stopped; even an answer from it changes nothing.
  const req = s.requests().find((r) => r.op === 'solve');
  req.w.onmessage({ data: { id: req.id, ok: true, result: randomTrace(3) } });
  assert.equal(await old, null);
  assert.ok(!s.names().includes('solved'));
  assert.equal(s.session.run, null);
  // A strategy toggled while solving: the answer for the old strategies is dropped too.
  const second = s.session.solve();
  s.answer('parse', 'B', CELLS);
  await tick();
  assert.equal(s.requests().filter((r) => r.op === 'solve' && r.text === 'B').length, 1);
  s.session.edit({ strategies: [] });
  const late = s.requests().find((r) => r.op === 'solve' && r.text === 'B');
  late.w.onmessage({ data: { id: late.id, ok: true, result: randomTrace(3) } });
  assert.equal(await second, null);
  assert.ok(!s.names().includes('solved'));
});

test('an empty input is refused and nothing is asked of the worker', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  s.session.edit({ text: '  \n' });
  assert.equal(await s.session.solve(), null);
  await s.session.compare();
  assert.deepEqual(s.requests().map((r) => r.op), ['parse']);
  assert.equal(s.told.filter((t) => t[0] === 'refused').length, 2);
  assert.match(s.told.find((t) => t[0] === 'refused')[1], /empty/);
  assert.deepEqual(await s.session.linkState(), { error: 'Nothing to link: the puzzle is empty' });
});

test('Cancel while the parse is out: no solve is asked for, and the view hears "cancelled"', async () => {
  const s = setup({ text: 'A', diagonal: false, strategies: [] });
  const run = s.session.solve();
  s.session.cancel();
  assert.equal(await run, null);
  await tick();
  assert.equal(s.requests().filter((r) => r.op === 'solve').length, 0);
  assert.deepEqual(s.names().slice(-2), ['cancelled', 'busy']);
});

test('a link holds only a puzzle the parser accepted, trimmed, with the run position', async () => {
  const s = setup({ text: ' A \n', diagonal: true, strategies: ['x'] });
  s.answer('parse', ' A \n', CELLS);
  assert.deepEqual(await s.session.linkState(), { state: { puzzle: 'A', diagonal: true, strategies: ['x'], step: 0 } });
  s.session.edit({ text: 'bad' });
  const pending = s.session.linkState();
  s.requests().filter((r) => r.op === 'parse' && r.text === 'bad')[0].w.fail(2, 'expected 81 boxes, found 3');
  assert.match((await pending).error, /does not parse/);
  assert.ok(s.told.some((t) => t[0] === 'rejected' && /81 boxes/.test(t[1])));
});

/** A solver double for Session.open: openTrace answers when the test says so. */
function openSetup() {
  const pending = [];
  const solver = {
    comparing: false,
    cancelled: 0,
    openTrace: (file) => new Promise((resolve, reject) => pending.push({ file, resolve, reject })),
    strategies: async () => [],
    parse: async () => CELLS,
    cancel() {
      this.cancelled++;
    },
  };
  const told = [];
  const view = new Proxy({}, { get: (_, what) => (...args) => told.push([what, ...args]) });
  const session = new Session({ solver, limits: { maxNodes: 10, maxSteps: 10 }, view, delay: () => 0 });
  session.edit({ text: 'kept', diagonal: false, strategies: ['eliminate'] });
  told.length = 0;
  return { session, solver, pending, told, names: () => told.map((t) => t[0]) };
}

test('open: a checked trace becomes the puzzle and the run on screen, from its start', async () => {
  const s = openSetup();
  const trace = randomTrace(20, 3);
  trace.initial = CELLS.map((c, k) => (k === 2 ? '3' : c));
  trace.variant = 'diagonal';
  const opened = s.session.open('file');
  assert.deepEqual(s.names(), ['opening']);
  s.pending[0].resolve(trace);
  const { run } = await opened;
  assert.equal(run.trace, trace);
  assert.equal(s.session.run, run);
  assert.equal(s.session.input.text, `..3${'.'.repeat(78)}`);
  assert.equal(s.session.input.diagonal, true);
  assert.deepEqual(s.session.input.strategies, ['eliminate'], 'a trace naming no strategy keeps the page\'s choice');
  assert.ok(s.session.isAccepted, 'its puzzle counts as parsed (links are made of it)');
  assert.deepEqual(s.names().filter((n) => n !== 'moved' && n !== 'busy'), ['opening', 'opening', 'edited', 'parsed', 'solved']);
  assert.equal(run.replay.position, 0);
});

test('open: a refused file changes nothing and hands the error back; an edit meanwhile wins', async () => {
  const s = openSetup();
  const refused = s.session.open('bad');
  const e = Object.assign(new Error('step 3, field changes[0].before: ...'), { step: 3, field: 'changes[0].before' });
  s.pending[0].reject(e);
  assert.deepEqual(await refused, { error: e });
  assert.equal(s.session.input.text, 'kept');
  assert.equal(s.session.run, null);
  assert.deepEqual(s.names(), ['opening', 'opening']);
  const late = s.session.open('slow');
  s.session.edit({ text: 'typed meanwhile' });
  s.pending[1].resolve(randomTrace(5, 1));
  assert.equal(await late, null);
  assert.equal(s.session.input.text, 'typed meanwhile');
  assert.equal(s.session.run, null);
});

test('open: a candidate grid\'s trace becomes a candidate grid the parser takes', async () => {
  const s = openSetup();
  const trace = randomTrace(3, 2);
  trace.initial = CELLS.map((c, k) => (k === 0 ? '45' : k === 1 ? '7' : c));
  const opened = s.session.open('file');
  s.pending[0].resolve(trace);
  await opened;
  const rows = s.session.input.text.split('\n');
  assert.equal(rows.length, 9);
  assert.deepEqual(rows[0].split(' ').slice(0, 3), ['45', '7', '123456789']);
});
