//! `propagate rate`: the puzzle's rating as Sudoku Explainer rates, the hardest of the easiest
//! steps that solve it (docs/ratings.md).

use crate::input;
use crate::options::{parse_strategies, StrategyList, VariantArg};
use clap::Args;
use solver_core::{rate_among, rating::RATED, Limits, Options, Rating, StrategySet};
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Output, one line per puzzle:
  <technique> <score> step <k>
                       from the puzzle, the easiest step available is taken again and again;
                       the hardest so taken is <technique> (a strategy's id, or full_house,
                       hidden_single_square, hidden_single_line, naked_single, or direct_ and
                       pointing, claiming, hidden_pairs or hidden_triples), <score> its
                       difficulty on Sudoku Explainer's scale (1.2 hidden single in a square,
                       2.3 naked single, 3.0 naked pair, ...; docs/ratings.md), <k> its index
                       among the steps taken (0 first, candidate bookkeeping included)
  none 0.0             the grid was given complete
  search <nodes>       the easiest steps stall before the end: no strategy applies; the
                       search's nodes under every strategy
  no solution          the steps (or the search) meet a contradiction
  capped: nodes <N>    the search under every strategy hit --max-nodes

A line that does not parse prints 'error: line N: <message>' on standard error and the run goes
on; the exit status is then 1.

Examples:
  propagate rate '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  propagate rate < puzzles/top95.txt | cut -d' ' -f1 | sort | uniq -c
  propagate rate --strategies all < puzzles/top95.txt")]
pub struct RateCmd {
    #[command(flatten)]
    pub variant: VariantArg,

    /// The strategies the walk may step with, comma-separated, from the ladder (`propagate
    /// --help` lists it). Without it, every strategy Sudoku Explainer has a technique for, so
    /// that the rating is Sudoku Explainer's; `all` adds the ones it lacks (finned fish, W-wing,
    /// ALS, 3D Medusa, ...) at their own scores, which can rate a puzzle lower than it does; a
    /// shorter list stalls sooner (`search <nodes>`).
    #[arg(long, short = 's', value_name = "LIST", value_parser = parse_strategies)]
    pub strategies: Option<StrategyList>,

    /// Stop the search under every strategy after this many nodes (reported as capped).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_nodes)]
    pub max_nodes: u64,

    /// The puzzle; without it, every line of standard input is one (blank lines and lines
    /// starting with '#' skipped).
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &RateCmd) -> io::Result<ExitCode> {
    let opts = Options {
        variant: cmd.variant.variant(),
        strategies: StrategySet::ALL,
        limits: Limits {
            max_nodes: cmd.max_nodes,
            ..Limits::default()
        },
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    let set = cmd.strategies.map_or(RATED, |s| s.0);
    match &cmd.grid {
        Some(text) => match input::read_puzzle(text, opts.variant, None) {
            Ok(read) => answer(&mut out, &read, set, &opts)?,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        },
        None => input::for_each_line(BufReader::new(io::stdin().lock()), |number, line| {
            let message = match line {
                Ok(line) => match input::read_puzzle(line, opts.variant, Some(number)) {
                    Ok(read) => return answer(&mut out, &read, set, &opts),
                    Err(e) => e,
                },
                Err(too_long) => too_long.to_string(),
            };
            failed = true;
            out.flush()?;
            eprintln!("error: line {number}: {message}");
            Ok(())
        })?,
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn answer(
    out: &mut impl Write,
    read: &input::ReadPuzzle,
    set: StrategySet,
    opts: &Options,
) -> io::Result<()> {
    let opts = Options {
        variant: read.variant(),
        ..*opts
    };
    let rating = rate_among(&read.grid, &read.topo, set, &opts);
    write_rating(out, &rating, &opts)
}

/// A rating as `rate` prints it (the formats above), with its newline; `generate` prints it too.
pub fn write_rating(out: &mut impl Write, rating: &Rating, opts: &Options) -> io::Result<()> {
    match rating {
        Rating::Steps {
            hardest: Some(h), ..
        } => writeln!(out, "{} {:.1} step {}", h.technique.id(), h.score, h.step),
        Rating::Steps { hardest: None, .. } => writeln!(out, "none 0.0"),
        Rating::Search { nodes } => writeln!(out, "search {nodes}"),
        Rating::NoSolution => writeln!(out, "no solution"),
        Rating::Capped(limit) => {
            writeln!(out, "capped: {} {}", limit.name(), opts.limits.max(*limit))
        }
    }
}
