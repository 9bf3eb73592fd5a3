//! `aic`: alternating inference chains with groups, over several digits. Strong links join the
//! only places of a digit in a unit (either side may be a group: the digit's places in a line
//! inside a square) or the only two digits of a box; weak links one digit in two places every
//! box of which sees every box of the other, or two digits of one box. An open chain, strong
//! first and last, makes one of its ends true: a candidate weakly linked to both goes (the
//! ends' digit where it sees both; with two digits, the other end's digit from each end's box
//! where they see each other, or the box's other digits where both ends share a box). A loop
//! makes exactly one node of each weak link true: a candidate weakly linked to both of them goes.

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct Aic;

impl Strategy for Aic {
    const ID: &'static str = "aic";
    const LABEL: &'static str = "Alternating inference chain";
    const DESCRIPTION: &'static str = "A chain of candidates and groups, over any digits, alternately strongly linked (at least one is true: the only places of a digit in a unit, the only two digits of a box) and weakly linked (at most one is true): open, one of its ends is true; closed into a loop, one node of each weak link is; a candidate weakly linked to both goes.";
    const CAPTION: &'static str =
        "{chain}: one of the candidates at each end of a weak link it makes true is true, so {digits} leave {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: Forcing Chain / Cycle mixing links within units and inside boxes, 7.0
    /// plus its length's tenths (`chains::chain_score`; a chain of one kind of link scores as
    /// an X- or Y-chain, 6.6, or a cycle, 6.5).
    const RATING: f32 = 7.0;

    /// `chains::search` with every link, groups, open chains and loops (4 to 12 nodes).
    /// Evidence: no units; the chain's first and last nodes' first boxes; the digits removed;
    /// the chain.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        chains::search(grid, topo, pass, Walk::Aic)
    }
}
