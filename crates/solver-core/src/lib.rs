//! Propagate's solver core: Sudoku and diagonal Sudoku by the course's constraint propagation
//! and search, with a complete step trace.
//!
//! Glossary (the course's words):
//! - **box**: one of the 81 squares, `A1`..`I9` (rows A–I, columns 1–9); [`Cell`] in code.
//! - **unit**: nine boxes holding nine different digits: a row, a column, a 3×3 square, and in
//!   diagonal Sudoku the two main diagonals.
//! - **peers**: the boxes sharing a unit with a box (20; 26 on a diagonal; 32 for E5).
//! - **candidates**: the digits still possible for a box ([`Digits`]).
//! - **strategies**: deductions such as the course's eliminate, only choice and naked twins,
//!   listed in [`registry`]; **reduce_puzzle** repeats them until nothing changes; **search**
//!   guesses depth-first when they stall.
//!
//! Every change to a grid goes through [`Grid::set`], which reports it to a [`trace::Sink`].

pub mod compare;
pub mod digits;
mod fast;
pub mod grid;
mod json;
pub mod parse;
pub mod reduce;
pub mod registry;
pub mod search;
pub mod strategy;
pub mod topology;
pub mod trace;

pub use compare::{compare_strategies, rate, Comparison, Rating};
pub use digits::{Digit, Digits};
pub use grid::Grid;
pub use parse::{parse, ParseError};
pub use reduce::reduce_puzzle;
pub use registry::{Info, UnknownStrategy, REGISTRY};
pub use search::{count_solutions, solve, solve_and_count, solve_traced, Count, Found, Solve};
pub use topology::{Cell, Topology, Unit, Variant};
pub use trace::{Contradiction, Limit, Outcome, Stats, Step, StrategySet, Trace};

/// Caps that keep time and memory bounded. Reaching one is reported as such, never as a verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Search nodes visited, the root included.
    pub max_nodes: u64,
    /// Steps kept in a trace.
    pub max_steps: usize,
}

impl Limits {
    pub fn max(&self, limit: Limit) -> u64 {
        match limit {
            Limit::Nodes => self.max_nodes,
            Limit::Steps => self.max_steps as u64,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // Norvig's impossible puzzle, refuted only by search, takes 3,699,489 nodes with
            // the course's three strategies and 8,447,241 with eliminate and only choice (about
            // 4 and 5 s in a release build); 10 M answers both and bounds a solve to seconds. The hardest
            // solvable sets need at most a few thousand. See docs/limits.md.
            max_nodes: 10_000_000,
            max_steps: 500_000,
        }
    }
}

/// What to solve with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    pub strategies: StrategySet,
    pub limits: Limits,
}
