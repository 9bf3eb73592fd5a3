//! `w_wing`: two boxes that do not see each other hold the same two digits, x and y; x fits a
//! unit in only two boxes, one seen by each. The two boxes are not both x (one of the link's
//! boxes is x, and the box seeing it is not), so one of them is y, and y leaves every box that
//! sees both.

use super::{remove_seeing, sees, two_places, units_between, Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

pub struct WWing;

impl Strategy for WWing {
    const ID: &'static str = "w_wing";
    const LABEL: &'static str = "W-wing";
    const DESCRIPTION: &'static str = "Two boxes that do not see each other hold the same two digits, and one digit fits a unit only in two boxes, one seen by each: the other digit is in one of the two, so it leaves every box that sees both.";
    const CAPTION: &'static str = "{box1} and {box4} hold the same two digits, {digit} and another, which fits in {unit1} only in {box2} and {box3}; {box1} sees {box2} and {box4} sees {box3}, so they are not both the other digit: one is {digit}, and {digit} leaves {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer (its W-Wing is commented out in SukakuExplainer); SE-scale
    /// solvers that have it give it 4.4, the XYZ-wing's.
    const RATING: f32 = 4.4;
    const NOT_IN_SE: bool = true;

    /// The first box of two candidates in A1..I9 order, then a later box with the same two
    /// that it does not see; the linking digit x the lower of the two, then the higher; the
    /// units where x fits in exactly two boxes other than the pair's, in the course's order;
    /// the link's boxes as the unit lists them, the first seen by the first box, then the
    /// other way round. "Sees" is "shares a unit", so in diagonal Sudoku the diagonals count,
    /// as links too. Each wing's change is made when it is found; the pass reads the grid as
    /// it goes. One step per wing that removed something. Evidence: the link's unit, a unit
    /// the first box shares with its link box, one the second box shares with its (each the
    /// first in unit order); the boxes first, its link box, the other link box, second; y, the
    /// digit removed.
    #[inline(never)]
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        for c1 in Cell::all() {
            for c2 in (c1.0 + 1..81).map(Cell) {
                for x in grid.get(c1).iter() {
                    let pair = grid.get(c1);
                    if !pair.is_pair() || grid.get(c2) != pair || sees(topo, c1, c2) {
                        break;
                    }
                    let y = pair.without(Digits::single(x));
                    let digit = y.solved().expect("a pair less one digit");
                    for unit in topo.all_units() {
                        let (count, two) = two_places(grid, topo, unit, x);
                        if count != 2 || two.contains(&c1) || two.contains(&c2) {
                            continue;
                        }
                        for (s1, s2) in [(two[0], two[1]), (two[1], two[0])] {
                            if !sees(topo, c1, s1) || !sees(topo, c2, s2) {
                                continue;
                            }
                            let (changed, emptied) =
                                remove_seeing(grid, topo, pass, digit, &[c1, c2], &[]);
                            if changed {
                                let (units, n) =
                                    units_between(topo, Some(unit), &[(c1, s1), (c2, s2)]);
                                pass.step(Evidence::new(&units[..n], &[c1, s1, s2, c2], y));
                            }
                            if let Some(cell) = emptied {
                                return Err(Contradiction::EmptyBox { cell });
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
