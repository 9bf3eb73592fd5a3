//! Almost locked sets, shared by `als_xz` and `als_xy_wing`. An **almost locked set** (ALS) is
//! N boxes of one unit holding N + 1 digits between them: without any one of its digits, the
//! other N fill its N boxes. A box of two candidates is an ALS of one box.
//!
//! Two ALS that share no box are joined by a **restricted common** digit X when X fits both and
//! every box of one where X fits sees every box of the other where X fits: X is in one of them
//! at most. So one of them lacks X and is locked on its other digits: a digit Z of both (not X)
//! is in one of them, and Z leaves every box that sees every place of Z in both (ALS-XZ). Joined
//! by two restricted common digits X and Y (doubly linked), neither set lacks a digit but X or
//! Y: X and Y each leave every box seeing all their places in both, and each set's other
//! digits every box outside it seeing all their places in it. With a
//! third ALS between them (the pivot, joined to one by X and to the other by Y), the same
//! reasoning goes through the pivot (ALS-XY-wing).
//!
//! A step's evidence is its chain (docs/trace-format.md, "Chains"): each ALS a node per digit
//! it uses, the node's boxes all of the ALS's (a box of two candidates a plain node), two digits
//! of one ALS strongly linked, X in two ALS weakly linked: `Z(A) = X(A) – X(B) = Z(B)` for
//! ALS-XZ, the loop `Y(A) = X(A) – X(B) = Y(B) – Y(A)` for a doubly linked one, and
//! `Z(A) = X(A) – X(C) = Y(C) – Y(B) = Z(B)` for the wing. Each pass takes the first pattern
//! that removes something, in the order below, makes its step (every digit it removes) and
//! searches the changed grid again.

use super::Pass;
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{ChainNode, Contradiction, Evidence, Link, Sink};

/// The most boxes of an ALS: 8 boxes of a unit holding 9 digits.
const MAX_BOXES: usize = 8;

/// An almost locked set: its boxes, its digits, and for each of its digits the boxes of the set
/// where it fits and the boxes that see all of those.
struct Als {
    cells: u128,
    /// How many boxes.
    size: usize,
    digits: Digits,
    places: [u128; 9],
    seen: [u128; 9],
}

/// The boxes of a set, in A1..I9 order.
fn boxes(mut set: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Cell(i)
        })
    })
}

/// Every ALS of the grid, each once: in each unit (in the topology's order), each set of its
/// unsolved boxes (up to `max`, at most eight) holding one digit more than it has boxes; then ordered by size,
/// smallest first (ties: by the set's boxes as a number, stable). `only`: the sizes kept (a
/// wing's search needs its bivalue box and sets of one size, not every set below it).
fn all(grid: &Grid, topo: &Topology, max: usize, only: impl Fn(usize) -> bool) -> Vec<Als> {
    let max = max.min(MAX_BOXES);
    let mut sets: Vec<(usize, u128, Digits)> = Vec::new();
    for unit in topo.all_units() {
        let mut open = [(0u128, 0u16); 9];
        let mut n = 0;
        for &c in topo.unit(unit) {
            if grid.get(c).len() >= 2 {
                open[n] = (1 << c.0, grid.get(c).bits());
                n += 1;
            }
        }
        let mut grow = Grow {
            open: &open[..n],
            max,
            only: &only,
            sets: &mut sets,
        };
        grow.from(0, 0, 0, 0, 0);
    }
    sets.sort_by_key(|&(size, cells, _)| (size, cells));
    sets.dedup_by_key(|&mut (_, cells, _)| cells);
    sets.into_iter()
        .map(|(size, cells, digits)| {
            let mut places = [0u128; 9];
            let mut seen = [0u128; 9];
            for d in digits.iter() {
                let at = grid.places(d) & cells;
                places[d as usize - 1] = at;
                seen[d as usize - 1] = boxes(at).fold(!0u128, |s, c| s & topo.peer_boxes(c));
            }
            Als {
                cells,
                size,
                digits,
                places,
                seen,
            }
        })
        .collect()
}

/// The sets of a unit's open boxes (each a box bit and its digits) that are ALS, grown a box
/// at a time in the boxes' order: a set holding more digits than an ALS of `max` boxes can is
/// not grown further (its supersets hold as many).
struct Grow<'a, F> {
    open: &'a [(u128, u16)],
    max: usize,
    only: &'a F,
    sets: &'a mut Vec<(usize, u128, Digits)>,
}

