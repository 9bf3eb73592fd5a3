//! The forms variant puzzles are shared in, read into and written from the model's
//! [`Puzzle`]: f-puzzles JSON (`fpuzzles.rs`), f-puzzles and SudokuPad links and what chat does
//! to them (`link.rs`), lz-string's base64 compression under both (`lzstring.rs`), and the
//! Interactive Sudoku Solver's constraint strings (`iss.rs`). [`read`] tells the forms apart;
//! [`classic`] is where a read puzzle goes to the classic solver, or is refused for the
//! constraints it does not solve yet.
//!
//! Errors are [`FormatError`]s naming the field, the box or the cage; a constraint Propagate
//! does not read is refused by name (solving without it would give a wrong answer).
//!
//! The entry points and error builders are `#[inline(never)]`: inlined into each caller under
//! the page's opt-level 3 they made the wasm several times larger than their code.

pub mod error;
pub mod fpuzzles;
pub mod iss;
pub mod link;
pub mod lzstring;

pub use error::{FormatError, FormatKind};

use crate::parse::MAX_INPUT;
use crate::puzzle::{Constraint, Puzzle};
use crate::topology::{Cell, Variant};

/// The form a text is in, as far as its first characters tell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// f-puzzles JSON: `{` first.
    FPuzzles,
    /// A link (`http…`, a known host, `fpuzzles…`/`fpuz…` data, `sudokupad://…`), or bare
    /// lz-string data of f-puzzles JSON (`N4Ig…`).
    Link,
    /// An ISS constraint string: `.` and then a letter or `~`.
    Iss,
}

/// The shared form `text` is in, or `None` for what the grid parser reads (an 81-character
/// line, the display layout, a candidate grid).
pub fn form_of(text: &str) -> Option<Form> {
    let t = text.trim_start_matches(|c: char| c.is_whitespace() || c == '<' || c == '(');
    let b = t.as_bytes();
    match b.first()? {
        b'{' => Some(Form::FPuzzles),
        b'.' if matches!(b.get(1), Some(c) if c.is_ascii_alphabetic() || *c == b'~') => {
            Some(Form::Iss)
        }
        _ if link::looks_like_link(t) => Some(Form::Link),
        _ => None,
    }
}

/// Reads a puzzle in any shared form; `None` when the text is in none of them (a grid for the
/// parser), or is longer than [`MAX_INPUT`], which the parser then refuses as too long.
#[inline(never)]
pub fn read(text: &str) -> Option<Result<Puzzle, FormatError>> {
    if text.len() > MAX_INPUT {
        return None;
    }
    Some(match form_of(text)? {
        Form::FPuzzles => fpuzzles::read(text),
        Form::Link => link::read(text),
        Form::Iss => iss::read(text),
    })
}

/// A constraint the classic solver does not handle yet, by the name a message gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotYet {
    pub constraint: &'static str,
}

impl std::fmt::Display for NotYet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "this puzzle has {}, which Propagate does not solve yet (it solves Sudoku and diagonal Sudoku)",
            self.constraint
        )
    }
}

impl std::error::Error for NotYet {}

/// The one place a read puzzle reaches the classic solver: its givens as an 81-character line
/// and its variant, when it has no constraint beyond Sudoku's or diagonal Sudoku's (both
/// diagonals); else the first constraint the solver does not handle yet. The constraint model
/// (issue 21) replaces this routing with a topology built from the puzzle.
#[inline(never)]
pub fn classic(puzzle: &Puzzle) -> Result<(String, Variant), NotYet> {
    if puzzle.regions.is_some() {
        return Err(NotYet {
            constraint: "jigsaw regions",
        });
    }
    let (mut main, mut anti) = (false, false);
    for c in &puzzle.constraints {
        match c {
            Constraint::Diagonal => main = true,
            Constraint::AntiDiagonal => anti = true,
            other => {
                return Err(NotYet {
                    constraint: describe(other),
                })
            }
        }
    }
    let variant = match (main, anti) {
        (false, false) => Variant::Standard,
        (true, true) => Variant::Diagonal,
        (true, false) => {
            return Err(NotYet {
                constraint: "the main diagonal alone (without the anti-diagonal)",
            })
        }
        (false, true) => {
            return Err(NotYet {
                constraint: "the anti-diagonal alone (without the main diagonal)",
            })
        }
    };
    Ok((givens_line(&puzzle.givens), variant))
}

