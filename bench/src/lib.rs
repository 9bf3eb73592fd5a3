//! The benchmarks' shared reading of the puzzle sets in `puzzles/`. The benches are in
//! `benches/`, the native drivers in `src/bin/`; docs/benchmarks.md lists every benchmark's
//! command.

/// The first `take` puzzles of `puzzles/NAME`, one line each, trimmed; blank lines and `#`
/// comments skipped. Panics naming the file if it cannot be read (a benchmark's set is fixed).
pub fn puzzle_lines(name: &str, take: usize) -> Vec<String> {
    let path = format!("{}/../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(take)
        .map(String::from)
        .collect()
}
