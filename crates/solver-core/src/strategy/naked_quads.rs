//! `naked_quads`: four boxes of a unit holding only four digits between them take those digits,
//! so the four digits leave the rest of the unit. Also the search for naked subsets of any size,
//! which `naked_triples` uses with three boxes.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct NakedQuads;

impl Strategy for NakedQuads {
    const ID: &'static str = "naked_quads";
    const LABEL: &'static str = "Naked quads";
    const DESCRIPTION: &'static str =
        "Four boxes of a unit holding only four digits between them: those digits leave the rest of the unit.";
    const CAPTION: &'static str =
        "{boxes} in {unit1} hold only {digits} between them, so {digits} leave {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: naked quad.
    const RATING: f32 = 5.0;

    /// [`naked_subsets`] of four boxes.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        naked_subsets::<S, 4>(grid, topo, pass)
    }
}

/// Naked subsets of `N` boxes: in a unit, `N` unsolved boxes whose candidates are `N` digits
/// between them hold those digits, which leave the unit's other boxes.
///
/// Units in the course's order (rows, columns, squares, then the diagonals); in each, the sets
/// of `N` boxes in colexicographic order of their places in the unit. A box takes part only with
/// 2..`N` candidates, and a set that holds a smaller naked subset (k of its boxes with k digits)
/// is left to that subset's rung. Each subset's changes are made when it is found, and the unit
/// read again after it. One step per subset that removed something. Evidence: the unit; the `N`
/// boxes (in unit order); their digits.
pub(super) fn naked_subsets<S: Sink, const N: usize>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
) -> Result<(), Contradiction> {
    for unit in topo.all_units() {
        let cells = topo.unit(unit);
        let read = |grid: &Grid| -> [u16; 9] { cells.map(|c| grid.get(c).bits()) };
        let mut cands = read(grid);
        for set in 0u16..512 {
            if set.count_ones() as usize != N {
                continue;
            }
            let mut union = 0u16;
            let mut ok = true;
            for i in ones(set) {
                let n = cands[i].count_ones() as usize;
                ok &= (2..=N).contains(&n);
                union |= cands[i];
            }
            if !ok || union.count_ones() as usize != N || holds_smaller(&cands, set) {
                continue;
            }
            let digits = Digits::from_bits(union);
            let mut changed = false;
            let mut emptied = None;
            for i in ones(0x1ff & !set) {
                let before = grid.get(cells[i]);
                let after = before.without(digits);
                if after != before {
                    grid.set(cells[i], after, pass.sink());
                    changed = true;
                    if after.is_empty() && emptied.is_none() {
                        emptied = Some(cells[i]);
                    }
                }
            }
            if !changed {
                continue;
            }
            let mut boxes = [Cell(0); N];
            for (k, i) in ones(set).enumerate() {
                boxes[k] = cells[i];
            }
            pass.step(Evidence::new(&[unit], &boxes, digits));
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
            cands = read(grid);
        }
    }
    Ok(())
}

/// Whether some k of the boxes of `set` (2 <= k < its size) hold only k digits between them.
fn holds_smaller(cands: &[u16; 9], set: u16) -> bool {
    let mut sub = (set - 1) & set;
    while sub != 0 {
        let k = sub.count_ones();
        if k >= 2 && ones(sub).fold(0u16, |m, i| m | cands[i]).count_ones() <= k {
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
