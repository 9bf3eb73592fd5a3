//! `xyz_wing`: a box with three candidates, x, y and z (the pivot), sees a box holding x and z
//! and a box holding y and z (the pincers). Whichever digit the pivot takes, it or a pincer is
//! z, so z leaves every box that sees all three.

use super::{remove_seeing, units_between, Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct XyzWing;

impl Strategy for XyzWing {
    const ID: &'static str = "xyz_wing";
    const LABEL: &'static str = "XYZ-wing";
    const DESCRIPTION: &'static str = "A three-candidate box sees two two-candidate boxes holding its digits, one in common: whichever digit the box takes, one of the three holds that common digit, so it leaves every box seeing all three.";
    const CAPTION: &'static str = "{box1} holds three digits, and {box2} and {box3}, which it sees, each hold {digit} and one of the other two; whichever {box1} is, {box1}, {box2} or {box3} is {digit}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: XYZ-Wing.
    const RATING: f32 = 4.4;

    /// Pivots in A1..I9 order; for each, its peers with two candidates among the pivot's (the
    /// first pincer, in peer order), then a later such peer with other candidates (the second
    /// pincer); z is the digit the pincers share. "Sees" is "shares a unit", so in diagonal
    /// Sudoku the diagonals count. Three boxes that all lie in one unit are not a wing (they
    /// are a naked triple, a lower rung). Each wing's change is made when it is found; the
    /// pass reads the grid as it goes. One step per wing that removed something. Evidence: a
    /// unit the pivot shares with each pincer (the first in unit order, pivot and first pincer
    /// then pivot and second pincer), the boxes pivot, first pincer, second pincer, and z.
    #[inline(never)]
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let inside = |a: Digits, b: Digits| a.without(b).is_empty();
        for p in Cell::all() {
            // A wing's removals spare its own boxes, so the pivot, and the first pincer while
            // its second ones are tried, read the same at the start of their loop as inside it.
            if grid.get(p).len() != 3 {
                continue;
            }
            let peers = topo.peers(p);
            for (i, &a) in peers.iter().enumerate() {
                let (pivot, first) = (grid.get(p), grid.get(a));
                if !first.is_pair() || !inside(first, pivot) {
                    continue;
                }
                for &b in &peers[i + 1..] {
                    let second = grid.get(b);
                    if !second.is_pair() || first == second || !inside(second, pivot) {
                        continue;
                    }
                    // Three boxes of one unit holding three digits are a naked triple.
                    let triple = topo
                        .units_of(p)
                        .iter()
                        .any(|&u| topo.unit(u).contains(&a) && topo.unit(u).contains(&b));
                    if triple {
                        continue;
                    }
                    let z = Digits::from_bits(first.bits() & second.bits());
                    let digit = z.solved().expect("two pairs of three digits share one");
                    let (changed, emptied) =
                        remove_seeing(grid, topo, pass, digit, &[p, a, b], &[]);
                    if changed {
                        let (units, n) = units_between(topo, None, &[(p, a), (p, b)]);
                        pass.step(Evidence::new(&units[..n], &[p, a, b], z));
                    }
                    if let Some(cell) = emptied {
                        return Err(Contradiction::EmptyBox { cell });
                    }
                }
            }
        }
        Ok(())
    }
}
