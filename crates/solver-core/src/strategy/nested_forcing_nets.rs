//! `nested_forcing_nets`: Forcing nets that also follow, inside each branch, a forcing chain to its contradiction: a candidate the branch's grid cannot hold is off in that branch.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{ForcingStrategy, Kind, Rung};
use super::implication::Depth;

/// The strategy (`forcing::ForcingStrategy`) of this rung.
pub type NestedForcingNets = ForcingStrategy<Nested>;

pub struct Nested;

impl Rung for Nested {
    const ID: &'static str = "nested_forcing_nets";
    const LABEL: &'static str = "Nested forcing nets";
    const DESCRIPTION: &'static str = "Forcing nets that also follow, inside each branch, a forcing chain to its contradiction: a candidate the branch's grid cannot hold is off in that branch.";
    const CAPTION: &'static str = "each case of {digits} in {boxes}, followed with every removal so far counted, the basic techniques and forcing chains inside, leads to a contradiction or to the same conclusion, so {changed} changes: {chains}";
    /// Sudoku Explainer: Nested Forcing Chains (its level 2: forcing chains inside dynamic ones), 9.5 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 9.5;
    /// As `forcing_nets`, the branches also asking a static forcing chain's contradiction.
    const KIND: Kind = Kind {
        depth: Depth::Nested,
        one_digit: false,
        contradiction: true,
        verity: true,
        cells: true,
        units: true,
        min_box: 2,
    };
}
