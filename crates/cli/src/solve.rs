//! `propagate solve`: one answer line per puzzle, streaming from standard input.

use crate::input;
use crate::options::SolveArgs;
use clap::Args;
use solver_core::search::solve_counting_steps;
use solver_core::{
    count_solutions, parse, solve, solve_and_count, Count, Digits, Found, Grid, Options, Solve,
    Stats, Variant, REGISTRY,
};
use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

#[derive(Args, Debug)]
#[command(after_help = "\
Output, one line per puzzle:
  <81 digits>               the solution (the first in search order)
  no solution               the puzzle has none
  capped: nodes <N>         the search hit --max-nodes before a verdict; nothing is claimed
With --count a space and the number of solutions counted up to 2 follow: '<81 digits> 1'
(unique), '<81 digits> 2' (two or more), 'no solution 0'; '<81 digits> capped: nodes <N>' when
the count hit the cap after the first solution.
With --stats a tab and the search effort follow:
  <answer>\\tnodes=N guesses=N backtracks=N max_depth=N eliminate=N only_choice=N ...
(nodes counts the root, so a puzzle solved by propagation alone has nodes=1; then the steps of
each strategy of the ladder, by its id). To count steps, --stats solves on the traced path's code (the same
search, node for node), several times slower than the fast path for the sets that path serves
(those with no-place; the course's own sets run the traced code anyway).

A line that does not parse prints 'error: line N: <message>' on standard error (N counts every
line of the input) and the run goes on; the exit status is then 1.

Examples:
  propagate solve '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
  propagate solve --count --stats < puzzles/top95.txt
  propagate solve --diagonal '2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3'
  propagate solve --strategies none --stats < puzzles/easy50.txt     # pure search")]
pub struct SolveCmd {
    #[command(flatten)]
    pub solve: SolveArgs,

    /// Also count the solutions, up to 2 (1: unique; 2: two or more).
    #[arg(long, short = 'c')]
    pub count: bool,

    /// Append the search effort to each answer line, after a tab (format below).
    #[arg(long)]
    pub stats: bool,

    /// The puzzle; without it, every line of standard input is one (blank lines and lines
    /// starting with '#' skipped).
    #[arg(value_name = "GRID")]
    pub grid: Option<String>,
}

pub fn run(cmd: &SolveCmd) -> io::Result<ExitCode> {
    let opts = cmd.solve.options();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    match &cmd.grid {
        Some(text) => match parse(text, opts.variant) {
            Ok(grid) => answer(&mut out, &grid, &opts, cmd)?,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        },
        // 64 KiB reads rather than standard input's 8 KiB: fewer system calls on big files.
        None => input::for_each_line(
            BufReader::with_capacity(1 << 16, io::stdin().lock()),
            |number, line| {
                let parsed = match plain_grid(line, opts.variant) {
                    Some(grid) => Ok(grid),
                    None => parse(line, opts.variant),
                };
                match parsed {
                    Ok(grid) => answer(&mut out, &grid, &opts, cmd),
                    Err(e) => {
                        let e = input::at_line(e, number);
                        failed = true;
                        // Keep stdout and stderr in input order when both go to one terminal.
                        out.flush()?;
                        eprintln!("error: line {number}: {e}");
                        Ok(())
                    }
                }
            },
        )?,
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The common line of a puzzle file, read as `parse` reads it: exactly 81 boxes (`1`-`9`, `.`
/// or `0`) whose givens do not conflict (rows, columns, squares, and the diagonals in diagonal
/// mode). `None` for anything else, which `parse` then reads (and words the error of) itself.
fn plain_grid(line: &str, variant: Variant) -> Option<Grid> {
    let line: &[u8; 81] = line.as_bytes().try_into().ok()?;
    let diagonal = variant == Variant::Diagonal;
    let mut cells = [Digits::ALL; 81];
    // Per unit (rows 0-8, columns 9-17, squares 18-26, diagonals 27-28): the digits given so
    // far (bit d). Two given boxes conflict exactly when they share a unit and a digit.
    let mut seen = [0u16; 29];
    for (i, &b) in line.iter().enumerate() {
        let d = b.wrapping_sub(b'0');
        if d.wrapping_sub(1) < 9 {
            let bit = 1u16 << d;
            let [r, c, s, diag] = UNITS[i];
            let mut clash = (seen[r as usize] | seen[c as usize] | seen[s as usize]) & bit;
            seen[r as usize] |= bit;
            seen[c as usize] |= bit;
            seen[s as usize] |= bit;
            if diagonal && diag != 0 {
                // Bit 0: on A1-I9 (unit 27); bit 1: on A9-I1 (unit 28).
                for k in 0..2 {
                    if diag >> k & 1 != 0 {
                        clash |= seen[27 + k] & bit;
                        seen[27 + k] |= bit;
                    }
                }
            }
            if clash != 0 {
                return None; // a conflict: parse names it
            }
            cells[i] = Digits::single(d);
        } else if d != 0 && b != b'.' {
            return None;
        }
    }
    Some(Grid::from_cells(cells))
}

/// Per box: its row, column and square as indices into `plain_grid`'s units, and which
/// diagonals hold it (bit 0: A1-I9, bit 1: A9-I1).
static UNITS: [[u8; 4]; 81] = {
    let mut t = [[0u8; 4]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let diag = (r == c) as u8 | ((r + c == 8) as u8) << 1;
        t[i] = [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8, diag];
        i += 1;
    }
    t
};

/// Writes one answer line.
fn answer(out: &mut impl Write, grid: &Grid, opts: &Options, cmd: &SolveCmd) -> io::Result<()> {
    // Steps exist only on the traced path's code; the fast path reaches the same fixpoints
    // in another order and counts none.
    // With --count (and no --stats), one search finds the first solution and goes on to count.
    let (result, counted) = if cmd.stats {
        (solve_counting_steps(grid, opts), None)
    } else if cmd.count {
        let (found, count) = solve_and_count(grid, opts, 2);
        let stats = Stats::default(); // not printed without --stats
        (Solve { found, stats }, Some(count))
    } else {
        (solve(grid, opts), None)
    };
    match result.found {
        Found::Solution(solution) => {
            write_digits(out, &solution)?;
            if cmd.count {
                match counted.unwrap_or_else(|| count_solutions(grid, opts, 2)) {
                    Count::Exactly(n) | Count::AtLeast(n) => write!(out, " {}", n.min(2))?,
                    Count::Capped(_) => write!(out, " capped: nodes {}", opts.limits.max_nodes)?,
                }
            }
        }
        Found::None(_) => {
            out.write_all(b"no solution")?;
            if cmd.count {
                out.write_all(b" 0")?;
            }
        }
        Found::Capped(limit) => write!(
            out,
            "capped: {} {}",
            limit_name(limit),
            opts.limits.max(limit)
        )?,
    }
    if cmd.stats {
        write_stats(out, &result.stats)?;
    }
    out.write_all(b"\n")
}

pub fn limit_name(limit: solver_core::Limit) -> &'static str {
    match limit {
        solver_core::Limit::Nodes => "nodes",
        solver_core::Limit::Steps => "steps",
    }
}

/// The 81 digits of a solved grid, without allocating.
fn write_digits(out: &mut impl Write, grid: &Grid) -> io::Result<()> {
    let mut line = [b'.'; 81];
    for (b, d) in line.iter_mut().zip(grid.cells()) {
        if let Some(x) = d.solved() {
            *b = b'0' + x;
        }
    }
    out.write_all(&line)
}

/// The effort after a tab: the search's counts, then each strategy's steps by its id.
fn write_stats(out: &mut impl Write, s: &Stats) -> io::Result<()> {
    write!(
        out,
        "\tnodes={} guesses={} backtracks={} max_depth={}",
        s.nodes, s.guesses, s.backtracks, s.max_depth
    )?;
    for strategy in REGISTRY {
        write!(out, " {}={}", strategy.id, s.steps.get(strategy.order))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(g: &Grid) -> Vec<u16> {
        g.cells().iter().map(|d| d.bits()).collect()
    }

    /// `plain_grid` reads exactly what `parse` reads, and gives way to it on everything else.
    #[test]
    fn plain_grid_agrees_with_parse() {
        let mut lines: Vec<String> = Vec::new();
        for name in ["top95.txt", "hardest.txt", "easy50.txt"] {
            let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap();
            lines.extend(
                text.lines()
                    .filter(|l| !input::is_skipped(l))
                    .map(String::from),
            );
        }
        let base = lines[0].clone();
        // Conflicts in a row, a column, a square and on each diagonal; bad characters; lengths.
        let mut variants = Vec::new();
        for (i, ch) in [
            (0, b'5'),
            (1, b'5'),
            (9, b'5'),
            (10, b'5'),
            (80, b'5'),
            (72, b'5'),
        ] {
            let mut l = base.clone().into_bytes();
            l[i] = ch;
            variants.push(String::from_utf8(l).unwrap());
        }
        let diag =
            "1.........1.........................................................1...........";
        variants.extend([
            diag.to_string(),
            format!("{}x", &base[..80]),
            format!("{} ", &base[..80]),
            base[..80].to_string(),
            format!("{base}."),
            "0".repeat(81),
            ".".repeat(81),
            "1".repeat(81),
        ]);
        lines.extend(variants);
        for line in &lines {
            for v in [Variant::Standard, Variant::Diagonal] {
                let parsed = parse(line, v);
                match plain_grid(line, v) {
                    Some(g) => assert_eq!(bits(&g), bits(&parsed.unwrap()), "{line}"),
                    None => assert!(
                        parsed.is_err() || line.len() != 81 || line.contains(' '),
                        "{line} {v:?}"
                    ),
                }
            }
        }
    }
}
