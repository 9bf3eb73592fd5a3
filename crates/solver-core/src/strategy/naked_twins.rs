//! `naked_twins`: two boxes of a unit with the same two candidates take those two digits
//! from the rest of the unit.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct NakedTwins;

impl Strategy for NakedTwins {
    const ID: &'static str = "naked_twins";
    const LABEL: &'static str = "Naked twins";
    const DESCRIPTION: &'static str = "Two boxes of a unit with the same two candidates: those \
        digits leave the rest of the unit. With only the course's strategies, propagation stops \
        after a round that solves no new box, even one in which twins removed candidates.";
    const CAPTION: &'static str =
        "{boxes} in {unit1} both hold only {digits}, so {digits} are removed from {changed}";
    const COURSE: bool = true;

    /// The pass first finds every pair (units in the course's order, pairs in unit order),
    /// then applies them, so the result does not depend on the order in which units are
    /// visited. One step per unit and pair that removed something. Evidence: the unit, the two
    /// twins, their two candidates.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let mut twins: Vec<(Unit, Cell, Cell, Digits)> = Vec::new();
        let mut next = 0;
        // A unit left out had its twins, if any, applied, and nothing changed since.
        while let Some(unit) = grid.next_unsettled(pass.id(), next, topo.units.len()) {
            next = unit.0 + 1;
            // Changes from here on, by this unit's twins or any other's, unsettle it again.
            grid.settle(pass.id(), unit);
            let cells = topo.unit(unit);
            let digits = cells.map(|c| grid.get(c));
            // The unit's boxes with two candidates (bit `i` for its `i`-th box), found without a
            // branch per box; twins are two of them, taken in unit order.
            let mut pairs = 0u16;
            for (i, d) in digits.iter().enumerate() {
                pairs |= (d.is_pair() as u16) << i;
            }
            while pairs != 0 {
                let i = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let mut later = pairs;
                while later != 0 {
                    let j = later.trailing_zeros() as usize;
                    later &= later - 1;
                    if digits[j] == digits[i] {
                        twins.push((unit, cells[i], cells[j], digits[i]));
                    }
                }
            }
        }
        for (unit, a, b, digits) in twins {
            let mut changed = false;
            let mut emptied = None;
            for &c in topo.unit(unit) {
                if c == a || c == b {
                    continue;
                }
                let before = grid.get(c);
                let after = before.without(digits);
                if after != before {
                    grid.set(c, after, pass.sink());
                    changed = true;
                    if after.is_empty() && emptied.is_none() {
                        emptied = Some(c);
                    }
                }
            }
            if changed {
                pass.step(Evidence::new(&[unit], &[a, b], digits));
            }
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
        }
        Ok(())
    }
}
