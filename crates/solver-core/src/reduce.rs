//! `reduce_puzzle`: apply the enabled strategies, in order, until nothing changes.

use crate::grid::Grid;
use crate::strategy::{self, At};
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink, StepCounts, Strategies};

/// Repeats rounds of the enabled strategies (eliminate, only choice, naked twins) until a round
/// changes nothing, or a contradiction (an empty box, a digit with no place in a unit) stops it.
/// A complete grid is then checked for a digit solved twice in a unit. Stops early, with `Ok`,
/// when the sink is full; the caller checks [`Sink::full`].
pub fn reduce_puzzle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    strategies: Strategies,
    sink: &mut S,
    at: At,
    counts: &mut StepCounts,
) -> Result<(), Contradiction> {
    loop {
        let mut changed = false;
        if strategies.eliminate {
            let n = strategy::eliminate(grid, topo, sink, at)?;
            counts.eliminate += n;
            changed |= n > 0;
        }
        if strategies.only_choice {
            let n = strategy::only_choice(grid, topo, sink, at)?;
            counts.only_choice += n;
            changed |= n > 0;
        }
        if strategies.naked_twins {
            let n = strategy::naked_twins(grid, topo, sink, at)?;
            counts.naked_twins += n;
            changed |= n > 0;
        }
        if !changed || sink.full() {
            break;
        }
    }
    if grid.is_complete() {
        if let Some((unit, digit, a, b)) = grid.duplicate(topo) {
            return Err(Contradiction::Duplicate {
                unit,
                digit,
                boxes: [a, b],
            });
        }
    }
    Ok(())
}
