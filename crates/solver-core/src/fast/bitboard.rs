//! The fast path for `eliminate` + `only_choice` (with or without `naked_twins`): candidates
//! held per digit as bitboards, the set of boxes where the digit is still possible, in three
//! bands of 27 bits (rows A–C, D–F, G–I; bit `9 * row_in_band + column`, so a box's bit is its
//! index `% 27` and its band its index `/ 27`).
//!
//! `reduce` reaches the traced `reduce_puzzle` fixpoint (see the module doc of `fast`) in waves:
//! - **eliminate**: the boxes with exactly one candidate not yet propagated, found for the whole
//!   grid at once by bit-sliced counting over the nine boards (which also finds empty boxes),
//!   each clear its digit from its peers with one AND-NOT per band;
//! - **only choice**, once `eliminate` is done: per digit whose board changed, its rows, squares
//!   (by folding the band's three rows into one, then two 512-entry tables) and columns (the folds
//!   of the three bands), with the diagonals in diagonal mode; a unit where the digit has no
//!   place is a contradiction, a unit where it has one unsolved place puts it there;
//! - **naked twins**, once both are done and something changed since the last look: the
//!   bivalue boxes holding each pair of digits, two of them in a unit clearing the pair from
//!   the unit's other boxes (three in a unit empty the third: a contradiction, as traced).

// Index loops over digits and bands are the point here (fixed lengths, several arrays each).
#![allow(clippy::needless_range_loop)]

use crate::topology::{Cell, Topology, Variant};
use std::sync::OnceLock;

/// A set of boxes: three bands of 27 bits.
pub(crate) type Set = [u32; 4];

const BAND: u32 = (1 << 27) - 1;
const ROW0: u32 = 0x1ff;
/// The lowest bit of each row of a band.
const ROW_LOW: u32 = 1 | 1 << 9 | 1 << 18;

/// A search node's state: for each digit the boxes where it is possible, and the boxes whose
/// single digit has already been cleared from their peers.
#[derive(Copy, Clone)]
pub(crate) struct Board {
    pub p: [Set; 9],
    pub done: Set,
    /// The bivalue boxes at `naked_twins`' last look.
    pub seen: Set,
}

/// A contradiction (which one is the traced code's business).
pub(crate) struct Dead;

/// Per-variant tables.
pub(crate) struct Bits {
    /// The peers of each box.
    pub peers: [Set; 81],
    /// The boxes of each unit (27, or 29 with the diagonals).
    pub units: [Set; 29],
    /// The units of each box, as bits (bit `u` for unit `u`).
    pub units_of: [u32; 81],
}

impl Bits {
    pub fn of(variant: Variant) -> &'static Bits {
        static STANDARD: OnceLock<Bits> = OnceLock::new();
        static DIAGONAL: OnceLock<Bits> = OnceLock::new();
        let slot = match variant {
            Variant::Standard => &STANDARD,
            Variant::Diagonal => &DIAGONAL,
        };
        slot.get_or_init(|| {
            let topo = Topology::of(variant);
            let mut b = Bits {
                peers: [[0; 4]; 81],
                units: [[0; 4]; 29],
                units_of: [0; 81],
            };
            for cell in Cell::all() {
                for p in topo.peers(cell) {
                    add(&mut b.peers[cell.index()], p.index());
                }
                for u in topo.units_of(cell) {
                    b.units_of[cell.index()] |= 1 << u.0;
                }
            }
            for (u, cells) in topo.units.iter().enumerate() {
                for c in cells {
                    add(&mut b.units[u], c.index());
                }
            }
            b
        })
    }
}

#[inline(always)]
fn add(s: &mut Set, cell: usize) {
    s[cell / 27] |= 1 << (cell % 27);
}

#[inline(always)]
fn differs(a: &Set, b: &Set) -> bool {
    (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) != 0
}

#[inline(always)]
fn is_empty(s: &Set) -> bool {
    s[0] | s[1] | s[2] | s[3] == 0
}

