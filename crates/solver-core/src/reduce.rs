//! `reduce_puzzle`: apply the enabled strategies, in ladder order, round after round.

use crate::grid::Grid;
use crate::registry;
use crate::strategy::At;
use crate::topology::Topology;
use crate::trace::{Contradiction, NoTrace, Reason, Sink, StepCounts, StopRule, StrategySet};

/// Repeats rounds of the enabled strategies (in registry order) until a contradiction stops
/// it, or until the round rule says the grid has stalled:
/// - with only the course's strategies, the course's rule: a round that solves no new box
///   (`stalled = solved_values_before == solved_values_after`). A round of naked twins can
///   remove candidates without solving a box, and the course stops there;
/// - as soon as any strategy beyond the course's is on, a round that changes nothing (the full
///   fixpoint): techniques such as X-wing remove candidates without solving boxes, and would
///   otherwise end the round early.
///
/// A grid left unfinished by the rule (with at least one strategy on) ends with a
/// [`Reason::Stop`] step saying which rule stopped it, after how many rounds, and how many
/// candidates the last round removed.
///
/// A contradiction is a box left empty, or, with `no_place` on, a digit with no place in a
/// unit. A complete grid is then checked against every constraint ([`Grid::broken`]: a digit
/// solved twice in a unit, two boxes that see each other holding one digit, a cage missing its
/// sum). Stops early, with
/// `Ok`, when the sink is full; the caller checks [`Sink::full`]. Steps are counted in `counts`
/// as they are made.
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
    let rule = StopRule::of(strategies);
    let mut rounds = 0u32;
    loop {
        rounds += 1;
        let solved_before = grid.solved_count();
        let candidates_before = if S::ENABLED {
            grid.candidate_count()
        } else {
            0
        };
        let changed = registry::round(strategies, grid, topo, sink, at, counts)?;
        let stalled = match rule {
            StopRule::Course => grid.solved_count() == solved_before,
            StopRule::Fixpoint => !changed,
        };
        if sink.full() {
            break;
        }
        if stalled {
            if S::ENABLED && !grid.is_complete() && !strategies.is_empty() {
                let removed = candidates_before - grid.candidate_count();
                let pending =
                    rule == StopRule::Course && round_would_change(strategies, grid, topo);
                let reason = Reason::Stop {
                    rule,
                    rounds,
                    removed,
                    pending,
                };
                sink.step(at.node, at.depth, reason);
            }
            break;
        }
    }
    if grid.is_complete() {
        if let Some(contradiction) = grid.broken(topo) {
            return Err(contradiction);
        }
    }
    Ok(())
}

/// True when one more round of `strategies` would change `grid` (or find a contradiction):
/// what the course's rule leaves undone where it stops. Tried on a copy, untraced.
fn round_would_change(strategies: StrategySet, grid: &Grid, topo: &Topology) -> bool {
    let mut copy = *grid;
    let mut counts = StepCounts::default();
    registry::round(
        strategies,
        &mut copy,
        topo,
        &mut NoTrace,
        At::default(),
        &mut counts,
    )
    .map_or(true, |changed| changed)
}
