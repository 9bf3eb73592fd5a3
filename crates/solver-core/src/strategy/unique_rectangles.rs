//! `unique_rectangles`: four boxes at the corners of a rectangle on two rows, two columns and
//! two squares, all holding the same two digits, would let a solution swap those digits and
//! make a second one (a deadly pattern). The puzzle is known to have one solution (the verdict
//! engine said so before the solve), so the pattern cannot be: types 1, 2 and 4 of the
//! technique take what would complete it.

use super::{remove_seeing, sees, Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct UniqueRectangles;

impl Strategy for UniqueRectangles {
    const ID: &'static str = "unique_rectangles";
    const LABEL: &'static str = "Unique rectangles";
    const DESCRIPTION: &'static str = "Used only when the puzzle is known to have one solution: four boxes on two rows, two columns and two squares cannot all end with the same two digits (swapping them would give a second solution), so what would force that goes (types 1, 2 and 4).";
    const CAPTION: &'static str = "the puzzle has one solution (the verdict engine says so), and {boxes}, a rectangle on two squares, would give a second if they held only {digits}, swapped; so {changed} cannot complete that pattern";
    const COURSE: bool = false;
    const UNIQUENESS: bool = true;
    /// Sudoku Explainer: Unique Rectangle (types 1 to 4), 4.5.
    const RATING: f32 = 4.5;

    /// Only when the pass knows the puzzle has one solution ([`Pass::unique`]), on the classic
    /// shapes: rectangles and pairs from [`each_rectangle`]. Type 1: three floors; the pair
    /// leaves the roof. Type 2: two floors, the two roofs (in a line, or diagonal: HoDoKu's
    /// type 5) holding the same one digit more: one roof is that digit, which leaves every box
    /// seeing both. Type 4: two floors, the roofs in one row or column (or square) where one
    /// digit of the pair fits only in them: one of them is that digit, so neither is the other.
    /// (Type 3 is `unique_rectangles_type3`, scored apart.) Each rectangle's changes are made
    /// when it is found. One step per rectangle (and type) that removed something. Evidence:
    /// type 4's unit (no unit for types 1 and 2); the floors, then the roofs (A1..I9 order);
    /// the pair.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        each_rectangle(grid, topo, pass, rectangle)
    }
}

/// A rectangle of four corners and a pair of digits they all hold, the corners split as the
/// grid holds them when it is found: floors (exactly the pair), then roofs (more), each in
/// A1..I9 order.
pub(super) struct Rectangle {
    pub corners: [Cell; 4],
    pub pair: Digits,
    pub floors: Vec<Cell>,
    pub roofs: Vec<Cell>,
}

impl Rectangle {
    /// The floors, then the roofs: the evidence's boxes.
    pub fn boxes(&self) -> Vec<Cell> {
        let mut boxes = self.floors.clone();
        boxes.extend_from_slice(&self.roofs);
        boxes
    }
}

