//! The grid: the candidates of the 81 boxes. `Copy`, so search copies it cheaply.

use crate::digits::{Digit, Digits};
use crate::topology::{Cell, Topology, COLS, ROWS};
use crate::trace::Sink;
use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [Digits; 81],
}

impl Default for Grid {
    /// The empty grid: every box may hold every digit.
    fn default() -> Self {
        Grid {
            cells: [Digits::ALL; 81],
        }
    }
}

impl Grid {
    pub fn from_cells(cells: [Digits; 81]) -> Grid {
        Grid { cells }
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> Digits {
        self.cells[cell.index()]
    }

    pub fn cells(&self) -> &[Digits; 81] {
        &self.cells
    }

    /// The one mutation primitive: every change of a box's candidates during solving passes
    /// through here, and is reported to `sink` (which does nothing when no trace is wanted).
    #[inline]
    pub fn set<S: Sink>(&mut self, cell: Cell, after: Digits, sink: &mut S) {
        let before = self.cells[cell.index()];
        if before != after {
            self.cells[cell.index()] = after;
            sink.change(cell, before, after);
        }
    }

    /// True when every box holds exactly one digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|d| d.solved().is_some())
    }

    /// The 81-character line: the digit of each solved box, `.` for the others.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|d| d.solved().map_or('.', |x| (b'0' + x) as char))
            .collect()
    }

    /// The candidates of the 81 boxes as fields, A1..I9.
    pub fn fields(&self) -> Vec<String> {
        self.cells.iter().map(|d| d.to_string()).collect()
    }

    /// The first two solved boxes of a unit that hold the same digit, if any.
    pub fn duplicate(&self, topo: &Topology) -> Option<(crate::topology::Unit, Digit, Cell, Cell)> {
        for u in topo.all_units() {
            let mut seen: [Option<Cell>; 10] = [None; 10];
            for &c in topo.unit(u) {
                if let Some(d) = self.get(c).solved() {
                    if let Some(first) = seen[d as usize] {
                        return Some((u, d, first, c));
                    }
                    seen[d as usize] = Some(c);
                }
            }
        }
        None
    }

    /// The course's `display`: every box centred in a column one wider than the widest field,
    /// `|` after columns 3 and 6, a line of dashes after rows C and F. Lines end with `\n`.
    pub fn display(&self) -> String {
        let fields = self.fields();
        let width = 1 + fields.iter().map(|f| f.len()).max().unwrap_or(1);
        let line = vec!["-".repeat(width * 3); 3].join("+");
        let mut out = String::new();
        for (r, row) in ROWS.iter().enumerate() {
            for (c, col) in COLS.iter().enumerate() {
                out.push_str(&center(&fields[r * 9 + c], width));
                if *col == b'3' || *col == b'6' {
                    out.push('|');
                }
            }
            out.push('\n');
            if *row == b'C' || *row == b'F' {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }
}

/// Python's `str.center`, space-padded: when the padding is odd the extra space goes right,
/// unless the width is odd too (CPython's rule), so the layout matches the course's output.
fn center(s: &str, width: usize) -> String {
    let len = s.chars().count();
    if len >= width {
        return s.to_string();
    }
    let marg = width - len;
    let left = marg / 2 + (marg & width & 1);
    format!("{}{}{}", " ".repeat(left), s, " ".repeat(marg - left))
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::center;

    #[test]
    fn center_matches_python() {
        // Python: 'ab'.center(5) == '  ab ', 'ab'.center(6) == '  ab  ', 'abc'.center(6) == ' abc  '
        assert_eq!(center("ab", 5), "  ab ");
        assert_eq!(center("ab", 6), "  ab  ");
        assert_eq!(center("abc", 6), " abc  ");
        assert_eq!(center("4", 2), "4 ");
    }
}
