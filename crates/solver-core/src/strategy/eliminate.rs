use super::At;
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Reason, Sink};

/// One pass of `eliminate`: every box solved at the start of the pass removes its digit from
/// its peers (A1..I9 order). One step per solved box that removed something, counted in `steps`
/// as it is made (so a pass that ends in a contradiction counts the steps it made before).
pub fn eliminate<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    sink: &mut S,
    at: At,
    steps: &mut u64,
) -> Result<(), Contradiction> {
    grid.prepare_eliminated(topo.variant);
    // The boxes solved at the start of the pass, but for those whose digit their peers already
    // lack: they would remove nothing.
    let mut solved = grid.solved_boxes() & grid.not_eliminated();
    while solved != 0 {
        let source = Cell(solved.trailing_zeros() as u8);
        solved &= solved - 1;
        // Still solved: had a peer emptied it, the pass would have stopped there.
        let Some(digit) = grid.get(source).solved() else {
            continue;
        };
        let (changed, emptied) = clear_from_peers(grid, topo.peers(source), digit, sink);
        if changed {
            *steps += 1;
            sink.step(at.node, at.depth, Reason::Eliminate { source, digit });
        }
        if let Some(cell) = emptied {
            return Err(Contradiction::EmptyBox { cell });
        }
        grid.mark_eliminated(source);
    }
    Ok(())
}

/// Removes `digit` from `peers`; whether any held it, and the first one it emptied. Out of
/// line: with few values live, the loop keeps them in registers in wasm (V8 spilled them when
/// it was inlined into the pass).
#[inline(never)]
fn clear_from_peers<S: Sink>(
    grid: &mut Grid,
    peers: &[Cell],
    digit: u8,
    sink: &mut S,
) -> (bool, Option<Cell>) {
    let mut changed = false;
    let mut emptied = None;
    for &peer in peers {
        let before = grid.get(peer);
        if before.contains(digit) {
            let after = before.without(Digits::single(digit));
            grid.set(peer, after, sink);
            changed = true;
            if after.is_empty() && emptied.is_none() {
                emptied = Some(peer);
            }
        }
    }
    (changed, emptied)
}
