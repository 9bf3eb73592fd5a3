//! `digit_forcing_chains`: A candidate assumed true (or false) is followed through its digit's places, every removal so far counted (a unit left one place of the digit puts it there), to a contradiction, so it is false (or true).
//! The search is `forcing.rs`'s, its propagation `implication.rs`'s.

use super::forcing::{ForcingStrategy, Kind, Rung};
use super::implication::Depth;

/// The strategy (`forcing::ForcingStrategy`) of this rung.
pub type DigitForcingChains = ForcingStrategy<Nishio>;

pub struct Nishio;

impl Rung for Nishio {
    const ID: &'static str = "digit_forcing_chains";
    const LABEL: &'static str = "Digit forcing chains";
    const DESCRIPTION: &'static str = "A candidate assumed true (or false) is followed through its digit's places, every removal so far counted (a unit left one place of the digit puts it there), to a contradiction, so it is false (or true).";
    const CAPTION: &'static str = "{digit} in {box1}, assumed true or false and followed through the places of {digit}, leads to a contradiction, so {changed} changes: {chains}";
    /// Sudoku Explainer: Nishio Forcing Chains (a candidate's contradiction, on or off, over its
    /// digit's places only, dynamic), 7.5 plus its length's tenths (`forcing::forcing_rating`).
    const RATING: f32 = 7.5;
    /// Every candidate of an unsolved box, on and off, its digit's places only (SE's Nishio:
    /// no Y-links, every removal so far counted): contradictions.
    const KIND: Kind = Kind {
        depth: Depth::Dynamic,
        one_digit: true,
        contradiction: true,
        verity: false,
        cells: false,
        units: false,
        min_box: 2,
    };
}
