//! `rule_of_45`: the 45 rule of killer Sudoku, innies and outies. A house holds 1–9, so its
//! boxes sum to 45; a run of `n` houses that do not overlap sums to 45·n. Where the run is almost
//! covered by whole cages, what is left over has a known sum: the boxes of the run outside the
//! cages inside it (innies) sum to 45·n less those cages' sums; the boxes of the cages that cover
//! the run, outside it (outies), sum to those cages' sums less 45·n. Solved boxes left over count
//! with their digit. One or two unsolved boxes left over keep only the digits that make the sum.
//! The regions, what is left over and what it keeps are plain functions of the candidates,
//! which the validator (`crate::check`) derives again.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit, BOXES, SIZE};
use crate::trace::{CageTotal, Contradiction, Evidence, Sink, MAX_COMBINATIONS};

pub struct RuleOf45;

impl Strategy for RuleOf45 {
    const ID: &'static str = "rule_of_45";
    const LABEL: &'static str = "45 rule";
    const DESCRIPTION: &'static str = "A house sums to 45: where whole cages almost cover a \
        house or a run of houses, the boxes left over inside it (innies) or sticking out of the \
        cages covering it (outies) have a known sum, and one or two such boxes keep only the \
        digits that make it.";
    const CAPTION: &'static str = "{arithmetic} ({combinations}), so {digits} leave {changed}";
    const COURSE: bool = false;
    const CAGES: bool = true;
    /// Sudoku Explainer has no killer rules. Scored as `cage_combinations` (2.8), after it: the
    /// 45 rule is the killer solver's other first tool (Sudopedia's "45 rule", "Innie" and
    /// "Outie"), a sum over houses and cages read off the grid, then a cage-like table of the
    /// one or two boxes' combinations (docs/ratings.md).
    const RATING: f32 = 2.8;

    /// Every region ([`regions`]), innies then outies ([`leftover`]); where one or two unsolved
    /// boxes are left over with a sum of at least 1, they keep only what makes it ([`keep`]): one
    /// step. The grid is read as the pass changes it. Evidence: the region's houses, the boxes
    /// left over, the digits removed, the sum and its combinations, and the cages' total with
    /// the side left over (the caption's arithmetic).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        if topo.cages().iter().all(|c| c.sum.is_none()) {
            return Ok(());
        }
        let cells: [Digits; BOXES] = std::array::from_fn(|i| grid.get(Cell(i as u8)));
        let mut cands = cells;
        for region in regions(topo) {
            for outies in [false, true] {
                let Some(left) = leftover(&cands, topo, region.units(), outies) else {
                    continue;
                };
                let boxes = left.boxes();
                let mut after = [Digits::NONE; 2];
                for (k, &c) in boxes.iter().enumerate() {
                    after[k] = cands[c.index()];
                }
                let see = boxes.len() == 2 && topo.sees(boxes[0], boxes[1]);
                let combos = keep(&mut after[..boxes.len()], left.sum, see);
                let mut removed = Digits::NONE;
                let mut emptied = None;
                for (k, &c) in boxes.iter().enumerate() {
                    let before = cands[c.index()];
                    if after[k] != before {
                        removed =
                            Digits::from_bits(removed.bits() | before.without(after[k]).bits());
                        cands[c.index()] = after[k];
                        grid.set(c, after[k], pass.sink());
                        if after[k].is_empty() && emptied.is_none() {
                            emptied = Some(c);
                        }
                    }
                }
                if !removed.is_empty() {
                    let evidence = Evidence::new(region.units(), boxes, removed)
                        .with_sum(left.sum, combos.list())
                        .with_cages(left.cages);
                    pass.step(evidence);
                }
                if let Some(cell) = emptied {
                    return Err(Contradiction::EmptyBox { cell });
                }
            }
        }
        Ok(())
    }
}

/// A run of houses that do not overlap: 1 to 4 of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    units: [Unit; 4],
    n: usize,
}

impl Region {
    pub fn units(&self) -> &[Unit] {
        &self.units[..self.n]
    }
}

