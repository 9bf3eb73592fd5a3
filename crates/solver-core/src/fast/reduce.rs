//! `reduce_puzzle` without a trace, in another order: a stack of newly solved boxes for
//! `eliminate`, a scan of changed units only (once/twice masks) for `only_choice`, a scan of
//! changed units for `naked_twins`. It reaches the traced fixpoint; see the module doc.

// Index loops over boxes are the point here (fixed lengths, several arrays each).
#![allow(clippy::needless_range_loop)]

use super::tables::Tables;

/// A box's candidates as a 9-bit mask, bit `d - 1` for digit `d` (as [`crate::Digits`]).
pub(crate) type Mask = u16;

pub(crate) const ALL: Mask = 0x1ff;

/// The 81 boxes and one scratch slot, always empty, that pads every box's peer list to the
/// variant's longest (20, or 32 in diagonal mode) so the elimination loop has a fixed length.
pub(crate) type Cells = [Mask; 82];

/// The scratch slot.
pub(crate) const SCRATCH: usize = 81;

/// A search node's state: the candidates, and (kept only with `eliminate`) the digits of the
/// solved boxes of each unit, which `only_choice` skips.
#[derive(Copy, Clone)]
pub(crate) struct Board {
    pub cells: Cells,
    pub solved: [Mask; 29],
}

/// Exactly one candidate left.
#[inline(always)]
pub(crate) fn is_single(v: Mask) -> bool {
    v & v.wrapping_sub(1) == 0 && v != 0
}

/// Where propagation starts: every solved box of the puzzle, or one guessed box.
#[derive(Copy, Clone)]
pub(crate) enum Start {
    Root,
    Guess(usize),
}

/// A contradiction was found; which one does not matter to search (the root's is recomputed
/// by the traced code).
pub(crate) struct Dead;

/// The solved boxes whose digit still has to leave their peers. Each box enters once per call
/// when it becomes solved, and perhaps once more when emptied just before the call gives up.
struct Stack {
    cells: [u8; 128],
    len: usize,
}

impl Stack {
    /// Queues a box just solved as `bit` (or emptied: `bit` 0), noting its digit in its units.
    #[inline(always)]
    fn settle(&mut self, cell: usize, bit: Mask, t: &Tables, solved: &mut [Mask; 29]) {
        let mut units = t.units_of[cell];
        while units != 0 {
            solved[units.trailing_zeros() as usize] |= bit;
            units &= units - 1;
        }
        self.push(cell);
    }
    #[inline(always)]
    fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell as u8;
        self.len += 1;
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.cells[self.len] as usize)
        }
    }
}

/// Applies the enabled strategies (`E` eliminate, `O` only choice, `N` naked twins, which
/// requires `E`) until none changes anything. `PEERS` is the padded length of peer lists. `Err` exactly when the traced `reduce_puzzle`
/// would stop on a contradiction: an emptied box (`E`, `N`), a digit with no place in a unit
/// (`O` only). A digit solved twice is the caller's check, on complete grids.
#[inline(always)]
pub(crate) fn reduce<const E: bool, const O: bool, const N: bool, const PEERS: usize>(
    board: &mut Board,
    t: &Tables,
    start: Start,
) -> Result<(), Dead> {
    let Board { cells, solved } = board;
    let mut stack = Stack {
        cells: [0; 128],
        len: 0,
    };
    // Units whose boxes changed since `only_choice` (resp. `naked_twins`) last looked at them.
    let mut dirty: u32;
    match start {
        Start::Root => {
            dirty = (1u32 << t.n_units) - 1;
            if E {
                *solved = [0; 29];
                for c in 0..81 {
                    if is_single(cells[c]) {
                        stack.settle(c, cells[c], t, solved);
                    }
                }
            }
        }
        Start::Guess(c) => {
            dirty = t.units_of[c];
            if E {
                stack.settle(c, cells[c], t, solved);
            }
        }
    }
    let mut twin_dirty = dirty;
    loop {
        if E {
            while let Some(c) = stack.pop() {
                let bit = cells[c];
                // Branch-free but for the rare box that becomes solved (or empty).
                let mut emptied = false;
                for &p in &t.peers[c][..PEERS] {
                    let p = p as usize;
                    let before = cells[p];
                    let after = before & !bit;
                    cells[p] = after;
                    let changed = before != after;
                    dirty |= if changed { t.units_of[p] } else { 0 };
                    if changed && after & after.wrapping_sub(1) == 0 {
                        emptied |= after == 0;
                        stack.settle(p, after, t, solved);
                    }
                }
                if emptied {
                    return Err(Dead);
                }
            }
        }
        if O && dirty != 0 {
            let mut units = dirty;
            if N {
                twin_dirty |= dirty;
            }
            dirty = 0;
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let unit = &t.units[u];
                let (mut once, mut twice, mut done) = (0, 0, 0);
                for &c in unit {
                    let v = cells[c as usize];
                    twice |= once & v;
                    once |= v;
                    if !E {
                        done |= if v & v.wrapping_sub(1) == 0 { v } else { 0 };
                    }
                }
                if E {
                    done = solved[u];
                }
                if once != ALL {
                    return Err(Dead);
                }
                let mut hidden = once & !twice & !done;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    // Look again: an earlier placement in this unit may have taken its box.
                    let Some(&c) = unit.iter().find(|&&c| cells[c as usize] & bit != 0) else {
                        return Err(Dead);
                    };
                    let c = c as usize;
                    cells[c] = bit;
                    if E {
                        stack.settle(c, bit, t, solved);
                    }
                    dirty |= t.units_of[c];
                }
            }
            continue;
        }
        if N && (twin_dirty | dirty) != 0 {
            // With `O`, `dirty` is empty here (its units are in `twin_dirty`); without, it
            // holds the units `eliminate` changed.
            let mut units = twin_dirty | dirty;
            twin_dirty = 0;
            dirty = 0;
            let mut changed = false;
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                changed |= twins::<E>(cells, solved, t, u, &mut stack, &mut dirty)?;
            }
            if changed {
                continue;
            }
        }
        return Ok(());
    }
}

/// `naked_twins` in one unit, on the current candidates: two boxes holding the same two digits
/// remove them from the other seven. True if anything changed.
#[inline(always)]
fn twins<const E: bool>(
    cells: &mut Cells,
    solved: &mut [Mask; 29],
    t: &Tables,
    u: usize,
    stack: &mut Stack,
    dirty: &mut u32,
) -> Result<bool, Dead> {
    let unit = &t.units[u];
    let mut changed = false;
    for i in 0..8 {
        let v = cells[unit[i] as usize];
        if v.count_ones() != 2 {
            continue;
        }
        let Some(j) = (i + 1..9).find(|&j| cells[unit[j] as usize] == v) else {
            continue;
        };
        for (k, &c) in unit.iter().enumerate() {
            let c = c as usize;
            let w = cells[c];
            if k != i && k != j && w & v != 0 {
                let w = w & !v;
                if w == 0 {
                    return Err(Dead);
                }
                cells[c] = w;
                if E && w & (w - 1) == 0 {
                    stack.settle(c, w, t, solved);
                }
                *dirty |= t.units_of[c];
                changed = true;
            }
        }
    }
    Ok(changed)
}
