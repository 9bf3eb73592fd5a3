//! Helpers shared by the integration tests (each test file is its own crate: `mod common;`).
#![allow(dead_code)] // each test crate uses some of them

use solver_core::Strategies;

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

/// All eight combinations of the three strategies.
pub fn every_strategy_set() -> Vec<Strategies> {
    (0..8)
        .map(|m| Strategies {
            eliminate: m & 1 != 0,
            only_choice: m & 2 != 0,
            naked_twins: m & 4 != 0,
        })
        .collect()
}
