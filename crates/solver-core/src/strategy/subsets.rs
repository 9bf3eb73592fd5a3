//! The subset searches: in a unit, `n` boxes holding only `n` digits between them (naked), or
//! `n` digits fitting only `n` boxes between them (hidden); and the set search they share with
//! the fish (`fish.rs`), over any 9 × 9 table of bits.

use super::Pass;
use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink};

/// Naked subsets of `n` boxes: in a unit, `n` unsolved boxes whose candidates are `n` digits
/// between them hold those digits, which leave the unit's other boxes.
///
/// Units in the course's order (rows, columns, squares, then the diagonals); in each, the sets
/// of `n` boxes in colexicographic order of their places in the unit. A box takes part only with
/// 2..`n` candidates; a set that holds a smaller naked subset (k of its boxes with k digits) is
/// a naked subset of `n` all the same, and is found. Each subset's changes are made when it is found, and the unit
/// read again after it. One step per subset that removed something. Evidence: the unit; the `n`
/// boxes (in unit order); their digits.
pub(super) fn naked<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    n: usize,
) -> Result<(), Contradiction> {
    for unit in topo.all_units() {
        let cells = topo.unit(unit);
        let read = |grid: &Grid| -> [u16; 9] { cells.map(|c| grid.get(c).bits()) };
        let mut cands = read(grid);
        let mut from = 0;
        while let Some((set, union)) = next_set(n, &cands, 0, from) {
            from = set + 1;
            let digits = Digits::from_bits(union);
            let mut changed = false;
            let mut emptied = None;
            for i in ones(0x1ff & !set) {
                let before = grid.get(cells[i]);
                let after = before.without(digits);
                if after != before {
                    grid.set(cells[i], after, pass.sink());
                    changed = true;
                    if after.is_empty() && emptied.is_none() {
                        emptied = Some(cells[i]);
                    }
                }
            }
            if !changed {
                continue;
            }
            let mut boxes = [Cell(0); 4];
            for (k, i) in ones(set).enumerate() {
                boxes[k] = cells[i];
            }
            pass.step(Evidence::new(&[unit], &boxes[..n], digits));
            if let Some(cell) = emptied {
                return Err(Contradiction::EmptyBox { cell });
            }
            cands = read(grid);
        }
    }
    Ok(())
}

/// Hidden subsets of `n` digits: in a unit, `n` digits that fit in only `n` boxes between them
/// fill those boxes, so the boxes lose every other candidate.
///
/// Units in the course's order (rows, columns, squares, then the diagonals); in each, the sets
/// of `n` digits in colexicographic order. A digit takes part only where it fits 2..`n` boxes
/// of the unit and is not solved there (one box is an only choice, for the lower rungs); a set
/// that holds a smaller hidden subset (k of its digits in k boxes) is a hidden subset of `n` all
/// the same, and is found. Each subset's changes are made when it is found, and the unit read again after it. One
/// step per subset that removed something. Evidence: the unit; the `n` boxes (in unit order);
/// the `n` digits.
pub(super) fn hidden<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    n: usize,
) -> Result<(), Contradiction> {
    for unit in topo.all_units() {
        let cells = topo.unit(unit);
        // `places[d]`: where digit d + 1 fits in the unit (bit `i` for its `i`-th box), and
        // the digits solved in the unit.
        let read = |grid: &Grid| -> ([u16; 9], u16) {
            let mut places = [0u16; 9];
            let mut solved = 0u16;
            for (i, &c) in cells.iter().enumerate() {
                let m = grid.get(c).bits();
                if m.count_ones() == 1 {
                    solved |= m;
                }
                for (d, p) in places.iter_mut().enumerate() {
                    *p |= (m >> d & 1) << i;
                }
            }
            (places, solved)
        };
        let (mut places, mut solved) = read(grid);
        let mut from = 0;
        while let Some((set, union)) = next_set(n, &places, solved, from) {
            from = set + 1;
            let digits = Digits::from_bits(set);
            let mut changed = false;
            for i in ones(union) {
                let before = grid.get(cells[i]);
                let after = Digits::from_bits(before.bits() & set);
                if after != before {
                    grid.set(cells[i], after, pass.sink());
                    changed = true;
                }
            }
            if !changed {
                continue;
            }
            let mut boxes = [Cell(0); 4];
            for (k, i) in ones(union).enumerate() {
                boxes[k] = cells[i];
            }
            pass.step(Evidence::new(&[unit], &boxes[..n], digits));
            (places, solved) = read(grid);
        }
    }
    Ok(())
}

