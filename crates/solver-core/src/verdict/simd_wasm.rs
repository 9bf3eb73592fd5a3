//! The board's bit-sliced counts in wasm's 128-bit SIMD: nine rows of four 32-bit lanes each
//! (a digit's three bands and the padding lane, or the four sets of `Board::triads`), one
//! vector a row. LLVM leaves these loops scalar in wasm, and V8 then runs them as 36 separate
//! loads and a few operations on each.

use super::tables::BAND;
use core::arch::wasm32::{
    i32x4_all_true, i32x4_eq, u32x4, v128, v128_and, v128_andnot, v128_load, v128_or, v128_store,
};

/// A digit's row of the board as a vector.
#[inline(always)]
fn load(row: &[u32; 4]) -> v128 {
    // SAFETY: `row` is 16 readable bytes; v128_load takes any alignment.
    unsafe { v128_load(row.as_ptr() as *const v128) }
}

/// The bit-sliced count of `Board::singles` over the nine digits: `None` when a box has no
/// candidate left, else the unplaced boxes with one candidate per band; `bivalue` gets the
/// boxes with exactly two.
#[inline(always)]
pub(super) fn singles(
    cand: &[[u32; 4]; 9],
    unsolved: &[u32; 4],
    bivalue: &mut [u32; 4],
) -> Option<[u32; 4]> {
    let zero = u32x4(0, 0, 0, 0);
    let (mut one, mut two, mut three) = (zero, zero, zero);
    for row in cand {
        let x = load(row);
        three = v128_or(three, v128_and(two, x));
        two = v128_or(two, v128_and(one, x));
        one = v128_or(one, x);
    }
    if !i32x4_all_true(i32x4_eq(one, u32x4(BAND, BAND, BAND, 0))) {
        return None;
    }
    // SAFETY: `bivalue` is 16 writable bytes; v128_store takes any alignment.
    unsafe { v128_store(bivalue.as_mut_ptr() as *mut v128, v128_andnot(two, three)) };
    let new = v128_and(v128_andnot(one, two), load(unsolved));
    let mut out = [0u32; 4];
    // SAFETY: as above, for `out`.
    unsafe { v128_store(out.as_mut_ptr() as *mut v128, new) };
    Some(out)
}

/// `Board::triads`' bit-sliced count, per lane of the nine rows: the bits set in at least three
/// of them, and in at least four.
#[inline(always)]
pub(super) fn at_least_3_and_4(rows: &[[u32; 4]; 9]) -> ([u32; 4], [u32; 4]) {
    let zero = u32x4(0, 0, 0, 0);
    let (mut c1, mut c2, mut c3, mut c4) = (zero, zero, zero, zero);
    for row in rows {
        let x = load(row);
        c4 = v128_or(c4, v128_and(c3, x));
        c3 = v128_or(c3, v128_and(c2, x));
        c2 = v128_or(c2, v128_and(c1, x));
        c1 = v128_or(c1, x);
    }
    let (mut at3, mut at4) = ([0u32; 4], [0u32; 4]);
    // SAFETY: both are 16 writable bytes; v128_store takes any alignment.
    unsafe {
        v128_store(at3.as_mut_ptr() as *mut v128, c3);
        v128_store(at4.as_mut_ptr() as *mut v128, c4);
    }
    (at3, at4)
}
