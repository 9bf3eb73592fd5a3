//! The board: boxes `A1`..`I9`, units and peers, derived once per variant as the course does
//! with `cross(rows, cols)`. Diagonal Sudoku only adds two units.

use serde::{Serialize, Serializer};
use std::fmt;
use std::sync::OnceLock;

pub const ROWS: &[u8; 9] = b"ABCDEFGHI";
pub const COLS: &[u8; 9] = b"123456789";

/// A box of the grid, 0..81 in A1..I9 order (row-major). Named `Cell` because `Box` is Rust's.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u8);

impl Cell {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }
    /// All 81 boxes, A1..I9.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }
    /// Reads a label such as `"E5"`.
    pub fn from_label(label: &str) -> Option<Cell> {
        let b = label.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let r = ROWS.iter().position(|&c| c == b[0].to_ascii_uppercase())?;
        let c = COLS.iter().position(|&c| c == b[1])?;
        Some(Cell((r * 9 + c) as u8))
    }
}

impl Cell {
    /// The label's two ASCII bytes, `b"A1"`: what `Display` and `Serialize` both write.
    fn label_bytes(self) -> [u8; 2] {
        [ROWS[self.row()], COLS[self.col()]]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.label_bytes()).expect("box names are ASCII"))
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Cell {
    /// As its name, `"A1"`, written directly (not through `Display`: a trace holds hundreds of
    /// thousands of names, and the formatting machinery was most of their cost).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(std::str::from_utf8(&self.label_bytes()).expect("box names are ASCII"))
    }
}

/// A unit: 0..9 rows A..I, 9..18 columns 1..9, 18..27 squares, 27 and 28 the diagonals
/// (the course's `unitlist` order). Its name does not depend on the variant.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Unit(pub u8);

impl Unit {
    pub const DIAGONAL: Unit = Unit(27);
    pub const ANTI_DIAGONAL: Unit = Unit(28);
}

impl Unit {
    /// Its name, as the course writes it: `"row A"`, `"column 1"`, `"square A1-C3"`,
    /// `"diagonal A1-I9"`.
    pub fn name(self) -> &'static str {
        UNIT_NAMES[(self.0 as usize).min(UNIT_NAMES.len() - 1)]
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Unit {
    /// As its name, written directly (not through `Display`'s formatting machinery).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The units' names, in unit order (the course's `unitlist`).
static UNIT_NAMES: [&str; 29] = [
    "row A",
    "row B",
    "row C",
    "row D",
    "row E",
    "row F",
    "row G",
    "row H",
    "row I",
    "column 1",
    "column 2",
    "column 3",
    "column 4",
    "column 5",
    "column 6",
    "column 7",
    "column 8",
    "column 9",
    "square A1-C3",
    "square A4-C6",
    "square A7-C9",
    "square D1-F3",
    "square D4-F6",
    "square D7-F9",
    "square G1-I3",
    "square G4-I6",
    "square G7-I9",
    "diagonal A1-I9",
    "diagonal A9-I1",
];

/// The units each box belongs to, as bits, in the diagonal topology (a superset of the
/// standard one: marking a diagonal unit unsettled in standard Sudoku is harmless).
pub(crate) const UNITS_OF: [u32; 81] = {
    let mut t = [0u32; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let mut bits = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        if r == c {
            bits |= 1 << 27;
        }
        if r + c == 8 {
            bits |= 1 << 28;
        }
        t[i] = bits;
        i += 1;
    }
    t
};

/// Standard Sudoku (27 units) or diagonal Sudoku (29: the two main diagonals added).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    #[default]
    Standard,
    Diagonal,
}

impl Variant {
    /// Every variant, in declaration order.
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::Diagonal];

    /// The variant named `name` in a trace.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The variant's name in a trace: the one spelling of it (the JSON writers and the
    /// validator use this).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Diagonal => "diagonal",
        }
    }
}

impl Serialize for Variant {
    /// As its [`Variant::name`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Units, units of each box and peers of each box for one variant. Built once; see [`Topology::of`].
#[derive(Debug)]
pub struct Topology {
    pub variant: Variant,
    /// The boxes of each unit, in the course's order.
    pub units: Vec<[Cell; 9]>,
    units_of: [[Unit; 5]; 81],
    units_of_len: [u8; 81],
    peers: [[Cell; 32]; 81],
    peers_len: [u8; 81],
}

impl Topology {
    /// The topology of a variant, derived on first use and shared after that.
    pub fn of(variant: Variant) -> &'static Topology {
        static STANDARD: OnceLock<Topology> = OnceLock::new();
        static DIAGONAL: OnceLock<Topology> = OnceLock::new();
        match variant {
            Variant::Standard => STANDARD.get_or_init(|| Topology::build(variant)),
            Variant::Diagonal => DIAGONAL.get_or_init(|| Topology::build(variant)),
        }
    }

