//! Every puzzle of the benchmark sets in `puzzles/` solves to a valid, unique solution that
//! keeps its givens; and the trace of a solve replays to that solution.

use solver_core::*;

mod common;
use common::*;

/// Every unit of the variant holds 1..9, and every given is kept.
fn assert_valid(puzzle: &Grid, solution: &Grid, variant: Variant, what: &str) {
    let topo = Topology::of(variant);
    for u in topo.all_units() {
        let mut seen = Digits::NONE;
        for &c in topo.unit(u) {
            let d = solution
                .get(c)
                .solved()
                .unwrap_or_else(|| panic!("{what}: {c} unsolved"));
            seen = seen.with(d);
        }
        assert_eq!(seen, Digits::ALL, "{what}: {u} does not hold 1-9");
    }
    for c in Cell::all() {
        if let Some(d) = puzzle.get(c).solved() {
            assert_eq!(
                solution.get(c).solved(),
                Some(d),
                "{what}: given {c} changed"
            );
        }
    }
}

fn check_set(file: &str, expected: usize) {
    let opts = Options::default();
    let list = puzzles(file);
    assert_eq!(list.len(), expected, "{file}");
    for (i, p) in list.iter().enumerate() {
        let what = format!("{file} line {}", i + 1);
        let grid = parse(p, Variant::Standard).unwrap_or_else(|e| panic!("{what}: {e}"));
        let Found::Solution(sol) = solve(&grid, &opts).found else {
            panic!("{what}: not solved")
        };
        assert_valid(&grid, &sol, Variant::Standard, &what);
        assert_eq!(
            count_solutions(&grid, &opts, 2),
            Count::Exactly(1),
            "{what}: not unique"
        );
    }
}

#[test]
fn easy50() {
    check_set("easy50.txt", 50);
}

#[test]
fn top95() {
    check_set("top95.txt", 95);
}

#[test]
fn hardest() {
    check_set("hardest.txt", 11);
}

#[test]
fn magictour_top1465() {
    check_set("magictour_top1465.txt", 1465);
}

#[test]
fn seventeen_clue_49158() {
    check_set("17_clue_49158.txt", 49158);
}

#[test]
fn traces_replay_to_their_solution() {
    let opts = Options::default();
    for p in puzzles("top95.txt").iter().chain(&puzzles("hardest.txt")) {
        let grid = parse(p, Variant::Standard).unwrap();
        let trace = solve_traced(&grid, &opts);
        let Outcome::Solved {
            solution,
            solutions: 1,
        } = &trace.outcome
        else {
            panic!("{p}: {:?}", trace.outcome)
        };
        let end = trace
            .replay()
            .expect("every change starts where the box is");
        assert_eq!(Grid::from_cells(end).to_line(), *solution);
        let untraced = solve(&grid, &opts);
        assert_eq!(untraced.stats.nodes, trace.stats.nodes, "{p}");
    }
}

#[test]
fn diagonal_example() {
    let puzzle =
        "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
    let opts = Options {
        variant: Variant::Diagonal,
        ..Options::default()
    };
    let grid = parse(puzzle, Variant::Diagonal).unwrap();
    let Found::Solution(sol) = solve(&grid, &opts).found else {
        panic!()
    };
    assert_eq!(
        sol.to_line(),
        "267945381853716249491823576576438192384192657129657438642379815935281764718564923"
    );
    assert_valid(&grid, &sol, Variant::Diagonal, "diagonal example");
    assert_eq!(count_solutions(&grid, &opts, 2), Count::Exactly(1));
    // In standard mode the same givens have more than one solution.
    assert_eq!(
        count_solutions(&grid, &Options::default(), 2),
        Count::AtLeast(2)
    );
}