/// A constraint as a message names it.
pub fn describe(c: &Constraint) -> &'static str {
    match c {
        Constraint::Diagonal => "the main diagonal",
        Constraint::AntiDiagonal => "the anti-diagonal",
        Constraint::Windoku => "windoku's four extra squares",
        Constraint::ExtraRegion(_) => "an extra region",
        Constraint::AntiKnight => "the anti-knight rule",
        Constraint::AntiKing => "the anti-king rule",
        Constraint::Cage { .. } => "a killer cage",
    }
}

/// The givens as the grid parser reads them: 81 characters, `.` for an empty box.
pub fn givens_line(givens: &[u8; 81]) -> String {
    givens
        .iter()
        .map(|&d| {
            if (1..=9).contains(&d) {
                (b'0' + d) as char
            } else {
                '.'
            }
        })
        .collect()
}

/// The four windoku squares, each as its nine boxes in row order.
pub(crate) fn windoku_windows() -> [[Cell; 9]; 4] {
    let window = |top: usize, left: usize| {
        let mut cells = [Cell(0); 9];
        for (k, cell) in cells.iter_mut().enumerate() {
            *cell = Cell(((top + k / 3) * 9 + left + k % 3) as u8);
        }
        cells
    };
    [window(1, 1), window(1, 5), window(5, 1), window(5, 5)]
}

/// Replaces the first of four extra regions that are exactly windoku's squares by
/// [`Constraint::Windoku`] and drops the other three: f-puzzles and the readers of its JSON
/// write windoku as those four regions.
pub(crate) fn gather_windoku(constraints: &mut Vec<Constraint>) {
    // A window as a set of boxes: bit `i` for box `i` (the regions' boxes are distinct).
    let mask = |cells: &[Cell]| cells.iter().fold(0u128, |m, c| m | 1 << c.index());
    let windows = windoku_windows().map(|w| mask(&w));
    let window_of = |c: &Constraint| match c {
        Constraint::ExtraRegion(cells) if cells.len() == 9 => {
            windows.iter().position(|&w| w == mask(cells))
        }
        _ => None,
    };
    // The first extra region that is each window.
    let mut first = [None; 4];
    for (i, c) in constraints.iter().enumerate() {
        if let Some(w) = window_of(c) {
            first[w].get_or_insert(i);
        }
    }
    let [Some(a), Some(b), Some(c), Some(d)] = first else {
        return;
    };
    let keep = a.min(b).min(c).min(d);
    let mut i = 0;
    constraints.retain(|_| {
        i += 1;
        let at = i - 1;
        at == keep || !first.contains(&Some(at))
    });
    // `keep` is before every removed one, so its index is unchanged.
    constraints[keep] = Constraint::Windoku;
}

/// A box named as f-puzzles and ISS name it: `R1C1`..`R9C9` (either case).
pub(crate) fn parse_rc(text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    if b.len() != 4 || !b[0].eq_ignore_ascii_case(&b'R') || !b[2].eq_ignore_ascii_case(&b'C') {
        return None;
    }
    let (r, c) = (b[1].wrapping_sub(b'1'), b[3].wrapping_sub(b'1'));
    (r < 9 && c < 9).then(|| Cell(r * 9 + c))
}

/// A box as f-puzzles and ISS write it: `R1C1`.
pub(crate) fn rc(cell: Cell) -> String {
    format!("R{}C{}", cell.row() + 1, cell.col() + 1)
}

/// `text` as a JSON string, quotes included.
pub(crate) fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