    fn build(variant: Variant) -> Topology {
        let at = |r: usize, c: usize| Cell((r * 9 + c) as u8);
        let mut units: Vec<[Cell; 9]> = Vec::with_capacity(29);
        for r in 0..9 {
            units.push(std::array::from_fn(|c| at(r, c)));
        }
        for c in 0..9 {
            units.push(std::array::from_fn(|r| at(r, c)));
        }
        for sq in 0..9 {
            let (r0, c0) = (sq / 3 * 3, sq % 3 * 3);
            units.push(std::array::from_fn(|i| at(r0 + i / 3, c0 + i % 3)));
        }
        if variant == Variant::Diagonal {
            units.push(std::array::from_fn(|i| at(i, i)));
            units.push(std::array::from_fn(|i| at(i, 8 - i)));
        }
        let mut units_of = [[Unit(0); 5]; 81];
        let mut units_of_len = [0u8; 81];
        for (u, cells) in units.iter().enumerate() {
            for c in cells {
                let n = &mut units_of_len[c.index()];
                units_of[c.index()][*n as usize] = Unit(u as u8);
                *n += 1;
            }
        }
        let mut peers = [[Cell(0); 32]; 81];
        let mut peers_len = [0u8; 81];
        for cell in Cell::all() {
            let mut is_peer = [false; 81];
            for u in &units_of[cell.index()][..units_of_len[cell.index()] as usize] {
                for p in &units[u.0 as usize] {
                    is_peer[p.index()] = *p != cell;
                }
            }
            // Peers in A1..I9 order, so that steps list their changes in reading order.
            for p in Cell::all().filter(|p| is_peer[p.index()]) {
                let n = &mut peers_len[cell.index()];
                peers[cell.index()][*n as usize] = p;
                *n += 1;
            }
        }
        Topology {
            variant,
            units,
            units_of,
            units_of_len,
            peers,
            peers_len,
        }
    }

    #[inline]
    pub fn unit(&self, u: Unit) -> &[Cell; 9] {
        &self.units[u.0 as usize]
    }

    /// Every unit, in the course's order: rows, columns, squares, then the diagonals.
    pub fn all_units(&self) -> impl Iterator<Item = Unit> {
        (0..self.units.len() as u8).map(Unit)
    }

    /// Every unit of the variant as a bit mask (bit `u` for unit `u`), to restrict [`UNITS_OF`].
    #[inline]
    pub(crate) fn unit_mask(&self) -> u32 {
        (1 << self.units.len()) - 1
    }

    /// The units a box belongs to (3; 4 on one diagonal; 5 for E5 in diagonal mode).
    #[inline]
    pub fn units_of(&self, cell: Cell) -> &[Unit] {
        &self.units_of[cell.index()][..self.units_of_len[cell.index()] as usize]
    }

    /// The boxes sharing a unit with `cell`, in A1..I9 order (20; 26 on a diagonal; 32 for E5).
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        &self.peers[cell.index()][..self.peers_len[cell.index()] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_serialize_as_they_display() {
        for c in Cell::all() {
            assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{c}\""));
        }
        for u in 0..29 {
            let u = Unit(u);
            assert_eq!(serde_json::to_string(&u).unwrap(), format!("\"{u}\""));
        }
    }

    #[test]
    fn counts_match_the_course() {
        let s = Topology::of(Variant::Standard);
        assert_eq!(s.units.len(), 27);
        assert!(Cell::all().all(|c| s.peers(c).len() == 20 && s.units_of(c).len() == 3));
        let d = Topology::of(Variant::Diagonal);
        assert_eq!(d.units.len(), 29);
        let e5 = Cell::from_label("E5").unwrap();
        assert_eq!(d.peers(e5).len(), 32);
        assert_eq!(d.units_of(e5).len(), 5);
        assert_eq!(d.peers(Cell::from_label("A1").unwrap()).len(), 26);
        assert_eq!(d.peers(Cell::from_label("I1").unwrap()).len(), 26);
        assert_eq!(d.peers(Cell::from_label("A2").unwrap()).len(), 20);
    }

    #[test]
    fn names_are_the_course_labels() {
        assert_eq!(Cell(0).to_string(), "A1");
        assert_eq!(Cell(80).to_string(), "I9");
        assert_eq!(Cell::from_label("E6"), Some(Cell(4 * 9 + 5)));
        assert_eq!(Cell::from_label("J1"), None);
        assert_eq!(Unit(0).to_string(), "row A");
        assert_eq!(Unit(13).to_string(), "column 5");
        assert_eq!(Unit(18).to_string(), "square A1-C3");
        assert_eq!(Unit(22).to_string(), "square D4-F6");
        assert_eq!(Unit(27).to_string(), "diagonal A1-I9");
        assert_eq!(Unit(28).to_string(), "diagonal A9-I1");
    }

    #[test]
    fn diagonal_units_are_the_course_ones() {
        let d = Topology::of(Variant::Diagonal);
        let names = |u: Unit| {
            d.unit(u)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(names(Unit::DIAGONAL), "A1,B2,C3,D4,E5,F6,G7,H8,I9");
        assert_eq!(names(Unit::ANTI_DIAGONAL), "A9,B8,C7,D6,E5,F4,G3,H2,I1");
    }
}
