//! The board as a constraint model: boxes `A1`..`I9`, houses (units), which boxes see which,
//! and cages. Standard and diagonal Sudoku are derived once each as the course does with
//! `cross(rows, cols)`; any other puzzle's topology is built from its houses, pairwise
//! exclusions and cages (`crate::puzzle` states them).

use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
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
    /// As its name, `"A1"`, written directly, not through `Display`: a trace holds hundreds of
    /// thousands of names, and the formatting machinery would be most of their cost.
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

/// The grid's size: the digits, the boxes of a house, the rows and the columns. Every figure of
/// the model derives from it (a 4×4, 6×6 or 16×16 grid is a change of these numbers, see
/// ARCHITECTURE.md).
pub const SIZE: usize = 9;
/// The boxes of the grid.
pub const BOXES: usize = SIZE * SIZE;
/// The most houses a topology holds (a box's houses are a `u64` of unit bits).
pub const MAX_UNITS: usize = 64;

/// Bit `i` of a `u128` (`1 << i`, `i` below 128) without a `u128` shift by a variable, which
/// wasm has no instruction for (a call to compiler-rt's `__ashlti3`): one 64-bit shift masked
/// into each half (written so that the compiler does not fold it back into a `u128` shift).
#[inline(always)]
pub(crate) const fn box_bit(i: usize) -> u128 {
    let b = 1u64 << (i & 63);
    let high = (i >> 6 & 1) as u64;
    let lo = b & high.wrapping_sub(1);
    let hi = b & high.wrapping_neg();
    lo as u128 | (hi as u128) << 64
}

/// A house as a topology is built from it: nine boxes holding 1–9 once each, its name, and
/// whether it is a line (a row, a column or a diagonal: two lines share at most one box).
#[derive(Clone, Debug)]
pub struct House {
    pub cells: [Cell; SIZE],
    pub name: Cow<'static, str>,
    pub line: bool,
}

/// A killer cage as the topology holds it: boxes whose digits differ (each sees the others),
/// summing to `sum` when it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<Cell>,
    /// The same boxes, bit `i` for box `i`.
    pub boxes: u128,
    pub sum: Option<u16>,
}

/// The topology id of standard Sudoku's shared topology; diagonal Sudoku's is 1; every other
/// topology built gets its own (the grid's caches are kept per topology id).
pub(crate) const STANDARD_ID: u32 = 0;
pub(crate) const DIAGONAL_ID: u32 = 1;

/// The board as the constraint model states it: its houses (units), which boxes see which
/// (a house, a pairwise exclusion such as anti-knight, a cage), and its cages. Standard and
/// diagonal Sudoku have one shared topology each ([`Topology::of`]); any other puzzle's is built
/// from its houses, exclusions and cages ([`Topology::general`], which `crate::puzzle` calls).
#[derive(Clone, Debug)]
pub struct Topology {
    /// The classic shape whose name the trace carries: `Diagonal` when both diagonals are
    /// houses, else `Standard`. Only [`Topology::is_classic`] topologies are exactly that shape.
    pub variant: Variant,
    id: u32,
    /// The boxes of each unit: rows, columns, squares (or jigsaw regions), then the others.
    pub units: Vec<[Cell; SIZE]>,
    names: Vec<Cow<'static, str>>,
    /// The boxes of each unit, bit `i` for box `i` (none past the last unit).
    unit_boxes: [u128; MAX_UNITS],
    /// The units that are lines (bit `u` for unit `u`).
    lines: u64,
    /// The units of each box, bit `u` for unit `u`.
    unit_bits: [u64; BOXES],
    /// The units of each box, in unit order: `units_of[units_of_at[i]..units_of_at[i + 1]]`.
    units_of: Vec<Unit>,
    units_of_at: [u16; BOXES + 1],
    /// The boxes each box sees, as lists.
    peers: Peers,
    /// The boxes each box sees, bit `i` for box `i`.
    peer_boxes: [u128; BOXES],
    cages: Vec<Cage>,
}

