//! `unique_rectangles_type3`: a unique rectangle of two floors (boxes holding only the pair)
//! whose two roofs share a unit: were the roofs to hold only the pair, the rectangle would be a
//! deadly pattern, so one roof holds one of its other digits. The roofs act as one box holding
//! those digits, and with other boxes of the unit they can make a naked subset, whose digits
//! leave the rest of the unit (type 3 of the technique).

use super::unique_rectangles::{each_rectangle, Rectangle};
use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct UniqueRectanglesType3;

impl Strategy for UniqueRectanglesType3 {
    const ID: &'static str = "unique_rectangles_type3";
    const LABEL: &'static str = "Unique rectangles (type 3)";
    const DESCRIPTION: &'static str = "Used only when the puzzle is known to have one solution: a rectangle of boxes on two squares, two of them holding only the same pair, cannot let the other two hold only the pair too, so one of those holds another digit; the two act as one box holding their other digits, which with other boxes of their unit can make a naked subset, whose digits leave the rest of the unit.";
    const CAPTION: &'static str = "the puzzle has one solution (the verdict engine says so); {box1}, {box2}, {box3} and {box4}, a rectangle on two squares, would give a second if {box3} and {box4} held only the pair {box1} and {box2} hold, swapped; so {box3} or {box4} holds another digit, and with the rest of {boxes} they make a naked subset of {digits} in {unit1}: {digits} leave {changed}";
    const COURSE: bool = false;
    const UNIQUENESS: bool = true;
    /// Sudoku Explainer: Unique Rectangle type 3 with a naked pair, 4.6 (4.7 with a triple,
    /// 4.8 with a quad; scored 4.6 here, docs/ratings.md).
    const RATING: f32 = 4.6;

    /// Only when the pass knows the puzzle has one solution ([`Pass::unique`]), only on the
    /// classic shapes (as `unique_rectangles`). Rectangles and pairs in `unique_rectangles`'
    /// order; two floors, the two roofs sharing a unit, their other digits `E` (two or more:
    /// one is type 2). In each unit the roofs share (unit order), the sets of one to three of
    /// its other unsolved boxes (colexicographic order of their places in the unit) that hold,
    /// with `E`, as many digits as boxes plus one: those digits leave the unit's other boxes.
    /// One step per subset that removed something. Evidence: the unit; the floors, the roofs
    /// (A1..I9 order), then the subset's boxes (unit order); the subset's digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        each_rectangle(grid, topo, pass, rectangle)
    }
}

/// Type 3 on one rectangle and pair.
#[inline(never)]
fn rectangle<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    found: &Rectangle,
) -> Result<(), Contradiction> {
    let (pair, floors, roofs) = (found.pair, &found.floors, &found.roofs);
    let (2, &[x, y]) = (floors.len(), &roofs[..]) else {
        return Ok(());
    };
    let extra = Digits::from_bits(grid.get(x).bits() | grid.get(y).bits()).without(pair);
    if extra.len() < 2 {
        return Ok(());
    }
    let shared: Vec<Unit> = topo
        .units_of(x)
        .iter()
        .copied()
        .filter(|&u| topo.unit(u).contains(&y))
        .collect();
    for unit in shared {
        let others: Vec<Cell> = topo
            .unit(unit)
            .iter()
            .copied()
            .filter(|&c| c != x && c != y && grid.get(c).len() > 1)
            .collect();
        for mask in 1u32..1 << others.len() {
            let size = mask.count_ones() as usize;
            if size > 3 {
                continue;
            }
            let subset: Vec<Cell> = (0..others.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| others[i])
                .collect();
            // A box an earlier subset solved takes no part.
            if subset.iter().any(|&c| grid.get(c).len() < 2) {
                continue;
            }
            let digits = subset.iter().fold(extra, |m, &c| {
                Digits::from_bits(m.bits() | grid.get(c).bits())
            });
            if digits.len() as usize != size + 1 {
                continue;
            }
            let mut changed = false;
            let mut emptied = None;
            for &c in topo.unit(unit) {
                let before = grid.get(c);
                if c == x || c == y || subset.contains(&c) || before.bits() & digits.bits() == 0 {
                    continue;
                }
                let after = before.without(digits);
                grid.set(c, after, pass.sink());
                changed = true;
                if after.is_empty() && emptied.is_none() {
                    emptied = Some(c);
                }
            }
            if changed {
                let mut boxes = found.boxes();
                boxes.extend_from_slice(&subset);
                pass.step(Evidence::new(&[unit], &boxes, digits));
            }
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
        }
    }
    Ok(())
}
