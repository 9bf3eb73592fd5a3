// Pure: the view's state <-> the URL's fragment, so a link reopens the same view.
// `#p=<puzzle text>&d=1&s=eliminate,only_choice&step=42`. The fragment never reaches a server.

export const STRATEGIES = Object.freeze(['eliminate', 'only_choice', 'naked_twins']);

/** @returns {string} the fragment, without '#' */
export function encodeState({ puzzle = '', diagonal = false, strategies = STRATEGIES, step = 0 } = {}) {
  const q = new URLSearchParams();
  if (puzzle) q.set('p', puzzle);
  if (diagonal) q.set('d', '1');
  const s = STRATEGIES.filter((x) => strategies.includes(x));
  if (s.length !== STRATEGIES.length) q.set('s', s.join(','));
  if (step > 0) q.set('step', String(Math.trunc(step)));
  return q.toString();
}

/** Reads a fragment (with or without '#'); unknown or malformed parts fall back to defaults. */
export function decodeState(fragment = '') {
  const q = new URLSearchParams(String(fragment).replace(/^#/, ''));
  const s = q.get('s');
  const strategies = s === null ? [...STRATEGIES] : STRATEGIES.filter((x) => s.split(',').includes(x));
  const step = Number.parseInt(q.get('step') || '0', 10);
  return {
    puzzle: q.get('p') || '',
    diagonal: q.get('d') === '1',
    strategies,
    step: Number.isFinite(step) && step > 0 ? step : 0,
  };
}
