#!/usr/bin/env node
// Benchmark of the verdict engine in wasm against native (issue 15's target: within 1.5x per
// puzzle). Not a test: it measures and prints, and exits non-zero only if it cannot measure or an
// answer disagrees.
//
//   taskset -c 1 node bench/web/verdict-wasm.js [--quick] [--json FILE]
//   env: PROPAGATE_DIST (default dist/; built with solver-wasm's `bench` feature:
//        `trunk build --release --features bench`), PROPAGATE_VERDICT_TIME (default
//        target/release/verdict_time, built by
//        `cargo build --release -p propagate-bench --bin verdict_time`)
//
// Per puzzle of puzzles/top95.txt and for Norvig's impossible puzzle: the wasm build of the page
// (solver-wasm_bg.wasm, built with the benchmarks' calls besides the page's) run by Node's V8, against the
// same engine built natively, both the same way: the grid parsed once, then counted up to 2
// solutions `n` times in a row, timed in-process (wasm: `verdictCount(text, {}, n)` timed around
// the call, one crossing from JavaScript per batch; native: bench/src/bin/verdict_time.rs, which
// times its own loop). Both sides warm (the set run in wasm first; the native run solves once
// before timing), in rounds that alternate a native batch and a wasm batch of the same puzzle,
// each side's fastest round kept; the per-puzzle ratio is wasm / native. A batch repeats one
// puzzle, so branch predictors learn it; the set figure does not: every puzzle parsed and counted
// in turn, one pass over the set at a time (wasm `verdictCountSet`, native `verdict_time --set`),
// each side's fastest pass. Run the whole script under `taskset -c N` so that both sides share
// one core (the native runs are children of this process and inherit it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const DIST = process.env.PROPAGATE_DIST || join(ROOT, 'dist');
const NATIVE = process.env.PROPAGATE_VERDICT_TIME || join(ROOT, 'target', 'release', 'verdict_time');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_OUT = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const ROUNDS = QUICK ? 2 : 5;
/** The least time of a batch (ms) on either side. */
const BATCH_MS = QUICK ? 20 : 60;
const NORVIG = '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........';

