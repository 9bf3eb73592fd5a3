//! Where puzzles come from: a GRID argument, the whole of standard input, or standard input (or
//! a file) one puzzle a line. Nothing longer than the parser's `MAX_INPUT` is ever held whole:
//! the length is checked while reading, so an endless line (`< /dev/zero`) costs constant
//! memory.

use solver_core::formats;
use solver_core::parse::MAX_INPUT;
use solver_core::puzzle::{Constraint, Puzzle};
use solver_core::{parse, Grid, ParseError, Topology, Variant};
use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufRead, Read};

/// Input that went past `MAX_INPUT` bytes while it was read; the rest of it was never held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong;

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "input is too long: more than {MAX_INPUT} bytes (at most {MAX_INPUT}); a grid has 81 boxes"
        )
    }
}

/// The text of one grid: the argument if given, else the whole of standard input (so the
/// multi-line display layouts can be piped in). Standard input is read up to one byte past
/// `MAX_INPUT`: input longer than that is an error at once, the rest of it never read.
pub fn grid_text(arg: Option<&str>) -> io::Result<String> {
    match arg {
        Some(text) => Ok(text.to_string()),
        None => read_grid(io::stdin().lock()),
    }
}

fn read_grid(reader: impl Read) -> io::Result<String> {
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_INPUT {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("standard {TooLong}"),
        ));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// True for a line that holds no puzzle: blank, or a `#` comment.
pub fn is_skipped(line: &str) -> bool {
    line.is_empty() || line.starts_with('#')
}

/// Calls `each(line_number, line)` for every puzzle line of `reader`, streaming: one reused
/// buffer, no line kept. Line numbers are 1-based and count every line, skipped ones included,
/// so they point into the file. The line ending (`\n` or `\r\n`) is removed, other spaces kept
/// so that columns in error messages are exact (the parser skips spaces); bytes that are not
/// UTF-8 become U+FFFD, which the parser then reports as an invalid character.
///
/// A line longer than `MAX_INPUT` bytes (its `\r\n` not counted) is passed as `Err(TooLong)`
/// as soon as that much of it is read, so the error shows at once; the rest of the line is then
/// read a buffer at a time and dropped, and the lines after it are read as usual. A comment line
/// is skipped whatever its length.
pub fn for_each_line<R: BufRead>(
    mut reader: R,
    mut each: impl FnMut(usize, Result<&str, TooLong>) -> io::Result<()>,
) -> io::Result<()> {
    // The most a line that is not too long holds, with its `\r\n`.
    let most = MAX_INPUT as u64 + 2;
    let mut buf = Vec::with_capacity(128);
    let mut number = 0;
    loop {
        buf.clear();
        if (&mut reader).take(most).read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        number += 1;
        let ended = buf.ends_with(b"\n");
        let content = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        if content.len() > MAX_INPUT {
            // A comment is skipped whatever its length.
            if !content.trim_ascii_start().starts_with(b"#") {
                each(number, Err(TooLong))?;
            }
            if !ended {
                skip_line(&mut reader)?;
            }
            continue;
        }
        // Valid UTF-8 (every puzzle file) is borrowed as it is, without the lossy decoder.
        let text = match std::str::from_utf8(&buf) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(e) => {
                // Each bad byte becomes three in U+FFFD: a line of MAX_INPUT bad bytes would then
                // be refused as too long. Past the limit, the text ends at the first bad byte,
                // which the parser reports by its column.
                let lossy = String::from_utf8_lossy(&buf);
                if lossy.len() > MAX_INPUT {
                    let valid = std::str::from_utf8(&buf[..e.valid_up_to()]).unwrap_or_default();
                    std::borrow::Cow::Owned(format!("{valid}\u{FFFD}"))
                } else {
                    lossy
                }
            }
        };
        let line = text.trim_end_matches(['\n', '\r']);
        if !is_skipped(line.trim()) {
            each(number, Ok(line))?;
        }
    }
}

/// Reads and drops the rest of a line, up to and including its `\n` (or the end of the input),
/// a buffer at a time.
fn skip_line(reader: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                reader.consume(n);
            }
        }
    }
}

/// A puzzle as the solving subcommands take it: its grid, the topology to solve it on (a
/// classic shape's shared one, or a variant puzzle's own), and the shared puzzle it was read
/// from, which a trace carries.
pub struct ReadPuzzle {
    pub grid: Grid,
    pub topo: Cow<'static, Topology>,
    pub puzzle: Option<Puzzle>,
}

impl ReadPuzzle {
    /// The classic shape the puzzle has (its trace's `variant`).
    pub fn variant(&self) -> Variant {
        self.topo.variant
    }
}

/// Reads a puzzle for the solving subcommands. A shared form (f-puzzles JSON or link,
/// SudokuPad link, ISS string) is read by `formats::read`, which refuses a constraint Propagate
/// does not know by name, and solved on its own topology (`Puzzle::topology`: jigsaw regions,
/// cages, windoku, extra regions, anti-knight, anti-king, one diagonal or both); any other text
/// is a grid for the parser. `--diagonal` (`variant`) adds both diagonals to any puzzle. `line`
/// is the puzzle's line number in a file, which a grid's errors then point at.
pub fn read_puzzle(
    text: &str,
    variant: Variant,
    line: Option<usize>,
) -> Result<ReadPuzzle, String> {
    let Some(read) = formats::read(text) else {
        return parse(text, variant)
            .map(|grid| ReadPuzzle {
                grid,
                topo: Cow::Borrowed(Topology::of(variant)),
                puzzle: None,
            })
            .map_err(|e| match line {
                Some(n) => at_line(e, n).to_string(),
                None => e.to_string(),
            });
    };
    let mut puzzle = read.map_err(|e| e.to_string())?;
    if variant == Variant::Diagonal {
        for c in [Constraint::Diagonal, Constraint::AntiDiagonal] {
            if !puzzle.constraints.contains(&c) {
                puzzle.constraints.push(c);
            }
        }
    }
    let topo = puzzle.topology().map_err(|e| e.to_string())?;
    let grid = puzzle.grid(&topo).map_err(|e| e.to_string())?;
    // A classic shape is solved on its shared topology (the verdict engine's bit board).
    let topo = if topo.is_classic() {
        Cow::Borrowed(Topology::of(topo.variant))
    } else {
        Cow::Owned(topo)
    };
    Ok(ReadPuzzle {
        grid,
        topo,
        puzzle: Some(puzzle),
    })
}