impl<F: Fn(usize) -> bool> Grow<'_, F> {
    /// The sets of `size` boxes `cells` holding `digits` (`count` of them), grown by the open
    /// boxes from `next` on.
    fn from(&mut self, next: usize, size: usize, cells: u128, digits: u16, count: usize) {
        for i in next..self.open.len() {
            let (cell, bits) = self.open[i];
            // Counted a digit at a time: a box adds few (`count_ones` is a dozen shifts and
            // masks on x86-64's baseline).
            let mut added = bits & !digits;
            let mut count = count;
            while added != 0 {
                added &= added - 1;
                count += 1;
            }
            if count > self.max + 1 {
                continue;
            }
            let (size, cells, digits) = (size + 1, cells | cell, digits | bits);
            if count == size + 1 && (self.only)(size) {
                self.sets.push((size, cells, Digits::from_bits(digits)));
            }
            if size < self.max {
                self.from(i + 1, size, cells, digits, count);
            }
        }
    }
}

impl Als {
    /// Whether `x` is a restricted common digit of this set and `other` (which share no box):
    /// it fits both, and each of its places in one sees each in the other.
    fn restricted(&self, other: &Als, x: Digit) -> bool {
        let i = x as usize - 1;
        self.digits.contains(x) && other.digits.contains(x) && self.places[i] & !other.seen[i] == 0
    }

    /// The node of `digit` in this set (a set of one box is a plain node).
    fn node(&self, digit: Digit, next: Option<Link>) -> ChainNode {
        let cells: Vec<Cell> = boxes(self.cells).collect();
        ChainNode::group(&cells, digit, next)
    }
}

/// The pattern a strategy looks for.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Kind {
    /// Two ALS and a restricted common digit.
    Xz,
    /// Three ALS: a pivot joined to each of the others by its own restricted common digit.
    XyWing,
    /// Sudoku Explainer's wing of `boxes` + 1 boxes: a box of two candidates and an ALS of
    /// `boxes` boxes holding both, joined by one or both of them; the easiest wing by its score
    /// ([`wing_tenths`]) first, then the one removing most.
    Wing { boxes: usize },
}

/// Sudoku Explainer's score of a wing, in tenths, whose ALS has `boxes` boxes (3 for the
/// WXYZ-wing, 4 VWXYZ, 5 UVWXYZ, 6 TUVWXYZ), the largest holding `big` candidates (SukakuExplainer's
/// `*WingHint.getDifficulty`): a WXYZ-wing 5.5, a tenth more when `big` is 3; a VWXYZ-wing 6.2
/// plus two tenths less one per candidate `big` is away from 3 (6.2 to 6.4); a UVWXYZ-wing
/// 6.6 and a TUVWXYZ-wing 7.5 whatever their boxes.
pub(super) fn wing_tenths(boxes: usize, big: u32) -> u32 {
    let off = big.abs_diff(3);
    match boxes {
        3 => 55 + 1u32.saturating_sub(off),
        4 => 62 + 2u32.saturating_sub(off),
        5 => 66,
        _ => 75,
    }
}

/// The score of a step of a wing whose ALS has `boxes` boxes, as [`wing_tenths`] counts it on
/// `grid`, the grid before the step: the largest box of its chain (the box of two candidates
/// raises it to 2 at most, below which no ALS box is).
pub(super) fn wing_score(grid: &Grid, chain: &[ChainNode], boxes: usize) -> f32 {
    let big = chain
        .iter()
        .flat_map(|n| n.boxes())
        .map(|&c| grid.get(c).len())
        .max()
        .unwrap_or(2);
    wing_tenths(boxes, big) as f32 / 10.0
}

/// A pattern found: its chain, and each digit removed with the boxes it leaves (digits
/// ascending).
struct Found {
    chain: Vec<ChainNode>,
    removals: Vec<(Digit, u128)>,
}

/// Where `z` goes for two ALS `a` and `b` (one of which holds it): every box where it fits that
/// sees all its places in both and is in neither.
fn targets(grid_places: &[u128; 9], a: &Als, b: &Als, z: Digit) -> u128 {
    let i = z as usize - 1;
    a.seen[i] & b.seen[i] & grid_places[i] & !(a.cells | b.cells)
}

