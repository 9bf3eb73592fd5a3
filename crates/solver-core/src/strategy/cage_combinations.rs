//! `cage_combinations`: in a killer cage, only the digits of combinations that fit stay.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cage, Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct CageCombinations;

impl Strategy for CageCombinations {
    const ID: &'static str = "cage_combinations";
    const LABEL: &'static str = "Cage combinations";
    const DESCRIPTION: &'static str = "A killer cage holds different digits adding up to its sum: \
        the digits of no combination that fits its boxes leave it, and a digit every combination \
        needs that fits one box of the cage goes there.";
    const CAPTION: &'static str =
        "the combinations of different digits that add up to the sum of the cage {boxes} and fit it leave {changed} only {digits}";
    const COURSE: bool = false;
    /// Sudoku Explainer rates no killer technique; cage combinations are the first thing a
    /// killer solver looks at (SudokuWiki's "Killer combinations"), rated with the locked
    /// candidates it most resembles.
    const RATING: f32 = 2.8;

    /// Cages with a sum, in the puzzle's order. A combination fits the cage when it has as many
    /// digits as the cage has boxes, adds up to the sum, holds every digit solved in the cage,
    /// holds only digits some box of the cage still has, and leaves every box one of its
    /// digits. First the digits of no fitting combination leave every box of the cage (one step
    /// per cage; digits: those of the fitting combinations); then each digit every fitting
    /// combination holds, not yet solved in the cage, that fits only one box of it goes there
    /// (one step per digit; digits: that digit). Evidence: no unit; the cage's boxes; the digits.
    /// No fitting combination empties the cage's boxes (an `empty_box` contradiction).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        for cage in topo.cages() {
            let Some(sum) = cage.sum else { continue };
            let (allowed, needed, fixed) = fitting(grid, cage, sum);
            let mut changed = false;
            let mut emptied = None;
            for &c in &cage.cells {
                let before = grid.get(c);
                let after = Digits::from_bits(before.bits() & allowed);
                if after != before {
                    grid.set(c, after, pass.sink());
                    changed = true;
                    if after.is_empty() && emptied.is_none() {
                        emptied = Some(c);
                    }
                }
            }
            if changed {
                pass.step(Evidence::new(&[], &cage.cells, Digits::from_bits(allowed)));
            }
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
            let mut need = needed & !fixed;
            while need != 0 {
                let bit = need & need.wrapping_neg();
                need &= need - 1;
                let mut places = cage.cells.iter().filter(|&&c| grid.get(c).bits() & bit != 0);
                let (Some(&place), None) = (places.next(), places.next()) else {
                    continue;
                };
                if grid.get(place).bits() != bit {
                    grid.set(place, Digits::from_bits(bit), pass.sink());
                    pass.step(Evidence::new(&[], &cage.cells, Digits::from_bits(bit)));
                }
            }
        }
        Ok(())
    }
}

/// The digits of the combinations that fit `cage` (as the pass says), the digits they all hold,
/// and the digits solved in the cage (9-bit masks).
fn fitting(grid: &Grid, cage: &Cage, sum: u16) -> (u16, u16, u16) {
    let (mut union, mut fixed) = (0u16, 0u16);
    for &c in &cage.cells {
        let m = grid.get(c).bits();
        union |= m;
        if m != 0 && m & (m - 1) == 0 {
            fixed |= m;
        }
    }
    let n = cage.cells.len() as u32;
    let (mut allowed, mut needed) = (0u16, Digits::ALL.bits());
    for combo in 1u16..512 {
        if combo.count_ones() != n
            || combo & fixed != fixed
            || combo & !union != 0
            || digit_sum(combo) != sum
            || !cage.cells.iter().all(|&c: &Cell| grid.get(c).bits() & combo != 0)
        {
            continue;
        }
        allowed |= combo;
        needed &= combo;
    }
    if allowed == 0 {
        needed = 0;
    }
    (allowed, needed, fixed)
}

/// The sum of the digits of a 9-bit mask.
fn digit_sum(mask: u16) -> u16 {
    (0..9u16).filter(|b| mask >> b & 1 != 0).map(|b| b + 1).sum()
}
