//! The search of two strong links joined by a weak one, which `skyscraper` (two parallel
//! lines) and `two_string_kite` (a row and a column) run: for a digit, two lines in which it
//! fits in only two boxes each, one box of each line seeing a box of the other.

use super::{remove_seeing, shared_unit, two_places, Pass};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

/// Two strong links of a digit in lines (rows and columns): line 1 where it fits only in `b1`
/// and `a1`, line 2 only in `a2` and `b2`, and `a1` sees `a2`. Then `a1` and `a2` are not both
/// the digit, so `b1` or `b2` is: the digit leaves every box that sees both `b1` and `b2`. In
/// diagonal Sudoku "sees" counts the diagonals, which may join the two links or reach the boxes
/// the digit leaves; the links themselves are rows and columns only.
///
/// `parallel`: both lines rows or both columns (a skyscraper), else a row and a column (a
/// two-string kite). Four boxes in two rows and two columns are an X-wing, not a skyscraper.
///
/// Digits 1..9; for each, the lines where it fits twice (rows, then columns), pairs of them in
/// order, for each pair the ends `a1` (line 1's first box, then its second) and `a2` (line 2's
/// first, then second). Each pattern's changes are made when it is found, and the digit's lines
/// are read again after it. One step per pattern that removed something. Evidence: line 1,
/// line 2, the first unit (in unit order) `a1` and `a2` share; the boxes `b1 a1 a2 b2` (the
/// chain's order); the digit.
pub(super) fn search<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    parallel: bool,
) -> Result<(), Contradiction> {
    for digit in 1..=9 as Digit {
        while next(grid, topo, digit, parallel, pass)? {}
    }
    Ok(())
}

/// Finds the first pattern of `digit` that removes something, makes its changes and closes its
/// step; whether there was one.
#[inline(never)]
fn next<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    digit: Digit,
    parallel: bool,
    pass: &mut Pass<'_, S>,
) -> Result<bool, Contradiction> {
    let mut links = [(Unit(0), [Cell(0); 2]); 18];
    let mut n = 0;
    for u in 0..18 {
        let (count, at) = two_places(grid, topo, Unit(u), digit);
        if count == 2 {
            links[n] = (Unit(u), at);
            n += 1;
        }
    }
    let links = &links[..n];
    let column = |c: Cell| c.col();
    let row = |c: Cell| c.row();
    for (i, &(u1, l1)) in links.iter().enumerate() {
        for &(u2, l2) in &links[i + 1..] {
            let rows = u1.0 < 9;
            if (rows == (u2.0 < 9)) != parallel {
                continue;
            }
            let four = [l1[0], l1[1], l2[0], l2[1]];
            if four[..3].contains(&four[3]) || four[..2].contains(&four[2]) {
                continue;
            }
            if parallel {
                // Rows: the columns of the four boxes; columns: their rows.
                let cross = |c: Cell| if rows { column(c) } else { row(c) };
                let (x, y) = (cross(l1[0]), cross(l1[1]));
                let same = |c: Cell| cross(c) == x || cross(c) == y;
                if same(l2[0]) && same(l2[1]) {
                    continue;
                }
            }
            for (a1, b1) in [(l1[0], l1[1]), (l1[1], l1[0])] {
                for (a2, b2) in [(l2[0], l2[1]), (l2[1], l2[0])] {
                    let Some(via) = shared_unit(topo, a1, a2) else {
                        continue;
                    };
                    let (changed, emptied) =
                        remove_seeing(grid, topo, pass, digit, &[b1, b2], &[a1, a2]);
                    if !changed {
                        continue;
                    }
                    pass.step(Evidence::new(
                        &[u1, u2, via],
                        &[b1, a1, a2, b2],
                        Digits::single(digit),
                    ));
                    if let Some(cell) = emptied {
                        return Err(Contradiction::EmptyBox { cell });
                    }
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}