/// The boxes each box sees, A1..I9: `list[at[i]..at[i + 1]]`.
#[derive(Clone, Debug)]
struct Peers {
    list: Vec<Cell>,
    at: [u16; BOXES + 1],
}

impl Peers {
    /// The lists of `peer_boxes`, written into one buffer of their total length, each mask
    /// walked by its 64-bit halves (a variant's topology is built for each solve, and in wasm
    /// a `u128` walk and a push a box are most of that).
    fn of(peer_boxes: &[u128; BOXES]) -> Peers {
        let count = peer_boxes.iter().map(|p| p.count_ones() as usize).sum();
        let mut list = vec![Cell(0); count];
        let mut at = [0u16; BOXES + 1];
        let mut k = 0;
        for (i, &boxes) in peer_boxes.iter().enumerate() {
            // Peers in A1..I9 order, so that steps list their changes in reading order.
            for (half, base) in [(boxes as u64, 0u8), ((boxes >> 64) as u64, 64)] {
                let mut rest = half;
                while rest != 0 {
                    list[k] = Cell(base + rest.trailing_zeros() as u8);
                    k += 1;
                    rest &= rest - 1;
                }
            }
            at[i + 1] = k as u16;
        }
        Peers { list, at }
    }
}

/// The houses of standard Sudoku (rows, columns, squares), then with `diagonal` the two
/// diagonals, in the course's `unitlist` order and with its names.
pub fn classic_houses(diagonal: bool) -> Vec<House> {
    let at = |r: usize, c: usize| Cell((r * SIZE + c) as u8);
    let mut houses: Vec<House> = Vec::with_capacity(29);
    let mut push = |cells: [Cell; SIZE], line: bool| {
        let name = Cow::Borrowed(Unit(houses.len() as u8).name());
        houses.push(House { cells, name, line });
    };
    for r in 0..SIZE {
        push(std::array::from_fn(|c| at(r, c)), true);
    }
    for c in 0..SIZE {
        push(std::array::from_fn(|r| at(r, c)), true);
    }
    for sq in 0..SIZE {
        let (r0, c0) = (sq / 3 * 3, sq % 3 * 3);
        push(std::array::from_fn(|i| at(r0 + i / 3, c0 + i % 3)), false);
    }
    if diagonal {
        push(std::array::from_fn(|i| at(i, i)), true);
        push(std::array::from_fn(|i| at(i, SIZE - 1 - i)), true);
    }
    houses
}

/// More houses than a topology holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyHouses(pub usize);

