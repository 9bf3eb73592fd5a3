//! `reduce_puzzle`: apply the enabled strategies, in ladder order, until nothing changes.

use crate::grid::Grid;
use crate::registry;
use crate::strategy::At;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink, StepCounts, StrategySet};

/// Repeats rounds of the enabled strategies (in registry order) until a round changes nothing,
/// or a contradiction (an empty box, a digit with no place in a unit) stops it. A complete grid
/// is then checked for a digit solved twice in a unit. Stops early, with `Ok`, when the sink is
/// full; the caller checks [`Sink::full`]. Steps are counted in `counts` as they are made.
///
/// Never inlined into search's recursive `visit`: in wasm, V8 allocates registers per function,
/// and the strategies' loops spill to the stack inside one function that also holds the search.
#[inline(never)]
pub fn reduce_puzzle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    strategies: StrategySet,
    sink: &mut S,
    at: At,
    counts: &mut StepCounts,
) -> Result<(), Contradiction> {
    loop {
        let changed = registry::round(strategies, grid, topo, sink, at, counts)?;
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
