// The strip under the timeline: one colour per step kind, so the shape of the solve
// (propagation, guesses, backtracks) reads at a glance and scrubbing has landmarks. The colours
// and the kinds' precedence come from the page's palette (strategy-view.js): nothing here names a
// kind.

/**
 * The kind shown in each of `width` columns: each column covers its share of the steps, and the
 * kind of highest `rank` in that share wins (search over propagation, so search is never hidden;
 * a later rung of the ladder over an earlier one). Kinds without a rank lose to all others.
 * @param {{kind: string}[]} steps
 * @param {number} width
 * @param {Map<string, number>} rank
 */
export function columns(steps, width, rank = new Map()) {
  const out = new Array(Math.max(0, width)).fill(null);
  const n = steps.length;
  if (!n || width <= 0) return out;
  const of = (kind) => rank.get(kind) ?? -1;
  for (let x = 0; x < width; x++) {
    const from = Math.floor((x * n) / width);
    const to = Math.max(from + 1, Math.floor(((x + 1) * n) / width));
    let best = null;
    for (let k = from; k < to && k < n; k++) {
      const kind = steps[k].kind;
      if (best === null || of(kind) > of(best)) best = kind;
    }
    out[x] = best;
  }
  return out;
}

/**
 * Paints the strip on `canvas` (sized to its CSS width).
 * @param {{ colour: Map<string, string>, rank: Map<string, number> }} palette each kind's CSS
 *   colour (a kind without one is grey) and its precedence
 */
export function drawTimelineMap(canvas, steps, palette) {
  const width = Math.max(1, Math.round(canvas.clientWidth || 300));
  canvas.width = width;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, width, canvas.height);
  const cols = columns(steps, width, palette.rank);
  for (let x = 0; x < width; x++) {
    if (!cols[x]) continue;
    ctx.fillStyle = palette.colour.get(cols[x]) || '#999';
    ctx.fillRect(x, 0, 1, canvas.height);
  }
}
