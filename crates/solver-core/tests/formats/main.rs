//! The shared forms of variant puzzles (`solver_core::formats`): lz-string against the npm
//! package's own output, f-puzzles JSON and links, ISS strings, their round trips, and hostile
//! input refused with an error naming what is wrong, never a panic.
//!
//! Fixtures here: `fpuzzles/*.json`, f-puzzles JSON in f-puzzles' own shape (cells `{}` or
//! `{"value":5,"given":true}`, cages with colours, a ruleset, pencil marks) of ISS's example
//! puzzles (killer, jigsaw, X-windoku, anti-knight, Sudoku X; `fpuzzles.rs` holds the ISS
//! strings and solutions); `real-links.txt`, f-puzzles links from ISS's collections;
//! `lzstring-vectors.json`, written by `make-lzstring-vectors.js` with npm's lz-string.

mod fpuzzles;
mod hostile;
mod iss;
mod links;
mod lzstring;

use std::path::PathBuf;

/// A file of this folder.
pub fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/formats")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
