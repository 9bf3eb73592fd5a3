//! What a strategy is: the [`Strategy`] trait, and the [`Pass`] through which a strategy's
//! pass reports its steps. One file per strategy below; `crate::registry` lists them in ladder
//! order, and everything else (the trace's kinds, the facade, the CLI, the page) learns about
//! them from that list.

pub mod chains;
pub mod claiming;
pub mod eliminate;
mod fish;
pub mod hidden_pairs;
pub mod hidden_triples;
pub mod naked_quads;
pub mod naked_triples;
pub mod naked_twins;
pub mod no_place;
pub mod only_choice;
pub mod pointing;
mod subsets;
pub mod swordfish;
pub mod x_chain;
pub mod x_wing;
pub mod xy_chain;
pub mod xy_wing;

use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{ChainNode, Contradiction, Evidence, Position, Reason, Sink};

/// Where the steps of a pass belong in the search.
#[derive(Copy, Clone, Debug, Default)]
pub struct At {
    pub node: u32,
    pub depth: u32,
}

/// A deduction technique: its description, and one pass of it over a grid.
///
/// `CAPTION` is a template the page fills with a step's evidence: `{units}`, `{boxes}`,
/// `{digits}` (lists in words, "A1, B2 and C3"), `{unit1}`, `{unit2}`, …, `{box1}`, `{box2}`, …
/// (one item), `{digit}` (the first digit), `{changed}` (the boxes the step changed) and
/// `{chain}` (a step's chain, in Eureka's notation: docs/trace-format.md, "Strategies"). The page
/// shows "`LABEL`: filled caption".
pub trait Strategy {
    /// The id in traces, share links and the facade, e.g. `naked_twins`.
    const ID: &'static str;
    /// The name in words, e.g. `Naked twins`.
    const LABEL: &'static str;
    /// One line on what it does.
    const DESCRIPTION: &'static str;
    const CAPTION: &'static str;
    /// One of the course's own strategies.
    const COURSE: bool;
    /// The difficulty of the technique on Sudoku Explainer's scale (its base rating: 1.5 hidden
    /// single, 2.3 naked single, 3.0 naked pair, ...), for `propagate rate`.
    const RATING: f32;

    /// One pass over `grid`: every change through [`Grid::set`] with `pass.sink()`, one
    /// [`Pass::step`] per reason once its changes are made, stopping at the first contradiction.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction>;
}

/// A strategy's pass as the registry runs it: the sink, where in the search it runs, its
/// registry position, and its step count.
pub struct Pass<'a, S: Sink> {
    sink: &'a mut S,
    at: At,
    position: Position,
    steps: &'a mut u64,
}

impl<'a, S: Sink> Pass<'a, S> {
    #[inline(always)]
    pub fn new(sink: &'a mut S, at: At, position: Position, steps: &'a mut u64) -> Self {
        Pass {
            sink,
            at,
            position,
            steps,
        }
    }

    /// The sink to hand [`Grid::set`].
    #[inline(always)]
    pub fn sink(&mut self) -> &mut S {
        self.sink
    }

    /// The strategy's registry position (also its record of settled units in the grid).
    #[inline(always)]
    pub fn position(&self) -> Position {
        self.position
    }

    /// Closes the changes made since the last step into one step with this evidence, and
    /// counts it. Call it only when the step changed something.
    #[inline(always)]
    pub fn step(&mut self, evidence: Evidence) {
        *self.steps += 1;
        if S::ENABLED {
            let reason = Reason::Strategy {
                position: self.position,
                evidence,
            };
            self.sink.step(self.at.node, self.at.depth, reason);
        }
    }

    /// [`Pass::step`] for a step whose evidence includes a chain (at most
    /// `crate::trace::MAX_CHAIN_NODES` nodes): the sink gets the chain, then the step.
    #[inline(always)]
    pub fn step_chain(&mut self, evidence: Evidence, chain: &[ChainNode]) {
        if S::ENABLED {
            self.sink.chain(chain);
        }
        self.step(evidence);
    }
}