/// The first set of `n` rows of `rows` (row `i` meets column `j` where bit `j` of `rows[i]` is
/// set), as a mask, at or after `from` in colexicographic order (the mask's numeric order), with
/// the columns they meet: each row of the set outside `skip` and meeting 2..`n` columns, and `n`
/// columns between them. A set holding a smaller one (`k` of its rows meeting `k` columns) is
/// one too: each technique finds every instance of its pattern, whichever rung runs first.
pub(super) fn next_set(n: usize, rows: &[u16; 9], skip: u16, from: u16) -> Option<(u16, u16)> {
    // Only the fitting rows are taken: each outside `skip`, meeting 2..`n` columns.
    for set in sets_of(n, from, fitting(n, rows, skip)) {
        let mut union = 0u16;
        for i in ones(set) {
            union |= rows[i];
        }
        if union.count_ones() as usize == n {
            return Some((set, union));
        }
    }
    None
}

/// The set bits of a 9-bit mask, ascending.
pub(super) fn ones(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// The rows of `rows` outside `skip` meeting 2..`n` columns: the only rows a set may hold.
fn fitting(n: usize, rows: &[u16; 9], skip: u16) -> u16 {
    let mut fit = 0u16;
    for (i, r) in rows.iter().enumerate() {
        fit |= ((2..=n).contains(&(r.count_ones() as usize)) as u16) << i;
    }
    fit & !skip
}

/// The masks of `n` rows (`n` from 1 to 4) taken from `allowed`, at or after `from`, ascending:
/// the sets of `n` of the `k` allowed rows are counted as `k`-bit masks by Gosper's hack and
/// spread onto the allowed rows, so no other mask is visited.
pub(super) fn sets_of(n: usize, from: u16, allowed: u16) -> impl Iterator<Item = u16> {
    let end = 1u16 << allowed.count_ones();
    let mut compact: u16 = if (allowed.count_ones() as usize) < n {
        end
    } else {
        (1 << n) - 1
    };
    std::iter::from_fn(move || loop {
        if compact >= end {
            return None;
        }
        let set = spread(compact, allowed);
        let low = compact & compact.wrapping_neg();
        let ripple = compact + low;
        compact = (((ripple ^ compact) >> 2) / low) | ripple;
        if set >= from {
            return Some(set);
        }
    })
}

/// Bit `j` of `bits` moved to the place of the `j`-th set bit of `onto`.
fn spread(mut bits: u16, mut onto: u16) -> u16 {
    let mut out = 0;
    while onto != 0 {
        let low = onto & onto.wrapping_neg();
        if bits & 1 != 0 {
            out |= low;
        }
        bits >>= 1;
        onto &= onto - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sets_of;

    #[test]
    fn sets_of_are_the_masks_of_that_size_in_order() {
        for allowed in [0x1ffu16, 0b1_0110_1101, 0b11, 0b1, 0] {
            for from in [0u16, 1, 7, 100, 384, 448, 511, 512] {
                let of = |n: u32| -> Vec<u16> {
                    (from..512)
                        .filter(|m| m.count_ones() == n && m & !allowed == 0)
                        .collect()
                };
                assert_eq!(sets_of(2, from, allowed).collect::<Vec<_>>(), of(2));
                assert_eq!(sets_of(3, from, allowed).collect::<Vec<_>>(), of(3));
                assert_eq!(sets_of(4, from, allowed).collect::<Vec<_>>(), of(4));
            }
        }
    }
}
