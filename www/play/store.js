// DOM-free: the learner's games kept in the browser's own storage (localStorage), so a reload,
// or the same puzzle opened again, finds the position where the learner left it. One record
// under STORAGE_KEY, versioned and read back whole or not at all: a record that is not JSON, is
// another program's or another version's, or holds a game that does not read, is ignored, and
// `error` says why (the page says it once); it is replaced at the learner's next move. The
// record's layout is in docs/play-format.md.

export const STORAGE_KEY = 'propagate.play';
export const FORMAT = 'propagate-play';
export const VERSION = 1;
/** The games kept: the most recent ones; an older one is dropped. */
export const MAX_GAMES = 30;

/**
 * A puzzle's key: its rule ('s' standard, 'd' diagonal) and its 81 givens ('.' for none); a
 * variant's ('v', then 'd' when the diagonals were added to it) is followed by ':' and the
 * puzzle's text (its ISS string), which carries its constraints.
 */
const PUZZLE = /^(?:[sd]:[1-9.]{81}|vd?:[1-9.]{81}:[\s\S]{1,100000})$/;
/** A position's text (www/play/position.js). */
const POSITION = /^[1-9.]{81}[0-9a-v]{162}$/;

/** The games of a stored record's text: { games: [[puzzle, position], ...] } or { error }. */
export function readRecord(text) {
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { error: 'it is not JSON' };
  }
  if (!record || typeof record !== 'object' || record.format !== FORMAT) return { error: 'it is not a record of this page' };
  if (record.version !== VERSION) return { error: `it is version ${JSON.stringify(record.version)}, this page reads version ${VERSION}` };
  if (!Array.isArray(record.games) || record.games.length > MAX_GAMES) return { error: 'its list of games is not one' };
  const games = [];
  for (const [k, g] of record.games.entries()) {
    if (!g || typeof g.puzzle !== 'string' || !PUZZLE.test(g.puzzle)) return { error: `game ${k + 1}'s puzzle does not read` };
    if (typeof g.position !== 'string' || !POSITION.test(g.position)) return { error: `game ${k + 1}'s position does not read` };
    games.push([g.puzzle, g.position]);
  }
  return { games };
}

/** The record's text for `games` (most recent last). */
export function writeRecord(games) {
  return JSON.stringify({ format: FORMAT, version: VERSION, games: games.map(([puzzle, position]) => ({ puzzle, position })) });
}

export class GameStore {
  /**
   * @param {Storage | null} storage localStorage, or null where there is none (a storage the
   *   browser refuses, as in some private windows, is treated as none).
   */
  constructor(storage) {
    this.storage = storage;
    /** puzzle key -> position text, oldest first. */
    this.games = new Map();
    /** Why the stored record was ignored, or null. */
    this.error = null;
    let text = null;
    try {
      text = storage ? storage.getItem(STORAGE_KEY) : null;
    } catch {
      this.storage = null;
    }
    if (text === null) return;
    const read = readRecord(text);
    if (read.error) this.error = `A saved game in this browser could not be read (${read.error}): it was ignored`;
    else this.games = new Map(read.games);
  }

  /** The stored position of a puzzle, or null. */
  get(puzzle) {
    return this.games.get(puzzle) ?? null;
  }

  /** Keeps `position` (null: forgets the game) as the puzzle's, the most recent. */
  put(puzzle, position) {
    this.games.delete(puzzle);
    if (position !== null) this.games.set(puzzle, position);
    while (this.games.size > MAX_GAMES) this.games.delete(this.games.keys().next().value);
    if (!this.storage) return;
    try {
      this.storage.setItem(STORAGE_KEY, writeRecord([...this.games]));
    } catch {
      // Storage full or refused: the game lives on in the page and the link.
    }
  }
}
