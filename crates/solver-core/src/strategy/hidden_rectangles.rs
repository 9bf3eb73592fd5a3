//! `hidden_rectangles`: HoDoKu's Hidden Rectangle. A unique rectangle (four boxes on two rows,
//! two columns and two squares, all holding a pair of digits) with a floor (a box holding only
//! the pair): if one digit of the pair fits the opposite corner's row and column only in the
//! rectangle's corners, the opposite corner cannot be the other digit. Were it, both its
//! neighbours on the rectangle would be the first digit (each its only other place in a unit),
//! the floor, seeing them, the other: a deadly pattern, which swapped gives a second solution.
//! Used only where the puzzle is known to have one solution.

use super::unique_rectangles::{each_rectangle, Rectangle};
use super::{Pass, Strategy};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct HiddenRectangles;

impl Strategy for HiddenRectangles {
    const ID: &'static str = "hidden_rectangles";
    const LABEL: &'static str = "Hidden rectangles";
    const DESCRIPTION: &'static str = "Used only when the puzzle is known to have one solution: a rectangle of boxes on two squares all holding the same pair, one of them only the pair; where one digit of the pair fits the opposite corner's row and column only in the rectangle, the opposite corner cannot be the other digit (the four would make a deadly pattern, which swapped gives a second solution).";
    const CAPTION: &'static str = "the puzzle has one solution (the verdict engine says so); {box1}, {box2}, {box3} and {box4}, a rectangle on two squares, all hold the same two digits, {box1} only those; {digit} fits {unit1} only in {box4} and {box2}, and {unit2} only in {box4} and {box3}; were {box4} the other digit, {box2} and {box3} would be {digit} and {box1} the other, a pattern that swapped gives a second solution; so the other digit leaves {changed}";
    const COURSE: bool = false;
    const UNIQUENESS: bool = true;
    /// Not in Sudoku Explainer; scored as its Unique Rectangle types 1, 2 and 4 (4.5), with
    /// which HoDoKu scores it alike (docs/ratings.md).
    const RATING: f32 = 4.5;
    const NOT_IN_SE: bool = true;

    /// Only when the pass knows the puzzle has one solution, on the classic shapes: rectangles
    /// and pairs from `unique_rectangles::each_rectangle`. For each floor (A1..I9 order), the
    /// opposite corner `x`, and each digit `a` of the pair (ascending) whose other digit `b`
    /// `x` holds: if a unit holds `x` and its neighbour on the rectangle's row with `a` fitting
    /// only in those two, and another unit the same with its neighbour on the column, `b`
    /// leaves `x`. One step per removal. Evidence: those two units; the floor, the row
    /// neighbour, the column neighbour, `x`; the digit `a`.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        each_rectangle(grid, topo, pass, rectangle)
    }
}

/// The hidden rectangles of one rectangle and pair.
#[inline(never)]
fn rectangle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    found: &Rectangle,
) -> Result<(), Contradiction> {
    let pair = found.pair;
    for &floor in &found.floors {
        let [x, by_row, by_col] = opposite(&found.corners, floor);
        for a in pair.iter() {
            let b = pair.without(Digits::single(a));
            let before = grid.get(x);
            if before.bits() & b.bits() == 0 || grid.get(floor) != pair {
                continue;
            }
            let (Some(u1), Some(u2)) = (
                link(grid, topo, a, x, by_row),
                link(grid, topo, a, x, by_col),
            ) else {
                continue;
            };
            let after = before.without(b);
            grid.set(x, after, pass.sink());
            pass.step(Evidence::new(
                &[u1, u2],
                &[floor, by_row, by_col, x],
                Digits::single(a),
            ));
            if after.is_empty() {
                return Err(Contradiction::EmptyBox { cell: x });
            }
        }
    }
    Ok(())
}

/// The corner opposite `floor`, then its neighbour on its row, then on its column.
fn opposite(corners: &[Cell; 4], floor: Cell) -> [Cell; 3] {
    let find = |row: usize, col: usize| {
        *corners
            .iter()
            .find(|c| c.row() == row && c.col() == col)
            .expect("a corner")
    };
    let row = corners
        .iter()
        .find(|c| c.row() != floor.row())
        .unwrap()
        .row();
    let col = corners
        .iter()
        .find(|c| c.col() != floor.col())
        .unwrap()
        .col();
    [
        find(row, col),
        find(row, floor.col()),
        find(floor.row(), col),
    ]
}

/// The first unit (the topology's order) holding `x` and `y` where `digit` fits only in them.
fn link(grid: &Grid, topo: &Topology, digit: Digit, x: Cell, y: Cell) -> Option<Unit> {
    topo.units_of(x).iter().copied().find(|&u| {
        topo.unit(u).contains(&y)
            && topo
                .unit(u)
                .iter()
                .all(|&c| c == x || c == y || !grid.get(c).contains(digit))
    })
}
