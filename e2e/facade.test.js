// The built facade (dist/solver-wasm.js, wasm-bindgen's module) exports what the page imports and
// nothing else: the benchmarks' calls are built only with the solver-wasm crate's `bench`
// feature, which the page's build leaves out (crates/solver-wasm/src/bench.rs). No browser: it
// reads the built module and the page's modules.
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

/** The names the page's modules import from the facade's module (solver-wasm.js). */
function imported() {
  const names = new Set();
  for (const file of scripts(join(here, '..', 'www'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:\w+\s*,\s*)?\{([^}]*)\}\s*from\s*['"][^'"]*solver-wasm\.js['"]/g)) {
      for (const name of m[1].split(',').map((s) => s.trim()).filter(Boolean)) names.add(name);
    }
  }
  return names;
}

test('the facade exports the functions the page imports, and no other', () => {
  const module = join(DIST, 'solver-wasm.js');
  assert.ok(existsSync(module), `no built facade at ${module}: run trunk build --release`);
  const text = readFileSync(module, 'utf8');
  // `start`: the module's start function (src/lib.rs), which wasm-bindgen exports and init runs.
  const functions = [...text.matchAll(/^export function (\w+)/gm)].map((m) => m[1]).filter((f) => f !== 'start');
  const classes = [...text.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
  const page = imported();
  assert.ok(page.has('solvePacked'), `the page's imports were found: ${[...page]}`);
  assert.deepEqual(functions.sort(), [...page].sort());
  // The one class: the packed trace solvePacked and openTrace return (www/packed.js takes it).
  assert.deepEqual(classes, ['PackedTrace']);
});
