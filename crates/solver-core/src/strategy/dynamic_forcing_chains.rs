//! `dynamic_forcing_chains`: Forcing chains that count every removal made so far: a box or unit left with one place by all of them forces it. A candidate leading to a contradiction, a candidate whose truth and falsehood agree, or every digit of a box or place of a digit in a unit agreeing, decides.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{ForcingStrategy, Kind, Rung};
use super::implication::Depth;

/// The strategy (`forcing::ForcingStrategy`) of this rung.
pub type DynamicForcingChains = ForcingStrategy<Dynamic>;

pub struct Dynamic;

impl Rung for Dynamic {
    const ID: &'static str = "dynamic_forcing_chains";
    const LABEL: &'static str = "Dynamic forcing chains";
    const DESCRIPTION: &'static str = "Forcing chains that count every removal made so far: a box or unit left with one place by all of them forces it. A candidate leading to a contradiction, a candidate whose truth and falsehood agree, or every digit of a box or place of a digit in a unit agreeing, decides.";
    const CAPTION: &'static str = "each case of {digits} in {boxes}, followed with every removal so far counted, leads to a contradiction or to the same conclusion, so {changed} changes: {chains}";
    /// Sudoku Explainer: Dynamic Forcing Chains, 8.5 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 8.5;
    /// Contradictions, verities (of a box of three candidates or more: a box of two's is its
    /// box's), boxes and units, every removal so far counted.
    const KIND: Kind = Kind {
        depth: Depth::Dynamic,
        one_digit: false,
        contradiction: true,
        verity: true,
        cells: true,
        units: true,
        min_box: 2,
    };
}
