//! `cage_combinations`: a killer cage's sum allows only some combinations of different digits;
//! the digits of none of them leave the cage, and a digit all of them need goes to the one box
//! of the cage that can still hold it.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct CageCombinations;

impl Strategy for CageCombinations {
    const ID: &'static str = "cage_combinations";
    const LABEL: &'static str = "Cage combinations";
    const DESCRIPTION: &'static str = "A killer cage holds one of the combinations of different \
        digits that make its sum and fit its boxes' candidates: a digit of none of them leaves \
        the cage, and a digit all of them need that fits one box of the cage goes there.";
    const CAPTION: &'static str = "the combinations that make the sum of the cage {boxes} and \
        fit its candidates use only {digits}, so {changed} keep only what they allow";
    const COURSE: bool = false;
    /// Sudoku Explainer has no killer rules. Scored as locked candidates in a line (claiming,
    /// 2.8): the step confines digits to a group of boxes by one house-like rule, the cage, and
    /// the combinations of a sum are the killer solver's first table (docs/ratings.md).
    const RATING: f32 = 2.8;

    /// Every cage with a sum, in the puzzle's order. Its combinations: the sets of as many
    /// different digits as it has boxes, summing to its sum, that can be placed one a box with
    /// each box holding its digit as a candidate. A digit in none of them leaves every box of
    /// the cage (one step); then each digit in all of them that is a candidate of exactly one
    /// box of the cage, not yet solved, goes there (one step for the cage). No combination at
    /// all empties the cage's first box. Evidence: the cage's boxes, the digits of its
    /// combinations.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        for cage in topo.cages() {
            let Some(sum) = cage.sum else { continue };
            let cells = &cage.cells;
            let (union, needed) = combinations(grid, cells, sum);
            let mut changed = false;
            let mut emptied = None;
            for &c in cells {
                let had = grid.get(c);
                let kept = Digits::from_bits(had.bits() & union.bits());
                if kept != had {
                    grid.set(c, kept, pass.sink());
                    changed = true;
                    if kept.is_empty() && emptied.is_none() {
                        emptied = Some(c);
                    }
                }
            }
            if changed {
                pass.step(Evidence::new(&[], cells, union));
            }
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
            let mut placed = false;
            for d in needed.iter() {
                let mut holders = cells.iter().filter(|&&c| grid.get(c).contains(d));
                if let (Some(&only), None) = (holders.next(), holders.next()) {
                    if grid.get(only).solved().is_none() {
                        grid.set(only, Digits::single(d), pass.sink());
                        placed = true;
                    }
                }
            }
            if placed {
                pass.step(Evidence::new(&[], cells, union));
            }
        }
        Ok(())
    }
}

/// The digits of the cage's combinations (`cells` summing to `sum`, each box one digit of its
/// candidates, all different), together and those every combination has.
fn combinations(grid: &Grid, cells: &[Cell], sum: u16) -> (Digits, Digits) {
    let cands: Vec<u16> = cells.iter().map(|&c| grid.get(c).bits()).collect();
    let all = cands.iter().fold(0u16, |m, &c| m | c);
    let (mut union, mut needed) = (0u16, 0x1ffu16);
    for set in 1u16..0x200 {
        if set & !all != 0 || set.count_ones() as usize != cells.len() {
            continue;
        }
        let total: u16 = (0..9).filter(|d| set >> d & 1 != 0).map(|d| d + 1).sum();
        if total == sum && fits(&cands, set) {
            union |= set;
            needed &= set;
        }
    }
    if union == 0 {
        needed = 0;
    }
    (Digits::from_bits(union), Digits::from_bits(needed))
}

/// Whether the digits of `set` can be placed one a box, each box holding its digit among its
/// candidates `cands` (as many boxes as digits).
fn fits(cands: &[u16], set: u16) -> bool {
    match cands.split_first() {
        None => set == 0,
        Some((&first, rest)) => {
            let mut options = first & set;
            while options != 0 {
                let d = options & options.wrapping_neg();
                options &= options - 1;
                if fits(rest, set & !d) {
                    return true;
                }
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_fit_the_candidates() {
        // Two boxes summing to 15: {6,9} and {7,8}; with 9 gone from both, {7,8} only.
        let mut grid = Grid::from_cells([Digits::ALL; 81]);
        let cells = [Cell(3), Cell(4)];
        let (union, needed) = combinations(&grid, &cells, 15);
        assert_eq!(union.to_string(), "6789");
        assert_eq!(needed, Digits::NONE);
        let no9 = Digits::from_bits(0xff);
        grid.set(Cell(3), no9, &mut crate::trace::NoTrace);
        grid.set(Cell(4), no9, &mut crate::trace::NoTrace);
        let (union, needed) = combinations(&grid, &cells, 15);
        assert_eq!(
            (union.to_string(), needed.to_string()),
            ("78".into(), "78".into())
        );
        // Three boxes summing to 7: {1,2,4} only.
        let (union, needed) = combinations(&grid, &[Cell(0), Cell(1), Cell(2)], 7);
        assert_eq!(
            (union.to_string(), needed.to_string()),
            ("124".into(), "124".into())
        );
    }
}
