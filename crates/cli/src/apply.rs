//! `propagate apply`: one strategy, once, on one grid; prints the candidates it leaves.

use crate::input;
use crate::options::{parse_strategies, strategy_names, StrategyList, VariantArg};
use clap::Args;
use solver_core::registry::{apply_once_at, info, position};
use solver_core::strategy::At;
use solver_core::trace::{NoTrace, Position, StepCounts};
use solver_core::{reduce_puzzle, Contradiction, Grid, Limits, StrategySet, Topology};
use std::io::{self, Write};
use std::process::ExitCode;

/// What to apply: one pass of a strategy, or reduce_puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Strategy(Position),
    Reduce,
}

impl Which {
    /// As the command line spells it.
    fn name(self) -> String {
        match self {
            Which::Strategy(position) => info(position).id.replace('_', "-"),
            Which::Reduce => "reduce".to_string(),
        }
    }
}

/// A strategy id from the registry (with `-` or `_`), or `reduce`.
fn parse_which(text: &str) -> Result<Which, String> {
    if text == "reduce" {
        return Ok(Which::Reduce);
    }
    position(&text.replace('-', "_"))
        .map(Which::Strategy)
        .ok_or_else(|| {
            format!(
                "unknown strategy '{text}': expected {}, or reduce",
                strategy_names()
            )
        })
}

#[derive(Args, Debug)]
#[command(after_help = "\
The grid may be a puzzle or a candidate grid, in any input format, so the output of one apply
can be piped into the next. A contradiction (an empty box, a digit with no place in a unit, a
digit solved twice in a unit) prints 'error: <strategy>: contradiction: <what>' and exits 1.

Examples:
  propagate apply eliminate '483.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.382'
  propagate apply eliminate --line GRID | propagate apply only-choice
  propagate apply reduce --strategies eliminate,only-choice < board.txt")]
pub struct ApplyCmd {
    /// One pass of this strategy (any of the ladder `propagate --help` lists), or `reduce`:
    /// reduce_puzzle, repeating the strategies until a round solves no new box (only the course's
    /// strategies on, as the course's code does) or changes nothing (any beyond them).
    #[arg(value_name = "STRATEGY", value_parser = parse_which)]
    pub which: Which,

    #[command(flatten)]
    pub variant: VariantArg,

    /// For `reduce` only: the strategies it repeats, comma-separated (`none` for none).
    /// Default: the same as `solve`'s.
    #[arg(long, short = 's', value_name = "LIST", value_parser = parse_strategies)]
    pub strategies: Option<StrategyList>,

    /// Print the 81 candidate fields space-separated on one line, instead of the display layout.
    #[arg(long)]
    pub line: bool,

    /// The grid; without it, the whole of standard input (multi-line layouts allowed).
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &ApplyCmd) -> io::Result<ExitCode> {
    if cmd.strategies.is_some() && cmd.which != Which::Reduce {
        eprintln!("error: --strategies applies to `reduce` only");
        return Ok(ExitCode::from(2));
    }
    let text = input::grid_text(cmd.grid.as_deref())?;
    let input::ReadPuzzle { mut grid, topo, .. } =
        match input::read_puzzle(&text, cmd.variant.variant(), None) {
            Ok(read) => read,
            Err(e) => {
                eprintln!("error: {e}");
                return Ok(ExitCode::FAILURE);
            }
        };
    let strategies = cmd.strategies.unwrap_or_default().0;
    if let Err(c) = apply(cmd.which, &mut grid, &topo, strategies) {
        eprintln!("error: {}: contradiction: {c}", cmd.which.name());
        return Ok(ExitCode::FAILURE);
    }
    let mut out = io::stdout().lock();
    if cmd.line {
        writeln!(out, "{}", grid.fields().join(" "))?;
    } else {
        out.write_all(grid.display().as_bytes())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn apply(
    which: Which,
    grid: &mut Grid,
    topo: &Topology,
    strategies: StrategySet,
) -> Result<(), Contradiction> {
    match which {
        // A uniqueness strategy acts only where the verdict engine says the puzzle has one
        // solution, as in a solve (`At::root` asks it only for one).
        Which::Strategy(position) => {
            let one = StrategySet::NONE.with(position);
            let at = At::root(grid, topo.variant, one, Limits::default().max_nodes);
            apply_once_at(position, grid, topo, at)
        }
        Which::Reduce => {
            let at = At::root(grid, topo.variant, strategies, Limits::default().max_nodes);
            reduce_puzzle(
                grid,
                topo,
                strategies,
                &mut NoTrace,
                at,
                &mut StepCounts::default(),
            )
        }
    }
}
