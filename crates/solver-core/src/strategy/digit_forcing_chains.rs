//! `digit_forcing_chains`: A candidate assumed true is followed, link by link (a box of two digits, a unit with two places), to a contradiction, so it is false (or assumed false, so it is true); or assumed true and assumed false it leads to the same conclusion, which holds.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{self, Kind};
use super::implication::Depth;
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct DigitForcingChains;

impl Strategy for DigitForcingChains {
    const ID: &'static str = "digit_forcing_chains";
    const LABEL: &'static str = "Digit forcing chains";
    const DESCRIPTION: &'static str = "A candidate assumed true is followed, link by link (a box of two digits, a unit with two places), to a contradiction, so it is false (or assumed false, so it is true); or assumed true and assumed false it leads to the same conclusion, which holds.";
    const CAPTION: &'static str = "{digit} in {box1}, assumed true or false and followed link by link, leads to a contradiction, or either way to the same conclusion, so {changed} changes: {chains}";
    const COURSE: bool = false;
    const LAST_RESORT: bool = true;
    /// Sudoku Explainer: Nishio forcing chains (a candidate's contradiction over the grid's own strong links), 7.5 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 7.5;

    /// `forcing::search` over every candidate of an unsolved box, on and off, over the grid's own links: one step, the one of fewest nodes. Evidence: the unit
    /// (a unit's premises), the premises' boxes and digits; the branches (`Sink::net`).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let kind = Kind {
            depth: Depth::Static,
            contradiction: true,
            verity: true,
            cells: false,
            units: false,
        };
        forcing::search(grid, topo, pass, kind)
    }
}
