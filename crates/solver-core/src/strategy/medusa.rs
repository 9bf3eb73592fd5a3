//! `medusa`: 3D Medusa, simple colouring over every digit. Candidates joined by a conjugate pair
//! (a digit's only two places in a unit) or by a box's only two digits are opposite: one of the
//! two is true. A cluster of such links takes two colours, one of which is all true. A candidate
//! that sees both colours (the same digit in two boxes it sees, or a colour in its own box and
//! its digit of the other colour in a box it sees; or a box holding both colours, whose other
//! digits go) is false: SudokuWiki's traps. A colour twice in a box or a unit is false, and its
//! candidates go one by one (SudokuWiki's wraps). Each step is the chain of links it rests on,
//! from one colour to the other, as `aic` writes chains (its links alternately labelled strong
//! and weak, every one of them both): what is weakly linked to both ends goes.

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct Medusa;

impl Strategy for Medusa {
    const ID: &'static str = "medusa";
    const LABEL: &'static str = "3D Medusa";
    const DESCRIPTION: &'static str = "Colouring over every digit: candidates joined by a digit's only two places in a unit or by a box's only two digits take opposite colours, one of which is all true. A candidate that sees both colours goes, and so does one that shares a box or a unit with its own colour, which is false.";
    const CAPTION: &'static str = "{chain}: each link is a digit's only two places in a unit or a box's only two digits, so the candidates alternate between two colours, one of which is all true; the ends have opposite colours, so {digits} leave {changed}, which see both";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer, which finds its traps and wraps as forcing chains mixing links
    /// within units and inside boxes: 7.0 plus its length's tenths (`chains::chain_score`; a
    /// chain of one kind of link scores as an X- or Y-chain, 6.6). HoDoKu and SudokuWiki put it
    /// before the alternating inference chains, so it sits just before `aic`, at its base.
    const RATING: f32 = 7.0;
    const NOT_IN_SE: bool = true;

    /// `chains::search` over conjugate pairs and boxes of two digits, every digit, open chains
    /// of 4 to 32 nodes. Evidence: no units; the chain's first and last boxes; the digits
    /// removed; the chain.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        chains::search(grid, topo, pass, Walk::Medusa)
    }
}
