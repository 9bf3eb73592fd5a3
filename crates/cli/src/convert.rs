//! `propagate convert`: a puzzle from any form Propagate reads to one form it writes:
//! f-puzzles JSON, an f-puzzles link, a SudokuPad link, an ISS constraint string, or the
//! 81-character line of its givens.

use crate::input;
use crate::options::VariantArg;
use clap::{Args, ValueEnum};
use solver_core::formats::{self, fpuzzles, iss, link};
use solver_core::puzzle::Puzzle;
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

/// The forms `convert` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// f-puzzles JSON, on one line.
    Fpuzzles,
    /// https://www.f-puzzles.com/?load=…
    FpuzzlesLink,
    /// https://sudokupad.app/fpuzzles…
    SudokupadLink,
    /// The Interactive Sudoku Solver's constraint string.
    Iss,
    /// The givens as an 81-character line (only for Sudoku and diagonal Sudoku).
    Line,
}

#[derive(Args, Debug)]
#[command(
    about = "Convert a puzzle between f-puzzles JSON, f-puzzles and SudokuPad links, ISS strings and grid lines",
    after_help = "\
Reads a puzzle in any form the other commands read: a grid (its solved boxes are the givens;
--diagonal adds both diagonals), f-puzzles JSON, an f-puzzles link (?load=), a SudokuPad link
carrying f-puzzles data (fpuzzles…, fpuz…), or an ISS constraint string (.Cage~15~R1C1~R1C2…).
Links that went through chat are repaired where they can be (line breaks, '+' turned into a
space or %2B, percent-encoding, brackets and punctuation around them, a missing https://).
Without INPUT, every line of standard input is one puzzle (blank and '#' lines skipped).
A line that does not read prints 'error: line N: <message>' and the run goes on (exit 1).

Examples:
  propagate convert --to fpuzzles-link '.Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2'
  propagate convert --to iss 'https://www.f-puzzles.com/?load=N4Ig…'
  propagate convert --to line < links.txt"
)]
pub struct ConvertCmd {
    /// The form to write.
    #[arg(long, value_enum)]
    pub to: Target,

    #[command(flatten)]
    pub variant: VariantArg,

    /// The puzzle; without it, every line of standard input is one.
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,
}

/// `puzzle` in the target form.
fn write(puzzle: &Puzzle, to: Target) -> Result<String, String> {
    Ok(match to {
        Target::Fpuzzles => fpuzzles::write(puzzle),
        Target::FpuzzlesLink => link::fpuzzles_link(puzzle),
        Target::SudokupadLink => link::sudokupad_link(puzzle),
        Target::Iss => iss::write(puzzle),
        Target::Line => formats::classic(puzzle).map_err(|e| e.to_string())?.0,
    })
}

pub fn run(cmd: &ConvertCmd) -> io::Result<ExitCode> {
    let variant = cmd.variant.variant();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut failed = false;
    match &cmd.input {
        Some(text) => {
            match input::read_model(text, variant, None).and_then(|p| write(&p, cmd.to)) {
                Ok(line) => writeln!(out, "{line}")?,
                Err(e) => {
                    eprintln!("error: {e}");
                    failed = true;
                }
            }
        }
        None => input::for_each_line(BufReader::new(io::stdin().lock()), |number, line| {
            let answer = match line {
                Ok(line) => {
                    input::read_model(line, variant, Some(number)).and_then(|p| write(&p, cmd.to))
                }
                Err(too_long) => Err(too_long.to_string()),
            };
            match answer {
                Ok(text) => writeln!(out, "{text}"),
                Err(e) => {
                    failed = true;
                    out.flush()?;
                    eprintln!("error: line {number}: {e}");
                    Ok(())
                }
            }
        })?,
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
