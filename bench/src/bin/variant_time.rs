//! The native side of `bench/variants.sh`: variant puzzles (killer, jigsaw, windoku,
//! anti-knight) read from the Interactive Sudoku Solver's constraint strings, proved unique by
//! the verdict engine's general path (`verdict_in`, counted up to 2 solutions under the default
//! node cap), timed in-process by CPU time.
//!
//! Reads `bench/variants/puzzles.tsv` lines (`name<TAB>kind<TAB>ISS string`) on standard input.
//! Per puzzle: one untimed run, then runs repeated until `MS` milliseconds of CPU time (default
//! 50) or at most `REPS` runs (default 1000); each run reads the string, builds the topology and
//! counts, as a user's solve would. Prints `name<TAB>solutions<TAB>nodes<TAB>runs<TAB>CPU ms per
//! run<TAB>first solution` per puzzle (`capped` for the solutions when the node cap stopped the
//! count). A string Propagate cannot read prints `refused` and the reader's message.
//!
//!   cargo build --release -p propagate-bench --bin variant_time
//!   taskset -c 1 target/release/variant_time [MS] [REPS] < bench/variants/puzzles.tsv
//!   STAGE=2 target/release/variant_time < ...   # time only reading (1), the topology (2), the grid (3)
use solver_core::formats::iss;
use solver_core::verdict::verdict_in;
use solver_core::Limits;
use std::io::{self, BufRead, Write};

/// The process's CPU time (user + system) in nanoseconds.
fn cpu_ns() -> u128 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec through a valid pointer; std links libc.
    let rc = unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    ts.sec as u128 * 1_000_000_000 + ts.nsec as u128
}

/// The timed runs' phases: read the string, build the topology and the grid, or (else)
/// everything and the count: the `STAGE` variable, 1, 2 or 3 (as `wasm_time.mjs`).
fn staged(text: &str, max_nodes: u64, stage: u32) -> Result<(), String> {
    let puzzle = iss::read(text).map_err(|e| e.to_string())?;
    if stage == 1 {
        std::hint::black_box(&puzzle);
        return Ok(());
    }
    let topo = puzzle.topology().map_err(|e| e.to_string())?;
    if stage == 2 {
        std::hint::black_box(&topo);
        return Ok(());
    }
    let grid = puzzle.grid(&topo).map_err(|e| e.to_string())?;
    if stage == 3 {
        std::hint::black_box(&grid);
        return Ok(());
    }
    std::hint::black_box(verdict_in(&grid, &topo, 2, max_nodes));
    Ok(())
}

/// One run: read, build, count to 2; an error with the reader's message when it refuses.
fn run(text: &str, max_nodes: u64) -> Result<(String, u64, String), String> {
    let puzzle = iss::read(text).map_err(|e| e.to_string())?;
    let topo = puzzle.topology().map_err(|e| e.to_string())?;
    let grid = puzzle.grid(&topo).map_err(|e| e.to_string())?;
    let v = verdict_in(&grid, &topo, 2, max_nodes);
    let solutions = if v.capped {
        "capped".to_string()
    } else {
        v.solutions.to_string()
    };
    let first = v
        .first
        .map(|s| String::from_utf8_lossy(s.as_bytes()).into_owned())
        .unwrap_or_else(|| "-".to_string());
    Ok((solutions, v.nodes, first))
}

fn main() {
    let args: Vec<u128> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let budget_ns = args.first().copied().unwrap_or(50) * 1_000_000;
    let max_reps = args.get(1).copied().unwrap_or(1000).max(1);
    let max_nodes = Limits::default().max_nodes;
    let stage: u32 = std::env::var("STAGE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let fields: Vec<&str> = line.trim_end().splitn(3, '\t').collect();
        let [name, _kind, text] = fields[..] else {
            continue;
        };
        if name.starts_with('#') {
            continue;
        }
        let (solutions, nodes, first) = match run(text, max_nodes) {
            Ok(r) => r,
            Err(e) => {
                writeln!(out, "{name}\trefused\t0\t0\t0\t{e}").expect("standard output");
                continue;
            }
        };
        let t0 = cpu_ns();
        let mut runs = 0u128;
        while runs < max_reps && cpu_ns() - t0 < budget_ns {
            std::hint::black_box(staged(std::hint::black_box(text), max_nodes, stage).ok());
            runs += 1;
        }
        let ms = (cpu_ns() - t0) as f64 / runs as f64 / 1e6;
        writeln!(
            out,
            "{name}\t{solutions}\t{nodes}\t{runs}\t{ms:.4}\t{first}"
        )
        .expect("standard output");
    }
}
