//! `propagate bench`: solve every puzzle of some files, time each solve, check each answer.

use crate::input::{at_line, for_each_line};
use crate::options::{SolveArgs, StrategyList};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use solver_core::{parse, solve, solve_traced, Found, Grid, Options, Outcome, Topology};
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
#[command(after_help = "\
For each file, one row: the puzzles solved, puzzles per second and the median and worst
microseconds per puzzle (solve time only: reading, parsing and checking are not timed), the
mean search nodes per puzzle (nodes/p; 1 when propagation alone solves it), and how many answers
passed the check: a complete grid, every unit holding 1-9 once, every given kept. Every puzzle is expected to have a solution: 'no solution', a cap,
an invalid answer or a line that does not parse is a failure, listed on standard error, and the
exit status is then 1. A progress bar shows on a terminal only.

Examples:
  propagate bench puzzles/*.txt
  propagate bench --traced puzzles/top95.txt      # the cost of keeping the full trace")]
pub struct BenchCmd {
    #[command(flatten)]
    pub solve: SolveArgs,

    /// Solve with the full step trace kept (solve_traced, which also counts solutions up to 2).
    #[arg(long)]
    pub traced: bool,

    /// Puzzle files: one puzzle a line, blank lines and lines starting with '#' skipped.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// At most this many failures are listed per file; the count covers them all.
const MAX_LISTED: usize = 10;

/// One file's figures.
struct Report {
    puzzles: usize,
    total: Duration,
    median: Duration,
    worst: Duration,
    nodes: u64,
    checked: usize,
    failures: Vec<String>,
}

pub fn run(cmd: &BenchCmd) -> io::Result<ExitCode> {
    let opts = cmd.solve.options();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "# propagate bench: {}, {}, strategies {}",
        if cmd.traced { "traced" } else { "untraced" },
        opts.variant.name(),
        StrategyList(opts.strategies)
    )?;
    writeln!(
        out,
        "{:<36} {:>8} {:>11} {:>10} {:>10} {:>8} {:>9}",
        "file", "puzzles", "puzzles/s", "median µs", "worst µs", "nodes/p", "checked"
    )?;
    out.flush()?;
    let mut failed = false;
    for path in &cmd.files {
        let name = path.display().to_string();
        let r = match std::fs::File::open(path)
            .and_then(|file| bench_file(&name, BufReader::new(file), &opts, cmd.traced))
        {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                failed = true;
                continue;
            }
        };
        let per_s = r.puzzles as f64 / r.total.as_secs_f64().max(1e-9);
        writeln!(
            out,
            "{:<36} {:>8} {:>11.0} {:>10.1} {:>10.1} {:>8.2} {:>9}",
            name,
            r.puzzles,
            per_s,
            micros(r.median),
            micros(r.worst),
            r.nodes as f64 / r.puzzles.max(1) as f64,
            format!("{}/{}", r.checked, r.puzzles),
        )?;
        out.flush()?;
        if !r.failures.is_empty() {
            failed = true;
            for f in r.failures.iter().take(MAX_LISTED) {
                eprintln!("error: {name}: {f}");
            }
            if r.failures.len() > MAX_LISTED {
                eprintln!(
                    "error: {name}: ... and {} more failures",
                    r.failures.len() - MAX_LISTED
                );
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// The answer of one solve, reduced to what the check needs.
enum Answer {
    Solution(Grid),
    NoSolution,
    /// Capped, or an answer that could not be read back: the reason.
    Unanswered(String),
}

fn bench_file(
    name: &str,
    reader: impl BufRead,
    opts: &Options,
    traced: bool,
) -> io::Result<Report> {
    let mut failures = Vec::new();
    let mut puzzles: Vec<(usize, Grid)> = Vec::new();
    for_each_line(reader, |number, line| {
        match line.map(|line| parse(line, opts.variant)) {
            Ok(Ok(g)) => puzzles.push((number, g)),
            Ok(Err(e)) => failures.push(format!("line {number}: {}", at_line(e, number))),
            Err(too_long) => failures.push(format!("line {number}: {too_long}")),
        }
        Ok(())
    })?;

    let bar = progress_bar(name, puzzles.len());
    let mut times = Vec::with_capacity(puzzles.len());
    let mut answers = Vec::with_capacity(puzzles.len());
    let mut nodes = 0;
    for (k, (_, grid)) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let (answer, n) = if traced {
            let t = solve_traced(grid, opts);
            (answer_of_trace(&t.outcome, opts), t.stats.nodes)
        } else {
            let s = solve(grid, opts);
            let a = match s.found {
                Found::Solution(g) => Answer::Solution(g),
                Found::None(_) => Answer::NoSolution,
                Found::Capped(l) => Answer::Unanswered(format!("capped ({})", l.name())),
            };
            (a, s.stats.nodes)
        };
        times.push(start.elapsed());
        nodes += n;
        answers.push(answer);
        if let Some(bar) = &bar {
            if k % 64 == 63 {
                bar.set_position(k as u64 + 1);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }

    let topo = Topology::of(opts.variant);
    let mut checked = 0;
    for ((line, puzzle), answer) in puzzles.iter().zip(&answers) {
        let problem = match answer {
            Answer::Solution(g) => g.check_solves(puzzle, topo).err(),
            Answer::NoSolution => Some("no solution found".to_string()),
            Answer::Unanswered(why) => Some(why.clone()),
        };
        match problem {
            None => checked += 1,
            Some(p) => failures.push(format!("line {line}: {p}")),
        }
    }

    let total = times.iter().sum();
    times.sort_unstable();
    let median = match times.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2,
    };
    Ok(Report {
        puzzles: puzzles.len(),
        total,
        median,
        worst: times.last().copied().unwrap_or_default(),
        nodes,
        checked,
        failures,
    })
}

fn answer_of_trace(outcome: &Outcome, opts: &Options) -> Answer {
    match outcome {
        Outcome::Solved { solution, .. } => match parse(solution, opts.variant) {
            Ok(g) => Answer::Solution(g),
            Err(e) => Answer::Unanswered(format!("unreadable solution: {e}")),
        },
        Outcome::NoSolution { .. } => Answer::NoSolution,
        Outcome::Capped { limit, .. } => Answer::Unanswered(format!("capped ({})", limit.name())),
        // Only a learner's trace read by `solver_core::check` has it, never a solve.
        Outcome::Unsolved => Answer::Unanswered("unsolved".to_string()),
    }
}

/// A bar on a terminal; nothing otherwise, so piped output and CI logs stay clean.
fn progress_bar(name: &str, len: usize) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len as u64);
    let style = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {per_sec}")
        .map(|s| s.progress_chars("=> "))
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(name.to_string());
    Some(bar)
}
