//! `pointing`: a digit confined to one line inside a square leaves the rest of that line. Also
//! the shared form of locked candidates, which `claiming` (the other way round) uses.

use super::{Pass, Strategy};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct Pointing;

impl Strategy for Pointing {
    const ID: &'static str = "pointing";
    const LABEL: &'static str = "Pointing";
    const DESCRIPTION: &'static str = "A digit whose places in a square all lie on one line (row, \
        column or diagonal) leaves the rest of that line.";
    const CAPTION: &'static str =
        "in {unit1}, {digit} fits only in {unit2}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: pointing.
    const RATING: f32 = 2.6;

    /// Squares (and in variants every house that is not a line: jigsaw regions, windows, extra
    /// regions) in unit order, digits ascending: a digit with at least two places in the square,
    /// all of them in one other unit (a row, a column, or in diagonal Sudoku a diagonal; in
    /// variants any house), leaves that unit's boxes outside the square. The pass reads the grid as it goes. One step
    /// per square, digit and line that removed something. Evidence: the square then the line,
    /// the digit's places in the square, the digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        locked(grid, topo, pass, true)
    }
}

/// Locked candidates between two overlapping houses: from `confining` houses (those that are
/// not lines, squares or regions, when `from_squares`; the lines otherwise) into any other
/// house. For each confining house in order and each digit ascending, when the digit's places in
/// it (at least two) all lie in another house, the digit leaves the rest of that house (each
/// such house in unit order: in standard and diagonal Sudoku there is at most one, as two
/// lines share at most one box and two squares none).
pub(crate) fn locked<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    from_squares: bool,
) -> Result<(), Contradiction> {
    for a in topo.all_units() {
        if topo.is_line(a) == from_squares {
            continue;
        }
        let inside = topo.unit(a);
        for digit in 1..=9 as Digit {
            let mut places = [Cell(0); 9];
            let mut n = 0;
            // The houses holding every place but `a`.
            let mut around = !(1u64 << a.0);
            for &c in inside {
                if grid.get(c).contains(digit) {
                    places[n] = c;
                    n += 1;
                    around &= topo.unit_bits(c);
                }
            }
            if n < 2 {
                continue;
            }
            let places = &places[..n];
            while around != 0 {
                let b = Unit(around.trailing_zeros() as u8);
                around &= around - 1;
                let mut changed = false;
                let mut emptied = None;
                for &c in topo.unit(b) {
                    if inside.contains(&c) {
                        continue;
                    }
                    let before = grid.get(c);
                    if before.contains(digit) {
                        let after = before.without(Digits::single(digit));
                        grid.set(c, after, pass.sink());
                        changed = true;
                        if after.is_empty() && emptied.is_none() {
                            emptied = Some(c);
                        }
                    }
                }
                if changed {
                    pass.step(Evidence::new(&[a, b], places, Digits::single(digit)));
                }
                if let Some(cell) = emptied {
                    return Err(Contradiction::EmptyBox { cell });
                }
            }
        }
    }
    Ok(())
}
