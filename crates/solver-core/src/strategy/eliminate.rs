//! `eliminate`: a solved box removes its digit from its peers.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct Eliminate;

impl Strategy for Eliminate {
    const ID: &'static str = "eliminate";
    const LABEL: &'static str = "Eliminate";
    const DESCRIPTION: &'static str = "A solved box's digit is removed from all its peers.";
    const CAPTION: &'static str =
        "{box1} is {digit}, so {digit} is removed from its peers {changed}";
    const COURSE: bool = true;
    /// Candidate bookkeeping, which Sudoku Explainer does with every placement and does not
    /// rate. Where the solved box was left one candidate by removals rather than given or
    /// placed, the step is a naked single, which the rating scores 2.3 (`crate::rating`).
    const RATING: f32 = 0.0;

    /// Every box solved at the start of the pass removes its digit from its peers (A1..I9
    /// order): every box it sees, through a house, a pairwise exclusion or a cage. One step per solved box that removed something. Evidence: the units of the
    /// solved box (row, column, square, then the diagonals it lies on), the box, its digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        // The boxes solved at the start of the pass, but for those whose digit their peers
        // already lack: they would remove nothing.
        let mut solved = grid.solved_boxes() & grid.not_eliminated();
        while solved != 0 {
            let source = Cell(solved.trailing_zeros() as u8);
            solved &= solved - 1;
            // Still solved: had a peer emptied it, the pass would have stopped there.
            let Some(digit) = grid.get(source).solved() else {
                continue;
            };
            let (changed, emptied) = clear_from_peers(grid, source, topo, digit, pass.sink());
            if changed {
                pass.step(Evidence::new(
                    topo.units_of(source),
                    &[source],
                    Digits::single(digit),
                ));
            }
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
            grid.mark_eliminated(source);
        }
        Ok(())
    }
}

/// Removes `digit`, the digit of the solved box `source`, from its peers that hold it (in
/// A1..I9 order); whether any did, and the first one it emptied. Out of line: with few values
/// live, the loop keeps them in registers in wasm (V8 spills them when it is inlined into the
/// pass).
#[inline(never)]
fn clear_from_peers<S: Sink>(
    grid: &mut Grid,
    source: Cell,
    topo: &Topology,
    digit: u8,
    sink: &mut S,
) -> (bool, Option<Cell>) {
    let mut holding = grid.places(digit) & topo.peer_boxes(source);
    let changed = holding != 0;
    let mut emptied = None;
    while holding != 0 {
        let peer = Cell(holding.trailing_zeros() as u8);
        holding &= holding - 1;
        let after = grid.get(peer).without(Digits::single(digit));
        grid.set_peer(peer, after, source, sink);
        if after.is_empty() && emptied.is_none() {
            emptied = Some(peer);
        }
    }
    (changed, emptied)
}
