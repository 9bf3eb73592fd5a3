// The solver's two wasm modules and which answers what (ARCHITECTURE.md, "crates/solver-wasm").
// The first (solver-wasm-first.js, the facade without its `full` feature) holds what showing and
// solving a grid needs: the worker loads it at once. The second (solver-wasm.js, the facade with
// every call) is loaded the first time a request needs it: the rating, a hint, a new puzzle, the
// comparison, a trace file, a shared puzzle's export, and any request on a puzzle in a shared
// form (a variant: its reading too), which the first module refuses with the error kind SECOND. Pure:
// the modules are handed in, so the routing is tested without wasm (www/tests/app/modules.test.js).

import { takePacked } from '../trace/packed.js';

/** The error kind of a request the first module leaves to the second (crates/solver-wasm/src/errors.rs). */
export const SECOND = 'second_module';

/**
 * The requests the first module answers (unless it throws SECOND: a puzzle in a shared form, the
 * rating's walk); every other is the second's. `openPuzzle` is the first's for a grid (null), so
 * typing a grid loads nothing more.
 */
export const FIRST_OPS = new Set(['parse', 'solve', 'verdict', 'strategies', 'openPuzzle']);

/**
 * The answer of module `m` (either module: the second has every call the first has) to a request
 * `{op, text, file, options}`; `progress(tries)` is handed a generation's count of tries.
 */
export function answer(m, { op, text, file, options }, progress) {
  if (op === 'parse') {
    // The candidates, and a variant's constraints for the board to draw (null for a grid).
    const initial = m.parse(String(text), !!(options && options.diagonal));
    const opened = m.openPuzzle(String(text));
    return { initial, puzzle: opened && opened.puzzle ? JSON.parse(opened.puzzle) : null };
  }
  if (op === 'solve') return takePacked(m.solvePacked(String(text), options || {}));
  if (op === 'verdict') return m.verdict(String(text), options || {});
  if (op === 'strategies') return m.strategies();
  if (op === 'rate') return m.rate(String(text), options || {});
  if (op === 'hint') return m.hint(String(text), options || {});
  if (op === 'generate') return m.generate(options || {}, progress);
  // The File itself: the facade checks its size before reading it (FileReaderSync, in the
  // worker), so a file over the cap is never loaded.
  if (op === 'open') return takePacked(m.openTrace(file, options || {}));
  if (op === 'compare') return m.compare(String(text), options || {});
  if (op === 'openPuzzle') return m.openPuzzle(String(text));
  if (op === 'exportPuzzle') return m.exportPuzzle(String(text), !!(options && options.diagonal));
  throw new Error(`unknown request ${op}`);
}

/**
 * A function answering requests (a promise of the answer): with `first` (the loaded first
 * module) for FIRST_OPS, with the second module for the rest and for what the first refuses as
 * SECOND. `loadSecond()` gives a promise of the second module; it is called once, when first
 * needed, and again after a load that failed.
 */
export function router(first, loadSecond) {
  let second = null;
  const secondModule = () => {
    second ??= loadSecond().catch((e) => {
      second = null;
      throw e;
    });
    return second;
  };
  return async (request, progress) => {
    if (FIRST_OPS.has(request.op)) {
      try {
        return answer(first, request, progress);
      } catch (e) {
        if (!(e && e.kind === SECOND)) throw e;
      }
    }
    return answer(await secondModule(), request, progress);
  };
}
