// The session (app/session.js) against a worker double: edits, solves and answers in order, stale
// ones dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session } from '../../app/session.js';
import { SolverClient, Cancelled } from '../../app/solver.js';
import { packTrace } from '../../trace/packed.js';
import { textMask } from '../../trace/digits.js';
import { pageForm, randomTrace } from '../helpers.js';

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

const CELLS = new Uint16Array(81).fill(0x1ff);
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
    // The worker answers a parse with the candidates and the variant's constraints (none here).
    r.w.reply(r.id, op === 'parse' && ArrayBuffer.isView(result) ? { initial: result, puzzle: null } : result);
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
  s.answer('solve', 'B', packTrace(randomTrace(5)));
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
  req.w.onmessage({ data: { id: req.id, ok: true, result: packTrace(randomTrace(3)) } });
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
  late.w.onmessage({ data: { id: late.id, ok: true, result: packTrace(randomTrace(3)) } });
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

test('going back to an input that parsed (Undo, a box cleared, a rule unticked) tells the view it parsed again', async () => {
  const s = setup({ text: 'A', diagonal: false, strategies: [] });
  s.answer('parse', 'A', CELLS);
  await tick();
  s.session.edit({ text: 'B' }, { now: true });
  const r = s.requests().find((m) => m.op === 'parse' && m.text === 'B');
  r.w.fail(r.id, { message: 'conflict in row A' });
  await tick();
  assert.equal(s.names().at(-1), 'rejected');
  s.session.edit({ text: 'A' });
  assert.deepEqual(s.names().slice(-2), ['edited', 'parsed'], 'the text parsed before: told at once, without asking the worker');
  assert.equal(s.told.at(-1)[1].text, 'A');
  assert.equal(s.requests().filter((m) => m.op === 'parse').length, 2);
  // The rule: ticked (rejected), unticked (the accepted puzzle again).
  s.session.edit({ diagonal: true }, { now: true });
  const d = s.requests().filter((m) => m.op === 'parse').at(-1);
  d.w.fail(d.id, { message: 'conflict on the diagonal' });
  await tick();
  assert.equal(s.names().at(-1), 'rejected');
  s.session.edit({ diagonal: false }, { now: true });
  assert.deepEqual(s.names().slice(-2), ['edited', 'parsed']);
  // A strategy toggled changes no puzzle: the view is told the edit only.
  s.session.edit({ strategies: ['x'] });
  assert.deepEqual(s.names().slice(-1), ['edited']);
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
  const verdicts = [];
  const solver = {
    comparing: false,
    cancelled: 0,
    openTrace: (file) => new Promise((resolve, reject) => pending.push({ file, resolve, reject })),
    verdict: (text, options) => new Promise((resolve, reject) => verdicts.push({ text, options, resolve, reject })),
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
  return { session, solver, pending, verdicts, told, names: () => told.map((t) => t[0]) };
}

test('open: a checked trace becomes the puzzle and the run on screen, from its start', async () => {
  const s = openSetup();
  const trace = pageForm(randomTrace(20, 3));
  trace.initial = Array.from(CELLS, (c, k) => (k === 2 ? textMask('3') : c));
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
  // A link holds the puzzle, not the trace: no step of it, and a note saying what it opens.
  run.player.seek(5);
  const { state, note } = await s.session.linkState();
  assert.deepEqual(state, { puzzle: `..3${'.'.repeat(78)}`, diagonal: true, strategies: ['eliminate'], step: 0 });
  assert.match(note, /^This link opens the puzzle of the opened file solved by Propagate, not the trace itself/);
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
  s.pending[1].resolve(pageForm(randomTrace(5, 1)));
  assert.deepEqual(await late, { cancelled: 'edited' });
  assert.equal(s.session.input.text, 'typed meanwhile');
  assert.equal(s.session.run, null);
});

test('open: a candidate grid\'s trace becomes a candidate grid the parser takes', async () => {
  const s = openSetup();
  const trace = pageForm(randomTrace(3, 2));
  trace.initial = Array.from(CELLS, (c, k) => (k === 0 ? textMask('45') : k === 1 ? textMask('7') : c));
  const opened = s.session.open('file');
  s.pending[0].resolve(trace);
  await opened;
  const rows = s.session.input.text.split('\n');
  assert.equal(rows.length, 9);
  assert.deepEqual(rows[0].split(' ').slice(0, 3), ['45', '7', '123456789']);
});

const NO_SOLUTION = { engine: 'verdict', verdict: 'no_solution', solutions: 0, solution: null, capped: false, nodes: 1, max: 10 };

test('the verdict engine is asked just before the solve, and its answer is shown while the solve runs', async () => {
  const s = setup({ text: 'A', diagonal: true, strategies: ['x'] });
  s.answer('parse', 'A', CELLS);
  const run = s.session.solve();
  await tick();
  const ops = s.requests().map((r) => r.op);
  assert.deepEqual(ops, ['parse', 'verdict', 'solve', 'rate'], 'the worker answers in order: the verdict first, the rating last');
  const asked = s.requests().find((r) => r.op === 'verdict');
  assert.deepEqual(asked.options, { diagonal: true, maxNodes: 10 }, "the variant and the page's node cap");
  s.answer('verdict', 'A', NO_SOLUTION);
  await tick();
  const told = s.told.find((t) => t[0] === 'verdict');
  assert.deepEqual(told.slice(1), [NO_SOLUTION, s.session.input]);
  assert.ok(!s.names().includes('solved'), 'the trace has not arrived');
  assert.deepEqual(s.session.verdict, { gen: s.session.gen, answer: NO_SOLUTION });
  // A trace capped by the page's limits: the engine's answer was told first and stays told.
  const capped = randomTrace(4);
  capped.outcome = { verdict: 'capped', limit: 'steps', max: 10 };
  s.answer('solve', 'A', capped);
  assert.ok(await run);
  const order = s.names().filter((n) => n === 'verdict' || n === 'solved');
  assert.deepEqual(order, ['verdict', 'solved']);
  // Solve again in the same generation: the run is reused, nothing more is asked.
  await s.session.solve();
  assert.equal(s.requests().filter((r) => r.op === 'verdict').length, 1);
});

test("the verdict engine's answer for an older input or a cancelled solve is dropped", async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  s.session.solve();
  await tick();
  const old = s.requests().find((r) => r.op === 'verdict');
  s.session.edit({ strategies: [] });
  // The worker was stopped; even an answer that still arrives is not shown.
  old.w.onmessage({ data: { id: old.id, ok: true, result: NO_SOLUTION } });
  await tick();
  assert.ok(!s.names().includes('verdict'));
  // A new solve asks again, for the new generation; Cancel before it answers drops it too.
  s.session.solve();
  s.answer('parse', 'A', CELLS);
  await tick();
  const again = s.requests().filter((r) => r.op === 'verdict' && !r.w.terminated);
  assert.equal(again.length, 1);
  s.session.cancel();
  again[0].w.onmessage({ data: { id: again[0].id, ok: true, result: NO_SOLUTION } });
  await tick();
  assert.ok(!s.names().includes('verdict'));
  assert.equal(s.session.verdict, null);
});

test('a verdict request that fails tells the view nothing; the solve reports for itself', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  const run = s.session.solve();
  await tick();
  const v = s.requests().find((r) => r.op === 'verdict');
  v.w.fail(v.id, 'bad options');
  s.answer('solve', 'A', randomTrace(3));
  assert.ok(await run);
  assert.ok(!s.names().includes('verdict'));
  assert.ok(!s.names().includes('failed'));
});

