//! `only_choice`: a digit that fits only one box of a unit goes there.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct OnlyChoice;

impl Strategy for OnlyChoice {
    const ID: &'static str = "only_choice";
    const LABEL: &'static str = "Only choice";
    const DESCRIPTION: &'static str = "A digit that fits only one box of a unit is placed in that \
        box; a digit that fits no box is passed over, as in the course (the no place rung stops there).";
    const CAPTION: &'static str = "in {unit1}, {digit} fits only in {box1}, so {box1} is {digit}";
    const COURSE: bool = true;
    /// Sudoku Explainer: hidden single, 1.2 in a square (its easiest form); the rating scores a
    /// step by its unit (`crate::rating`: 1.5 in a row, column or diagonal, 1.0 a unit's last box).
    const RATING: f32 = 1.2;

    /// For every unit (rows, columns, squares, diagonals) and every digit 1..9, a digit that
    /// fits exactly one box of the unit goes there. The pass sees its own changes as it goes, as
    /// the course's loop does. A digit that fits no box is passed over, as the course's loop
    /// does: that contradiction is the `no_place` rung's. Evidence: the unit, the box, the digit.
    ///
    /// In each unit, the first digit, in ascending order, that fits exactly one box (not yet
    /// solved as it) is placed, and the scan goes on from the next digit, exactly where the
    /// course's digit loop would be. A digit's places in a unit are one mask (`Grid::places_in`),
    /// and only the digits that lost a place there since the unit last had nothing to give are
    /// looked at (`Grid::moved`): the others had no only choice then and have none now.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let mut next = 0;
        // A unit unchanged since a scan that found nothing has nothing to find now: skipped.
        while let Some(unit) = grid.next_unsettled(pass.position(), next, topo.units.len()) {
            next = unit.0 + 1;
            let mut placed = false;
            // Only a digit that lost a place in the unit since it was last settled can have
            // become an only choice there; they are looked at in ascending order, each for one
            // place, not yet solved as it.
            let mut todo = grid.moved(unit);
            while todo != 0 {
                let digit = todo.trailing_zeros() as u8 + 1;
                todo &= todo - 1;
                let places = grid.places(digit) & topo.boxes(unit);
                if places & places.wrapping_sub(1) != 0 || places == 0 {
                    continue;
                }
                let place = Cell(places.trailing_zeros() as u8);
                if grid.get(place).solved().is_some() {
                    continue; // a solved box is its digit's only place already
                }
                grid.set(place, Digits::single(digit), pass.sink());
                pass.step(Evidence::new(&[unit], &[place], Digits::single(digit)));
                placed = true;
                // The placement moved other digits out of `place`: go on from the next digit,
                // where the course's digit loop would be, with those that moved since.
                todo = grid.moved(unit) & !((2u16 << (digit - 1)) - 1);
            }
            if !placed {
                // A placement can make an earlier digit an only choice, for the next pass to see.
                grid.settle(pass.position(), unit);
                grid.settle_moved(unit);
            }
        }
        Ok(())
    }
}
