//! `three_strong_links`: three strong links of one digit joined by weak links, grouped or not
//! (`strong_link_chains`, which says how they are found and scored).

use super::{strong_link_chains, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{ChainNode, Contradiction, Evidence, Sink};

pub struct ThreeStrongLinks;

impl Strategy for ThreeStrongLinks {
    const ID: &'static str = "three_strong_links";
    const LABEL: &'static str = "Three strong links";
    const DESCRIPTION: &'static str = "Three strong links of one digit (each the only places of the digit in a unit, one place or a group of places in a line inside a square at either end), joined by weak links: one of the two far ends holds the digit, so it leaves every box seeing both; closed into a loop, one node of each weak link holds it.";
    const CAPTION: &'static str = "{chain}: one of the two ends holds {digit} (in a loop, one node of each weak link), so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// SukakuExplainer: `StrongLinks(3)` (3 Skyscrapers, 3-String Kite, 3 Strong links, grouped or not), 5.4 to 5.7 a step (`strong_link_chains`); SE looks for it after the hidden quad and before the WXYZ-wing, whatever the step's score.
    const RATING: f32 = 5.4;
    const OWN_SCORE: bool = true;

    /// `strong_link_chains::search` with 3 links: the easiest chain first, then the one
    /// removing most. Evidence: no units; the chain's first and last nodes' first boxes; the
    /// digit; the chain.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        strong_link_chains::search(grid, topo, pass, 3)
    }

    fn score(grid: &Grid, _evidence: &Evidence, chain: &[ChainNode]) -> f32 {
        strong_link_chains::score(grid, chain)
    }
}
