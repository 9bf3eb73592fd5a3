//! `finned_x_wing`: two rows where a digit fits in only the same two columns but for some
//! boxes (the fins) in one square. A fin holds the digit, or the two columns take it in those
//! rows: either way it leaves the boxes of the two columns outside the rows that see every fin
//! (and the same with rows and columns swapped). A sashimi X-wing, a box of the X-wing missing,
//! is one. The search is `fish::finned`'s, with two lines.

use super::{fish, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct FinnedXWing;

impl Strategy for FinnedXWing {
    const ID: &'static str = "finned_x_wing";
    const LABEL: &'static str = "Finned X-wing";
    const DESCRIPTION: &'static str = "A digit fits in two rows (columns) only in the same two columns (rows) but for fins in one square (finned or sashimi): it leaves the boxes of those columns (rows) that see every fin.";
    const CAPTION: &'static str = "in {unit1} and {unit2}, {digit} fits only in {unit3} and {unit4} but for {boxes} in {unit5}: a fin is {digit}, or those two take it in {unit1} and {unit2}; either way {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer; SE-scale solvers (SunnieShine's Sudoku Studio) give a finned
    /// X-wing 3.4 and a sashimi one 3.5.
    const RATING: f32 = 3.4;
    const NOT_IN_SE: bool = true;

    /// [`fish::finned`] with two base lines (its doc gives the order). Evidence: the two base
    /// lines, the two cover lines, the fins' square; the fins; the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        fish::finned(grid, topo, pass, 2)
    }
}
