#!/usr/bin/env node
// The wasm side of bench/variants.sh: the page's wasm built with the benchmarks' calls
// (solver-wasm's `bench` feature: `trunk build --release --offline=true --features bench
// --dist target/bench-dist`) run by Node's V8; `variantCount(text, times)` reads each ISS string,
// builds the topology and counts up to 2 solutions inside wasm, as bench/src/bin/variant_time.rs
// does natively. Timed in-process by CPU time (process.cpuUsage: user + system).
//
//   PROPAGATE_DIST=target/bench-dist taskset -c 1 node bench/variants/wasm_time.mjs [MS] [REPS] < bench/variants/puzzles.tsv
//
// Per puzzle: untimed calls for WARM_MS (below; at least one), then batches (one crossing from
// JavaScript each) until MS milliseconds of CPU time (default 50) or REPS runs (default 1000). Prints
// `name<TAB>solutions<TAB>nodes<TAB>runs<TAB>CPU ms per run<TAB>-` per puzzle, as variant_time.
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const DIST = process.env.PROPAGATE_DIST || join(here, '..', '..', 'target', 'bench-dist');
if (!existsSync(join(DIST, 'solver-wasm_bg.wasm'))) {
  console.error(`wasm_time: no page at ${DIST}: trunk build --release --offline=true --features bench --dist target/bench-dist`);
  process.exit(2);
}
const m = await import(pathToFileURL(resolve(DIST, 'solver-wasm.js')).href);
m.initSync({ module: readFileSync(join(DIST, 'solver-wasm_bg.wasm')) });
if (typeof m.variantCount !== 'function') {
  console.error(`wasm_time: ${DIST} was built without the bench feature (no variantCount)`);
  process.exit(2);
}

const [budgetMs = 50, maxReps = 1000] = process.argv.slice(2).map(Number);
// STAGE=1, 2 or 3: each run stops after reading the string, building the topology or the grid
// (the phases' costs; variant_time reads the same variable).
const stage = Number(process.env.STAGE || 0);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

const lines = readFileSync(0, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
// Each puzzle is first run untimed for WARM_MS of CPU (default 100; the run's first puzzle four
// times that; at least once), so that V8's tier-up of the code it runs (Liftoff first, then
// TurboFan on a background thread, whose CPU process.cpuUsage counts: about 300 ms for the
// first puzzle) is over before it is timed, as on the page after its first solves. WARM_MS=0
// runs each once untimed (the first puzzles then carry the compilation).
const warmMs = Number(process.env.WARM_MS ?? 100);
for (const [index, line] of lines.entries()) {
  const [name, , text] = line.split('\t');
  let r;
  try {
    const w0 = cpuMs();
    do r = m.variantCount(text, 1); while (cpuMs() - w0 < (index === 0 ? 4 : 1) * warmMs);
  } catch (e) {
    console.log([name, 'refused', 0, 0, 0, String(e.message).slice(0, 80)].join('\t'));
    continue;
  }
  let runs = 0;
  const t0 = cpuMs();
  let batch = 1;
  while (runs < maxReps && cpuMs() - t0 < budgetMs) {
    const n = Math.min(batch, maxReps - runs);
    m.variantCount(text, n, stage);
    runs += n;
    batch = Math.min(batch * 2, 64);
  }
  const ms = (cpuMs() - t0) / runs;
  console.log([name, r[2] ? 'capped' : r[0], r[1], runs, ms.toFixed(4), '-'].join('\t'));
}
