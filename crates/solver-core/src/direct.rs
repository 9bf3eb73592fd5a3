//! Sudoku Explainer's *direct* techniques, which the rating walk takes before the naked single
//! (docs/ratings.md, "The direct techniques"): a pointing, claiming, hidden pair or hidden
//! triple whose removals leave a digit one place in a house at once. Sudoku Explainer rates them
//! below the technique itself (`DirectLockingHint`, `DirectHiddenSetHint` in SukakuExplainer):
//! direct pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, direct hidden triple 2.5.
//!
//! Sudoku Explainer's direct step places that hidden single and removes nothing else: the rest
//! of the technique's removals wait for the technique itself (a later pointing at 2.6 may make
//! them). So a direct step here is the strategy's step (its evidence: a pointing's square, line
//! and places; a hidden pair's house, boxes and digits) with only the removals the hidden single
//! needs (the digit leaves the boxes of the single's house that the technique clears); the
//! hidden single is the walk's next step.

use crate::digits::{Digit, Digits};
use crate::easiest::Found;
use crate::grid::Grid;
use crate::registry::position;
use crate::topology::{Cell, Topology, Unit, SIZE};
use crate::trace::{Evidence, Position};

/// A direct pointing (a square's digit confined to a line, leaving a hidden single in another
/// square of that line).
pub const DIRECT_POINTING: f32 = 1.7;
/// A direct claiming (a line's digit confined to a square, leaving a hidden single in another
/// line through that square).
pub const DIRECT_CLAIMING: f32 = 1.9;
/// A direct hidden pair (leaving a hidden single in its house).
pub const DIRECT_HIDDEN_PAIR: f32 = 2.0;
/// A direct hidden triple (leaving a hidden single in its house).
pub const DIRECT_HIDDEN_TRIPLE: f32 = 2.5;

/// The score of a direct step of the strategy `id` (`pointing`, `claiming`, `hidden_pairs`,
/// `hidden_triples`), `None` for any other strategy.
pub fn score(id: &str) -> Option<f32> {
    match id {
        "pointing" => Some(DIRECT_POINTING),
        "claiming" => Some(DIRECT_CLAIMING),
        "hidden_pairs" => Some(DIRECT_HIDDEN_PAIR),
        "hidden_triples" => Some(DIRECT_HIDDEN_TRIPLE),
        _ => None,
    }
}

/// Its name, `direct_` and the strategy's id.
pub fn id(id: &str) -> &'static str {
    match id {
        "pointing" => "direct_pointing",
        "claiming" => "direct_claiming",
        "hidden_pairs" => "direct_hidden_pairs",
        _ => "direct_hidden_triples",
    }
}

/// Its name in words.
pub fn label(id: &str) -> &'static str {
    match id {
        "pointing" => "Direct pointing",
        "claiming" => "Direct claiming",
        "hidden_pairs" => "Direct hidden pair",
        _ => "Direct hidden triple",
    }
}

/// The first direct step of the strategy `id` on `grid`, if any (`None` too for a strategy
/// without a direct form). `placed`: the boxes placed (given, or placed by a single taken),
/// whose digits have left their peers; a box left one candidate and not yet placed is still
/// one of its digit's places, as in Sudoku Explainer's grid.
pub fn find(id: &str, grid: &Grid, topo: &Topology, placed: u128) -> Option<Found> {
    let p = position(id)?;
    let at = Places { grid, topo, placed };
    match id {
        "pointing" => locked(p, &at, true),
        "claiming" => locked(p, &at, false),
        "hidden_pairs" => hidden(p, &at, 2),
        "hidden_triples" => hidden(p, &at, 3),
        _ => None,
    }
}

/// The grid, its topology and its placed boxes.
struct Places<'a> {
    grid: &'a Grid,
    topo: &'a Topology,
    placed: u128,
}

impl Places<'_> {
    /// The places of `digit` in `unit` (a box mask), none where a placed box of the unit is
    /// `digit`: a single is about a digit not yet placed.
    fn of(&self, unit: Unit, digit: Digit) -> u128 {
        let places = self.grid.places(digit) & self.topo.boxes(unit);
        if places & self.placed != 0 {
            0
        } else {
            places
        }
    }
}

/// The boxes of `mask`, A1..I9.
fn ones(mut mask: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = Cell(mask.trailing_zeros() as u8);
            mask &= mask - 1;
            c
        })
    })
}

