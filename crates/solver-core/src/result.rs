//! What a search gives back: the verdict, the effort, the count of solutions
//! (`crate::search`'s answers, traced or not).

use crate::grid::Grid;
use crate::limits::Limit;
use crate::trace::{Contradiction, Stats};

/// What came of a search.
// A `Grid` (208 bytes) is returned once per solve; boxing it would cost an allocation instead.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The first solution in search order.
    Solution(Grid),
    /// No solution: the root's contradiction.
    None(Contradiction),
    Capped(Limit),
}

/// The untraced result of a solve: verdict and effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solve {
    pub found: Found,
    pub stats: Stats,
}

/// How many solutions a puzzle has, counted up to a bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// The search finished: exactly this many.
    Exactly(u32),
    /// The bound was reached: at least this many.
    AtLeast(u32),
    /// The node cap was reached after finding this many.
    Capped(u32),
}
