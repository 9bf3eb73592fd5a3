//! `x_cycles`: one digit's alternating chains with groups, and its continuous loops. A node is
//! one of the digit's places, or a group: its places in one line inside one square, true when
//! one of them holds the digit. Strong links join the only places of the digit in a unit
//! (either side may be a group), weak links two places every box of which sees every box of
//! the other. An open chain, strong first and last, makes one of its ends the digit, which
//! leaves every box seeing both; a loop (its last node weakly linked back to its first) makes
//! exactly one node of each weak link the digit, which leaves every box seeing both.

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct XCycles;

impl Strategy for XCycles {
    const ID: &'static str = "x_cycles";
    const LABEL: &'static str = "X-cycle";
    const DESCRIPTION: &'static str = "A chain of one digit's places, or groups of them in a line inside a square, alternately the only places in a unit and places that see each other: open, one of its ends holds the digit; closed into a loop, exactly one of each pair that see each other does, and the digit leaves every box seeing both.";
    const CAPTION: &'static str = "{chain}: each weak link of the loop, or the chain's two ends, holds {digit} once, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: X-Chain and X-Cycle, 6.6 for an open chain and 6.5 for a loop, plus
    /// its length's tenths (`chains::chain_score`); the base here is the open chain's.
    const RATING: f32 = 6.6;

    /// `chains::search` with one digit's links and groups, open chains and loops (4 to 16
    /// nodes). Evidence: no units; the chain's first and last nodes' first boxes; the digit;
    /// the chain.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        chains::search(grid, topo, pass, Walk::XCycle)
    }
}
