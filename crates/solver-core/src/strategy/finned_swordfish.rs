//! `finned_swordfish`: three rows where a digit fits in only the same three columns but for
//! some boxes (the fins) in one square. A fin holds the digit, or the three columns take it in
//! those rows: either way it leaves the boxes of the three columns outside the rows that see
//! every fin (and the same with rows and columns swapped). Sashimi swordfish included. The
//! search is `fish::finned`'s, with three lines.

use super::{fish, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct FinnedSwordfish;

impl Strategy for FinnedSwordfish {
    const ID: &'static str = "finned_swordfish";
    const LABEL: &'static str = "Finned swordfish";
    const DESCRIPTION: &'static str = "A digit fits in three rows (columns) only in the same three columns (rows) but for fins in one square (finned or sashimi): it leaves the boxes of those columns (rows) that see every fin.";
    const CAPTION: &'static str = "in {unit1}, {unit2} and {unit3}, {digit} fits only in {unit4}, {unit5} and {unit6} but for {boxes} in {unit7}: a fin is {digit}, or those three take it in those rows; either way {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer; SE-scale solvers (SunnieShine's Sudoku Studio) give a finned
    /// swordfish 4.0 and a sashimi one 4.1.
    const RATING: f32 = 4.0;
    const NOT_IN_SE: bool = true;

    /// [`fish::finned`] with three base lines (its doc gives the order). Evidence: the three
    /// base lines, the three cover lines, the fins' square; the fins; the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        fish::finned(grid, topo, pass, 3)
    }
}