test('the rating is asked after the solve, for the current input only, and an edit stops it', async () => {
  const s = setup({ text: 'A', diagonal: true, strategies: ['x'] });
  s.answer('parse', 'A', CELLS);
  const run = s.session.solve();
  await tick();
  const asked = s.requests().find((r) => r.op === 'rate');
  assert.deepEqual(asked.options, { diagonal: true, maxNodes: 10 });
  s.answer('solve', 'A', randomTrace(3));
  await run;
  const rating = { kind: 'steps', technique: 'hidden_single_line', label: 'Hidden single in a line', strategy: 'only_choice', score: 1.5, step: 40, steps: 90 };
  s.answer('rate', 'A', rating);
  await tick();
  assert.deepEqual(s.told.find((t) => t[0] === 'rated').slice(1), [rating, s.session.input]);
  // A second solve in a new generation; an edit while only its rating runs stops the worker, and
  // the rating's late answer is dropped.
  s.session.edit({ strategies: [] });
  const second = s.session.solve();
  await tick();
  s.answer('solve', 'A', randomTrace(3));
  await second;
  const pending = s.requests().filter((r) => r.op === 'rate').slice(1);
  assert.equal(pending.length, 1, 'asked again for the new generation');
  assert.ok(s.session.solver.rating, 'the rating runs');
  s.session.edit({ strategies: ['x'] });
  assert.ok(pending[0].w.terminated, 'the edit stopped the worker the rating ran in');
  pending[0].w.onmessage({ data: { id: pending[0].id, ok: true, result: rating } });
  await tick();
  assert.equal(s.told.filter((t) => t[0] === 'rated').length, 1);
});

