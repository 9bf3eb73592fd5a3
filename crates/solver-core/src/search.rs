//! `search`: depth-first, on top of `reduce_puzzle`, as the course does it. Branch on the
//! unsolved box with the fewest candidates (ties: the first in A1..I9 order), digits ascending.

use crate::digits::Digits;
use crate::grid::Grid;
use crate::puzzle::{ModelError, Puzzle};
use crate::reduce::reduce_puzzle;
use crate::result::{Count, Found, Solve};
use crate::strategy::At;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Limit, NoTrace, Reason, Recorder, Sink, Stats, Trace};
use crate::Options;

/// Solves without a trace: the same code as [`solve_traced`] with the [`NoTrace`] sink, so the
/// same search, node count and step counts (`stats.steps`).
pub fn solve(grid: &Grid, opts: &Options) -> Solve {
    solve_in(grid, Topology::of(opts.variant), opts)
}

/// [`solve`] on any topology (a variant puzzle's, `crate::puzzle::Puzzle::topology`); the
/// options' variant is not read.
pub fn solve_in(grid: &Grid, topo: &Topology, opts: &Options) -> Solve {
    let mut s = Searcher::new(topo, opts, NoTrace, 1);
    let found = s.run(*grid);
    Solve {
        found,
        stats: s.stats,
    }
}

/// Solves and records every step. The outcome also counts solutions up to 2, as
/// `count_solutions(grid, opts, 2)` does (see [`count_untried`]).
pub fn solve_traced(grid: &Grid, opts: &Options) -> Trace {
    solve_traced_in(grid, Topology::of(opts.variant), opts)
}

/// [`solve_traced`] on any topology; the options' variant is not read.
pub fn solve_traced_in(grid: &Grid, topo: &Topology, opts: &Options) -> Trace {
    let mut s = Searcher::new(topo, opts, Recorder::new(opts.limits.max_steps), 1);
    s.untried = Some(Vec::new());
    let found = s.run(*grid);
    let outcome = match found {
        Found::Solution(g) => {
            let untried = s.untried.take().unwrap_or_default();
            crate::Outcome::Solved {
                solution: g.to_line(),
                solutions: count_untried(&untried, topo, opts, s.stats.nodes),
            }
        }
        Found::None(contradiction) => crate::Outcome::NoSolution { contradiction },
        Found::Capped(limit) => crate::Outcome::Capped {
            limit,
            max: opts.limits.max(limit),
        },
    };
    let recorded = s.sink.finish_all();
    Trace {
        format: crate::check::FORMAT,
        variant: topo.variant,
        puzzle: None,
        strategies: opts.strategies,
        units: Trace::units_of(topo),
        initial: grid.cells().to_vec(),
        steps: recorded.steps,
        changes: recorded.changes,
        chains: recorded.chains,
        chain_nodes: recorded.chain_nodes,
        forcing: recorded.forcing,
        outcome,
        stats: s.stats,
    }
}

/// [`solve_traced_in`] on a puzzle as the constraint model states it: its topology and givens
/// (an error names what is not well formed), and the trace carries the puzzle (format 4's
/// `puzzle`) when it is more than the classic shape its `variant` names or has a title or an
/// author. The options' variant is not read.
pub fn solve_traced_puzzle(puzzle: &Puzzle, opts: &Options) -> Result<Trace, ModelError> {
    let topo = puzzle.topology()?;
    let grid = puzzle.grid(&topo)?;
    let mut trace = solve_traced_in(&grid, &topo, opts);
    trace.puzzle = Trace::puzzle_of(puzzle, &topo);
    Ok(trace)
}

