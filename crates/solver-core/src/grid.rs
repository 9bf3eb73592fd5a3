//! The grid: the candidates of the 81 boxes. `Copy`, so search copies it cheaply.

use crate::digits::{Digit, Digits};
use crate::topology::{Cell, Topology, Unit, COLS, DIAGONAL_ID, ROWS, STANDARD_ID};
use crate::trace::{Contradiction, Position, Sink};
use std::fmt;

#[derive(Copy, Clone)]
pub struct Grid {
    cells: [Digits; 81],
    /// The solved boxes (bit `i` for box `i`): those with exactly one candidate. Kept by
    /// [`Grid::set`]; derived from `cells`, so equality need not look at it.
    solved: u128,
    /// Solved boxes whose digit none of their peers holds any more: a pass of `eliminate`
    /// would change nothing for them. Only a cache, so equality ignores it; see [`Grid::set`].
    eliminated: u128,
    /// The id of the topology the caches were kept for (`Topology::id`): diagonal peers
    /// include the standard ones, so a diagonal cache holds for standard solving but not the
    /// reverse; any other change of topology empties the caches.
    shape: u32,
    /// The unit records are kept per box's classic units ([`UNITS_OF`]) in the classic
    /// topologies (`0`); in any other every change marks every unit (`u32::MAX`), and units
    /// past the 32nd are never settled.
    every_unit: u32,
    /// Per strategy (by registry position, the first [`UNIT_RECORDS`]): the units (bit `u` for
    /// unit `u`) whose boxes changed since the strategy last found nothing to do in them, other
    /// than by losing a digit that another box of the unit is solved as ([`Grid::set_peer`]).
    /// A unit left alone gives a strategy that looks at where digits fit in one unit at a time
    /// (only choice, no place) nothing new, so its pass may skip it; the steps are the same.
    unsettled: [u32; UNIT_RECORDS],
    /// The units (bit `u` for unit `u`) in which a box became a pair (two candidates), or got
    /// candidates back, since `naked_twins` last looked at them. Twins are two pairs; a pair
    /// only loses candidates (it cannot become another pair), so twins in a unit not listed
    /// here were there at that look, and their digits already left the rest of the unit.
    new_pairs: u32,
    /// Per digit (`d - 1`), the boxes where it is still a candidate (bit `i` for box `i`).
    places: [u128; 9],
    /// The boxes with exactly two candidates (bit `i` for box `i`).
    pairs: u128,
    /// Per unit (the first 32), the digits that lost a place in it (or got one back) since
    /// `only_choice` last found nothing to do in it, but for a digit another box of the unit is
    /// solved as ([`Grid::set_peer`]): only these can have become an only choice there.
    moved: [u16; 32],
}

/// How many strategies, by registry position from the first, the grid keeps a record of
/// settled units for. Every [`Grid::set`] updates them all, so the count is kept small; a
/// strategy past it sees every unit as unsettled.
pub(crate) const UNIT_RECORDS: usize = 4;

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Grid {}

impl std::hash::Hash for Grid {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.cells.hash(h)
    }
}

impl Default for Grid {
    /// The empty grid: every box may hold every digit.
    fn default() -> Self {
        Grid::from_cells([Digits::ALL; 81])
    }
}

impl Grid {
    pub fn from_cells(cells: [Digits; 81]) -> Grid {
        // The solved boxes, the pairs and the boxes that hold every digit, each as one pass the
        // compiler vectorises. Each digit's places are then those full boxes and the others that
        // hold it (a puzzle's givens: few).
        let solved = mask_of(&cells, |b| (b != 0) & (b & b.wrapping_sub(1) == 0));
        let pairs = mask_of(&cells, |b| {
            let rest = b & b.wrapping_sub(1);
            (rest != 0) & (rest & rest.wrapping_sub(1) == 0)
        });
        let full = mask_of(&cells, |b| b == Digits::ALL.bits());
        let mut places = [full; 9];
        let mut others = !full & ((1u128 << 81) - 1);
        while others != 0 {
            let i = others.trailing_zeros() as usize;
            others &= others - 1;
            let mut bits = cells[i].bits() & Digits::ALL.bits();
            while bits != 0 {
                places[bits.trailing_zeros() as usize] |= 1u128 << i;
                bits &= bits - 1;
            }
        }
        Grid {
            cells,
            solved,
            eliminated: 0,
            shape: STANDARD_ID,
            every_unit: 0,
            unsettled: [u32::MAX; UNIT_RECORDS],
            new_pairs: u32::MAX,
            places,
            moved: [Digits::ALL.bits(); 32],
            pairs,
        }
    }