/// A doubly linked ALS-XZ: `a` and `b` joined by two restricted common digits `x` and `y`.
/// Each is in one of them at most, so neither set lacks a digit but one of the two (were `a`
/// without `x`, its other digits fill it, `y` among them, so `b` lacks `y` and holds `x`): `x`
/// and `y` each leave every box seeing all their places in both sets, and each set's other
/// digits are all in it, each leaving every box outside the set that sees all its places
/// there. The chain is the loop `y(A) = x(A) – x(B) = y(B) – y(A)`. None if nothing goes.
fn doubly(places: &[u128; 9], a: &Als, b: &Als, x: Digit, y: Digit) -> Option<Found> {
    let mut gone = [0u128; 9];
    for r in [x, y] {
        gone[r as usize - 1] |= targets(places, a, b, r);
    }
    for set in [a, b] {
        for d in set.digits.iter().filter(|&d| d != x && d != y) {
            let i = d as usize - 1;
            gone[i] |= set.seen[i] & places[i] & !set.cells;
        }
    }
    let removals: Vec<(Digit, u128)> = (1..=9u8)
        .filter(|&d| gone[d as usize - 1] != 0)
        .map(|d| (d, gone[d as usize - 1]))
        .collect();
    (!removals.is_empty()).then(|| Found {
        chain: vec![
            a.node(y, Some(Link::Strong)),
            a.node(x, Some(Link::Weak)),
            b.node(x, Some(Link::Strong)),
            b.node(y, Some(Link::Weak)),
        ],
        removals,
    })
}

