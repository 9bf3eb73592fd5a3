//! `empty_rectangle`: in a square, a digit fits only in one row and one column of it (the rest
//! of the square, the "empty rectangle", lacks it); a box `P` on that row outside the square
//! makes a strong link with `Q` in its column. If `Q` is not the digit, `P` is, the square's
//! row loses the digit and the square takes it in its column: so `Q` or one of the square's
//! boxes in that column holds it, and the digit leaves every box that sees all of those. The
//! same with rows and columns swapped.

use super::{remove_seeing, two_places, Pass, Strategy};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct EmptyRectangle;

impl Strategy for EmptyRectangle {
    const ID: &'static str = "empty_rectangle";
    const LABEL: &'static str = "Empty rectangle";
    const DESCRIPTION: &'static str = "A digit fits a square only in one row and one column of it, and a box on that row (column) outside the square makes a strong link along its column (row): the link's other end or the square's column (row) holds the digit, so it leaves every box that sees both.";
    const CAPTION: &'static str = "{digit} fits in {unit1} only in {unit2} and {unit3}, and in {unit4} only in {box1} and {box2}: {box2} is {digit}, or {box1} is and {unit1} has it in {unit3} outside {unit2}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sukaku Explainer (Sudoku Explainer's maintained fork): a grouped strong link in a
    /// square with a strong link in a line ("Grouped 2-String Kite" / "Grouped Turbot Crane").
    const RATING: f32 = 4.3;

    /// Digits 1..9; for each, squares in unit order; in each, the crossings of a row and a
    /// column of the square (rows, then columns, ascending) that hold every box of the square
    /// where the digit fits, with one such box off the row and one off the column (else it is
    /// pointing's); for each, `P` on the row outside the square (A1..I9 order) whose column
    /// holds the digit only in `P` and `Q`, then `P` on the column whose row holds it only in
    /// `P` and `Q`. The digit leaves every box that sees `Q` and every box of the square's
    /// other line off `P`'s line. Each pattern's changes are made when it is found, and the
    /// grid read again after it. One step per pattern that removed something. Evidence: the
    /// square, `P`'s line, the other line, the link's line; the boxes `P`, `Q`, then where the
    /// digit fits in the square (A1..I9 order); the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        for digit in 1..=9 as Digit {
            while next(grid, topo, digit, pass)? {}
        }
        Ok(())
    }
}

/// Finds the first pattern of `digit` that removes something, makes its changes and closes its
/// step; whether there was one.
#[inline(never)]
fn next<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    digit: Digit,
    pass: &mut Pass<'_, S>,
) -> Result<bool, Contradiction> {
    let fits = |grid: &Grid, c: Cell| grid.get(c).contains(digit);
    for square in 18..27u8 {
        let square = Unit(square);
        let mut places = [Cell(0); 9];
        let mut n = 0;
        let (mut rows, mut cols) = (0u16, 0u16);
        for &c in topo.unit(square) {
            if fits(grid, c) {
                places[n] = c;
                n += 1;
                rows |= 1 << c.row();
                cols |= 1 << c.col();
            }
        }
        let places = &mut places[..n];
        places.sort();
        for r in (0..9).filter(|r| rows >> r & 1 == 1) {
            for c in (0..9).filter(|c| cols >> c & 1 == 1) {
                let on_row = |x: &Cell| x.row() == r;
                let on_col = |x: &Cell| x.col() == c;
                if !places.iter().all(|x| on_row(x) || on_col(x))
                    || places.iter().all(on_row)
                    || places.iter().all(on_col)
                {
                    continue;
                }
                let (row, col) = (Unit(r as u8), Unit(9 + c as u8));
                // `P` on the row, the link along its column; then `P` on the column, the link
                // along its row.
                for (line, other, p_on_row) in [(row, col, true), (col, row, false)] {
                    // `Q`, then the square's boxes off `P`'s line.
                    let mut seen = [Cell(0); 10];
                    let mut m = 1;
                    for &x in places.iter() {
                        if if p_on_row { !on_row(&x) } else { !on_col(&x) } {
                            seen[m] = x;
                            m += 1;
                        }
                    }
                    for &p in topo.unit(line) {
                        if !fits(grid, p) || topo.unit(square).contains(&p) {
                            continue;
                        }
                        let link = if p_on_row {
                            Unit(9 + p.col() as u8)
                        } else {
                            Unit(p.row() as u8)
                        };
                        let (count, two) = two_places(grid, topo, link, digit);
                        let q = if two[0] == p { two[1] } else { two[0] };
                        if count != 2 || topo.unit(square).contains(&q) {
                            continue;
                        }
                        seen[0] = q;
                        let (changed, emptied) =
                            remove_seeing(grid, topo, pass, digit, &seen[..m], &[]);
                        if !changed {
                            continue;
                        }
                        let mut boxes = [Cell(0); 11];
                        boxes[0] = p;
                        boxes[1] = q;
                        boxes[2..2 + n].copy_from_slice(places);
                        pass.step(Evidence::new(
                            &[square, line, other, link],
                            &boxes[..2 + n],
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
    }
    Ok(false)
}
