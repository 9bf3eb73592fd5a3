//! The native side of `bench/web/verdict-wasm.js`: the verdict engine as the facade's
//! `verdictCount` runs it (the grid parsed once, then counted up to 2 solutions under the default
//! node cap), timed in-process. Reads one puzzle a line on standard input.
//!
//! Per puzzle (the default): each puzzle counted `reps` times in a row; prints, per puzzle,
//! `<solutions> <nodes> <nanoseconds per run>`. With `--set`, as `verdictCountSet` runs: each of
//! `reps` passes parses and counts every puzzle in turn (no puzzle repeated back to back, so
//! branch predictors cannot learn one puzzle); prints `<solutions> <nodes>` of one pass and the
//! fastest pass's nanoseconds.
//!
//!   cargo run --release -p propagate-bench --bin verdict_time -- REPS [--set] < FILE
use solver_core::{verdict::verdict, Grid, Limits, Variant};
use std::io::{self, BufRead, Write};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reps: u32 = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(100)
        .max(1);
    let set = args.iter().any(|a| a == "--set");
    let max_nodes = Limits::default().max_nodes;
    let mut texts: Vec<String> = Vec::new();
    let mut grids: Vec<Grid> = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        texts.push(text.to_string());
        match solver_core::parse(text, Variant::Standard) {
            Ok(g) => grids.push(g),
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
    let mut out = io::stdout().lock();
    if set {
        // Every text parsed above, so these cannot fail.
        let pass = || -> (u32, u64) {
            texts.iter().fold((0, 0), |(s, n), t| {
                let g = solver_core::parse(std::hint::black_box(t), Variant::Standard)
                    .expect("parsed before");
                let v = verdict(&g, Variant::Standard, 2, max_nodes);
                (s + v.solutions, n + v.nodes)
            })
        };
        let (solutions, nodes) = pass();
        let mut best = u128::MAX;
        for _ in 0..reps {
            let t0 = Instant::now();
            std::hint::black_box(pass());
            best = best.min(t0.elapsed().as_nanos());
        }
        writeln!(out, "{solutions} {nodes} {best}").expect("standard output");
        return;
    }
    for grid in &grids {
        let mut v = verdict(grid, Variant::Standard, 2, max_nodes);
        let t0 = Instant::now();
        for _ in 0..reps {
            v = verdict(std::hint::black_box(grid), Variant::Standard, 2, max_nodes);
        }
        let ns = t0.elapsed().as_nanos() / u128::from(reps);
        writeln!(out, "{} {} {ns}", v.solutions, v.nodes).expect("standard output");
    }
}
