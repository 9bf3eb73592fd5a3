//! `propagate check`: reads a trace file made elsewhere (by `propagate trace`, the page, or a
//! learner's code through python/PySudoku.py) and checks it as the page does before playing it
//! (`solver_core::check`).

use clap::Args;
use solver_core::check::{check, check_size, CheckLimits};
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Prints `ok <N> steps` and exits 0 when the trace is valid: format 2, the units of its variant,
every step's kind and evidence, every change's `before` equal to the replayed state, the search
tree, the outcome and the stats (docs/trace-format.md, \"Validation\"). Otherwise prints the error,
naming the step (its index in `steps`), the field and the box, and exits 1. A file larger than
--max-bytes is refused before it is read.

Examples:
  propagate trace --pretty < board.txt > run.json && propagate check run.json
  propagate check propagate-trace.json")]
pub struct CheckCmd {
    /// The trace file (JSON); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Refuse a trace of more steps than this.
    #[arg(long, value_name = "N", default_value_t = CheckLimits::default().max_steps)]
    pub max_steps: usize,

    /// Refuse a file larger than this many bytes, without reading it.
    #[arg(long, value_name = "BYTES", default_value_t = CheckLimits::default().max_bytes)]
    pub max_bytes: u64,
}

pub fn run(cmd: &CheckCmd) -> io::Result<ExitCode> {
    let limits = CheckLimits {
        max_bytes: cmd.max_bytes,
        max_steps: cmd.max_steps,
    };
    let name = cmd.file.display();
    let text = match read(cmd, &limits)? {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {name}: {message}");
            return Ok(ExitCode::FAILURE);
        }
    };
    match check(&text, &limits) {
        Ok(trace) => {
            println!("ok {} steps", trace.steps.len());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {name}: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The file's text, read only when its size is within the cap (a pipe is read up to one byte
/// past it); `Err(message)` for a file too large or not UTF-8.
fn read(cmd: &CheckCmd, limits: &CheckLimits) -> io::Result<Result<String, String>> {
    let mut bytes = Vec::new();
    if cmd.file.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(limits.max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)?;
    } else {
        let file = File::open(&cmd.file)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", cmd.file.display())))?;
        let size = file.metadata()?.len();
        if let Err(e) = check_size(size, limits) {
            return Ok(Err(e.to_string()));
        }
        file.take(limits.max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)?;
    }
    if let Err(e) = check_size(bytes.len() as u64, limits) {
        return Ok(Err(e.to_string()));
    }
    Ok(String::from_utf8(bytes).map_err(|e| {
        format!(
            "not UTF-8 text (byte {}): a trace is JSON",
            e.utf8_error().valid_up_to()
        )
    }))
}