/// How many boxes a set holds, up to 3 (3: three or more); without a population count, which
/// the baseline x86-64 target lacks.
#[inline(always)]
fn few(s: &Set) -> u32 {
    let x = s[0] as u128 | (s[1] as u128) << 27 | (s[2] as u128) << 54;
    let y = x & x.wrapping_sub(1);
    let z = y & y.wrapping_sub(1);
    (x != 0) as u32 + (y != 0) as u32 + (z != 0) as u32
}

/// Flag of [`ROW_SINGLE`] for an empty row.
const EMPTY_ROW: u32 = 1 << 15;

/// Per 9-bit row: the row itself when it has exactly one bit, [`EMPTY_ROW`] when it has
/// none, else 0.
static ROW_SINGLE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = if x == 0 {
            EMPTY_ROW as u16
        } else if x & (x - 1) == 0 {
            x as u16
        } else {
            0
        };
        x += 1;
    }
    t
};

/// Square tables over a folded band row (bit `k` set if some row of the band has the digit in
/// column `k`): `ANY[x]` bit `s` if square `s` of the band has a bit, `ONE[x]` if exactly one.
struct SquareTables {
    any: [u8; 512],
    one: [u8; 512],
    /// The columns of the squares of a 3-bit set of squares, in all three rows of a band.
    cells: [u32; 8],
}

static SQUARES: SquareTables = {
    let mut t = SquareTables {
        any: [0; 512],
        one: [0; 512],
        cells: [0; 8],
    };
    let mut x = 0;
    while x < 512 {
        let mut s = 0;
        while s < 3 {
            let g = (x >> (3 * s)) & 7;
            if g != 0 {
                t.any[x] |= 1 << s;
            }
            if g == 1 || g == 2 || g == 4 {
                t.one[x] |= 1 << s;
            }
            s += 1;
        }
        x += 1;
    }
    let mut f = 0;
    while f < 8 {
        let mut s = 0;
        while s < 3 {
            if f >> s & 1 != 0 {
                t.cells[f] |= (7 << (3 * s)) * ROW_LOW;
            }
            s += 1;
        }
        f += 1;
    }
    t
};

