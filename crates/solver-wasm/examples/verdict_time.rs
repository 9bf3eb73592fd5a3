//! The native side of `e2e/bench-verdict.js`: the verdict engine as the facade's `verdictCount`
//! runs it (the grid parsed once, then counted up to 2 solutions `reps` times under the default
//! node cap), timed in-process. Reads one puzzle a line on standard input and prints, per
//! puzzle, `<solutions> <nodes> <nanoseconds per run>`.
//!
//!   cargo run --release -p solver-wasm --example verdict_time -- REPS < FILE
use solver_core::{verdict::verdict, Limits, Variant};
use std::io::{self, BufRead, Write};
use std::time::Instant;

fn main() {
    let reps: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100)
        .max(1);
    let max_nodes = Limits::default().max_nodes;
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let grid = match solver_core::parse(text, Variant::Standard) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        };
        let mut v = verdict(&grid, Variant::Standard, 2, max_nodes);
        let t0 = Instant::now();
        for _ in 0..reps {
            v = verdict(std::hint::black_box(&grid), Variant::Standard, 2, max_nodes);
        }
        let ns = t0.elapsed().as_nanos() / u128::from(reps);
        writeln!(out, "{} {} {ns}", v.solutions, v.nodes).expect("standard output");
    }
}
