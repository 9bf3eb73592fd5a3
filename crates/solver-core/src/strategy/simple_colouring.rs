//! `simple_colouring`: one digit's conjugate pairs (the only two places of the digit in a unit)
//! joined into clusters and coloured in two colours, each pair one of each: one colour holds the
//! digit everywhere, the other nowhere. A **trap**: a place of the digit that sees both colours
//! is not the digit. A **wrap**: a colour seen twice in one unit is the false one. Each step is
//! shown as the X-chain it is, a path of conjugate pairs: for a trap, from one seen place to the
//! other (an odd number of pairs, so they have opposite colours: one of them holds the digit);
//! for a wrap, from the conjugate of one of the two same-coloured places to the other, which
//! both see the first: it goes, and the rest of its colour follows by singles.

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct SimpleColouring;

impl Strategy for SimpleColouring {
    const ID: &'static str = "simple_colouring";
    const LABEL: &'static str = "Simple colouring";
    const DESCRIPTION: &'static str = "One digit's conjugate pairs (its only two places in a unit) coloured in two colours, one of which holds the digit: a place that sees both colours, or a colour seen twice in a unit, loses the digit. Shown as the chain of pairs between the two colours.";
    const CAPTION: &'static str = "{chain}: a path of conjugate pairs, so {box1} and {box2} take opposite colours and one of them is {digit}: {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer, which finds its traps and wraps as X-chains: 6.6 plus the
    /// chain's length tenths (`chains::chain_score`), as SE scores the X-chain shown
    /// (docs/ratings.md, "Simple colouring").
    const RATING: f32 = 6.6;

    /// `chains::search` over conjugate pairs only (4 to 32 nodes). Evidence: no units; the
    /// chain's first and last boxes; the digit; the chain.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        chains::search(grid, topo, pass, Walk::Colour)
    }
}
