//! The easiest step available in a candidate grid: the first strategy of a set, in ladder order
//! (the registry's, by difficulty), that makes a step there, and only that strategy's first
//! step. The rating (`crate::rating`) and the hint walk the puzzle with it.

use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::registry;
use crate::strategy::{At, Pass};
use crate::topology::{Cell, Topology};
use crate::trace::{
    ChainNode, Contradiction, Evidence, Forcing, Position, Reason, Recorder, Sink, Step,
    StrategySet,
};

/// One step found, not yet made: the strategy, its evidence, each changed box's candidates
/// after it (in the order the strategy changed them), and its chain (empty when it has none).
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub position: Position,
    pub evidence: Evidence,
    changes: Vec<(Cell, Digits)>,
    chain: Vec<ChainNode>,
    /// A forcing step's branches.
    forcing: Option<Forcing>,
    /// Its strategy's score for this step before any length is added
    /// (`crate::registry::step_score`: its `RATING`, or a wing's by its size).
    base: f32,
}

impl Found {
    /// A step found by other means than the strategy's pass (the rating's direct techniques,
    /// `crate::direct`): the strategy's evidence on that grid, and some of the removals its
    /// pass would make there.
    pub(crate) fn new(
        position: Position,
        evidence: Evidence,
        changes: Vec<(Cell, Digits)>,
    ) -> Found {
        Found {
            position,
            evidence,
            changes,
            chain: Vec::new(),
            forcing: None,
            base: crate::registry::info(position).rating,
        }
    }

    /// The changed boxes and their candidates after the step.
    pub fn changes(&self) -> &[(Cell, Digits)] {
        &self.changes
    }

    /// The step's chain, when its evidence is one.
    pub fn chain(&self) -> &[ChainNode] {
        &self.chain
    }

    /// A forcing step's branches, how they conclude and their node count.
    pub fn forcing(&self) -> Option<&Forcing> {
        self.forcing.as_ref()
    }

    /// The step's score on Sudoku Explainer's scale, the one rule for every step of the walk
    /// (docs/ratings.md, "Chains"): a forcing step's is its strategy's `RATING` plus the
    /// length's tenths of its branches' nodes (`forcing::forcing_rating`); a chain's is its
    /// links' base plus its length's tenths (`chains::chain_score`), but for a chain through an
    /// almost locked set (`chains::has_als`), whose score is its strategy's (as the SE-scale
    /// solvers that have them score it, docs/ratings.md, "Almost locked sets"; SE's larger
    /// wings by their size); any other step's is its strategy's: its `RATING`, or for a wing
    /// the score of its size (`Strategy::score`).
    pub fn score(&self) -> f32 {
        let base = self.base;
        if let Some(f) = &self.forcing {
            crate::strategy::forcing::forcing_rating(base, f.nodes as usize)
        } else if self.scored_as_chain() {
            crate::strategy::chains::chain_score(&self.chain)
        } else {
            base
        }
    }

    /// Whether the step is scored by Sudoku Explainer's chain rule: it has a chain, through no
    /// almost locked set (`chains::has_als`), of a strategy that does not score its chains as
    /// its own technique (`Strategy::OWN_SCORE`: the strong-link rungs).
    pub fn scored_as_chain(&self) -> bool {
        !self.chain.is_empty()
            && !crate::strategy::chains::has_als(&self.chain)
            && !StrategySet::OWN_SCORE.contains(self.position)
    }

    /// Makes the step on `grid`: each change through [`Grid::set`], then the step closed in
    /// `sink` as the strategy's pass closes it.
    pub fn take<S: Sink>(&self, grid: &mut Grid, sink: &mut S, at: At) {
        for &(cell, after) in &self.changes {
            grid.set(cell, after, sink);
        }
        self.close(sink, at);
    }

    /// [`Found::take`] for a step whose every change removes `digit` and only it (the walk's
    /// `eliminate` steps): the same grid, changes and step, the changes made at once
    /// ([`Grid::remove_digit`]).
    pub(crate) fn take_removal<S: Sink>(
        &self,
        grid: &mut Grid,
        digit: Digit,
        sink: &mut S,
        at: At,
    ) {
        grid.remove_digit(&self.changes, digit, sink);
        self.close(sink, at);
    }

    /// The step closed in `sink` as the strategy's pass closes it.
    fn close<S: Sink>(&self, sink: &mut S, at: At) {
        if S::ENABLED {
            if !self.chain.is_empty() {
                sink.chain(&self.chain);
            }
            if let Some(f) = &self.forcing {
                sink.net(f.clone());
            }
            let reason = Reason::Strategy {
                position: self.position,
                evidence: self.evidence,
            };
            sink.step(at.node, at.depth, reason);
        }
    }
}

/// The first step the strategy at `position` makes on `grid`, found on a copy (`grid` is not
/// changed); `None` when its pass makes none. A contradiction its pass meets before any step is
/// the error; one met after the first step is the next step's business. Uniqueness strategies
/// make no step here ([`first_step_at`] tells them the grid has one solution).
pub fn first_step(
    position: Position,
    grid: &Grid,
    topo: &Topology,
) -> Result<Option<Found>, Contradiction> {
    first_step_at(position, grid, topo, At::default())
}

