//! `als_xz`: two almost locked sets (N boxes of a unit holding N + 1 digits) that share no box,
//! joined by a restricted common digit X (each place of X in one sees each in the other, so X
//! is in one of them at most). The one without X is locked on its other digits, so a digit Z of
//! both is in one of them: Z leaves every box that sees all of Z's places in both. Joined by two
//! such digits (doubly linked), each set lacks one of them and holds its other digits: both
//! leave every box seeing all their places in both sets, and each set's other digits every box
//! outside it seeing all their places in it.

use super::als::{self, Kind};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct AlsXz;

impl Strategy for AlsXz {
    const ID: &'static str = "als_xz";
    const LABEL: &'static str = "ALS-XZ";
    const DESCRIPTION: &'static str = "Two almost locked sets (N boxes of a unit holding N + 1 digits) joined by a digit X whose places in one all see its places in the other: X is in one of them at most, so the other is locked on its remaining digits, and a second common digit Z is in one of the two; Z leaves every box that sees all its places in both. Joined by two such digits, each set is locked on all its digits but one of the two: each set's digits leave the boxes seeing all their places.";
    const CAPTION: &'static str = "{chain}: two almost locked sets, each a node per digit (without one digit a set's other digits fill it), joined by a digit in one of them at most (joined by two, in a loop, each set holds all its digits but one of those two); so {digits} cannot be in {changed}, which see every place of it in the sets that must hold it";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer; SE-scale solvers (SunnieShine's Sudoku Studio) give a singly
    /// linked ALS-XZ 5.5 (a doubly linked one 5.7, scored 5.5 here: one strategy, one score).
    const RATING: f32 = 5.5;
    const NOT_IN_SE: bool = true;

    /// `als::search` for pairs of ALS (its module doc). Evidence: no units; the chain's first
    /// and last nodes' first boxes; the digits removed (Z); the chain `Z(A) = X(A) – X(B) =
    /// Z(B)`, or for a doubly linked pair the loop `Y(A) = X(A) – X(B) = Y(B) – Y(A)`.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        als::search(grid, topo, pass, Kind::Xz)
    }
}
