//! `wxyz_wing`: four boxes, a pivot and three boxes it sees, holding four digits between them,
//! each digit but one (z) in boxes that all see each other. Those three digits fill at most
//! one box each, so one of the four boxes holding z is z, and z leaves every box that sees
//! all of them.

use super::{remove_seeing, sees, units_between, Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct WxyzWing;

impl Strategy for WxyzWing {
    const ID: &'static str = "wxyz_wing";
    const LABEL: &'static str = "WXYZ-wing";
    const DESCRIPTION: &'static str = "A box and three boxes it sees hold four digits between them, each but one in boxes that all see each other: that one fills one of its boxes, so it leaves every box seeing all of them.";
    const CAPTION: &'static str = "{boxes} hold four digits between them, and each but {digit} sits in boxes that all see each other, so those fill one box each at most and one of the boxes holding {digit} is {digit}: {digit} leaves {changed}";
    const COURSE: bool = false;
    /// SukakuExplainer (Sudoku Explainer's maintained fork): WXYZ-Wing, 5.5 (5.6 when the
    /// largest box holds three candidates).
    const RATING: f32 = 5.5;

    /// Pivots in A1..I9 order with 2 to 4 candidates; for each, three of its peers with 2 to
    /// 4 candidates (in peer order), the four holding four digits between them, exactly one of
    /// which (z) sits in boxes not all seeing each other. "Sees" is "shares a unit", so in
    /// diagonal Sudoku the diagonals count. Each wing's change is made when it is found; the
    /// pass reads the grid as it goes. One step per wing that removed something. Evidence: a
    /// unit the pivot shares with each of the three (the first in unit order); the pivot, then
    /// the three; z.
    #[inline(never)]
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        let fits = |d: Digits| (2..=4).contains(&d.len());
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
                    if three.count_ones() > 4 {
                        continue;
                    }
                    for &c in &wings[j + 1..] {
                        let four = [p, a, b, c];
                        let union = three | grid.get(c).bits();
                        if union.count_ones() != 4 || four.iter().any(|&x| !fits(grid.get(x))) {
                            continue;
                        }
                        // The digits whose boxes do not all see each other.
                        let mut loose = Digits::NONE;
                        for d in Digits::from_bits(union).iter() {
                            let holders: Vec<Cell> = four
                                .iter()
                                .copied()
                                .filter(|&x| grid.get(x).contains(d))
                                .collect();
                            let all_see = holders
                                .iter()
                                .enumerate()
                                .all(|(k, &x)| holders[k + 1..].iter().all(|&y| sees(topo, x, y)));
                            if !all_see {
                                loose = loose.with(d);
                            }
                        }
                        let Some(z) = loose.solved() else {
                            continue;
                        };
                        let mut holders = [Cell(0); 4];
                        let mut n = 0;
                        for x in four {
                            if grid.get(x).contains(z) {
                                holders[n] = x;
                                n += 1;
                            }
                        }
                        let (changed, emptied) =
                            remove_seeing(grid, topo, pass, z, &holders[..n], &four);
                        if changed {
                            let (units, n) = units_between(topo, None, &[(p, a), (p, b), (p, c)]);
                            pass.step(Evidence::new(&units[..n], &four, loose));
                        }
                        if let Some(cell) = emptied {
                            return Err(Contradiction::EmptyBox { cell });
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
