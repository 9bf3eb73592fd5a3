// Downloads: the run's trace as JSON (docs/trace-format.md) and its final grid in the course's
// display layout, offered as files.

import { traceJson } from '../trace/packed.js';
import { display } from '../trace/display.js';

/** Offers `text` as a file download named `name`. */
export function download(text, type, name) {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a run's trace, every step with its changes. */
export function downloadTrace(run) {
  download(traceJson(run.trace), 'application/json', `propagate-trace-${run.trace.variant}.json`);
}

/** Saves the grid at the end of a run's trace (the solution, when solved). */
export function downloadGrid(run) {
  download(display(run.replay.final), 'text/plain', `propagate-grid-${run.trace.variant}.txt`);
}
