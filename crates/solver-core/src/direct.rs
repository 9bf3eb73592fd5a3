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
use crate::topology::{Cell, Topology, Unit};
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
            let inside = at.of(a, digit);
            if !more_than_one(inside) {
                continue;
            }
            // The other houses holding every box of `inside`, in unit order.
            let mut holding = ones(inside).fold(u64::MAX, |m, c| m & topo.unit_bits(c));
            holding &= !(1u64 << a.0);
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

/// How many boxes `set` has, counted up to `cap` (`cap` for more), without `count_ones` (see
/// [`more_than_one`]).
#[inline]
fn count_to(mut set: u128, cap: u32) -> u32 {
    let mut k = 0;
    while set != 0 && k < cap {
        set &= set - 1;
        k += 1;
    }
    k
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
        if count_to(topo.boxes(u) & !at.placed, n + 1) <= n {
            continue;
        }
        // The digits that may take part: 2..=n places in the house, none of them placed. Each
        // digit's places counted up to four at once, a bit per digit at each count.
        let (mut at_1, mut at_2, mut at_3, mut at_4) = (0u16, 0, 0, 0);
        for &c in topo.unit(u) {
            let m = grid.get(c).bits();
            at_4 |= at_3 & m;
            at_3 |= at_2 & m;
            at_2 |= at_1 & m;
            at_1 |= m;
        }
        let beyond = if n >= 3 { at_4 } else { at_3 };
        let mut fit = at_2 & !beyond;
        if fit.count_ones() < n {
            continue;
        }
        // Less the digits placed in the house (a placed box holds its digit only).
        let mut rest = fit;
        while rest != 0 {
            let d = rest.trailing_zeros() as Digit + 1;
            rest &= rest - 1;
            if grid.places(d) & topo.boxes(u) & at.placed != 0 {
                fit &= !(1 << (d - 1));
            }
        }
        if fit.count_ones() < n {
            continue;
        }
        let mut places = [0u128; 9];
        for d in 1..=9 {
            places[d as usize - 1] = at.of(u, d);
        }
        let mut sets = [0u16; 84];
        let count = subsets(fit, n, &mut sets);
        for &set in &sets[..count] {
            let digits = Digits::from_bits(set);
            let union = digits.iter().fold(0u128, |m, d| m | places[d as usize - 1]);
            if count_to(union, n + 1) != n {
                continue;
            }
            let single = (1..=9).find(|&d| {
                let at = places[d as usize - 1];
                !digits.contains(d) && more_than_one(at) && one(at & !union)
            });
            let Some(single) = single else {
                continue;
            };
            let boxes: Vec<Cell> = in_unit_order(topo, u, union);
            let changes = ones(places[single as usize - 1] & union)
                .map(|c| (c, grid.get(c).without(Digits::single(single))))
                .collect();
            let evidence = Evidence::new(&[u], &boxes, digits);
            return Some(Found::new(p, evidence, changes));
        }
    }
    None
}
