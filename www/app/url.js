// Pure: the view's state <-> the URL's fragment, so a link reopens the same view.
// `#p=<puzzle text>&d=1&s=<id>,<id>&step=42`, and in play mode the learner's game:
// `&play=<81 digits>&marks=<162 characters>` (www/play/position.js, docs/play-format.md). The
// fragment never reaches a server.
// The strategy names are the registry's ids; this module knows none of them: each call is given
// `known`, `{ ids, defaults }` (every id in ladder order, and the set a link without `s=` means).

import { MAX_INPUT_BYTES, overInputCap, utf8Length } from './input-size.js';

/**
 * The longest link the page writes or copies, in characters. RFC 9110 (section 4.1) asks every
 * sender and recipient of a URI to support at least 8000 octets; browsers open far longer ones,
 * but chat apps, mail clients and link shorteners are only known to keep links of about that
 * size whole (docs/limits.md).
 */
export const MAX_LINK = 8000;

/** @returns {string} the fragment, without '#' */
export function encodeState({ puzzle = '', diagonal = false, strategies = null, step = 0, play = null } = {}, known) {
  const q = new URLSearchParams();
  if (puzzle) q.set('p', puzzle);
  if (diagonal) q.set('d', '1');
  const chosen = strategies === null ? known.defaults : strategies;
  const s = known.ids.filter((x) => chosen.includes(x));
  if (!sameSet(s, known.defaults)) q.set('s', s.join(','));
  if (step > 0) q.set('step', String(Math.trunc(step)));
  if (play) {
    q.set('play', play.digits);
    if (play.marks) q.set('marks', play.marks);
  }
  return q.toString();
}

/**
 * Reads a fragment (with or without '#'). Malformed parts fall back to their defaults: a step that
 * is not a whole number of steps is 0; `play=` (with `marks=`) gives `play`, or `playError`; `s=` names ids in any case, with `-` for `_`, and keeps
 * the ones it knows; `s=` naming none it knows means the defaults (`s=` empty means no strategy,
 * pure search). A `p=` longer than the parser takes (input-size.js; whitespace counts) is not
 * read: the state has no puzzle and `error` says why, so that text never reaches the page.
 */
export function decodeState(fragment = '', known) {
  const q = new URLSearchParams(String(fragment).replace(/^#/, ''));
  const state = {
    puzzle: q.get('p') || '',
    diagonal: q.get('d') === '1',
    strategies: readStrategies(q.get('s'), known),
    step: readStep(q.get('step')),
  };
  // The learner's game: read here as text of the right form only; position.js checks it
  // against the puzzle. A game that does not read is left out, and `playError` says why.
  const play = q.get('play');
  const marks = q.get('marks');
  if (play !== null) {
    if (/^[1-9.]{81}$/.test(play) && (marks === null || /^[0-9a-v]{162}$/.test(marks))) state.play = { digits: play, marks: marks || '' };
    else state.playError = "The link's game (play= and marks=) does not read";
  }
  if (overInputCap(state.puzzle)) {
    const bytes = utf8Length(state.puzzle).toLocaleString('en-US');
    state.error = `The link's puzzle (p=) is too long: ${bytes} bytes (a puzzle is at most ${MAX_INPUT_BYTES.toLocaleString('en-US')})`;
    state.puzzle = '';
  }
  return state;
}

function readStrategies(s, known) {
  if (s === null) return [...known.defaults];
  if (s === '') return [];
  const names = s.split(',').map((x) => x.trim().toLowerCase().replace(/-/g, '_'));
  const ids = known.ids.filter((x) => names.includes(x));
  return ids.length ? ids : [...known.defaults];
}

/** Digits only, and a count a trace can have: anything else (`1e308`, `-3`, `4.5`) is 0. */
function readStep(s) {
  if (s === null || !/^[0-9]{1,9}$/.test(s)) return 0;
  return Number(s);
}

function sameSet(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * The link to `state` on the page at `base` (its address without the fragment), or an error in
 * words when it would be longer than MAX_LINK characters.
 * @returns {{ link: string, fragment: string } | { error: string, length: number }}
 */
export function shareLink(base, state, known) {
  const fragment = encodeState(state, known);
  const link = fragment ? `${base}#${fragment}` : base;
  if (link.length > MAX_LINK) {
    return {
      error: `This puzzle's text is too long for a link (${link.length.toLocaleString('en-US')} characters; links stay under ${MAX_LINK.toLocaleString('en-US')})`,
      length: link.length,
    };
  }
  return { link, fragment };
}
