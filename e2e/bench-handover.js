#!/usr/bin/env node
// How long the page's main thread takes to receive a long trace from the worker: the wasm solve
// (`solveTracedCount`), the worker's side (`solvePacked`: solve, pack, the steps as JSON text),
// copying the arrays out, and the page's side (`unpackTrace` in www/packed.js: JSON.parse of the
// steps and one object per change, or lazily, as the page does, the changes left to be made when
// read). Run in the page itself (not through the worker) so each part
// is timed alone; the third of three runs is printed. A benchmark, not a test.
//
//   node e2e/bench-handover.js          on an existing build (PROPAGATE_DIST, default dist/)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch } from './harness.js';

const PAGE_LIMITS = { maxNodes: 200_000, maxSteps: 50_000 }; // www/main.js LIMITS
const CASES = [
  [4, ['eliminate']], // capped at 50,000 steps
  [26, ['eliminate']], // 13,761 steps
  [21, undefined], // the default strategies' longest top95 trace
];

const lines = readFileSync(join(here, '..', 'puzzles', 'top95.txt'), 'utf8').split('\n');
// The tests' Chromium and server (e2e/harness.js): a fresh profile, the built page served.
const browser = await launch();
const { server, context } = browser;
try {
  const page = await context.newPage();
  await page.goto(server.url + 'www/favicon.svg');
  console.log('| top95 line | strategies | steps | changes | steps JSON (KB) | wasm solve (ms) | solvePacked (ms) | arrays out (ms) | JSON.parse (ms) | unpackTrace, every change made (ms) | unpackTrace lazy, what the page does (ms) |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [line, strategies] of CASES) {
    const r = await page.evaluate(async ({ base, puzzle, options }) => {
      const m = await import(base + 'solver-wasm.js');
      await m.default({ module_or_path: base + 'solver-wasm_bg.wasm' });
      const { unpackTrace } = await import(base + 'www/packed.js');
      const out = {};
      const time = (f) => { const t = performance.now(); const v = f(); return [performance.now() - t, v]; };
      for (let k = 0; k < 3; k++) {
        [out.core] = time(() => m.solveTracedCount(puzzle, options));
        const [packed, p] = time(() => m.solvePacked(puzzle, options));
        const [arrays, o] = time(() => {
          const x = { json: p.json, boxes: p.boxes(), before: p.before(), after: p.after(), ends: p.ends() };
          p.free();
          return x;
        });
        [out.parse] = time(() => JSON.parse(o.json));
        const [unpack, trace] = time(() => unpackTrace(o));
        [out.lazy] = time(() => unpackTrace(o, { lazy: true }));
        Object.assign(out, { packed, arrays, unpack, kb: o.json.length / 1024, steps: trace.steps.length, changes: o.boxes.length });
      }
      return out;
    }, { base: server.url, puzzle: lines[line - 1], options: { ...PAGE_LIMITS, ...(strategies ? { strategies } : {}) } });
    const f = (x) => x.toFixed(1);
    console.log(`| ${line} | ${strategies ? strategies.join(', ') : 'all three'} | ${r.steps} | ${r.changes} | ${Math.round(r.kb)} | ${f(r.core)} | ${f(r.packed)} | ${f(r.arrays)} | ${f(r.parse)} | ${f(r.unpack)} | ${f(r.lazy)} |`);
  }
} finally {
  await browser.close();
}
