//! Reading what people paste: an 81-character line, the same spread over lines with spaces and
//! the course's display separators (`|`, `-`, `+`), or a candidate grid of 81 fields.

use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit, Variant};
use thiserror::Error;

/// The longest input read, in bytes. A grid in the widest display layout is under 2 KB.
pub const MAX_INPUT: usize = 100_000;

/// What is wrong with an input, and where. Messages are for people: lowercase, one line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("empty input: paste 81 boxes (digits 1-9, '.' or '0' for an empty box)")]
    Empty,
    #[error("input is too long: {len} bytes (at most {MAX_INPUT}); a grid has 81 boxes")]
    TooLong { len: usize },
    #[error("expected 81 boxes, found {found}")]
    WrongCount { found: usize },
    #[error("invalid character '{}' at line {line}, column {column}{}: a box holds digits 1-9, or '.' or '0' alone when empty", .ch.escape_debug(), box_note(*.cell))]
    InvalidCharacter {
        ch: char,
        line: usize,
        column: usize,
        cell: Option<Cell>,
    },
    #[error("box {cell} has no candidates (field '-' at line {line}, column {column})")]
    EmptyCandidates {
        cell: Cell,
        line: usize,
        column: usize,
    },
    #[error("givens conflict: {a} and {b} are both {digit} in {unit}")]
    Conflict {
        a: Cell,
        b: Cell,
        digit: u8,
        unit: Unit,
    },
}

fn box_note(cell: Option<Cell>) -> String {
    cell.map_or(String::new(), |c| format!(" (box {c})"))
}

/// A piece of text between separators, with where it starts (1-based line and column).
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// Reads a puzzle or a candidate grid. Givens that conflict in a unit of `variant` are an error.
///
/// - 81 whitespace-separated fields: a candidate grid. Each field is the digits still possible
///   for that box (`2379`), `.` or `0` for all digits; `-` alone is an empty box (an error).
/// - otherwise every character is a box: `1`-`9`, `.` or `0` for empty; spaces, line breaks and
///   the display separators `|`, `+` and lines of `-` are skipped.
///
/// Line breaks may be `\n`, `\r\n` or a lone `\r`; a byte order mark at the start is skipped.
/// Input longer than [`MAX_INPUT`] bytes is rejected before it is read.
pub fn parse(text: &str, variant: Variant) -> Result<Grid, ParseError> {
    parse_in(text, Topology::of(variant))
}

/// [`parse`] with the givens checked against the houses of any topology (a variant puzzle's,
/// for a position in it). A conflict's `unit` is the topology's unit: name it with
/// [`Topology::name`], as `Unit::name` knows the classic units only.
pub fn parse_in(text: &str, topo: &Topology) -> Result<Grid, ParseError> {
    if text.len() > MAX_INPUT {
        return Err(ParseError::TooLong { len: text.len() });
    }
    // Windows editors save UTF-8 with a byte order mark; it is not part of the grid.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(grid) = line_grid(text, topo) {
        return Ok(grid);
    }
    let grid = layout_grid(text)?;
    if let Some((unit, digit, a, b)) = grid.duplicate(topo) {
        return Err(ParseError::Conflict { a, b, digit, unit });
    }
    Ok(grid)
}

/// The common case, read without tokenizing: one line of exactly 81 boxes (a line break at
/// the end allowed), as in every puzzle file, whose givens do not conflict (checked as they are
/// read). Anything else is `None`, for the general reader to read and word the error of.
fn line_grid(text: &str, topo: &Topology) -> Option<Grid> {
    let line = text.strip_suffix('\n').unwrap_or(text);
    let line = line.strip_suffix('\r').unwrap_or(line).as_bytes();
    if line.len() != 81 {
        return None;
    }
    let mut cells = [Digits::ALL; 81];
    // Per digit, the units it is given in so far (bit `u` for unit `u`); two givens conflict
    // exactly when they share a unit and a digit.
    let mut seen = [0u64; 10];
    let mut clash = 0u64;
    for (i, (cell, &b)) in cells.iter_mut().zip(line).enumerate() {
        match b {
            b'1'..=b'9' => {
                let d = b - b'0';
                let of = topo.unit_bits(Cell(i as u8));
                clash |= seen[d as usize] & of;
                seen[d as usize] |= of;
                *cell = Digits::single(d);
            }
            b'.' | b'0' => {}
            _ => return None,
        }
    }
    (clash == 0).then(|| Grid::from_cells(cells))
}

