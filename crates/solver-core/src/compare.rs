//! What each strategy is worth: the same puzzle solved under the ladder of strategy sets, from
//! pure search to every strategy of the registry, one rung added at a time.

use crate::grid::Grid;
use crate::registry::COUNT;
use crate::result::Found;
use crate::search::solve;
use crate::trace::{Stats, StrategySet};

use crate::Options;
use serde::Serialize;

/// The ladder: no strategy, then each prefix of the registry, one rung more each time.
pub fn ladder() -> impl Iterator<Item = StrategySet> {
    (0..=COUNT).map(StrategySet::first)
}

/// One rung of the ladder: its strategies, how the solve ended, and its effort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    pub strategies: StrategySet,
    /// `solved`, `no_solution` or `capped` (the node cap of `opts.limits` was reached).
    pub verdict: &'static str,
    pub stats: Stats,
}

/// Solves `grid` under every set of the [`ladder`], with the variant and caps of `opts`.
pub fn compare_strategies(grid: &Grid, opts: &Options) -> Vec<Comparison> {
    ladder()
        .map(|strategies| {
            let r = solve(
                grid,
                &Options {
                    strategies,
                    ..*opts
                },
            );
            let verdict = match r.found {
                Found::Solution(_) => "solved",
                Found::None(_) => "no_solution",
                Found::Capped(_) => "capped",
            };
            Comparison {
                strategies,
                verdict,
                stats: r.stats,
            }
        })
        .collect()
}

/// How hard a puzzle is, climbing the ladder rung by rung.
#[derive(Clone, Debug, PartialEq)]
pub enum Rating {
    /// The lowest prefix of the ladder whose `reduce_puzzle` solves the puzzle at the root (no
    /// guess): its last rung (`None` for a grid given complete), and that rung's difficulty on
    /// Sudoku Explainer's scale.
    Rung {
        position: Option<crate::trace::Position>,
        rating: f32,
    },
    /// Even the whole ladder needs guessing: the search under every strategy solved it in
    /// these nodes.
    Search { nodes: u64 },
    /// No solution: a prefix refutes the puzzle at the root, or the search does.
    NoSolution,
    /// The search under every strategy reached a cap of `opts.limits`.
    Capped(crate::trace::Limit),
}

/// Rates `grid`: `reduce_puzzle` at the root under each prefix of the [`ladder`], lowest first,
/// until one solves or refutes it; the whole ladder's search when none does. The variant and
/// caps are those of `opts`.
pub fn rate(grid: &Grid, opts: &Options) -> Rating {
    let topo = crate::topology::Topology::of(opts.variant);
    if grid.cells().iter().any(|d| d.is_empty()) {
        return Rating::NoSolution;
    }
    for (k, strategies) in ladder().enumerate() {
        let mut g = *grid;
        let reduced = crate::reduce::reduce_puzzle(
            &mut g,
            topo,
            strategies,
            &mut crate::trace::NoTrace,
            crate::strategy::At::default(),
            &mut crate::trace::StepCounts::default(),
        );
        if reduced.is_err() {
            return Rating::NoSolution;
        }
        if g.is_complete() {
            let position = k.checked_sub(1).map(|i| i as crate::trace::Position);
            let rating = position.map_or(0.0, |p| crate::registry::info(p).rating);
            return Rating::Rung { position, rating };
        }
    }
    let all = Options {
        strategies: StrategySet::ALL,
        ..*opts
    };
    let r = crate::search::solve(grid, &all);
    match r.found {
        Found::Solution(_) => Rating::Search {
            nodes: r.stats.nodes,
        },
        Found::None(_) => Rating::NoSolution,
        Found::Capped(limit) => Rating::Capped(limit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, Variant};

    #[test]
    fn seed_003_in_numbers() {
        // The easy solution with A7, B8, E6 and I9 empty: 4227 nodes without pruning, 1 with.
        let puzzle =
            "483921.579673458.125187649354813297672956.13813679824537268951481425376969541738.";
        let grid = parse(puzzle, Variant::Standard).unwrap();
        let rungs = compare_strategies(&grid, &Options::default());
        let nodes: Vec<u64> = rungs.iter().map(|c| c.stats.nodes).collect();
        assert!(rungs.iter().all(|c| c.verdict == "solved"));
        assert_eq!(nodes.len(), COUNT + 1);
        assert!(nodes[1..].iter().all(|&n| n == 1), "{nodes:?}");
        assert_eq!(nodes[0], 4227);
        assert_eq!(rungs[0].stats.steps.get(0), 0);
        assert!(rungs[1].stats.steps.get(0) > 0);
    }

    #[test]
    fn rating_climbs_the_ladder() {
        let rate_of = |p: &str| rate(&parse(p, Variant::Standard).unwrap(), &Options::default());
        // Seed 003's easy puzzle: eliminate (naked singles) alone solves it.
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert_eq!(
            rate_of(easy),
            Rating::Rung {
                position: Some(0),
                rating: 2.3
            }
        );
        // easy50's 2nd: eliminate stalls, only choice (hidden singles) finishes it.
        let hidden =
            "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3";
        assert_eq!(
            rate_of(hidden),
            Rating::Rung {
                position: crate::registry::position("only_choice"),
                rating: 1.5
            }
        );
        // Seed 003's harder puzzle: the course's rungs guess, pointing solves it.
        let harder =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert_eq!(
            rate_of(harder),
            Rating::Rung {
                position: crate::registry::position("pointing"),
                rating: 2.6
            }
        );
        // top95's 7th needs guessing under every rung.
        let top95_7 =
            "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....";
        match rate_of(top95_7) {
            Rating::Search { nodes } => assert!(nodes > 1),
            other => panic!("{other:?}"),
        }
        // A complete grid needs no rung.
        let full =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        assert_eq!(
            rate_of(full),
            Rating::Rung {
                position: None,
                rating: 0.0
            }
        );
        // No box of row A can hold 9: the no-place rung refutes it without a guess.
        let no_nine = ["12345678"; 9].join(" ") + &" .".repeat(72);
        assert_eq!(rate_of(&no_nine), Rating::NoSolution);
    }

    #[test]
    fn pure_search_is_capped_on_a_hard_puzzle() {
        let hard =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = parse(hard, Variant::Standard).unwrap();
        let mut opts = Options::default();
        opts.limits.max_nodes = 10_000;
        let rungs = compare_strategies(&grid, &opts);
        assert_eq!(rungs[0].verdict, "capped");
        assert_eq!(rungs[0].stats.nodes, 10_000);
        assert_eq!(rungs[2].verdict, "solved");
        assert!(rungs[2].stats.nodes < rungs[1].stats.nodes);
    }
}