impl Board {
    /// The board of a grid's candidates (bit `d - 1` of each 9-bit mask for digit `d`).
    pub fn from_cells(cells: &[u16]) -> Board {
        let full = [BAND, BAND, BAND, 0];
        let mut b = Board {
            p: [full; 9],
            done: [0; 4],
            seen: [0; 4],
        };
        // The boxes that lack some digit (the givens of a puzzle), found without a branch per
        // box; then, in one walk over them, the boards each stays on: its digit's alone for a
        // box with one candidate (every given; a branch that a puzzle never mispredicts), its
        // candidates' for any other (candidate grids), without a branch per digit.
        let mut partial = [0u32; 4];
        for band in 0..3 {
            for (i, &v) in cells[27 * band..27 * band + 27].iter().enumerate() {
                partial[band] |= ((v & 0x1ff != 0x1ff) as u32) << i;
            }
        }
        for band in 0..3 {
            let mut keep = [0u32; 9];
            let mut m = partial[band];
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                let v = cells[27 * band + bit as usize] as u32 & 0x1ff;
                if v != 0 && v & (v - 1) == 0 {
                    keep[v.trailing_zeros() as usize] |= 1 << bit;
                } else {
                    for d in 0..9 {
                        keep[d] |= (v >> d & 1) << bit;
                    }
                }
            }
            let whole = BAND & !partial[band];
            for d in 0..9 {
                b.p[d][band] = whole | keep[d];
            }
        }
        b
    }

    /// The candidates of every box as 9-bit masks.
    #[allow(clippy::wrong_self_convention)] // a 176-byte board: by reference
    pub fn to_cells(&self) -> [u16; 82] {
        let mut cells = [0; 82];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.p[d][b];
                while m != 0 {
                    cells[27 * b + m.trailing_zeros() as usize] |= 1 << d;
                    m &= m - 1;
                }
            }
        }
        cells
    }

    /// The candidates of a box as a 9-bit mask.
    #[inline]
    pub fn cell(&self, c: usize) -> u16 {
        let (band, bit) = (c / 27, c % 27);
        let mut v = 0;
        for d in 0..9 {
            v |= ((self.p[d][band] >> bit & 1) as u16) << d;
        }
        v
    }

    /// A guess: puts digit `d` (0-based) in box `c` of a fixpoint and clears it from the box's
    /// peers (eliminate's first wave, done here rather than found by `reduce`'s count). Returns
    /// the digits whose boards changed, for `reduce`'s `dirty`.
    #[inline]
    pub fn guess(&mut self, c: usize, d: usize, t: &Bits) -> u32 {
        let (band, bit) = (c / 27, 1u32 << (c % 27));
        let mut dirty = 0;
        for e in 0..9 {
            let x = self.p[e][band];
            let y = if e == d { x } else { x & !bit };
            self.p[e][band] = y;
            dirty |= ((x != y) as u32) << e;
        }
        let peers = &t.peers[c];
        let x = self.p[d];
        let y = [0, 1, 2, 3].map(|k| x[k] & !peers[k]);
        self.p[d] = y;
        self.done[band] |= bit;
        dirty | (differs(&x, &y) as u32) << d
    }

    /// The unsolved box with the fewest candidates, the first in A1..I9 order on a tie; `None`
    /// when every box is solved. Call on a fixpoint (no empty box).
    #[inline]
    pub fn fewest_candidates(&self) -> Option<usize> {
        let (mut ge1, mut ge2, mut ge3, mut ge4) = ([0u32; 4], [0u32; 4], [0u32; 4], [0u32; 4]);
        for d in 0..9 {
            for b in 0..4 {
                let x = self.p[d][b];
                ge4[b] |= ge3[b] & x;
                ge3[b] |= ge2[b] & x;
                ge2[b] |= ge1[b] & x;
                ge1[b] |= x;
            }
        }
        if let Some(c) = first(&[0, 1, 2, 3].map(|b| ge2[b] & !ge3[b])) {
            return Some(c);
        }
        if let Some(c) = first(&[0, 1, 2, 3].map(|b| ge3[b] & !ge4[b])) {
            return Some(c);
        }
        // Four or more candidates everywhere unsolved: rare; count box by box.
        let mut best = None;
        let mut best_n = 10;
        for b in 0..3 {
            let mut m = ge4[b];
            while m != 0 {
                let c = 27 * b + m.trailing_zeros() as usize;
                m &= m - 1;
                let n = self.cell(c).count_ones();
                if n < best_n {
                    best_n = n;
                    best = Some(c);
                }
            }
        }
        best
    }
}

#[inline(always)]
fn first(s: &Set) -> Option<usize> {
    for b in 0..3 {
        if s[b] != 0 {
            return Some(27 * b + s[b].trailing_zeros() as usize);
        }
    }
    None
}

/// The boxes with at least one candidate and with at least two.
#[inline(always)]
fn count2(p: &[Set; 9]) -> (Set, Set) {
    let (mut ge1, mut ge2) = ([0u32; 4], [0u32; 4]);
    for d in 0..9 {
        for b in 0..4 {
            let x = p[d][b];
            ge2[b] |= ge1[b] & x;
            ge1[b] |= x;
        }
    }
    (ge1, ge2)
}

