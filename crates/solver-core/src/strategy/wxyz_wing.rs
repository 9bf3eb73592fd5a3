//! `wxyz_wing`: four boxes, a pivot and three boxes it sees, holding four digits between them,
//! each digit but one at most (z) in boxes that all see each other. Those digits fill at most
//! one box each, so one of the four boxes holding z is z, and z leaves every box that sees
//! all of them; with no such z (Sudoku Explainer's doubly linked form) each of the four digits
//! fills one box, and each leaves every box seeing all its places there.

use super::als::wing_tenths;
use super::{sees, units_between, Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{ChainNode, Contradiction, Evidence, Sink};

pub struct WxyzWing;

impl Strategy for WxyzWing {
    const ID: &'static str = "wxyz_wing";
    const LABEL: &'static str = "WXYZ-wing";
    const DESCRIPTION: &'static str = "A box and three boxes it sees hold four digits between them, each but one at most in boxes that all see each other: those fill one box each at most, so the one left fills one of its boxes (with none left, each fills one), and it leaves every box seeing all of them.";
    const CAPTION: &'static str = "{boxes} hold four digits between them, each but one at most in boxes that all see each other, which it fills once at most; so the four boxes take {digits} too, in one of its boxes there, and {digits} leaves {changed}, which see all of them";
    const COURSE: bool = false;
    /// SukakuExplainer (Sudoku Explainer's maintained fork): WXYZ-Wing, 5.5, 5.6 when the
    /// largest box of its almost locked set holds three candidates (`WXYZWingHint`); a step
    /// scores its own ([`WxyzWing::score`]).
    const RATING: f32 = 5.5;

    /// Two sweeps: first the wings scored 5.5, then (if any was passed over) those scored 5.6,
    /// as Sudoku Explainer takes the easiest wing first. In each, pivots in A1..I9 order with
    /// 2 to 4 candidates; for each, three of its peers with 2 to 4 candidates (in peer order),
    /// the four holding four digits between them, at most one of which (z) sits in boxes not
    /// all seeing each other. "Sees" is "shares a unit", so in diagonal Sudoku the diagonals
    /// count. Each wing's change is made when it is found; the pass reads the grid as it goes.
    /// One step per wing that removed something. Evidence: a unit the pivot shares with each
    /// of the three (the first in unit order); the pivot, then the three; z, or with no z the
    /// digits removed.
    #[inline(never)]
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let fits = |d: Digits| (2..=4).contains(&d.len());
        let mut passed_over = false;
        for hard in [false, true] {
            if hard && !passed_over {
                break;
            }
            for p in Cell::all() {
                if !fits(grid.get(p)) {
                    continue;
                }
                let mut wings = [Cell(0); 32];
                let mut n = 0;
                for &x in topo.peers(p) {
                    if fits(grid.get(x)) {
                        wings[n] = x;
                        n += 1;
                    }
                }
                let wings = &wings[..n];
                for (i, &a) in wings.iter().enumerate() {
                    for (j, &b) in wings.iter().enumerate().skip(i + 1) {
                        let three = grid.get(p).bits() | grid.get(a).bits() | grid.get(b).bits();
                        let had = three.count_ones();
                        if had > 4 {
                            continue;
                        }
                        for &c in &wings[j + 1..] {
                            let four = [p, a, b, c];
                            // Four digits in all: `c` brings the ones missing, no more.
                            let union = three | grid.get(c).bits();
                            if !exactly(union & !three, 4 - had)
                                || four.iter().any(|&x| !fits(grid.get(x)))
                            {
                                continue;
                            }
                            let is_hard = wing_tenths(3, biggest(grid, &four)) > 55;
                            if is_hard != hard {
                                passed_over |= is_hard;
                                continue;
                            }
                            wing(grid, topo, pass, four, Digits::from_bits(union))?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// SE's score: 5.5, 5.6 when the largest of the four boxes holds three candidates (the
    /// largest of SE's almost locked set, as the fourth, SE's box of two, holds two).
    fn score(grid: &Grid, evidence: &Evidence, _chain: &[ChainNode]) -> f32 {
        wing_tenths(3, biggest(grid, evidence.boxes())) as f32 / 10.0
    }
}

/// Whether `set` holds exactly `k` digits (counted without `count_ones`, a dozen shifts and
/// masks on x86-64's baseline; `k` is small).
#[inline]
fn exactly(mut set: u16, k: u32) -> bool {
    for _ in 0..k {
        if set == 0 {
            return false;
        }
        set &= set - 1;
    }
    set == 0
}

/// The most candidates a box of `boxes` holds.
fn biggest(grid: &Grid, boxes: &[Cell]) -> u32 {
    boxes.iter().map(|&c| grid.get(c).len()).max().unwrap_or(0)
}

/// The wing of the boxes `four` (a pivot and three boxes it sees) holding the four digits
/// `union`, if at most one digit sits in boxes not all seeing each other: its removals and step.
fn wing<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    four: [Cell; 4],
    union: Digits,
) -> Result<(), Contradiction> {
    let holders = |grid: &Grid, d| {
        let mut at = [Cell(0); 4];
        let mut n = 0;
        for x in four {
            if grid.get(x).contains(d) {
                at[n] = x;
                n += 1;
            }
        }
        (at, n)
    };
    // The digits whose boxes do not all see each other.
    let mut loose = Digits::NONE;
    for d in union.iter() {
        let (at, n) = holders(grid, d);
        let h = &at[..n];
        let all_see = h
            .iter()
            .enumerate()
            .all(|(k, &x)| h[k + 1..].iter().all(|&y| sees(topo, x, y)));
        if !all_see {
            loose = loose.with(d);
        }
    }
    if loose.len() > 1 {
        return Ok(());
    }
    // What leaves each box (every box changed once, with all it loses).
    let leaving = if loose.is_empty() { union } else { loose };
    let mut gone: [(Cell, Digits); 81] = [(Cell(0), Digits::NONE); 81];
    let mut n_gone = 0;
    for d in leaving.iter() {
        let (at, n) = holders(grid, d);
        for &c in topo.peers(at[0]) {
            if !grid.get(c).contains(d)
                || four.contains(&c)
                || !at[1..n].iter().all(|&h| sees(topo, c, h))
            {
                continue;
            }
            match gone[..n_gone].iter_mut().find(|(x, _)| *x == c) {
                Some((_, g)) => *g = g.with(d),
                None => {
                    gone[n_gone] = (c, Digits::single(d));
                    n_gone += 1;
                }
            }
        }
    }
    let mut removed = Digits::NONE;
    let mut emptied = None;
    for &(c, g) in &gone[..n_gone] {
        removed = Digits::from_bits(removed.bits() | g.bits());
        let after = grid.get(c).without(g);
        grid.set(c, after, pass.sink());
        if after.is_empty() && emptied.is_none() {
            emptied = Some(c);
        }
    }
    if !removed.is_empty() {
        let [p, a, b, c] = four;
        let (units, n) = units_between(topo, None, &[(p, a), (p, b), (p, c)]);
        pass.step(Evidence::new(&units[..n], &four, removed));
    }
    match emptied {
        Some(cell) => Err(Contradiction::EmptyBox { cell }),
        None => Ok(()),
    }
}
