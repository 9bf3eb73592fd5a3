//! The memory bound on a trace (docs/limits.md, "Trace memory"): a trace keeps at most
//! `Limits::MAX_STEPS` steps whatever `max_steps` asks for, a step changes at most 81 boxes,
//! and the in-memory sizes of a step and a change are the ones the bound is computed from.

use solver_core::trace::Change;
use solver_core::{
    parse, solve_traced, Limit, Limits, Options, Outcome, Step, StrategySet, Variant,
};

/// Norvig's impossible puzzle: with eliminate alone, millions of steps before any verdict.
const NORVIG: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

#[test]
fn a_trace_keeps_at_most_max_steps_whatever_is_asked() {
    let grid = parse(NORVIG, Variant::Standard).unwrap();
    let opts = Options {
        variant: Variant::Standard,
        strategies: StrategySet::parse_list("eliminate").unwrap(),
        // Enough nodes for several times MAX_STEPS steps.
        limits: Limits {
            max_nodes: 400_000,
            max_steps: usize::MAX,
        },
    };
    let t = solve_traced(&grid, &opts);
    assert_eq!(t.steps.len(), Limits::MAX_STEPS);
    assert_eq!(
        t.outcome,
        Outcome::Capped {
            limit: Limit::Steps,
            max: Limits::MAX_STEPS as u64
        },
        "the outcome names the cap that held"
    );
    assert_eq!(opts.limits.max(Limit::Steps), Limits::MAX_STEPS as u64);
    assert!(t.replay().is_ok(), "the kept steps still replay");
    let most = t.steps.iter().map(|s| s.changes.len()).max().unwrap();
    assert!(most <= 81, "a step changed {most} boxes");
    assert!(t.changes.len() <= 81 * t.steps.len());
}

#[test]
fn a_step_and_a_change_take_the_bytes_the_bound_is_computed_from() {
    // docs/limits.md computes the most a trace holds from these sizes; a larger Step or
    // Change needs the bound there recomputed.
    assert!(
        std::mem::size_of::<Step>() <= 76,
        "Step is {} bytes",
        std::mem::size_of::<Step>()
    );
    assert!(
        std::mem::size_of::<Change>() <= 6,
        "Change is {} bytes",
        std::mem::size_of::<Change>()
    );
}
