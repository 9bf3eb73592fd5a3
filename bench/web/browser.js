#!/usr/bin/env node
// Browser benchmark of the built page (issue 4's browser targets), in Debian's headless Chromium
// driven by playwright-core. Not a test: it measures and prints, and exits non-zero only if it
// cannot measure (no build, a wrong answer, a timeout).
//
//   cargo xtask bench-browser                 builds (cargo, trunk) then runs this
//   node bench/web/browser.js [options]       on an existing build
//     --quick        fewer repetitions (a smoke run, a minute or two)
//     --write-docs   rewrite the section between the bench-browser markers of docs/benchmarks.md
//     --json FILE    also write every figure as JSON
//     --frames-only  only part 3 (frames while playing and scrubbing), printed as JSON
//     --solves-only  only part 1 (wasm against native), printed as JSON
//     --no-pin       part 1 without pinning Chromium and the native runs to one core (below)
//   env: PROPAGATE_DIST (default dist/: a build with solver-wasm's `bench` feature, which
//        `cargo xtask bench-browser` makes in target/bench-dist), PROPAGATE_PAGE_DIST (the page
//        as shipped, whose wasm's size is reported; default PROPAGATE_DIST),
//        PROPAGATE_BIN (default target/release/propagate), CHROMIUM (default /usr/bin/chromium)
//
// What it measures:
// 1. Wasm against native, per puzzle of puzzles/top95.txt: the wasm solve (`solveTracedCount`:
//    parse, then solve_traced n times inside wasm, the full trace kept; also n calls from
//    JavaScript) in the page, against `propagate bench --traced` on a file holding that puzzle
//    repeated (solve_traced alone). Both sides warm (the whole set solved in the page first, so
//    V8 has compiled the hot code optimised, as native code is ahead of time; the first, cold
//    solves are reported too), in rounds that alternate a native batch and a wasm batch of the
//    same puzzle so that both see the same machine speed, which drifts by up to 2x from minute
//    to minute on this machine; the per-puzzle ratio is the median of the rounds' ratios. Also
//    the hand-over to the page and the round trip through the page's own worker. Chromium (a
//    browser of its own for this part) and the native runs are pinned to the same core with
//    `taskset`: on this 2-core virtual machine one core can run much slower than the other for
//    seconds at a time, which put whichever side ran there over the other (in paired runs,
//    8-27 of the 95 puzzles over 2x unpinned, different ones each run; 0-1 pinned).
// 2. Time to first frame: from the click on #solve to the frame that shows the animation's first
//    position, for every top95 puzzle and the course's diagonal example.
// 3. Frames while playing at the fastest speed and while scrubbing the timeline, on traces of
//    10,000 steps and more (requestAnimationFrame intervals, PerformanceObserver 'longtask').
// 4. The size of the wasm, raw and gzipped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { serve } from '../../e2e/server.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
// playwright-core is e2e's package (e2e/package.json, installed there by `npm ci`), resolved
// from that folder.
const { chromium } = createRequire(join(ROOT, 'e2e', 'package.json'))('playwright-core');
const DIST = process.env.PROPAGATE_DIST || join(ROOT, 'dist');
const BIN = process.env.PROPAGATE_BIN || join(ROOT, 'target', 'release', 'propagate');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const WRITE_DOCS = args.includes('--write-docs');
const JSON_OUT = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const FRAMES_ONLY = args.includes('--frames-only');

/** The page's caps (www/app/main.js LIMITS). */
const PAGE_LIMITS = { maxNodes: 200_000, maxSteps: 50_000 };
const DIAGONAL = '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3';
/** Repetitions of each puzzle, per side and round, for the wasm/native comparison. */
const REPS = QUICK ? 5 : 20;
/** Rounds per puzzle, each a native batch then a wasm batch; each side's fastest is kept. */
const ROUNDS = QUICK ? 2 : 7;
/** The least time of a wasm batch (ms): at least REPS solves, more for short ones. */
const BATCH_MS = 5;
/** Passes over the whole set in the page before timing (the first is the cold one). */
const WARM_PASSES = 3;
const SOLVES_ONLY = args.includes('--solves-only');
/** The core that part 1 runs both sides on (the last one), or null: no taskset, one core, --no-pin. */
const PIN = (() => {
  if (args.includes('--no-pin') || cpus().length < 2) return null;
  const t = spawnSync('taskset', ['-c', '0', 'true']);
  return t.status === 0 ? String(cpus().length - 1) : null;
})();

const log = (...a) => console.error('bench-browser:', ...a);
const load = () => loadavg()[0].toFixed(2);

function fail(message) {
  console.error(`bench-browser: ${message}`);
  process.exit(1);
}

function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

// ---- native ------------------------------------------------------------------------------------

/**
 * `propagate bench --traced` on a file of `reps` copies of `puzzle`: the mean µs per solve
 * (from puzzles/s) and the median µs.
 */
