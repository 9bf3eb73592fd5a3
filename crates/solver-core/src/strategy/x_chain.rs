//! `x_chain`: one digit's alternating chain. Its strong links join the only two places of the
//! digit in a unit, its weak links two places that see each other; strong first and last, so
//! one of the two ends holds the digit, which leaves every box seeing both. Four nodes is the
//! shortest (skyscrapers, two-string kites and turbot fish are X-chains of four).

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct XChain;

impl Strategy for XChain {
    const ID: &'static str = "x_chain";
    const LABEL: &'static str = "X-chain";
    const DESCRIPTION: &'static str = "A chain of one digit's places, alternately the only two places in a unit and two places that see each other, starting and ending on the only two: one of its ends holds the digit, which leaves every box seeing both.";
    const CAPTION: &'static str =
        "{chain}: one of {box1} and {box2} is {digit}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: Forcing X-Chain (Turbot Fish at four nodes), 6.6 plus its length's
    /// tenths (`chains::chain_rating`).
    const RATING: f32 = 6.6;

    /// `chains::search` with one digit's links: strong between the digit's only two places in
    /// a unit, weak between two of its places that see each other. Evidence: no units; the
    /// chain's first and last boxes; the digit; the chain (4 to 32 nodes).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        chains::search(grid, topo, pass, Walk::X)
    }
}
