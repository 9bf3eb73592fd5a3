//! A puzzle as the constraint model states it: a 9×9 grid, its givens, its regions and a list of
//! constraints. The readers of shared puzzles (f-puzzles JSON and links, SudokuPad links, the
//! Interactive Sudoku Solver's strings) produce it, the writers read it, and the solver builds
//! its topology from it. Plain data: it says what the puzzle is, not how it is solved.

use crate::topology::Cell;

/// A variant puzzle: givens, regions and constraints beyond rows and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The given digit of each box, A1..I9: 1..=9, or 0 for an empty box.
    pub givens: [u8; 81],
    /// The nine regions that hold 1–9 once each besides rows and columns: `None` for the 3×3
    /// squares, `Some` for jigsaw Sudoku with each box's region number (0..9, each used by
    /// exactly nine boxes).
    pub regions: Option<[u8; 81]>,
    /// Every other constraint, in the order the source gave them.
    pub constraints: Vec<Constraint>,
    /// The puzzle's title and author, when the source names them.
    pub title: Option<String>,
    pub author: Option<String>,
}

/// One constraint of the model besides rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The main diagonal A1..I9 holds 1–9 once each (f-puzzles `diagonal-`).
    Diagonal,
    /// The anti-diagonal A9..I1 holds 1–9 once each (f-puzzles `diagonal+`).
    AntiDiagonal,
    /// Windoku: the four 3×3 squares B2-D4, B6-D8, F2-H4 and F6-H8 each hold 1–9 once.
    Windoku,
    /// A further house: nine boxes that hold 1–9 once each (f-puzzles `extraregion`).
    ExtraRegion(Vec<Cell>),
    /// No two boxes a chess knight's move apart hold the same digit.
    AntiKnight,
    /// No two boxes a chess king's move apart (diagonally adjacent included) hold the same digit.
    AntiKing,
    /// A killer cage: 1–9 boxes whose digits differ, summing to `sum` when it is given.
    Cage { cells: Vec<Cell>, sum: Option<u16> },
}

impl Puzzle {
    /// A classic puzzle with these givens and no constraint beyond rows, columns and squares.
    pub fn classic(givens: [u8; 81]) -> Puzzle {
        Puzzle {
            givens,
            regions: None,
            constraints: Vec::new(),
            title: None,
            author: None,
        }
    }
}
