//! Puzzles as other sites share them, for the page: [`open`] reads f-puzzles JSON, an
//! f-puzzles or SudokuPad link, or an ISS string (`solver_core::formats`) into the grid text and
//! rule the page solves, and [`export`] writes the page's puzzle as an f-puzzles link. Plain
//! Rust, tested natively; `lib.rs` exports them as `openPuzzle` and `exportPuzzle`.

use crate::errors::ErrorData;
use solver_core::formats::{self, link, FormatError};
use solver_core::puzzle::{Constraint, Puzzle};
use solver_core::Variant;

/// A shared puzzle the page opens: its givens as an 81-character line, whether it is diagonal
/// Sudoku, and its title and author when the source names them.
#[derive(Debug, PartialEq, Eq)]
pub struct Opened {
    pub text: String,
    pub diagonal: bool,
    pub title: Option<String>,
    pub author: Option<String>,
}

/// The error data of a shared puzzle refused: kind `puzzle_json`, `puzzle_field`,
/// `puzzle_size`, `puzzle_unsupported`, `puzzle_link`, `puzzle_data` (`FormatKind::name`),
/// with the field, the box and the line and column of JSON.
pub fn format_error(e: &FormatError) -> ErrorData {
    ErrorData {
        message: e.to_string(),
        kind: e.kind.name(),
        line: e.line,
        column: e.column,
        boxes: e.cell.iter().map(|c| c.to_string()).collect(),
        field: e.field.clone(),
        ..ErrorData::default()
    }
}

/// `None` when `text` is in no shared form (a grid, for `parse`); else the puzzle the page
/// opens, or why not: an error of the form, or kind `puzzle_not_yet` for a constraint the
/// solver does not handle yet (the same message as the CLI's).
#[inline(never)]
pub fn open(text: &str) -> Option<Result<Opened, ErrorData>> {
    let puzzle = match formats::read(text)? {
        Ok(p) => p,
        Err(e) => return Some(Err(format_error(&e))),
    };
    Some(match formats::classic(&puzzle) {
        Ok((text, variant)) => Ok(Opened {
            text,
            diagonal: variant == Variant::Diagonal,
            title: puzzle.title,
            author: puzzle.author,
        }),
        Err(e) => Err(ErrorData::new("puzzle_not_yet", e.to_string())),
    })
}

/// The f-puzzles link of a grid the parser reads: its solved boxes as the givens, both
/// diagonals for diagonal Sudoku.
#[inline(never)]
pub fn export(text: &str, diagonal: bool) -> Result<String, ErrorData> {
    let variant = if diagonal {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let grid = solver_core::parse(text, variant).map_err(|e| ErrorData::from(&e))?;
    let mut givens = [0u8; 81];
    for (g, b) in givens.iter_mut().zip(grid.to_line().bytes()) {
        if b.is_ascii_digit() {
            *g = b - b'0';
        }
    }
    let mut puzzle = Puzzle::classic(givens);
    if diagonal {
        puzzle.constraints = vec![Constraint::Diagonal, Constraint::AntiDiagonal];
    }
    Ok(link::fpuzzles_link(&puzzle))
}

#[cfg(test)]
mod tests {
    use super::*;

    const X: &str = ".Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9";
    const X_LINE: &str =
        "..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.";

    #[test]
    fn a_diagonal_puzzle_opens_and_exports_back() {
        let opened = open(X).unwrap().unwrap();
        assert_eq!((opened.text.as_str(), opened.diagonal), (X_LINE, true));
        let link = export(X_LINE, true).unwrap();
        assert!(link.starts_with("https://www.f-puzzles.com/?load="));
        let back = open(&link).unwrap().unwrap();
        assert_eq!((back.text.as_str(), back.diagonal), (X_LINE, true));
        assert!(open(X_LINE).is_none());
    }

    #[test]
    fn refusals_carry_their_kind() {
        let e = open(".Cage~10~R1C1~R1C2").unwrap().unwrap_err();
        assert_eq!(e.kind, "puzzle_not_yet");
        assert!(e.message.contains("killer cage"), "{}", e.message);
        let e = open(".Thermo~R1C1~R1C2").unwrap().unwrap_err();
        assert_eq!(e.kind, "puzzle_unsupported");
        let e = open(".~R1C1_0").unwrap().unwrap_err();
        assert_eq!(
            (e.kind, e.boxes.as_slice()),
            ("puzzle_field", &["A1".to_string()][..])
        );
        let e = open("https://sudokupad.app/abc").unwrap().unwrap_err();
        assert_eq!(e.kind, "puzzle_link");
        assert_eq!(export("12", false).unwrap_err().kind, "wrong_count");
    }
}
