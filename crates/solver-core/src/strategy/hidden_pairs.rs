//! `hidden_pairs`: two digits that fit only the same two boxes of a unit: those boxes hold
//! nothing else. Also the shared form of hidden subsets of any size.

use super::{Pass, Strategy};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct HiddenPairs;

impl Strategy for HiddenPairs {
    const ID: &'static str = "hidden_pairs";
    const LABEL: &'static str = "Hidden pairs";
    const DESCRIPTION: &'static str = "Two digits that fit only the same two boxes of a unit: \
        every other candidate leaves those two boxes.";
    const CAPTION: &'static str =
        "in {unit1}, {digits} fit only {boxes}, so every other candidate leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: hidden pair.
    const RATING: f32 = 3.4;

    /// See [`hidden_subsets`], with two digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        hidden_subsets(grid, topo, pass, 2);
        Ok(())
    }
}

/// Hidden subsets of `size` digits: units in the course's order; in each, the digits not yet
/// solved in it that fit two to `size` of its boxes; every `size` of them (in ascending order,
/// the first digit first) whose places together are exactly `size` boxes keep those boxes to
/// themselves: every other candidate leaves them. Each subset is checked against the grid as the
/// pass has left it. One step per unit and subset that removed something. Evidence: the unit,
/// the boxes (unit order), the digits. No box can be emptied: each keeps a digit of the subset.
pub(crate) fn hidden_subsets<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    size: usize,
) {
    for unit in topo.all_units() {
        let cells = topo.unit(unit);
        // Where each digit fits in the unit (bit i: the unit's i-th box).
        let places = |grid: &Grid, d: Digit| -> u16 {
            cells
                .iter()
                .enumerate()
                .fold(0, |m, (i, &c)| m | (grid.get(c).contains(d) as u16) << i)
        };
        let solved = cells
            .iter()
            .filter_map(|&c| grid.get(c).solved())
            .fold(Digits::NONE, |m, d| m.with(d));
        let digits: Vec<Digit> = (1..=9)
            .filter(|&d| !solved.contains(d))
            .filter(|&d| (2..=size as u32).contains(&places(grid, d).count_ones()))
            .collect();
        let mut pick = Vec::with_capacity(size);
        subsets(&digits, size, 0, &mut pick, &mut |subset: &[Digit]| {
            let within = subset.iter().fold(0u16, |m, &d| m | places(grid, d));
            let each = subset.iter().all(|&d| places(grid, d).count_ones() >= 2);
            if within.count_ones() as usize != size || !each {
                return;
            }
            let keep = subset.iter().fold(Digits::NONE, |m, &d| m.with(d));
            let mut boxes = [Cell(0); 9];
            let mut n = 0;
            let mut changed = false;
            for (i, &c) in cells.iter().enumerate() {
                if within >> i & 1 == 0 {
                    continue;
                }
                boxes[n] = c;
                n += 1;
                let before = grid.get(c);
                let after = Digits::from_bits(before.bits() & keep.bits());
                if after != before {
                    grid.set(c, after, pass.sink());
                    changed = true;
                }
            }
            if changed {
                pass.step(Evidence::new(&[unit], &boxes[..n], keep));
            }
        });
    }
}

/// Calls `each` with every `size`-subset of `from`, in lexicographic order.
fn subsets(
    from: &[Digit],
    size: usize,
    start: usize,
    pick: &mut Vec<Digit>,
    each: &mut impl FnMut(&[Digit]),
) {
    if pick.len() == size {
        each(pick);
        return;
    }
    for i in start..from.len() {
        pick.push(from[i]);
        subsets(from, size, i + 1, pick, each);
        pick.pop();
    }
}