const log = (...a) => console.error('verdict-wasm:', ...a);
function fail(message) {
  console.error(`verdict-wasm: ${message}`);
  process.exit(1);
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

if (!existsSync(join(DIST, 'solver-wasm_bg.wasm'))) fail(`no built page at ${DIST}: trunk build --release --offline=true`);
if (!existsSync(NATIVE)) fail(`no ${NATIVE}: cargo build --release -p propagate-bench --bin verdict_time`);
const wasmBytes = readFileSync(join(DIST, 'solver-wasm_bg.wasm'));
const m = await import(join(DIST, 'solver-wasm.js'));
m.initSync({ module: wasmBytes });
if (!m.verdictCount) throw new Error(`${DIST} is built without the benchmarks' calls: trunk build --release --features bench`);


/** The native engine `reps` times on `puzzle`: ms for the batch and [solutions, nodes]. */
function native(puzzle, reps) {
  const r = spawnSync(NATIVE, [String(reps)], { input: `${puzzle}\n` });
  if (r.status !== 0) fail(`${NATIVE} failed: ${r.stderr}`);
  const [solutions, nodes, ns] = r.stdout.toString().trim().split(' ').map(Number);
  return { ms: (ns * reps) / 1e6, counts: [solutions, nodes] };
}

/** The wasm engine `reps` times on `puzzle`: ms and [solutions, nodes]. */
function wasm(puzzle, reps) {
  const t0 = performance.now();
  const counts = m.verdictCount(puzzle, {}, reps);
  return { ms: performance.now() - t0, counts: [...counts] };
}

const puzzles = readFileSync(join(ROOT, 'puzzles', 'top95.txt'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.length >= 81 && !l.startsWith('#'));
log(`${puzzles.length} puzzles; load ${loadavg()[0].toFixed(2)}`);
// Warm: the whole set in wasm a few times.
for (let k = 0; k < 3; k++) for (const p of puzzles) wasm(p, 1);

function measure(puzzle) {
  const once = wasm(puzzle, 1);
  const perSolve = Math.max(once.ms, 0.001);
  const reps = Math.max(20, Math.ceil(BATCH_MS / perSolve));
  let bestNative = Infinity;
  let bestWasm = Infinity;
  let nativeCounts = null;
  let counts = null;
  for (let r = 0; r < ROUNDS; r++) {
    const n = native(puzzle, reps);
    bestNative = Math.min(bestNative, n.ms);
    nativeCounts = n.counts;
    const w = wasm(puzzle, reps);
    bestWasm = Math.min(bestWasm, w.ms);
    counts = w.counts;
  }
  // The same answer both sides: the count and the nodes.
  if (counts.join() !== nativeCounts.join()) fail(`${puzzle}: wasm ${counts}, native ${nativeCounts} (solutions, nodes)`);
  const [solutions, nodes] = counts;
  return { puzzle, reps, solutions, nodes, nativeUs: (bestNative / reps) * 1000, wasmUs: (bestWasm / reps) * 1000 };
}

const rows = [];
for (const [i, p] of puzzles.entries()) {
  const r = measure(p);
  rows.push(r);
  if (i % 10 === 0) log(`#${i + 1}: native ${r.nativeUs.toFixed(1)} us, wasm ${r.wasmUs.toFixed(1)} us (${r.nodes} nodes)`);
}
const norvig = measure(NORVIG);

/** The whole set in turn: each side's fastest pass (ms) over ROUNDS alternating rounds. */
function measureSet() {
  const PASSES = QUICK ? 10 : 30;
  const setText = puzzles.join('\n');
  let bestNative = Infinity;
  let bestWasm = Infinity;
  let nativeCounts = null;
  let counts = null;
  for (let r = 0; r < ROUNDS; r++) {
    const n = spawnSync(NATIVE, [String(PASSES), '--set'], { input: `${setText}\n` });
    if (n.status !== 0) fail(`${NATIVE} --set failed: ${n.stderr}`);
    const [solutions, nodes, ns] = n.stdout.toString().trim().split(' ').map(Number);
    nativeCounts = [solutions, nodes];
    bestNative = Math.min(bestNative, ns / 1e6);
    for (let k = 0; k < PASSES; k++) {
      const t0 = performance.now();
      counts = [...m.verdictCountSet(setText, {})];
      bestWasm = Math.min(bestWasm, performance.now() - t0);
    }
  }
  if (counts.join() !== nativeCounts.join()) fail(`the set: wasm ${counts}, native ${nativeCounts} (solutions, nodes)`);
  return { nativeUs: bestNative * 1000, wasmUs: bestWasm * 1000, ratio: bestWasm / bestNative, solutions: counts[0], nodes: counts[1] };
}
const set = measureSet();
const ratios = rows.map((r) => r.wasmUs / r.nativeUs);
const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
const summary = {
  puzzles: rows.length,
  load: loadavg()[0],
  ratio: { median: median(ratios), p90: quantile(ratios, 0.9), max: Math.max(...ratios), min: Math.min(...ratios), over15: ratios.filter((x) => x > 1.5).length },
  totalUs: { native: sum('nativeUs'), wasm: sum('wasmUs'), ratio: sum('wasmUs') / sum('nativeUs') },
  perPuzzleUs: { nativeMedian: median(rows.map((r) => r.nativeUs)), wasmMedian: median(rows.map((r) => r.wasmUs)), wasmMax: Math.max(...rows.map((r) => r.wasmUs)) },
  set,
  norvig: { nativeUs: norvig.nativeUs, wasmUs: norvig.wasmUs, nodes: norvig.nodes, solutions: norvig.solutions },
  wasmBytes: wasmBytes.length,
  wasmGzipBytes: gzipSync(wasmBytes, { level: 9 }).length,
};
console.log(JSON.stringify(summary, null, 2));
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ summary, rows }, null, 2));