function nativeTraced(puzzle, reps, flags = []) {
  const file = join(scratch, 'one.txt');
  writeFileSync(file, `${puzzle}\n`.repeat(reps));
  const argv = ['bench', '--traced', ...flags, file];
  const r = PIN ? spawnSync('taskset', ['-c', PIN, BIN, ...argv], { encoding: 'utf8' }) : spawnSync(BIN, argv, { encoding: 'utf8' });
  if (r.status !== 0) fail(`${BIN} bench failed: ${r.stderr}`);
  const row = r.stdout.split('\n').find((l) => l.startsWith(file));
  if (!row) fail(`no result row in: ${r.stdout}`);
  const cols = row.trim().split(/\s+/);
  // file puzzles puzzles/s median-µs worst-µs nodes/p checked
  return { mean: 1e6 / Number(cols[2]), median: Number(cols[3]), nodes: Number(cols[5]) };
}

// ---- the browser -------------------------------------------------------------------------------

/** Chromium with a fresh profile; `pin`: every process of it on that core (through taskset). */
async function launch(pin = null) {
  const profile = mkdtempSync(join(tmpdir(), 'propagate-bench-chromium-'));
  let executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  if (pin !== null) {
    const wrapper = `${profile}-pinned.sh`;
    writeFileSync(wrapper, `#!/bin/sh\nexec taskset -c ${pin} ${executablePath} "$@"\n`, { mode: 0o755 });
    executablePath = wrapper;
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  return { context, profile };
}

async function openPage(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  return { page, problems };
}

/**
 * Loads the page's first wasm module (what the page solves with) into the page itself (a harness
 * beside the app) and a worker of the app's.
 */
async function installHarness(page) {
  await page.evaluate(async () => {
    const m = await import(new URL('solver-wasm-first.js', location.href).href);
    await m.default({ module_or_path: new URL('solver-wasm-first_bg.wasm', location.href) });
    const packedJs = await import(new URL('www/trace/packed.js', location.href).href);
    const { unpackTrace, isPacked, takePacked } = packedJs;
    // The trace's JSON text as the page writes it (a build whose trace object holds the
    // candidates as strings writes it with JSON.stringify).
    const asJson = packedJs.traceJson || ((t) => JSON.stringify(t));
    const worker = new Worker(new URL('www/app/worker.js', location.href), { type: 'module' });
    let next = 1;
    const waiting = new Map();
    worker.onmessage = (ev) => {
      const w = waiting.get(ev.data.id);
      if (w) {
        waiting.delete(ev.data.id);
        w(ev.data);
      }
    };
    const ask = (msg) =>
      new Promise((ok) => {
        const id = next++;
        waiting.set(id, ok);
        worker.postMessage({ id, ...msg });
      });
    await ask({ op: 'parse', text: '.'.repeat(81), options: {} });
    window.__bench = { m, ask, unpackTrace, isPacked, takePacked, asJson };
  });
}

/**
 * How many wasm solves of `puzzle` fill `ms` (at least `min`): a batch that long is timed well
 * by performance.now(), whose resolution in a page that is not cross-origin isolated is 0.1 ms.
 */
function repsFor(page, puzzle, ms, min) {
  return page.evaluate(
    ({ puzzle, ms, min }) => {
      const { m } = window.__bench;
      const t0 = performance.now();
      let n = 0;
      while (n < min || performance.now() - t0 < ms) {
        m.solveTracedCount(puzzle, {});
        n++;
      }
      return n;
    },
    { puzzle, ms, min },
  );
}

/**
 * The wasm solve alone, `reps` times: `inWasm` one call of `solveTracedCount` solving `reps`
 * times inside wasm (as `propagate bench` does natively: the parse outside, each trace dropped
 * in turn), `perCall` `reps` calls from JavaScript (each also passing the text and options in
 * and the counts out, and parsing). The mean ms per solve of each.
 */
function wasmSolve(page, puzzle, reps, options = {}) {
  return page.evaluate(
    ({ puzzle, reps, options }) => {
      const { m } = window.__bench;
      let t0 = performance.now();
      m.solveTracedCount(puzzle, options, reps);
      const inWasm = (performance.now() - t0) / reps;
      t0 = performance.now();
      for (let i = 0; i < reps; i++) m.solveTracedCount(puzzle, options);
      const perCall = (performance.now() - t0) / reps;
      return { inWasm, perCall };
    },
    { puzzle, reps, options },
  );
}

/**
 * Every puzzle once, in order, `passes` times: the ms of each solve of the first pass (the cold
 * one, as a page's first solves run, partly on V8's baseline code) and of the last.
 */
function warmUp(page, puzzles, passes) {
  return page.evaluate(
    ({ puzzles, passes }) => {
      const { m } = window.__bench;
      const times = [];
      for (let k = 0; k < passes; k++) {
        times.push(puzzles.map((p) => {
          const t0 = performance.now();
          m.solveTracedCount(p, {});
          return performance.now() - t0;
        }));
      }
      return { cold: times[0], last: times[times.length - 1] };
    },
    { puzzles, passes },
  );
}

/**
 * The wasm solves of one puzzle, `reps` times each, interleaved: `core` the solve alone
 * (`solveTracedCount`: solve_traced, the full trace kept in wasm memory, only its counts
 * returned) and `packed` what the page gets (`solvePacked` then www/trace/packed.js's unpackTrace: the
 * trace as a JavaScript object). Mean ms per call, and checks.
 */
function wasmTraced(page, puzzle, reps, options = {}) {
  return page.evaluate(
    ({ puzzle, reps, options }) => {
      const { m, unpackTrace, takePacked, asJson } = window.__bench;
      const time = (n, f) => {
        const t0 = performance.now();
        let r;
        for (let i = 0; i < n; i++) r = f();
        return [(performance.now() - t0) / n, r];
      };
      const [core, counts] = time(reps, () => m.solveTracedCount(puzzle, options));
      const [packed, trace] = time(reps, () => unpackTrace(takePacked(m.solvePacked(puzzle, options))));
      const json = asJson(trace);
      return {
        core,
        packed,
        verdict: trace.outcome.verdict,
        solutions: trace.outcome.solutions,
        nodes: trace.stats.nodes,
        steps: trace.steps.length,
        countsAgree: counts[0] === trace.steps.length && counts[1] === trace.stats.nodes,
        json: json.length,
      };
    },
    { puzzle, reps, options },
  );
}

/** Round trips through the app's worker: postMessage, solve, the trace sent back and unpacked. */
function workerTraced(page, puzzle, reps, options = {}) {
  return page.evaluate(
    async ({ puzzle, reps, options }) => {
      const { ask, unpackTrace, isPacked } = window.__bench;
      const each = [];
      for (let i = 0; i < reps; i++) {
        const a = performance.now();
        const r = await ask({ op: 'solve', text: puzzle, options });
        if (!r.ok) throw new Error(r.error);
        if (isPacked(r.result)) unpackTrace(r.result);
        each.push(performance.now() - a);
      }
      return { each };
    },
    { puzzle, reps, options },
  );
}

/**
 * Sets the puzzle and options through the page's own controls, waits for the parse, then clicks
 * #solve (which solves and plays) and times: the solve's reply, the first draw of a position, and
 * that frame's end (a message posted from the draw runs after the frame is rendered).
 */
async function timeToFirstFrame(page, puzzle, diagonal) {
  await page.evaluate(() => {
    document.getElementById('samples').value = '';
  });
  await page.setChecked('#diagonal', diagonal);
  await page.fill('#puzzle-input', puzzle);
  await page.waitForFunction(
    (p) =>
      [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value || '.').join('') === p &&
      document.getElementById('board').dataset.position === undefined &&
      !document.getElementById('solve').disabled,
    puzzle.replace(/[^1-9]/g, '.'),
  );
  // Let the page settle (the URL timer, the parse's frame).
  await page.waitForTimeout(200);
  return page.evaluate(
    () =>
      new Promise((done, fail) => {
        const board = document.getElementById('board');
        const longTasks = [];
        const po = new PerformanceObserver((l) => longTasks.push(...l.getEntries().map((e) => e.duration)));
        po.observe({ type: 'longtask' });
        let t0 = 0;
        let first = null;
        const out = {};
        const mo = new MutationObserver(() => {
          const p = board.dataset.position;
          if (p === undefined) return;
          const t = performance.now();
          if (first === null) {
            first = p;
            out.draw = t - t0;
            out.firstPosition = Number(p);
            const ch = new MessageChannel();
            ch.port1.onmessage = () => {
              out.frame = performance.now() - t0;
            };
            ch.port2.postMessage(0);
          }
          if (Number(p) >= 1) {
            out.step1 = t - t0;
            mo.disconnect();
            const ch = new MessageChannel();
            ch.port1.onmessage = () => {
              out.step1Frame = performance.now() - t0;
              setTimeout(() => {
                po.disconnect();
                out.longTasks = longTasks;
                out.length = Number(document.body.dataset.length);
                document.getElementById('play').click(); // pause
                done(out);
              }, 60);
            };
            ch.port2.postMessage(0);
          }
        });
        mo.observe(board, { attributes: true, attributeFilter: ['data-position'] });
        setTimeout(() => fail(new Error('no frame within 20 s')), 20_000);
        const solve = document.getElementById('solve');
        solve.addEventListener('click', (ev) => { t0 = ev.timeStamp; }, { once: true, capture: true });
        solve.click();
      }),
  );
}

/**
 * Records requestAnimationFrame intervals and long tasks for `ms`. `mode` says what happens on
 * every frame meanwhile: 'watch' nothing (the player plays by itself); 'sweep' two input events
 * on #timeline sweeping the whole trace back and forth with a jitter, as a hand dragging the
 * thumb fast does; 'jump' two input events anywhere in the trace (no locality at all).
 */
function recordFrames(page, ms, mode) {
  return page.evaluate(
    ({ ms, mode }) =>
      new Promise((done) => {
        const longTasks = [];
        const po = new PerformanceObserver((l) => longTasks.push(...l.getEntries().map((e) => e.duration)));
        po.observe({ type: 'longtask' });
        const tl = document.getElementById('timeline');
        const n = Number(tl.max);
        const handler = [];
        const input = (v) => {
          tl.value = String(Math.max(0, Math.min(n, v)));
          const a = performance.now();
          tl.dispatchEvent(new Event('input', { bubbles: true }));
          handler.push(performance.now() - a);
        };
        const times = [];
        const start = performance.now();
        let frame = 0;
        const tick = (t) => {
          times.push(t);
          if (t - start >= ms) {
            po.disconnect();
            const intervals = times.slice(1).map((x, i) => x - times[i]);
            done({ intervals, longTasks, handler, position: Number(document.body.dataset.position), playing: document.body.dataset.playing });
            return;
          }
          for (let k = 0; k < 2 && mode !== 'watch'; k++) {
            if (mode === 'sweep') {
              const phase = (frame * 2 + k) / 240;
              input(Math.round(n * (0.5 - 0.5 * Math.cos(Math.PI * phase)) + (Math.random() - 0.5) * 200));
            } else {
              input(Math.floor(Math.random() * (n + 1)));
            }
          }
          frame++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { ms, mode },
  );
}

/**
 * Runs `during` with Chromium's timeline tracing on, and returns the page's main-thread tasks:
 * their wall time and their CPU time (thread time). On a loaded machine a task's wall time grows
 * while it waits for a core; its CPU time is what the page itself costs.
 */
async function traced(page, during) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const result = await during();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's main thread: the renderer main thread with the most work.
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || names.get(`${e.pid}:${e.tid}`) !== 'CrRendererMain') continue;
    const k = `${e.pid}:${e.tid}`;
    if (!byThread.has(k)) byThread.set(k, []);
    byThread.get(k).push({ wall: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
  }
  const [main] = [...byThread.entries()].sort(([, a], [, b]) => sum(b.map((t) => t.cpu)) - sum(a.map((t) => t.cpu)))[0] || [];
  const tasks = byThread.get(main) || [];
  // Where the main thread's CPU time goes, by trace event. Events of different names nest (a
  // FunctionCall inside its FireAnimationFrame, a Layout inside a script that forced it), so the
  // names overlap; an event inside one of the same name (Paint inside Paint) is not counted again.
  const breakdown = {};
  const endOf = {};
  const own = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.name !== 'RunTask').sort((a, b) => a.ts - b.ts);
  for (const e of own) {
    if (e.ts < (endOf[e.name] ?? -Infinity)) continue;
    endOf[e.name] = e.ts + e.dur;
    breakdown[e.name] = (breakdown[e.name] || 0) + (e.tdur ?? e.dur) / 1000;
  }
  tasks.breakdown = breakdown;
  if (process.env.BENCH_LAYOUTS) {
    const ls = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.name === 'Layout').slice(0, 400);
    const agg = {};
    for (const e of ls) {
      const b = e.args?.beginData || {};
      const k = `${b.dirtyObjects}/${b.totalObjects} ${b.partialLayout} ${(b.stackTrace || []).map((f) => f.functionName).slice(0, 3).join('<')}`;
      agg[k] = agg[k] || [0, 0];
      agg[k][0]++;
      agg[k][1] += (e.tdur ?? e.dur) / 1000;
    }
    console.error(JSON.stringify(Object.entries(agg).sort((a, b) => b[1][1] - a[1][1]).slice(0, 12)));
  }
  return { result, tasks };
}

function frameSummary(r, tasks = []) {
  const iv = r.intervals;
  const duration = sum(iv);
  const cpu = sum(tasks.map((t) => t.cpu));
  return {
    cpuPerFrame: cpu / Math.max(1, iv.length),
    cpuShare: cpu / duration,
    longestTaskCpu: tasks.length ? Math.max(...tasks.map((t) => t.cpu)) : 0,
    longestTaskWall: tasks.length ? Math.max(...tasks.map((t) => t.wall)) : 0,
    cpuLongTasks: tasks.filter((t) => t.cpu > 50).length,
    frames: iv.length,
    fps: (iv.length * 1000) / duration,
    p50: median(iv),
    p95: quantile(iv, 0.95),
    max: Math.max(...iv),
    over20: iv.filter((x) => x > 20).length,
    longTasks: r.longTasks.length,
    longestTask: r.longTasks.length ? Math.max(...r.longTasks) : 0,
    handlerMedian: r.handler.length ? median(r.handler) : undefined,
    handlerMax: r.handler.length ? Math.max(...r.handler) : undefined,
    inputs: r.handler.length,
    // CPU ms per frame of the main thread's heaviest trace events (style, layout, paint, script).
    breakdown: Object.fromEntries(Object.entries(tasks.breakdown || {})
      .map(([k, v]) => [k, Math.round((v / Math.max(1, iv.length)) * 100) / 100])
      .filter(([, v]) => v >= 0.3)
      .sort((a, b) => b[1] - a[1])),
  };
}

/** Opens the page on a linked puzzle and options, solves, and measures playing then scrubbing. */
async function framesOn(context, name, fragment, seconds) {
  const { page, problems } = await openPage(context, `${server.url}#${fragment}`);
  await page.selectOption('#speed', '1000');
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.body.dataset.position) >= 1);
  const length = Number(await page.evaluate(() => document.body.dataset.length));
  const measure = async (mode) => {
    const { result, tasks } = await traced(page, () => recordFrames(page, seconds * 1000, mode));
    return frameSummary(result, tasks);
  };
  const play = await measure('watch');
  const playedTo = Number(await page.evaluate(() => document.body.dataset.position));
  // Pause, then scrub.
  await page.evaluate(() => {
    if (document.body.dataset.playing === 'true') document.getElementById('play').click();
  });
  const scrub = await measure('sweep');
  const jump = await measure('jump');
  if (problems.length) fail(`page errors on ${name}: ${problems.join('; ')}`);
  await page.close();
  return { name, fragment, length, playedTo, play, scrub, jump };
}

