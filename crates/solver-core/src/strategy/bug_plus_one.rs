//! `bug_plus_one`: every unsolved box holds two digits but one box, which holds three, and were
//! one of its three gone, each digit would fit in no box or two boxes of every unit: a
//! bivalue universal grave (BUG), a deadly pattern. Such a grid has no solution or two (each
//! box swapped to its other digit keeps every unit whole), so where the puzzle is known to
//! have one solution the box holds that digit.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink, MAX_EVIDENCE_UNITS};

pub struct BugPlusOne;

impl Strategy for BugPlusOne {
    const ID: &'static str = "bug_plus_one";
    const LABEL: &'static str = "BUG+1";
    const DESCRIPTION: &'static str = "Used only when the puzzle is known to have one solution: every unsolved box holds two digits but one box holding three; the digit of that box that fits three times in its units is its digit, because without it every box would hold two digits, each twice in every unit, and such a grid has no solution or two.";
    const CAPTION: &'static str = "the puzzle has one solution (the verdict engine says so); every unsolved box but {box1} holds two digits, and {digit} fits three times in {units}: were {box1} not {digit}, each digit would fit twice in every unit, a deadly pattern with no solution or two, so {box1} is {digit}";
    const COURSE: bool = false;
    const UNIQUENESS: bool = true;
    /// Sudoku Explainer: BUG type 1, 5.6.
    const RATING: f32 = 5.6;

    /// Only when the pass knows the puzzle has one solution ([`Pass::unique`]), and only on
    /// topologies of houses alone (the swap that makes a second solution keeps houses whole,
    /// not an exclusion or a cage). The grid must be: every unsolved box two digits but one,
    /// the three-digit box; no unsolved box holding a digit solved in a box of one of its
    /// units. Of the three digits, ascending, the first whose removal leaves each digit in no
    /// unsolved box or two of every unit: the box is that digit. At most one step a pass.
    /// Evidence: the box's units where the digit fits three times (unit order); the box; the
    /// digit.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        if !pass.unique() || !houses_only(topo) {
            return Ok(());
        }
        let Some(plus) = the_plus_box(grid) else {
            return Ok(());
        };
        let three = grid.get(plus);
        for digit in three.iter() {
            if !is_grave(grid, topo, plus, three.without(Digits::single(digit))) {
                continue;
            }
            let mut units = [Unit(0); MAX_EVIDENCE_UNITS];
            let mut n = 0;
            for &u in topo.units_of(plus) {
                let places = topo
                    .unit(u)
                    .iter()
                    .filter(|&&c| grid.get(c).contains(digit) && grid.get(c).len() > 1)
                    .count();
                if places == 3 && n < units.len() {
                    units[n] = u;
                    n += 1;
                }
            }
            grid.set(plus, Digits::single(digit), pass.sink());
            pass.step(Evidence::new(&units[..n], &[plus], Digits::single(digit)));
            return Ok(());
        }
        Ok(())
    }
}

/// Whether the topology's boxes see each other through its houses alone (no exclusion, no
/// cage): then swapping every box of a grave to its other digit keeps every constraint.
fn houses_only(topo: &Topology) -> bool {
    topo.is_classic()
        || (topo.cages().is_empty()
            && Cell::all().all(|c| {
                let houses = topo
                    .units_of(c)
                    .iter()
                    .fold(0u128, |m, &u| m | topo.boxes(u))
                    & !(1u128 << c.index());
                houses == topo.peer_boxes(c)
            }))
}

/// The one unsolved box holding three digits, every other unsolved box holding two; `None`
/// otherwise.
fn the_plus_box(grid: &Grid) -> Option<Cell> {
    let mut plus = None;
    for c in Cell::all() {
        match grid.get(c).len() {
            1 | 2 => {}
            3 if plus.is_none() => plus = Some(c),
            _ => return None,
        }
    }
    plus
}

/// Whether the grid, `plus` holding `two` instead, is a grave: in every unit each digit fits
/// in no unsolved box or in two, and a digit fitting there is solved in none of its boxes.
fn is_grave(grid: &Grid, topo: &Topology, plus: Cell, two: Digits) -> bool {
    topo.all_units().all(|u| {
        let mut once = 0u16;
        let mut twice = 0u16;
        let mut more = 0u16;
        let mut solved = 0u16;
        for &c in topo.unit(u) {
            let d = if c == plus { two } else { grid.get(c) };
            if d.len() == 1 {
                solved |= d.bits();
                continue;
            }
            more |= twice & d.bits();
            twice |= once & d.bits();
            once |= d.bits();
        }
        more == 0 && once == twice && once & solved == 0
    })
}
