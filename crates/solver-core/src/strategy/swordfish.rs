//! `swordfish`: a digit that fits in only the same three columns of three rows must take those
//! columns in those rows, so it leaves the rest of the three columns (and the same with rows
//! and columns swapped). The search is `fish`'s, with three lines.

use super::{fish, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct Swordfish;

impl Strategy for Swordfish {
    const ID: &'static str = "swordfish";
    const LABEL: &'static str = "Swordfish";
    const DESCRIPTION: &'static str = "A digit that fits in only the same three columns of three rows (or the same three rows of three columns) leaves the rest of those columns (rows).";
    const CAPTION: &'static str = "in {unit1}, {unit2} and {unit3}, {digit} fits only in {unit4}, {unit5} and {unit6}, so those three take it there and {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: Swordfish.
    const RATING: f32 = 3.8;

    /// [`fish::search`] with three base lines (rows or columns only; its doc says why and
    /// in which order). Evidence: the three base lines, then the three cover lines; the boxes
    /// where the digit fits in the base lines; the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        _: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        fish::search(grid, pass, 3)
    }
}