/// The first pattern of `kind` on `grid` that removes something. ALS-XZ: pairs of ALS `a`
/// before `b` in [`all`]'s order; with two restricted common digits or more, the doubly linked
/// form on the first two; else X then Z ascending. ALS-XY-wing: the pivot `c` in that order,
/// then `a` and `b` (a before b in that order, both ways round as to which takes X), X, Y, Z
/// ascending.
#[inline(never)]
fn find(grid: &Grid, topo: &Topology, kind: Kind) -> Option<Found> {
    let max = match kind {
        Kind::Wing { boxes } => boxes,
        _ => MAX_BOXES,
    };
    let sets = match kind {
        Kind::Wing { boxes } => all(grid, topo, max, |size| size == 1 || size == boxes),
        _ => all(grid, topo, max, |_| true),
    };
    let places: [u128; 9] = std::array::from_fn(|i| grid.places(i as u8 + 1));
    match kind {
        Kind::Xz => {
            for (i, a) in sets.iter().enumerate() {
                for b in &sets[i + 1..] {
                    let common = Digits::from_bits(a.digits.bits() & b.digits.bits());
                    // Two common digits at least (told without counting them).
                    let common_bits = common.bits();
                    if a.cells & b.cells != 0 || common_bits & common_bits.wrapping_sub(1) == 0 {
                        continue;
                    }
                    let rcc: Vec<Digit> = common.iter().filter(|&x| a.restricted(b, x)).collect();
                    if let [x, y, ..] = rcc[..] {
                        if let Some(found) = doubly(&places, a, b, x, y) {
                            return Some(found);
                        }
                        continue;
                    }
                    for x in rcc {
                        for z in common.iter().filter(|&z| z != x) {
                            let t = targets(&places, a, b, z);
                            if t != 0 {
                                let chain = vec![
                                    a.node(z, Some(Link::Strong)),
                                    a.node(x, Some(Link::Weak)),
                                    b.node(x, Some(Link::Strong)),
                                    b.node(z, None),
                                ];
                                return Some(Found {
                                    chain,
                                    removals: vec![(z, t)],
                                });
                            }
                        }
                    }
                }
            }
        }
        Kind::Wing { boxes: n } => {
            // The easiest wing, as SE sorts its wings: the lowest score, then the most
            // removals; the first of equal ones.
            let mut best: Option<((u32, u32), Found)> = None;
            for a in sets.iter().filter(|a| a.size == 1) {
                for b in sets.iter().filter(|b| b.size == n) {
                    let common = Digits::from_bits(a.digits.bits() & b.digits.bits());
                    if a.cells & b.cells != 0 || !common.is_pair() {
                        continue;
                    }
                    let big = boxes(b.cells).map(|c| grid.get(c).len()).max();
                    let tenths = wing_tenths(n, big.unwrap_or(2));
                    if best.as_ref().is_some_and(|&((t, _), _)| t < tenths) {
                        continue;
                    }
                    let rcc: Vec<Digit> = common.iter().filter(|&x| a.restricted(b, x)).collect();
                    let found = match rcc[..] {
                        [x, y] => doubly(&places, a, b, x, y),
                        [x] => common.iter().find(|&z| z != x).and_then(|z| {
                            let t = targets(&places, a, b, z);
                            (t != 0).then(|| Found {
                                chain: vec![
                                    a.node(z, Some(Link::Strong)),
                                    a.node(x, Some(Link::Weak)),
                                    b.node(x, Some(Link::Strong)),
                                    b.node(z, None),
                                ],
                                removals: vec![(z, t)],
                            })
                        }),
                        _ => None,
                    };
                    if let Some(found) = found {
                        let gone: u32 = found.removals.iter().map(|&(_, t)| t.count_ones()).sum();
                        let key = (tenths, u32::MAX - gone);
                        if best.as_ref().is_none_or(|&(k, _)| key < k) {
                            best = Some((key, found));
                        }
                    }
                }
            }
            return best.map(|(_, found)| found);
        }
        Kind::XyWing => {
            for c in &sets {
                // The ALS joined to the pivot, each with its restricted common digits.
                let joined: Vec<(&Als, Digits)> = sets
                    .iter()
                    .filter(|s| s.cells & c.cells == 0)
                    .filter_map(|s| {
                        let rcc = c
                            .digits
                            .iter()
                            .filter(|&x| c.restricted(s, x))
                            .fold(Digits::NONE, |m, x| m.with(x));
                        (!rcc.is_empty()).then_some((s, rcc))
                    })
                    .collect();
                for (i, &(a, xs)) in joined.iter().enumerate() {
                    for &(b, ys) in &joined[i + 1..] {
                        if a.cells & b.cells != 0 {
                            continue;
                        }
                        let common = Digits::from_bits(a.digits.bits() & b.digits.bits());
                        for (a, xs, b, ys) in [(a, xs, b, ys), (b, ys, a, xs)] {
                            for x in xs.iter() {
                                for y in ys.iter().filter(|&y| y != x) {
                                    for z in common.iter().filter(|&z| z != x && z != y) {
                                        let t = targets(&places, a, b, z);
                                        if t == 0 {
                                            continue;
                                        }
                                        let chain = vec![
                                            a.node(z, Some(Link::Strong)),
                                            a.node(x, Some(Link::Weak)),
                                            c.node(x, Some(Link::Strong)),
                                            c.node(y, Some(Link::Weak)),
                                            b.node(y, Some(Link::Strong)),
                                            b.node(z, None),
                                        ];
                                        return Some(Found {
                                            chain,
                                            removals: vec![(z, t)],
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

/// One pass of an ALS strategy (module doc): each pattern's step, with its chain; the evidence
/// as a chain step's (no units; the chain's first and last nodes' first boxes; the digit
/// removed). A pass whose sink is full (the easiest step's, of one step) stops there.
pub(super) fn search<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    kind: Kind,
) -> Result<(), Contradiction> {
    while let Some(found) = find(grid, topo, kind) {
        let mut removed = Digits::NONE;
        let mut emptied = None;
        for c in Cell::all() {
            let gone = found
                .removals
                .iter()
                .filter(|&&(_, t)| t >> c.0 & 1 != 0)
                .fold(Digits::NONE, |m, &(d, _)| m.with(d));
            if gone.is_empty() {
                continue;
            }
            removed = Digits::from_bits(removed.bits() | gone.bits());
            let after = grid.get(c).without(gone);
            grid.set(c, after, pass.sink());
            if after.is_empty() && emptied.is_none() {
                emptied = Some(c);
            }
        }
        let last = found.chain.len() - 1;
        let ends = [found.chain[0].cell(), found.chain[last].cell()];
        pass.step_chain(Evidence::new(&[], &ends, removed), &found.chain);
        if let Some(cell) = emptied {
            return Err(Contradiction::EmptyBox { cell });
        }
        if S::ENABLED && pass.sink().full() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::wing_tenths;

    #[test]
    fn the_wings_score_as_sukaku_explainer_scores_them() {
        // WXYZ: 5.5, 5.6 when the set's largest box holds 3 (its largest holds 2 to 4).
        let wxyz: Vec<u32> = (2..=4).map(|big| wing_tenths(3, big)).collect();
        assert_eq!(wxyz, [55, 56, 55]);
        // VWXYZ: 6.2 plus two tenths less one a candidate away from 3 (largest 2 to 5).
        let vwxyz: Vec<u32> = (2..=5).map(|big| wing_tenths(4, big)).collect();
        assert_eq!(vwxyz, [63, 64, 63, 62]);
        // UVWXYZ and TUVWXYZ: one score whatever the boxes.
        assert!((2..=6).all(|big| wing_tenths(5, big) == 66));
        assert!((2..=7).all(|big| wing_tenths(6, big) == 75));
    }
}