/// The regions the rule looks at, in this order: every house alone (unit order) but the cages
/// of nine boxes (a cage's own sum says as much), then runs of 2 to 4 neighbouring rows, then of
/// columns, then pairs of squares or jigsaw regions that touch along an edge.
pub(crate) fn regions(topo: &Topology) -> Vec<Region> {
    let mut out = Vec::new();
    let cage_house = |u: Unit| topo.cages().iter().any(|c| c.boxes == topo.boxes(u));
    for u in topo.all_units() {
        if !cage_house(u) {
            out.push(Region {
                units: [u; 4],
                n: 1,
            });
        }
    }
    // Rows are units 0..9 and columns 9..18 on every topology.
    for first in [0u8, SIZE as u8] {
        for len in 2..=4 {
            for start in 0..=(SIZE - len) as u8 {
                let mut units = [Unit(0); 4];
                for (k, u) in units.iter_mut().enumerate().take(len) {
                    *u = Unit(first + start + k as u8);
                }
                out.push(Region { units, n: len });
            }
        }
    }
    let squares = 2 * SIZE as u8..3 * SIZE as u8;
    for a in squares.clone() {
        for b in a + 1..squares.end {
            let (ma, mb) = (topo.boxes(Unit(a)), topo.boxes(Unit(b)));
            if ma & mb == 0 && touch(ma, mb) {
                let mut units = [Unit(a); 4];
                units[1] = Unit(b);
                out.push(Region { units, n: 2 });
            }
        }
    }
    out
}

/// Whether a box of `a` and a box of `b` are side by side in a row or a column.
fn touch(a: u128, b: u128) -> bool {
    (0..BOXES).any(|i| {
        a >> i & 1 != 0 && {
            let (r, c) = (i / SIZE, i % SIZE);
            (c + 1 < SIZE && b >> (i + 1) & 1 != 0)
                || (c > 0 && b >> (i - 1) & 1 != 0)
                || (r + 1 < SIZE && b >> (i + SIZE) & 1 != 0)
                || (r > 0 && b >> (i - SIZE) & 1 != 0)
        }
    })
}

/// What a region leaves over: one or two unsolved boxes (A1..I9 order), their sum, and the
/// total of the cages the sum comes from with the side the boxes are on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Leftover {
    boxes: [Cell; 2],
    n: usize,
    pub sum: u16,
    pub cages: CageTotal,
}

impl Leftover {
    pub fn boxes(&self) -> &[Cell] {
        &self.boxes[..self.n]
    }
}

/// The innies (`outies` false) or the outies of the houses `units` (which must not overlap:
/// `None` if they do) with candidates `cands`, when the rule leaves one or two unsolved boxes
/// with a sum of at least 1 and uses at least one cage. Innies: the region's boxes outside the
/// cages with a sum that lie wholly inside it. Outies: when every box of the region is in a
/// cage with a sum or solved, the boxes of those cages outside the region. Solved boxes left
/// over count with their digit.
pub(crate) fn leftover(
    cands: &[Digits; BOXES],
    topo: &Topology,
    units: &[Unit],
    outies: bool,
) -> Option<Leftover> {
    let mut region = 0u128;
    for &u in units {
        let m = topo.boxes(u);
        if region & m != 0 {
            return None;
        }
        region |= m;
    }
    let mut total = 45 * units.len() as i32;
    let mut used = 0u128;
    let mut cages = 0;
    let mut cage_sum = 0i32;
    for cage in topo.cages() {
        let Some(sum) = cage.sum else { continue };
        let inside = cage.boxes & !region == 0;
        let touches = cage.boxes & region != 0;
        if (!outies && inside) || (outies && touches) {
            if used & cage.boxes != 0 {
                return None;
            }
            used |= cage.boxes;
            total -= i32::from(sum);
            cage_sum += i32::from(sum);
            cages += 1;
        }
    }
    // The boxes left over, and the sign their digits take in `total`.
    let rest = if outies {
        let uncovered = region & !used;
        // Uncovered boxes of the region must be solved: their digits join the houses' side.
        for i in bits(uncovered) {
            total -= i32::from(cands[i].solved()?);
        }
        total = -total;
        used & !region
    } else {
        region & !used
    };
    // Past 405 the cages' sums cannot all be made by different digits in their houses.
    if cages == 0 || (outies && rest == 0) || cage_sum > i32::from(CageTotal::MAX) {
        return None;
    }
    let mut left = Leftover {
        boxes: [Cell(0); 2],
        n: 0,
        sum: 0,
        cages: CageTotal {
            sum: cage_sum as u16,
            outies,
        },
    };
    for i in bits(rest) {
        match cands[i].solved() {
            Some(d) => total -= i32::from(d),
            None => {
                if left.n == 2 {
                    return None;
                }
                left.boxes[left.n] = Cell(i as u8);
                left.n += 1;
            }
        }
    }
    if left.n == 0 || total < 1 {
        return None;
    }
    left.sum = total as u16;
    Some(left)
}

