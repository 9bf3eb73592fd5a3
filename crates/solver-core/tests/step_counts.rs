//! `stats.steps` counts every step of each strategy that the trace holds, including the steps of
//! a pass that ended in a contradiction (they are in the trace).

mod common;

use common::{every_strategy_set, puzzles};
use solver_core::trace::{Reason, StepCounts};
use solver_core::{parse, solve_traced, Limits, Options, Outcome, Variant, REGISTRY};

/// The steps of each strategy in a trace, counted from the steps themselves.
fn counted(steps: &[solver_core::Step]) -> StepCounts {
    let mut c = StepCounts::default();
    for s in steps {
        if let Reason::Strategy { position, .. } = s.reason {
            *c.of(position) += 1;
        }
    }
    c
}

#[test]
fn stats_count_the_steps_the_trace_holds() {
    let mut lines = puzzles("top95.txt");
    lines.extend(puzzles("hardest.txt"));
    let mut with_backtracks = 0;
    for variant in [Variant::Standard, Variant::Diagonal] {
        for strategies in every_strategy_set() {
            for line in &lines {
                let Ok(grid) = parse(line, variant) else {
                    continue;
                };
                let opts = Options {
                    variant,
                    strategies,
                    limits: Limits {
                        max_nodes: 2_000,
                        ..Limits::default()
                    },
                };
                let t = solve_traced(&grid, &opts);
                if matches!(t.outcome, Outcome::Capped { .. }) {
                    continue;
                }
                let c = counted(&t.steps);
                assert_eq!(t.stats.steps, c, "{variant:?} {strategies:?} {line}");
                with_backtracks += (t.stats.backtracks > 0) as u32;
            }
        }
    }
    // The case that mattered (a contradiction ending a pass) came up, many times.
    assert!(with_backtracks > 100, "{with_backtracks}");
}

/// A trace capped by its steps holds the first `max_steps` steps; the count goes on to the
/// end of the round of `reduce_puzzle` in which the cap was reached, so it is never less.
#[test]
fn a_trace_capped_by_steps_holds_no_more_than_the_count() {
    let line = &puzzles("top95.txt")[20];
    let grid = parse(line, Variant::Standard).unwrap();
    for max_steps in [1, 10, 100, 1000] {
        let opts = Options {
            limits: Limits {
                max_steps,
                ..Limits::default()
            },
            ..Options::default()
        };
        let t = solve_traced(&grid, &opts);
        assert!(matches!(t.outcome, Outcome::Capped { .. }));
        let c = counted(&t.steps);
        let s = t.stats.steps;
        assert!(c.get(0) > 0);
        assert!((0..REGISTRY.len() as u8).all(|id| c.get(id) <= s.get(id)));
    }
}
