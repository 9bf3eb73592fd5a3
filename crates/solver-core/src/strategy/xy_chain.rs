//! `xy_chain`: a chain of two-candidate boxes. Inside each box a strong link (it is one of its
//! two digits), between boxes a weak link (the same digit in two boxes that see each other); it
//! starts and ends on the same digit in two boxes, so one of them is that digit, which leaves
//! every box seeing both. Three boxes is the shortest (an XY-wing is an XY-chain of three).

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct XyChain;

impl Strategy for XyChain {
    const ID: &'static str = "xy_chain";
    const LABEL: &'static str = "XY-chain";
    const DESCRIPTION: &'static str = "A chain of two-candidate boxes, each seeing the next and sharing a digit with it, that starts and ends on the same digit: one of its end boxes is that digit, which leaves every box seeing both.";
    const CAPTION: &'static str = "{chain}: whichever digit each box of the chain takes, {box1} or {box2} is {digit}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: Forcing Y-Chain (its links between boxes of two candidates), 6.6
    /// plus its length's tenths (`chains::chain_rating`).
    const RATING: f32 = 6.6;

    /// `chains::search` over boxes of two candidates: strong inside a box, weak between the same
    /// digit in two boxes that see each other. Evidence: no units; the chain's first and last
    /// boxes; the digit removed; the chain (6 to 32 nodes, two per box).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        chains::search(grid, topo, pass, Walk::Xy)
    }
}
