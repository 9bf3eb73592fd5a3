//! New puzzles from a seed: a random solved grid, then givens taken away in random order while
//! the puzzle keeps exactly one solution, each given tried once, which leaves a **minimal**
//! puzzle (no given can be removed without a second solution appearing: a given that could not
//! go when it was tried cannot go later either, since removing more givens only adds solutions).
//!
//! - `symmetric`: the givens keep 180° rotational symmetry: boxes are removed in pairs (`A1`
//!   with `I9`, ..., `E5` alone), and the puzzle is minimal among symmetric ones: no pair can be
//!   removed without losing uniqueness (a single given of a pair may still be removable).
//! - diagonal Sudoku: the solved grid and every uniqueness test honour the diagonals.
//! - `needs`: the puzzle cannot be solved without that technique ([`needs`]); `rating`: its
//!   [`crate::rating::rate`] score falls in a range. Both filter the puzzles made: a puzzle is
//!   made again from the next seed of its stream until one passes, at most `max_tries` times.
//!
//! Deterministic: the puzzle of index `i` comes only from [`puzzle_seed`]`(seed, i)`, so the same
//! seed gives the same puzzles however many threads make them. The generator is a SplitMix64,
//! written here (no dependency).
//!
//! Uniqueness is asked of the verdict engine in its fastest form: the puzzle without a given `g`
//! has another solution exactly when it has a solution with `g` holding another digit than the
//! solution's, so the engine is asked for one solution of the puzzle with `g`'s box limited to
//! the other eight digits (the search stops at the first it finds, and most often finds none
//! at the root). A box that still sees the eight other digits among the givens left is taken
//! away without asking: nothing else fits there.

