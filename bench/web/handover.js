#!/usr/bin/env node
// How long handing a long trace from the wasm to the page takes, part by part: the wasm solve
// alone (`solveTracedCount`), the worker's side (`solvePacked`: solve and pack), moving the arrays
// out of wasm memory (www/trace/packed.js `takePacked`), and the page's side on arrival (`unpackTrace`:
// lazily, as the page does, a step's changes left to be made when read; and eagerly, every change
// made). Run in the page itself (not through the worker) so each part is timed alone. A
// benchmark, not a test.
//
// With PROPAGATE_OLD_DIST naming a build of an earlier hand-over (one whose `solvePacked` gave the
// steps as JSON text and only the changes as arrays), that build's wasm and packed.js are
// loaded into the same page too (served under old/) and timed in the same rounds, old and new
// alternating, since the machine's speed varies: the range over the rounds is printed, first round
// (warm-up) left out.
//
// With both builds, the page's readers are timed on the trace each gives (the same modules, the
// new build's): the search tree (buildTree), the replay (new Replay and 40 seeks), 1,000 captions
// (withChanges and explainStep), the timeline's columns, and the download (the trace's JSON text:
// traceJson, or withAllChanges and JSON.stringify in a build without it), each on a freshly
// unpacked trace.
//
// Then the whole of top95 with the default options (as bench/web/browser.js's "solve and hand
// over"): per round, every puzzle through each path, the totals: the wasm solve, solve and hand
// over with every change made (what browser.js times) and lazily (what the page does).
//
//   node bench/web/handover.js          on an existing build (PROPAGATE_DIST, default dist/),
//                                       made with `trunk build --release --features bench`
//   PROPAGATE_OLD_DIST=/tmp/old-dist ROUNDS=7 node bench/web/handover.js
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../../e2e/harness.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const PAGE_LIMITS = { maxNodes: 200_000, maxSteps: 50_000 }; // www/app/main.js LIMITS
const CASES = [
  [4, ['eliminate']], // capped at 50,000 steps
  [26, ['eliminate']], // 13,761 steps
  [21, undefined], // the default strategies' longest top95 trace
];
const ROUNDS = Number(process.env.ROUNDS || 6);
const OLD = process.env.PROPAGATE_OLD_DIST || null;
if (OLD && !existsSync(join(OLD, 'solver-wasm_bg.wasm'))) throw new Error(`no build at PROPAGATE_OLD_DIST=${OLD}`);

/** The range of a column's rounds, the first (warm-up) left out, and their median. */
const range = (xs) => {
  const ys = xs.slice(1).sort((a, b) => a - b);
  const [lo, hi, mid] = [ys[0], ys[ys.length - 1], ys[ys.length >> 1]].map((x) => x.toFixed(1));
  return lo === hi ? lo : `${lo}–${hi} (${mid})`;
};

/** The page's readers timed on the trace of each path, old and new alternating. */
function readers(puzzle, strategies) {
  return page.evaluate(({ puzzle, options, rounds }) => {
    const { tree, replay, explain, timeline } = window.__readers;
    const out = { old: {}, new: {} };
    const time = (path, key, f) => {
      const t = performance.now();
      const v = f();
      (out[path][key] ||= []).push(performance.now() - t);
      return v;
    };
    const unpack = (path) => {
      const { m, p } = window.__h[path === 'old' ? 'old' : 'now'];
      const w = m.solvePacked(puzzle, options);
      const x = path === 'new' ? p.takePacked(w) : { json: w.json, boxes: w.boxes(), before: w.before(), after: w.after(), ends: w.ends() };
      if (path === 'old') w.free();
      return [p, p.unpackTrace(x, { lazy: true })];
    };
    for (let k = 0; k < rounds; k++) {
      for (const path of ['old', 'new']) {
        let [p, t] = unpack(path);
        time(path, 'tree', () => tree.buildTree(t));
        const r = time(path, 'replay', () => {
          const r = new replay.Replay(t);
          for (let i = 0; i < 40; i++) r.seek(Math.floor((((i * 7919) % 40) * t.steps.length) / 40));
          return r;
        });
        const topo = explain.topology(t);
        time(path, 'captions', () => {
          const n = t.steps.length;
          for (let i = 0; i < 1000; i++) explain.explainStep(p.withChanges(t, Math.floor((i * n) / 1000)), topo);
        });
        time(path, 'timeline', () => timeline.columns(t.steps, 800));
        [p, t] = unpack(path);
        time(path, 'download', () => (p.traceJson ? p.traceJson(t) : JSON.stringify(p.withAllChanges(t))).length + r.length);
      }
    }
    return out;
  }, { puzzle, options: { ...PAGE_LIMITS, ...(strategies ? { strategies } : {}) }, rounds: ROUNDS });
}

