//! What a strategy is: the [`Strategy`] trait, and the [`Pass`] through which a strategy's
//! pass reports its steps. One file per strategy below; `crate::registry` lists them in ladder
//! order, and everything else (the trace's kinds, the facade, the CLI, the page) learns about
//! them from that list.

pub mod aic;
mod als;
pub mod als_xy_wing;
pub mod als_xz;
pub mod bug_plus_one;
pub mod cage_combinations;
pub mod cell_forcing_chains;
pub mod chains;
pub mod claiming;
pub mod digit_forcing_chains;
pub mod dynamic_forcing_chains;
pub mod eliminate;
pub mod empty_rectangle;
pub mod finned_jellyfish;
pub mod finned_swordfish;
pub mod finned_x_wing;
mod fish;
pub mod five_strong_links;
pub mod forcing;
pub mod forcing_nets;
pub mod four_strong_links;
pub mod hidden_pairs;
pub mod hidden_quads;
pub mod hidden_rectangles;
pub mod hidden_triples;
pub mod implication;
pub mod jellyfish;
pub mod medusa;
pub mod naked_quads;
pub mod naked_triples;
pub mod naked_twins;
pub mod nested_forcing_nets;
pub mod no_place;
pub mod only_choice;
pub mod pointing;
pub mod remote_pairs;
pub mod rule_of_45;
pub mod simple_colouring;
pub mod six_strong_links;
pub mod skyscraper;
mod strong_link_chains;
mod strong_links;
mod subsets;
pub mod swordfish;
pub mod three_strong_links;
pub mod turbot_fish;
pub mod tuvwxyz_wing;
pub mod two_string_kite;
pub mod unique_rectangles;
pub mod unique_rectangles_type3;
pub mod unit_forcing_chains;
pub mod uvwxyz_wing;
pub mod vwxyz_wing;
pub mod w_wing;
pub mod wxyz_wing;
pub mod x_chain;
pub mod x_cycles;
pub mod x_wing;
pub mod xy_chain;
pub mod xy_wing;
pub mod xyz_wing;

use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit, Variant};
use crate::trace::{
    ChainNode, Conclude, Contradiction, Erased, Evidence, Forcing, NetNode, Position, Reason, Sink,
    StrategySet,
};
use crate::Count;

/// Where the steps of a pass belong in the search, and what the solve knows of the puzzle.
#[derive(Copy, Clone, Debug, Default)]
pub struct At {
    pub node: u32,
    pub depth: u32,
    /// The puzzle has exactly one solution: the verdict engine said so once, before the solve
    /// ([`At::root`]). Only then may a uniqueness strategy ([`Strategy::UNIQUENESS`]) act; a
    /// node's grid holds at most the puzzle's solutions, so the flag holds at every node.
    pub unique: bool,
}

impl At {
    /// The root of a solve of `grid` with `strategies`: node 0, and whether the puzzle is known
    /// to have exactly one solution, asked of the verdict engine (within `max_nodes`) only when
    /// `strategies` holds a uniqueness strategy.
    pub fn root(grid: &Grid, variant: Variant, strategies: StrategySet, max_nodes: u64) -> At {
        let unique = strategies.bits() & StrategySet::UNIQUENESS.bits() != 0
            && crate::verdict::verdict(grid, variant, 2, max_nodes).count(2) == Count::Exactly(1);
        At {
            node: 0,
            depth: 0,
            unique,
        }
    }

    /// A child of this node: its node number and the next depth.
    pub fn child(self, node: u32) -> At {
        At {
            node,
            depth: self.depth + 1,
            unique: self.unique,
        }
    }
}