/// The count of solutions up to 2 of a puzzle whose search (the one [`count_solutions`] runs)
/// found its first solution at its `nodes`-th node: `1` unique, `2` two or more, `0` when the
/// node cap cut the count short, exactly as `count_solutions(grid, opts, 2)` answers.
///
/// Everything that search visited before its first solution held no solution, so a second one
/// can only be under the digits not tried yet at the guesses on the path to the first: `untried`,
/// each guess's grid (after `reduce_puzzle`), box and digits, deepest first. Counting goes on
/// there in the order that search would go on, each child solved untraced with the nodes that
/// search would have had left, so the cap cuts where it would have cut.
fn count_untried(
    untried: &[(Grid, Cell, Digits)],
    topo: &Topology,
    opts: &Options,
    nodes: u64,
) -> u32 {
    let max_nodes = opts.limits.max_nodes;
    let mut used = nodes;
    for &(grid, cell, digits) in untried {
        for digit in digits.iter() {
            if used >= max_nodes {
                return 0;
            }
            let mut child = grid;
            child.set(cell, Digits::single(digit), &mut NoTrace);
            let mut sub = *opts;
            sub.limits.max_nodes = max_nodes - used;
            let r = solve_in(&child, topo, &sub);
            match r.found {
                Found::Solution(_) => return 2,
                Found::Capped(_) => return 0,
                Found::None(_) => used += r.stats.nodes,
            }
        }
    }
    1
}

/// Counts solutions up to `max` (so `2` tells unique from not).
pub fn count_solutions(grid: &Grid, opts: &Options, max: u32) -> Count {
    count_solutions_in(grid, Topology::of(opts.variant), opts, max)
}

/// [`count_solutions`] on any topology; the options' variant is not read.
pub fn count_solutions_in(grid: &Grid, topo: &Topology, opts: &Options, max: u32) -> Count {
    let mut s = Searcher::new(topo, opts, NoTrace, max.max(1));
    match s.run(*grid) {
        Found::Capped(_) => Count::Capped(s.solutions),
        _ if s.solutions >= max => Count::AtLeast(s.solutions),
        _ => Count::Exactly(s.solutions),
    }
}

/// The first solution (as [`solve`] finds it) and the count up to `max`, in one search: the
/// search goes on past the first solution instead of starting again. The `Found` is `solve`'s
/// verdict (a node cap hit before the first solution is `Capped`; hit after it, the solution
/// stands and the count is `Count::Capped(1)`), the `Count` is [`count_solutions`]'s.
pub fn solve_and_count(grid: &Grid, opts: &Options, max: u32) -> (Found, Count) {
    solve_and_count_in(grid, Topology::of(opts.variant), opts, max)
}

/// [`solve_and_count`] on any topology; the options' variant is not read.
pub fn solve_and_count_in(
    grid: &Grid,
    topo: &Topology,
    opts: &Options,
    max: u32,
) -> (Found, Count) {
    let mut s = Searcher::new(topo, opts, NoTrace, max.max(1));
    let found = s.run(*grid);
    let count = match found {
        Found::Capped(_) => Count::Capped(s.solutions),
        _ if s.solutions >= max => Count::AtLeast(s.solutions),
        _ => Count::Exactly(s.solutions),
    };
    let found = match (found, s.first) {
        (_, Some(first)) => Found::Solution(first),
        (other, None) => other,
    };
    (found, count)
}

enum Visit {
    /// Stop the whole search: enough solutions, or a cap.
    Stop,
    /// The subtree held solutions, but not enough yet: go on with the siblings.
    Continue,
    Dead(Contradiction),
}

struct Searcher<'a, S: Sink> {
    topo: &'a Topology,
    opts: &'a Options,
    sink: S,
    stats: Stats,
    want: u32,
    solutions: u32,
    first: Option<Grid>,
    capped: Option<Limit>,
    /// When `Some`, filled on the way back from the first solution: for each guess on its path,
    /// deepest first, the guessing node's grid, its guess box and the digits not tried yet.
    untried: Option<Vec<(Grid, Cell, Digits)>>,
}

impl<'a, S: Sink> Searcher<'a, S> {
    fn new(topo: &'a Topology, opts: &'a Options, sink: S, want: u32) -> Self {
        Searcher {
            topo,
            opts,
            sink,
            stats: Stats::default(),
            want,
            solutions: 0,
            first: None,
            capped: None,
            untried: None,
        }
    }

