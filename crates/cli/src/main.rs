//! `propagate`: the command-line face of solver-core. Each subcommand is one file; this one
//! only parses the command line and dispatches. No solving logic lives in this crate.

mod apply;
mod bench;
mod check;
mod convert;
mod hint;
mod generate;
mod input;
mod options;
mod parallel;
mod rate;
mod solve;
mod trace;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "propagate",
    version,
    about = "Solve Sudoku and diagonal Sudoku by the course's constraint propagation and search, showing every step",
    long_about = long_about(),
    after_help = "\
Input formats (a GRID argument, or standard input):
  an 81-character line     digits 1-9, '.' or '0' for an empty box:
                           ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  the display layout       the same spread over lines, with spaces and the separators '|', '+'
                           and lines of '-', as the course prints boards:
                             . . 3 |. 2 . |6 . .
                             9 . . |3 . 5 |. . 1
                             ...
                             ------+------+------
  a candidate grid         81 whitespace-separated fields, the digits still possible for each
                           box A1..I9 ('2379'; '.' or '0' for all), also in the display layout,
                           so the output of `propagate apply` reads back in.
  a shared variant puzzle  f-puzzles JSON, an f-puzzles link (?load=), a SudokuPad link with
                           f-puzzles data (fpuzzles…), an ISS string (.~R1C1_5.Cage~15~R1C1~R1C2);
                           Sudoku and diagonal Sudoku (both diagonals) solve, a puzzle with
                           other constraints is refused naming them. `propagate convert`
                           writes these forms.
`solve` reads standard input one puzzle a line; `apply` and `trace` read all of it as one grid.

Exit status: 0 when every input was answered; 1 when some input did not parse, a strategy met a
contradiction (apply), a benchmark answer failed its check, or a trace is not valid (check); 2 for
a usage error.

Examples:
  propagate solve '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  propagate solve --count --stats < puzzles/top95.txt
  propagate solve --diagonal '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3'
  propagate apply eliminate '483.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.382'
  propagate apply reduce --strategies eliminate,only-choice < board.txt
  propagate trace --pretty '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  propagate bench puzzles/*.txt
  propagate check run.json
  propagate convert --to iss 'https://www.f-puzzles.com/?load=N4Ig…'
  propagate generate --count 10 --needs x-wing --seed 1

Run `propagate help <command>` for each command's options and output format."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a puzzle, or every puzzle of standard input (one a line): one answer line each.
    Solve(solve::SolveCmd),
    /// Apply one strategy once (or reduce_puzzle until its rounds stop) and print the candidate grid.
    Apply(apply::ApplyCmd),
    /// Solve one puzzle and print every step as JSON (docs/trace-format.md).
    Trace(trace::TraceCmd),
    /// Solve every puzzle of some files, timed, and check every answer.
    Bench(bench::BenchCmd),
    /// Check a trace file (JSON, docs/trace-format.md) as the page does before playing it.
    Check(check::CheckCmd),
    /// Rate puzzles as Sudoku Explainer does: the hardest of the easiest steps that solve each.
    Rate(rate::RateCmd),
    Convert(convert::ConvertCmd),
    /// The next step from a position, in three levels: the technique, where, the step itself.
    Hint(hint::HintCmd),
    /// Make new puzzles: one solution each, minimal, from a seed; filtered by the strategy they
    /// need or their rating.
    Generate(generate::GenerateCmd),
}

/// The top-level description; it lists the strategies and the default from the core's registry.
fn long_about() -> String {
    format!(
        "\
Solve Sudoku and diagonal Sudoku by the AI course's constraint propagation (strategies repeated
by reduce_puzzle until a round solves no new box, as the course's code does; with any strategy
beyond the course's three, until nothing changes) and depth-first search on the box with the
fewest candidates; apply one strategy at a time; print the full step trace as JSON; check a trace
file; rate puzzles as Sudoku Explainer does; hint the next step; benchmark whole puzzle files.

Boxes are named A1..I9 (rows A-I, columns 1-9). `--diagonal` adds the two main diagonals as
units. The strategies, in ladder order: {}. They default to {}; `--strategies none` is pure
search.",
        options::strategy_names(),
        options::StrategyList::default()
    )
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    // `solve` picks its engine by whether --strategies was given, not by its value.
    if let (Command::Solve(cmd), Some(m)) = (&mut cli.command, matches.subcommand_matches("solve"))
    {
        cmd.solve.strategies_given =
            m.value_source("strategies") == Some(clap::parser::ValueSource::CommandLine);
    }
    let result = match &cli.command {
        Command::Solve(cmd) => solve::run(cmd),
        Command::Apply(cmd) => apply::run(cmd),
        Command::Trace(cmd) => trace::run(cmd),
        Command::Bench(cmd) => bench::run(cmd),
        Command::Check(cmd) => check::run(cmd),
        Command::Rate(cmd) => rate::run(cmd),
        Command::Convert(cmd) => convert::run(cmd),
        Command::Hint(cmd) => hint::run(cmd),
        Command::Generate(cmd) => generate::run(cmd),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`propagate solve < big | head`): nothing more to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
