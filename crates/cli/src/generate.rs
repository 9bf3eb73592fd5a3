//! `propagate generate`: new puzzles, each with one solution and minimal, from a seed; made on
//! every core and written in index order, so the output depends on the seed alone.

use crate::options::{strategy_names, VariantArg};
use crate::parallel;
use crate::rate::write_rating;
use clap::Args;
use solver_core::generate::{
    generate, generate_until, never_needed, GaveUp, GenerateOptions, Generated,
};
use solver_core::{registry, Options, StrategySet, REGISTRY};
use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

#[derive(Args, Debug)]
#[command(after_help = "\
Output, one line per puzzle: the puzzle's 81 characters ('.' for an empty box), a space, and its
rating as `propagate rate` prints it ('<technique> <score> step <k>', or 'search <nodes>' when
the easiest steps stall); with --no-rating the puzzle alone.

Every puzzle has exactly one solution and is minimal: no given can be removed without a second
solution appearing. With --symmetric the givens keep 180-degree rotational symmetry and the
puzzle is minimal among symmetric ones: no symmetric pair of givens can be removed.

--needs ID keeps a puzzle only if it cannot be solved without that strategy: reduce_puzzle with
the ladder up to and including ID solves it without a guess, and the same strategies without ID
do not. A strategy that acts only on a killer's cages is refused at once, naming it: no
generated puzzle has cages; so is one that makes no step (no-place), which no unique puzzle
needs. --rating MIN..MAX keeps a puzzle only if its score (Sudoku Explainer's scale, as `propagate
rate` gives it) is in the range, ends included; a puzzle whose easiest steps stall has no score
and never matches. A puzzle that fails a filter is made again from the next seed of its stream, at most
--max-tries times; past that the run stops with an error (exit status 1) after the puzzles made
so far.

The same --seed gives the same puzzles, with any number of threads: the puzzle of index i comes
from the seed and i alone. Without --seed one is drawn from the clock and printed on standard
error ('seed: S'), so that the run can be repeated.

Examples:
  propagate generate --count 10 --seed 1
  propagate generate --needs x-wing --seed 7
  propagate generate --count 100 --symmetric --rating 2.6..4.0 > practice.txt
  propagate generate --diagonal --count 5")]
pub struct GenerateCmd {
    #[command(flatten)]
    pub variant: VariantArg,

    /// How many puzzles.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// The seed (any unsigned 64-bit number) [default: drawn from the clock].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Givens symmetric under a 180-degree rotation.
    #[arg(long)]
    pub symmetric: bool,

    /// Only puzzles that cannot be solved without this strategy (an id of the ladder; see
    /// `propagate --help`).
    #[arg(long, value_name = "ID", value_parser = parse_needs)]
    pub needs: Option<u8>,

    /// Only puzzles whose rating's score is in MIN..MAX (Sudoku Explainer's scale, ends included;
    /// `MIN..` or `..MAX` leave one end open).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_range, allow_hyphen_values = true)]
    pub rating: Option<(f32, f32)>,

    /// Puzzles made at most for each one asked for, before giving up on the filters.
    #[arg(long, value_name = "N", default_value_t = GenerateOptions::MAX_TRIES,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tries: u32,

    /// Print the puzzles alone, without rating them (rating takes longer than making them).
    #[arg(long)]
    pub no_rating: bool,

    /// Threads, at most one a core [default: every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
}

/// Reads `--needs`: a registry id, with `-` or `_`; the error lists the ids.
fn parse_needs(text: &str) -> Result<u8, String> {
    let position = registry::position(&text.trim().replace('-', "_")).ok_or_else(|| {
        format!(
            "unknown strategy '{text}'; the ladder's strategies are: {}",
            strategy_names()
        )
    })?;
    never_needed(position).map_err(|e| e.to_string())?;
    Ok(position)
}

/// Reads `--rating MIN..MAX`.
fn parse_range(text: &str) -> Result<(f32, f32), String> {
    let bad = || format!("'{text}' is not a range: write MIN..MAX, as in 2.0..4.5");
    let (lo, hi) = text.split_once("..").ok_or_else(bad)?;
    let end = |s: &str, open: f32| -> Result<f32, String> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(open);
        }
        match s.parse::<f32>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(format!("'{s}' in '{text}' is not a number")),
        }
    };
    let (lo, hi) = (end(lo, f32::NEG_INFINITY)?, end(hi, f32::INFINITY)?);
    if lo > hi {
        return Err(format!(
            "the range '{text}' is empty: its minimum exceeds its maximum"
        ));
    }
    Ok((lo, hi))
}

/// Puzzles made but not yet written, at most, per thread: bounds what waits behind a puzzle
/// that takes many tries.
const AHEAD: u64 = 64;

pub fn run(cmd: &GenerateCmd) -> io::Result<ExitCode> {
    let seed = cmd.seed.unwrap_or_else(|| {
        let seed = clock_seed();
        eprintln!("seed: {seed}");
        seed
    });
    let opts = GenerateOptions {
        variant: cmd.variant.variant(),
        symmetric: cmd.symmetric,
        needs: cmd.needs,
        rating: cmd.rating,
        max_tries: cmd.max_tries,
        rate: !cmd.no_rating,
    };
    let rate_opts = Options {
        variant: opts.variant,
        strategies: StrategySet::ALL,
        ..Options::default()
    };
    let cores = parallel::all_cores();
    let threads = cmd
        .threads
        .map_or(cores, |n| (n as usize).min(cores))
        .min(cmd.count.max(1) as usize);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = make_in_order(seed, cmd.count, &opts, threads, |generated| {
        out.write_all(generated.puzzle.to_line().as_bytes())?;
        match &generated.rating {
            Some(rating) if !cmd.no_rating => {
                out.write_all(b" ")?;
                write_rating(&mut out, rating, &rate_opts)
            }
            _ => out.write_all(b"\n"),
        }
    });
    out.flush()?;
    match result? {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err((index, gave_up)) => {
            eprintln!("error: puzzle {}: {}", index + 1, describe(&opts, gave_up));
            Ok(ExitCode::FAILURE)
        }
    }
}

/// What could not be found, in words.
fn describe(opts: &GenerateOptions, gave_up: GaveUp) -> String {
    let mut wanted = Vec::new();
    if let Some(p) = opts.needs {
        wanted.push(format!(
            "needs {}",
            REGISTRY[p as usize].id.replace('_', "-")
        ));
    }
    if let Some((lo, hi)) = opts.rating {
        wanted.push(format!("rates in {lo}..{hi}"));
    }
    format!(
        "none of {} puzzles made {} (--max-tries raises the cap)",
        gave_up.tries,
        wanted.join(" and ")
    )
}

/// A seed from the clock, for a run without `--seed`.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    now ^ ((std::process::id() as u64) << 32)
}

/// Shared between the writer and the makers: the next index to make and the next to write.
struct Progress {
    next: u64,
    written: u64,
}

/// Makes puzzles `0..count` on `threads` threads and hands each to `write` in index order.
/// Stops at the first puzzle that gave up (its index and why) or the first write error.
fn make_in_order<W>(
    seed: u64,
    count: u64,
    opts: &GenerateOptions,
    threads: usize,
    mut write: W,
) -> io::Result<Result<(), (u64, GaveUp)>>
where
    W: FnMut(&Generated) -> io::Result<()>,
{
    if threads <= 1 {
        for i in 0..count {
            match generate(seed, i, opts) {
                Ok(g) => write(&g)?,
                Err(e) => return Ok(Err((i, e))),
            }
        }
        return Ok(Ok(()));
    }
    let progress = Mutex::new(Progress {
        next: 0,
        written: 0,
    });
    let moved = Condvar::new();
    let stop = AtomicBool::new(false);
    let ahead = AHEAD * threads as u64;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(u64, Result<Generated, GaveUp>)>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (progress, moved, stop) = (&progress, &moved, &stop);
            scope.spawn(move || loop {
                let index = {
                    let mut p = progress.lock().unwrap_or_else(|e| e.into_inner());
                    while p.next < count
                        && p.next >= p.written + ahead
                        && !stop.load(Ordering::Relaxed)
                    {
                        p = moved.wait(p).unwrap_or_else(|e| e.into_inner());
                    }
                    if p.next >= count || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    p.next += 1;
                    p.next - 1
                };
                let made = generate_until(seed, index, opts, |_| !stop.load(Ordering::Relaxed));
                if tx.send((index, made)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut written = 0u64;
        let finish = |stop: &AtomicBool| {
            stop.store(true, Ordering::Relaxed);
            let _guard = progress.lock();
            moved.notify_all();
        };
        for (index, made) in rx.iter() {
            waiting.insert(index, made);
            while let Some(made) = waiting.remove(&written) {
                let outcome = match made {
                    Ok(g) => write(&g),
                    Err(e) => {
                        finish(&stop);
                        return Ok(Err((written, e)));
                    }
                };
                if let Err(e) = outcome {
                    finish(&stop);
                    return Err(e);
                }
                written += 1;
                progress.lock().unwrap_or_else(|e| e.into_inner()).written = written;
                moved.notify_all();
            }
        }
        Ok(Ok(()))
    })
}
