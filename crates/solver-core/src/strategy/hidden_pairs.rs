//! `hidden_pairs`: two digits that fit in only the same two boxes of a unit must fill those
//! boxes, so every other candidate leaves them.

use super::{subsets, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct HiddenPairs;

impl Strategy for HiddenPairs {
    const ID: &'static str = "hidden_pairs";
    const LABEL: &'static str = "Hidden pairs";
    const DESCRIPTION: &'static str =
        "Two digits that fit in only the same two boxes of a unit: every other candidate leaves those boxes.";
    const CAPTION: &'static str =
        "in {unit1}, {digits} fit only in {boxes}, so every other candidate leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: hidden pair.
    const RATING: f32 = 3.4;

    /// [`subsets::hidden`] of two digits (its doc gives the order). Evidence: the unit; the two
    /// boxes; the two digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        subsets::hidden(grid, topo, pass, 2)
    }
}
