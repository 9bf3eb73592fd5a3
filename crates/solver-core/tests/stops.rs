//! The `stop` step: where `reduce_puzzle` ends a node's rounds on an unfinished grid, by the
//! course's rule (a round that solves no new box) or the full fixpoint (a round that changes
//! nothing), and what it says about that round.

use solver_core::strategy::At;
use solver_core::trace::{Reason, Recorder, StepCounts};
use solver_core::*;

const TOP95: &str = include_str!("../../../puzzles/top95.txt");
const EASY50: &str = include_str!("../../../puzzles/easy50.txt");

fn opts(strategies: &str) -> Options {
    Options {
        strategies: StrategySet::parse_list(strategies).unwrap(),
        ..Options::default()
    }
}

fn trace(puzzle: &str, strategies: &str) -> Trace {
    solve_traced(
        &parse(puzzle, Variant::Standard).unwrap(),
        &opts(strategies),
    )
}

/// The stops of a trace, each with the grid it stopped on.
fn stops(t: &Trace) -> Vec<(usize, Reason, Grid)> {
    let mut cells: [Digits; 81] = std::array::from_fn(|i| t.initial[i]);
    let mut out = Vec::new();
    for (i, step) in t.steps.iter().enumerate() {
        for ch in t.changes_of(step) {
            cells[ch.cell.index()] = ch.after;
        }
        if let Reason::Stop { .. } = step.reason {
            out.push((i, step.reason.clone(), Grid::from_cells(cells)));
        }
    }
    out
}

/// What one more call of `reduce_puzzle` does on `grid`: its strategy steps, or `None` for a
/// contradiction.
fn another_call(grid: &Grid, set: StrategySet) -> Option<usize> {
    let mut g = *grid;
    let mut rec = Recorder::new(100_000);
    let topo = Topology::of(Variant::Standard);
    reduce_puzzle(
        &mut g,
        topo,
        set,
        &mut rec,
        At::default(),
        &mut StepCounts::default(),
    )
    .ok()?;
    let (steps, _) = rec.finish();
    Some(
        steps
            .iter()
            .filter(|s| matches!(s.reason, Reason::Strategy { .. }))
            .count(),
    )
}

#[test]
fn the_course_rule_stops_where_a_round_solves_no_box() {
    // top95's first puzzle with the course's three strategies: the root's rounds end after the
    // second, which removed 14 candidates (eliminate clearing the peers of the boxes the first
    // round solved) and solved no box; the first guess's node stops after one round that
    // removed 13 candidates, leaving work another round would do.
    let t = trace(
        TOP95.lines().next().unwrap(),
        "eliminate,only_choice,naked_twins",
    );
    let found = stops(&t);
    assert_eq!(found.len(), 4);
    assert_eq!(t.stats.stops, 4);
    let (first, root, _) = &found[0];
    assert_eq!(
        *root,
        Reason::Stop {
            rule: StopRule::Course,
            rounds: 2,
            removed: 14,
            pending: false
        }
    );
    assert_eq!(t.steps[*first].node, 0);
    let (_, second, _) = &found[1];
    assert_eq!(
        *second,
        Reason::Stop {
            rule: StopRule::Course,
            rounds: 1,
            removed: 13,
            pending: true
        }
    );
}

#[test]
fn pending_says_whether_another_round_would_change_the_grid() {
    let set = StrategySet::COURSE;
    let mut pending_seen = (0, 0);
    for line in TOP95.lines().take(12) {
        let t = trace(line, "eliminate,only_choice,naked_twins");
        for (i, reason, grid) in stops(&t) {
            let Reason::Stop { pending, .. } = reason else {
                unreachable!()
            };
            let more = another_call(&grid, set).is_none_or(|steps| steps > 0);
            assert_eq!(pending, more, "{line} step {i}");
            if pending {
                pending_seen.0 += 1;
            } else {
                pending_seen.1 += 1;
            }
            // Search goes on from the stalled grid.
            assert!(matches!(
                t.steps.get(i + 1).map(|s| &s.reason),
                Some(Reason::Guess { .. }) | None
            ));
        }
    }
    assert!(pending_seen.0 > 0 && pending_seen.1 > 0, "{pending_seen:?}");
}

#[test]
fn beyond_the_course_the_rounds_run_to_the_fixpoint() {
    let strategies = "eliminate,only_choice,naked_twins,pointing,claiming";
    let set = StrategySet::parse_list(strategies).unwrap();
    let mut seen = 0;
    for line in TOP95.lines().take(12) {
        let t = trace(line, strategies);
        for (i, reason, grid) in stops(&t) {
            let Reason::Stop {
                rule,
                rounds,
                removed,
                pending,
            } = reason
            else {
                unreachable!()
            };
            assert_eq!(
                (rule, removed, pending),
                (StopRule::Fixpoint, 0, false),
                "{line} step {i}"
            );
            assert!(rounds >= 1);
            assert_eq!(
                another_call(&grid, set),
                Some(0),
                "{line} step {i}: nothing left"
            );
            seen += 1;
        }
        assert_eq!(t.stats.stops, stops(&t).len() as u64);
    }
    assert!(seen > 0);
}

#[test]
fn no_stop_where_propagation_solves_or_nothing_propagates() {
    // Where propagation alone solves a puzzle (one node), nothing stops.
    let mut solved = 0;
    for line in EASY50.lines() {
        let t = trace(line, "eliminate,only_choice");
        if t.stats.nodes == 1 && matches!(t.outcome, Outcome::Solved { .. }) {
            assert_eq!((stops(&t).len(), t.stats.stops), (0, 0), "{line}");
            solved += 1;
        }
    }
    assert!(solved >= 10, "{solved}");
    // Pure search makes no rounds, so nothing stops.
    let line = "483921657967345821251876493548132976729564138136798245372689514814253769695417.8.";
    let t = trace(line, "none");
    assert!(t.stats.nodes > 1);
    assert_eq!((stops(&t).len(), t.stats.stops), (0, 0));
}

#[test]
fn untraced_solving_counts_the_same_stops() {
    for strategies in [
        "eliminate,only_choice,naked_twins",
        "eliminate",
        "all",
        "eliminate,no_place",
    ] {
        for line in TOP95.lines().take(8) {
            let grid = parse(line, Variant::Standard).unwrap();
            let o = opts(strategies);
            let traced = solve_traced(&grid, &o);
            let untraced = solve(&grid, &o);
            assert_eq!(
                untraced.stats.stops, traced.stats.stops,
                "{strategies}: {line}"
            );
            assert_eq!(
                untraced.stats.nodes, traced.stats.nodes,
                "{strategies}: {line}"
            );
        }
    }
}
