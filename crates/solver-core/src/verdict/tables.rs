//! Constant tables of the band-wise board, built at compile time.
//!
//! A band is three rows of the grid; one digit's band is 27 bits, bit `9 * r + c` for the box in
//! row `r` (0..3) of the band and column `c` (0..9). A band splits into nine segments, the
//! three boxes of a row that lie in one 3×3 square: segment `3 * r + s` is row `r`, square `s`.

/// The 27 bits of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// Per 9-bit row of a band: the squares (bit `s`) where that row has a box.
pub(super) static SQUARES_OF_ROW: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut s = 0;
        while s < 3 {
            if x & (7 << (3 * s)) != 0 {
                t[x] |= 1 << s;
            }
            s += 1;
        }
        x += 1;
    }
    t
};

/// Per set of segments (9 bits) where a digit is still possible in a band: the boxes of the
/// segments that lie on some way of placing the digit once in each row and once in each square
/// of the band (a permutation rows → squares), as a 27-bit mask; 0 when there is none. One AND
/// with it is every locked-candidates deduction inside the band (a square's digit confined to
/// one row leaves that row's other squares, and the converse) and finds a row or square that
/// lost the digit altogether.
pub(super) static KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    // The six permutations of three squares over three rows.
    let perms: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut seg = 0;
    while seg < 512 {
        let mut kept = 0u32;
        let mut p = 0;
        while p < 6 {
            let mut bits = 0u32;
            let mut r = 0;
            while r < 3 {
                bits |= 1 << (3 * r + perms[p][r]);
                r += 1;
            }
            if seg as u32 & bits == bits {
                kept |= bits;
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut i = 0;
        while i < 9 {
            if kept & (1 << i) != 0 {
                let (r, s) = (i / 3, i % 3);
                mask |= 7 << (9 * r + 3 * s);
            }
            i += 1;
        }
        t[seg] = mask;
        seg += 1;
    }
    t
};

/// Per set of columns (9 bits) where a digit is possible in a band whose squares all hold it:
/// the columns alone in their square, each in all three rows. The digit's box in such a
/// square is in that column, so the column's boxes in the other two bands lose the digit.
pub(super) static LOCKED_COLUMNS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut m = 0u32;
        let mut s = 0;
        while s < 3 {
            let part = (x as u32 >> (3 * s)) & 7;
            if part != 0 && part & (part - 1) == 0 {
                m |= part << (3 * s);
            }
            s += 1;
        }
        t[x] = m | m << 9 | m << 18;
        x += 1;
    }
    t
};

/// Per set of segments (9 bits) of one digit in a band, after `KEEP`: the segments that every
/// placement uses (the digit's only segment in its row, or in its square).
pub(super) static REQUIRED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut seg = 0;
    while seg < 512 {
        let mut req = 0u16;
        let mut i = 0;
        while i < 9 {
            let (r, s) = (i / 3, i % 3);
            let row = (seg >> (3 * r)) & 7;
            let square = (seg >> s) & 0b001_001_001;
            if seg & (1 << i) != 0 && (row == 1 << s || square == 1 << (3 * r)) {
                req |= 1 << i;
            }
            i += 1;
        }
        t[seg] = req;
        seg += 1;
    }
    t
};

/// Per segment (0..9) of a band: the boxes of its row and of its square outside it, where a
/// digit known to lie in the segment cannot be.
pub(super) static OUTSIDE_SEGMENT: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut i = 0;
    while i < 9 {
        let (r, s) = (i / 3, i % 3);
        let row = 0x1ff << (9 * r);
        let square = (7 << (3 * s)) * (1 | 1 << 9 | 1 << 18);
        let segment = 7 << (9 * r + 3 * s);
        t[i] = (row | square) & !segment;
        i += 1;
    }
    t
};

/// Per column (0..9): the boxes of its square's other two columns in a band (its 3×3 square's
/// boxes outside the column), where a digit known to lie in that column of the band cannot be.
pub(super) static SQUARE_BESIDE_COLUMN: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        let s = c / 3;
        let cols = (7u32 << (3 * s)) & !(1 << c);
        t[c] = cols | cols << 9 | cols << 18;
        c += 1;
    }
    t
};

/// Per 9-bit row of a band: the row itself when it holds one box, else 0.
pub(super) static LONE_BOX: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// Per 9-bit column set of a band: the columns alone in their square (as 9 bits).
pub(super) static LONE_IN_SQUARE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        let mut m = 0u16;
        let mut s = 0;
        while s < 3 {
            let part = (x as u16 >> (3 * s)) & 7;
            if part != 0 && part & (part - 1) == 0 {
                m |= part << (3 * s);
            }
            s += 1;
        }
        t[x] = m;
        x += 1;
    }
    t
};

/// Per box of a band (0..27): its peers inside the band (its row, the rest of its square, its
/// column), itself excluded.
pub(super) static PEERS_IN_BAND: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut m = 0u32;
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                m |= 1 << j;
            }
            j += 1;
        }
        t[i] = m;
        i += 1;
    }
    t
};

/// Per column (0..9): its three boxes in a band.
pub(super) static COLUMN: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = 1 << c | 1 << (c + 9) | 1 << (c + 18);
        c += 1;
    }
    t
};

/// Per band: its boxes on the diagonal A1-I9 (`[0]`) and on A9-I1 (`[1]`).
pub(super) static DIAGONALS: [[u32; 3]; 2] = {
    let mut t = [[0u32; 3]; 2];
    let mut b = 0;
    while b < 3 {
        let mut i = 0;
        while i < 3 {
            t[0][b] |= 1 << (9 * i + 3 * b + i);
            t[1][b] |= 1 << (9 * i + 8 - 3 * b - i);
            i += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_is_the_union_of_the_placements() {
        // Every segment open: every box kept.
        assert_eq!(KEEP[511], BAND);
        // The diagonal segments alone: exactly those.
        let diag = 1 | 1 << 4 | 1 << 8;
        assert_eq!(KEEP[diag], 7 | 7 << 12 | 7 << 24);
        // Row 0 only in square 0, row 1 only in square 0: no placement.
        assert_eq!(KEEP[1 | 1 << 3 | 0b111 << 6], 0);
        // A row with no segment: none.
        assert_eq!(KEEP[0b111 | 0b111 << 3], 0);
        // Row 0 confined to square 1 keeps square 1 out of rows 1 and 2.
        let seg = 0b010 | 0b111 << 3 | 0b111 << 6;
        let kept = KEEP[seg];
        assert_eq!(kept & (7 << 12 | 7 << 21), 0);
        assert_eq!(kept & 7 << 3, 7 << 3);
    }

    #[test]
    fn locked_columns_are_the_lone_ones_per_square() {
        assert_eq!(LOCKED_COLUMNS[0b111_111_111], 0);
        assert_eq!(
            LOCKED_COLUMNS[0b011_010_001],
            (0b000_010_001) * (1 | 1 << 9 | 1 << 18)
        );
    }

    #[test]
    fn band_peers_and_diagonals() {
        for (i, &p) in PEERS_IN_BAND.iter().enumerate() {
            assert_eq!(p.count_ones(), 8 + 6, "box {i}");
            assert_eq!(p & 1 << i, 0);
        }
        for diagonal in &DIAGONALS {
            let all: u32 = diagonal.iter().map(|m| m.count_ones()).sum();
            assert_eq!(all, 9);
        }
        assert_eq!(DIAGONALS[1][1] & 1 << 13, 1 << 13); // E5: row 1 of band 1, column 4
        assert_eq!(DIAGONALS[0][1] & 1 << 13, 1 << 13);
    }
}
