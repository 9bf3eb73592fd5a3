//! `als_xy_wing`: three almost locked sets (N boxes of a unit holding N + 1 digits), none
//! sharing a box with another: a pivot C joined to A by a restricted common digit X and to B by
//! another, Y (each place of the digit in one set sees each in the other). If a digit Z of A and
//! B (neither X nor Y) is in neither, A is locked on its other digits and holds X, so C lacks X
//! and holds Y, so B lacks Y and holds Z: Z is in A or B, and leaves every box that sees all its
//! places in both.

use super::als::{self, Kind};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct AlsXyWing;

impl Strategy for AlsXyWing {
    const ID: &'static str = "als_xy_wing";
    const LABEL: &'static str = "ALS-XY-wing";
    const DESCRIPTION: &'static str = "Three almost locked sets: a pivot joined to each of two others by a digit (X to one, Y to the other) whose places in the two sets all see each other. A digit Z of the two others is in one of them: without it, one holds X, the pivot then holds Y, and the other holds Z. Z leaves every box that sees all its places in both.";
    const CAPTION: &'static str = "{chain}: three almost locked sets, each a node per digit (without one digit a set's other digits fill it), the middle one joined to each of the others by a digit in one of the two at most; so {digits} is in the first or the last, and leaves {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer; SE-scale solvers (SunnieShine's Sudoku Studio) give an
    /// ALS-XY-wing 6.0.
    const RATING: f32 = 6.0;
    const NOT_IN_SE: bool = true;

    /// `als::search` for a pivot and two sets (its module doc). Evidence: no units; the chain's
    /// first and last nodes' first boxes; Z; the chain `Z(A) = X(A) – X(C) = Y(C) – Y(B) = Z(B)`.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        als::search(grid, topo, pass, Kind::XyWing)
    }
}
