#!/usr/bin/env node
// Issue 23's page target: the median time to make a puzzle that needs a rung, for every rung up
// to swordfish under a second in the page's wasm. Measures the core's generator in the page's
// wasm under Node (solver-wasm's bench call `generateNeeds`, the same `generate` the worker's New
// puzzle runs) against the native CLI, seed by seed: for each rung and seed 1..N, the native
// `propagate generate --needs ID --seed S --threads 1` (whole process, CPU time by
// /usr/bin/time) and the wasm `generateNeeds(ID, S)` (CPU time by process.cpuUsage), in turn;
// the same seed makes the same puzzle on both sides (the same tries). Not a test: it measures,
// prints, and with --write-docs rewrites its section of docs/benchmarks.md.
//
//   PROPAGATE_DIST=target/bench-dist taskset -c 1 node bench/web/generate-needs.mjs [--seeds N] [--rungs a,b] [--wasm-only] [--write-docs]
//   env: PROPAGATE_DIST (default target/bench-dist; `trunk build --release --offline=true
//        --features bench --dist target/bench-dist`), PROPAGATE_BIN (default target/release/propagate)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const DIST = process.env.PROPAGATE_DIST || join(ROOT, 'target', 'bench-dist');
const BIN = process.env.PROPAGATE_BIN || join(ROOT, 'target', 'release', 'propagate');
const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const SEEDS = Number(opt('--seeds', 9));
const RUNGS = opt('--rungs', 'eliminate,only-choice,pointing,claiming,naked-twins,x-wing,hidden-pairs,finned-x-wing,naked-triples,swordfish').split(',');
const MAX_TRIES = 200000;
// --wasm-only: the wasm side alone (the native medians are bench/generate.sh's).
const WASM_ONLY = args.includes('--wasm-only');

function fail(m) { console.error(`generate-needs: ${m}`); process.exit(1); }
if (!existsSync(join(DIST, 'solver-wasm_bg.wasm'))) fail(`no page at ${DIST}: trunk build --release --offline=true --features bench --dist target/bench-dist`);
if (!WASM_ONLY && !existsSync(BIN)) fail(`no ${BIN}: cargo build --release -p propagate-cli`);
const m = await import(pathToFileURL(resolve(DIST, 'solver-wasm.js')).href);
m.initSync({ module: readFileSync(join(DIST, 'solver-wasm_bg.wasm')) });
if (typeof m.generateNeeds !== 'function') fail(`${DIST} was built without the bench feature (no generateNeeds)`);

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const k = s.length >> 1; return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2; };
const cpuS = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const tmp = mkdtempSync(join(tmpdir(), 'gen-needs-'));
const timeFile = join(tmp, 'time');

function native(rung, seed) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, BIN, 'generate', '--threads', '1',
    '--seed', String(seed), '--needs', rung, '--max-tries', String(MAX_TRIES)], { encoding: 'utf8' });
  const [u, s] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { cpu: u + s, ok: r.status === 0, puzzle: (r.stdout || '').split(/\s/)[0] };
}
function wasm(rung, seed) {
  const t = cpuS();
  const [tries, gaveUp] = m.generateNeeds(rung, seed, MAX_TRIES);
  return { cpu: cpuS() - t, ok: !gaveUp, tries };
}

m.generateNeeds('eliminate', 1, MAX_TRIES); // warm
const loadStart = loadavg()[0].toFixed(2);
const rows = [];
for (const rung of RUNGS) {
  const n = [], w = [], tries = [];
  let gave = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const a = WASM_ONLY ? { cpu: NaN, ok: true } : native(rung, seed);
    const b = wasm(rung, seed);
    if (!WASM_ONLY && a.ok !== b.ok) fail(`${rung} seed ${seed}: native ${a.ok ? 'made one' : 'gave up'}, wasm ${b.ok ? 'made one' : 'gave up'}`);
    if (!b.ok) gave++;
    n.push(a.cpu); w.push(b.cpu); tries.push(b.tries);
  }
  const row = { rung, seeds: SEEDS, native: median(n), wasm: median(w), wasmMax: Math.max(...w), tries: median(tries), gave, load: loadavg()[0].toFixed(2) };
  rows.push(row);
  console.error(`${rung}: native ${row.native.toFixed(3)} s, wasm ${row.wasm.toFixed(3)} s CPU (median of ${SEEDS}), load ${row.load}`);
}

const commit = spawnSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const L = [];
L.push(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC at commit \`${commit}\` by \`bench/web/generate-needs.mjs\`, under one \`taskset\` core; per rung, seeds 1–${SEEDS}, native then wasm for each seed (the same seed makes the same puzzle on both sides, after the same tries). CPU time: native whole process (\`/usr/bin/time\`, process start included, about 1 ms), wasm in-process (\`process.cpuUsage\` around \`generateNeeds\`, Node's V8). The 1-minute load average at the start was ${loadStart} on 2 cores.`);
L.push('');
L.push('| rung | seeds | median tries | native median (s CPU) | **wasm median** (s CPU) | wasm slowest (s CPU) | wasm / native (medians) | gave up | load |');
L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  L.push(`| ${r.rung} | ${r.seeds} | ${r.tries} | ${WASM_ONLY ? '—' : r.native.toFixed(3)} | **${r.wasm.toFixed(3)}** | ${r.wasmMax.toFixed(3)} | ${!WASM_ONLY && r.native > 0.005 ? (r.wasm / r.native).toFixed(2) + '×' : '—'} | ${r.gave} | ${r.load} |`);
}
if (WASM_ONLY) L.push('', 'Run with --wasm-only: the native side was not measured in this run (bench/generate.sh\'s section above has the native medians).');
L.push('');
L.push('wasm / native is left out (—) where the native median is within the CLI\'s process start.');
const section = L.join('\n');
console.log(section);
if (args.includes('--write-docs')) {
  const doc = join(ROOT, 'docs', 'benchmarks.md');
  let text = readFileSync(doc, 'utf8');
  const begin = '<!-- bench/web/generate-needs.mjs:begin -->', end = '<!-- bench/web/generate-needs.mjs:end -->';
  if (text.includes(begin)) {
    text = text.slice(0, text.indexOf(begin)) + `${begin}\n${section}\n${end}` + text.slice(text.indexOf(end) + end.length);
  } else {
    text = text.replace('### Where the generator stands', `### A puzzle that needs a rung, in the page's wasm\n\n${begin}\n${section}\n${end}\n\n### Where the generator stands`);
  }
  writeFileSync(doc, text);
}
