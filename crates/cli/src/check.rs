//! `propagate check`: reads a trace file made elsewhere (by `propagate trace`, the page, or a
//! learner's code through python/PySudoku.py) and checks it as the page does before playing it
//! (`solver_core::check`).

use clap::Args;
use solver_core::check::{check, read_text, verify_claims, CheckLimits};
use solver_core::Limits;
use std::fs::File;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = after_help())]
pub struct CheckCmd {
    /// The trace file (JSON); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    #[arg(long, value_name = "N", default_value_t = CheckLimits::default().max_steps,
          value_parser = max_steps, help = max_steps_help())]
    pub max_steps: usize,

    #[arg(long, value_name = "BYTES", default_value_t = CheckLimits::default().max_bytes,
          value_parser = max_bytes, help = max_bytes_help())]
    pub max_bytes: u64,
}

/// The largest caps: a trace of the most steps any trace keeps ([`Limits::MAX_STEPS`]) and the
/// bytes [`CheckLimits`] allows it, as `propagate trace --max-steps` is capped.
fn most() -> CheckLimits {
    CheckLimits::for_limits(&Limits {
        max_steps: Limits::MAX_STEPS,
        ..Limits::default()
    })
}

fn after_help() -> String {
    let most = most();
    format!(
        "\
Prints `ok <N> steps` and exits 0 when the trace is valid: UTF-8 JSON (a byte order mark is
skipped; UTF-16 is refused), format 2 to 4, the units of its variant (or of the puzzle it
carries: a jigsaw's regions, cages, exclusions), every step's kind and evidence,
every change's `before` equal to the replayed state, the search tree, the outcome and the stats,
and what the outcome claims about the puzzle: its number of solutions, or that it has none,
counted again by the verdict engine (docs/trace-format.md, \"Validation\"). Otherwise prints
the error, naming the step (its index in `steps`), the field and the box, and exits 1. A file
larger than --max-bytes is refused before it is read; standard input is read up to it, and no
further than its first byte that is not UTF-8 or that JSON allows nowhere. --max-steps is at
most {}, and --max-bytes at most {} (docs/limits.md).

Examples:
  propagate trace --pretty < board.txt > run.json && propagate check run.json
  propagate check propagate-trace.json",
        most.max_steps, most.max_bytes
    )
}

fn max_steps_help() -> String {
    format!(
        "Refuse a trace of more steps than this (at most {})",
        most().max_steps
    )
}

fn max_bytes_help() -> String {
    format!(
        "Refuse a file larger than this many bytes, without reading it (at most {})",
        most().max_bytes
    )
}

/// A whole number from 0 to `max`, or the usage error saying what bounds it.
fn at_most(text: &str, max: u64, why: &str) -> Result<u64, String> {
    match text.parse::<u128>() {
        Ok(n) if n <= u128::from(max) => Ok(n as u64),
        Ok(_) => Err(format!("at most {max}: {why}")),
        Err(e) => Err(e.to_string()),
    }
}

/// `--max-steps`: up to [`Limits::MAX_STEPS`].
fn max_steps(text: &str) -> Result<usize, String> {
    at_most(
        text,
        most().max_steps as u64,
        "a trace holds at most that many steps, which bounds its memory",
    )
    .map(|n| n as usize)
}

/// `--max-bytes`: up to what [`CheckLimits`] allows the most steps.
fn max_bytes(text: &str) -> Result<u64, String> {
    at_most(
        text,
        most().max_bytes,
        "the text of a trace of the most steps, which bounds the memory reading it takes",
    )
}

pub fn run(cmd: &CheckCmd) -> io::Result<ExitCode> {
    let limits = CheckLimits {
        max_bytes: cmd.max_bytes,
        max_steps: cmd.max_steps,
    };
    let name = cmd.file.display();
    let fail = |message: &dyn std::fmt::Display| {
        eprintln!("error: {name}: {message}");
        Ok(ExitCode::FAILURE)
    };
    let text = match read(cmd, &limits) {
        Ok(Ok(text)) => text,
        Ok(Err(e)) => return fail(&e),
        Err(e) => return fail(&e),
    };
    match check(&text, &limits).and_then(|trace| verify_claims(&trace).map(|()| trace)) {
        Ok(trace) => {
            println!("ok {} steps", trace.steps.len());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => fail(&e),
    }
}

/// The file's text, read by the core as the page reads a file (`solver_core::check::read_text`):
/// a regular file only when its size is within the cap, standard input or another stream up to
/// the cap; `Err` for what could not be read (a directory, a missing file).
fn read(
    cmd: &CheckCmd,
    limits: &CheckLimits,
) -> io::Result<Result<String, solver_core::check::CheckError>> {
    if cmd.file.as_os_str() == "-" {
        return read_text(io::stdin().lock(), None, limits);
    }
    let file = File::open(&cmd.file)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory: a trace is a file",
        ));
    }
    read_text(file, meta.is_file().then_some(meta.len()), limits)
}
