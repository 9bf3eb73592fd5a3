//! `jellyfish`: a digit that fits in only the same four columns of four rows must take those
//! columns in those rows, so it leaves the rest of the four columns (and the same with rows and
//! columns swapped). The search is `fish`'s, with four lines.

use super::{fish, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct Jellyfish;

impl Strategy for Jellyfish {
    const ID: &'static str = "jellyfish";
    const LABEL: &'static str = "Jellyfish";
    const DESCRIPTION: &'static str = "A digit that fits in only the same four columns of four rows (or the same four rows of four columns) leaves the rest of those columns (rows).";
    const CAPTION: &'static str = "in {unit1}, {unit2}, {unit3} and {unit4}, {digit} fits only in {unit5}, {unit6}, {unit7} and {unit8}, so those four take it there and {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: Jellyfish.
    const RATING: f32 = 5.2;

    /// [`fish::search`] with four base lines (rows or columns only; its doc says why and in
    /// which order). Evidence: the four base lines, then the four cover lines; the boxes where
    /// the digit fits in the base lines (at most 16); the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        _: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        fish::search(grid, pass, 4)
    }
}