/// A deduction technique: its description, and one pass of it over a grid.
///
/// `CAPTION` is a template the page fills with a step's evidence: `{units}`, `{boxes}`,
/// `{digits}` (lists in words, "A1, B2 and C3"), `{unit1}`, `{unit2}`, …, `{box1}`, `{box2}`, …
/// (one item), `{digit}` (the first digit), `{changed}` (the boxes the step changed),
/// `{chain}` (a step's chain, in Eureka's notation: docs/trace-format.md, "Strategies"),
/// `{chains}` (a forcing step's branches, each its line from premise to conclusion), `{sum}`
/// and `{combinations}` (a killer step's sum, and its combinations: "{6,9} or {7,8}"),
/// `{arithmetic}` (a 45 rule step's sum worked out from its houses and cage total: "row A
/// holds 45; the cages inside it sum to 37, so the innie A9 is 45 − 37 = 8"). The page shows
/// "`LABEL`: filled caption".
pub trait Strategy {
    /// The id in traces, share links and the facade, e.g. `naked_twins`.
    const ID: &'static str;
    /// The name in words, e.g. `Naked twins`.
    const LABEL: &'static str;
    /// One line on what it does.
    const DESCRIPTION: &'static str;
    const CAPTION: &'static str;
    /// The caption of a step whose evidence is a forcing step's branches (`{chains}`), for a
    /// strategy whose other steps carry a chain (`medusa`'s box emptied by a colour); empty
    /// where every step takes [`Strategy::CAPTION`].
    const FORCING_CAPTION: &'static str = "";
    /// One of the course's own strategies.
    const COURSE: bool;
    /// The difficulty of the technique on Sudoku Explainer's scale (its base rating: 1.2 hidden
    /// single, 2.6 pointing, 3.0 naked pair, ...; docs/ratings.md), which orders the registry.
    /// The rating (`crate::rating`) scores each step by it, but for the singles, whose score
    /// depends on the step.
    const RATING: f32;
    /// Holds only where the puzzle has exactly one solution (a uniqueness technique): its
    /// pass acts only when [`Pass::unique`] says so, and its caption says it assumes it.
    const UNIQUENESS: bool = false;
    /// A last resort (the forcing chains and nets): in a round of `reduce_puzzle` it runs only
    /// when no strategy before it in the round changed anything, so its costly search meets a
    /// grid the easier rungs are stuck on.
    const LAST_RESORT: bool = false;

    /// Sudoku Explainer has no such technique (it finds the same removals later, by another
    /// technique: a finned fish or a W-wing as a chain): the rating's walk, which rates as
    /// Sudoku Explainer does, does not take it (docs/ratings.md, "Techniques Sudoku Explainer
    /// lacks"). The hint and the solve take it at its rung.
    const NOT_IN_SE: bool = false;
    /// Acts only on a puzzle's cages (a killer's): on a grid without cages it never acts, so
    /// no classic or diagonal puzzle needs it, and the generator (which makes those) refuses
    /// to look for one that does ([`crate::generate::never_needed`]).
    const CAGES: bool = false;
    /// Makes no step: it only ends a branch of the search (a contradiction) sooner, so a puzzle
    /// with one solution, whose solve never meets a contradiction without a guess, never needs
    /// it, and the generator refuses to look for one that does ([`crate::generate::never_needed`]).
    const NO_STEP: bool = false;
    /// Its steps' chains are one fixed pattern that Sudoku Explainer scores as a technique of
    /// its own (the strong-link rungs: [`Strategy::score`]), not by its chain rule's links and
    /// length (docs/ratings.md, "Chains").
    const OWN_SCORE: bool = false;

    /// A step's score on Sudoku Explainer's scale, where it depends on the step: from the grid
    /// before the step, its evidence and its chain (empty when it has none). `RATING` unless
    /// the strategy scores by its pattern's size (the wings: docs/ratings.md, "The scale").
    #[inline]
    fn score(_grid: &Grid, _evidence: &Evidence, _chain: &[ChainNode]) -> f32 {
        Self::RATING
    }

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