impl Topology {
    /// The topology of a variant, derived on first use and shared after that.
    pub fn of(variant: Variant) -> &'static Topology {
        static STANDARD: OnceLock<Topology> = OnceLock::new();
        static DIAGONAL: OnceLock<Topology> = OnceLock::new();
        match variant {
            Variant::Standard => STANDARD.get_or_init(|| Topology::classic(variant)),
            Variant::Diagonal => DIAGONAL.get_or_init(|| Topology::classic(variant)),
        }
    }

    /// A fresh copy of a classic shape's topology, with its id (so the grid's caches treat it
    /// as the shared one).
    pub(crate) fn classic(variant: Variant) -> Topology {
        let diagonal = variant == Variant::Diagonal;
        let id = if diagonal { DIAGONAL_ID } else { STANDARD_ID };
        Topology::assemble(
            variant,
            id,
            classic_houses(diagonal),
            &[0; BOXES],
            Vec::new(),
        )
    }

    /// The topology of any puzzle on the grid: its houses (identical ones counted once),
    /// `sees[i]` the boxes box `i` sees besides its house-mates (bit `j` for box `j`: pairwise
    /// exclusions; made symmetric here), and its cages (their boxes see each other). Its own
    /// topology id, unless it is exactly a classic shape.
    pub fn general(
        houses: Vec<House>,
        sees: &[u128; BOXES],
        cages: Vec<Cage>,
    ) -> Result<Topology, TooManyHouses> {
        let mut kept: Vec<House> = Vec::with_capacity(houses.len());
        // The kept houses' boxes, each house's computed once.
        let mut masks: Vec<u128> = Vec::with_capacity(houses.len());
        for h in houses {
            let mask = h.cells.iter().fold(0u128, |m, c| m | box_bit(c.index()));
            if !masks.contains(&mask) {
                masks.push(mask);
                kept.push(h);
            }
        }
        if kept.len() > MAX_UNITS {
            return Err(TooManyHouses(kept.len()));
        }
        let same = |diagonal: bool| {
            let count = if diagonal { 3 * SIZE + 2 } else { 3 * SIZE };
            count == kept.len()
                && classic_houses(diagonal)
                    .iter()
                    .zip(&kept)
                    .all(|(a, b)| a.cells == b.cells)
        };
        let extra = sees.iter().any(|&s| s != 0) || !cages.is_empty();
        let diagonals = kept.iter().filter(|h| h.line).count() == 2 * SIZE + 2;
        let variant = if diagonals {
            Variant::Diagonal
        } else {
            Variant::Standard
        };
        if !extra && same(false) {
            return Ok(Topology::classic(Variant::Standard));
        }
        if !extra && same(true) {
            return Ok(Topology::classic(Variant::Diagonal));
        }
        static NEXT_ID: AtomicU32 = AtomicU32::new(DIAGONAL_ID + 1);
        // Ids wrap after 4 billion topologies; a grid meets one topology in practice, and a
        // wrapped id only ever lands on another general topology's, never a classic one.
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed).max(DIAGONAL_ID + 1);
        Ok(Topology::assemble(variant, id, kept, sees, cages))
    }

    fn assemble(
        variant: Variant,
        id: u32,
        houses: Vec<House>,
        sees: &[u128; BOXES],
        cages: Vec<Cage>,
    ) -> Topology {
        let units: Vec<[Cell; SIZE]> = houses.iter().map(|h| h.cells).collect();
        let mut unit_boxes = [0u128; MAX_UNITS];
        for (boxes, cells) in unit_boxes.iter_mut().zip(&units) {
            *boxes = cells.iter().fold(0u128, |m, c| m | box_bit(c.index()));
        }
        let lines = houses
            .iter()
            .enumerate()
            .fold(0u64, |m, (u, h)| m | (h.line as u64) << u);
        let names = houses.into_iter().map(|h| h.name).collect();
        let mut unit_bits = [0u64; BOXES];
        for (u, cells) in units.iter().enumerate() {
            for c in cells {
                unit_bits[c.index()] |= 1 << u;
            }
        }
        let mut units_of = Vec::with_capacity(BOXES * 3);
        let mut units_of_at = [0u16; BOXES + 1];
        // Each box sees what `sees` says, the boxes whose `sees` name it (symmetric), its
        // cages' boxes and its houses' boxes: the exclusions and cages visited bit by bit (a
        // few boxes each), not box against box.
        let mut peer_boxes = *sees;
        for (j, &s) in sees.iter().enumerate() {
            let mut rest = s;
            while rest != 0 {
                peer_boxes[rest.trailing_zeros() as usize] |= box_bit(j);
                rest &= rest - 1;
            }
        }
        for cage in &cages {
            let mut rest = cage.boxes;
            while rest != 0 {
                peer_boxes[rest.trailing_zeros() as usize] |= cage.boxes;
                rest &= rest - 1;
            }
        }
        for (i, peers) in peer_boxes.iter_mut().enumerate() {
            let mut bits = unit_bits[i];
            let mut seen = *peers;
            while bits != 0 {
                let u = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                units_of.push(Unit(u as u8));
                seen |= unit_boxes[u];
            }
            units_of_at[i + 1] = units_of.len() as u16;
            *peers = seen & !box_bit(i);
        }
        Topology {
            variant,
            id,
            units,
            names,
            unit_boxes,
            lines,
            unit_bits,
            units_of,
            units_of_at,
            peers: Peers::of(&peer_boxes),
            peer_boxes,
            cages,
        }
    }

    /// The id the grid's caches are kept by.
    #[inline]
    pub(crate) fn id(&self) -> u32 {
        self.id
    }

    /// True for the shared standard and diagonal topologies (and their copies): the shapes the
    /// verdict engine's bit board and the grid's unit caches are built for.
    #[inline]
    pub fn is_classic(&self) -> bool {
        self.id <= DIAGONAL_ID
    }

    #[inline]
    pub fn unit(&self, u: Unit) -> &[Cell; SIZE] {
        &self.units[u.0 as usize]
    }

    /// A unit's name: the course's for rows, columns, squares and diagonals (`"row A"`),
    /// `"region 3"`, `"window B2-D4"`, `"extra region 1"`, `"cage 4"` for the others.
    pub fn name(&self, u: Unit) -> &str {
        self.names.get(u.0 as usize).map_or("unit", |n| n)
    }

    /// The unit named `name` ([`Topology::name`]), if the topology has one.
    pub fn unit_named(&self, name: &str) -> Option<Unit> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|u| Unit(u as u8))
    }

    /// Every unit, in order: rows, columns, squares (or regions), then the others.
    pub fn all_units(&self) -> impl Iterator<Item = Unit> {
        (0..self.units.len() as u8).map(Unit)
    }

    /// The boxes of a unit of this topology, bit `i` for box `i`.
    #[inline]
    pub fn boxes(&self, u: Unit) -> u128 {
        // Units are below MAX_UNITS: the mask only spares the bounds check on the hot path.
        self.unit_boxes[u.0 as usize % MAX_UNITS]
    }

    /// Whether a unit is one of the grid's nine squares, as its name says (`square A1-C3`):
    /// not a jigsaw region, a windoku window, an extra region or a nine-box cage, each named
    /// by its own kind.
    pub fn is_square(&self, u: Unit) -> bool {
        self.name(u).starts_with("square ")
    }

    /// Whether a unit is a line (a row, a column or a diagonal).
    #[inline]
    pub fn is_line(&self, u: Unit) -> bool {
        self.lines >> u.0 & 1 != 0
    }

    /// The units that are lines, bit `u` for unit `u`.
    #[inline]
    pub fn line_bits(&self) -> u64 {
        self.lines
    }

    /// The units a box belongs to, bit `u` for unit `u`.
    #[inline]
    pub fn unit_bits(&self, cell: Cell) -> u64 {
        self.unit_bits[cell.index()]
    }

    /// The first unit (in unit order) holding both boxes, if any.
    #[inline]
    pub fn shared_unit(&self, a: Cell, b: Cell) -> Option<Unit> {
        let both = self.unit_bits(a) & self.unit_bits(b);
        (both != 0).then(|| Unit(both.trailing_zeros() as u8))
    }

    /// The units a box belongs to, in unit order (3 in standard Sudoku; 4 on one diagonal; 5
    /// for E5 in diagonal Sudoku).
    #[inline]
    pub fn units_of(&self, cell: Cell) -> &[Unit] {
        let i = cell.index();
        &self.units_of[self.units_of_at[i] as usize..self.units_of_at[i + 1] as usize]
    }

    /// The boxes `cell` sees (a house, an exclusion or a cage in common), in A1..I9 order (20
    /// in standard Sudoku; 26 on a diagonal; 32 for E5).
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peers.list[self.peers.at[i] as usize..self.peers.at[i + 1] as usize]
    }

    /// The boxes `cell` sees, bit `i` for box `i`.
    #[inline]
    pub fn peer_boxes(&self, cell: Cell) -> u128 {
        self.peer_boxes[cell.index()]
    }

    /// Whether two boxes see each other: they may not hold the same digit.
    #[inline]
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peer_boxes[a.index()] >> b.index() & 1 != 0
    }

    /// The killer cages, in the puzzle's order.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
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
    fn box_bit_is_the_shift() {
        for i in 0..128 {
            assert_eq!(box_bit(i), 1u128 << i, "bit {i}");
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
