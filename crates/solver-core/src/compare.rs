//! What each strategy is worth: the same puzzle solved under the ladder of strategy sets, from
//! pure search to every strategy of the registry, one rung added at a time.

use crate::grid::Grid;
use crate::registry::COUNT;
use crate::result::Found;
use crate::search::solve_in;
use crate::topology::Topology;
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
    compare_strategies_in(grid, Topology::of(opts.variant), opts)
}

/// [`compare_strategies`] on any topology (a variant puzzle's); the options' variant is not read.
pub fn compare_strategies_in(grid: &Grid, topo: &Topology, opts: &Options) -> Vec<Comparison> {
    ladder()
        .map(|strategies| {
            let r = solve_in(
                grid,
                topo,
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