/// The units in Sudoku Explainer's order of search: the houses that are not lines (squares,
/// regions), then the columns, the rows, and the other lines (diagonals).
fn squares_columns_rows(topo: &Topology) -> impl Iterator<Item = Unit> + '_ {
    let lines = |range: std::ops::Range<u8>| {
        topo.all_units()
            .filter(move |&u| topo.is_line(u) && range.contains(&u.0))
    };
    topo.all_units()
        .filter(|&u| !topo.is_line(u))
        .chain(lines(9..18))
        .chain(lines(0..9))
        .chain(lines(18..u8::MAX))
}

/// The boxes of `mask` in `unit`, in the unit's order (the order the strategies' evidence
/// lists them in).
fn in_unit_order(topo: &Topology, unit: Unit, mask: u128) -> Vec<Cell> {
    topo.unit(unit)
        .iter()
        .copied()
        .filter(|c| mask >> c.index() & 1 == 1)
        .collect()
}

/// Locked candidates from a square (`from_squares`) or a line `a` into another house `b`, as
/// `pointing::locked` finds them, that leave `digit` one place in a house `c` of `a`'s kind
/// (its removals there the step's changes)
/// crossing `b` (Sudoku Explainer's `Locking` in direct mode: another square along a pointing's
/// line, another row through a row's claiming square, another column through a column's).
fn locked(p: Position, at: &Places, from_squares: bool) -> Option<Found> {
    let (grid, topo) = (at.grid, at.topo);
    // The units of `a`'s kind: lines for a claiming, the others for a pointing.
    let all = topo.all_units().fold(0u64, |m, u| m | 1 << u.0);
    let kind = all
        & if from_squares {
            !topo.line_bits()
        } else {
            topo.line_bits()
        };
    for digit in 1..=9 as Digit {
        // The houses where the digit is placed hold no place of it (`Places::of`): skipped.
        let placed = ones(grid.places(digit) & at.placed).fold(0u64, |m, c| m | topo.unit_bits(c));
        let mut houses_a = kind & !placed;
        while houses_a != 0 {
            let a = Unit(houses_a.trailing_zeros() as u8);
            houses_a &= houses_a - 1;
            // `a` holds no placed box of the digit (skipped above): its places are `Places::of`'s.
            let inside = grid.places(digit) & topo.boxes(a);
            if !more_than_one(inside) {
                continue;
            }
            // The other houses holding every box of `inside`, in unit order: those holding its
            // first and last first (most often none, and the other boxes need no look).
            let first = Cell(inside.trailing_zeros() as u8);
            let last = Cell(127 - inside.leading_zeros() as u8);
            let mut holding = topo.unit_bits(first) & topo.unit_bits(last) & !(1u64 << a.0);
            if holding == 0 {
                continue;
            }
            holding = ones(inside).fold(holding, |m, c| m & topo.unit_bits(c));
            while holding != 0 {
                let b = Unit(holding.trailing_zeros() as u8);
                holding &= holding - 1;
                let removed = grid.places(digit) & topo.boxes(b) & !topo.boxes(a);
                if removed == 0 {
                    continue;
                }
                // `c` is a house of `a`'s kind: a square for a pointing, a line parallel to
                // `a` (no box in common) for a claiming. The first in unit order; only a
                // house holding a removed box can be left one place, so only those are tried.
                let mut houses = ones(removed).fold(0u64, |m, c| m | topo.unit_bits(c));
                houses &= kind & !placed & !(1u64 << a.0);
                let single = std::iter::from_fn(|| {
                    (houses != 0).then(|| {
                        let c = Unit(houses.trailing_zeros() as u8);
                        houses &= houses - 1;
                        c
                    })
                })
                .find(|&c| {
                    let places = at.of(c, digit);
                    topo.boxes(c) & topo.boxes(a) == 0
                        && more_than_one(places)
                        && one(places & !removed)
                });
                if let Some(c) = single {
                    let boxes: Vec<Cell> = in_unit_order(topo, a, inside);
                    let changes = ones(removed & topo.boxes(c))
                        .map(|c| (c, grid.get(c).without(Digits::single(digit))))
                        .collect();
                    let evidence = Evidence::new(&[a, b], &boxes, Digits::single(digit));
                    return Some(Found::new(p, evidence, changes));
                }
            }
        }
    }
    None
}

/// Whether a set of boxes has two or more (without counting them: `count_ones` is a sequence of
/// shifts and masks on a target without a population count instruction, x86-64's baseline).
#[inline]
fn more_than_one(set: u128) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Whether a set of boxes has exactly one.
#[inline]
fn one(set: u128) -> bool {
    set != 0 && !more_than_one(set)
}

