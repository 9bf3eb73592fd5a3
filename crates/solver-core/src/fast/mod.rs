//! The untraced fast path behind [`crate::solve`], [`crate::count_solutions`] and
//! [`crate::solve_and_count`]: the same search as the traced one, with propagation in another
//! order, on bitboards (`bitboard`: per digit the boxes where it is still possible, three bands
//! of 27 bits). It has a form for two strategy sets, eliminate, only choice and no place, with or
//! without naked twins, in both variants; every other set, and a grid given with an empty box,
//! takes the traced code with [`crate::trace::NoTrace`] (the callers fall back when this path
//! answers `None`).
//!
//! **Why only these sets.** Propagating in another order reaches the same result only where the
//! result does not depend on the order. With `no_place` on, `reduce_puzzle` runs to the full
//! fixpoint, and a digit with no place in a unit is a contradiction. Only choice with that check,
//! eliminate and (with eliminate) naked twins then only remove candidates, and each removal stays
//! true of any state both paths could reach without a contradiction: if the traced
//! `reduce_puzzle` reaches a fixpoint `F`, every state the fast order passes through holds `F`
//! (box by box), so it cannot meet a contradiction and it stops at `F`; if the traced run meets a
//! contradiction, so must the fast one, or the traced run would have stayed above the fast
//! fixpoint. With only the course's strategies, `reduce_puzzle` follows the course's round rule
//! (stop when a round solves no new box) and the course's only choice (a digit with no place is
//! passed over), which make the result depend on the course's order: those sets take the traced
//! code.
//!
//! So the search tree, node count, guesses, backtracks, depth and solution are the traced run's
//! (`tests/fast_agrees.rs` and `bitboard`'s own tests check it node by node).
//!
//! `Stats::steps` is left at zero: steps exist only in the traced order.
//!
//! The root's contradiction, part of the verdict, is taken from the traced code (one
//! `reduce_puzzle` at the root), so its wording is the traced run's too.

mod bitboard;

use crate::digits::Digits;
use crate::grid::Grid;
use crate::limits::Limit;
use crate::registry;
use crate::result::{Count, Found, Solve};
use crate::strategy::At;
use crate::topology::Cell;
use crate::topology::Variant;
use crate::trace::{Contradiction, NoTrace, Stats, StepCounts, StrategyId, StrategySet};
use crate::Options;

/// The candidates of the 81 boxes as 9-bit masks, and a scratch slot (`bitboard`'s layout).
type Cells = [u16; 82];

/// The registry position of a strategy this path has a form of.
const fn known(id: &str) -> StrategyId {
    match registry::position(id) {
        Some(p) => p,
        None => panic!("the fast path's strategies are in the registry"),
    }
}

const ELIMINATE: StrategyId = known("eliminate");
const ONLY_CHOICE: StrategyId = known("only_choice");
const NAKED_TWINS: StrategyId = known("naked_twins");
const NO_PLACE: StrategyId = known("no_place");
/// The sets with a bitboard form.
pub(crate) const ELIMINATE_ONLY_CHOICE: StrategySet = StrategySet::NONE
    .with(ELIMINATE)
    .with(ONLY_CHOICE)
    .with(NO_PLACE);
pub(crate) const WITH_TWINS: StrategySet = ELIMINATE_ONLY_CHOICE.with(NAKED_TWINS);

/// Solves as [`crate::search::solve`] does, or `None` when the strategies need the traced code.
pub(crate) fn solve(grid: &Grid, opts: &Options) -> Option<Solve> {
    let mut s = Searcher::new(opts, 1);
    let found = s.run(grid)?;
    Some(Solve {
        found,
        stats: s.stats,
    })
}

/// Counts as [`crate::search::count_solutions`] does, or `None` as [`solve`].
pub(crate) fn count_solutions(grid: &Grid, opts: &Options, max: u32) -> Option<Count> {
    let mut s = Searcher::new(opts, max.max(1));
    Some(match s.run(grid)? {
        Found::Capped(_) => Count::Capped(s.solutions),
        _ if s.solutions >= max => Count::AtLeast(s.solutions),
        _ => Count::Exactly(s.solutions),
    })
}

/// [`crate::search::solve_and_count`], or `None` as [`solve`].
pub(crate) fn solve_and_count(grid: &Grid, opts: &Options, max: u32) -> Option<(Found, Count)> {
    let mut s = Searcher::new(opts, max.max(1));
    let found = s.run(grid)?;
    let count = match found {
        Found::Capped(_) => Count::Capped(s.solutions),
        _ if s.solutions >= max => Count::AtLeast(s.solutions),
        _ => Count::Exactly(s.solutions),
    };
    let found = match (found, s.first) {
        (_, Some(cells)) => Found::Solution(to_grid(&cells)),
        (other, None) => other,
    };
    Some((found, count))
}

