//! `tuvwxyz_wing`: Sudoku Explainer's TUVWXYZ-wing. A box of two candidates X and Z, and an almost
//! locked set of six boxes of a unit holding seven digits, X and Z among them, joined by X: every
//! box of the set where X fits sees the box of two. X is in one of them at most, so one of
//! them is Z (the box of two if it is not X, else the set, locked on its other digits): Z
//! leaves every box seeing the box of two and all Z's places in the set. Joined by Z too
//! (doubly linked), the set holds all its digits but X or Z: each leaves every box outside
//! seeing all its places in the set, and X and Z those seeing them in both. The search is
//! `als`'s (`Kind::Wing`), the evidence its chain.

use super::als::{self, Kind};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{ChainNode, Contradiction, Evidence, Sink};

pub struct TuvwxyzWing;

impl Strategy for TuvwxyzWing {
    const ID: &'static str = "tuvwxyz_wing";
    const LABEL: &'static str = "TUVWXYZ-wing";
    const DESCRIPTION: &'static str = "A box of two candidates and six boxes of a unit holding seven digits, both of its digits among them, joined by one of the two (its places among the six all see the box of two): the other is in the box of two or among the six, and leaves every box seeing all its places there. Joined by both, each digit of the six leaves every box seeing all its places.";
    const CAPTION: &'static str = "{chain}: a box of two candidates and six boxes of a unit holding seven digits between them (without one digit, the others fill the six), joined by a digit in one of them at most (joined by two, in a loop, the six hold all their digits but one of those two); so {digits} cannot be in {changed}, which see every place of it that must hold it";
    const COURSE: bool = false;
    /// SukakuExplainer: TUVWXYZ-Wing, 7.5 whatever its boxes (`TUVWXYZWingHint.getDifficulty`); SE looks for it after its forcing chains and cycles, so it sits after `aic`.
    const RATING: f32 = 7.5;

    /// `als::search` for a box of two and an ALS of six boxes, the easiest wing by its score
    /// first. Evidence: no units; the chain's first and last nodes' first boxes; the digits
    /// removed; the chain `Z(A) = X(A) – X(B) = Z(B)` (A the box of two, B the set), or for a
    /// doubly linked wing the loop `Z(A) = X(A) – X(B) = Z(B) – Z(A)`.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        als::search(grid, topo, pass, Kind::Wing { boxes: 6 })
    }

    fn score(grid: &Grid, _evidence: &Evidence, chain: &[ChainNode]) -> f32 {
        als::wing_score(grid, chain, 6)
    }
}