    #[inline]
    pub fn get(&self, cell: Cell) -> Digits {
        self.cells[cell.index()]
    }

    pub fn cells(&self) -> &[Digits; 81] {
        &self.cells
    }

    /// The one mutation primitive: every change of a box's candidates during solving passes
    /// through here, and is reported to `sink` (which does nothing when no trace is wanted).
    #[inline]
    pub fn set<S: Sink>(&mut self, cell: Cell, after: Digits, sink: &mut S) {
        self.set_unsettling(cell, after, UNITS_OF[cell.index()], sink);
    }

    /// [`Grid::set`] for `eliminate`'s change: `cell` loses the digit of `source`, a solved box
    /// among its peers. In the units the two share the digit stays solved, so it can become
    /// neither an only choice nor a digit without a place there: those units stay settled.
    #[inline]
    pub(crate) fn set_peer<S: Sink>(
        &mut self,
        cell: Cell,
        after: Digits,
        source: Cell,
        sink: &mut S,
    ) {
        let units = UNITS_OF[cell.index()] & !UNITS_OF[source.index()];
        self.set_unsettling(cell, after, units, sink);
    }

    /// [`Grid::set`], marking `units` unsettled (all of the box's, unless a digit is known to
    /// stay solved in some).
    #[inline(always)]
    fn set_unsettling<S: Sink>(&mut self, cell: Cell, after: Digits, unsettle: u32, sink: &mut S) {
        let before = self.cells[cell.index()];
        if before != after {
            self.cells[cell.index()] = after;
            let bit = BOX_BIT[cell.index()];
            if after.solved().is_some() != before.solved().is_some() {
                self.solved ^= bit;
            }
            let pair = after.is_pair();
            if pair != before.is_pair() {
                self.pairs ^= bit;
            }
            let unsettle = unsettle | self.every_unit;
            let units = UNITS_OF[cell.index()] | self.every_unit;
            for record in &mut self.unsettled {
                *record |= unsettle;
            }
            let flipped = before.bits() ^ after.bits();
            let mut rest = flipped;
            while rest != 0 {
                self.places[rest.trailing_zeros() as usize] ^= bit;
                rest &= rest - 1;
            }
            let mut rest = unsettle;
            while rest != 0 {
                self.moved[rest.trailing_zeros() as usize] |= flipped;
                rest &= rest - 1;
            }
            let added = after.without(before) != Digits::NONE;
            if added {
                // Candidates came back (a backtrack restoring a box): forget the cache.
                self.eliminated = 0;
            }
            // Without a branch: all of `units` or none.
            self.new_pairs |= units & 0u32.wrapping_sub((pair | added) as u32);
            sink.change(cell, before, after);
        }
    }