enum Visit {
    Stop,
    Continue,
    /// `Some` for a node whose every guess failed; `None` for a propagation contradiction.
    Dead(Option<Contradiction>),
}

struct Searcher<'a> {
    opts: &'a Options,
    stats: Stats,
    want: u32,
    solutions: u32,
    first: Option<Cells>,
    capped: Option<Limit>,
}

impl<'a> Searcher<'a> {
    fn new(opts: &'a Options, want: u32) -> Self {
        Searcher {
            opts,
            stats: Stats::default(),
            want,
            solutions: 0,
            first: None,
            capped: None,
        }
    }

    /// The traced `Searcher::run`, over bitboards. `None` when this path has no form of the
    /// strategy set, or the grid has an empty box.
    fn run(&mut self, grid: &Grid) -> Option<Found> {
        let s = self.opts.strategies;
        if s != ELIMINATE_ONLY_CHOICE && s != WITH_TWINS {
            return None;
        }
        // A plain copy (the scratch slot stays 0), and one test for an empty box over all 81.
        let mut cells: Cells = [0; 82];
        for (c, d) in cells.iter_mut().zip(grid.cells()) {
            *c = d.bits();
        }
        if cells[..81].iter().fold(false, |empty, &v| empty | (v == 0)) {
            return None;
        }
        let v = self.opts.variant;
        let t = bitboard::Bits::of(v);
        let mut b = bitboard::Board::from_cells(&cells);
        let visit = match (v, s == WITH_TWINS) {
            (Variant::Standard, false) => self.visit_bits::<false, false>(&mut b, t, 0, 0x1ff),
            (Variant::Standard, true) => self.visit_bits::<true, false>(&mut b, t, 0, 0x1ff),
            (Variant::Diagonal, false) => self.visit_bits::<false, true>(&mut b, t, 0, 0x1ff),
            (Variant::Diagonal, true) => self.visit_bits::<true, true>(&mut b, t, 0, 0x1ff),
        };
        self.stats.guesses = self.stats.nodes.saturating_sub(1);
        if let Some(limit) = self.capped {
            return Some(Found::Capped(limit));
        }
        Some(match (visit, self.first) {
            (_, Some(cells)) => Found::Solution(to_grid(&cells)),
            (Visit::Dead(Some(c)), None) => Found::None(c),
            (Visit::Dead(None), None) => Found::None(self.root_contradiction(grid)),
            (_, None) => Found::None(Contradiction::Exhausted {
                cell: Cell(0),
                choices: Digits::NONE,
            }),
        })
    }

    /// The contradiction the traced `reduce_puzzle` reports at the root.
    fn root_contradiction(&self, grid: &Grid) -> Contradiction {
        let mut g = *grid;
        let topo = crate::topology::Topology::of(self.opts.variant);
        let at = At::default();
        let mut counts = StepCounts::default();
        match crate::reduce::reduce_puzzle(
            &mut g,
            topo,
            self.opts.strategies,
            &mut NoTrace,
            at,
            &mut counts,
        ) {
            Err(c) => c,
            Ok(()) => unreachable!("the fast path found a contradiction the traced path does not"),
        }
    }

    /// `visit` over bitboards, for `eliminate` with `only_choice` (`N`: with `naked_twins`;
    /// `D`: diagonal mode). `dirty`: the digits whose boards changed since the last fixpoint.
    fn visit_bits<const N: bool, const D: bool>(
        &mut self,
        board: &mut bitboard::Board,
        t: &bitboard::Bits,
        depth: u32,
        dirty: u32,
    ) -> Visit {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if bitboard::reduce::<N, D>(board, t, dirty).is_err() {
            return Visit::Dead(None);
        }
        let Some(cell) = board.fewest_candidates() else {
            // Complete; with `eliminate`, no digit is solved twice.
            self.solutions += 1;
            if self.first.is_none() {
                self.first = Some(board.to_cells());
            }
            return if self.solutions >= self.want {
                Visit::Stop
            } else {
                Visit::Continue
            };
        };
        let choices = board.cell(cell) as u32;
        let mut rest = choices;
        let mut any_solution = false;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.stats.nodes >= self.opts.limits.max_nodes {
                self.capped = Some(Limit::Nodes);
                return Visit::Stop;
            }
            let mut child = *board;
            let dirty = child.guess(cell, d, t);
            match self.visit_bits::<N, D>(&mut child, t, depth + 1, dirty) {
                Visit::Stop => return Visit::Stop,
                Visit::Continue => any_solution = true,
                Visit::Dead(_) => self.stats.backtracks += 1,
            }
        }
        if any_solution {
            Visit::Continue
        } else {
            Visit::Dead(Some(Contradiction::Exhausted {
                cell: Cell(cell as u8),
                choices: Digits::from_bits(choices as u16),
            }))
        }
    }
}

fn to_grid(cells: &Cells) -> Grid {
    Grid::from_cells(std::array::from_fn(|i| Digits::from_bits(cells[i])))
}
