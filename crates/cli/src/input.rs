//! Where puzzles come from: a GRID argument, the whole of standard input, or standard input one
//! puzzle a line.

use solver_core::ParseError;
use std::io::{self, BufRead, Read};

/// The text of one grid: the argument if given, else the whole of standard input (so the
/// multi-line display layouts can be piped in).
pub fn grid_text(arg: Option<&str>) -> io::Result<String> {
    match arg {
        Some(text) => Ok(text.to_string()),
        None => {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes)?;
            Ok(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
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
pub fn for_each_line<R: BufRead>(
    mut reader: R,
    mut each: impl FnMut(usize, &str) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(128);
    let mut number = 0;
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        number += 1;
        // Valid UTF-8 (every puzzle file) is borrowed as it is, without the lossy decoder.
        let text = match std::str::from_utf8(&buf) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&buf),
        };
        let line = text.trim_end_matches(['\n', '\r']);
        if !is_skipped(line.trim()) {
            each(number, line)?;
        }
    }
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
            out.push((n, l.to_string()));
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
}
