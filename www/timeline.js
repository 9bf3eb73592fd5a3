// The strip under the timeline: one colour per step kind, so the shape of the solve
// (propagation, guesses, backtracks) reads at a glance and scrubbing has landmarks.

export const KIND_COLOURS = Object.freeze({
  eliminate: '#4c78a8',
  only_choice: '#2a9d8f',
  naked_twins: '#e9a23b',
  guess: '#8e5bd6',
  backtrack: '#d1495b',
});

/**
 * The kind shown in each of `width` columns: each column covers its share of the steps, and a
 * guess or backtrack in that share wins over propagation, so search is never hidden.
 */
export function columns(steps, width) {
  const out = new Array(Math.max(0, width)).fill(null);
  const n = steps.length;
  if (!n || width <= 0) return out;
  const rank = { backtrack: 4, guess: 3, naked_twins: 2, only_choice: 1, eliminate: 0 };
  for (let x = 0; x < width; x++) {
    const from = Math.floor((x * n) / width);
    const to = Math.max(from + 1, Math.floor(((x + 1) * n) / width));
    let best = null;
    for (let k = from; k < to && k < n; k++) {
      const kind = steps[k].kind;
      if (best === null || (rank[kind] ?? -1) > (rank[best] ?? -1)) best = kind;
    }
    out[x] = best;
  }
  return out;
}

/** Paints the strip on `canvas` (sized to its CSS width). */
export function drawTimelineMap(canvas, steps) {
  const width = Math.max(1, Math.round(canvas.clientWidth || 300));
  canvas.width = width;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, width, canvas.height);
  const cols = columns(steps, width);
  for (let x = 0; x < width; x++) {
    if (!cols[x]) continue;
    ctx.fillStyle = KIND_COLOURS[cols[x]] || '#999';
    ctx.fillRect(x, 0, 1, canvas.height);
  }
}