test('Solve while a comparison runs: the verdict and the solve are asked of another worker, and Cancel or a strategy toggle leaves the comparison running', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  const compared = s.session.compare();
  await tick();
  const comparison = s.requests().find((r) => r.op === 'compare');
  assert.ok(comparison);
  s.session.solve();
  await tick();
  const verdict = s.requests().find((r) => r.op === 'verdict');
  assert.notEqual(verdict.w, comparison.w, 'the verdict is not queued behind the comparison');
  s.session.cancel();
  s.session.edit({ strategies: [] });
  assert.equal(comparison.w.terminated, false);
  comparison.w.reply(comparison.id, [{ strategies: [], verdict: 'solved', stats: { nodes: 1 } }]);
  await compared;
  assert.ok(s.names().includes('compared'));
  // A new puzzle stops the comparison (its answer would be for the old one).
  s.session.compare();
  // Cancel stopped the main worker, the parse with it: asked again.
  s.answer('parse', 'A', CELLS);
  await tick();
  const compares = s.requests().filter((r) => r.op === 'compare');
  assert.equal(compares.length, 2);
  const second = compares[1];
  s.session.edit({ text: 'B' });
  assert.equal(second.w.terminated, true);
});

test('open: a download that ends after an edit does not replace it and says why; an open a solve cancelled says so', async () => {
  const s = openSetup();
  // `since`: the generation when the download began; the puzzle was edited before it ended.
  const since = s.session.gen;
  s.session.edit({ text: 'typed while it downloaded' });
  assert.deepEqual(await s.session.open('late', { since }), { cancelled: 'edited' });
  assert.equal(s.pending.length, 0, 'the file is not even read');
  assert.equal(s.session.input.text, 'typed while it downloaded');
  assert.ok(!s.names().includes('solved'));
  // Opening, when a solve stops the worker.
  const opening = s.session.open('big');
  s.pending[0].reject(new Cancelled());
  assert.deepEqual(await opening, { cancelled: 'stopped' });
  assert.equal(s.session.input.text, 'typed while it downloaded');
});

