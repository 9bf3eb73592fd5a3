// The solver worker: loads the wasm facade and answers {id, op, text, options} messages (and
// {id, op: 'open', file, options}) with {id, ok, result | error}, one at a time in the order they
// came (a verdict asked just before a solve is answered before the solve starts); an error is a
// plain object {message, kind, line, ...} (errors.js). A generation ({id, op: 'generate', options})
// also sends {id, progress: tries} while it runs, at most every PROGRESS_MS. It runs off the main thread so the page
// stays responsive, and the page cancels a solve by terminating it.
//
// Trunk builds the solver's two wasm modules with wasm-bindgen's `web` target and, as Trunk.toml
// says, without content hashes and without injecting a loader into the page, so each sits at the
// root of dist/ under a fixed name: this worker imports the first (solver-wasm-first.js, what
// showing and solving a grid needs) and loads the second (solver-wasm.js, every call) the first
// time a request needs it; www/app/modules.js says which module answers what.

import init, * as first from '../../solver-wasm-first.js';
import { isPacked, transferList } from '../trace/packed.js';
import { errorData } from './errors.js';
import { router } from './modules.js';

const ready = init({ module_or_path: new URL('../../solver-wasm-first_bg.wasm', import.meta.url) }).catch((e) => {
  self.postMessage({ type: 'load-error', error: String((e && e.message) || e) });
  throw e;
});

/**
 * The second module, loaded and instantiated (called when a request first needs it). A module
 * that does not load is said as the first's would be: the page shows it and starts a fresh worker
 * for its next request.
 */
async function loadSecond() {
  try {
    const second = await import('../../solver-wasm.js');
    await second.default({ module_or_path: new URL('../../solver-wasm_bg.wasm', import.meta.url) });
    return second;
  } catch (e) {
    self.postMessage({ type: 'load-error', error: String((e && e.message) || e) });
    throw e;
  }
}

const answer = router(first, loadSecond);

// Warm-up: one small solve with search, untimed, soon after loading, so that the engine has
// compiled some of the solver's hot paths before the first Solve. A request arriving meanwhile
// waits a few ms.
const WARM_UP = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
ready.then(() => setTimeout(() => {
  try {
    first.solvePacked(WARM_UP, {}).free();
  } catch {
    // A warm-up that fails changes nothing: the real request reports its own error.
  }
}, 50), () => {});

/** The least time between two progress messages of a generation. */
const PROGRESS_MS = 100;

/** A generation's progress callback: posts the tries made so far, at most every PROGRESS_MS. */
function progressOf(id) {
  let last = performance.now();
  return (tries) => {
    const now = performance.now();
    if (now - last >= PROGRESS_MS) {
      last = now;
      self.postMessage({ id, progress: tries });
    }
  };
}

/** Answers one message (never throws: a failure is posted as the request's error). */
async function handle(data) {
  const { id, op, text, file, options } = data || {};
  try {
    await ready;
  } catch {
    return; // already reported as a load-error
  }
  try {
    const result = await answer({ op, text, file, options }, progressOf(id));
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
}

// One request at a time, in the order they came, even while the second module loads.
let queue = Promise.resolve();
self.onmessage = (ev) => {
  queue = queue.then(() => handle(ev.data));
};
