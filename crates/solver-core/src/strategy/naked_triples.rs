//! `naked_triples`: three boxes of a unit holding only three digits between them take those
//! digits, so the three digits leave the rest of the unit.

use super::{subsets, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct NakedTriples;

impl Strategy for NakedTriples {
    const ID: &'static str = "naked_triples";
    const LABEL: &'static str = "Naked triples";
    const DESCRIPTION: &'static str =
        "Three boxes of a unit holding only three digits between them: those digits leave the rest of the unit.";
    const CAPTION: &'static str =
        "{boxes} in {unit1} hold only {digits} between them, so {digits} leave {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: naked triplet.
    const RATING: f32 = 3.6;

    /// [`subsets::naked`] of three boxes (its doc gives the order). Evidence: the
    /// unit; the three boxes; their three digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        subsets::naked(grid, topo, pass, 3)
    }
}
