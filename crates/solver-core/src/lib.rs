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

pub mod check;
pub mod compare;
pub mod digits;
pub mod direct;
pub mod easiest;
pub mod formats;
pub mod generate;
pub mod grid;
pub mod hint;
mod json;
pub mod limits;
pub mod parse;
pub mod puzzle;
pub mod rating;
pub mod reduce;
pub mod registry;
pub mod result;
pub mod search;
pub mod strategy;
pub mod topology;
pub mod trace;
pub mod verdict;

pub use compare::{compare_strategies, compare_strategies_in, Comparison};
pub use digits::{Digit, Digits};
pub use grid::Grid;
pub use hint::{hint, Hint, HintStep};
pub use limits::{Limit, Limits};
pub use parse::{parse, parse_in, ParseError};
pub use rating::{rate, rate_among, rate_in, Hardest, Rating, Technique};
pub use reduce::reduce_puzzle;
pub use registry::{Info, UnknownStrategy, REGISTRY};
pub use result::{Count, Found, Solve};
pub use search::{
    count_solutions, count_solutions_in, solve, solve_and_count, solve_and_count_in, solve_in,
    solve_traced, solve_traced_in, solve_traced_puzzle,
};
pub use topology::{Cell, Topology, Unit, Variant};
pub use trace::{
    Contradiction, ContradictionKind, Outcome, Stats, Step, StopRule, StrategySet, Trace,
};

/// What to solve with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    pub strategies: StrategySet,
    pub limits: Limits,
}