const lines = readFileSync(join(ROOT, 'puzzles', 'top95.txt'), 'utf8').split('\n');
// The tests' Chromium and server (e2e/harness.js): a fresh profile, the built page served.
const browser = await launch();
let page;
const { server, context } = browser;
try {
  if (OLD) {
    await context.route(`${server.url}old/**`, (route) => {
      const rel = normalize(new URL(route.request().url()).pathname.slice('/old/'.length));
      if (rel.startsWith('..')) return route.abort();
      return route.fulfill({ path: join(OLD, rel), headers: { 'cache-control': 'no-store' } });
    });
  }
  page = await context.newPage();
  await page.goto(server.url + 'www/favicon.svg');
  await page.evaluate(async ({ base, old }) => {
    const load = async (root) => {
      const m = await import(root + 'solver-wasm.js');
      await m.default({ module_or_path: root + 'solver-wasm_bg.wasm' });
      if (!m.solveTracedCount) throw new Error(`${root} is built without the benchmarks' calls: trunk build --release --features bench`);
      // An earlier build has the page's modules in www/ itself, not in its folders.
      const p = await import(root + 'www/trace/packed.js').catch(() => import(root + 'www/packed.js'));
      return { m, p };
    };
    window.__h = { now: await load(base), old: old ? await load(base + 'old/') : null };
    window.__readers = {
      tree: await import(base + 'www/trace/tree.js'),
      replay: await import(base + 'www/trace/replay.js'),
      explain: await import(base + 'www/trace/explain.js'),
      timeline: await import(base + 'www/playback/timeline.js'),
    };
  }, { base: server.url, old: !!OLD });

  const paths = OLD ? ['old', 'new'] : ['new'];
  const cols = ['wasm solve', 'solvePacked (worker)', 'arrays out (worker)', 'unpackTrace lazy: arrival (page)', 'unpackTrace eager (page)'];
  console.log(`${ROUNDS} rounds, ${OLD ? 'old and new alternating, ' : ''}ranges over rounds 2..${ROUNDS} (median) (ms)\n`);
  console.log(`| top95 line | strategies | steps | changes | path | JSON text (KB) | ${cols.join(' | ')} |`);
  console.log(`|---:|---|---:|---:|---|---:|${cols.map(() => '---:').join('|')}|`);
  const readerRows = [];
  for (const [line, strategies] of CASES) {
    const r = await page.evaluate(({ puzzle, options, rounds, paths }) => {
      const time = (f) => { const t = performance.now(); const v = f(); return [performance.now() - t, v]; };
      // The trace's JSON text, as the page's download writes it.
      const asJson = (pj, t) => (pj.traceJson ? pj.traceJson(t) : JSON.stringify(pj.withAllChanges(t)));
      const out = Object.fromEntries(paths.map((p) => [p, { core: [], packed: [], arrays: [], lazy: [], eager: [] }]));
      const info = {};
      for (let k = 0; k < rounds; k++) {
        for (const path of paths) {
          const { m, p: packedJs } = path === 'old' ? window.__h.old : window.__h.now;
          const o = out[path];
          const [core] = time(() => m.solveTracedCount(puzzle, options));
          const [packed, wasmTrace] = time(() => m.solvePacked(puzzle, options));
          const [arrays, x] = time(() => {
            if (path === 'new') return packedJs.takePacked(wasmTrace);
            const y = { json: wasmTrace.json, boxes: wasmTrace.boxes(), before: wasmTrace.before(), after: wasmTrace.after(), ends: wasmTrace.ends() };
            wasmTrace.free();
            return y;
          });
          // unpackTrace keeps the arrays (no copy), so each unpack gets its own.
          const copy = (y) => Object.fromEntries(Object.entries(y).map(([key, v]) => [key, typeof v === 'string' ? v : v.slice()]));
          const x2 = copy(x);
          const [lazy, trace] = time(() => packedJs.unpackTrace(x, { lazy: true }));
          const [eager, full] = time(() => packedJs.unpackTrace(x2));
          for (const [key, v] of Object.entries({ core, packed, arrays, lazy, eager })) o[key].push(v);
          info[path] = { kb: x.json.length / 1024, steps: trace.steps.length, changes: x.boxes.length, text: k === 0 ? asJson(packedJs, trace) : null };
          if (k === 0 && asJson(packedJs, full) !== info[path].text) throw new Error(`${path}: the eager and the lazy unpack differ`);
        }
        if (k === 0 && paths.length === 2 && info.old.text !== info.new.text) throw new Error('the old and the new hand-over give different traces');
      }
      return { out, info: Object.fromEntries(Object.entries(info).map(([k, v]) => [k, { ...v, text: undefined }])) };
    }, { puzzle: lines[line - 1], options: { ...PAGE_LIMITS, ...(strategies ? { strategies } : {}) }, rounds: ROUNDS, paths });
    if (OLD) readerRows.push([line, strategies, await readers(lines[line - 1], strategies)]);
    for (const path of paths) {
      const o = r.out[path];
      const i = r.info[path];
      console.log(`| ${line} | ${strategies ? strategies.join(', ') : 'all three'} | ${i.steps} | ${i.changes} | ${path} | ${i.kb.toFixed(1)} | ${['core', 'packed', 'arrays', 'lazy', 'eager'].map((c) => range(o[c])).join(' | ')} |`);
    }
  }

  if (OLD) {
    const rcols = ['buildTree', 'Replay + 40 seeks', '1,000 captions', 'timeline columns', 'download (the JSON text)'];
    console.log(`\nThe page's readers on the trace each path gives (ms), ranges over rounds 2..${ROUNDS} (median)\n`);
    console.log(`| top95 line | strategies | path | ${rcols.join(' | ')} |`);
    console.log(`|---:|---|---|${rcols.map(() => '---:').join('|')}|`);
    for (const [line, strategies, rr] of readerRows) {
      for (const path of paths) {
        console.log(`| ${line} | ${strategies ? strategies.join(', ') : 'all three'} | ${path} | ${['tree', 'replay', 'captions', 'timeline', 'download'].map((c) => range(rr[path][c])).join(' | ')} |`);
      }
    }
  }

  const top95 = lines.filter((l) => l.trim());
  console.log(`\ntop95 (${top95.length} puzzles, default options): totals per round (ms), ranges over rounds 2..${ROUNDS} (median); ratios to the wasm solve of the same round\n`);
  const t = await page.evaluate(({ puzzles, rounds, paths }) => {
    const rows = [];
    for (let k = 0; k < rounds; k++) {
      const row = { core: 0 };
      for (const path of paths) row[path] = { eager: 0, lazy: 0 };
      for (const puzzle of puzzles) {
        let t0 = performance.now();
        window.__h.now.m.solveTracedCount(puzzle, {});
        row.core += performance.now() - t0;
        for (const path of paths) {
          const { m, p } = path === 'old' ? window.__h.old : window.__h.now;
          const take = (w) => {
            if (path === 'new') return p.takePacked(w);
            const y = { json: w.json, boxes: w.boxes(), before: w.before(), after: w.after(), ends: w.ends() };
            w.free();
            return y;
          };
          t0 = performance.now();
          p.unpackTrace(take(m.solvePacked(puzzle, {})));
          row[path].eager += performance.now() - t0;
          t0 = performance.now();
          p.unpackTrace(take(m.solvePacked(puzzle, {})), { lazy: true });
          row[path].lazy += performance.now() - t0;
        }
      }
      rows.push(row);
    }
    return rows;
  }, { puzzles: top95, rounds: ROUNDS, paths });
  const rest = t.slice(1);
  const span = (xs, digits = 1) => {
    const ys = xs.slice().sort((a, b) => a - b);
    const [lo, hi, mid] = [ys[0], ys[ys.length - 1], ys[ys.length >> 1]].map((x) => x.toFixed(digits));
    return lo === hi ? lo : `${lo}–${hi} (${mid})`;
  };
  console.log('| | total (ms) | ratio to the wasm solve |');
  console.log('|---|---:|---:|');
  console.log(`| wasm solve (\`solveTracedCount\`) | ${span(rest.map((r) => r.core))} | 1 |`);
  for (const path of paths) {
    for (const [key, what] of [['eager', 'every change made'], ['lazy', 'lazily, as the page']]) {
      console.log(`| ${path}: solve and hand over, ${what} | ${span(rest.map((r) => r[path][key]))} | ${span(rest.map((r) => r[path][key] / r.core), 2)}× |`);
    }
  }
} finally {
  await browser.close();
}
