use super::At;
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Reason, Sink};

/// One pass of `only_choice`: for every unit (rows, columns, squares, diagonals) and every digit
/// 1..9, a digit that fits exactly one box of the unit goes there. The pass sees its own changes
/// as it goes, as the course's loop does. A digit that fits nowhere is a contradiction.
pub fn only_choice<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    sink: &mut S,
    at: At,
) -> Result<u64, Contradiction> {
    let mut steps = 0;
    for unit in topo.all_units() {
        let cells = topo.unit(unit);
        for digit in 1..=9 {
            let mut places = 0;
            let mut place = cells[0];
            for &c in cells {
                if grid.get(c).contains(digit) {
                    places += 1;
                    place = c;
                }
            }
            if places == 0 {
                return Err(Contradiction::NoPlace { unit, digit });
            }
            if places == 1 && grid.get(place) != Digits::single(digit) {
                grid.set(place, Digits::single(digit), sink);
                steps += 1;
                sink.step(
                    at.node,
                    at.depth,
                    Reason::OnlyChoice {
                        unit,
                        cell: place,
                        digit,
                    },
                );
            }
        }
    }
    Ok(steps)
}
