//! `unit_forcing_chains`: Wherever a digit goes in a unit, each place followed link by link (a box of two digits, a unit with two places) leads to the same conclusion, which holds.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{self, Kind};
use super::implication::Depth;
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct UnitForcingChains;

impl Strategy for UnitForcingChains {
    const ID: &'static str = "unit_forcing_chains";
    const LABEL: &'static str = "Unit forcing chains";
    const DESCRIPTION: &'static str = "Wherever a digit goes in a unit, each place followed link by link (a box of two digits, a unit with two places) leads to the same conclusion, which holds.";
    const CAPTION: &'static str =
        "wherever {digit} goes in {unit1}, {chains}; so {changed} changes: {chains}";
    const COURSE: bool = false;
    const LAST_RESORT: bool = true;
    /// Sudoku Explainer: Region Forcing Chains (its multiple chains), 8.0 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 8.0;

    /// `forcing::search` over every unit and digit of two places or more, each place on, over the grid's own links: one step, the one of fewest nodes. Evidence: the unit
    /// (a unit's premises), the premises' boxes and digits; the branches (`Sink::net`).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let kind = Kind {
            depth: Depth::Static,
            contradiction: false,
            verity: false,
            cells: false,
            units: true,
        };
        forcing::search(grid, topo, pass, kind)
    }
}