/// Applies `eliminate`, `only_choice` and (`N`) `naked_twins` until none changes anything; `D`
/// for diagonal mode. `dirty` holds the digits (bit `d`) whose boards changed since
/// `only_choice` last looked at them: all at the root, the guessed box's choices after a guess.
/// `Err` exactly when the traced `reduce_puzzle` would meet a contradiction.
#[inline(always)]
pub(crate) fn reduce<const N: bool, const D: bool>(
    board: &mut Board,
    t: &Bits,
    mut dirty: u32,
) -> Result<(), Dead> {
    let Board { p, done, seen } = board;
    let mut twins_stale = true;
    // The boxes with one or more candidates, and with two or more, kept up to date by every
    // loop that rewrites the boards (so a wave's count is fused into the previous wave).
    let (mut ge1, mut ge2) = count2(p);
    loop {
        // eliminate, in waves, to its fixpoint. Which boards changed is read once at the end,
        // against a copy, rather than per board per wave.
        let before = *p;
        loop {
            if ge1[0] & ge1[1] & ge1[2] != BAND {
                return Err(Dead); // an empty box
            }
            let new = [0, 1, 2, 3].map(|b| ge1[b] & !ge2[b] & !done[b]);
            if is_empty(&new) {
                break;
            }
            for b in 0..4 {
                done[b] |= new[b];
            }
            // Each new single's peers, gathered per digit in one walk over the new singles
            // (one loop for the wave, not a data-dependent branch per digit).
            let mut clear = [[0u32; 4]; 9];
            gather_peers(&new, &planes(p), t, &mut clear);
            (ge1, ge2) = ([0u32; 4], [0u32; 4]);
            for d in 0..9 {
                let x = p[d];
                let y = [0, 1, 2, 3].map(|b| x[b] & !clear[d][b]);
                p[d] = y;
                for b in 0..4 {
                    ge2[b] |= ge1[b] & y[b];
                    ge1[b] |= y[b];
                }
            }
        }
        for d in 0..9 {
            // Without branches: whether the board changed is data, not control.
            let changed = differs(&p[d], &before[d]);
            dirty |= (changed as u32) << d;
            twins_stale |= changed;
        }
        // only_choice on the digits whose boards changed.
        if dirty != 0 {
            let mut placed = [[0u32; 4]; 9];
            let (mut any, mut clash) = ([0u32; 4], [0u32; 4]);
            while dirty != 0 {
                let d = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let h = hidden::<D>(&p[d], t)?;
                let h = [0, 1, 2, 3].map(|b| h[b] & !done[b]);
                placed[d] = h;
                for b in 0..4 {
                    clash[b] |= any[b] & h[b];
                    any[b] |= h[b];
                }
            }
            if !is_empty(&clash) {
                // Two digits for one box: the traced pass places one, and the other then has
                // no place in its unit.
                return Err(Dead);
            }
            if !is_empty(&any) {
                // Each placed box keeps only its digit, and (eliminate's first wave, fused
                // into the same rewrite) its digit leaves its peers. Two placed boxes of one
                // digit in one unit clear each other: an empty box, found by the next count.
                // The placed boxes' peers, in one walk over them (as a wave's singles).
                let mut clear = [[0u32; 4]; 9];
                gather_peers(&any, &planes(&placed), t, &mut clear);
                for b in 0..4 {
                    done[b] |= any[b];
                }
                (ge1, ge2) = ([0u32; 4], [0u32; 4]);
                for e in 0..9 {
                    let x = p[e];
                    let y = [0, 1, 2, 3].map(|b| x[b] & !((any[b] & !placed[e][b]) | clear[e][b]));
                    dirty |= (differs(&y, &x) as u32) << e;
                    p[e] = y;
                    for b in 0..4 {
                        ge2[b] |= ge1[b] & y[b];
                        ge1[b] |= y[b];
                    }
                }
                twins_stale = true;
                continue;
            }
        }
        if N && twins_stale && naked_twins(p, seen, t, &mut dirty)? {
            twins_stale = true;
            (ge1, ge2) = count2(p);
            continue;
        }
        return Ok(());
    }
}

