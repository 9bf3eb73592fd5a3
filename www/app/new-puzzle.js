// DOM-free: what the New puzzle panel asks the generator for and what it says back. The choices
// are the CLI's (`propagate generate`): the rung the puzzle cannot be solved without (a strategy
// of the registry, by its label: the page names none; not one that acts only on cages or makes no step), the diagonal rule, 180° symmetric givens
// and a range of ratings; the facade's `generate` (crates/solver-wasm) makes the puzzle in the
// generations' worker, trying until one passes or its try budget is spent.

/** Puzzles the page makes, at most, before it says none passed: a few seconds of trying. */
export const PAGE_MAX_TRIES = 20_000;

/** Sudoku Explainer's scale, as far as the page's rating inputs go. */
export const RATING_RANGE = { min: 0, max: 12 };

/**
 * The facade's options for the panel's choices `{ needs, diagonal, symmetric, ratingMin,
 * ratingMax }` (`needs` a registry id or '', the ratings as typed), with `seed`:
 * `{ ok: true, options }`, or `{ ok: false, field, message }` for a rating that is not a number
 * on the scale, or a range that is empty.
 */
export function makeRequest(choices, seed, maxTries = PAGE_MAX_TRIES) {
  const options = { seed, diagonal: !!choices.diagonal, symmetric: !!choices.symmetric, maxTries };
  if (choices.needs) options.needs = choices.needs;
  for (const [field, words] of [['ratingMin', 'lowest'], ['ratingMax', 'highest']]) {
    const text = String(choices[field] ?? '').trim();
    if (!text) continue;
    const n = Number(text);
    if (!Number.isFinite(n) || n < RATING_RANGE.min || n > RATING_RANGE.max) {
      return { ok: false, field, message: `The ${words} rating "${text}" is not a number from ${RATING_RANGE.min} to ${RATING_RANGE.max}.` };
    }
    options[field] = n;
  }
  if (options.ratingMin !== undefined && options.ratingMax !== undefined && options.ratingMin > options.ratingMax) {
    return { ok: false, field: 'ratingMin', message: `No rating is from ${options.ratingMin} to ${options.ratingMax}: the lowest is above the highest.` };
  }
  return { ok: true, options };
}

/**
 * The rungs New puzzle offers: every strategy of the registry, in ladder order, but those that
 * act only on a killer's cages (`cages`), which no classic or diagonal puzzle can need, and
 * those that make no step (`noStep`: they only end a branch sooner), which no unique puzzle needs.
 */
export function rungsToOffer(registry) {
  return registry.filter((s) => !s.cages && !s.noStep);
}

/** A seed for a new puzzle: 53 random bits (a whole number the facade reads exactly). */
export function randomSeed(random = () => Math.random()) {
  return Math.floor(random() * 2 ** 21) * 2 ** 32 + Math.floor(random() * 2 ** 32);
}

/** What was asked, in words: "that needs X-wing, symmetric, rated 2–4". */
function wanted(options, labelOf) {
  const parts = [];
  if (options.needs) parts.push(`that needs ${labelOf(options.needs)}`);
  if (options.diagonal) parts.push('diagonal');
  if (options.symmetric) parts.push('with symmetric givens');
  const lo = options.ratingMin;
  const hi = options.ratingMax;
  if (lo !== undefined && hi !== undefined) parts.push(`rated ${lo} to ${hi}`);
  else if (lo !== undefined) parts.push(`rated ${lo} or more`);
  else if (hi !== undefined) parts.push(`rated ${hi} or less`);
  return parts.join(', ');
}

/** The words while a generation runs, `tries` puzzles made so far. */
export function describeProgress(options, tries, labelOf) {
  const what = wanted(options, labelOf);
  return `Making a puzzle${what ? ` ${what}` : ''}… ${tries.toLocaleString('en-US')} ${tries === 1 ? 'try' : 'tries'} so far.`;
}

/** The words for a puzzle made (`{ puzzle, tries, rating }`, the facade's answer). */
export function describeMade(options, made, labelOf) {
  const what = wanted(options, labelOf);
  const r = made.rating;
  const rated = r && r.kind === 'steps' && r.technique !== null ? ` It rates ${r.score.toFixed(1)} (${r.label}).` : '';
  const tries = `${made.tries.toLocaleString('en-US')} ${made.tries === 1 ? 'try' : 'tries'}`;
  return `New puzzle${what ? ` ${what}` : ''}, found in ${tries}: press Solve to watch it solved, or Play it yourself.${rated}`;
}

/**
 * The words when no puzzle passed in the try budget (the facade's `gave_up` error): said as what
 * it is, not as a failure of the page.
 */
export function describeGaveUp(options, labelOf) {
  const what = wanted(options, labelOf);
  const tries = options.maxTries.toLocaleString('en-US');
  const rung = options.needs
    ? ' A technique may be one no puzzle needs: on this ladder an easier rung may always do its work first, and a uniqueness technique is never needed here, since the ladder is climbed without knowing that the puzzle is unique.'
    : '';
  return `No puzzle ${what} turned up in ${tries} tries, so none was made.${rung} Try another choice, or a wider range of ratings.`;
}