use crate::digits::Digits;
use crate::grid::Grid;
use crate::rating::{rate, Rating};
use crate::reduce::reduce_puzzle;
use crate::strategy::At;
use crate::topology::{Cell, Topology, Variant};
use crate::trace::{NoTrace, Position, StepCounts, StrategySet};
use crate::verdict::verdict_of_masks;
use crate::Options;
use std::fmt;

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, every seed a full-period stream.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n` at least 1), by the multiply-shift of 32 random bits: the bias,
    /// at most `n / 2^32`, does not matter for the 81 boxes and 9 digits it picks among.
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// SplitMix64's output function: a bijection of 64-bit words that spreads every input bit.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of puzzle `index` of a run seeded with `seed`: each puzzle its own stream, so the
/// puzzles do not depend on which thread makes them or in what order.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    mix(seed ^ mix(index.wrapping_add(0x6A09_E667_F3BC_C909)))
}

/// What to make.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct GenerateOptions {
    pub variant: Variant,
    /// Givens symmetric under a 180° rotation of the grid.
    pub symmetric: bool,
    /// Only puzzles that need the strategy at this registry position ([`needs`]).
    pub needs: Option<Position>,
    /// Only puzzles whose rating's score ([`score`]) is in `min..=max`.
    pub rating: Option<(f32, f32)>,
    /// Puzzles made at most, per puzzle asked for, before giving up on the filters (at least 1).
    pub max_tries: u32,
    /// Rate each puzzle kept ([`Generated::rating`]); a `rating` filter rates them all anyway.
    pub rate: bool,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            variant: Variant::Standard,
            symmetric: false,
            needs: None,
            rating: None,
            max_tries: GenerateOptions::MAX_TRIES,
            rate: true,
        }
    }
}

impl GenerateOptions {
    /// The default of `max_tries`.
    pub const MAX_TRIES: u32 = 100_000;

    /// True when every puzzle made is kept.
    pub fn unfiltered(&self) -> bool {
        self.needs.is_none() && self.rating.is_none()
    }
}

/// A puzzle made.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The givens (solved boxes); the other boxes hold every digit.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// [`crate::rating::rate`]'s rating of the puzzle (none when not asked for).
    pub rating: Option<Rating>,
    /// Puzzles made for this one (1 without a filter).
    pub tries: u32,
}

/// No puzzle passed the filters within `max_tries`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GaveUp {
    pub tries: u32,
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no puzzle passed the filters in {} tries (raise the cap, or widen the filters)",
            self.tries
        )
    }
}

impl std::error::Error for GaveUp {}

/// A strategy no puzzle the generator makes can need ([`never_needed`]): asking for one would
/// try `max_tries` puzzles in vain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NeverNeeded {
    pub position: Position,
}

impl fmt::Display for NeverNeeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let info = crate::registry::info(self.position);
        let why = if info.no_step {
            "it makes no step, only ends a branch of the search sooner, and a puzzle with one \
             solution meets no contradiction before a guess"
        } else {
            "it acts only on a killer's cages, and the generator makes classic and diagonal \
             puzzles, which have none"
        };
        write!(
            f,
            "no generated puzzle can need {} ({}): {why}",
            info.id.replace('_', "-"),
            info.label
        )
    }
}

impl std::error::Error for NeverNeeded {}

/// Whether `--needs` may ask for the strategy at `position`: not for one that acts only on
/// cages ([`crate::registry::Info::cages`]), which never acts on the grids made here, nor for
/// one that makes no step ([`crate::registry::Info::no_step`]), which no unique puzzle needs.
pub fn never_needed(position: Position) -> Result<(), NeverNeeded> {
    let info = crate::registry::info(position);
    if info.cages || info.no_step {
        Err(NeverNeeded { position })
    } else {
        Ok(())
    }
}

/// Puzzle `index` of the run seeded with `seed`: minimal, with one solution, passing the filters
/// of `opts` (or [`GaveUp`] after `opts.max_tries` puzzles that did not).
pub fn generate(seed: u64, index: u64, opts: &GenerateOptions) -> Result<Generated, GaveUp> {
    generate_until(seed, index, opts, |_| true)
}

/// [`generate`], asking `go_on(tries)` before each puzzle made after the first: false stops it
/// there (a [`GaveUp`] with the tries made so far). For progress and cancelling.
pub fn generate_until(
    seed: u64,
    index: u64,
    opts: &GenerateOptions,
    mut go_on: impl FnMut(u32) -> bool,
) -> Result<Generated, GaveUp> {
    let mut rng = Rng::new(puzzle_seed(seed, index));
    let max_tries = opts.max_tries.max(1);
    let rate_opts = Options {
        variant: opts.variant,
        strategies: StrategySet::ALL,
        ..Options::default()
    };
    for tries in 1..=max_tries {
        if tries > 1 && !go_on(tries - 1) {
            return Err(GaveUp { tries: tries - 1 });
        }
        let solution = solved_grid(&mut rng, opts.variant);
        let givens = minimal_puzzle(&solution, opts.variant, opts.symmetric, &mut rng);
        let puzzle = grid_of(&givens);
        if let Some(position) = opts.needs {
            if !may_need(&puzzle, opts.variant, position) || !needs(&puzzle, opts.variant, position)
            {
                continue;
            }
        }
        let rating = (opts.rate || opts.rating.is_some()).then(|| rate(&puzzle, &rate_opts));
        if let (Some((min, max)), Some(rating)) = (opts.rating, &rating) {
            match score(rating) {
                Some(s) if s >= min && s <= max => {}
                _ => continue,
            }
        }
        return Ok(Generated {
            puzzle,
            solution: grid_of(&solution),
            rating,
            tries,
        });
    }
    Err(GaveUp { tries: max_tries })
}

/// A rating's score on Sudoku Explainer's scale, which `rating` filters on: its hardest step's
/// (0 for a grid given complete) when the easiest steps solve the puzzle; none when they stall.
pub fn score(rating: &Rating) -> Option<f32> {
    match rating {
        Rating::Steps { hardest, .. } => Some(hardest.as_ref().map_or(0.0, |h| h.score)),
        _ => None,
    }
}

/// True when the puzzle cannot be solved without the strategy at `position`: `reduce_puzzle`
/// with the ladder up to and including it solves the puzzle at the root (no guess), and with the
/// same set without it does not.
pub fn needs(puzzle: &Grid, variant: Variant, position: Position) -> bool {
    let with = StrategySet::first(position as usize + 1);
    !solves_at_root(puzzle, variant, with.without(position))
        && solves_at_root(puzzle, variant, with)
}

/// A quick test that most puzzles not needing the strategy at `position` fail, on one grid
/// that each stage's [`ladder`] takes on from where the last stopped: every rung below
/// `position` must leave the grid unfinished, and the rungs up to and including it must then
/// finish it. Most puzzles are finished by the singles, so the dearer strategies never run on
/// them; the puzzles that need guessing fail at the last stage, without [`needs`]'s two
/// reductions from scratch. [`needs`] decides on what passes. Turning a puzzle away here assumes
/// that the ladder's fixpoint, reached easiest rung first and going on from a grid some rungs
/// reduced, is what `reduce_puzzle` reaches from scratch (every strategy only removes candidates
/// no solution holds); were a puzzle turned away that [`needs`] would keep, the next try is made
/// instead.
fn may_need(puzzle: &Grid, variant: Variant, position: Position) -> bool {
    let topo = Topology::of(variant);
    let mut g = *puzzle;
    let position = position as usize;
    if !ladder(&mut g, topo, position) || g.is_complete() {
        return false;
    }
    // Where the rungs below stall, the rung itself must act, or the ladder with it stalls there.
    let stalled = g;
    let rung = StrategySet::NONE.with(position as Position);
    reduce_puzzle(
        &mut g,
        topo,
        rung,
        &mut NoTrace,
        At::default(),
        &mut StepCounts::default(),
    )
    .is_ok()
        && g != stalled
        && ladder(&mut g, topo, position + 1)
        && g.is_complete()
}

/// Reduces `g` with the rungs `0..upto` until none changes it, easiest first: the singles (the
/// first two rungs) to their fixpoint, then each next rung alone, back to the singles and the
/// first rung after them as soon as one changes the grid. A dear rung runs only where every
/// easier one is stuck (`reduce_puzzle`'s rounds run every rung of the set each round). False
/// on a contradiction.
fn ladder(g: &mut Grid, topo: &Topology, upto: usize) -> bool {
    let reduce = |set: StrategySet, g: &mut Grid| {
        reduce_puzzle(
            g,
            topo,
            set,
            &mut NoTrace,
            At::default(),
            &mut StepCounts::default(),
        )
        .is_ok()
    };
    let singles = StrategySet::first(2.min(upto));
    if !reduce(singles, g) {
        return false;
    }
    let mut k = 2;
    while k < upto && !g.is_complete() {
        let before = *g;
        if !reduce(StrategySet::NONE.with(k as Position), g) {
            return false;
        }
        if *g != before {
            if !reduce(singles, g) {
                return false;
            }
            k = 2;
        } else {
            k += 1;
        }
    }
    true
}

/// True when `reduce_puzzle` with `strategies` completes the grid without a contradiction.
pub fn solves_at_root(puzzle: &Grid, variant: Variant, strategies: StrategySet) -> bool {
    let mut g = *puzzle;
    let reduced = reduce_puzzle(
        &mut g,
        Topology::of(variant),
        strategies,
        &mut NoTrace,
        At::default(),
        &mut StepCounts::default(),
    );
    reduced.is_ok() && g.is_complete()
}

/// The grid of 81 digits (`0` for an empty box).
fn grid_of(digits: &[u8; 81]) -> Grid {
    let mut cells = [Digits::ALL; 81];
    for (c, &d) in cells.iter_mut().zip(digits) {
        if d != 0 {
            *c = Digits::single(d);
        }
    }
    Grid::from_cells(cells)
}

/// A random solved grid (digits 1..=9, A1..I9): depth-first search on the box with the fewest
/// candidates, the digits of each box tried in random order.
pub fn solved_grid(rng: &mut Rng, variant: Variant) -> [u8; 81] {
    let topo = Topology::of(variant);
    let mut cand = [0x1ffu16; 81];
    let mut out = [0u8; 81];
    // A grid with no box filled always has a solution, so the search cannot fail.
    let filled = fill(&mut cand, &mut out, topo, rng);
    debug_assert!(filled);
    out
}

/// Fills the unfilled boxes of `out` (candidates `cand`, `0` once filled); false at a dead end.
fn fill(cand: &mut [u16; 81], out: &mut [u8; 81], topo: &Topology, rng: &mut Rng) -> bool {
    let mut best = None;
    let mut fewest = 10;
    for i in 0..81 {
        if out[i] == 0 {
            let n = cand[i].count_ones();
            if n < fewest {
                fewest = n;
                best = Some(i);
                if n <= 1 {
                    break;
                }
            }
        }
    }
    let Some(i) = best else { return true };
    let mut digits = [0u8; 9];
    let mut n = 0;
    let mut bits = cand[i];
    while bits != 0 {
        digits[n] = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        n += 1;
    }
    rng.shuffle(&mut digits[..n]);
    for &d in &digits[..n] {
        let mut next = *cand;
        let bit = 1u16 << (d - 1);
        let mut dead = false;
        for p in topo.peers(Cell(i as u8)) {
            let p = p.index();
            next[p] &= !bit;
            dead |= out[p] == 0 && next[p] == 0;
        }
        if dead {
            continue;
        }
        out[i] = d;
        if fill(&mut next, out, topo, rng) {
            return true;
        }
        out[i] = 0;
    }
    false
}

/// The givens (`0` for an empty box) left of `solution` after removing, in random order, every
/// box (or, `symmetric`, every pair of boxes symmetric under a 180° rotation) whose removal
/// keeps the solution unique.
pub fn minimal_puzzle(
    solution: &[u8; 81],
    variant: Variant,
    symmetric: bool,
    rng: &mut Rng,
) -> [u8; 81] {
    let mut masks = [0u16; 81];
    for (m, &d) in masks.iter_mut().zip(solution) {
        *m = 1 << (d - 1);
    }
    // With symmetry, the first box of each pair (and E5) stands for the pair.
    let mut order = [0u8; 81];
    let n = if symmetric { 41 } else { 81 };
    for (i, o) in order.iter_mut().enumerate().take(n) {
        *o = i as u8;
    }
    rng.shuffle(&mut order[..n]);
    for &i in &order[..n] {
        let i = i as usize;
        let twin = 80 - i;
        let removable = if symmetric && twin != i {
            !other_solution(&masks, i, Some(twin), solution, variant)
        } else {
            !other_solution(&masks, i, None, solution, variant)
        };
        if removable {
            masks[i] = 0x1ff;
            if symmetric {
                masks[twin] = 0x1ff;
            }
        }
    }
    let mut givens = [0u8; 81];
    for i in 0..81 {
        if masks[i] != 0x1ff {
            givens[i] = solution[i];
        }
    }
    givens
}

/// True when the puzzle `masks` (givens one bit, the rest `0x1ff`) without the givens `a` and
/// `b` has a solution other than `solution`: one where `a` differs from the solution, or `a`
/// agrees and `b` differs.
fn other_solution(
    masks: &[u16; 81],
    a: usize,
    b: Option<usize>,
    solution: &[u8; 81],
    variant: Variant,
) -> bool {
    let mut m = *masks;
    if let Some(b) = b {
        m[b] = 0x1ff;
    }
    m[a] = 0x1ff;
    // Each box taken away still sees the eight other digits among the givens: none can differ.
    let topo = Topology::of(variant);
    if forced(&m, a, topo) && b.is_none_or(|b| forced(&m, b, topo)) {
        return false;
    }
    m[a] = 0x1ff & !(1 << (solution[a] - 1));
    if verdict_of_masks(&m, variant, 1, u64::MAX).solutions > 0 {
        return true;
    }
    match b {
        Some(b) => {
            m[a] = masks[a];
            m[b] = 0x1ff & !(1 << (solution[b] - 1));
            verdict_of_masks(&m, variant, 1, u64::MAX).solutions > 0
        }
        None => false,
    }
}

/// True when the givens of `masks` (the boxes of one digit) that box `i` sees hold eight
/// digits: `i` can only hold the ninth.
fn forced(masks: &[u16; 81], i: usize, topo: &Topology) -> bool {
    let mut seen = 0u16;
    for p in topo.peers(Cell(i as u8)) {
        let m = masks[p.index()];
        if m.is_power_of_two() {
            seen |= m;
        }
    }
    seen.count_ones() == 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rng_is_splitmix64() {
        // The first outputs of SplitMix64 seeded with 0, as its reference code prints them.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_below() {
        let mut r = Rng::new(7);
        for n in 1..100 {
            assert!(r.below(n) < n);
        }
    }

    #[test]
    fn solved_grids_are_solved() {
        for variant in [Variant::Standard, Variant::Diagonal] {
            let topo = Topology::of(variant);
            let mut rng = Rng::new(3);
            for _ in 0..20 {
                let g = grid_of(&solved_grid(&mut rng, variant));
                assert!(g.is_complete());
                assert_eq!(g.duplicate(topo), None);
            }
        }
    }
}
