//! `propagate trace`: the JSON step trace of one solve (docs/trace-format.md).

use crate::input;
use crate::options::SolveArgs;
use clap::Args;
use solver_core::{solve_traced_in, Limits, Trace};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = after_help())]
pub struct TraceCmd {
    #[command(flatten)]
    pub solve: SolveArgs,

    #[arg(long, value_name = "N", default_value_t = Limits::default().max_steps,
          value_parser = max_steps, help = max_steps_help())]
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
    let read = match input::read_puzzle(&text, opts.variant, None) {
        Ok(read) => read,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    opts.variant = read.variant();
    let mut trace = solve_traced_in(&read.grid, &read.topo, &opts);
    if let Some(puzzle) = &read.puzzle {
        trace.puzzle = Trace::puzzle_of(puzzle, &read.topo);
    }
    // Written as it is serialised: the JSON (several times the trace's size in memory) is
    // never held whole.
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if cmd.pretty {
        serde_json::to_writer_pretty(&mut out, &trace)
    } else {
        serde_json::to_writer(&mut out, &trace)
    }
    .map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The text after the options; it states the bound from its one constant.
fn after_help() -> String {
    let max = Limits::MAX_STEPS;
    format!(
        "\
Prints one JSON object: format, variant, puzzle (a variant puzzle's regions and constraints),
strategies, units, initial, steps, outcome, stats, described field by field in
docs/trace-format.md. The outcome counts solutions up to 2. A cap
(--max-nodes, --max-steps) gives the outcome {{\"verdict\": \"capped\", ...}}; the steps up to it are kept.
--max-steps is at most {max}, which bounds the memory a trace takes (docs/limits.md).

Examples:
  propagate trace '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  propagate trace --strategies eliminate --pretty < board.txt"
    )
}

fn max_steps_help() -> String {
    format!(
        "Stop recording after this many steps and report the solve as capped (at most {}: the \
         memory bound on a trace)",
        Limits::MAX_STEPS
    )
}

/// `--max-steps`: a count of steps up to [`Limits::MAX_STEPS`].
fn max_steps(text: &str) -> Result<usize, String> {
    let max = Limits::MAX_STEPS;
    match text.parse::<u128>() {
        Ok(n) if n <= max as u128 => Ok(n as usize),
        Ok(_) => Err(format!(
            "at most {max}: a trace keeps at most {max} steps, which bounds its memory \
             (docs/limits.md)"
        )),
        Err(_) => Err(format!("expected a number of steps from 0 to {max}")),
    }
}
