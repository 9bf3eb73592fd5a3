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
        "{boxes} in {unit1} hold only {digits} between them, so {digits} leave {changed}";
    const COURSE: bool = true;
    /// Sudoku Explainer: naked pair.
    const RATING: f32 = 3.0;

    /// The pass first finds every pair (units in the course's order, pairs in unit order),
    /// then applies them, so the result does not depend on the order in which units are
    /// visited. One step per unit and pair that removed something. Evidence: the unit, the two
    /// twins, their two candidates.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let mut twins = Found::new();
        let mut next = 0;
        // A unit where no box became a pair since the last look holds only twins found then,
        // whose digits already left the rest of the unit: skipped.
        while let Some(unit) = grid.next_new_pairs(next, topo.units.len()) {
            next = unit.0 + 1;
            grid.pairs_seen(unit);
            // The unit's boxes with two candidates, in unit order (every unit lists its boxes in
            // A1..I9 order); twins are two of them.
            let mut pairs = grid.pairs() & topo.boxes(unit);
            while pairs != 0 {
                let a = Cell(pairs.trailing_zeros() as u8);
                pairs &= pairs - 1;
                let digits = grid.get(a);
                let mut later = pairs;
                while later != 0 {
                    let b = Cell(later.trailing_zeros() as u8);
                    later &= later - 1;
                    if grid.get(b) == digits {
                        twins.push((unit, a, b, digits));
                    }
                }
            }
        }
        let twins = twins.as_slice();
        for (k, &(unit, a, b, digits)) in twins.iter().enumerate() {
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
                // The twins not applied yet are looked at again by the next pass, if any.
                for &(later, ..) in &twins[k + 1..] {
                    grid.pairs_unseen(later);
                }
                return Err(Contradiction::EmptyBox { cell });
            }
        }
        Ok(())
    }
}

/// The twins a pass finds, in order: on the stack, unless a pass finds more than a few dozen
/// (up to 36 a unit, when nine boxes hold the same two digits).
struct Found {
    inline: [(Unit, Cell, Cell, Digits); INLINE],
    len: usize,
    more: Vec<(Unit, Cell, Cell, Digits)>,
}

const INLINE: usize = 16;

impl Found {
    fn new() -> Found {
        Found {
            inline: [(Unit(0), Cell(0), Cell(0), Digits::NONE); INLINE],
            len: 0,
            more: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, twin: (Unit, Cell, Cell, Digits)) {
        if self.len < INLINE {
            self.inline[self.len] = twin;
            self.len += 1;
        } else {
            if self.more.is_empty() {
                self.more.extend_from_slice(&self.inline);
            }
            self.more.push(twin);
        }
    }

    fn as_slice(&self) -> &[(Unit, Cell, Cell, Digits)] {
        if self.more.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.more
        }
    }
}