    /// [`Grid::set`] for each of `changes` in turn, where each box loses `digit` and only it
    /// (`eliminate`'s step in the rating's walk): the same grid and the same changes reported,
    /// the records of the boxes' units updated once for all of them.
    pub(crate) fn remove_digit<S: Sink>(
        &mut self,
        changes: &[(Cell, Digits)],
        digit: Digit,
        sink: &mut S,
    ) {
        let (mut boxes, mut units, mut paired, mut now_pairs) = (0u128, 0u32, 0u32, 0u128);
        for &(cell, after) in changes {
            let before = self.cells[cell.index()];
            debug_assert_eq!(after, before.without(Digits::single(digit)));
            if before == after {
                continue;
            }
            self.cells[cell.index()] = after;
            let bit = BOX_BIT[cell.index()];
            let pair = after.is_pair();
            now_pairs |= bit & 0u128.wrapping_sub(pair as u128);
            boxes |= bit;
            units |= UNITS_OF[cell.index()];
            paired |= UNITS_OF[cell.index()] & 0u32.wrapping_sub(pair as u32);
            sink.change(cell, before, after);
        }
        if boxes == 0 {
            return;
        }
        // Each box lost one digit: a pair becomes solved and a solved box empty (it leaves
        // `solved`); a box of three becomes a pair (`now_pairs`) and a pair leaves `pairs`.
        self.solved ^= boxes & (self.pairs | self.solved);
        self.pairs = (self.pairs & !boxes) | now_pairs;
        let unsettle = units | self.every_unit;
        for record in &mut self.unsettled {
            *record |= unsettle;
        }
        self.places[digit as usize - 1] &= !boxes;
        let gone = Digits::single(digit).bits();
        let mut rest = unsettle;
        while rest != 0 {
            self.moved[rest.trailing_zeros() as usize] |= gone;
            rest &= rest - 1;
        }
        if paired != 0 {
            self.new_pairs |= paired | self.every_unit;
        }
    }

    /// Makes the caches valid for `topo` before a round of strategies uses them.
    #[inline]
    pub(crate) fn prepare(&mut self, topo: &Topology) {
        let id = topo.id();
        if id != self.shape {
            self.switch(topo);
        }
    }

    /// Whether [`Grid::prepare`] would leave the grid as it is.
    #[inline]
    pub(crate) fn is_prepared(&self, topo: &Topology) -> bool {
        topo.id() == self.shape
    }

    #[cold]
    fn switch(&mut self, topo: &Topology) {
        let id = topo.id();
        if !(self.shape == DIAGONAL_ID && id == STANDARD_ID) {
            self.eliminated = 0;
        }
        if !(topo.is_classic() && self.every_unit == 0) {
            // The records were of other units: nothing is settled.
            self.unsettled = [u32::MAX; UNIT_RECORDS];
            self.new_pairs = u32::MAX;
            self.moved = [Digits::ALL.bits(); 32];
        }
        self.every_unit = if topo.is_classic() { 0 } else { u32::MAX };
        self.shape = id;
    }

    /// The first unit from `from` on, of the topology's `count`, whose boxes changed since
    /// the strategy at registry position `position` last found nothing to do in it: a pass
    /// visits the units in order, and skips the others without looking at them.
    #[inline]
    pub(crate) fn next_unsettled(
        &self,
        position: Position,
        from: u8,
        count: usize,
    ) -> Option<Unit> {
        let record = self
            .unsettled
            .get(position as usize)
            .copied()
            .unwrap_or(u32::MAX);
        next_pending(record, from, count)
    }

    /// The digits that lost a place in `unit` since [`Grid::settle_moved`] (see `moved`).
    #[inline]
    pub(crate) fn moved(&self, unit: Unit) -> u16 {
        self.moved
            .get(unit.0 as usize)
            .copied()
            .unwrap_or(Digits::ALL.bits())
    }

    /// Records that `only_choice` found nothing (more) to do in `unit`.
    #[inline]
    pub(crate) fn settle_moved(&mut self, unit: Unit) {
        if let Some(m) = self.moved.get_mut(unit.0 as usize) {
            *m = 0;
        }
    }

    /// The boxes where `digit` is still a candidate (bit `i` for box `i`); with
    /// `Topology::boxes` or `Topology::peer_boxes`, its places in a unit or among a box's peers.
    #[inline]
    pub fn places(&self, digit: Digit) -> u128 {
        self.places[digit as usize - 1]
    }

    /// The boxes with exactly two candidates (bit `i` for box `i`).
    #[inline]
    pub fn pairs(&self) -> u128 {
        self.pairs
    }

    /// Records that the strategy at registry position `position` found nothing (more) to do in
    /// `unit`.
    #[inline]
    pub(crate) fn settle(&mut self, position: Position, unit: Unit) {
        if let Some(record) = self.unsettled.get_mut(position as usize) {
            *record &= !1u32.checked_shl(unit.0 as u32).unwrap_or(0);
        }
    }