/// The indexes of the set bits of `m`, ascending.
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The combinations of a leftover's sum, each a set of digits (one digit for two boxes that
/// do not see each other holding the same digit), in the order of their digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Combinations {
    list: [Digits; MAX_COMBINATIONS],
    n: usize,
}

impl Combinations {
    pub fn list(&self) -> &[Digits] {
        &self.list[..self.n]
    }
}

/// One or two boxes with candidates `cands` summing to `sum` (`see`: the two see each other)
/// keep only the digits of a way to make it: one box, the sum itself; two, the digits `d` of
/// one with a candidate `sum - d` of the other (different when they see each other). The ways
/// found, each as its set of digits.
pub(crate) fn keep(cands: &mut [Digits], sum: u16, see: bool) -> Combinations {
    let mut out = Combinations {
        list: [Digits::NONE; MAX_COMBINATIONS],
        n: 0,
    };
    let digit = |s: i32| (1..=9).contains(&s).then_some(s as u8);
    match cands {
        [one] => {
            let kept = match digit(i32::from(sum)) {
                Some(d) if one.contains(d) => Digits::single(d),
                _ => Digits::NONE,
            };
            if !kept.is_empty() {
                out.list[0] = kept;
                out.n = 1;
            }
            *one = kept;
        }
        [a, b] => {
            let (mut ka, mut kb) = (Digits::NONE, Digits::NONE);
            for d in a.iter() {
                let Some(e) = digit(i32::from(sum) - i32::from(d)) else {
                    continue;
                };
                if b.contains(e) && !(see && d == e) {
                    ka = ka.with(d);
                    kb = kb.with(e);
                    let set = Digits::single(d).with(e);
                    if !out.list[..out.n].contains(&set) {
                        out.list[out.n] = set;
                        out.n += 1;
                    }
                }
            }
            (*a, *b) = (ka, kb);
            out.list[..out.n].sort_by_key(|s| (s.iter().next(), s.bits()));
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Digits {
        s.bytes().fold(Digits::NONE, |m, b| m.with(b - b'0'))
    }

    #[test]
    fn one_box_keeps_its_sum_two_boxes_the_pairs_that_make_it() {
        let mut one = [Digits::ALL];
        assert_eq!(keep(&mut one, 7, false).list(), [d("7")]);
        assert_eq!(one, [d("7")]);
        let mut two = [d("1234"), d("6789")];
        let c = keep(&mut two, 10, true);
        assert_eq!(c.list(), [d("19"), d("28"), d("37"), d("46")]);
        // Two boxes that do not see each other may both be 5.
        let mut apart = [d("159"), d("59")];
        let c = keep(&mut apart, 10, false);
        assert_eq!(c.list(), [d("19"), d("5")]);
        assert_eq!(apart, [d("15"), d("59")]);
        let mut together = [d("159"), d("59")];
        keep(&mut together, 10, true);
        assert_eq!(together, [d("1"), d("9")]);
    }
}
