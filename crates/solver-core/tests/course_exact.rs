//! The course's rung is exact: with only the course's strategies, Propagate's search is the
//! course's own, node for node. Checked against the port of the seeds' code
//! (`course_port/course.rs`, itself checked against the seeds' Python in `course_port.rs`) on
//! every puzzle of easy50, hardest and top95 (magictour in the release build), both variants,
//! every subset of eliminate, only choice and naked twins.
//!
//! Sets without eliminate search almost blindly, so they run under a node cap of 200 (the port
//! honours the same cap); for those, the guesses themselves (box and digit, in order) are
//! compared with the trace's, not only their number.

mod common;
#[path = "course_port/course.rs"]
mod course;

use course::{Config, Course};
use solver_core::trace::Reason;
use solver_core::*;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARDER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const FOUR_HOLES: &str =
    "483921.579673458.125187649354813297672956.13813679824537268951481425376969541738.";

fn set(names: &str) -> StrategySet {
    StrategySet::parse_list(names).unwrap()
}

fn nodes(puzzle: &str, strategies: StrategySet) -> (u64, bool) {
    let g = parse(puzzle, Variant::Standard).unwrap();
    let opts = Options {
        strategies,
        ..Options::default()
    };
    let r = solve(&g, &opts);
    let t = solve_traced(&g, &opts);
    assert_eq!(r.stats.nodes, t.stats.nodes, "traced and untraced");
    (r.stats.nodes, matches!(r.found, Found::Solution(_)))
}

#[test]
fn seed_003_figures() {
    // "Solution Found after 1 instances", "after 54 instances", and 4227 without pruning.
    assert_eq!(nodes(EASY, set("eliminate,only_choice")), (1, true));
    assert_eq!(nodes(HARDER, set("eliminate,only_choice")), (54, true));
    assert_eq!(nodes(FOUR_HOLES, set("none")), (4227, true));
    assert_eq!(nodes(FOUR_HOLES, set("eliminate,only_choice")), (1, true));
}

#[test]
fn the_no_place_rung_is_the_stronger_rule() {
    // The course's code with a no-place check added gives 26 on seed 003's harder puzzle.
    assert_eq!(
        nodes(HARDER, set("eliminate,only_choice,no_place")),
        (26, true)
    );
    // With naked twins too: the course's round rule against the full fixpoint.
    let course = nodes(HARDER, set("eliminate,only_choice,naked_twins")).0;
    let strict = nodes(HARDER, set("eliminate,only_choice,naked_twins,no_place")).0;
    let port = Course::new(Config::course(false, 7)).solve(HARDER).nodes;
    assert_eq!(course, port);
    assert!(strict <= course, "{strict} > {course}");
}

/// The guesses of a trace, in order: (box index, digit).
fn guesses(t: &Trace) -> Vec<(usize, char)> {
    t.steps
        .iter()
        .filter_map(|s| match s.reason {
            Reason::Guess { cell, digit, .. } => Some((cell.index(), char::from(b'0' + digit))),
            _ => None,
        })
        .collect()
}

fn agree(file: &str, sets: &[u8]) {
    let puzzles = course::puzzles(file);
    for diagonal in [false, true] {
        let variant = if diagonal {
            Variant::Diagonal
        } else {
            Variant::Standard
        };
        for &bits in sets {
            let eliminate = bits & 1 != 0;
            let cap = if eliminate { 10_000_000 } else { 200 };
            let mut port = Course::new(Config {
                max_nodes: cap,
                ..Config::course(diagonal, bits)
            });
            let opts = Options {
                variant,
                strategies: common::course_set(bits),
                limits: Limits {
                    max_nodes: cap,
                    ..Limits::default()
                },
            };
            for (i, p) in puzzles.iter().enumerate() {
                // Read as a standard grid, so that givens which clash on a diagonal load (and
                // are refuted by search, as the course's code refutes them).
                let g = parse(p, Variant::Standard).unwrap();
                let want = port.solve(p);
                let got = solve(&g, &opts);
                let ctx = format!("{file} #{i} {variant:?} {:?}", opts.strategies.names());
                let verdict = match &got.found {
                    Found::Solution(s) => Some(s.to_line()),
                    _ => None,
                };
                assert_eq!(got.stats.nodes, want.nodes, "nodes: {ctx}");
                assert_eq!(verdict, want.solution, "solution: {ctx}");
                assert_eq!(
                    matches!(got.found, Found::Capped(_)),
                    want.capped,
                    "cap: {ctx}"
                );
                if !eliminate {
                    assert_eq!(guesses(&solve_traced(&g, &opts)), want.guesses, "{ctx}");
                }
            }
        }
    }
}

const ALL_SETS: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

#[test]
fn every_course_set_agrees_on_easy50() {
    agree("easy50.txt", &ALL_SETS);
}

#[test]
fn every_course_set_agrees_on_hardest() {
    agree("hardest.txt", &ALL_SETS);
}

#[test]
fn the_sets_with_only_choice_agree_on_top95() {
    agree("top95.txt", &[2, 3, 6, 7]);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow unoptimised; cargo test --release runs it"
)]
fn the_sets_without_only_choice_agree_on_top95() {
    agree("top95.txt", &[0, 1, 4, 5]);
}

#[test]
#[ignore = "minutes even optimised: cargo test --release -- --ignored"]
fn every_course_set_agrees_on_magictour() {
    agree("magictour_top1465.txt", &ALL_SETS);
}
