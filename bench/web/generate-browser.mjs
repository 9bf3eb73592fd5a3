#!/usr/bin/env node
// Issue 23's page target in a real browser: the median time New puzzle takes to make a puzzle
// that needs a rung, for every rung the page offers up to swordfish (registry order), under a
// second. Headless Chromium (playwright-core, e2e's package) opens the built page (`trunk build
// --release --offline=true`, served by e2e/server.js) and asks a worker of the page's own
// (www/app/worker.js, which loads the second wasm module for `generate` as New puzzle's does)
// for `{ op: 'generate', options: { seed, needs, maxTries } }`: the message New puzzle posts, with
// the seed given instead of drawn. Timed in the page by performance.now() from postMessage to the
// answer (the generation, the rating the facade always makes, and the round trip); the seed is
// puzzle 0 of the run seeded S, so the same seed makes the puzzle `propagate generate --needs ID
// --seed S --threads 1` makes, after the same tries. Chromium is pinned to one core with taskset
// (PIN, default the last core). Not a test: it measures, prints, and with --write-docs rewrites
// its section of docs/benchmarks.md.
//
//   node bench/web/generate-browser.mjs [--seeds 15] [--rungs a,b] [--write-docs]
//   env: PROPAGATE_DIST (default dist/), CHROMIUM (default /usr/bin/chromium), PIN (core; '' none)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { serve } from '../../e2e/server.js';
import { PAGE_MAX_TRIES } from '../../www/app/new-puzzle.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const { chromium } = createRequire(join(ROOT, 'e2e', 'package.json'))('playwright-core');
const DIST = process.env.PROPAGATE_DIST || join(ROOT, 'dist');
const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? args[args.indexOf(name) + 1] : def);
const SEEDS = Number(opt('--seeds', 15));
const WRITE_DOCS = args.includes('--write-docs');
/** The page's own try budget: a seed past it gives up, as New puzzle would (counted apart). */
const MAX_TRIES = PAGE_MAX_TRIES;
const PIN = process.env.PIN !== undefined ? process.env.PIN || null : String(cpus().length - 1);

function fail(m) {
  console.error(`generate-browser: ${m}`);
  process.exit(1);
}
if (!existsSync(join(DIST, 'solver-wasm_bg.wasm'))) fail(`no page at ${DIST}: trunk build --release --offline=true`);

/**
 * CPU seconds (user + system) of every process Chromium runs (the descendants of this one, from
 * /proc; clock ticks of 10 ms): the browser's own work, which other programs on a loaded
 * machine disturb less than its wall time.
 */
function chromiumCpu() {
  const parent = new Map();
  const ticks = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parent.set(pid, f[1]);
    ticks.set(pid, Number(f[11]) + Number(f[12]));
  }
  let sum = 0;
  for (const [pid, t] of ticks) {
    for (let p = parent.get(pid); p && p !== '0'; p = parent.get(p)) {
      if (p === String(process.pid)) {
        sum += t;
        break;
      }
    }
  }
  return sum / 100;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

