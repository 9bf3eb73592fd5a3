//! `hidden_triples`: three digits that fit in only the same three boxes of a unit must fill
//! those boxes, so every other candidate leaves them.

use super::{subsets, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct HiddenTriples;

impl Strategy for HiddenTriples {
    const ID: &'static str = "hidden_triples";
    const LABEL: &'static str = "Hidden triples";
    const DESCRIPTION: &'static str =
        "Three digits that fit in only the same three boxes of a unit: every other candidate leaves those boxes.";
    const CAPTION: &'static str =
        "in {unit1}, {digits} fit only in {boxes}, so every other candidate leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: hidden triplet.
    const RATING: f32 = 4.0;

    /// [`subsets::hidden`] of three digits (its doc gives the order). Evidence: the unit; the
    /// three boxes; the three digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        subsets::hidden(grid, topo, pass, 3)
    }
}