/// The digit of each box with one candidate in `p`, in four bit planes: bit `k` of the digit's
/// index (0-based) is set in plane `k` (a box with more candidates reads as garbage).
#[inline(always)]
fn planes(p: &[Set; 9]) -> [Set; 4] {
    let or = |a: usize, b: usize| [0, 1, 2, 3].map(|k| p[a][k] | p[b][k]);
    let (p37, p56) = (or(3, 7), or(5, 6));
    [
        [0, 1, 2, 3].map(|k| p[1][k] | p[5][k] | p37[k]),
        [0, 1, 2, 3].map(|k| p[2][k] | p[6][k] | p37[k]),
        [0, 1, 2, 3].map(|k| p[4][k] | p[7][k] | p56[k]),
        p[8],
    ]
}

/// Adds the peers of each box of `cells` (each with one candidate, read from `planes`) to
/// `clear` of its digit: one loop over the boxes, not a data-dependent branch per digit.
#[inline(always)]
fn gather_peers(cells: &Set, planes: &[Set; 4], t: &Bits, clear: &mut [Set; 9]) {
    // Bands A–C and D–F as one 54-bit set (a bit's position is its box), then G–I: two loop
    // exits to mispredict rather than three.
    let pack = |s: &Set| s[0] as u64 | (s[1] as u64) << 27;
    let mut m = pack(cells);
    let pl = [0, 1, 2, 3].map(|k| pack(&planes[k]));
    while m != 0 {
        let c = m.trailing_zeros();
        m &= m - 1;
        let d = ((pl[0] >> c) & 1
            | (pl[1] >> c & 1) << 1
            | (pl[2] >> c & 1) << 2
            | (pl[3] >> c & 1) << 3) as usize;
        add_peers(&mut clear[d], t, c as usize);
    }
    let mut m = cells[2];
    while m != 0 {
        let bit = m.trailing_zeros();
        m &= m - 1;
        let d = ((planes[0][2] >> bit) & 1
            | (planes[1][2] >> bit & 1) << 1
            | (planes[2][2] >> bit & 1) << 2
            | (planes[3][2] >> bit & 1) << 3) as usize;
        add_peers(&mut clear[d], t, 54 + bit as usize);
    }
}

/// Adds the peers of box `c` to `clear`.
#[inline(always)]
fn add_peers(clear: &mut Set, t: &Bits, c: usize) {
    let peers = &t.peers[c];
    for k in 0..4 {
        clear[k] |= peers[k];
    }
}

/// The boxes that are the only place of a digit in some unit, from the digit's board; `Err` if
/// the digit has no place in some unit.
#[inline(always)]
fn hidden<const D: bool>(x: &Set, t: &Bits) -> Result<Set, Dead> {
    let mut h = [0u32; 4];
    let (mut once, mut twice) = (0u32, 0u32);
    for b in 0..3 {
        let xb = x[b];
        let (r0, r1, r2) = (xb & ROW0, (xb >> 9) & ROW0, xb >> 18);
        // Rows: the single place of each row with one, and a flag for an empty row.
        let (s0, s1, s2) = (
            ROW_SINGLE[r0 as usize] as u32,
            ROW_SINGLE[r1 as usize] as u32,
            ROW_SINGLE[r2 as usize] as u32,
        );
        if (s0 | s1 | s2) & EMPTY_ROW != 0 {
            return Err(Dead);
        }
        let mut hb = s0 | s1 << 9 | s2 << 18;
        // Fold the three rows: columns of the band with one place, and with two or more.
        let o = r0 | r1 | r2;
        let tw = (r0 & r1) | (r2 & (r0 | r1));
        if SQUARES.any[o as usize] != 7 {
            return Err(Dead);
        }
        let single = SQUARES.one[o as usize] & !SQUARES.any[tw as usize];
        hb |= xb & SQUARES.cells[single as usize];
        h[b] = hb;
        twice |= tw | (once & o);
        once |= o;
    }
    if once != ROW0 {
        return Err(Dead);
    }
    // The columns with one place, without a branch on whether there are any.
    let spread = (once & !twice) * ROW_LOW;
    for b in 0..3 {
        h[b] |= x[b] & spread;
    }
    if D {
        for unit in &t.units[27..29] {
            let m = [0, 1, 2, 3].map(|b| x[b] & unit[b]);
            match few(&m) {
                0 => return Err(Dead),
                1 => {
                    for b in 0..3 {
                        h[b] |= m[b];
                    }
                }
                _ => {}
            }
        }
    }
    Ok(h)
}

