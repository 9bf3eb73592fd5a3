//! `nested_forcing_nets`: Forcing nets that also follow, inside each branch, a forcing chain to its contradiction: a candidate the branch's grid cannot hold is off in that branch.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{self, Kind};
use super::implication::Depth;
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct NestedForcingNets;

impl Strategy for NestedForcingNets {
    const ID: &'static str = "nested_forcing_nets";
    const LABEL: &'static str = "Nested forcing nets";
    const DESCRIPTION: &'static str = "Forcing nets that also follow, inside each branch, a forcing chain to its contradiction: a candidate the branch's grid cannot hold is off in that branch.";
    const CAPTION: &'static str = "each case of {digits} in {boxes}, followed with every removal so far counted, the basic techniques and forcing chains inside, leads to a contradiction or to the same conclusion, so {changed} changes: {chains}";
    const COURSE: bool = false;
    const LAST_RESORT: bool = true;
    /// Sudoku Explainer: Nested Forcing Chains (its level 2: forcing chains inside dynamic ones), 9.5 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 9.5;

    /// `forcing::search` over as `forcing_nets`, the branches also asking a static forcing chain's contradiction: one step, the one of fewest nodes. Evidence: the unit
    /// (a unit's premises), the premises' boxes and digits; the branches (`Sink::net`).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let kind = Kind {
            depth: Depth::Nested,
            contradiction: true,
            verity: true,
            cells: true,
            units: true,
        };
        forcing::search(grid, topo, pass, kind)
    }
}
