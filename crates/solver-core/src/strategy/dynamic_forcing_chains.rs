//! `dynamic_forcing_chains`: Forcing chains that count every removal made so far: a box or unit left with one place by all of them forces it. A candidate leading to a contradiction, a candidate whose truth and falsehood agree, or every digit of a box or place of a digit in a unit agreeing, decides.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{self, Kind};
use super::implication::Depth;
use super::{Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Sink};

pub struct DynamicForcingChains;

impl Strategy for DynamicForcingChains {
    const ID: &'static str = "dynamic_forcing_chains";
    const LABEL: &'static str = "Dynamic forcing chains";
    const DESCRIPTION: &'static str = "Forcing chains that count every removal made so far: a box or unit left with one place by all of them forces it. A candidate leading to a contradiction, a candidate whose truth and falsehood agree, or every digit of a box or place of a digit in a unit agreeing, decides.";
    const CAPTION: &'static str = "each case of {digits} in {boxes}, followed with every removal so far counted, leads to a contradiction or to the same conclusion, so {changed} changes: {chains}";
    const COURSE: bool = false;
    const LAST_RESORT: bool = true;
    /// Sudoku Explainer: Dynamic Forcing Chains, 8.5 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 8.5;

    /// `forcing::search` over contradictions, verities, boxes and units, every removal so far counted: one step, the one of fewest nodes. Evidence: the unit
    /// (a unit's premises), the premises' boxes and digits; the branches (`Sink::net`).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let kind = Kind {
            depth: Depth::Dynamic,
            contradiction: true,
            verity: true,
            cells: true,
            units: true,
        };
        forcing::search(grid, topo, pass, kind)
    }
}
