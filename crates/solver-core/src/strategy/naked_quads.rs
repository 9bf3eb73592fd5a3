//! `naked_quads`: four boxes of a unit holding only four digits between them take those digits,
//! so the four digits leave the rest of the unit.

use super::{subsets, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct NakedQuads;

impl Strategy for NakedQuads {
    const ID: &'static str = "naked_quads";
    const LABEL: &'static str = "Naked quads";
    const DESCRIPTION: &'static str =
        "Four boxes of a unit holding only four digits between them: those digits leave the rest of the unit.";
    const CAPTION: &'static str =
        "{boxes} in {unit1} hold only {digits} between them, so {digits} leave {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: naked quad.
    const RATING: f32 = 5.0;

    /// [`subsets::naked`] of four boxes (its doc gives the order). Evidence: the unit; the four
    /// boxes; their four digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        subsets::naked(grid, topo, pass, 4)
    }
}
