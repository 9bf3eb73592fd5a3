//! `hidden_quads`: four digits that fit in only the same four boxes of a unit must fill those
//! boxes, so every other candidate leaves them.

use super::{subsets, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct HiddenQuads;

impl Strategy for HiddenQuads {
    const ID: &'static str = "hidden_quads";
    const LABEL: &'static str = "Hidden quads";
    const DESCRIPTION: &'static str =
        "Four digits that fit in only the same four boxes of a unit: every other candidate leaves those boxes.";
    const CAPTION: &'static str =
        "in {unit1}, {digits} fit only in {boxes}, so every other candidate leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: hidden quad.
    const RATING: f32 = 5.4;

    /// [`subsets::hidden`] of four digits (its doc gives the order). Evidence: the unit; the
    /// four boxes; the four digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        subsets::hidden(grid, topo, pass, 4)
    }
}
