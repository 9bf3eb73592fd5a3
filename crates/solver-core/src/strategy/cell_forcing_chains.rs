//! `cell_forcing_chains`: Whichever digit a box of three candidates or more takes, each followed link by link (a box of two digits, a unit with two places) leads to the same conclusion, which holds.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{ForcingStrategy, Kind, Rung};
use super::implication::Depth;

/// The strategy (`forcing::ForcingStrategy`) of this rung.
pub type CellForcingChains = ForcingStrategy<Cells>;

pub struct Cells;

impl Rung for Cells {
    const ID: &'static str = "cell_forcing_chains";
    const LABEL: &'static str = "Cell forcing chains";
    const DESCRIPTION: &'static str = "Whichever digit a box of three candidates or more takes, each followed link by link (a box of two digits, a unit with two places) leads to the same conclusion, which holds.";
    const CAPTION: &'static str = "whichever of {digits} {box1} holds, each followed link by link leads to the same conclusion, so {changed} changes: {chains}";
    /// Sudoku Explainer: Cell Forcing Chains (its multiple chains), 8.0 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 8.0;
    /// Every box of three candidates or more, each digit on, over the grid's own links (SE's
    /// multiple chains; a box of two's is the dynamic rung's, as in SE); a branch that
    /// contradicts agrees with any conclusion (its case cannot be).
    const KIND: Kind = Kind {
        depth: Depth::Static,
        one_digit: false,
        contradiction: false,
        verity: false,
        cells: true,
        units: false,
        min_box: 3,
    };
}
