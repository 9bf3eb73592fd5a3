//! `unit_forcing_chains`: Wherever a digit goes in a unit, each place followed link by link (a box of two digits, a unit with two places) leads to the same conclusion, which holds.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{ForcingStrategy, Kind, Rung};
use super::implication::Depth;

/// The strategy (`forcing::ForcingStrategy`) of this rung.
pub type UnitForcingChains = ForcingStrategy<Units>;

pub struct Units;

impl Rung for Units {
    const ID: &'static str = "unit_forcing_chains";
    const LABEL: &'static str = "Unit forcing chains";
    const DESCRIPTION: &'static str = "Wherever a digit goes in a unit, each place followed link by link (a box of two digits, a unit with two places) leads to the same conclusion, which holds.";
    const CAPTION: &'static str =
        "wherever {digit} goes in {unit1}, each place followed link by link leads to the same conclusion, so {changed} changes: {chains}";
    /// Sudoku Explainer: Region Forcing Chains (its multiple chains), 8.0 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 8.0;
    /// Every unit and digit of two places or more whose first place's box holds three candidates
    /// or more (SE's multiple chains start a unit's search from that box), each place on, over
    /// the grid's own links; a branch that contradicts agrees with any conclusion.
    const KIND: Kind = Kind {
        depth: Depth::Static,
        one_digit: false,
        contradiction: false,
        verity: false,
        cells: false,
        units: true,
        min_box: 3,
    };
}
