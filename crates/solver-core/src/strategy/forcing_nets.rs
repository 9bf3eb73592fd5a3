//! `forcing_nets`: Dynamic forcing chains that also apply the basic techniques (locked candidates, hidden and naked pairs, X-wing) inside each branch: a net of implications, not a line.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{self, Kind};
use super::implication::Depth;
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct ForcingNets;

impl Strategy for ForcingNets {
    const ID: &'static str = "forcing_nets";
    const LABEL: &'static str = "Forcing nets";
    const DESCRIPTION: &'static str = "Dynamic forcing chains that also apply the basic techniques (locked candidates, hidden and naked pairs, X-wing) inside each branch: a net of implications, not a line.";
    const CAPTION: &'static str = "each case of {digits} in {boxes}, followed with every removal so far counted and the basic techniques inside, leads to a contradiction or to the same conclusion, so {changed} changes: {chains}";
    const COURSE: bool = false;
    const LAST_RESORT: bool = true;
    /// Sudoku Explainer: Dynamic Forcing Chains (+), 9.0 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 9.0;

    /// `forcing::search` over as `dynamic_forcing_chains`, the branches also asking pointing, claiming, hidden pairs, naked pairs and X-wing: one step, the one of fewest nodes. Evidence: the unit
    /// (a unit's premises), the premises' boxes and digits; the branches (`Sink::net`).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let kind = Kind {
            depth: Depth::Net,
            contradiction: true,
            verity: true,
            cells: true,
            units: true,
        };
        forcing::search(grid, topo, pass, kind)
    }
}
