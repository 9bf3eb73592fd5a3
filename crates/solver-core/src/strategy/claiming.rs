//! `claiming`: a digit confined to one square inside a line leaves the rest of that square.

use super::pointing::locked;
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct Claiming;

impl Strategy for Claiming {
    const ID: &'static str = "claiming";
    const LABEL: &'static str = "Claiming";
    const DESCRIPTION: &'static str = "A digit whose places in a line (row, column or diagonal) \
        all lie in one square leaves the rest of that square.";
    const CAPTION: &'static str =
        "in {unit1}, {digit} fits only in {unit2}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: claiming.
    const RATING: f32 = 2.8;

    /// Rows, columns and (in diagonal Sudoku) diagonals in the course's order, digits
    /// ascending: a digit with at least two places in the line, all of them in one square,
    /// leaves that square's boxes outside the line. The pass reads the grid as it goes. One step
    /// per line, digit and square that removed something. Evidence: the line then the square,
    /// the digit's places in the line, the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        locked(grid, topo, pass, false)
    }
}
