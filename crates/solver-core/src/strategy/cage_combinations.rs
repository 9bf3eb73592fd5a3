//! `cage_combinations`: a killer cage's sum allows only some combinations of different digits;
//! the digits of none of them leave the cage, and a digit all of them need goes to the one box
//! of the cage that can still hold it. The combinations and the two halves of the step are
//! plain functions of the cage's candidates, which the validator (`crate::check`) derives again.

use super::{Pass, Strategy};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::Topology;
use crate::trace::{Contradiction, Evidence, Sink, MAX_COMBINATIONS};

pub struct CageCombinations;

impl Strategy for CageCombinations {
    const ID: &'static str = "cage_combinations";
    const LABEL: &'static str = "Cage combinations";
    const DESCRIPTION: &'static str = "A killer cage holds one of the combinations of different \
        digits that make its sum and fit its boxes' candidates: a digit of none of them leaves \
        the cage, and a digit all of them need that fits one box of the cage goes there.";
    const CAPTION: &'static str =
        "cage {sum} in {boxes} is {combinations}, so {digits} leave {changed}";
    const COURSE: bool = false;
    const CAGES: bool = true;
    /// Sudoku Explainer has no killer rules. Scored as locked candidates in a line (claiming,
    /// 2.8): the step confines digits to a group of boxes by one house-like rule, the cage, and
    /// the combinations of a sum are the killer solver's first table (docs/ratings.md).
    const RATING: f32 = 2.8;

    /// Every cage with a sum, in the puzzle's order, its combinations ([`combinations`]) taken
    /// from its boxes' candidates. First half ([`keep_combined`]): a digit in none of them
    /// leaves every box of the cage (one step). Second half ([`place_needed`]): each digit in
    /// all of them that is a candidate of exactly one box of the cage, not yet solved, goes
    /// there (one step for the cage). No combination at all empties the cage's boxes.
    /// Evidence: the cage's boxes, the digits the step removes, the cage's sum and its
    /// combinations.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        for cage in topo.cages() {
            let Some(sum) = cage.sum else { continue };
            let cells = &cage.cells;
            let mut cands = [Digits::NONE; 9];
            for (k, &c) in cells.iter().enumerate() {
                cands[k] = grid.get(c);
            }
            let cands = &mut cands[..cells.len()];
            let combos = combinations(cands, sum);
            for half in [keep_combined, place_needed] {
                let mut before = [Digits::NONE; 9];
                before[..cells.len()].copy_from_slice(cands);
                half(cands, &combos);
                let mut removed = Digits::NONE;
                let mut emptied = None;
                for (k, &c) in cells.iter().enumerate() {
                    if cands[k] != before[k] {
                        removed =
                            Digits::from_bits(removed.bits() | before[k].without(cands[k]).bits());
                        grid.set(c, cands[k], pass.sink());
                        if cands[k].is_empty() && emptied.is_none() {
                            emptied = Some(c);
                        }
                    }
                }
                if !removed.is_empty() {
                    pass.step(Evidence::new(&[], cells, removed).with_sum(sum, combos.list()));
                }
                if let Some(cell) = emptied {
                    return Err(Contradiction::EmptyBox { cell });
                }
            }
        }
        Ok(())
    }
}

/// The combinations of a sum over some boxes: the sets of as many different digits as boxes,
/// making the sum, that can be placed one a box with each box holding its digit among its
/// candidates. Listed in the order of their digits read in increasing order ({6,9} before
/// {7,8}).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Combinations {
    list: [Digits; MAX_COMBINATIONS],
    n: usize,
    /// The digits of any combination.
    pub union: Digits,
    /// The digits of every combination (none when there is none).
    pub needed: Digits,
}

impl Combinations {
    pub fn list(&self) -> &[Digits] {
        &self.list[..self.n]
    }
}

/// The combinations of `sum` over boxes with candidates `cands` (1 to 9 boxes).
pub(crate) fn combinations(cands: &[Digits], sum: u16) -> Combinations {
    let bits: Vec<u16> = cands.iter().map(|c| c.bits()).collect();
    let all = bits.iter().fold(0u16, |m, &c| m | c);
    let mut out = Combinations {
        list: [Digits::NONE; MAX_COMBINATIONS],
        n: 0,
        union: Digits::NONE,
        needed: Digits::ALL,
    };
    for set in 1u16..0x200 {
        if set & !all != 0 || set.count_ones() as usize != cands.len() {
            continue;
        }
        let total: u16 = (0..9).filter(|d| set >> d & 1 != 0).map(|d| d + 1).sum();
        if total == sum && fits(&bits, set) {
            // At most MAX_COMBINATIONS sets of n different digits share a sum.
            out.list[out.n] = Digits::from_bits(set);
            out.n += 1;
            out.union = Digits::from_bits(out.union.bits() | set);
            out.needed = Digits::from_bits(out.needed.bits() & set);
        }
    }
    if out.n == 0 {
        out.needed = Digits::NONE;
    }
    out.list[..out.n].sort_by_key(|d| {
        let mut key = [0u8; 9];
        for (k, digit) in d.iter().enumerate() {
            key[k] = digit;
        }
        key
    });
    out
}

/// The first half of the step: every box keeps only the digits of some combination.
pub(crate) fn keep_combined(cands: &mut [Digits], combos: &Combinations) {
    for c in cands.iter_mut() {
        *c = Digits::from_bits(c.bits() & combos.union.bits());
    }
}

/// The second half: each digit every combination needs (in increasing order) that is a
/// candidate of exactly one box, not yet solved, goes to that box.
pub(crate) fn place_needed(cands: &mut [Digits], combos: &Combinations) {
    for d in combos.needed.iter() {
        let mut holders = (0..cands.len()).filter(|&k| cands[k].contains(d));
        if let (Some(only), None) = (holders.next(), holders.next()) {
            if cands[only].solved().is_none() {
                cands[only] = Digits::single(d);
            }
        }
    }
}

/// Whether the digits of `set` can be placed one a box, each box holding its digit among its
/// candidates `cands` (as many boxes as digits).
fn fits(cands: &[u16], set: u16) -> bool {
    match cands.split_first() {
        None => set == 0,
        Some((&first, rest)) => {
            let mut options = first & set;
            while options != 0 {
                let d = options & options.wrapping_neg();
                options &= options - 1;
                if fits(rest, set & !d) {
                    return true;
                }
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(c: &Combinations) -> (Vec<String>, String, String) {
        let list = c.list().iter().map(|d| d.to_string()).collect();
        (list, c.union.to_string(), c.needed.to_string())
    }

    #[test]
    fn combinations_fit_the_candidates() {
        // Two boxes summing to 15: {6,9} and {7,8} (in that order); with 9 gone from both,
        // {7,8} only.
        let all = [Digits::ALL; 2];
        assert_eq!(
            text(&combinations(&all, 15)),
            (vec!["69".into(), "78".into()], "6789".into(), "".into())
        );
        let no9 = [Digits::from_bits(0xff); 2];
        assert_eq!(
            text(&combinations(&no9, 15)),
            (vec!["78".into()], "78".into(), "78".into())
        );
        // Three boxes summing to 7: {1,2,4} only.
        assert_eq!(
            text(&combinations(&[Digits::ALL; 3], 7)),
            (vec!["124".into()], "124".into(), "124".into())
        );
        // Four boxes summing to 20: twelve combinations, the most any sum has.
        assert_eq!(combinations(&[Digits::ALL; 4], 20).list().len(), 12);
    }
}