test("open: the verdict engine is asked about the opened trace's puzzle, and its answer is told beside the file's", async () => {
  const s = openSetup();
  const trace = pageForm(randomTrace(5, 2));
  trace.variant = 'diagonal';
  const opened = s.session.open('file');
  s.pending[0].resolve(trace);
  const { run } = await opened;
  assert.equal(s.verdicts.length, 1);
  assert.equal(s.verdicts[0].text, s.session.input.text);
  assert.deepEqual(s.verdicts[0].options, { diagonal: true, maxNodes: 10 });
  s.verdicts[0].resolve(NO_SOLUTION);
  await tick();
  const told = s.told.find((t) => t[0] === 'verdict');
  assert.deepEqual(told.slice(1), [NO_SOLUTION, s.session.input]);
  assert.equal(s.session.run, run);
  // Another open, then an edit before the engine answers: the answer is dropped.
  const again = s.session.open('file2');
  s.pending[1].resolve(pageForm(randomTrace(5, 3)));
  await again;
  s.session.edit({ text: 'typed' });
  s.verdicts[1].resolve(NO_SOLUTION);
  await tick();
  assert.equal(s.told.filter((t) => t[0] === 'verdict').length, 1);
});

test('whitespace over the input cap is not an empty puzzle: the parser is asked and its "too long" shown', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  const blank = '\n'.repeat(100_001);
  s.session.edit({ text: blank }, { now: true });
  const asked = s.requests().find((r) => r.op === 'parse' && r.text === blank);
  assert.ok(asked, 'the parser is asked');
  asked.w.fail(asked.id, 'input is too long: 100001 bytes (at most 100000); a grid has 81 boxes');
  await tick();
  assert.ok(s.told.some((t) => t[0] === 'rejected' && /too long/.test(t[1])));
  assert.equal(await s.session.solve(), null);
  assert.ok(!s.told.some((t) => t[0] === 'refused' && /empty/.test(t[1] || '')), 'not called empty');
  // Whitespace within the cap is still an empty puzzle.
  s.session.edit({ text: ' '.repeat(100) }, { now: true });
  assert.equal(s.requests().filter((r) => r.op === 'parse').length, 2);
});

test('an edit while a file is read stops the worker: the edit is parsed at once, not after the file', async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  const opening = s.session.open({ name: 'big.json' });
  await tick();
  const read = s.requests().find((r) => r.op === 'open');
  assert.ok(read);
  s.session.edit({ text: 'B' }, { now: true });
  assert.equal(read.w.terminated, true);
  assert.deepEqual(await opening, { cancelled: 'edited' });
  const parse = s.requests().find((r) => r.op === 'parse' && r.text === 'B');
  assert.notEqual(parse.w, read.w, 'asked of a fresh worker');
});

test('Solve while a file is read stops the worker at once: the file is given up and the puzzle parsed afresh', async () => {
  // The puzzle's parse has not answered: in the worker it would wait behind the file.
  const s = setup();
  const opening = s.session.open({ name: 'big.json' });
  await tick();
  const read = s.requests().find((r) => r.op === 'open');
  assert.ok(read);
  const solving = s.session.solve();
  assert.equal(read.w.terminated, true, 'the worker reading the file is stopped');
  assert.deepEqual(await opening, { cancelled: 'stopped' });
  await tick();
  const parses = s.requests().filter((r) => r.op === 'parse' && r.text === 'A');
  assert.equal(parses.length, 2);
  assert.notEqual(parses[1].w, read.w, 'asked of a fresh worker');
  s.answer('parse', 'A', CELLS);
  await tick();
  s.answer('solve', 'A', packTrace(randomTrace(5)));
  const run = await solving;
  assert.ok(run && run.input.text === 'A');
});