const profile = mkdtempSync(join(tmpdir(), 'propagate-gen-chromium-'));
let executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
if (PIN !== null) {
  const wrapper = `${profile}-pinned.sh`;
  writeFileSync(wrapper, `#!/bin/sh\nexec taskset -c ${PIN} ${executablePath} "$@"\n`, { mode: 0o755 });
  executablePath = wrapper;
}
const server = await serve(DIST);
const context = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  const version = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] || navigator.userAgent);
  // The rungs New puzzle offers (its select, filled from the registry), up to swordfish.
  const offered = await page.$$eval('#new-needs option', (os) => os.map((o) => o.value).filter(Boolean));
  const upTo = offered.indexOf('swordfish');
  if (upTo < 0) fail(`swordfish is not among New puzzle's rungs: ${offered.join(', ')}`);
  const rungs = opt('--rungs', null)?.split(',') ?? offered.slice(0, upTo + 1);
  await page.evaluate(() => {
    const worker = new Worker(new URL('www/app/worker.js', location.href), { type: 'module' });
    let next = 1;
    const waiting = new Map();
    worker.onmessage = (ev) => {
      if (ev.data.progress !== undefined) return;
      const w = waiting.get(ev.data.id);
      if (w) {
        waiting.delete(ev.data.id);
        w(ev.data);
      }
    };
    window.__gen = (options) => new Promise((ok) => {
      const id = next++;
      const t = performance.now();
      waiting.set(id, (data) => ok({ ms: performance.now() - t, data }));
      worker.postMessage({ id, op: 'generate', options });
    });
  });
  // Warm: the second module loaded and compiled, one puzzle made.
  const warm = await page.evaluate(() => window.__gen({ seed: 1 }));
  if (!warm.data.ok) fail(`warm-up: ${JSON.stringify(warm.data.error)}`);
  const loadStart = loadavg()[0].toFixed(2);
  const rows = [];
  for (const rung of rungs) {
    const ms = [];
    const gaveUpMs = [];
    const cpu = [];
    const tries = [];
    let gaveUp = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const before = chromiumCpu();
      const r = await page.evaluate((o) => window.__gen(o), { seed, needs: rung, maxTries: MAX_TRIES });
      cpu.push(chromiumCpu() - before);
      if (process.env.VERBOSE) console.error(`generate-browser: ${rung} seed ${seed}: ${r.ms.toFixed(0)} ms, ${JSON.stringify(r.data.ok ? r.data.result.tries : r.data.error)}`);
      if (!r.data.ok) {
        if (r.data.error?.kind !== 'gave_up') fail(`${rung} seed ${seed}: ${JSON.stringify(r.data.error)}`);
        gaveUp++;
        gaveUpMs.push(r.ms);
        continue;
      }
      ms.push(r.ms);
      tries.push(r.data.result.tries);
    }
    // Medians over the seeds that made a puzzle; CPU over every seed.
    const row = ms.length
      ? { rung, seeds: SEEDS, tries: median(tries), median: median(ms) / 1000, slowest: Math.max(...ms) / 1000, cpu: median(cpu), gaveUp, gaveUpS: gaveUpMs.length ? median(gaveUpMs) / 1000 : null, load: loadavg()[0].toFixed(2) }
      : { rung, seeds: SEEDS, tries: null, median: null, slowest: null, cpu: median(cpu), gaveUp, gaveUpS: median(gaveUpMs) / 1000, load: loadavg()[0].toFixed(2) };
    rows.push(row);
    console.error(`generate-browser: ${rung}: ${JSON.stringify(row)}`);
  }
  if (problems.length) fail(`page errors: ${problems.join('; ')}`);
  const commit = spawnSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const L = [];
  L.push(`Measured ${when} UTC at commit \`${commit}\` by \`bench/web/generate-browser.mjs\`: headless ${version} (Debian's, playwright-core)${PIN !== null ? `, pinned to core ${PIN} by \`taskset\`` : ''}, the page built by \`trunk build --release --offline=true\`; per rung New puzzle offers up to swordfish, in registry order, seeds 1–${SEEDS}, each made by a worker of the page's own (\`www/app/worker.js\`, the message New puzzle posts, rated as the page always does), timed in the page from \`postMessage\` to the answer (wall time), with the page's own try budget, and by the CPU time (user + system, \`/proc\`, 10 ms ticks) of all of Chromium's processes meanwhile. The 1-minute load average at the start was ${loadStart} on ${cpus().length} cores.`);
  L.push('');
  L.push(`| rung | seeds | median tries | **median in the browser** (s, wall) | slowest (s, wall) | median CPU of Chromium (s) | gave up (after ${MAX_TRIES.toLocaleString('en-US')} tries) | median time to give up (s, wall) | load |`);
  L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const f = (x, d) => (x === null ? '—' : x.toFixed(d));
  for (const r of rows) L.push(`| ${r.rung} | ${r.seeds} | ${r.tries ?? '—'} | **${f(r.median, 3)}** | ${f(r.slowest, 3)} | ${f(r.cpu, 2)} | ${r.gaveUp} | ${f(r.gaveUpS, 2)} | ${r.load} |`);
  L.push('');
  L.push(`Medians and the slowest over the seeds that made a puzzle within the page's ${MAX_TRIES.toLocaleString('en-US')} tries (\`PAGE_MAX_TRIES\`); the CPU median over every seed.`);
  const text = L.join('\n');
  console.log(text);
  if (WRITE_DOCS) {
    const doc = join(ROOT, 'docs', 'benchmarks.md');
    const s = readFileSync(doc, 'utf8');
    const begin = '<!-- bench/web/generate-browser.mjs:begin -->';
    const end = '<!-- bench/web/generate-browser.mjs:end -->';
    const i = s.indexOf(begin);
    const j = s.indexOf(end);
    if (i < 0 || j < 0) fail(`no ${begin} … ${end} in docs/benchmarks.md`);
    writeFileSync(doc, s.slice(0, i + begin.length) + '\n' + text + '\n' + s.slice(j));
  }
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(`${profile}-pinned.sh`, { force: true });
}