/// Every other layout: separators, several lines, candidate fields.
fn layout_grid(text: &str) -> Result<Grid, ParseError> {
    let tokens = tokenize(text);
    if tokens.is_empty() {
        return Err(ParseError::Empty);
    }
    let chars: usize = tokens.iter().map(|t| t.text.chars().count()).sum();
    // 81 fields are a candidate grid unless they are one character each; a `-` field (an empty
    // box) makes them a candidate grid even then, so it is reported as the empty box it is.
    let fields = tokens.len() == 81 && (chars != 81 || tokens.iter().any(|t| t.text == "-"));
    if fields {
        candidate_grid(&tokens)
    } else {
        character_grid(&tokens, chars)
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '|' || c == '+'
}

/// The lines of `text`, ended by `\n`, `\r\n` or a lone `\r` (old Mac files).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
}

fn tokenize(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    for (l, line) in lines(text).enumerate() {
        // A line of dashes (with + and |) separates bands of rows in the course's layout.
        if line.contains('-') && line.chars().all(|c| c == '-' || is_separator(c)) {
            continue;
        }
        let mut start: Option<(usize, usize)> = None; // (byte offset, column)
        for (col, (i, c)) in line.char_indices().enumerate() {
            match (is_separator(c), start) {
                (true, Some((s, column))) => {
                    tokens.push(Token {
                        text: &line[s..i],
                        line: l + 1,
                        column,
                    });
                    start = None;
                }
                (false, None) => start = Some((i, col + 1)),
                _ => {}
            }
        }
        if let Some((s, column)) = start {
            tokens.push(Token {
                text: &line[s..],
                line: l + 1,
                column,
            });
        }
    }
    tokens
}

/// One character a box.
fn character_grid(tokens: &[Token], chars: usize) -> Result<Grid, ParseError> {
    let mut cells = [Digits::ALL; 81];
    let mut k = 0;
    for t in tokens {
        for (i, ch) in t.text.chars().enumerate() {
            let cell = (k < 81).then_some(Cell(k as u8));
            match ch {
                '1'..='9' if k < 81 => cells[k] = Digits::single(ch as u8 - b'0'),
                '.' | '0' | '1'..='9' => {}
                _ => {
                    return Err(ParseError::InvalidCharacter {
                        ch,
                        line: t.line,
                        column: t.column + i,
                        cell,
                    })
                }
            }
            k += 1;
        }
    }
    if chars != 81 {
        // Many fields, some of several digits (none with '.' or '0', which only stand alone
        // in a candidate grid): a candidate grid with a box too few or too many. Count fields.
        // Rows or groups of boxes written together make at most 27 tokens.
        let candidate_like = tokens.len() > 27
            && tokens.iter().any(|t| t.text.len() > 1)
            && tokens.iter().all(|t| {
                t.text.len() == 1 || t.text.bytes().all(|b| b.is_ascii_digit() && b != b'0')
            });
        let found = if candidate_like { tokens.len() } else { chars };
        return Err(ParseError::WrongCount { found });
    }
    Ok(Grid::from_cells(cells))
}

/// One field a box: its candidates.
fn candidate_grid(tokens: &[Token]) -> Result<Grid, ParseError> {
    let mut cells = [Digits::ALL; 81];
    for (k, t) in tokens.iter().enumerate() {
        let cell = Cell(k as u8);
        cells[k] = match t.text {
            "." | "0" => Digits::ALL,
            "-" => {
                return Err(ParseError::EmptyCandidates {
                    cell,
                    line: t.line,
                    column: t.column,
                })
            }
            field => {
                let mut d = Digits::NONE;
                for (i, ch) in field.chars().enumerate() {
                    match ch {
                        '1'..='9' => d = d.with(ch as u8 - b'0'),
                        _ => {
                            let column = t.column + i;
                            return Err(ParseError::InvalidCharacter {
                                ch,
                                line: t.line,
                                column,
                                cell: Some(cell),
                            });
                        }
                    }
                }
                d
            }
        };
    }
    Ok(Grid::from_cells(cells))
}
