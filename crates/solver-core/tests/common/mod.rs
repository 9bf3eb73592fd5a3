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

/// All sixteen combinations of the course's three strategies and the `no_place` rung (the
/// first four of the ladder): the course's rules without `no_place`, the full fixpoint with it.
pub fn every_strategy_set() -> Vec<StrategySet> {
    (0u32..16).map(StrategySet::from_bits).collect()
}

/// Whether `set` holds the strategy with registry id `id`.
#[allow(dead_code)]
pub fn has(set: StrategySet, id: &str) -> bool {
    set.contains(solver_core::registry::position(id).expect("a registry id"))
}