/// A puzzle in any form the subcommands read, as the model states it: a shared form read as
/// it is, a grid's solved boxes as givens (with both diagonals under `--diagonal`).
pub fn read_model(text: &str, variant: Variant, line: Option<usize>) -> Result<Puzzle, String> {
    if let Some(read) = formats::read(text) {
        return read.map_err(|e| e.to_string());
    }
    let grid = parse(text, variant).map_err(|e| match line {
        Some(n) => at_line(e, n).to_string(),
        None => e.to_string(),
    })?;
    let mut givens = [0u8; 81];
    for (g, b) in givens.iter_mut().zip(grid.to_line().bytes()) {
        if b.is_ascii_digit() {
            *g = b - b'0';
        }
    }
    let mut puzzle = Puzzle::classic(givens);
    if variant == Variant::Diagonal {
        puzzle.constraints = vec![Constraint::Diagonal, Constraint::AntiDiagonal];
    }
    Ok(puzzle)
}

/// The parser numbers lines within the text it was given; a puzzle read from line `number` of
/// a file is one line, so its errors are moved to that line.
pub fn at_line(e: ParseError, number: usize) -> ParseError {
    match e {
        ParseError::InvalidCharacter {
            ch, column, cell, ..
        } => ParseError::InvalidCharacter {
            ch,
            line: number,
            column,
            cell,
        },
        ParseError::EmptyCandidates { cell, column, .. } => ParseError::EmptyCandidates {
            cell,
            line: number,
            column,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        for_each_line(input, |n, l| {
            out.push((n, l.map_or("<too long>".to_string(), str::to_string)));
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn numbers_count_skipped_lines_and_ends_are_trimmed() {
        let got = lines(b"# header\n\nabc\r\n  \n  # x\n def ");
        assert_eq!(got, vec![(3, "abc".into()), (6, " def ".into())]);
    }

    #[test]
    fn invalid_utf8_is_kept_as_a_replacement_character() {
        assert_eq!(lines(b"a\xffb\n"), vec![(1, "a\u{fffd}b".into())]);
    }

    #[test]
    fn a_line_of_bad_bytes_within_max_input_ends_at_the_first_bad_byte() {
        // Decoded, MAX_INPUT bad bytes would make three times as many: the line is not too long,
        // and the parser is shown where its first bad byte is.
        let mut line = b"12".to_vec();
        line.extend(std::iter::repeat_n(0xff, MAX_INPUT - 2));
        assert_eq!(lines(&line), vec![(1, "12\u{fffd}".into())]);
    }

    #[test]
    fn a_line_over_max_input_is_too_long_and_the_next_lines_are_read() {
        let at = "x".repeat(MAX_INPUT);
        let over = "x".repeat(MAX_INPUT + 1);
        let cases: Vec<(String, Vec<(usize, String)>)> = vec![
            // At the bound, with either ending or none: read whole.
            (
                format!("{at}\r\nok"),
                vec![(1, at.clone()), (2, "ok".into())],
            ),
            (format!("{at}\nok"), vec![(1, at.clone()), (2, "ok".into())]),
            (at.clone(), vec![(1, at.clone())]),
            // One byte over, with either ending or none.
            (
                format!("{over}\r\nok"),
                vec![(1, "<too long>".into()), (2, "ok".into())],
            ),
            (
                format!("{over}\nok"),
                vec![(1, "<too long>".into()), (2, "ok".into())],
            ),
            (over.clone(), vec![(1, "<too long>".into())]),
            (format!("{over}\r"), vec![(1, "<too long>".into())]),
            // Far over: the rest is skipped up to the line's end.
            (
                format!("a\n{}\n\nb\n", "y".repeat(5 * MAX_INPUT)),
                vec![(1, "a".into()), (2, "<too long>".into()), (4, "b".into())],
            ),
            // A long comment is still a comment.
            (format!("# {over}\nok"), vec![(2, "ok".into())]),
        ];
        for (input, want) in cases {
            assert_eq!(lines(input.as_bytes()), want, "{} bytes", input.len());
        }
    }

    #[test]
    fn a_line_too_long_is_reported_before_the_rest_is_read() {
        // An endless line: the error comes after MAX_INPUT + 2 bytes, then the reader stops.
        let endless = io::BufReader::new(io::repeat(b'0'));
        let err = for_each_line(endless, |n, l| {
            assert_eq!((n, l), (1, Err(TooLong)));
            Err(io::Error::other("seen"))
        });
        assert_eq!(err.unwrap_err().to_string(), "seen");
    }

    #[test]
    fn a_grid_from_standard_input_is_read_up_to_max_input() {
        let at = ".".repeat(MAX_INPUT);
        assert_eq!(read_grid(at.as_bytes()).unwrap(), at);
        let err = read_grid(io::repeat(b'.')).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            err.to_string(),
            format!(
                "standard input is too long: more than {MAX_INPUT} bytes (at most {MAX_INPUT}); \
                 a grid has 81 boxes"
            )
        );
    }
}
