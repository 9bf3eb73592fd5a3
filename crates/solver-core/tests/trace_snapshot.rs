//! Pins the trace's JSON (docs/trace-format.md) on small puzzles that show every step kind.
//! After an intended format change: `UPDATE_SNAPSHOTS=1 cargo test --test trace_snapshot`,
//! then update docs/trace-format.md to match.

use solver_core::*;

const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// The solution as a candidate grid, with some boxes opened up to the given candidates.
fn candidate_grid(open: &[(&str, &str)]) -> String {
    Cell::all()
        .map(|c| {
            let own = SOLUTION[c.index()..c.index() + 1].to_string();
            open.iter()
                .find(|(b, _)| *b == c.to_string())
                .map_or(own, |(_, d)| d.to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn check(name: &str, puzzle: &str, strategies: StrategySet) {
    let grid = parse(puzzle, Variant::Standard).unwrap();
    let opts = Options {
        strategies,
        ..Options::default()
    };
    let json = serde_json::to_string_pretty(&solve_traced(&grid, &opts)).unwrap() + "\n";
    let path = format!("{}/tests/snapshots/{name}.json", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &json).unwrap();
    }
    let pinned =
        std::fs::read_to_string(&path).expect("snapshot file (UPDATE_SNAPSHOTS=1 writes it)");
    assert_eq!(json, pinned, "the trace JSON of {name} changed");
}

#[test]
fn eliminate_and_only_choice() {
    // Seed 003's example: the easy solution with A7, B8, E6 and I9 empty.
    let puzzle = candidate_grid(&[("A7", "."), ("B8", "."), ("E6", "."), ("I9", ".")]);
    check("eliminate_only_choice", &puzzle, StrategySet::first(2));
}

#[test]
fn naked_twins_guess_and_backtrack() {
    // A1 and A2 are twins {4,8} in row A and in square A1-C3, so A3 loses 4 and 8; then search
    // guesses A1, and A2 = 4 beside A1 = 4 is a duplicate.
    let puzzle = candidate_grid(&[("A1", "48"), ("A2", "48"), ("A3", "348")]);
    check(
        "naked_twins_search",
        &puzzle,
        StrategySet::parse_list("naked_twins").unwrap(),
    );
}

#[test]
fn pure_search_backtracks_on_a_duplicate() {
    let puzzle = candidate_grid(&[("A7", "16")]);
    check("pure_search", &puzzle, StrategySet::NONE);
}

#[test]
fn no_solution_at_the_root() {
    // A7 may only be 1 or 9, but B9 is 1 and A4 is 9: eliminate empties it.
    let puzzle = candidate_grid(&[("A7", "19")]);
    check("no_solution", &puzzle, StrategySet::COURSE);
}