/// [`first_step`] with the pass at `at`: `at.unique` says the grid is known to have exactly
/// one solution, which lets a uniqueness strategy step.
pub fn first_step_at(
    position: Position,
    grid: &Grid,
    topo: &Topology,
    at: At,
) -> Result<Option<Found>, Contradiction> {
    let mut scratch = *grid;
    // A recorder of one step: the pass runs on to its end (but for the chain searches, which
    // stop once their sink is full: each further search is costly), and whatever it does after
    // its first step is dropped. The recorder is also the
    // traced solve's sink, so the strategies are compiled for no third one.
    let mut sink = Recorder::new(1);
    let mut steps = 0;
    let mut pass = Pass::new(&mut sink, at, position, &mut steps);
    let result = registry::apply_at(position, &mut scratch, topo, &mut pass);
    let rec = sink.finish_all();
    match rec.steps.first() {
        Some(&Step {
            reason: Reason::Strategy { evidence, .. },
            ref changes,
            ..
        }) => {
            let changes = rec.changes[changes.start as usize..changes.end as usize]
                .iter()
                .map(|c| (c.cell, c.after))
                .collect();
            let chain = match rec.chains.first() {
                Some(c) if c.step == 0 => {
                    rec.chain_nodes[c.nodes.start as usize..c.nodes.end as usize].to_vec()
                }
                _ => Vec::new(),
            };
            let forcing = rec.forcing.into_iter().find(|f| f.step == 0);
            let base = registry::step_score(position, grid, &evidence, &chain);
            Ok(Some(Found {
                position,
                evidence,
                changes,
                chain,
                forcing,
                base,
            }))
        }
        _ => result.map(|()| None),
    }
}

/// The easiest step available on `grid` for `set`: the first strategy in ladder order that
/// makes a step, and its first step; `None` when none does.
pub fn easiest_step(
    grid: &Grid,
    topo: &Topology,
    set: StrategySet,
) -> Result<Option<Found>, Contradiction> {
    for position in set.positions() {
        if let Some(found) = first_step(position, grid, topo)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::position;
    use crate::trace::{NoTrace, StepCounts};
    use crate::{parse, Variant};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn the_first_step_is_the_first_step_of_a_pass() {
        let topo = Topology::of(Variant::Standard);
        let grid = parse(EASY, Variant::Standard).unwrap();
        let eliminate = position("eliminate").unwrap();
        let found = first_step(eliminate, &grid, topo).unwrap().unwrap();
        // The pass's first step: A3, the first given, removes 3 from its peers.
        assert_eq!(found.evidence.boxes(), &[Cell(2)]);
        assert_eq!(found.evidence.digits(), Digits::single(3));
        assert!(!found.changes().is_empty());
        assert!(found.changes().iter().all(|&(_, d)| !d.contains(3)));
        // The same as the first step of a traced pass.
        let mut rec = crate::trace::Recorder::new(100);
        let mut g = grid;
        let mut counts = StepCounts::default();
        let mut pass = Pass::new(&mut rec, At::default(), eliminate, counts.of(eliminate));
        registry::apply_at(eliminate, &mut g, topo, &mut pass).unwrap();
        let first = rec.steps[0].changes.clone();
        let kept: Vec<(Cell, Digits)> = rec.changes[first.start as usize..first.end as usize]
            .iter()
            .map(|c| (c.cell, c.after))
            .collect();
        assert_eq!(kept, found.changes());
        // Taking it changes exactly those boxes.
        let mut g = grid;
        found.take(&mut g, &mut NoTrace, At::default());
        let differ: Vec<usize> = (0..81)
            .filter(|&i| g.cells()[i] != grid.cells()[i])
            .collect();
        assert_eq!(differ.len(), found.changes().len());
    }

    #[test]
    fn the_easiest_step_is_the_lowest_strategy_that_steps() {
        let topo = Topology::of(Variant::Standard);
        // easy50's 2nd: eliminate alone stalls on it.
        let hidden =
            "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3";
        let mut grid = parse(hidden, Variant::Standard).unwrap();
        let eliminate = position("eliminate").unwrap();
        // Eliminate until it has nothing left: then only choice is the easiest.
        while let Some(f) = first_step(eliminate, &grid, topo).unwrap() {
            f.take(&mut grid, &mut NoTrace, At::default());
        }
        let found = easiest_step(&grid, topo, StrategySet::ALL)
            .unwrap()
            .unwrap();
        assert_eq!(found.position, position("only_choice").unwrap());
        assert_eq!(found.changes().len(), 1);
        // Without only choice, a higher strategy or none.
        let without = StrategySet::ALL.without(found.position);
        if let Some(f) = easiest_step(&grid, topo, without).unwrap() {
            assert!(f.position > found.position);
        }
    }

    #[test]
    fn a_contradiction_before_any_step_is_the_answer() {
        let topo = Topology::of(Variant::Standard);
        // No box of row A can hold 9.
        let no_nine = ["12345678"; 9].join(" ") + &" .".repeat(72);
        let grid = parse(&no_nine, Variant::Standard).unwrap();
        let no_place = position("no_place").unwrap();
        assert!(first_step(no_place, &grid, topo).is_err());
        assert!(easiest_step(&grid, topo, StrategySet::NONE.with(no_place)).is_err());
    }
}
