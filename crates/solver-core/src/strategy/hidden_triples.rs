//! `hidden_triples`: three digits that fit in only the same three boxes of a unit must fill
//! those boxes, so every other candidate leaves them.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct HiddenTriples;

impl Strategy for HiddenTriples {
    const ID: &'static str = "hidden_triples";
    const LABEL: &'static str = "Hidden triples";
    const DESCRIPTION: &'static str =
        "Three digits that fit in only the same three boxes of a unit: every other candidate leaves those boxes.";
    const CAPTION: &'static str =
        "in {unit1}, {digits} fit only in {boxes}, so the other digits leave {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: hidden triplet.
    const RATING: f32 = 4.0;

    /// [`hidden_subsets`] of three digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        hidden_subsets::<S, 3>(grid, topo, pass)
    }
}

/// Hidden subsets of `N` digits: in a unit, `N` digits that fit in only `N` boxes between them
/// fill those boxes, so the boxes lose every other candidate.
///
/// Units in the course's order (rows, columns, squares, then the diagonals); in each, the sets
/// of `N` digits in colexicographic order. A digit takes part only where it fits 2..`N` boxes
/// of the unit and is not solved there (one box is an only choice, for the lower rungs), and a
/// set that holds a smaller hidden subset (k of its digits in k boxes) is left to that subset's
/// rung. Each subset's changes are made when it is found, and the unit read again after it. One
/// step per subset that removed something. Evidence: the unit; the `N` boxes (in unit order);
/// the `N` digits.
pub(super) fn hidden_subsets<S: Sink, const N: usize>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
) -> Result<(), Contradiction> {
    for unit in topo.all_units() {
        let cells = topo.unit(unit);
        // `places[d]`: where digit d + 1 fits in the unit (bit `i` for its `i`-th box), and
        // the digits solved in the unit.
        let read = |grid: &Grid| -> ([u16; 9], u16) {
            let mut places = [0u16; 9];
            let mut solved = 0u16;
            for (i, &c) in cells.iter().enumerate() {
                let m = grid.get(c).bits();
                if m.count_ones() == 1 {
                    solved |= m;
                }
                for (d, p) in places.iter_mut().enumerate() {
                    *p |= (m >> d & 1) << i;
                }
            }
            (places, solved)
        };
        let (mut places, mut solved) = read(grid);
        for set in 0u16..512 {
            if set.count_ones() as usize != N || set & solved != 0 {
                continue;
            }
            let mut union = 0u16;
            let mut ok = true;
            for d in ones(set) {
                let n = places[d].count_ones() as usize;
                ok &= (2..=N).contains(&n);
                union |= places[d];
            }
            if !ok || union.count_ones() as usize != N || holds_smaller(&places, set) {
                continue;
            }
            let digits = Digits::from_bits(set);
            let mut changed = false;
            for i in ones(union) {
                let before = grid.get(cells[i]);
                let after = Digits::from_bits(before.bits() & set);
                if after != before {
                    grid.set(cells[i], after, pass.sink());
                    changed = true;
                }
            }
            if !changed {
                continue;
            }
            let mut boxes = [Cell(0); N];
            for (k, i) in ones(union).enumerate() {
                boxes[k] = cells[i];
            }
            pass.step(Evidence::new(&[unit], &boxes, digits));
            (places, solved) = read(grid);
        }
    }
    Ok(())
}

/// Whether some k of the digits of `set` (2 <= k < its size) fit in only k boxes between them.
fn holds_smaller(places: &[u16; 9], set: u16) -> bool {
    let mut sub = (set - 1) & set;
    while sub != 0 {
        let k = sub.count_ones();
        if k >= 2 && ones(sub).fold(0u16, |m, d| m | places[d]).count_ones() <= k {
            return true;
        }
        sub = (sub - 1) & set;
    }
    false
}

/// The set bits of a 9-bit mask, ascending.
fn ones(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