    /// The first unit from `from` on, of the topology's `count`, in which a box became a pair
    /// (or got candidates back) since [`Grid::pairs_seen`] was last called for it.
    #[inline]
    pub(crate) fn next_new_pairs(&self, from: u8, count: usize) -> Option<Unit> {
        next_pending(self.new_pairs, from, count)
    }

    /// Records that `naked_twins` has looked at the pairs of `unit`.
    #[inline]
    pub(crate) fn pairs_seen(&mut self, unit: Unit) {
        self.new_pairs &= !1u32.checked_shl(unit.0 as u32).unwrap_or(0);
    }

    /// Makes `naked_twins` look at the pairs of `unit` again.
    #[inline]
    pub(crate) fn pairs_unseen(&mut self, unit: Unit) {
        self.new_pairs |= 1u32.checked_shl(unit.0 as u32).unwrap_or(0);
    }

    /// The boxes (bit `i` for box `i`) not known to have their digit gone from all their
    /// peers (`eliminate` records the ones that have).
    #[inline]
    pub(crate) fn not_eliminated(&self) -> u128 {
        !self.eliminated & ((1 << 81) - 1)
    }

    #[inline]
    pub(crate) fn mark_eliminated(&mut self, cell: Cell) {
        self.eliminated |= BOX_BIT[cell.index()];
    }

    /// The solved boxes (one candidate left), bit `i` for box `i`.
    #[inline]
    pub(crate) fn solved_boxes(&self) -> u128 {
        self.solved
    }

    /// How many boxes are solved (one candidate left).
    #[inline]
    pub fn solved_count(&self) -> u32 {
        self.solved.count_ones()
    }

    /// How many candidates the 81 boxes hold in all.
    pub fn candidate_count(&self) -> u32 {
        self.cells.iter().map(|d| d.len()).sum()
    }

    /// True when every box holds exactly one digit.
    #[inline]
    pub fn is_complete(&self) -> bool {
        self.solved == (1 << 81) - 1
    }

