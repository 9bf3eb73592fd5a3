//! `propagate generate`, the binary end to end: each line a puzzle with one solution and minimal
//! (counted by the course's search, `solver_core::count_solutions`, not the verdict engine the
//! generator asks), its rating as `propagate rate` prints it, `--needs` held when solved again,
//! symmetry, the same output for a seed with one thread or several, and clear errors.

use solver_core::reduce::reduce_puzzle;
use solver_core::registry::position;
use solver_core::strategy::At;
use solver_core::trace::{NoTrace, StepCounts};
use solver_core::{count_solutions, parse, Count, Grid, Options, StrategySet, Topology, Variant};
use std::process::{Command, Output};

fn propagate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_propagate"))
        .args(args)
        .output()
        .expect("run propagate")
}

/// Runs and expects success; the lines of stdout split into puzzle and rating.
fn generate(args: &[&str]) -> Vec<(String, String)> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let o = propagate(&all);
    assert!(
        o.status.success(),
        "propagate {all:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (p, r) = l.split_once(' ').expect("a puzzle, a space, its rating");
            (p.to_string(), r.to_string())
        })
        .collect()
}

fn rate_line(puzzle: &str, diagonal: bool) -> String {
    let mut args = vec!["rate", puzzle];
    if diagonal {
        args.push("--diagonal");
    }
    let o = propagate(&args);
    String::from_utf8(o.stdout).unwrap().trim_end().to_string()
}

fn unique_and_minimal(puzzle: &str, variant: Variant) {
    let opts = Options {
        variant,
        ..Options::default()
    };
    let grid = parse(puzzle, variant).unwrap();
    assert_eq!(
        count_solutions(&grid, &opts, 2),
        Count::Exactly(1),
        "{puzzle}"
    );
    for (i, c) in puzzle.char_indices() {
        if c != '.' {
            let fewer = format!("{}.{}", &puzzle[..i], &puzzle[i + 1..]);
            let g = parse(&fewer, variant).unwrap();
            assert_eq!(count_solutions(&g, &opts, 2), Count::AtLeast(2), "{fewer}");
        }
    }
}

#[test]
fn each_line_is_a_unique_minimal_puzzle_with_its_rating() {
    let lines = generate(&["--count", "8", "--seed", "11"]);
    assert_eq!(lines.len(), 8);
    for (puzzle, rating) in &lines {
        assert_eq!(puzzle.len(), 81);
        unique_and_minimal(puzzle, Variant::Standard);
        assert_eq!(rating, &rate_line(puzzle, false));
    }
    let diagonal = generate(&["--count", "3", "--seed", "11", "--diagonal"]);
    for (puzzle, rating) in &diagonal {
        unique_and_minimal(puzzle, Variant::Diagonal);
        assert_eq!(rating, &rate_line(puzzle, true));
    }
}

#[test]
fn a_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let one = generate(&["--count", "40", "--seed", "3", "--threads", "1"]);
    let two = generate(&["--count", "40", "--seed", "3", "--threads", "2"]);
    let again = generate(&["--count", "40", "--seed", "3"]);
    assert_eq!(one, two);
    assert_eq!(one, again);
    // The first puzzles of a longer run are those of a shorter one.
    assert_eq!(generate(&["--count", "5", "--seed", "3"]), one[..5]);
    assert_ne!(generate(&["--count", "5", "--seed", "4"]), one[..5]);
    // With a filter too.
    let args = ["--count", "3", "--seed", "3", "--needs", "pointing"];
    let filtered_one = generate(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(
        generate(&[&args[..], &["--threads", "2"]].concat()),
        filtered_one
    );
}

fn solved_at_root(grid: &Grid, set: StrategySet) -> bool {
    let mut g = *grid;
    let topo = Topology::of(Variant::Standard);
    let counts = &mut StepCounts::default();
    reduce_puzzle(&mut g, topo, set, &mut NoTrace, At::default(), counts).is_ok() && g.is_complete()
}

#[test]
fn needs_holds_when_solved_again() {
    for (flag, id) in [("x-wing", "x_wing"), ("hidden_pairs", "hidden_pairs")] {
        let p = position(id).unwrap();
        let with = StrategySet::first(p as usize + 1);
        for (puzzle, rating) in generate(&["--count", "2", "--seed", "8", "--needs", flag]) {
            let grid = parse(&puzzle, Variant::Standard).unwrap();
            assert!(solved_at_root(&grid, with), "{puzzle}");
            assert!(!solved_at_root(&grid, with.without(p)), "{puzzle}");
            unique_and_minimal(&puzzle, Variant::Standard);
            assert_eq!(rating, rate_line(&puzzle, false));
        }
    }
}

#[test]
fn symmetric_givens_and_the_rating_range() {
    for (puzzle, _) in generate(&["--count", "4", "--seed", "2", "--symmetric"]) {
        let b = puzzle.as_bytes();
        for i in 0..81 {
            assert_eq!(b[i] == b'.', b[80 - i] == b'.', "{puzzle}");
        }
        let opts = Options::default();
        assert_eq!(
            count_solutions(&parse(&puzzle, Variant::Standard).unwrap(), &opts, 2),
            Count::Exactly(1)
        );
    }
    // '<technique> <score> step <k>', the score in the range.
    for (_, rating) in generate(&["--count", "3", "--seed", "2", "--rating", "2.5..3.0"]) {
        let score: f32 = rating.split(' ').nth(1).unwrap().parse().unwrap();
        assert!((2.5..=3.0).contains(&score), "{rating}");
    }
}

#[test]
fn bad_arguments_get_clear_errors() {
    let o = propagate(&["generate", "--needs", "x-wings"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown strategy 'x-wings'"), "{err}");
    for id in ["eliminate", "x-wing", "swordfish", "naked-quads"] {
        assert!(err.contains(id), "{err}");
    }
    for (range, says) in [
        ("3..2", "is empty"),
        ("2", "not a range"),
        ("a..3", "not a number"),
    ] {
        let o = propagate(&["generate", "--rating", range]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{range}: {err}");
    }
    let o = propagate(&["generate", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2));
    // A killer's rung: refused before any puzzle is made (with 100,000 tries it would take
    // seconds), naming the rung and why.
    for id in ["cage-combinations", "rule_of_45"] {
        let o = propagate(&["generate", "--needs", id, "--seed", "1"]);
        assert_eq!(o.status.code(), Some(2), "{id}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&id.replace('_', "-")) && err.contains("cages"),
            "{id}: {err}"
        );
    }
    // A rung that makes no step: no unique puzzle needs it, so it is refused the same way.
    let o = propagate(&["generate", "--needs", "no-place", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no-place") && err.contains("makes no step"),
        "{err}"
    );
}

#[test]
fn a_filter_met_by_nothing_stops_with_a_message_after_the_puzzles_made() {
    let o = propagate(&[
        "generate",
        "--count",
        "3",
        "--seed",
        "1",
        "--rating",
        "40..50",
        "--max-tries",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("error: puzzle 1: none of 5 puzzles made rates in 40..50"),
        "{err}"
    );
}
