//! `turbot_fish`: two strong links of one digit joined by weak links, grouped or not
//! (`strong_link_chains`, which says how they are found and scored).

use super::{strong_link_chains, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{ChainNode, Contradiction, Evidence, Sink};

pub struct TurbotFish;

impl Strategy for TurbotFish {
    const ID: &'static str = "turbot_fish";
    const LABEL: &'static str = "Turbot fish";
    const DESCRIPTION: &'static str = "Two strong links of one digit, each the only places of the digit in a unit (one place or a group of places in a line inside a square at either end), joined by a weak link: one of the two far ends holds the digit, so it leaves every box seeing both.";
    const CAPTION: &'static str =
        "{chain}: one of the two ends holds {digit}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// SukakuExplainer (Sudoku Explainer's maintained fork): `TurbotFish`, two strong links. Its steps score 4.0 to 4.3 (`strong_link_chains`: 4.2 a turbot crane, a link in a square; 4.3 with a group, a grouped skyscraper, kite or turbot crane); the rung sits at 4.2 as SE looks for every form before the XY-wing, and the plain skyscraper and kite are lower rungs'.
    const RATING: f32 = 4.2;
    const OWN_SCORE: bool = true;

    /// `strong_link_chains::search` with 2 links: the easiest chain first, then the one
    /// removing most. Evidence: no units; the chain's first and last nodes' first boxes; the
    /// digit; the chain.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        strong_link_chains::search(grid, topo, pass, 2)
    }

    fn score(grid: &Grid, _evidence: &Evidence, chain: &[ChainNode]) -> f32 {
        strong_link_chains::score(grid, chain)
    }
}
