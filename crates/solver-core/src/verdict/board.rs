//! The verdict engine's board and its propagation.
//!
//! Per digit, the boxes where it is still possible, as three bands of 27 bits (see `tables`).
//! Propagation updates every band that differs from its last update, until none does:
//! - inside the band, every locked-candidates deduction at once (`KEEP`: the row/square
//!   segments that lie on some placement of the digit once per row and square);
//! - a square whose digit is confined to one column takes that column out of the other bands;
//! - a row left with one box for the digit places it there (a hidden single in the row; one in a
//!   square shows up the same way, as the square's segment is then its row's only one).
//!
//! Then one bit-sliced count over the nine digits finds the emptied boxes (a contradiction), the
//! boxes left with one candidate (naked singles, placed) and those with two (where search
//! guesses first). In diagonal Sudoku each digit's diagonals are then checked: placed twice is a
//! contradiction, placed once clears the rest of the diagonal, possible in one box only places
//! it there. At the root, triads (`Board::triads`) come last.
//!
//! A complete board at the fixpoint is a solution: every row and square of each band holds each
//! digit (`KEEP`) and the 81 boxes hold one digit each, so each digit is in every row and square
//! once; a digit's box in a square is alone in its column triplet, so the column lock has taken
//! that column out of the other bands, and no column holds a digit twice.

// Digits and bands index several parallel arrays at once.
#![allow(clippy::needless_range_loop)]

use super::tables::{
    BAND, COLUMN, DIAGONALS, KEEP, LOCKED_COLUMNS, LONE_BOX, LONE_IN_SQUARE, OUTSIDE_SEGMENT,
    PEERS_IN_BAND, REQUIRED, SQUARES_OF_ROW, SQUARE_BESIDE_COLUMN,
};

/// The other two bands of each band.
const OTHERS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The search state: candidates per digit and band, and the boxes not placed yet. Lane 3 of
/// each array is padding (always 0) so that a digit's three bands form one 128-bit vector.
#[derive(Copy, Clone)]
#[repr(C, align(16))]
pub(super) struct Board {
    /// `cand[d][b]`: the boxes of band `b` where digit `d + 1` is possible.
    pub(super) cand: [[u32; 4]; 9],
    /// Per band, the boxes not placed yet.
    pub(super) unsolved: [u32; 4],
    /// Per band, the unplaced boxes with exactly two candidates, as of the last fixpoint.
    pub(super) bivalue: [u32; 4],
    /// Each band as its last update left it: a band that differs has changed since.
    prev: [[u32; 4]; 9],
}

impl Board {
    /// The board of a candidate grid (bit `d` of `cells[i]` for digit `d + 1` in box `i`), with
    /// its boxes of one candidate placed. Propagation has not run yet.
    pub(super) fn new(cells: &[u16; 81]) -> Board {
        let mut board = Board {
            cand: [[BAND, BAND, BAND, 0]; 9],
            unsolved: [BAND, BAND, BAND, 0],
            bivalue: [0; 4],
            prev: [[0; 4]; 9],
        };
        // Boxes of one candidate (givens) or none, per band; the givens per digit. Most boxes
        // of a puzzle hold every digit: each band first finds the boxes that do not.
        let mut fixed = [0u32; 3];
        let mut given = [[0u32; 3]; 9];
        for b in 0..3 {
            let band = &cells[27 * b..27 * b + 27];
            let mut narrowed = 0u32;
            for (j, &m) in band.iter().enumerate() {
                narrowed |= ((m & 0x1ff != 0x1ff) as u32) << j;
            }
            while narrowed != 0 {
                let j = narrowed.trailing_zeros() as usize;
                narrowed &= narrowed - 1;
                let (m, bit) = (band[j] & 0x1ff, 1u32 << j);
                if m & m.wrapping_sub(1) == 0 {
                    fixed[b] |= bit;
                    if m != 0 {
                        given[m.trailing_zeros() as usize][b] |= bit;
                    }
                } else {
                    let mut out = !m & 0x1ff;
                    while out != 0 {
                        board.cand[out.trailing_zeros() as usize][b] &= !bit;
                        out &= out - 1;
                    }
                }
            }
        }
        for d in 0..9 {
            for b in 0..3 {
                board.cand[d][b] = board.cand[d][b] & !fixed[b] | given[d][b];
            }
        }
        // Two givens of a digit in one unit: placing the first empties the second's box, which
        // the first count finds.
        for (d, bands) in given.iter().enumerate() {
            for (b, &g) in bands.iter().enumerate() {
                let mut g = g;
                while g != 0 {
                    board.place(d, b, g.trailing_zeros() as usize);
                    g &= g - 1;
                }
            }
        }
        board
    }

