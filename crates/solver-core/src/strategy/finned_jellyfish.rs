//! `finned_jellyfish`: four rows where a digit fits in only the same four columns but for some
//! boxes (the fins) in one square. A fin holds the digit, or the four columns take it in those
//! rows: either way it leaves the boxes of the four columns outside the rows that see every fin
//! (and the same with rows and columns swapped). Sashimi jellyfish included. The search is
//! `fish::finned`'s, with four lines; its evidence names nine units (four base lines, four cover
//! lines, the fins' square), `crate::trace::MAX_EVIDENCE_UNITS`.

use super::{fish, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct FinnedJellyfish;

impl Strategy for FinnedJellyfish {
    const ID: &'static str = "finned_jellyfish";
    const LABEL: &'static str = "Finned jellyfish";
    const DESCRIPTION: &'static str = "A digit fits in four rows (columns) only in the same four columns (rows) but for fins in one square (finned or sashimi): it leaves the boxes of those columns (rows) that see every fin.";
    const CAPTION: &'static str = "in {unit1}, {unit2}, {unit3} and {unit4}, {digit} fits only in {unit5}, {unit6}, {unit7} and {unit8} but for {boxes} in {unit9}: a fin is {digit}, or those four take it in those rows; either way {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer; SE-scale solvers (SunnieShine's Sudoku Studio) give a finned
    /// fish its fish's rating and two tenths (finned X-wing 3.4, finned swordfish 4.0): a finned
    /// jellyfish 5.4 (a sashimi one a tenth more).
    const RATING: f32 = 5.4;
    const NOT_IN_SE: bool = true;

    /// [`fish::finned`] with four base lines (its doc gives the order). Evidence: the four base
    /// lines, the four cover lines, the fins' square; the fins; the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        fish::finned(grid, topo, pass, 4)
    }
}