/// One look for naked twins on the current candidates. Only pairs with a box that became
/// bivalue since the last look (`seen`) can be new: a bivalue box keeps its pair until it is
/// solved, and the boxes a pair has already cleared never regain its digits. True if anything
/// changed; a box emptied is left for `eliminate`'s count to find, but three boxes holding the
/// same pair in one unit are a contradiction here (the traced pass empties the third).
#[inline(never)]
fn naked_twins(p: &mut [Set; 9], seen: &mut Set, t: &Bits, dirty: &mut u32) -> Result<bool, Dead> {
    let (mut ge1, mut ge2, mut ge3) = ([0u32; 4], [0u32; 4], [0u32; 4]);
    for d in 0..9 {
        for b in 0..4 {
            let x = p[d][b];
            ge3[b] |= ge2[b] & x;
            ge2[b] |= ge1[b] & x;
            ge1[b] |= x;
        }
    }
    let pairs = [0, 1, 2, 3].map(|b| ge2[b] & !ge3[b]);
    let fresh = [0, 1, 2, 3].map(|b| pairs[b] & !seen[b]);
    *seen = pairs;
    let mut changed = false;
    // The fresh bivalue boxes as one 81-bit set: one loop, not one per band.
    let mut bits = fresh[0] as u128 | (fresh[1] as u128) << 27 | (fresh[2] as u128) << 54;
    while bits != 0 {
        let c = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (b, bit) = (c / 27, c % 27);
        // Its two digits (gathered without branches).
        let mut v = 0u32;
        for d in 0..9 {
            v |= (p[d][b] >> bit & 1) << d;
        }
        let w = v & v.wrapping_sub(1); // v is 0 for a box emptied just before
        if w == 0 || w & (w - 1) != 0 {
            continue; // changed by a pair applied just before
        }
        let (a, d) = (
            v.trailing_zeros() as usize,
            (v & (v - 1)).trailing_zeros() as usize,
        );
        let m = [0, 1, 2, 3].map(|b| pairs[b] & p[a][b] & p[d][b]);
        // Most new pairs have no twin among their peers: one test instead of a look per unit.
        let peers = &t.peers[c];
        if (m[0] & peers[0]) | (m[1] & peers[1]) | (m[2] & peers[2]) == 0 {
            continue;
        }
        let mut units = t.units_of[c];
        while units != 0 {
            let unit = &t.units[units.trailing_zeros() as usize];
            units &= units - 1;
            let inside = [0, 1, 2, 3].map(|b| unit[b] & m[b]);
            match few(&inside) {
                0 | 1 => continue,
                2 => {}
                _ => return Err(Dead),
            }
            let rest = [0, 1, 2, 3].map(|b| unit[b] & !m[b]);
            for digit in [a, d] {
                let x = p[digit];
                let y = [0, 1, 2, 3].map(|b| x[b] & !rest[b]);
                let ch = differs(&y, &x);
                p[digit] = y;
                *dirty |= (ch as u32) << digit;
                changed |= ch;
            }
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::At;
    use crate::trace::{NoTrace, StepCounts};
    use crate::{Digits, Grid};

    fn masks(g: &Grid) -> Vec<u16> {
        g.cells().iter().map(|d| d.bits()).collect()
    }

    fn fast_reduce(b: &mut Board, variant: Variant, twins: bool, dirty: u32) -> bool {
        let t = Bits::of(variant);
        match (variant, twins) {
            (Variant::Standard, false) => reduce::<false, false>(b, t, dirty).is_ok(),
            (Variant::Standard, true) => reduce::<true, false>(b, t, dirty).is_ok(),
            (Variant::Diagonal, false) => reduce::<false, true>(b, t, dirty).is_ok(),
            (Variant::Diagonal, true) => reduce::<true, true>(b, t, dirty).is_ok(),
        }
    }

    /// Walks the search tree (up to `budget` nodes), checking at every node that `reduce`
    /// reaches the traced `reduce_puzzle`'s fixpoint box for box, or fails exactly when it does.
    fn walk(b: Board, g: Grid, v: Variant, twins: bool, dirty: u32, budget: &mut u32) {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let s = if twins {
            super::super::WITH_TWINS
        } else {
            super::super::ELIMINATE_ONLY_CHOICE
        };
        let (mut b, mut g) = (b, g);
        let ok = fast_reduce(&mut b, v, twins, dirty);
        let topo = Topology::of(v);
        let traced = crate::reduce_puzzle(
            &mut g,
            topo,
            s,
            &mut NoTrace,
            At::default(),
            &mut StepCounts::default(),
        );
        assert_eq!(ok, traced.is_ok(), "{v:?} twins {twins}\n{}", g.to_line());
        if !ok {
            return;
        }
        assert_eq!(b.to_cells()[..81], masks(&g)[..], "{v:?} twins {twins}");
        let Some(cell) = b.fewest_candidates() else {
            return;
        };
        let choices = b.cell(cell) as u32;
        for d in (0..9).filter(|d| choices >> d & 1 != 0) {
            let mut child = b;
            let dirty = child.guess(cell, d, Bits::of(v));
            let mut tc = g;
            tc.set(Cell(cell as u8), Digits::from_bits(1 << d), &mut NoTrace);
            walk(child, tc, v, twins, dirty, budget);
        }
    }

    fn puzzles(name: &str, take: usize) -> Vec<String> {
        let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(take)
            .map(String::from)
            .collect()
    }

    /// Every node's fixpoint is the traced one (the search tree then follows; `fast_agrees`
    /// checks the counts end to end).
    #[test]
    fn every_node_reaches_the_traced_fixpoint() {
        let mut lines = puzzles("top95.txt", 40);
        lines.extend(puzzles("17_clue_49158.txt", 40));
        lines.extend(puzzles("hardest.txt", 11));
        for line in &lines {
            for v in [Variant::Standard, Variant::Diagonal] {
                for twins in [false, true] {
                    let g = crate::parse(line, Variant::Standard).unwrap();
                    let b = Board::from_cells(&masks(&g));
                    walk(b, g, v, twins, 0x1ff, &mut 300);
                }
            }
        }
    }

    #[test]
    fn candidate_grids_round_trip() {
        // Boxes with one, several, all and no candidates, in every band.
        let mut cells = [0u16; 82];
        let mut x = 0x2545_f491u32;
        for c in cells[..81].iter_mut() {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            *c = match x % 4 {
                0 => 1 << ((x >> 8) % 9),
                1 => 0x1ff,
                2 => (x >> 12) as u16 & 0x1ff,
                _ => (x >> 3) as u16 & 0x1ff & ((x >> 20) as u16 | 1),
            };
        }
        // And an empty box and one of two candidates in each band, whatever was drawn.
        for (c, v) in [
            (3, 0),
            (44, 0),
            (79, 0),
            (10, 0b101),
            (30, 0b1_0000_0010),
            (60, 0b11),
        ] {
            cells[c] = v;
        }
        let b = Board::from_cells(&cells);
        assert_eq!(b.to_cells()[..81], cells[..81]);
        assert!((0..81).all(|c| b.cell(c) == cells[c]));
    }

    #[test]
    fn cells_round_trip() {
        let g = crate::parse(&puzzles("top95.txt", 1)[0], Variant::Standard).unwrap();
        let b = Board::from_cells(&masks(&g));
        assert_eq!(b.to_cells()[..81], masks(&g)[..]);
        assert!((0..81).all(|c| b.cell(c) == masks(&g)[c]));
    }
}
