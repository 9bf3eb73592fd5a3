//! `x_wing`: a digit that fits in only the same two columns of two rows must take those columns
//! in those rows, so it leaves the rest of both columns (and the same with rows and columns
//! swapped). The search is `fish`'s, with two lines.

use super::{fish, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct XWing;

impl Strategy for XWing {
    const ID: &'static str = "x_wing";
    const LABEL: &'static str = "X-wing";
    const DESCRIPTION: &'static str = "A digit that fits in only the same two columns of two rows (or the same two rows of two columns) leaves the rest of those columns (rows).";
    const CAPTION: &'static str = "in {unit1} and {unit2}, {digit} fits only in {unit3} and {unit4}, so those two take it there and {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: X-Wing.
    const RATING: f32 = 3.2;

    /// [`fish::search`] with two base lines (rows or columns only; its doc says why and in
    /// which order). Evidence: the two base lines, then the two cover lines; the boxes where
    /// the digit fits in the base lines; the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        _: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        fish::search(grid, pass, 2)
    }
}
