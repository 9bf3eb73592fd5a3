//! `propagate apply`: one strategy, once, on one grid; prints the candidates it leaves.

use crate::input;
use crate::options::{parse_strategies, VariantArg, DEFAULT_STRATEGIES};
use clap::{Args, ValueEnum};
use solver_core::strategy::{self, At};
use solver_core::trace::{NoTrace, StepCounts};
use solver_core::{parse, reduce_puzzle, Contradiction, Grid, Strategies, Topology};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// One pass: every box solved at the start of the pass removes its digit from its peers.
    Eliminate,
    /// One pass over the units (rows, columns, squares, diagonals): a digit that fits one box
    /// of a unit goes there.
    OnlyChoice,
    /// One pass: two boxes of a unit with the same two candidates remove them from the rest.
    NakedTwins,
    /// reduce_puzzle: repeat the strategies until nothing changes.
    Reduce,
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
    /// The strategy to apply.
    #[arg(value_enum)]
    pub which: Which,

    #[command(flatten)]
    pub variant: VariantArg,

    /// For `reduce` only: the strategies it repeats, comma-separated (eliminate, only-choice,
    /// naked-twins; `none` for none). Default: the same as `solve`'s.
    #[arg(long, short = 's', value_name = "LIST", value_parser = parse_strategies)]
    pub strategies: Option<Strategies>,

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
    let variant = cmd.variant.variant();
    let text = input::grid_text(cmd.grid.as_deref())?;
    let mut grid = match parse(&text, variant) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let strategies = match cmd.strategies {
        Some(s) => s,
        None => parse_strategies(DEFAULT_STRATEGIES).expect("the default strategies parse"),
    };
    if let Err(c) = apply(cmd.which, &mut grid, Topology::of(variant), strategies) {
        let name = cmd
            .which
            .to_possible_value()
            .map_or(String::new(), |v| v.get_name().to_string());
        eprintln!("error: {name}: contradiction: {c}");
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
    strategies: Strategies,
) -> Result<(), Contradiction> {
    let at = At::default();
    match which {
        Which::Eliminate => strategy::eliminate(grid, topo, &mut NoTrace, at, &mut 0),
        Which::OnlyChoice => strategy::only_choice(grid, topo, &mut NoTrace, at, &mut 0),
        Which::NakedTwins => strategy::naked_twins(grid, topo, &mut NoTrace, at, &mut 0),
        Which::Reduce => reduce_puzzle(
            grid,
            topo,
            strategies,
            &mut NoTrace,
            at,
            &mut StepCounts::default(),
        ),
    }
}
