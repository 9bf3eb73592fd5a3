// The solver worker: loads the wasm facade and answers {id, op, text, options} messages (and
// {id, op: 'open', file, options}) with {id, ok, result | error}, one at a time in the order they
// came (a verdict asked just before a solve is answered before the solve starts); an error is a
// plain object {message, kind, line, ...} (errors.js). A generation ({id, op: 'generate', options})
// also sends {id, progress: tries} while it runs, at most every PROGRESS_MS. It runs off the main thread so the page
// stays responsive, and the page cancels a solve by terminating it.
//
// Trunk builds crates/solver-wasm with wasm-bindgen's `web` target and, as Trunk.toml says,
// without content hashes and without injecting a loader into the page, so `solver-wasm.js` and
// `solver-wasm_bg.wasm` sit at the root of dist/ under fixed names, and this module imports them.

import init, { parse, solvePacked, openTrace, compare, strategies, verdict, rate, hint, generate, openPuzzle, exportPuzzle, peers } from '../../solver-wasm.js';
import { isPacked, takePacked, transferList } from '../trace/packed.js';
import { errorData } from './errors.js';

const ready = init({ module_or_path: new URL('../../solver-wasm_bg.wasm', import.meta.url) }).catch((e) => {
  self.postMessage({ type: 'load-error', error: String((e && e.message) || e) });
  throw e;
});

// Warm-up: one small solve with search, untimed, soon after loading, so that the engine has
// compiled some of the solver's hot paths before the first Solve. A request arriving meanwhile
// waits a few ms.
const WARM_UP = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
ready.then(() => setTimeout(() => {
  try {
    solvePacked(WARM_UP, {}).free();
  } catch {
    // A warm-up that fails changes nothing: the real request reports its own error.
  }
}, 50), () => {});

/** The least time between two progress messages of a generation. */
const PROGRESS_MS = 100;

/** A new puzzle (the facade's `generate`), telling the page the tries made so far. */
function generated(id, options) {
  let last = performance.now();
  return generate(options || {}, (tries) => {
    const now = performance.now();
    if (now - last >= PROGRESS_MS) {
      last = now;
      self.postMessage({ id, progress: tries });
    }
  });
}

self.onmessage = async (ev) => {
  const { id, op, text, file, options } = ev.data || {};
  try {
    await ready;
  } catch {
    return; // already reported as a load-error
  }
  try {
    let result;
    if (op === 'parse') {
      // The candidates, and a variant's constraints for the board to draw (null for a grid)
      // with the boxes each box sees in it, which play mode fills candidates from.
      const diagonal = !!(options && options.diagonal);
      const initial = parse(String(text), diagonal);
      const opened = openPuzzle(String(text));
      const variant = !!(opened && opened.puzzle);
      result = { initial, puzzle: variant ? JSON.parse(opened.puzzle) : null, peers: variant ? peers(String(text), diagonal) : null };
    }
    else if (op === 'solve') result = takePacked(solvePacked(String(text), options || {}));
    else if (op === 'verdict') result = verdict(String(text), options || {});
    else if (op === 'rate') result = rate(String(text), options || {});
    else if (op === 'hint') result = hint(String(text), options || {});
    else if (op === 'generate') result = generated(id, options);
    // The File itself: the facade checks its size before reading it (FileReaderSync, here in
    // the worker), so a file over the cap is never loaded.
    else if (op === 'open') result = takePacked(openTrace(file, options || {}));
    else if (op === 'compare') result = compare(String(text), options || {});
    else if (op === 'strategies') result = strategies();
    else if (op === 'openPuzzle') result = openPuzzle(String(text));
    else if (op === 'exportPuzzle') result = exportPuzzle(String(text), !!(options && options.diagonal));
    else throw new Error(`unknown request ${op}`);
    // The trace packed (crates/solver-wasm/src/packed.rs): its steps and changes as typed arrays,
    // which move to the page without a copy, and the small rest as JSON text; www/trace/packed.js puts
    // it together in the page (objects or JSON text cost several times the solve to hand over:
    // bench/web/handover.js).
    self.postMessage({ id, ok: true, result }, isPacked(result) ? transferList(result) : []);
  } catch (e) {
    // A RuntimeError is a panic in Rust (its message went to the console through the panic
    // hook): a bug, not bad input, and the instance must not be used again.
    const fatal = typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError;
    const error = fatal
      ? { message: `internal error in the solver (${String((e && e.message) || e)}); please report this puzzle`, kind: 'internal' }
      : errorData(e);
    self.postMessage({ id, ok: false, fatal, error });
  }
};
