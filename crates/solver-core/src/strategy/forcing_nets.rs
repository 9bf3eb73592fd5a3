//! `forcing_nets`: Dynamic forcing chains that also apply the basic techniques (locked candidates, hidden and naked pairs, X-wing) inside each branch: a net of implications, not a line.
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{ForcingStrategy, Kind, Rung};
use super::implication::Depth;

/// The strategy (`forcing::ForcingStrategy`) of this rung.
pub type ForcingNets = ForcingStrategy<Nets>;

pub struct Nets;

impl Rung for Nets {
    const ID: &'static str = "forcing_nets";
    const LABEL: &'static str = "Forcing nets";
    const DESCRIPTION: &'static str = "Dynamic forcing chains that also apply the basic techniques (locked candidates, hidden and naked pairs, X-wing) inside each branch: a net of implications, not a line.";
    const CAPTION: &'static str = "each case of {digits} in {boxes}, followed with every removal so far counted and the basic techniques inside, leads to a contradiction or to the same conclusion, so {changed} changes: {chains}";
    /// Sudoku Explainer: Dynamic Forcing Chains (+), 9.0 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 9.0;
    /// As `dynamic_forcing_chains`, the branches also asking pointing, claiming, hidden pairs, naked pairs and X-wing.
    const KIND: Kind = Kind {
        depth: Depth::Net,
        one_digit: false,
        contradiction: true,
        verity: true,
        cells: true,
        units: true,
        min_box: 2,
    };
}