    /// Removes `mask` from digit `d`'s band `b`.
    #[inline(always)]
    fn clear(&mut self, d: usize, b: usize, mask: u32) {
        self.cand[d][b] &= !mask;
    }

    /// Places digit `d` in box `bit` of band `b`, whose other candidates are already gone:
    /// the digit leaves the box's peers in the band and its column in the other bands.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: usize) {
        self.unsolved[b] &= !(1 << bit);
        self.clear(d, b, PEERS_IN_BAND[bit]);
        let (b1, b2) = OTHERS[b];
        let col = COLUMN[bit % 9];
        self.clear(d, b1, col);
        self.clear(d, b2, col);
    }

    /// A guess: digit `d` in box `bit` of band `b`, its other candidates removed.
    #[inline(always)]
    pub(super) fn assign(&mut self, d: usize, b: usize, bit: usize) {
        for d2 in 0..9 {
            let other = if d2 == d { 0 } else { 1 << bit };
            self.clear(d2, b, other);
        }
        self.place(d, b, bit);
    }

    /// Propagates to a fixpoint, with triads when `strong`. False on a contradiction. At the
    /// fixpoint, `bivalue` holds.
    #[inline(always)]
    pub(super) fn propagate<const DIAGONAL: bool>(&mut self, strong: bool) -> bool {
        loop {
            if !self.update_bands() {
                return false;
            }
            match self.singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if DIAGONAL {
                match self.diagonals() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if self.complete() || !strong {
                return true;
            }
            match self.triads() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Triads: the three boxes of a row in one square (a segment), or of a column in one band,
    /// hold exactly three digits. Per triad, the digits possible in it and those that must be
    /// in it (the only place for the digit in its row or column, or in its square): fewer than
    /// three possible or more than three required is a contradiction; three possible must all
    /// be there (they leave the rest of the row or column and of the square); three required
    /// are all there is (the other digits leave the triad). `None` on a contradiction, else
    /// whether a candidate was removed.
    fn triads(&mut self) -> Option<bool> {
        // Per digit, four sets of 27 bits, band `b`'s nine at bit `9 * b`: its segments,
        // columns, required segments and required columns (`SEG`, `COL`, `SEG_REQ`, `COL_REQ`),
        // so that one bit-sliced count covers all four.
        const SEG: usize = 0;
        const COL: usize = 1;
        const SEG_REQ: usize = 2;
        const COL_REQ: usize = 3;
        let mut sets = [[0u32; 4]; 9];
        for d in 0..9 {
            let mut proj = [0u32; 3];
            for b in 0..3 {
                let a = self.cand[d][b];
                // The masks keep these indices provably in range: no bounds checks.
                let s = (SQUARES_OF_ROW[(a & 0x1ff) as usize] as usize
                    | (SQUARES_OF_ROW[(a >> 9 & 0x1ff) as usize] as usize) << 3
                    | (SQUARES_OF_ROW[(a >> 18 & 0x1ff) as usize] as usize) << 6)
                    & 0x1ff;
                sets[d][SEG] |= (s as u32) << (9 * b);
                sets[d][SEG_REQ] |= (REQUIRED[s] as u32) << (9 * b);
                proj[b] = (a | a >> 9 | a >> 18) & 0x1ff;
            }
            for b in 0..3 {
                let (b1, b2) = OTHERS[b];
                let p = proj[b];
                sets[d][COL] |= p << (9 * b);
                sets[d][COL_REQ] |=
                    ((p & !(proj[b1] | proj[b2])) | LONE_IN_SQUARE[p as usize] as u32) << (9 * b);
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let (at3, at4) = super::simd_wasm::at_least_3_and_4(&sets);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let (at3, at4) = at_least_3_and_4(&sets);
        let (seg3, seg4) = (at3[SEG], at4[SEG]);
        let (col3, col4) = (at3[COL], at4[COL]);
        let (seg_req3, col_req3) = (at3[SEG_REQ], at3[COL_REQ]);
        if (seg3 & col3) != BAND || (at4[SEG_REQ] | at4[COL_REQ]) != 0 {
            return None;
        }
        let seg_naked = seg3 & !seg4;
        let col_naked = col3 & !col4;
        let mut changed = false;
        for d in 0..9 {
            let [seg, col, seg_req, col_req] = sets[d];
            let open = seg & !seg_req;
            let mut s = seg_naked & open;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                self.clear(d, i / 9, OUTSIDE_SEGMENT[i % 9]);
                changed = true;
            }
            let mut s = seg_req3 & open;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                let k = i % 9;
                self.clear(d, i / 9, 7 << (9 * (k / 3) + 3 * (k % 3)));
                changed = true;
            }
            let open = col & !col_req;
            let mut s = col_naked & open;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                let (b, c) = (i / 9, i % 9);
                let (b1, b2) = OTHERS[b];
                self.clear(d, b1, COLUMN[c]);
                self.clear(d, b2, COLUMN[c]);
                self.clear(d, b, SQUARE_BESIDE_COLUMN[c]);
                changed = true;
            }
            let mut s = col_req3 & open;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                self.clear(d, i / 9, COLUMN[i % 9]);
                changed = true;
            }
        }
        Some(changed)
    }

    /// Updates every band that changed, until none does. False on a contradiction.
    #[inline(always)]
    fn update_bands(&mut self) -> bool {
        loop {
            let mut any = false;
            // Digit by digit with constant indices (a loop over a mask of changed bands, built
            // with vector compares, measured slower: the compares wait on the scalar stores).
            macro_rules! bands_of {
                ($($d:literal)*) => {$(
                    for b in 0..3 {
                        if self.cand[$d][b] != self.prev[$d][b] {
                            any = true;
                            if !self.update_band($d, b) {
                                return false;
                            }
                        }
                    }
                )*};
            }
            bands_of!(0 1 2 3 4 5 6 7 8);
            if !any {
                return true;
            }
        }
    }

    /// One band's deductions (module doc). False when a row or square of the band lost the digit.
    #[inline(always)]
    fn update_band(&mut self, d: usize, b: usize) -> bool {
        let a = self.cand[d][b];
        let seg = SQUARES_OF_ROW[(a & 0x1ff) as usize] as usize
            | (SQUARES_OF_ROW[(a >> 9 & 0x1ff) as usize] as usize) << 3
            | (SQUARES_OF_ROW[(a >> 18 & 0x1ff) as usize] as usize) << 6;
        // The masks keep the indices provably in range: no bounds checks.
        let a = a & KEEP[seg & 0x1ff];
        if a == 0 {
            return false;
        }
        self.cand[d][b] = a;
        self.prev[d][b] = a;
        let lock = LOCKED_COLUMNS[((a | a >> 9 | a >> 18) & 0x1ff) as usize];
        let (b1, b2) = OTHERS[b];
        // Stored whether or not they change anything: the stores are cheaper than a branch
        // whose outcome varies from puzzle to puzzle.
        self.clear(d, b1, lock);
        self.clear(d, b2, lock);
        // Rows with one box left.
        let single = LONE_BOX[(a & 0x1ff) as usize] as u32
            | (LONE_BOX[(a >> 9 & 0x1ff) as usize] as u32) << 9
            | (LONE_BOX[(a >> 18 & 0x1ff) as usize] as u32) << 18;
        // The rows' single boxes leave the other digits' boards (again for those placed before,
        // which changes nothing).
        self.unsolved[b] &= !single;
        for d2 in 0..9 {
            let other = if d2 == d { 0 } else { single };
            self.clear(d2, b, other);
        }
        true
    }

    /// The bit-sliced count: `None` on an emptied box, else whether naked singles were placed.
    #[inline(always)]
    fn singles(&mut self) -> Option<bool> {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        let new = super::simd_wasm::singles(&self.cand, &self.unsolved, &mut self.bivalue)?;
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        let new = {
            let mut one = [0u32; 4];
            let mut two = [0u32; 4];
            let mut three = [0u32; 4];
            for d in 0..9 {
                for l in 0..4 {
                    let x = self.cand[d][l];
                    three[l] |= two[l] & x;
                    two[l] |= one[l] & x;
                    one[l] |= x;
                }
            }
            if (one[0] & one[1] & one[2]) != BAND {
                return None;
            }
            let mut new = [0u32; 4];
            for b in 0..3 {
                new[b] = one[b] & !two[b] & self.unsolved[b];
                self.bivalue[b] = two[b] & !three[b];
            }
            new
        };
        let mut found = false;
        for b in 0..3 {
            if new[b] != 0 {
                found = true;
                for d in 0..9 {
                    let mut s = self.cand[d][b] & new[b];
                    while s != 0 {
                        let bit = s.trailing_zeros() as usize;
                        s &= s - 1;
                        self.place(d, b, bit);
                    }
                }
            }
        }
        Some(found)
    }

    /// The diagonals of each digit (module doc): `None` on a contradiction, else whether
    /// anything changed.
    fn diagonals(&mut self) -> Option<bool> {
        let mut changed = false;
        for d in 0..9 {
            for diag in &DIAGONALS {
                let mut open = 0;
                let mut placed = 0;
                for b in 0..3 {
                    let m = self.cand[d][b] & diag[b];
                    open += m.count_ones();
                    placed += (m & !self.unsolved[b]).count_ones();
                }
                if open == 0 || placed > 1 {
                    return None;
                }
                if placed == 1 {
                    if open > 1 {
                        for b in 0..3 {
                            self.clear(d, b, diag[b] & self.unsolved[b]);
                        }
                        changed = true;
                    }
                } else if open == 1 {
                    for b in 0..3 {
                        let m = self.cand[d][b] & diag[b];
                        if m != 0 {
                            self.assign(d, b, m.trailing_zeros() as usize);
                        }
                    }
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// True when every box is placed (meaningful at a fixpoint).
    #[inline(always)]
    pub(super) fn complete(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The digits of a complete board as ASCII `'1'..='9'`, boxes A1..I9.
    pub(super) fn digits(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut s = self.cand[d][b];
                while s != 0 {
                    out[27 * b + s.trailing_zeros() as usize] = b'1' + d as u8;
                    s &= s - 1;
                }
            }
        }
        out
    }

    /// The candidates (bit `d` for digit `d + 1`) of box `bit` of band `b`.
    #[inline(always)]
    pub(super) fn candidates(&self, b: usize, bit: usize) -> u16 {
        let mut m = 0u16;
        for d in 0..9 {
            m |= ((self.cand[d][b] >> bit & 1) as u16) << d;
        }
        m
    }
}

/// Bit-sliced over nine rows of four words, per column of words: the bits set in at least
/// three of the nine, and in at least four.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn at_least_3_and_4(rows: &[[u32; 4]; 9]) -> ([u32; 4], [u32; 4]) {
    let (mut c1, mut c2, mut c3, mut c4) = ([0u32; 4], [0u32; 4], [0u32; 4], [0u32; 4]);
    for x in rows {
        for l in 0..4 {
            c4[l] |= c3[l] & x[l];
            c3[l] |= c2[l] & x[l];
            c2[l] |= c1[l] & x[l];
            c1[l] |= x[l];
        }
    }
    (c3, c4)
}
