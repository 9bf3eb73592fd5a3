//! `two_string_kite`: a digit that fits in only two boxes of a row and two boxes of a column,
//! one box of the row seeing one of the column (in a square, or on a diagonal): those two are
//! not both the digit, so one of the two other boxes is, and the digit leaves every box that
//! sees both. The search is `strong_links`'s, with a row and a column.

use super::{strong_links, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct TwoStringKite;

impl Strategy for TwoStringKite {
    const ID: &'static str = "two_string_kite";
    const LABEL: &'static str = "Two-string kite";
    const DESCRIPTION: &'static str = "A digit fits in only two boxes of a row and two of a column, and a box of the row sees one of the column: one of the two other boxes holds it, so it leaves every box that sees both.";
    const CAPTION: &'static str = "{digit} fits in {unit1} only in {box1} and {box2}, and in {unit2} only in {box3} and {box4}; {box2} and {box3} share {unit3}, so they are not both {digit}: {box1} or {box4} is, and {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sukaku Explainer (Sudoku Explainer's maintained fork): 2-String Kite, two strong links
    /// in a row and a column.
    const RATING: f32 = 4.1;

    /// [`strong_links::search`] with a row and a column (its doc says in which order).
    /// Evidence: the row, the column and the unit joining them; the boxes `b1 a1 a2 b2` (`a1`
    /// and `a2` the joined ends); the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        strong_links::search(grid, topo, pass, false)
    }
}
