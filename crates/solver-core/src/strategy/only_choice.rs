//! `only_choice`: a digit that fits only one box of a unit goes there.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Evidence, Sink};

pub struct OnlyChoice;

impl Strategy for OnlyChoice {
    const ID: &'static str = "only_choice";
    const LABEL: &'static str = "Only choice";
    const DESCRIPTION: &'static str = "A digit that fits only one box of a unit is placed in that \
        box; a digit that fits no box is passed over, as in the course (the no place rung stops there).";
    const CAPTION: &'static str = "{digit} fits only {box1} in {unit1}, so {box1} is {digit}";
    const COURSE: bool = true;

    /// For every unit (rows, columns, squares, diagonals) and every digit 1..9, a digit that
    /// fits exactly one box of the unit goes there. The pass sees its own changes as it goes, as
    /// the course's loop does. A digit that fits no box is passed over, as the course's loop
    /// does: that contradiction is the `no_place` rung's. Evidence: the unit, the box, the digit.
    ///
    /// Each unit is scanned with two masks: the digits that fit at least one box (`once`) and at
    /// least two (`twice`). The first digit, in ascending order, that fits exactly one box (not
    /// yet solved as it) is placed; the masks are then taken again and the scan goes on from the
    /// next digit, exactly where the course's digit loop would be.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let mut next = 0;
        // A unit unchanged since a scan that found nothing has nothing to find now: skipped.
        while let Some(unit) = grid.next_unsettled(pass.id(), next, topo.units.len()) {
            next = unit.0 + 1;
            let cells = topo.unit(unit);
            let mut placed = false;
            let mut from = 1u8; // the next digit the course's loop would look at
            'rescan: while from <= 9 {
                let (mut once, mut twice, mut solved) = (0u16, 0u16, 0u16);
                for &c in cells {
                    let m = grid.get(c).bits();
                    twice |= once & m;
                    once |= m;
                    if m & m.wrapping_sub(1) == 0 {
                        solved |= m; // a solved box is its digit's only place already
                    }
                }
                let not_yet = Digits::ALL.bits() & !((1u16 << (from - 1)) - 1);
                let todo = once & !twice & !solved & not_yet;
                if todo != 0 {
                    let digit = todo.trailing_zeros() as u8 + 1;
                    let place = *cells
                        .iter()
                        .find(|&&c| grid.get(c).contains(digit))
                        .expect("a digit with one place has a box");
                    grid.set(place, Digits::single(digit), pass.sink());
                    pass.step(Evidence::new(&[unit], &[place], Digits::single(digit)));
                    from = digit + 1;
                    placed = true;
                    continue 'rescan;
                }
                break;
            }
            if !placed {
                // A placement can make an earlier digit an only choice, for the next pass to see.
                grid.settle(pass.id(), unit);
            }
        }
        Ok(())
    }
}
