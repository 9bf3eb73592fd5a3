// Test helpers: synthetic traces that follow docs/trace-format.md.
import { BOXES } from '../trace/replay.js';
import { textMask } from '../trace/digits.js';

/** A deterministic pseudo-random generator (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A trace of `n` random but self-consistent steps: every change's `before` is the box's
 * candidates at that point, so replaying it is well defined.
 */
export function randomTrace(n, seed = 1) {
  const rand = rng(seed);
  const cells = BOXES.map(() => '123456789');
  const initial = cells.slice();
  const steps = [];
  for (let k = 0; k < n; k++) {
    const count = 1 + Math.floor(rand() * 6);
    const touched = new Set();
    const changes = [];
    for (let j = 0; j < count; j++) {
      const b = Math.floor(rand() * 81);
      if (touched.has(b)) continue;
      touched.add(b);
      let after = '';
      for (const d of '123456789') if (rand() < 0.5) after += d;
      changes.push({ box: BOXES[b], before: cells[b], after });
      cells[b] = after;
    }
    steps.push({ kind: 'eliminate', node: 0, depth: 0, units: [], boxes: ['A1'], digits: '1', changes });
  }
  return { format: 2, variant: 'standard', strategies: [], units: [], initial, steps, final: cells };
}

/**
 * A trace as docs/trace-format.md's JSON has it (candidates as strings) in the page's form
 * (candidates as masks), converted field by field here, independently of www/trace/packed.js.
 */
export function pageForm(doc) {
  const m = (s) => textMask(s);
  const step = (s) => {
    const out = { ...s };
    if (typeof s.digits === 'string') out.digits = m(s.digits);
    if (typeof s.choices === 'string') out.choices = m(s.choices);
    if (Array.isArray(s.combinations)) out.combinations = s.combinations.map(m);
    if (s.contradiction && typeof s.contradiction.choices === 'string') out.contradiction = { ...s.contradiction, choices: m(s.contradiction.choices) };
    if (s.changes) out.changes = s.changes.map((c) => ({ ...c, before: m(c.before), after: m(c.after) }));
    return out;
  };
  return { ...doc, initial: doc.initial.map(m), steps: doc.steps.map(step) };
}
