//! Helpers shared by the integration tests (each test file is its own crate: `mod common;`).
#![allow(dead_code)] // each test crate uses some of them

use solver_core::StrategySet;

/// The puzzle lines of a set in the workspace's `puzzles/` (blank and `#` lines skipped).
pub fn puzzles(file: &str) -> Vec<String> {
    let path = format!("{}/../../puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// All sixteen combinations of the course's three strategies and the `no_place` rung: the
/// course's rules without `no_place`, the full fixpoint with it.
pub fn every_strategy_set() -> Vec<StrategySet> {
    (0u8..16).map(course_set).collect()
}

/// The set of bits `bits` over the course's three and `no_place`: bit 0 `eliminate`, 1
/// `only_choice`, 2 `naked_twins`, 3 `no_place` (the course port's numbering).
pub fn course_set(bits: u8) -> StrategySet {
    ["eliminate", "only_choice", "naked_twins", "no_place"]
        .iter()
        .enumerate()
        .filter(|&(i, _)| bits >> i & 1 != 0)
        .fold(StrategySet::NONE, |s, (_, id)| {
            s.with(solver_core::registry::position(id).expect("a registry id"))
        })
}

/// Whether `set` holds the strategy with registry id `id`.
#[allow(dead_code)]
pub fn has(set: StrategySet, id: &str) -> bool {
    set.contains(solver_core::registry::position(id).expect("a registry id"))
}
