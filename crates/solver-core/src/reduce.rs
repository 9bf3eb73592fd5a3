//! `reduce_puzzle`: apply the enabled strategies, in order, until nothing changes.

use crate::grid::Grid;
use crate::strategy::{self, At};
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink, StepCounts, Strategies};

/// Repeats rounds of the enabled strategies (eliminate, only choice, naked twins) until a round
/// changes nothing, or a contradiction (an empty box, a digit with no place in a unit) stops it.
/// A complete grid is then checked for a digit solved twice in a unit. Stops early, with `Ok`,
/// when the sink is full; the caller checks [`Sink::full`].
///
/// Never inlined into search's recursive `visit`: in wasm, V8 allocates registers per function,
/// and the strategies' loops spilled to the stack inside one function that also held the search
/// (the traced solve of top95 about 3% faster in V8 out of line; no change natively).
#[inline(never)]
pub fn reduce_puzzle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    strategies: Strategies,
    sink: &mut S,
    at: At,
    counts: &mut StepCounts,
) -> Result<(), Contradiction> {
    loop {
        // Steps are counted as they are made, so a pass cut short by a contradiction still
        // counts the steps it made (they are in the trace).
        let before = counts.eliminate + counts.only_choice + counts.naked_twins;
        if strategies.eliminate {
            strategy::eliminate(grid, topo, sink, at, &mut counts.eliminate)?;
        }
        if strategies.only_choice {
            strategy::only_choice(grid, topo, sink, at, &mut counts.only_choice)?;
        }
        if strategies.naked_twins {
            strategy::naked_twins(grid, topo, sink, at, &mut counts.naked_twins)?;
        }
        let changed = counts.eliminate + counts.only_choice + counts.naked_twins != before;
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
