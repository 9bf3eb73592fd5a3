// The built facade's two modules (dist/solver-wasm-first.js, the first; dist/solver-wasm.js, the
// second: wasm-bindgen's modules) export what the page calls and nothing else: the benchmarks'
// calls are built only with the solver-wasm crate's `bench` feature, which the page's build leaves
// out (crates/solver-wasm/src/bench.rs). No browser: it reads the built modules and the page's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { here, DIST } from './harness.js';

/** Every .js file under `dir`, recursively. */
function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'tests' ? [] : scripts(path);
    return e.name.endsWith('.js') ? [path] : [];
  });
}

/** The facade's functions the page calls: `m.NAME(` in www/app/modules.js (either module) and `first.NAME(` in the worker. */
function called() {
  const names = new Set();
  const app = join(here, '..', 'www', 'app');
  for (const [file, re] of [['modules.js', /\bm\.(\w+)\(/g], ['worker.js', /\bfirst\.(\w+)\(/g]]) {
    for (const m of readFileSync(join(app, file), 'utf8').matchAll(re)) names.add(m[1]);
  }
  return names;
}

/** The functions and classes a built wasm-bindgen module exports (`start`, its start function, left out). */
function exportsOf(name) {
  const module = join(DIST, name);
  assert.ok(existsSync(module), `no built facade at ${module}: run trunk build --release`);
  const text = readFileSync(module, 'utf8');
  return {
    functions: [...text.matchAll(/^export function (\w+)/gm)].map((m) => m[1]).filter((f) => f !== 'start').sort(),
    classes: [...text.matchAll(/^export class (\w+)/gm)].map((m) => m[1]),
  };
}

test('the second module (the whole facade) exports the functions the page calls, and no other', () => {
  const { functions, classes } = exportsOf('solver-wasm.js');
  const page = called();
  assert.ok(page.has('solvePacked') && page.has('rate'), `the page's calls were found: ${[...page]}`);
  assert.deepEqual(functions, [...page].sort());
  // The one class: the packed trace solvePacked and openTrace return (www/trace/packed.js takes it).
  assert.deepEqual(classes, ['PackedTrace']);
});

test('the first module exports what showing and solving a grid needs, and no other', () => {
  const { functions, classes } = exportsOf('solver-wasm-first.js');
  // www/app/modules.js's FIRST_OPS: parse, solve, verdict, strategies, openPuzzle.
  assert.deepEqual(functions, ['openPuzzle', 'parse', 'solvePacked', 'strategies', 'verdict']);
  const page = called();
  for (const f of functions) assert.ok(page.has(f), `${f} is called by the page`);
  assert.deepEqual(classes, ['PackedTrace']);
});

test('only the worker imports a facade module', () => {
  const importers = scripts(join(here, '..', 'www'))
    .filter((file) => /solver-wasm(-first)?\.js['"]/.test(readFileSync(file, 'utf8')))
    .map((file) => file.slice(file.lastIndexOf('www')));
  assert.deepEqual(importers, [join('www', 'app', 'worker.js')]);
});