/// The subsets of `n` digits (2 or 3) of `fit`, ascending as bit sets (by their highest digit,
/// then the next, then the lowest), into `out`; how many.
fn subsets(fit: u16, n: u32, out: &mut [u16; 84]) -> usize {
    let mut bits = [0u16; 9];
    let mut m = 0;
    let mut rest = fit;
    while rest != 0 {
        bits[m] = rest & rest.wrapping_neg();
        rest &= rest - 1;
        m += 1;
    }
    let mut count = 0;
    for k in 0..m {
        for j in 0..k {
            if n == 2 {
                out[count] = bits[k] | bits[j];
                count += 1;
                continue;
            }
            for i in 0..j {
                out[count] = bits[k] | bits[j] | bits[i];
                count += 1;
            }
        }
    }
    count
}

/// Hidden subsets of `n` digits in a house with more than `n` empty boxes, as `subsets::hidden`
/// finds them, whose removals leave another digit one place in that house (Sudoku Explainer's
/// `HiddenSet` in direct mode): that digit leaving the subset's boxes is the step's change.
/// `n` is 2 or 3.
fn hidden(p: Position, at: &Places, n: u32) -> Option<Found> {
    debug_assert!(n == 2 || n == 3);
    let (grid, topo) = (at.grid, at.topo);
    for u in squares_columns_rows(topo) {
        // Each open box's candidates (a placed box's digit goes to `placed`: no digit placed in
        // the house takes part, and a placed box holds no other); each digit's places among
        // the open boxes counted up to four at once, a bit per digit at each count.
        let cells = topo.unit(u);
        let halves = [at.placed as u64, (at.placed >> 64) as u64];
        let mut candidates = [0u16; SIZE];
        let (mut placed, mut open) = (0u16, 0u32);
        let (mut at_1, mut at_2, mut at_3, mut at_4) = (0u16, 0, 0, 0);
        for (i, &c) in cells.iter().enumerate() {
            let m = grid.get(c).bits();
            // Placed: tested on its half of `at.placed` (a shift of a u64, not of a u128).
            let i_box = c.index();
            if halves[i_box >> 6] >> (i_box & 63) & 1 == 1 {
                placed |= m;
                continue;
            }
            candidates[i] = m;
            open += 1;
            at_4 |= at_3 & m;
            at_3 |= at_2 & m;
            at_2 |= at_1 & m;
            at_1 |= m;
        }
        if open <= n {
            continue;
        }
        // The digits that may take part: 2..=n places in the house, none of them placed.
        let beyond = if n >= 3 { at_4 } else { at_3 };
        let fit = at_2 & !beyond & !placed;
        if fit.count_ones() < n {
            continue;
        }
        // Each taking part digit's places, bit `i` for the house's `i`th box.
        let mut places = [0u16; 9];
        for (i, &m) in candidates.iter().enumerate() {
            let mut rest = m & fit;
            while rest != 0 {
                places[rest.trailing_zeros() as usize] |= 1 << i;
                rest &= rest - 1;
            }
        }
        let mut sets = [0u16; 84];
        let count = subsets(fit, n, &mut sets);
        for &set in &sets[..count] {
            let mut within = 0u16;
            let mut rest = set;
            while rest != 0 {
                within |= places[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            if within.count_ones() != n {
                continue;
            }
            // The subset's boxes, the digits they hold, and each digit's places outside them
            // counted up to two.
            let (mut union, mut inside) = (0u128, 0u16);
            let (mut out_1, mut out_2) = (0u16, 0u16);
            for (i, &m) in candidates.iter().enumerate() {
                if within >> i & 1 == 1 {
                    union |= 1u128 << cells[i].index();
                    inside |= m;
                } else {
                    out_2 |= out_1 & m;
                    out_1 |= m;
                }
            }
            // Another digit, not placed, with places in the subset's boxes and one outside.
            let single = out_1 & !out_2 & inside & !set & !placed;
            if single == 0 {
                continue;
            }
            let single = single.trailing_zeros() as Digit + 1;
            let boxes: Vec<Cell> = in_unit_order(topo, u, union);
            let changes = ones(grid.places(single) & union)
                .map(|c| (c, grid.get(c).without(Digits::single(single))))
                .collect();
            let evidence = Evidence::new(&[u], &boxes, Digits::from_bits(set));
            return Some(Found::new(p, evidence, changes));
        }
    }
    None
}
