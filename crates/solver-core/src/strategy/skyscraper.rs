//! `skyscraper`: a digit that fits in only two boxes of each of two rows (or two columns),
//! one box of each row seeing the other's: those two are not both the digit, so one of the two
//! other boxes is, and the digit leaves every box that sees both. The search is
//! `strong_links`'s, with parallel lines.

use super::{strong_links, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct Skyscraper;

impl Strategy for Skyscraper {
    const ID: &'static str = "skyscraper";
    const LABEL: &'static str = "Skyscraper";
    const DESCRIPTION: &'static str = "A digit fits in only two boxes of each of two rows (or columns), and one box of each sees one of the other: one of the two other boxes holds it, so it leaves every box that sees both.";
    const CAPTION: &'static str = "{digit} fits in {unit1} only in {box1} and {box2}, and in {unit2} only in {box3} and {box4}; {box2} and {box3} share {unit3}, so they are not both {digit}: {box1} or {box4} is, and {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sukaku Explainer (Sudoku Explainer's maintained fork): Skyscraper, two strong links in
    /// lines of one kind.
    const RATING: f32 = 4.0;

    /// [`strong_links::search`] with two rows or two columns (its doc says in which order).
    /// Evidence: the two lines and the unit joining them; the boxes `b1 a1 a2 b2` (`a1` and
    /// `a2` the joined ends); the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        strong_links::search(grid, topo, pass, true)
    }
}