// ---- main --------------------------------------------------------------------------------------

if (!existsSync(join(DIST, 'index.html'))) fail(`no built page at ${DIST}: run cargo xtask bench-browser (or trunk build --release --features bench)`);
if (!readFileSync(join(DIST, 'solver-wasm-first.js'), 'utf8').includes('export function solveTracedCount')) {
  fail(`${DIST} is built without the benchmarks' calls: trunk build --release --features bench`);
}
if (!existsSync(BIN)) fail(`no ${BIN}: cargo build --release -p propagate-cli`);
const scratch = mkdtempSync(join(tmpdir(), 'propagate-bench-'));
const top95 = readFileSync(join(ROOT, 'puzzles', 'top95.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const results = {
  date: new Date().toISOString(),
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim(),
  cores: cpus().length,
  cpu: cpus()[0]?.model,
  chromium: spawnSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout.trim(),
  quick: QUICK,
  loads: {},
};

// The page's first module, what it loads before it can show and solve a puzzle.
const wasmFile = join(process.env.PROPAGATE_PAGE_DIST || DIST, 'solver-wasm-first_bg.wasm');
const wasmBytes = readFileSync(wasmFile);
results.wasm = { raw: wasmBytes.length, gzip: gzipSync(wasmBytes, { level: 9 }).length };
log(`wasm (first module): ${results.wasm.raw} bytes, ${results.wasm.gzip} gzipped`);

const server = await serve(DIST);
// Part 1 runs in a browser of its own, pinned (see PIN); the one for parts 2 and 3 is launched
// after it, so that its start-up does not run beside the first puzzles' rounds.
let browser = null;
const mainBrowser = async () => (browser ??= await launch());
try {
  if (!FRAMES_ONLY) {
  // 1. wasm vs native, puzzle by puzzle, interleaved.
  results.loads.solves = load();
  results.pinned = PIN;
  log(`wasm vs native on top95 (${REPS} solves of each puzzle per side), load ${results.loads.solves}` +
    (PIN ? `, Chromium and native pinned to core ${PIN}` : ''));
  const solvesBrowser = PIN ? await launch(PIN) : null;
  const { page: hp } = await openPage(solvesBrowser ? solvesBrowser.context : (await mainBrowser()).context, server.url);
  await installHarness(hp);
  // Let the new browser's start-up work (its other processes, background compiles) finish.
  await hp.waitForTimeout(3000);
  const warm = await warmUp(hp, top95, WARM_PASSES);
  const rows = [];
  for (let i = 0; i < top95.length; i++) {
    const p = top95[i];
    // Rounds of a native batch then a wasm batch; each side's fastest round, and the ratio of
    // each round (both sides within a second of each other).
    const reps = await repsFor(hp, p, BATCH_MS, REPS);
    const natives = [];
    const wasms = [];
    const calls = [];
    let nodes = 0;
    for (let k = 0; k < ROUNDS; k++) {
      const n = nativeTraced(p, reps);
      nodes = n.nodes;
      natives.push(n.mean / 1000);
      const w = await wasmSolve(hp, p, reps);
      wasms.push(w.inWasm);
      calls.push(w.perCall);
    }
    const wasm = await wasmTraced(hp, p, REPS);
    if (wasm.verdict !== 'solved' || wasm.solutions !== 1) fail(`top95 #${i + 1}: wasm says ${wasm.verdict}`);
    if (wasm.nodes !== Math.round(nodes) || !wasm.countsAgree) fail(`top95 #${i + 1}: ${wasm.nodes} nodes in wasm, ${nodes} native`);
    const viaWorker = await workerTraced(hp, p, QUICK ? 2 : 5);
    const native = Math.min(...natives);
    const core = Math.min(...wasms);
    rows.push({
      line: i + 1,
      nodes: wasm.nodes,
      steps: wasm.steps,
      json: wasm.json,
      native,
      core,
      cold: warm.cold[i],
      reps,
      packed: wasm.packed,
      worker: median(viaWorker.each),
      ratio: core / native,
      ratioRounds: median(wasms.map((w, k) => w / natives[k])),
      perCall: Math.min(...calls),
      ratioPerCall: median(calls.map((w, k) => w / natives[k])),
      rounds: { native: natives, wasm: wasms, perCall: calls },
      ratioPacked: wasm.packed / native,
    });
    if ((i + 1) % 19 === 0) log(`  ${i + 1}/${top95.length} puzzles`);
  }
  await hp.close();
  if (solvesBrowser) {
    await solvesBrowser.context.close();
    rmSync(solvesBrowser.profile, { recursive: true, force: true });
    rmSync(`${solvesBrowser.profile}-pinned.sh`, { force: true });
  }
  results.solves = rows;
  const ratios = rows.map((r) => r.ratio);
  const total = (k) => sum(rows.map((r) => r[k]));
  results.solveSummary = {
    native: total('native'),
    core: total('core'),
    packed: total('packed'),
    worker: total('worker'),
    ratioMedian: median(ratios),
    ratioMax: Math.max(...ratios),
    ratioMin: Math.min(...ratios),
    over2: rows.filter((r) => r.ratio > 2).map((r) => r.line),
    roundsRatioMedian: median(rows.map((r) => r.ratioRounds)),
    roundsRatioMax: Math.max(...rows.map((r) => r.ratioRounds)),
    roundsOver2: rows.filter((r) => r.ratioRounds > 2).map((r) => r.line),
    perCall: total('perCall'),
    perCallRatioMedian: median(rows.map((r) => r.ratioPerCall)),
    perCallRatioMax: Math.max(...rows.map((r) => r.ratioPerCall)),
    perCallOver2: rows.filter((r) => r.ratioPerCall > 2).map((r) => r.line),
    cold: total('cold'),
    coldRatioMax: Math.max(...rows.map((r) => r.cold / r.native)),
    coldOver2: rows.filter((r) => r.cold / r.native > 2).length,
    packedRatioMedian: median(rows.map((r) => r.ratioPacked)),
    packedRatioMax: Math.max(...rows.map((r) => r.ratioPacked)),
  };
  results.solveSummary.ratioTotal = results.solveSummary.core / results.solveSummary.native;
  results.solveSummary.packedRatioTotal = results.solveSummary.packed / results.solveSummary.native;
  log('  ', JSON.stringify(results.solveSummary));

  }
  if (!FRAMES_ONLY && !SOLVES_ONLY) {
  // 2. Time to first frame after #solve.
  results.loads.ttff = load();
  log(`time to first frame, load ${results.loads.ttff}`);
  const { page: tp, problems: tproblems } = await openPage((await mainBrowser()).context, server.url);
  await tp.selectOption('#speed', '1000');
  const ttff = [];
  const cases = [...top95.map((p, i) => ({ name: `top95 #${i + 1}`, puzzle: p, diagonal: false })), { name: 'diagonal example', puzzle: DIAGONAL, diagonal: true }];
  for (const c of QUICK ? cases.filter((_, i) => i % 10 === 0 || i === cases.length - 1) : cases) {
    const r = await timeToFirstFrame(tp, c.puzzle, c.diagonal);
    ttff.push({ ...c, ...r });
  }
  if (tproblems.length) fail(`page errors: ${tproblems.join('; ')}`);
  await tp.close();
  results.ttff = ttff.map(({ name, draw, frame, step1, step1Frame, longTasks, length, firstPosition }) => ({ name, draw, frame, step1, step1Frame, longTasks, length, firstPosition }));
  const frames = ttff.map((r) => r.frame);
  const worst = ttff.reduce((a, b) => (b.frame > a.frame ? b : a));
  results.ttffSummary = {
    cases: ttff.length,
    median: median(frames),
    p95: quantile(frames, 0.95),
    max: worst.frame,
    worst: worst.name,
    worstSteps: worst.length,
    step1Median: median(ttff.map((r) => r.step1Frame)),
    step1Max: Math.max(...ttff.map((r) => r.step1Frame)),
    over100: ttff.filter((r) => r.frame > 100).map((r) => r.name),
    diagonal: ttff.find((r) => r.name === 'diagonal example').frame,
    longTasks: ttff.flatMap((r) => r.longTasks),
  };
  log('  ', JSON.stringify(results.ttffSummary));
  }

  // 3. Frames while playing and scrubbing long traces.
  if (!SOLVES_ONLY) {
  const seconds = QUICK ? 2 : 5;
  const long = [
    { name: 'top95 #26, eliminate only', fragment: new URLSearchParams({ p: top95[25], s: 'eliminate' }).toString() },
    { name: 'top95 #4, eliminate only (capped at 50,000 steps)', fragment: new URLSearchParams({ p: top95[3], s: 'eliminate' }).toString() },
  ];
  results.frames = [];
  for (const l of long) {
    results.loads[l.name] = load();
    log(`frames on ${l.name}, load ${results.loads[l.name]}`);
    const r = await framesOn((await mainBrowser()).context, l.name, l.fragment, seconds);
    r.load = results.loads[l.name];
    log('  ', JSON.stringify({ length: r.length, play: r.play, scrub: r.scrub, jump: r.jump }));
    results.frames.push(r);
  }
  }
  results.loads.end = load();
} finally {
  await browser?.context.close();
  await server.close();
  if (browser) rmSync(browser.profile, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}

// ---- report ------------------------------------------------------------------------------------

function markdown(r) {
  const s = r.solveSummary;
  const t = r.ttffSummary;
  const lines = [];
  lines.push(
    `Measured ${r.date.slice(0, 10)} at commit \`${r.commit}\` on ${r.cores} cores (${r.cpu}), ${r.chromium}, headless, no GPU, by \`node bench/web/browser.js${r.quick ? ' --quick' : ''}\`. ` +
      `1-minute load average: ${r.loads.solves} at the start of the solves, ${r.loads.ttff} at the start of the first-frame runs, ${r.loads.end} at the end (2 cores: above 2, work waited for a core).`,
    '',
    '### Wasm against native: each `top95.txt` puzzle, traced',
    '',
    (r.pinned !== null && r.pinned !== undefined
      ? `Chromium (a browser of its own for this part, all its processes) and the native runs are pinned to the same core (core ${r.pinned}, with \`taskset\`): this virtual machine's two cores drift apart in speed for seconds at a time, and unpinned, whichever side ran on the slower core lost (in paired runs in Node.js, 8–27 of the 95 puzzles measured over 2× unpinned, different ones each run, and 0–1 pinned). `
      : 'Not pinned to one core (`--no-pin`, or no `taskset`): the ratios move more from run to run. ') +
    `Both sides warm: the page first solves the whole set ${WARM_PASSES} times (V8 compiles wasm on a baseline tier first and optimises the code that runs hot; native code is optimised ahead of time; the first, cold pass is given below). ` +
      `Then, for each puzzle, ${ROUNDS} rounds of a native batch (\`propagate bench --traced\` on a file of the puzzle repeated: native \`solve_traced\`, the full trace kept) and a wasm batch of as many solves in the page (at least ${REPS}, and at least ${BATCH_MS} ms of them, as \`performance.now()\` has a 0.1 ms resolution in a page that is not cross-origin isolated); the mean time per solve of a batch. ` +
      'This machine\'s speed drifts by up to 2× from one minute to the next, so the two sides are compared round by round: **the per-puzzle ratio is the median of the rounds\' wasm/native ratios**; the totals and the second ratio take each side\'s fastest round. ' +
      'The wasm **solve** is `solveTracedCount(text, options, n)`: one call that parses and then runs `solve_traced` n times inside wasm, each full trace kept in wasm memory and dropped in turn, as `propagate bench --traced` does natively: the same work. **Per call from JavaScript** is n calls of `solveTracedCount(text, options)`, each also passing the text and options in, parsing and passing the counts out (a few µs a call). ' +
      '**Solve and hand over** is what the page gets: `solvePacked` (the steps and their changes as typed arrays, the rest as JSON text) and `unpackTrace` (www/trace/packed.js) making the trace object. ' +
      '**Via the worker** is a round trip through the page\'s worker (postMessage, solve, the arrays transferred, unpacked in the page), median of a few.',
    '',
    '| over the 95 puzzles | total (ms) | ratio to native |',
    '|---|---:|---:|',
    `| native \`solve_traced\` | ${fmt(s.native)} | 1 |`,
    `| wasm solve | ${fmt(s.core)} | **${fmt(s.ratioTotal, 2)}×** |`,
    `| wasm solve, per call from JavaScript | ${fmt(s.perCall)} | ${fmt(s.perCall / s.native, 2)}× |`,
    `| wasm solve and hand over (packed) | ${fmt(s.packed)} | ${fmt(s.packedRatioTotal, 2)}× |`,
    `| via the worker (packed) | ${fmt(s.worker)} | ${fmt(s.worker / s.native, 2)}× |`,
    '',
    `Per puzzle, wasm solve / native, median of the rounds' ratios: median over the puzzles **${fmt(s.roundsRatioMedian, 2)}×**, worst ${fmt(s.roundsRatioMax, 2)}×; ` +
      (s.roundsOver2.length ? `over 2× on ${s.roundsOver2.length} puzzle(s): ${s.roundsOver2.map((l) => `#${l}`).join(', ')}. ` : '**every puzzle within 2×**. ') +
      `Each side's fastest round instead: median ${fmt(s.ratioMedian, 2)}×, range ${fmt(s.ratioMin, 2)}–${fmt(s.ratioMax, 2)}×, ` +
      (s.over2.length ? `over 2× on ${s.over2.length}: ${s.over2.map((l) => `#${l}`).join(', ')}. ` : 'every puzzle within 2×. ') +
      `Per call from JavaScript, median of the rounds' ratios: median ${fmt(s.perCallRatioMedian, 2)}×, worst ${fmt(s.perCallRatioMax, 2)}×` +
      (s.perCallOver2.length ? `, over 2× on ${s.perCallOver2.length}: ${s.perCallOver2.map((l) => `#${l}`).join(', ')}. ` : ', every puzzle within 2×. ') +
      `Cold (the first pass after loading the module, one call per puzzle): ${fmt(s.cold)} ms over the set against ${fmt(s.native)} ms native, ${s.coldOver2} puzzles over 2×. ` +
      `Solve and hand over / native: median ${fmt(s.packedRatioMedian, 2)}×, worst ${fmt(s.packedRatioMax, 2)}×.`,
    '',
    'The five slowest puzzles natively:',
    '',
    '| top95 line | nodes | steps | trace JSON (KB) | native (ms) | wasm solve (ms) | ratio | solve and hand over (ms) | via worker (ms) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const x of [...r.solves].sort((a, b) => b.native - a.native).slice(0, 5)) {
    lines.push(`| ${x.line} | ${x.nodes} | ${x.steps} | ${fmt(x.json / 1024, 0)} | ${fmt(x.native, 2)} | ${fmt(x.core, 2)} | ${fmt(x.ratio, 2)}× | ${fmt(x.packed, 2)} | ${fmt(x.worker, 2)} |`);
  }
  lines.push(
    '',
    '### Time to first frame after pressing Solve',
    '',
    `From the click on \`#solve\` (its event time) to the end of the frame that first draws the solved trace (the start position of the animation), through the page's worker and its caps; ${t.cases} puzzles (${r.quick ? 'a sample of top95' : 'all of top95'} and the course's diagonal example).`,
    '',
    '| | median (ms) | 95th percentile (ms) | worst (ms) | target |',
    '|---|---:|---:|---:|---|',
    `| first frame | ${fmt(t.median)} | ${fmt(t.p95)} | ${fmt(t.max)} (${t.worst}, ${t.worstSteps} steps) | ≤ 100 ms |`,
    `| frame showing step 1 | ${fmt(t.step1Median)} | | ${fmt(t.step1Max)} | |`,
    '',
    `Diagonal example: ${fmt(t.diagonal)} ms. ` +
      (t.over100.length ? `Over 100 ms: ${t.over100.join(', ')}.` : 'Every case within 100 ms.') +
      ` Long tasks during these runs: ${t.longTasks.length ? t.longTasks.map((x) => `${fmt(x, 0)} ms`).join(', ') : 'none'}.`,
    '',
    '### Playing and scrubbing long traces',
    '',
    `Frame intervals from \`requestAnimationFrame\` and long tasks (over 50 ms of wall time) from \`PerformanceObserver\`, ${r.quick ? 2 : 5} s each: playing at the fastest speed (1000 steps/s), scrubbing (two \`input\` events on \`#timeline\` per frame, from one end of the trace to the other every 240 events and back), and random jumps (two per frame, anywhere in the trace). ` +
      'Chromium\'s timeline tracing runs meanwhile and gives each main-thread task\'s CPU time: on a loaded machine a task\'s wall time includes waiting for a core, its CPU time is what the page costs. 60 frames per second leaves 16.7 ms per frame.',
    '',
    '| trace | steps | load | mode | frames | fps | median interval (ms) | 95th pct (ms) | worst (ms) | intervals > 20 ms | long tasks (wall > 50 ms) | main-thread CPU per frame (ms) | longest task, wall / CPU (ms) | tasks over 50 ms of CPU | input handler median / worst (ms) |',
    '|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const f of r.frames) {
    for (const [mode, m] of [['play', f.play], ['scrub', f.scrub], ['jumps', f.jump]]) {
      lines.push(
        `| ${f.name} | ${f.length} | ${f.load} | ${mode} | ${m.frames} | ${fmt(m.fps)} | ${fmt(m.p50)} | ${fmt(m.p95)} | ${fmt(m.max)} | ${m.over20} | ${m.longTasks}${m.longTasks ? ` (longest ${fmt(m.longestTask, 0)} ms)` : ''} | ${fmt(m.cpuPerFrame)} | ${fmt(m.longestTaskWall, 0)} / ${fmt(m.longestTaskCpu, 0)} | ${m.cpuLongTasks} | ${m.inputs ? `${fmt(m.handlerMedian, 2)} / ${fmt(m.handlerMax, 2)}` : ''} |`,
      );
    }
  }
  lines.push(
    '',
    '### Size',
    '',
    `\`solver-wasm-first_bg.wasm\` (the page's first module): ${r.wasm.raw.toLocaleString('en')} bytes, **${fmt(r.wasm.gzip / 1024, 1)} KB gzipped** (gzip -9; budget 120 KB).`,
  );
  return lines.join('\n');
}

if (SOLVES_ONLY) {
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 1));
  console.log(JSON.stringify({ loads: results.loads, wasm: results.wasm, solveSummary: results.solveSummary }, null, 1));
  process.exit(0);
}
if (FRAMES_ONLY) {
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 1));
  console.log(JSON.stringify({ loads: results.loads, frames: results.frames.map(({ name, play, scrub, jump }) => ({ name, play, scrub, jump })) }, null, 1));
  process.exit(0);
}
const md = markdown(results);
console.log(md);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 1));
if (WRITE_DOCS) {
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const begin = '<!-- bench-browser:begin -->';
  const end = '<!-- bench-browser:end -->';
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) fail(`docs/benchmarks.md has no ${begin} ... ${end} section`);
  writeFileSync(file, `${doc.slice(0, a + begin.length)}\n${md}\n${doc.slice(b)}`);
  log('rewrote the browser results in docs/benchmarks.md');
}
