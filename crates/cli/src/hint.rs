//! `propagate hint`: the next step from a position, in three levels (the technique to look
//! for, where, the step itself), or the mistakes a hint would be built on.

use crate::input;
use crate::options::VariantArg;
use clap::Args;
use solver_core::{hint, parse, Hint, Topology};
use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Output: the next step of the easiest path (the rating's order: docs/ratings.md), one level a
line:
  Look for: <technique>
  Where: <units, or a box>, <digit(s)>
  <Strategy>: <the step, captioned as the page captions it>
then, with --apply, the grid after the step in the display layout.

A puzzle without pencil marks (every unsolved box holding every digit) gets its givens'
candidate bookkeeping first, silently; a candidate grid is hinted as it is. Before any hint,
boxes that disagree with the puzzle's solution are pointed out ('Mistake: ...'): with --givens,
box by box against the givens' unique solution; without, a grid with no solution is said to
have none. 'Solved' when every box is solved; 'No hint' when no technique of the ladder applies
(the position needs a guess, exit status 1) or the grid has no solution (exit status 1).

Examples:
  propagate hint '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  propagate apply eliminate GRID | propagate hint --apply")]
pub struct HintCmd {
    #[command(flatten)]
    pub variant: VariantArg,

    /// Print the grid after the step too.
    #[arg(long)]
    pub apply: bool,

    /// The puzzle's givens (any form GRID takes), to tell mistakes box by box.
    #[arg(long, value_name = "PUZZLE")]
    pub givens: Option<String>,

    /// The position: an 81-character line, a candidate grid or the display layout; without
    /// it, the whole of standard input.
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &HintCmd) -> io::Result<ExitCode> {
    let variant = cmd.variant.variant();
    let text = input::grid_text(cmd.grid.as_deref())?;
    let grid = match parse(&text, variant) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let givens = match cmd.givens.as_deref().map(|g| parse(g, variant)).transpose() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: --givens: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut out = io::stdout().lock();
    let code = match hint(&grid, givens.as_ref(), Topology::of(variant)) {
        Hint::Step(step) => {
            for level in &step.levels {
                writeln!(out, "{level}")?;
            }
            if cmd.apply {
                out.write_all(step.after.display().as_bytes())?;
            }
            ExitCode::SUCCESS
        }
        Hint::Mistakes { wrong, removed } => {
            for cell in wrong {
                writeln!(out, "Mistake: {cell} disagrees with the puzzle's solution")?;
            }
            for cell in removed {
                writeln!(
                    out,
                    "Mistake: {cell} lost a candidate the puzzle's solution needs"
                )?;
            }
            ExitCode::SUCCESS
        }
        Hint::Solved => {
            writeln!(out, "Solved: every box holds its digit")?;
            ExitCode::SUCCESS
        }
        Hint::Stuck => {
            writeln!(
                out,
                "No hint: no technique of the ladder applies here; the position needs a guess"
            )?;
            ExitCode::FAILURE
        }
        Hint::NoSolution => {
            writeln!(
                out,
                "No hint: this grid has no solution (a digit or a removed candidate is wrong)"
            )?;
            ExitCode::FAILURE
        }
    };
    out.flush()?;
    Ok(code)
}
