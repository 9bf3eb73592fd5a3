//! `propagate solve`: one answer line per puzzle, streaming from standard input; big inputs on
//! every core.

use crate::input;
use crate::options::SolveArgs;
use crate::parallel;
use clap::Args;
use solver_core::verdict::verdict_in;
use solver_core::{
    count_solutions_in, solve_and_count_in, solve_in, Count, Found, Grid, Options, Solve, Stats,
    Topology, REGISTRY,
};
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Two engines answer. By default the verdict engine: the fastest, with its own deductions and
search order (docs/benchmarks.md). With --strategies, the course's search with those strategies
(the node counts of the seeds and of `propagate trace`). Both find the same solutions; when a
puzzle has several, which one comes first may differ.

Output, one line per puzzle:
  <81 digits>               the solution (the first in the engine's search order)
  no solution               the puzzle has none
  capped: nodes <N>         the search hit --max-nodes before a verdict; nothing is claimed
With --count a space and the number of solutions counted up to 2 follow: '<81 digits> 1'
(unique), '<81 digits> 2' (two or more), 'no solution 0'; '<81 digits> capped: nodes <N>' when
the count hit the cap after the first solution.
With --stats a tab, the search effort and the engine follow:
  <answer>\\tnodes=N engine=verdict
  <answer>\\tnodes=N guesses=N backtracks=N max_depth=N <strategy>=N ... engine=course
(nodes counts the root, so a puzzle solved by propagation alone has nodes=1; with the course's
search, for each strategy of the ladder by its id, the steps it made, as the trace counts them).

Standard input with more than a few hundred puzzles is solved on every core (--threads), the
answers still in input order.

A line that does not parse prints 'error: line N: <message>' on standard error (N counts every
line of the input) and the run goes on; the exit status is then 1.

Examples:
  propagate solve '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  propagate solve --count --stats < puzzles/top95.txt
  propagate solve --diagonal '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3'
  propagate solve --strategies none --stats < puzzles/easy50.txt     # the course's pure search")]
pub struct SolveCmd {
    #[command(flatten)]
    pub solve: SolveArgs,

    /// Also count the solutions, up to 2 (1: unique; 2: two or more).
    #[arg(long, short = 'c')]
    pub count: bool,

    /// Append the search effort and the engine to each answer line, after a tab (format below).
    #[arg(long)]
    pub stats: bool,

    /// Threads for standard input past its first few hundred puzzles, at most one a core
    /// [default: every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// The puzzle; without it, every line of standard input is one (blank lines and lines
    /// starting with '#' skipped).
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &SolveCmd) -> io::Result<ExitCode> {
    let opts = cmd.solve.options();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let failed = match &cmd.grid {
        Some(text) => match input::read_puzzle(text, opts.variant, None) {
            Ok(read) => {
                let mut line = Vec::new();
                answer(&mut line, &read, &opts, cmd)?;
                out.write_all(&line)?;
                false
            }
            Err(e) => {
                eprintln!("error: {e}");
                true
            }
        },
        // 64 KiB reads rather than standard input's 8 KiB: fewer system calls on big files.
        None => {
            // More threads than cores gain nothing here, and each holds a stack: a large N under
            // a memory limit would take the address space the answers need.
            let cores = parallel::all_cores();
            let threads = cmd.threads.map_or(cores, |n| (n as usize).min(cores));
            parallel::answer_lines(
                BufReader::with_capacity(1 << 16, io::stdin().lock()),
                &mut out,
                threads,
                |number, line, buf| {
                    let parsed = match line {
                        Ok(line) => input::read_puzzle(line, opts.variant, Some(number)),
                        Err(too_long) => Err(too_long.to_string()),
                    };
                    match parsed {
                        Ok(read) => answer(buf, &read, &opts, cmd).map_err(|e| e.to_string()),
                        Err(e) => Err(format!("error: line {number}: {e}")),
                    }
                },
            )?
        }
    };
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes one answer line, by the engine the flags choose.
fn answer(
    out: &mut Vec<u8>,
    read: &input::ReadPuzzle,
    opts: &Options,
    cmd: &SolveCmd,
) -> io::Result<()> {
    let opts = &Options {
        variant: read.variant(),
        ..*opts
    };
    if cmd.solve.course_search() {
        course_answer(out, &read.grid, &read.topo, opts, cmd)
    } else {
        verdict_answer(out, &read.grid, &read.topo, opts, cmd)
    }
}

/// The verdict engine's answer line.
fn verdict_answer(
    out: &mut Vec<u8>,
    grid: &Grid,
    topo: &Topology,
    opts: &Options,
    cmd: &SolveCmd,
) -> io::Result<()> {
    let max = if cmd.count { 2 } else { 1 };
    let v = verdict_in(grid, topo, max, opts.limits.max_nodes);
    match &v.first {
        Some(solution) => {
            out.write_all(solution.as_bytes())?;
            if cmd.count {
                match v.count(2) {
                    Count::Exactly(n) | Count::AtLeast(n) => write!(out, " {}", n.min(2))?,
                    Count::Capped(_) => write!(out, " capped: nodes {}", opts.limits.max_nodes)?,
                }
            }
        }
        None if v.capped => write!(out, "capped: nodes {}", opts.limits.max_nodes)?,
        None => {
            out.write_all(b"no solution")?;
            if cmd.count {
                out.write_all(b" 0")?;
            }
        }
    }
    if cmd.stats {
        write!(out, "\tnodes={} engine=verdict", v.nodes)?;
    }
    out.write_all(b"\n")
}

/// The course search's answer line.
fn course_answer(
    out: &mut Vec<u8>,
    grid: &Grid,
    topo: &Topology,
    opts: &Options,
    cmd: &SolveCmd,
) -> io::Result<()> {
    // With --count (and no --stats), one search finds the first solution and goes on to count.
    let (result, counted) = if cmd.stats {
        (solve_in(grid, topo, opts), None)
    } else if cmd.count {
        let (found, count) = solve_and_count_in(grid, topo, opts, 2);
        let stats = Stats::default(); // not printed without --stats
        (Solve { found, stats }, Some(count))
    } else {
        (solve_in(grid, topo, opts), None)
    };
    match result.found {
        Found::Solution(solution) => {
            write_digits(out, &solution)?;
            if cmd.count {
                match counted.unwrap_or_else(|| count_solutions_in(grid, topo, opts, 2)) {
                    Count::Exactly(n) | Count::AtLeast(n) => write!(out, " {}", n.min(2))?,
                    Count::Capped(_) => write!(out, " capped: nodes {}", opts.limits.max_nodes)?,
                }
            }
        }
        Found::None(_) => {
            out.write_all(b"no solution")?;
            if cmd.count {
                out.write_all(b" 0")?;
            }
        }
        Found::Capped(limit) => write!(out, "capped: {} {}", limit.name(), opts.limits.max(limit))?,
    }
    if cmd.stats {
        write_stats(out, &result.stats)?;
        out.write_all(b" engine=course")?;
    }
    out.write_all(b"\n")
}

/// The 81 digits of a solved grid, without allocating.
fn write_digits(out: &mut impl Write, grid: &Grid) -> io::Result<()> {
    let mut line = [b'.'; 81];
    for (b, d) in line.iter_mut().zip(grid.cells()) {
        if let Some(x) = d.solved() {
            *b = b'0' + x;
        }
    }
    out.write_all(&line)
}

/// The effort after a tab: the search's counts, then each strategy's steps by its id.
fn write_stats(out: &mut impl Write, s: &Stats) -> io::Result<()> {
    write!(
        out,
        "\tnodes={} guesses={} backtracks={} max_depth={}",
        s.nodes, s.guesses, s.backtracks, s.max_depth
    )?;
    for strategy in REGISTRY {
        write!(out, " {}={}", strategy.id, s.steps.get(strategy.order))?;
    }
    Ok(())
}
