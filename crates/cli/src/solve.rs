//! `propagate solve`: one answer line per puzzle, streaming from standard input.

use crate::input;
use crate::options::SolveArgs;
use clap::Args;
use solver_core::search::solve_counting_steps;
use solver_core::{
    count_solutions, parse, solve, solve_and_count, Count, Found, Grid, Options, Solve, Stats,
    REGISTRY,
};
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Output, one line per puzzle:
  <81 digits>               the solution (the first in search order)
  no solution               the puzzle has none
  capped: nodes <N>         the search hit --max-nodes before a verdict; nothing is claimed
With --count a space and the number of solutions counted up to 2 follow: '<81 digits> 1'
(unique), '<81 digits> 2' (two or more), 'no solution 0'; '<81 digits> capped: nodes <N>' when
the count hit the cap after the first solution.
With --stats a tab and the search effort follow:
  <answer>\\tnodes=N guesses=N backtracks=N max_depth=N <strategy>=N ...
(nodes counts the root, so a puzzle solved by propagation alone has nodes=1; then, for each
strategy of the ladder by its id, the steps it made). To count steps, --stats solves on the
traced path's code (the same search, node for node), which is several times slower than the
default fast path.

A line that does not parse prints 'error: line N: <message>' on standard error (N counts every
line of the input) and the run goes on; the exit status is then 1.

Examples:
  propagate solve '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  propagate solve --count --stats < puzzles/top95.txt
  propagate solve --diagonal '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3'
  propagate solve --strategies none --stats < puzzles/easy50.txt     # pure search")]
pub struct SolveCmd {
    #[command(flatten)]
    pub solve: SolveArgs,

    /// Also count the solutions, up to 2 (1: unique; 2: two or more).
    #[arg(long, short = 'c')]
    pub count: bool,

    /// Append the search effort to each answer line, after a tab (format below).
    #[arg(long)]
    pub stats: bool,

    /// The puzzle; without it, every line of standard input is one (blank lines and lines
    /// starting with '#' skipped).
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &SolveCmd) -> io::Result<ExitCode> {
    let opts = cmd.solve.options();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    match &cmd.grid {
        Some(text) => match parse(text, opts.variant) {
            Ok(grid) => answer(&mut out, &grid, &opts, cmd)?,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        },
        // 64 KiB reads rather than standard input's 8 KiB: fewer system calls on big files.
        None => input::for_each_line(
            BufReader::with_capacity(1 << 16, io::stdin().lock()),
            |number, line| {
                let parsed = match line {
                    Ok(line) => {
                        parse(line, opts.variant).map_err(|e| input::at_line(e, number).to_string())
                    }
                    Err(too_long) => Err(too_long.to_string()),
                };
                match parsed {
                    Ok(grid) => answer(&mut out, &grid, &opts, cmd),
                    Err(e) => {
                        failed = true;
                        // Keep stdout and stderr in input order when both go to one terminal.
                        out.flush()?;
                        eprintln!("error: line {number}: {e}");
                        Ok(())
                    }
                }
            },
        )?,
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes one answer line.
fn answer(out: &mut impl Write, grid: &Grid, opts: &Options, cmd: &SolveCmd) -> io::Result<()> {
    // Steps exist only on the traced path's code; the fast path reaches the same fixpoints
    // in another order and counts none.
    // With --count (and no --stats), one search finds the first solution and goes on to count.
    let (result, counted) = if cmd.stats {
        (solve_counting_steps(grid, opts), None)
    } else if cmd.count {
        let (found, count) = solve_and_count(grid, opts, 2);
        let stats = Stats::default(); // not printed without --stats
        (Solve { found, stats }, Some(count))
    } else {
        (solve(grid, opts), None)
    };
    match result.found {
        Found::Solution(solution) => {
            write_digits(out, &solution)?;
            if cmd.count {
                match counted.unwrap_or_else(|| count_solutions(grid, opts, 2)) {
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
        Found::Capped(limit) => write!(
            out,
            "capped: {} {}",
            limit_name(limit),
            opts.limits.max(limit)
        )?,
    }
    if cmd.stats {
        write_stats(out, &result.stats)?;
    }
    out.write_all(b"\n")
}

pub fn limit_name(limit: solver_core::Limit) -> &'static str {
    match limit {
        solver_core::Limit::Nodes => "nodes",
        solver_core::Limit::Steps => "steps",
    }
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