    /// The 81-character line: the digit of each solved box, `.` for the others.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|d| d.solved().map_or('.', |x| (b'0' + x) as char))
            .collect()
    }

    /// The candidates of the 81 boxes as fields, A1..I9.
    pub fn fields(&self) -> Vec<String> {
        self.cells.iter().map(|d| d.to_string()).collect()
    }

    /// The first two solved boxes of a unit that hold the same digit, if any.
    pub fn duplicate(&self, topo: &Topology) -> Option<(Unit, Digit, Cell, Cell)> {
        for u in topo.all_units() {
            let cells = topo.unit(u);
            // The digits of the unit's solved boxes so far, as a mask.
            let mut seen = 0u16;
            for (i, &c) in cells.iter().enumerate() {
                let v = self.get(c).bits();
                if v & v.wrapping_sub(1) != 0 || v == 0 {
                    continue;
                }
                if seen & v != 0 {
                    let first = cells[..i].iter().find(|&&f| self.get(f).bits() == v)?;
                    return Some((u, self.get(c).solved()?, *first, c));
                }
                seen |= v;
            }
        }
        None
    }

    /// The first constraint of `topo` a grid's solved boxes break, if any: a digit twice in a
    /// house ([`Grid::duplicate`]), two boxes that see each other without a house holding the
    /// same digit (in A1..I9 order), a full cage that misses its sum (in the cages' order).
    pub fn broken(&self, topo: &Topology) -> Option<Contradiction> {
        if let Some((unit, digit, a, b)) = self.duplicate(topo) {
            return Some(Contradiction::Duplicate {
                unit,
                digit,
                boxes: [a, b],
            });
        }
        if topo.is_classic() {
            return None;
        }
        for a in Cell::all() {
            let Some(digit) = self.get(a).solved() else {
                continue;
            };
            let same = self.places(digit) & self.solved & topo.peer_boxes(a);
            let later = same & !((2u128 << a.index()) - 1);
            if later != 0 {
                let b = Cell(later.trailing_zeros() as u8);
                return Some(Contradiction::Clash {
                    digit,
                    boxes: [a, b],
                });
            }
        }
        for cage in topo.cages() {
            let Some(sum) = cage.sum else { continue };
            let mut total = 0u16;
            for &c in &cage.cells {
                match self.get(c).solved() {
                    Some(d) => total += d as u16,
                    None => {
                        total = sum;
                        break;
                    }
                }
            }
            if total != sum {
                return Some(Contradiction::CageSum {
                    cell: cage.cells[0],
                });
            }
        }
        None
    }

    /// Whether this grid is a solution of `puzzle`: every box solved with one of the puzzle's
    /// candidates (so every given is kept), and every unit of `topo` holding each digit once.
    /// The error says which box or unit fails.
    pub fn check_solves(&self, puzzle: &Grid, topo: &Topology) -> Result<(), String> {
        for (i, (p, s)) in puzzle.cells.iter().zip(&self.cells).enumerate() {
            let cell = Cell(i as u8);
            if s.solved().is_none() {
                return Err(format!("{cell} is not solved ({s})"));
            }
            if s.without(*p) != Digits::NONE {
                return Err(format!("{cell} is {s}, not one of the puzzle's {p}"));
            }
        }
        for u in topo.all_units() {
            let mut seen = Digits::NONE;
            for &c in topo.unit(u) {
                seen = Digits::from_bits(seen.bits() | self.get(c).bits());
            }
            if seen != Digits::ALL {
                return Err(format!("{} holds only {seen}", topo.name(u)));
            }
        }
        match self.broken(topo) {
            Some(c) => Err(c.to_string()),
            None => Ok(()),
        }
    }

    /// The course's `display`: every box centred in a column one wider than the widest field,
    /// `|` after columns 3 and 6, a line of dashes after rows C and F. Lines end with `\n`.
    pub fn display(&self) -> String {
        let fields = self.fields();
        let width = 1 + fields.iter().map(|f| f.len()).max().unwrap_or(1);
        let line = vec!["-".repeat(width * 3); 3].join("+");
        let mut out = String::new();
        for (r, row) in ROWS.iter().enumerate() {
            for (c, col) in COLS.iter().enumerate() {
                out.push_str(&center(&fields[r * 9 + c], width));
                if *col == b'3' || *col == b'6' {
                    out.push('|');
                }
            }
            out.push('\n');
            if *row == b'C' || *row == b'F' {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }
}

/// Python's `str.center`, space-padded: when the padding is odd the extra space goes right,
/// unless the width is odd too (CPython's rule), so the layout matches the course's output.
fn center(s: &str, width: usize) -> String {
    let len = s.chars().count();
    if len >= width {
        return s.to_string();
    }
    let marg = width - len;
    let left = marg / 2 + (marg & width & 1);
    format!("{}{}{}", " ".repeat(left), s, " ".repeat(marg - left))
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

/// Bit `i` of a u128 for box `i`, looked up: a u128 shift by a variable is a libcall in wasm
/// and several instructions with branches natively.
static BOX_BIT: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The first unit from `from` on, of `count`, pending in `record` (bit `u` for unit `u`, the
/// first 32); units past the 32nd are always pending.
#[inline]
fn next_pending(record: u32, from: u8, count: usize) -> Option<Unit> {
    if from < 32 {
        let below = u32::MAX >> (32 - count.clamp(1, 32));
        let pending = record & (u32::MAX << from) & below;
        if pending != 0 {
            return Some(Unit(pending.trailing_zeros() as u8));
        }
    }
    if count <= 32 {
        return None;
    }
    let untracked = (from as usize).max(32);
    (untracked < count).then_some(Unit(untracked as u8))
}

/// The classic units each box belongs to, as bits (rows 0..9, columns 9..18, squares 18..27,
/// diagonals 27 and 28): what the grid's unit records are kept by in the classic topologies (a
/// superset of the standard one's: marking a diagonal unsettled in standard Sudoku is harmless).
/// Only the grid's caches read it; strategies ask the topology.
const UNITS_OF: [u32; 81] = {
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

/// The boxes (bit `i` for box `i`) whose candidate mask satisfies `f`.
#[inline(always)]
fn mask_of(cells: &[Digits; 81], f: impl Fn(u16) -> bool) -> u128 {
    let (mut lo, mut hi) = (0u64, 0u64);
    for (i, c) in cells[..64].iter().enumerate() {
        lo |= (f(c.bits()) as u64) << i;
    }
    for (i, c) in cells[64..].iter().enumerate() {
        hi |= (f(c.bits()) as u64) << i;
    }
    lo as u128 | (hi as u128) << 64
}

#[cfg(test)]
mod tests {
    use super::{center, Grid};
    use crate::digits::Digits;
    use crate::topology::Cell;
    use crate::trace::NoTrace;

    #[test]
    fn the_solved_boxes_and_places_follow_every_set() {
        let mut g = Grid::default();
        // Solving, opening up again (a backtrack's restore), emptying, refilling.
        let sets = [
            (0, 0b1_0000),
            (0, 0b1_0001),
            (3, 0b100_0000),
            (80, 0b1_0000_0000),
            (80, 0x1ff),
            (3, 0b100_0000),
            (40, 0),
            (40, 0b10),
            (3, 0b100_0000),
        ];
        for (i, bits) in sets {
            g.set(Cell(i), Digits::from_bits(bits), &mut NoTrace);
            let fresh = Grid::from_cells(*g.cells());
            assert_eq!(g.solved_boxes(), fresh.solved_boxes(), "after box {i}");
            assert_eq!(g.places, fresh.places, "after box {i}");
            assert_eq!(g.pairs, fresh.pairs, "after box {i}");
            assert_eq!(g.is_complete(), g.cells().iter().all(|d| d.len() == 1));
        }
        let mut full = Grid::from_cells([Digits::single(1); 81]);
        assert!(full.is_complete());
        full.set(Cell(80), Digits::from_bits(3), &mut NoTrace);
        assert!(!full.is_complete());
    }

    #[test]
    fn removing_a_digit_at_once_is_setting_each_box() {
        use crate::topology::Topology;
        use crate::Variant;
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        for variant in [Variant::Standard, Variant::Diagonal] {
            let topo = Topology::of(variant);
            let mut g = crate::parse(line, variant).unwrap();
            g.prepare(topo);
            for digit in 1..=9 {
                // Each digit from a run of boxes holding it (pairs and singles made on the way).
                let changes: Vec<(Cell, Digits)> = Cell::all()
                    .filter(|c| g.get(*c).contains(digit) && g.get(*c).len() > 1)
                    .filter(|c| c.0 % 3 != digit % 3)
                    .map(|c| (c, g.get(c).without(Digits::single(digit))))
                    .collect();
                let mut one = g;
                let mut each = g;
                let (mut a, mut b) = (
                    crate::trace::Recorder::new(99),
                    crate::trace::Recorder::new(99),
                );
                one.remove_digit(&changes, digit, &mut a);
                for &(c, after) in &changes {
                    each.set(c, after, &mut b);
                }
                assert_eq!(one.cells, each.cells);
                assert_eq!(
                    (one.solved, one.pairs, one.places, one.eliminated),
                    (each.solved, each.pairs, each.places, each.eliminated)
                );
                assert_eq!(
                    (
                        one.unsettled,
                        one.new_pairs,
                        one.moved,
                        one.every_unit,
                        one.shape
                    ),
                    (
                        each.unsettled,
                        each.new_pairs,
                        each.moved,
                        each.every_unit,
                        each.shape
                    )
                );
                assert_eq!(a.finish_all().changes, b.finish_all().changes);
                g = one;
            }
        }
    }

    #[test]
    fn center_matches_python() {
        // Python: 'ab'.center(5) == '  ab ', 'ab'.center(6) == '  ab  ', 'abc'.center(6) == ' abc  '
        assert_eq!(center("ab", 5), "  ab ");
        assert_eq!(center("ab", 6), "  ab  ");
        assert_eq!(center("abc", 6), " abc  ");
        assert_eq!(center("4", 2), "4 ");
    }
}
