//! `xy_wing`: a box with two candidates, x and y (the pivot), sees a box holding x and z and a
//! box holding y and z (the pincers). Whichever digit the pivot takes, one pincer is z, so z
//! leaves every box that sees both pincers.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct XyWing;

impl Strategy for XyWing {
    const ID: &'static str = "xy_wing";
    const LABEL: &'static str = "XY-wing";
    const DESCRIPTION: &'static str = "A two-candidate box sees two two-candidate boxes that each share one of its digits and a third digit: that digit leaves every box seeing both.";
    const CAPTION: &'static str = "{box1} is one of its two digits, and {box2} and {box3}, which it sees, each hold one of them with {digit}; whichever {box1} is, {box2} or {box3} is {digit}, so {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Sudoku Explainer: XY-Wing.
    const RATING: f32 = 4.2;

    /// Pivots in A1..I9 order; for each, its peers with two candidates sharing exactly one
    /// digit with it (the first pincer, in peer order), then a later peer holding the pivot's
    /// other digit and the same third digit (the second pincer). "Sees" is the topology's (a
    /// house, and in variants a pairwise exclusion or a cage), so in diagonal Sudoku the
    /// diagonals count. Three boxes that all lie in one unit are not a
    /// wing (they are a naked triple, a lower rung). Each wing's change is made when it is found;
    /// the pass reads the grid as it goes. One step per wing that removed something.
    /// Evidence: a unit the pivot shares with each pincer (the first in unit order, pivot and
    /// first pincer then pivot and second pincer; none for a pincer seen without a house), the boxes pivot, first pincer, second
    /// pincer, and the digit z removed.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let shared = |a: Cell, b: Cell| topo.unit_bits(a) & topo.unit_bits(b);
        for p in Cell::all() {
            let pivot = grid.get(p);
            if !pivot.is_pair() {
                continue;
            }
            let peers = topo.peers(p);
            for (i, &a) in peers.iter().enumerate() {
                let first = grid.get(a);
                let common = Digits::from_bits(first.bits() & pivot.bits());
                if !first.is_pair() || common.len() != 1 {
                    continue;
                }
                let z = first.without(pivot);
                let second_digits = pivot.without(common).bits() | z.bits();
                for &b in &peers[i + 1..] {
                    // Three boxes of one unit holding three digits are a naked triple.
                    let triple = shared(p, a) & topo.unit_bits(b) != 0;
                    if grid.get(b).bits() != second_digits || triple {
                        continue;
                    }
                    let mut changed = false;
                    let mut emptied = None;
                    for &c in topo.peers(a) {
                        if c == b || c == p || !topo.sees(c, b) {
                            continue;
                        }
                        let before = grid.get(c);
                        if before.bits() & z.bits() != 0 {
                            let after = before.without(z);
                            grid.set(c, after, pass.sink());
                            changed = true;
                            if after.is_empty() && emptied.is_none() {
                                emptied = Some(c);
                            }
                        }
                    }
                    if changed {
                        let mut via = [Unit(0); 2];
                        let mut n = 0;
                        for u in [a, b].into_iter().filter_map(|x| topo.shared_unit(p, x)) {
                            via[n] = u;
                            n += 1;
                        }
                        pass.step(Evidence::new(&via[..n], &[p, a, b], z));
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
