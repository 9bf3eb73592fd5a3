#!/usr/bin/env node
// The page's first wasm module against the whole facade, side by side in one Node process: the
// traced solve (`solveTracedCount`, the course's strategies and every strategy) and the verdict
// engine (`verdictCountSet`) over one puzzle file, in alternating rounds, each side's time the
// CPU time of the round (process.cpuUsage: user + system). Both modules come from one build with
// the benchmarks' calls (`trunk build --release --offline=true --features bench --dist
// target/bench-dist`): dist's solver-wasm-first.js (the first module, what the page solves with)
// and solver-wasm.js (the whole facade, the one module the page loaded before it had two).
//
//   PROPAGATE_DIST=target/bench-dist taskset -c 1 node bench/web/modules-ab.mjs [ROUNDS] [FILE]
//
// ROUNDS defaults to 7, FILE to puzzles/top95.txt. Prints, per measure, each side's median
// round (ms) and the median and range of the rounds' ratios (first module / whole facade).
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = process.env.PROPAGATE_DIST || join(here, '..', '..', 'target', 'bench-dist');
const [rounds = 7, file = join(here, '..', '..', 'puzzles', 'top95.txt')] = process.argv.slice(2);

/** A module of the build, loaded and instantiated. */
async function load(name) {
  const js = resolve(DIST, `${name}.js`);
  if (!existsSync(js)) throw new Error(`no ${js}: trunk build --release --offline=true --features bench --dist ${DIST}`);
  const m = await import(pathToFileURL(js).href);
  m.initSync({ module: readFileSync(resolve(DIST, `${name}_bg.wasm`)) });
  if (typeof m.solveTracedCount !== 'function') throw new Error(`${name}: built without the bench feature`);
  return m;
}

const sides = [['first module', await load('solver-wasm-first')], ['whole facade', await load('solver-wasm')]];
const puzzles = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

// Each repeated so that a round takes a few hundred ms on top95 (solveTracedCount's third
// argument repeats the solve inside wasm).
const lines = puzzles.join('\n');
const measures = {
  'traced solve, the course\'s strategies, 10 times': (m) => { for (const p of puzzles) m.solveTracedCount(p, {}, 10); },
  'traced solve, every strategy': (m) => { for (const p of puzzles) m.solveTracedCount(p, { strategies: ['all'] }, 1); },
  'verdict engine, count to 2, 200 times': (m) => { for (let i = 0; i < 200; i++) m.verdictCountSet(lines, {}); },
};

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };

console.log(`${puzzles.length} puzzles from ${file}, ${rounds} rounds, ${DIST}`);
for (const [what, run] of Object.entries(measures)) {
  // The same answers from both sides, then one untimed pass each (V8 tiers up hot wasm).
  for (const [, m] of sides) run(m);
  const a = sides[0][1].solveTracedCount(puzzles[0], {}, 1).join();
  const b = sides[1][1].solveTracedCount(puzzles[0], {}, 1).join();
  if (a !== b) throw new Error(`the two modules disagree on ${puzzles[0]}: ${a} against ${b}`);
  const times = sides.map(() => []);
  for (let r = 0; r < rounds; r++) {
    // Alternate which side runs first.
    const order = r % 2 ? [1, 0] : [0, 1];
    for (const i of order) {
      const t0 = cpuMs();
      run(sides[i][1]);
      times[i].push(cpuMs() - t0);
    }
  }
  const ratios = times[0].map((t, r) => t / times[1][r]);
  console.log(`${what}: first module ${median(times[0]).toFixed(1)} ms, whole facade ${median(times[1]).toFixed(1)} ms (median rounds); first / whole ${median(ratios).toFixed(3)} (rounds ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`);
}