test("the rating's walk is a run of its own at the rating's step: Solve makes the solve again, a link holds no step of it", async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  const walking = s.session.walk(2);
  await tick();
  const asked = s.requests().filter((r) => r.op === 'solve');
  assert.equal(asked.length, 1);
  assert.equal(asked[0].options.walk, true);
  assert.deepEqual(s.requests().filter((r) => r.op !== 'parse').map((r) => r.op), ['verdict', 'solve', 'rate']);
  s.answer('solve', 'A', packTrace(randomTrace(5)));
  const run = await walking;
  assert.equal(run.walk, true);
  assert.equal(run.replay.position, 3, "the rating's step (0 first) is the step just made");
  assert.equal((await s.session.linkState()).state.step, 0);
  // Asked again: the same run, moved to the step.
  run.player.seek(0);
  assert.equal(await s.session.walk(1), run);
  assert.equal(run.replay.position, 2);
  // Solve: the solve with the ticked strategies, not the walk, which stops playing.
  run.player.clock = { now: () => 0, request: () => 1, cancel: () => {} };
  run.player.play();
  const solving = s.session.solve();
  await tick();
  const solves = s.requests().filter((r) => r.op === 'solve');
  assert.equal(solves.length, 2);
  assert.equal(solves[1].options.walk, undefined);
  s.answer('solve', 'A', packTrace(randomTrace(4)));
  const own = await solving;
  assert.notEqual(own, run);
  assert.equal(own.walk, undefined);
  assert.equal(run.player.playing, false);
});

test("a variant: the parse's constraints and peers are the accepted puzzle's, its constraints the run's, a trace's own win; it is rated as any puzzle", async () => {
  const s = setup({ text: 'V', diagonal: false, strategies: ['x'] });
  const puzzle = { constraints: [{ kind: 'anti-king' }] };
  const peers = Uint8Array.from([1, 2, 3]);
  s.answer('parse', 'V', { initial: CELLS, puzzle, peers });
  await tick();
  assert.deepEqual(s.session.accepted.puzzle, puzzle);
  assert.equal(s.session.accepted.peers, peers);
  const run = s.session.solve();
  await tick();
  s.answer('verdict', 'V', NO_SOLUTION);
  s.answer('solve', 'V', randomTrace(3));
  assert.ok(await run);
  assert.deepEqual(s.session.run.puzzle, puzzle, 'the parsed puzzle, for a trace without one');
  const r = s.requests().find((q) => q.op === 'rate');
  assert.equal(r.text, 'V');
  const rating = { kind: 'steps', technique: 'cage_combinations', label: 'Cage combinations', strategy: 'cage_combinations', score: 2.8, step: 3, steps: 40 };
  r.w.reply(r.id, rating);
  await tick();
  assert.deepEqual(s.told.find((t) => t[0] === 'rated')[1], rating);
  // A trace that carries its puzzle (format 4) is drawn with it.
  s.session.edit({ text: 'W', diagonal: false, strategies: ['x'] }, { now: true });
  s.answer('parse', 'W', { initial: CELLS, puzzle });
  const again = s.session.solve();
  await tick();
  s.answer('verdict', 'W', NO_SOLUTION);
  const own = { ...randomTrace(3), puzzle: { constraints: [{ kind: 'windoku' }] } };
  s.answer('solve', 'W', own);
  assert.ok(await again);
  assert.deepEqual(s.session.run.puzzle, own.puzzle);
});

test("Cancel stops the rating's walk as it stops a solve; a solve asked for meanwhile takes over from the walk", async () => {
  const s = setup();
  s.answer('parse', 'A', CELLS);
  await tick();
  const walking = s.session.walk(2);
  await tick();
  assert.equal(s.requests().filter((r) => r.op === 'solve').length, 1);
  s.session.cancel();
  assert.equal(await walking, null, 'a walk cancelled shows no run');
  assert.ok(s.names().includes('cancelled'));
  assert.equal(s.session.run, null);
  // The walk again (the parse is kept), then Solve before it answers: the solve's run is the one
  // on screen.
  const again = s.session.walk(2);
  await tick();
  const solving = s.session.solve();
  await tick();
  await tick();
  // The walk's request went with the worker the solve restarted (its rating was running).
  const solves = s.requests().filter((r) => r.op === 'solve' && !r.w.terminated);
  assert.deepEqual(solves.map((r) => r.options.walk), [undefined], 'the solve with the ticked strategies, alone');
  solves[0].w.reply(solves[0].id, packTrace(randomTrace(4)));
  assert.equal(await again, null, 'the walk gave way');
  const run = await solving;
  assert.ok(run);
  assert.equal(run.walk, undefined);
  assert.equal(s.session.run, run);
});