    fn run(&mut self, mut grid: Grid) -> Found {
        // A box given with no candidates (possible through `Grid::from_cells`, never through
        // `parse`) is a contradiction no strategy reports: each reports only the boxes it
        // empties, and without `eliminate` search would fill the other boxes and call it solved.
        if let Some(cell) = Cell::all().find(|&c| grid.get(c).is_empty()) {
            self.stats.nodes = 1;
            return Found::None(Contradiction::EmptyBox { cell });
        }
        let root = At::root(
            &grid,
            self.opts.variant,
            self.opts.strategies,
            self.opts.limits.max_nodes,
        );
        let visit = self.visit(&mut grid, root);
        self.stats.guesses = self.stats.nodes.saturating_sub(1);
        if let Some(limit) = self.capped {
            return Found::Capped(limit);
        }
        match (visit, self.first) {
            (_, Some(g)) => Found::Solution(g),
            (Visit::Dead(c), None) => Found::None(c),
            // Unreachable in practice: a finished search without a solution has a root contradiction.
            (_, None) => Found::None(Contradiction::Exhausted {
                cell: Cell(0),
                choices: Digits::NONE,
            }),
        }
    }

    fn visit(&mut self, grid: &mut Grid, at: At) -> Visit {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(at.depth);
        if let Err(c) = reduce_puzzle(
            grid,
            self.topo,
            self.opts.strategies,
            &mut self.sink,
            at,
            &mut self.stats.steps,
        ) {
            return Visit::Dead(c);
        }
        let next = fewest_candidates(grid);
        // reduce_puzzle stopped short of a solution (its `stop` step). Counted before the cap is
        // checked, so that a capped trace's stats never count fewer stops than its steps hold.
        if next.is_some() && !self.opts.strategies.is_empty() {
            self.stats.stops += 1;
        }
        if self.sink.full() {
            self.capped = Some(Limit::Steps);
            return Visit::Stop;
        }
        let Some(cell) = next else {
            // Complete and consistent (reduce_puzzle checked it).
            self.solutions += 1;
            self.first.get_or_insert(*grid);
            return if self.solutions >= self.want {
                Visit::Stop
            } else {
                Visit::Continue
            };
        };
        let choices = grid.get(cell);
        let mut any_solution = false;
        let mut rest = choices.bits();
        while rest != 0 {
            let digit = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            if self.stats.nodes >= self.opts.limits.max_nodes {
                self.capped = Some(Limit::Nodes);
                return Visit::Stop;
            }
            let child_at = at.child(self.stats.nodes as u32);
            let mut child = *grid;
            child.set(cell, Digits::single(digit), &mut self.sink);
            self.sink.step(
                child_at.node,
                child_at.depth,
                Reason::Guess {
                    cell,
                    digit,
                    choices,
                    parent: at.node,
                },
            );
            match self.visit(&mut child, child_at) {
                Visit::Stop => {
                    if let Some(untried) = &mut self.untried {
                        if self.first.is_some() && self.capped.is_none() {
                            untried.push((*grid, cell, Digits::from_bits(rest)));
                        }
                    }
                    return Visit::Stop;
                }
                Visit::Continue => any_solution = true,
                Visit::Dead(contradiction) => {
                    self.stats.backtracks += 1;
                    if S::ENABLED {
                        for c in Cell::all() {
                            child.set(c, grid.get(c), &mut self.sink);
                        }
                        let reason = Reason::Backtrack {
                            parent: at.node,
                            contradiction,
                        };
                        self.sink.step(child_at.node, child_at.depth, reason);
                    }
                }
            }
        }
        if any_solution {
            Visit::Continue
        } else {
            Visit::Dead(Contradiction::Exhausted { cell, choices })
        }
    }
}

/// The unsolved box with the fewest candidates, the first in A1..I9 order on a tie.
fn fewest_candidates(grid: &Grid) -> Option<Cell> {
    let mut best: Option<(u32, Cell)> = None;
    for c in Cell::all() {
        let d = grid.get(c);
        if d.is_pair() {
            return Some(c); // no unsolved box has fewer
        }
        if d.solved().is_some() || d.is_empty() {
            continue;
        }
        let n = d.len();
        if best.is_none_or(|(m, _)| n < m) {
            best = Some((n, c));
        }
    }
    best.map(|(_, c)| c)
}