/// The one rectangle finder of the uniqueness rungs: nothing unless the pass knows the puzzle
/// has one solution ([`Pass::unique`]) and the topology is classic (under a constraint beyond
/// houses, an exclusion or a cage, the rectangle's two digits swapped need not be a second
/// solution). Rectangles: rows `r1 < r2`, then columns `c1 < c2`, whose corners are
/// [`swappable`]; pairs of digits all four hold, ascending; `f` on each, which may change the
/// grid (the next rectangle is read from the grid as it is then).
pub(super) fn each_rectangle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    mut f: impl FnMut(&mut Grid, &Topology, &mut Pass<'_, S>, &Rectangle) -> Result<(), Contradiction>,
) -> Result<(), Contradiction> {
    if !pass.unique() || !topo.is_classic() {
        return Ok(());
    }
    let at = |r: usize, c: usize| Cell((r * 9 + c) as u8);
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let corners = [at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)];
                    if !swappable(topo, &corners) {
                        continue;
                    }
                    for pair in pairs(grid, &corners) {
                        let (floors, roofs) =
                            corners.iter().copied().partition(|&c| grid.get(c) == pair);
                        let found = Rectangle {
                            corners,
                            pair,
                            floors,
                            roofs,
                        };
                        f(grid, topo, pass, &found)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether every unit holds none of the corners or two of them in one row or column of the
/// rectangle: then swapping two digits between the corners keeps every unit whole.
fn swappable(topo: &Topology, corners: &[Cell; 4]) -> bool {
    // Asked for every rectangle at every pass: kept per topology, by the rectangle's first
    // and last corners (0 not yet known, 1 no, 2 yes).
    thread_local! {
        static KNOWN: std::cell::RefCell<(u32, Vec<u8>)> = const { std::cell::RefCell::new((u32::MAX, Vec::new())) };
    }
    let at = corners[0].index() * 81 + corners[3].index();
    let known = KNOWN.with(|k| {
        let k = k.borrow();
        if k.0 == topo.id() {
            k.1[at]
        } else {
            0
        }
    });
    if known != 0 {
        return known == 2;
    }
    let yes = swappable_by_units(topo, corners);
    KNOWN.with(|k| {
        let mut k = k.borrow_mut();
        if k.0 != topo.id() {
            *k = (topo.id(), vec![0; 81 * 81]);
        }
        k.1[at] = 1 + yes as u8;
    });
    yes
}

fn swappable_by_units(topo: &Topology, corners: &[Cell; 4]) -> bool {
    let mask = corners.iter().fold(0u128, |m, c| m | 1 << c.index());
    topo.all_units().all(|u| {
        let inside = topo.boxes(u) & mask;
        match inside.count_ones() {
            0 => true,
            2 => {
                let a = Cell(inside.trailing_zeros() as u8);
                let b = Cell(127 - inside.leading_zeros() as u8);
                a.row() == b.row() || a.col() == b.col()
            }
            _ => false,
        }
    })
}

/// The pairs of digits every corner holds (each corner holding two or more), ascending.
fn pairs(grid: &Grid, corners: &[Cell; 4]) -> Vec<Digits> {
    let common = corners
        .iter()
        .fold(0x1ffu16, |m, &c| m & grid.get(c).bits());
    let digits: Vec<u8> = Digits::from_bits(common).iter().collect();
    let mut out = Vec::new();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            out.push(Digits::single(a).with(b));
        }
    }
    out
}

/// Types 1, 2 and 4 on one rectangle and pair.
#[inline(never)]
fn rectangle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    found: &Rectangle,
) -> Result<(), Contradiction> {
    let (pair, corners, floors, roofs) = (found.pair, &found.corners, &found.floors, &found.roofs);
    let boxes = found.boxes();
    match (floors.len(), &roofs[..]) {
        (3, &[roof]) => {
            let before = grid.get(roof);
            let after = before.without(pair);
            grid.set(roof, after, pass.sink());
            pass.step(Evidence::new(&[], &boxes, pair));
            if after.is_empty() {
                return Err(Contradiction::EmptyBox { cell: roof });
            }
        }
        (2, &[x, y]) => {
            let (dx, dy) = (grid.get(x), grid.get(y));
            let extra = dx.without(pair);
            if dx == dy && extra.len() == 1 {
                let digit = extra.solved().expect("one digit");
                let (changed, emptied) = remove_seeing(grid, topo, pass, digit, &[x, y], corners);
                if changed {
                    pass.step(Evidence::new(&[], &boxes, pair));
                }
                if let Some(cell) = emptied {
                    return Err(Contradiction::EmptyBox { cell });
                }
            }
            // Type 4: the roofs share a unit where one digit of the pair fits only in them.
            if !sees(topo, x, y) {
                return Ok(());
            }
            for unit in topo
                .units_of(x)
                .iter()
                .copied()
                .filter(|&u| topo.unit(u).contains(&y))
            {
                for linked in pair.iter() {
                    if !only_in(grid, topo, unit, linked, x, y) {
                        continue;
                    }
                    let other = pair.without(Digits::single(linked));
                    let mut changed = false;
                    let mut emptied = None;
                    for roof in [x, y] {
                        let before = grid.get(roof);
                        if before.bits() & other.bits() == 0 {
                            continue;
                        }
                        let after = before.without(other);
                        grid.set(roof, after, pass.sink());
                        changed = true;
                        if after.is_empty() && emptied.is_none() {
                            emptied = Some(roof);
                        }
                    }
                    if changed {
                        pass.step(Evidence::new(&[unit], &boxes, pair));
                    }
                    if let Some(cell) = emptied {
                        return Err(Contradiction::EmptyBox { cell });
                    }
                    return Ok(());
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Whether `digit` fits `unit` only in `x` and `y`.
fn only_in(grid: &Grid, topo: &Topology, unit: Unit, digit: u8, x: Cell, y: Cell) -> bool {
    topo.unit(unit)
        .iter()
        .all(|&c| c == x || c == y || !grid.get(c).contains(digit))
}
