//! `no_place`: a digit that fits no box of a unit is a contradiction.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct NoPlace;

impl Strategy for NoPlace {
    const ID: &'static str = "no_place";
    const LABEL: &'static str = "No place";
    const DESCRIPTION: &'static str = "A digit that fits no box of a unit ends the branch at once \
        (the contradiction form of only choice; the course's code notices only a box left empty).";
    const CAPTION: &'static str = "{digit} fits no box of {unit1}";
    const COURSE: bool = false;
    /// The contradiction form of only choice (a hidden single with no place), so its rating:
    /// it makes no step, and rates no puzzle with a solution.
    const RATING: f32 = 1.2;
    const NO_STEP: bool = true;

    /// For every unit, in the course's order, the first digit (ascending) that no box of the unit
    /// can hold is a contradiction. It changes no box and makes no step: the course's
    /// `only_choice` passes over such a digit, and the branch goes on until a box is left empty.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let mut next = 0;
        // A unit unchanged since it last held every digit still holds every digit.
        while let Some(unit) = grid.next_unsettled(pass.position(), next, topo.units.len()) {
            next = unit.0 + 1;
            let once = topo
                .unit(unit)
                .iter()
                .fold(0u16, |m, &c| m | grid.get(c).bits());
            let missing = Digits::ALL.bits() & !once;
            if missing != 0 {
                let digit = missing.trailing_zeros() as u8 + 1;
                return Err(Contradiction::NoPlace { unit, digit });
            }
            grid.settle(pass.position(), unit);
        }
        Ok(())
    }
}
