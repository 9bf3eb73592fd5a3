//! `propagate trace`: the JSON step trace of one solve (docs/trace-format.md).

use crate::input;
use crate::options::SolveArgs;
use clap::Args;
use solver_core::{parse, solve_traced, Limits};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Prints one JSON object: format, variant, strategies, units, initial, steps, outcome, stats,
described field by field in docs/trace-format.md. The outcome counts solutions up to 2. A cap
(--max-nodes, --max-steps) gives the outcome {\"verdict\": \"capped\", ...}; the steps up to it are kept.

Examples:
  propagate trace '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  propagate trace --strategies eliminate --pretty < board.txt")]
pub struct TraceCmd {
    #[command(flatten)]
    pub solve: SolveArgs,

    /// Stop recording after this many steps and report the solve as capped.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_steps)]
    pub max_steps: usize,

    /// Indent the JSON.
    #[arg(long)]
    pub pretty: bool,

    /// The grid; without it, the whole of standard input (multi-line layouts allowed).
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &TraceCmd) -> io::Result<ExitCode> {
    let mut opts = cmd.solve.options();
    opts.limits.max_steps = cmd.max_steps;
    let text = input::grid_text(cmd.grid.as_deref())?;
    let grid = match parse(&text, opts.variant) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let trace = solve_traced(&grid, &opts);
    let json = if cmd.pretty {
        serde_json::to_string_pretty(&trace)
    } else {
        serde_json::to_string(&trace)
    }
    .map_err(io::Error::other)?;
    let mut out = io::stdout().lock();
    out.write_all(json.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