    /// `f` run on this pass with its sink behind [`Erased`]: the same position, steps and
    /// counts, through one vtable.
    #[inline(always)]
    #[cfg_attr(not(feature = "ladder"), allow(dead_code))]
    pub(crate) fn erased<R>(&mut self, f: impl FnOnce(&mut Pass<'_, Erased<'_>>) -> R) -> R {
        let mut sink = Erased::new(&mut *self.sink);
        let mut pass = Pass::new(&mut sink, self.at, self.position, &mut *self.steps);
        f(&mut pass)
    }

    /// The sink to hand [`Grid::set`].
    #[inline(always)]
    pub fn sink(&mut self) -> &mut S {
        self.sink
    }

    /// Whether the puzzle is known to have exactly one solution ([`At::unique`]).
    #[inline(always)]
    pub fn unique(&self) -> bool {
        self.at.unique
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

    /// [`Pass::step`] for a forcing step: the sink gets its branches (`nets`, one chain or net
    /// per premise), how they conclude and their node count, then the step.
    #[inline(always)]
    pub fn step_net(
        &mut self,
        evidence: Evidence,
        conclude: Conclude,
        nodes: usize,
        nets: &[Vec<NetNode>],
    ) {
        if S::ENABLED {
            self.sink.net(Forcing {
                step: 0,
                conclude,
                nodes: nodes as u32,
                chains: nets.to_vec(),
            });
        }
        self.step(evidence);
    }
}

/// The first unit each pair of boxes shares, after `first` (if any), for a step's evidence: at
/// most four. Two boxes that see each other only through a constraint beyond houses (a
/// variant's anti-knight, anti-king or cage) share none, and add none.
pub(crate) fn units_between(
    topo: &Topology,
    first: Option<Unit>,
    pairs: &[(Cell, Cell)],
) -> ([Unit; 4], usize) {
    let mut units = [Unit(0); 4];
    let mut n = 0;
    for u in first
        .into_iter()
        .chain(pairs.iter().filter_map(|&(a, b)| shared_unit(topo, a, b)))
        .take(4)
    {
        units[n] = u;
        n += 1;
    }
    (units, n)
}

/// Whether two different boxes see each other in the topology (its peers: a unit, an
/// exclusion or a cage in common), read from its bit sets.
#[inline]
pub(crate) fn sees(topo: &Topology, a: Cell, b: Cell) -> bool {
    a != b && topo.sees(a, b)
}

/// The first unit (in the topology's order) that holds both boxes, if they share one.
#[inline]
pub(crate) fn shared_unit(topo: &Topology, a: Cell, b: Cell) -> Option<Unit> {
    if a == b {
        return None;
    }
    topo.shared_unit(a, b)
}

/// Where `digit` fits in `unit`: how many boxes, and the first two of them.
pub(crate) fn two_places(
    grid: &Grid,
    topo: &Topology,
    unit: Unit,
    digit: Digit,
) -> (u32, [Cell; 2]) {
    let mut n = 0;
    let mut at = [Cell(0); 2];
    for &c in topo.unit(unit) {
        if grid.get(c).contains(digit) {
            if n < 2 {
                at[n as usize] = c;
            }
            n += 1;
        }
    }
    (n, at)
}

/// Removes `digit` from every box that sees every box of `seen` (at least one), but for the
/// boxes of `seen` and `keep`, in A1..I9 order. Whether it removed something, and the first
/// box it emptied.
pub(crate) fn remove_seeing<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    digit: Digit,
    seen: &[Cell],
    keep: &[Cell],
) -> (bool, Option<Cell>) {
    let bit = Digits::single(digit);
    let mut changed = false;
    let mut emptied = None;
    for &c in topo.peers(seen[0]) {
        let before = grid.get(c);
        if !before.contains(digit)
            || seen.contains(&c)
            || keep.contains(&c)
            || !seen[1..].iter().all(|&s| sees(topo, c, s))
        {
            continue;
        }
        let after = before.without(bit);
        grid.set(c, after, pass.sink());
        changed = true;
        if after.is_empty() && emptied.is_none() {
            emptied = Some(c);
        }
    }
    (changed, emptied)
}
