//! The verdict engine's general path: any topology the bit board is not built for (jigsaw
//! regions, windoku, extra regions, pairwise exclusions, killer cages). The same answers as the
//! classic path (the count of solutions up to a bound, the first solution, the node cap), on
//! 81 candidate masks: naked singles over every box a solved box sees, hidden singles over every
//! house, each cage's digits kept to the combinations that fit it, and the 45 rule's sums
//! (`Deductions`); guesses on the box with the most recent contradictions per candidate
//! (`Scores`, each box starting from the constraints that hold it), two branches a guess.

use super::Search;
use crate::topology::{box_bit, Cell, Topology, Unit, BOXES};

/// A cage with a sum as the search uses it: its boxes and the digit sets (9-bit masks) of its
/// size that add up to its sum.
struct SumCage {
    cells: Vec<usize>,
    combos: Vec<u16>,
    /// For each house holding every box of the cage, the house's other boxes: they hold
    /// exactly the digits the cage's combination leaves out.
    rests: Vec<u128>,
    /// The cage's boxes and its rests: the boxes whose change may narrow it.
    watch: u128,
    /// The cage's boxes.
    boxes: u128,
}

/// A sum over boxes that may repeat digits (boxes that do not all see each other), some of
/// them counted negatively (`minus`): the search keeps each box's digits within what the
/// others' smallest and largest digits leave.
struct SumBound {
    cells: Vec<usize>,
    /// The boxes in groups that all see each other (so hold different digits), each counted
    /// positively or negatively (`true`); with `Deductions::Plain`, a box a group.
    groups: Vec<(Vec<usize>, bool)>,
    boxes: u128,
    sum: i16,
}

/// What the search reads of the topology.
pub(super) struct Model<'a> {
    topo: &'a Topology,
    /// The cages with a sum, then the 45 rule's sums over boxes that all see each other.
    cages: Vec<SumCage>,
    /// The 45 rule's sums over boxes that do not all see each other, or with boxes counted
    /// negatively.
    bounds: Vec<SumBound>,
    /// The boxes of each house, as `topo.units`.
    unit_boxes: Vec<u128>,
    /// Whether the cages' interactions are propagated (`Deductions::Cages`).
    cage_links: bool,
    /// The words a `Pending` uses.
    words: usize,
    /// For each box, the constraints that look at it (`words` words a box, as `Pending`):
    /// the houses (`topo.units`' order), then `cages`, then `bounds`.
    box_cons: Vec<u64>,
    /// Every constraint but the 45 rule's sums over boxes that may repeat a digit
    /// (`bounds`), as a `Pending`: a box that lost neither its smallest nor its largest
    /// digit makes only these pending.
    not_bounds: Pending,
    /// `ranks()` when there are bounded sums, else empty.
    ranks: Vec<u64>,
}

/// Which deductions the general path makes beyond singles and each sum on its own.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Deductions {
    /// Naked and hidden singles, each cage's combinations, the 45 rule's innies and outies.
    Plain,
    /// Those, and the interactions of cages with houses: a digit every combination of a cage
    /// needs leaves each box that sees all of the cage's boxes that may hold it; a cage inside
    /// a house keeps only the combinations whose missing digits the house's other boxes can
    /// hold; the 45 rule's mixed sums (outies less innies of a house or band) and its wider
    /// sweeps (bands from either edge, the squares in order, the cages mostly inside); and a
    /// 45-rule sum with two or three boxes left kept digit by digit.
    Cages,
}

/// The 45 rule's sets whose sum is kept: at most this many boxes (larger sets rarely narrow
/// a box, and each costs time at every node).
const MAX_DERIVED: usize = 9;

/// The 45 rule's mixed sums (outies less innies) are kept up to this many boxes in all, as
/// the Interactive Sudoku Solver keeps its own.
const MAX_MIXED: usize = 6;

impl<'a> Model<'a> {
    pub(super) fn new(topo: &'a Topology, deductions: Deductions) -> Model<'a> {
        let cage_links = deductions == Deductions::Cages;
        let unit_boxes: Vec<u128> = topo.all_units().map(|u| topo.boxes(u)).collect();
        let table = if topo.cages().iter().any(|c| c.sum.is_some()) {
            Combos::new()
        } else {
            Combos {
                masks: [0; 511],
                starts: [0; 461],
            }
        };
        let sum_cage = |boxes: u128, sum: u16| {
            let rests = if cage_links {
                unit_boxes
                    .iter()
                    .filter(|&&u| boxes & !u == 0 && u != boxes)
                    .map(|&u| u & !boxes)
                    .collect()
            } else {
                Vec::new()
            };
            sum_cage(&table, boxes, sum, rests)
        };
        let sum_cages: Vec<(u128, u16)> = topo
            .cages()
            .iter()
            .filter_map(|cage| Some((cage.boxes, cage.sum?)))
            .collect();
        let mut cages: Vec<SumCage> = sum_cages
            .iter()
            .map(|&(boxes, sum)| sum_cage(boxes, sum))
            .collect();
        let mut bounds = Vec::new();
        // The 45 rule, when the cages with a sum do not overlap: in any set of houses that do
        // not overlap, the boxes outside the cages inside it (the innies) sum to 45 a house less
        // the cages inside; when cages cover the whole set, the boxes of the cages that cross
        // its edge outside it (the outies) sum to those cages' and the inside cages' sums less
        // 45 a house; in general the outies of some crossing cages less the innies left by
        // them and the inside cages sum to those cages' sums less 45 a house. Implied by the
        // houses and cages, so the solutions are the same; the search only finds their
        // contradictions sooner.
        let disjoint = {
            let mut seen = 0u128;
            sum_cages.iter().all(|&(boxes, _)| {
                let ok = seen & boxes == 0;
                seen |= boxes;
                ok
            })
        };
        if !sum_cages.is_empty() && disjoint {
            // (boxes counted positively, boxes counted negatively, sum)
            let mut derived: Vec<(u128, u128, i16)> = Vec::new();
            for (region, houses) in regions(topo, cage_links) {
                let (mut inside, mut inside_sum, mut crossing, mut crossing_sum) =
                    (0u128, 0i16, 0u128, 0i16);
                let mut crossers: Vec<(u128, i16)> = Vec::new();
                for &(boxes, sum) in &sum_cages {
                    if boxes & !region == 0 {
                        inside |= boxes;
                        inside_sum += sum as i16;
                    } else if boxes & region != 0 {
                        crossing |= boxes;
                        crossing_sum += sum as i16;
                        crossers.push((boxes, sum as i16));
                    }
                }
                let total = 45 * houses as i16;
                let innies = region & !inside;
                if innies != 0 && total >= inside_sum {
                    derived.push((innies, 0, total - inside_sum));
                }
                let outies = crossing & !region;
                let left = region & !(inside | crossing);
                if left == 0 && outies != 0 && inside_sum + crossing_sum >= total {
                    derived.push((outies, 0, inside_sum + crossing_sum - total));
                }
                if !cage_links || innies == 0 {
                    continue;
                }
                // Each crossing cage alone: its outies less the innies it leaves (its outies
                // alone when it covers them); and all the crossing cages together.
                let mut mixed = |plus: u128, minus: u128, sum: i16| {
                    let n = (plus.count_ones() + minus.count_ones()) as usize;
                    if plus != 0 && (minus == 0 || n <= MAX_MIXED) {
                        derived.push((plus, minus, sum));
                    }
                };
                for &(boxes, sum) in &crossers {
                    mixed(boxes & !region, innies & !boxes, sum + inside_sum - total);
                }
                if left != 0 {
                    mixed(outies, left, inside_sum + crossing_sum - total);
                }
                {
                    // The crossing cages with more than half their boxes inside (the
                    // Interactive Sudoku Solver's innie-outie pieces): their outies less the
                    // innies they leave.
                    let (mut most, mut most_sum) = (0u128, 0i16);
                    for &(boxes, sum) in &crossers {
                        if 2 * (boxes & region).count_ones() > boxes.count_ones() {
                            most |= boxes;
                            most_sum += sum;
                        }
                    }
                    if most != 0 {
                        mixed(
                            most & !region,
                            innies & !most,
                            most_sum + inside_sum - total,
                        );
                    }
                }
            }
            derived.sort_unstable();
            derived.dedup();
            for (plus, minus, sum) in derived {
                let n = plus.count_ones() as usize;
                if n > MAX_DERIVED || sum_cages.iter().any(|&(b, _)| b == plus) {
                    continue;
                }
                if minus == 0 && sum > 0 && all_see(topo, plus) {
                    cages.push(sum_cage(plus, sum as u16));
                } else {
                    let boxes = plus | minus;
                    let mut groups = Vec::new();
                    for (part, negative) in [(plus, false), (minus, true)] {
                        for g in see_groups(topo, part, cage_links) {
                            groups.push((g, negative));
                        }
                    }
                    // At most nine boxes (MAX_DERIVED, MAX_MIXED), so at most nine groups.
                    debug_assert!(groups.len() <= 9);
                    bounds.push(SumBound {
                        cells: cells_of(boxes),
                        groups,
                        boxes,
                        sum,
                    });
                }
            }
        }
        // The derived sums past what a `Pending` holds are left out (they are implied by the
        // houses and cages): the houses and the cages with a sum always fit.
        let room = MAX_WORDS * 64 - unit_boxes.len();
        bounds.truncate(room.saturating_sub(cages.len()));
        cages.truncate(room);
        let count = unit_boxes.len() + cages.len() + bounds.len();
        let words = count.div_ceil(64).max(1);
        let mut box_cons = vec![0u64; BOXES * words];
        let watched = unit_boxes
            .iter()
            .copied()
            .chain(cages.iter().map(|c| c.watch))
            .chain(bounds.iter().map(|b| b.boxes));
        for (k, boxes) in watched.enumerate() {
            let mut rest = boxes;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                box_cons[i * words + k / 64] |= 1 << (k % 64);
            }
        }
        let mut not_bounds = [!0u64; MAX_WORDS];
        for k in unit_boxes.len() + cages.len()..count {
            not_bounds[k / 64] &= !(1u64 << (k % 64));
        }
        let ranks = if bounds.is_empty() {
            Vec::new()
        } else {
            ranks()
        };
        Model {
            topo,
            cages,
            bounds,
            unit_boxes,
            cage_links,
            words,
            box_cons,
            not_bounds,
            ranks,
        }
    }
}

impl Model<'_> {
    /// Every constraint, as a `Pending`.
    fn every_constraint(&self) -> Pending {
        let count = self.unit_boxes.len() + self.cages.len() + self.bounds.len();
        let mut all = [0u64; MAX_WORDS];
        for (k, w) in all.iter_mut().enumerate() {
            let bits = count.saturating_sub(64 * k).min(64);
            *w = if bits == 64 { !0 } else { (1u64 << bits) - 1 };
        }
        all
    }

    /// The constraints that look at box `i`, as a `Pending`.
    fn looking_at(&self, i: usize) -> Pending {
        let mut set = [0u64; MAX_WORDS];
        set[..self.words].copy_from_slice(&self.box_cons[i * self.words..(i + 1) * self.words]);
        set
    }
}

/// The boxes of a bit set, in order.
fn cells_of(mut boxes: u128) -> Vec<usize> {
    let mut cells = Vec::new();
    while boxes != 0 {
        cells.push(boxes.trailing_zeros() as usize);
        boxes &= boxes - 1;
    }
    cells
}

/// Every set of different digits (a 9-bit mask), by its size and sum: the combinations of
/// each cage are one run of it.
struct Combos {
    /// The masks 1..512 ordered by (size, sum).
    masks: [u16; 511],
    /// Where the masks of size `n` and sum `s` start, at `n * 46 + s`; one more at the end.
    starts: [u16; 461],
}

impl Combos {
    fn new() -> Combos {
        let key = |m: u16| m.count_ones() as usize * 46 + digit_sum(m) as usize;
        let mut starts = [0u16; 461];
        for m in 1u16..512 {
            starts[key(m) + 1] += 1;
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        let mut next = starts;
        let mut masks = [0u16; 511];
        for m in 1u16..512 {
            let k = key(m);
            masks[next[k] as usize] = m;
            next[k] += 1;
        }
        Combos { masks, starts }
    }

    /// The sets of `n` different digits summing to `sum` (none when there are none).
    fn of(&self, n: usize, sum: u16) -> &[u16] {
        let k = n * 46 + sum as usize;
        if n > 9 || sum > 45 {
            return &[];
        }
        &self.masks[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}

/// A cage of different digits over `boxes` summing to `sum`, with its combinations.
fn sum_cage(table: &Combos, boxes: u128, sum: u16, rests: Vec<u128>) -> SumCage {
    let cells = cells_of(boxes);
    let combos = table.of(cells.len(), sum).to_vec();
    SumCage {
        cells,
        boxes,
        combos,
        watch: rests.iter().fold(boxes, |w, r| w | r),
        rests,
    }
}

/// `boxes` split into groups whose boxes all see each other, greedily in box order; with
/// `grouped` false, a box a group.
fn see_groups(topo: &Topology, boxes: u128, grouped: bool) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in cells_of(boxes) {
        let peers = topo.peer_boxes(crate::topology::Cell(i as u8));
        let home = groups
            .iter_mut()
            .find(|g| grouped && g.iter().all(|&j| peers >> j & 1 != 0));
        match home {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups
}

/// For each set of digits (a 9-bit mask), the sums of its `j` smallest digits for `j` in
/// 0..=9, six bits each (bits `6j..6j + 6`); past its size, the sum of all of them. Built
/// with the model when it has bounded sums (a constant table would cost the page's wasm
/// 2 KB gzipped).
fn ranks() -> Vec<u64> {
    // A set's sums are its smallest digit d, then d more than each of the sums of the set
    // without it, moved up one place.
    const ONES: u64 = 0x0041_0410_4104_1040;
    let mut t = vec![0u64; 512];
    for m in 1..512 {
        let d = (m as u16).trailing_zeros() as u64 + 1;
        t[m] = ((t[m & (m - 1)] << 6) & ((1 << 60) - 1)) + d * ONES;
    }
    t
}

/// The smallest and largest sums of `n` different digits of `union`, no smaller than `least`
/// and no larger than `most` (the boxes' own smallest and largest digits summed); `None` when
/// `union` holds fewer than `n` digits.
#[inline(always)]
fn distinct_range(ranks: &[u64], union: u16, n: u32, least: i16, most: i16) -> Option<(i16, i16)> {
    let size = union.count_ones();
    if size < n {
        return None;
    }
    let r = ranks[union as usize];
    let small = (r >> (6 * n) & 63) as i16;
    let all = (r >> (6 * size) & 63) as i16;
    let large = all - (r >> (6 * (size - n)) & 63) as i16;
    Some((least.max(small), most.min(large)))
}

/// A box's smallest and largest digits.
#[inline(always)]
fn low_high(m: u16) -> (i16, i16) {
    (m.trailing_zeros() as i16 + 1, 16 - m.leading_zeros() as i16)
}

/// Whether every two of `boxes` see each other (so that their digits differ).
fn all_see(topo: &Topology, boxes: u128) -> bool {
    cells_of(boxes).iter().all(|&i| {
        let others = boxes & !box_bit(i);
        topo.peer_boxes(crate::topology::Cell(i as u8)) & others == others
    })
}

/// The sets of houses the 45 rule is applied to, each as its boxes and its count of houses:
/// every house, and every band of two to four neighbouring rows or columns; with `wide`, also
/// the bands of five to eight rows or columns from either edge and the first two to eight
/// squares (the Interactive Sudoku Solver's sweeps).
fn regions(topo: &Topology, wide: bool) -> Vec<(u128, u16)> {
    let boxes_of = |k: usize| topo.boxes(Unit(k as u8));
    let mut out: Vec<(u128, u16)> = (0..topo.units.len()).map(|k| (boxes_of(k), 1)).collect();
    // Rows are units 0..9 and columns 9..18 in every topology (`classic_houses`).
    for first in [0, 9] {
        for len in 2..=4 {
            for start in 0..=9 - len {
                let band = (start..start + len).fold(0u128, |m, k| m | boxes_of(first + k));
                out.push((band, len as u16));
            }
        }
        if wide {
            for len in 5..=8 {
                for start in [0, 9 - len] {
                    let band = (start..start + len).fold(0u128, |m, k| m | boxes_of(first + k));
                    out.push((band, len as u16));
                }
            }
        }
    }
    if wide && topo.units.len() >= 27 {
        // The first two to eight squares (jigsaw regions on a jigsaw), in unit order, as the
        // Interactive Sudoku Solver's sweep over boxes: while they do not overlap.
        let mut acc = 0u128;
        for k in 0..8 {
            let b = boxes_of(18 + k);
            if acc & b != 0 {
                break;
            }
            acc |= b;
            if k >= 1 {
                out.push((acc, k as u16 + 1));
            }
        }
    }
    out
}

/// What `State::few_left` did with a sum.
enum Few {
    /// More than three boxes, or fewer than two, are unsolved.
    Many,
    /// No digits make up the sum.
    Contradiction,
    /// Kept exactly; the boxes that lost a digit.
    Narrowed(u128),
}

/// The sums of a digit of `x` and a digit of `y` (bit `s - 1` for sum `s`), of different
/// digits when `distinct`.
fn pair_sums(x: u16, y: u16, distinct: bool) -> u32 {
    let (mut out, mut m) = (0u32, x);
    while m != 0 {
        let a = m.trailing_zeros();
        m &= m - 1;
        let ys = if distinct { y & !(1 << a) } else { y };
        out |= (ys as u32) << (a + 1);
    }
    out
}

/// The boxes (bit `i` for box `i`) whose candidates satisfy `f`, as two 64-bit halves (a loop
/// the compiler vectorises, with no `u128` shift by a variable).
#[inline(always)]
fn boxes_where(cells: &[u16; BOXES], f: impl Fn(u16) -> bool) -> u128 {
    let (mut lo, mut hi) = (0u64, 0u64);
    for (i, &c) in cells[..64].iter().enumerate() {
        lo |= (f(c) as u64) << i;
    }
    for (i, &c) in cells[64..].iter().enumerate() {
        hi |= (f(c) as u64) << i;
    }
    lo as u128 | (hi as u128) << 64
}

/// The sum of the digits of a 9-bit mask (bit `d - 1` for digit `d`).
pub(crate) fn digit_sum(mask: u16) -> u16 {
    (0..9).filter(|b| mask >> b & 1 != 0).map(|b| b + 1).sum()
}

/// The constraints the search looks at (houses, then cages, then sums) fit in this many
/// 64-bit words: a set of them is a `Pending`.
const MAX_WORDS: usize = 16;

/// The constraints whose boxes changed since each was last looked at (bit `k` of word
/// `k / 64` for constraint `k`, numbered as `Model::box_cons`).
pub(super) type Pending = [u64; MAX_WORDS];

/// The constraints that look at box `i` made pending, the sums in `bounds` only when
/// `bounds`.
#[inline(always)]
fn pend(model: &Model, pending: &mut Pending, i: usize, bounds: bool) {
    let w = model.words;
    let cons = &model.box_cons[i * w..i * w + w];
    let keep = if bounds {
        &[!0u64; MAX_WORDS]
    } else {
        &model.not_bounds
    };
    for ((p, c), k) in pending[..w].iter_mut().zip(cons).zip(keep) {
        *p |= c & k;
    }
}

/// A node's state: the candidates, each digit's places, and the solved boxes whose digit
/// already left their peers.
#[derive(Copy, Clone)]
pub(super) struct State {
    cells: [u16; BOXES],
    /// The boxes that may hold each digit (bit `i` for box `i`): the same as `cells`, by digit.
    places: [u128; 9],
    cleared: u128,
}

impl State {
    pub(super) fn new(cells: &[u16; BOXES]) -> State {
        let cells = cells.map(|c| c & 0x1ff);
        let mut places = [0u128; 9];
        for (d, p) in places.iter_mut().enumerate() {
            *p = boxes_where(&cells, |c| c >> d & 1 != 0);
        }
        State {
            cells,
            places,
            cleared: 0,
        }
    }

    /// Box `i` narrowed to `after`, its lost digits' places with it.
    #[inline(always)]
    fn set(&mut self, i: usize, after: u16) {
        let mut lost = self.cells[i] & !after;
        self.cells[i] = after;
        while lost != 0 {
            self.places[lost.trailing_zeros() as usize] &= !box_bit(i);
            lost &= lost - 1;
        }
    }

    fn solved(&self) -> u128 {
        boxes_where(&self.cells, |c| c != 0 && c & (c - 1) == 0)
    }

    /// Box `i` narrowed to `after` (not empty): every constraint that looks at it is pending
    /// again. Returns box `i`'s bit when it is now solved, else 0.
    #[inline(always)]
    fn narrow(&mut self, model: &Model, pending: &mut Pending, i: usize, after: u16) -> u128 {
        let before = self.cells[i];
        self.set(i, after);
        // The 45 rule's sums over boxes that may repeat a digit read a box mostly by its
        // smallest and largest digits: a box that kept both, with more than three candidates
        // left, does not make them pending.
        let edges = before & before.wrapping_neg() | 0x8000 >> before.leading_zeros();
        pend(
            model,
            pending,
            i,
            (before ^ after) & edges != 0 || after.count_ones() <= 3,
        );
        if after & (after - 1) == 0 {
            box_bit(i)
        } else {
            0
        }
    }

    /// Propagates to a fixpoint from the constraints in `pending`; false on a contradiction.
    /// Solved boxes clear their peers first, then the pending constraint of lowest number is
    /// looked at (a house, a cage, a sum), until none is pending.
    fn propagate(&mut self, model: &Model, scores: &mut Scores, pending: &mut Pending) -> bool {
        if self.cells.iter().fold(false, |empty, &c| empty | (c == 0)) {
            scores.blame_zeros(&self.cells);
            return false;
        }
        let topo = model.topo;
        let houses = model.unit_boxes.len();
        let cages_end = houses + model.cages.len();
        let mut fresh = self.solved() & !self.cleared;
        loop {
            // Naked singles: each solved box's digit leaves every box it sees.
            while fresh != 0 {
                let i = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                let bit = self.cells[i];
                self.cleared |= box_bit(i);
                let mut peers = topo.peer_boxes(crate::topology::Cell(i as u8))
                    & self.places[bit.trailing_zeros() as usize];
                while peers != 0 {
                    let j = peers.trailing_zeros() as usize;
                    peers &= peers - 1;
                    let after = self.cells[j] & !bit;
                    if after == 0 {
                        scores.bump(j);
                        return false;
                    }
                    fresh |= self.narrow(model, pending, j, after);
                }
            }
            // A round: the constraints pending now, in order; each is taken out of `pending`
            // as it is looked at, so that what an earlier one of the round changed is not
            // looked at again.
            let mut round = *pending;
            if round[..model.words].iter().all(|&p| p == 0) {
                return true;
            }
            for w in 0..model.words {
                while round[w] != 0 {
                    let bit = round[w] & round[w].wrapping_neg();
                    round[w] &= round[w] - 1;
                    if pending[w] & bit == 0 {
                        continue;
                    }
                    pending[w] &= !bit;
                    let k = w * 64 + bit.trailing_zeros() as usize;
                    let ok = if k < houses {
                        self.house(model, k, scores, pending, &mut fresh)
                    } else if k < cages_end {
                        self.cage(model, &model.cages[k - houses], scores, pending, &mut fresh)
                    } else {
                        self.bound(
                            model,
                            &model.bounds[k - cages_end],
                            scores,
                            pending,
                            &mut fresh,
                        )
                    };
                    if !ok {
                        return false;
                    }
                }
            }
        }
    }

    /// Hidden singles, and a digit with no place, in house `k`.
    fn house(
        &mut self,
        model: &Model,
        k: usize,
        scores: &mut Scores,
        pending: &mut Pending,
        fresh: &mut u128,
    ) -> bool {
        let cells = &model.topo.units[k];
        let (mut once, mut twice, mut fixed) = (0u16, 0u16, 0u16);
        for c in cells {
            let m = self.cells[c.index()];
            twice |= once & m;
            once |= m;
            if m & (m - 1) == 0 {
                fixed |= m;
            }
        }
        if once != 0x1ff {
            scores.blame(cells.iter().map(|c| c.index()));
            return false;
        }
        let mut single = once & !twice & !fixed;
        while single != 0 {
            let bit = single & single.wrapping_neg();
            single &= single - 1;
            if let Some(c) = cells.iter().find(|c| self.cells[c.index()] & bit != 0) {
                *fresh |= self.narrow(model, pending, c.index(), bit);
            }
        }
        true
    }

    /// A cage: the digits of no combination that fits leave the cage; a digit every
    /// combination needs, with one place in the cage, goes there, and with more, leaves every
    /// box that sees all its places. A cage inside a house keeps only the combinations whose
    /// missing digits the house's other boxes can hold.
    fn cage(
        &mut self,
        model: &Model,
        cage: &SumCage,
        scores: &mut Scores,
        pending: &mut Pending,
        fresh: &mut u128,
    ) -> bool {
        // Nine boxes at most: a cage of more has no combination of different digits.
        if cage.combos.is_empty() {
            scores.blame(cage.cells.iter().copied());
            return false;
        }
        let n = cage.cells.len();
        // Past the cage's boxes, every digit: a combination meets each of them.
        let mut of = [0x1ffu16; 9];
        let (mut union, mut fixed) = (0u16, 0u16);
        for (m, &i) in of.iter_mut().zip(&cage.cells) {
            *m = self.cells[i];
            union |= *m;
            if *m & (*m - 1) == 0 {
                fixed |= *m;
            }
        }
        let every = of;
        let of = &mut of[..n];
        // The digits the cage must leave to the rest of some house: all but those the rest
        // cannot hold.
        let mut must_hold = 0u16;
        for &rest in &cage.rests {
            let mut held = 0u16;
            let mut r = rest;
            while r != 0 {
                held |= self.cells[r.trailing_zeros() as usize];
                r &= r - 1;
            }
            must_hold |= !held & 0x1ff;
        }
        let (mut allowed, mut needed) = (0u16, 0x1ffu16);
        let must = fixed | must_hold;
        for &combo in &cage.combos {
            let meets = every.iter().fold(true, |ok, &m| ok & (m & combo != 0));
            if combo & must == must && combo & !union == 0 && meets {
                allowed |= combo;
                needed &= combo;
            }
        }
        if allowed == 0 {
            scores.blame(cage.cells.iter().copied());
            return false;
        }
        for (m, &i) in of.iter_mut().zip(&cage.cells) {
            if *m & !allowed != 0 {
                if *m & allowed == 0 {
                    scores.blame(cage.cells.iter().copied());
                    return false;
                }
                *m &= allowed;
                *fresh |= self.narrow(model, pending, i, *m);
            }
        }
        let mut need = needed & !fixed;
        while need != 0 {
            let bit = need & need.wrapping_neg();
            need &= need - 1;
            let digit = bit.trailing_zeros() as usize;
            // The digit's places in the cage (`places` follows each narrowing).
            let places = self.places[digit] & cage.boxes;
            if places == 0 {
                scores.blame(cage.cells.iter().copied());
                return false;
            }
            if places & (places - 1) == 0 {
                *fresh |= self.narrow(model, pending, places.trailing_zeros() as usize, bit);
                continue;
            }
            if !model.cage_links {
                continue;
            }
            // The boxes outside the cage holding the digit that see all its places (most
            // often none, found before all the places are read).
            let mut targets = self.places[digit] & !cage.boxes;
            let mut p = places;
            while p != 0 && targets != 0 {
                targets &= model.topo.peer_boxes(Cell(p.trailing_zeros() as u8));
                p &= p - 1;
            }
            while targets != 0 {
                let j = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let m = self.cells[j];
                if m == bit {
                    scores.bump(j);
                    scores.blame(cage.cells.iter().copied());
                    return false;
                }
                *fresh |= self.narrow(model, pending, j, m & !bit);
            }
        }
        true
    }

    /// A 45-rule sum over boxes that may repeat a digit, or counted negatively: each box keeps
    /// the digits the others' smallest and largest leave room for.
    fn bound(
        &mut self,
        model: &Model,
        b: &SumBound,
        scores: &mut Scores,
        pending: &mut Pending,
        fresh: &mut u128,
    ) -> bool {
        // Each group's range, signed; their sum.
        let (mut lo, mut hi) = (0i16, 0i16);
        let mut ranges = [(0i16, 0i16); 9];
        let mut unsolved = 0u32;
        for (r, (g, negative)) in ranges.iter_mut().zip(&b.groups) {
            let (mut least, mut most, mut union) = (0i16, 0i16, 0u16);
            for &i in g {
                let m = self.cells[i];
                let (l, h) = low_high(m);
                least += l;
                most += h;
                union |= m;
                unsolved += (m & (m - 1) != 0) as u32;
            }
            let Some((glo, ghi)) = distinct_range(&model.ranks, union, g.len() as u32, least, most)
            else {
                scores.blame(g.iter().copied());
                return false;
            };
            *r = if *negative { (-ghi, -glo) } else { (glo, ghi) };
            lo += r.0;
            hi += r.1;
        }
        if lo > b.sum || hi < b.sum {
            scores.blame(b.cells.iter().copied());
            return false;
        }
        // Two or three boxes left unsolved (`Deductions::Cages`): each keeps the digits the
        // others' digits can make up the rest of the sum with.
        if model.cage_links && (2..=3).contains(&unsolved) {
            match self.few_left(b) {
                Few::Contradiction => {
                    scores.blame(b.cells.iter().copied());
                    return false;
                }
                Few::Narrowed(boxes) => {
                    let mut m = boxes;
                    while m != 0 {
                        let i = m.trailing_zeros() as usize;
                        m &= m - 1;
                        // few_left narrowed the box already.
                        pend(model, pending, i, true);
                        let after = self.cells[i];
                        if after & (after - 1) == 0 {
                            *fresh |= box_bit(i);
                        }
                    }
                    return true;
                }
                Few::Many => {}
            }
        }
        if unsolved == 0 {
            // Every box solved, and the sum kept.
            return true;
        }
        let (slack_lo, slack_hi) = (b.sum - lo, hi - b.sum);
        for (&(glo, ghi), (g, negative)) in ranges.iter().zip(&b.groups) {
            if g.len() <= 2 {
                // One box, or two whose rest is the other: a box's digit can only leave when
                // the sum's slack on a side is less than the group's range less the boxes'
                // smallest (largest) digits; else the group is left as it is.
                let (mut least, mut most) = (0i16, 0i16);
                for &i in g {
                    let m = self.cells[i];
                    least += m.trailing_zeros() as i16 + 1;
                    most += 16 - m.leading_zeros() as i16;
                }
                let (ulo, uhi) = if *negative { (-ghi, -glo) } else { (glo, ghi) };
                let (below, above) = if *negative {
                    (slack_lo, slack_hi)
                } else {
                    (slack_hi, slack_lo)
                };
                if below >= uhi - least && above >= most - ulo {
                    continue;
                }
            }
            // Box by box, the rest of the group: the boxes before it as they are now (narrowed
            // earlier in this loop), those after it as they were.
            let n = g.len();
            let mut after_it = [(0u16, 0i16, 0i16); 10];
            for (t, &i) in g.iter().enumerate().rev() {
                let (u, a, z) = after_it[t + 1];
                let m = self.cells[i];
                let (l, h) = low_high(m);
                after_it[t] = (u | m, a + l, z + h);
            }
            let (mut before_u, mut before_lo, mut before_hi) = (0u16, 0i16, 0i16);
            for (t, &i) in g.iter().enumerate() {
                let m = self.cells[i];
                let (u, a, z) = after_it[t + 1];
                // The rest of the sum without box i.
                let rest = distinct_range(
                    &model.ranks,
                    before_u | u,
                    n as u32 - 1,
                    before_lo + a,
                    before_hi + z,
                );
                let (rlo, rhi) = match rest {
                    Some((a, z)) if *negative => (-z, -a),
                    Some((a, z)) => (a, z),
                    None => {
                        scores.blame(g.iter().copied());
                        return false;
                    }
                };
                let (olo, ohi) = (lo - glo + rlo, hi - ghi + rhi);
                // The box's digit lies in least..=most.
                let (least, most) = if *negative {
                    (olo - b.sum, ohi - b.sum)
                } else {
                    (b.sum - ohi, b.sum - olo)
                };
                let (least, most) = (least.max(1), most.min(9));
                if least > 1 || most < 9 {
                    let range = if least > most {
                        0
                    } else {
                        ((1u16 << most) - 1) & !((1u16 << (least - 1)) - 1)
                    };
                    let after = m & range;
                    if after != m {
                        if after == 0 {
                            scores.blame(b.cells.iter().copied());
                            return false;
                        }
                        *fresh |= self.narrow(model, pending, i, after);
                    }
                }
                let now = self.cells[i];
                let (l, h) = low_high(now);
                before_u |= now;
                before_lo += l;
                before_hi += h;
            }
        }
        true
    }

    /// A sum with two or three boxes left unsolved, kept exactly digit by digit (a box counted
    /// negatively as 10 less its digit, the rest of the sum raised by 10), as the Interactive
    /// Sudoku Solver's sum handler keeps its last few boxes: each box keeps the digits for
    /// which the other boxes hold digits making up the rest (different digits when they are
    /// in one group; a digit shared with this box is left to the other boxes' turns).
    fn few_left(&mut self, b: &SumBound) -> Few {
        // (box, negative, group) of the unsolved boxes.
        let mut left = [(0usize, false, 0usize); 3];
        let (mut n, mut rest) = (0usize, b.sum);
        for (k, (g, negative)) in b.groups.iter().enumerate() {
            for &i in g {
                let m = self.cells[i];
                if m & (m - 1) == 0 {
                    let d = m.trailing_zeros() as i16 + 1;
                    rest -= if *negative { -d } else { d };
                } else {
                    if n == 3 {
                        return Few::Many;
                    }
                    left[n] = (i, *negative, k);
                    n += 1;
                    if *negative {
                        rest += 10;
                    }
                }
            }
        }
        if n < 2 {
            return Few::Many;
        }
        let mirror = |m: u16| (m.reverse_bits() >> 7) & 0x1ff;
        let mut masks = [0u16; 3];
        for (m, &(i, negative, _)) in masks.iter_mut().zip(&left[..n]) {
            let c = self.cells[i];
            *m = if negative { mirror(c) } else { c };
        }
        let mut keep = [0u16; 3];
        for k in 0..n {
            // The sums the other boxes can make (bit s - 1 for sum s), or with one other box,
            // its digits.
            let others: u32 = if n == 2 {
                let o = 1 - k;
                masks[o] as u32
            } else {
                let (x, y) = ((k + 1) % 3, (k + 2) % 3);
                pair_sums(masks[x], masks[y], left[x].2 == left[y].2)
            };
            let mut m = masks[k];
            let mut out = 0u16;
            while m != 0 {
                let d = m.trailing_zeros() as i16 + 1;
                m &= m - 1;
                let need = rest - d;
                let ok = (1..=32).contains(&need)
                    && others >> (need - 1) & 1 != 0
                    && !(n == 2 && need == d && left[0].2 == left[1].2);
                if ok {
                    out |= 1 << (d - 1);
                }
            }
            if out == 0 {
                return Few::Contradiction;
            }
            keep[k] = out;
        }
        let mut changed = 0u128;
        for (&m, &(i, negative, _)) in keep.iter().zip(&left[..n]) {
            let after = if negative { mirror(m) } else { m };
            if after != self.cells[i] {
                self.set(i, after);
                changed |= box_bit(i);
            }
        }
        Few::Narrowed(changed)
    }

    /// The unsolved box to guess on, if any: the one with the highest score per candidate
    /// (`Scores`), or before the search's first contradiction, the first with the fewest
    /// candidates.
    fn choose(&self, scores: &Scores) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        let mut best_score: Option<(u32, u32, usize)> = None;
        for (i, &c) in self.cells.iter().enumerate() {
            let n = c.count_ones();
            if n > 1 {
                if best.is_none_or(|(m, _)| n < m) {
                    best = Some((n, i));
                }
                let w = scores.cells[i];
                // w / n above the best's, compared without dividing.
                if scores.blamed && best_score.is_none_or(|(bw, bn, _)| w * bn > bw * n) {
                    best_score = Some((w, n, i));
                }
            }
        }
        best_score.map(|(_, _, i)| i).or(best.map(|(_, i)| i))
    }

    fn digits(&self) -> [u8; BOXES] {
        self.cells.map(|c| b'0' + c.trailing_zeros() as u8 + 1)
    }
}

/// How often each box took part in a contradiction lately (the constraint that failed blames
/// its boxes, `BLAME` a blame), halved every `DECAY` blames: the search guesses first where
/// contradictions are found, as the Interactive Sudoku Solver's conflict scores do. Each box
/// starts with a share of every constraint that holds it, larger for smaller ones (18 less its
/// boxes, at least 9: ISS's priority for a sum, its starting scores), so that among boxes
/// blamed alike those in more and smaller constraints come first; the shares are read only
/// from the first contradiction on (before it the fewest candidates make the better first
/// guesses on large searches) and fade with the halving. Guides the order only.
pub(super) struct Scores {
    cells: [u32; BOXES],
    countdown: u32,
    /// Whether anything was blamed yet: until then the search takes the fewest candidates.
    blamed: bool,
}

const DECAY: u32 = 1 << 14;
/// A blame's weight against a constraint's starting share.
const BLAME: u32 = 60;

impl Scores {
    fn new(model: &Model) -> Scores {
        let mut cells = [0; BOXES];
        let constraints = model.unit_boxes.iter().copied();
        let constraints = constraints.chain(model.cages.iter().map(|c| c.boxes));
        for mut boxes in constraints.chain(model.bounds.iter().map(|b| b.boxes)) {
            let share = 18u32.saturating_sub(boxes.count_ones()).max(9);
            while boxes != 0 {
                cells[boxes.trailing_zeros() as usize] += share;
                boxes &= boxes - 1;
            }
        }
        Scores {
            cells,
            countdown: DECAY,
            blamed: false,
        }
    }

    fn bump(&mut self, i: usize) {
        self.cells[i] += BLAME;
        self.blamed = true;
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = DECAY;
            for c in &mut self.cells {
                *c >>= 1;
            }
        }
    }

    fn blame(&mut self, cells: impl Iterator<Item = usize>) {
        for i in cells {
            self.bump(i);
        }
    }

    fn blame_zeros(&mut self, cells: &[u16; BOXES]) {
        for (i, &c) in cells.iter().enumerate() {
            if c == 0 {
                self.bump(i);
            }
        }
    }
}

impl Search {
    /// Depth-first from `state`, as the classic path's `run`: a node is one propagation.
    pub(super) fn run_general(&mut self, model: &Model, state: &mut State) {
        self.run_scored(
            model,
            state,
            &mut Scores::new(model),
            model.every_constraint(),
        );
    }

    /// From `state`, whose constraints in `pending` are to be looked at again.
    fn run_scored(
        &mut self,
        model: &Model,
        state: &mut State,
        scores: &mut Scores,
        mut pending: Pending,
    ) {
        loop {
            if self.nodes >= self.max_nodes.max(1) {
                self.capped = true;
                return;
            }
            self.nodes += 1;
            if !state.propagate(model, scores, &mut pending) {
                return;
            }
            let Some(i) = state.choose(scores) else {
                // Every box solved, every constraint kept: propagation checked each house and
                // each box's peers, and a full cage keeps only a combination of its sum.
                self.solutions += 1;
                if self.first.is_none() {
                    self.first = Some(state.digits());
                }
                return;
            };
            // Two branches, as the Interactive Sudoku Solver's: the box's smallest digit, then
            // the box without it, propagated again before the next choice.
            let digits = state.cells[i];
            let bit = digits & digits.wrapping_neg();
            let mut child = *state;
            child.set(i, bit);
            self.run_scored(model, &mut child, scores, model.looking_at(i));
            if self.done() {
                return;
            }
            state.set(i, digits & !bit);
            pending = model.looking_at(i);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Hand-worked cases of the cages' interactions (`Deductions::Cages`): each fires on a
    //! small killer where the plain propagation does not make the same removal.
    use super::*;
    use crate::puzzle::{Constraint, Puzzle};
    use crate::topology::Cell;

    /// Box index of a label such as `"A3"`.
    fn at(label: &str) -> usize {
        let b = label.as_bytes();
        (b[0] - b'A') as usize * 9 + (b[1] - b'1') as usize
    }

    fn killer(cages: &[(&[&str], u16)]) -> Topology {
        let mut p = Puzzle::classic([0; 81]);
        p.constraints = cages
            .iter()
            .map(|(cells, sum)| Constraint::Cage {
                cells: cells.iter().map(|l| Cell(at(l) as u8)).collect(),
                sum: Some(*sum),
            })
            .collect();
        p.topology().unwrap()
    }

    /// The candidates after propagation from `cells` with `deductions`, or None on a
    /// contradiction.
    fn propagated(topo: &Topology, cells: [u16; 81], deductions: Deductions) -> Option<[u16; 81]> {
        let model = Model::new(topo, deductions);
        let mut state = State::new(&cells);
        state
            .propagate(
                &model,
                &mut Scores::new(&model),
                &mut model.every_constraint(),
            )
            .then_some(state.cells)
    }

    fn mask(digits: &[u16]) -> u16 {
        digits.iter().fold(0, |m, d| m | 1 << (d - 1))
    }

    #[test]
    fn a_digit_every_combination_needs_leaves_the_boxes_that_see_all_its_places() {
        // Cage 6 in A3, A4, B4 is 1, 2 and 3 in some order, and crosses two squares and two
        // rows. A5 and A6 see all three boxes (row A, and B4 in their square): 1, 2 and 3
        // leave them. A1 sees A3 and A4 but not B4, so it keeps them.
        let topo = killer(&[(&["A3", "A4", "B4"], 6)]);
        let empty = [0x1ff; 81];
        let cages = propagated(&topo, empty, Deductions::Cages).unwrap();
        let plain = propagated(&topo, empty, Deductions::Plain).unwrap();
        let low = mask(&[1, 2, 3]);
        for label in ["A5", "A6"] {
            assert_eq!(cages[at(label)] & low, 0, "{label} keeps a digit of 1–3");
            assert_eq!(plain[at(label)] & low, low, "{label}, plain");
        }
        assert_eq!(cages[at("A1")] & low, low, "A1 sees only two of the three");
        assert_eq!(cages[at("A3")], low);
    }

    #[test]
    fn a_cage_inside_a_house_leaves_the_digits_the_rest_of_it_cannot_hold() {
        // Cage 10 in A1, A2 inside row A: {1,9}, {2,8}, {3,7} or {4,6}. A3..A9 can hold
        // neither 1 nor 9, so row A's 1 and 9 are in the cage: only {1,9} is left. Then 1 and
        // 9, needed by the cage, leave the rest of square A1-C3 (B1..C3 see A1 and A2).
        let topo = killer(&[(&["A1", "A2"], 10)]);
        let mut cells = [0x1ff; 81];
        for c in &mut cells[2..9] {
            *c &= !mask(&[1, 9]);
        }
        let cages = propagated(&topo, cells, Deductions::Cages).unwrap();
        let plain = propagated(&topo, cells, Deductions::Plain).unwrap();
        assert_eq!(cages[at("A1")], mask(&[1, 9]));
        assert_eq!(cages[at("A2")], mask(&[1, 9]));
        assert_eq!(plain[at("A1")], mask(&[1, 2, 3, 4, 6, 7, 8, 9]));
        for label in ["B1", "B3", "C2"] {
            assert_eq!(cages[at(label)] & mask(&[1, 9]), 0, "{label}");
            assert_eq!(plain[at(label)], 0x1ff, "{label}, plain");
        }
    }

    #[test]
    fn outies_less_innies_of_a_house_bound_each_other() {
        // Row A: cage 30 in A4..A9 inside it leaves A1..A3 summing to 15; cage 12 in A1, A2,
        // B1 sticks out of it by B1. So B1 less A3 is 12 + 30 - 45 = -3: A3 = B1 + 3, and with
        // B1 one of 1, 2, A3 is 4 or 5.
        let topo = killer(&[
            (&["A4", "A5", "A6", "A7", "A8", "A9"], 30),
            (&["A1", "A2", "B1"], 12),
        ]);
        let mut cells = [0x1ff; 81];
        cells[at("B1")] = mask(&[1, 2]);
        let cages = propagated(&topo, cells, Deductions::Cages).unwrap();
        let plain = propagated(&topo, cells, Deductions::Plain).unwrap();
        assert_eq!(cages[at("A3")], mask(&[4, 5]));
        assert_ne!(
            plain[at("A3")] & !mask(&[4, 5]),
            0,
            "plain narrows A3 as far"
        );
    }

    #[test]
    fn the_cages_mostly_inside_a_house_give_their_outies_less_what_they_leave() {
        // Row A: cage 30 in A3..A6 inside it; cages 12 in A1, A2, B1 and in A8, A9, B9 are
        // two thirds inside, cage 15 in A7, B7, C7 one third. The two mostly inside and the
        // inside cage cover row A but A7: B1 + B9 - A7 = 12 + 12 + 30 - 45 = 9. Neither cage
        // alone nor all the crossing cages together give that sum.
        let topo = killer(&[
            (&["A3", "A4", "A5", "A6"], 30),
            (&["A1", "A2", "B1"], 12),
            (&["A8", "A9", "B9"], 12),
            (&["A7", "B7", "C7"], 15),
        ]);
        let has = |deductions| {
            let model = Model::new(&topo, deductions);
            let want = [at("A7"), at("B1"), at("B9")];
            model.bounds.iter().any(|b| {
                b.sum == 9
                    && b.cells == want
                    && b.groups
                        .iter()
                        .all(|(g, negative)| *negative == g.contains(&at("A7")))
            })
        };
        assert!(has(Deductions::Cages));
        assert!(!has(Deductions::Plain));
        // With B1 = 6 and B9 = 7, A7 is 4.
        let mut cells = [0x1ff; 81];
        cells[at("B1")] = mask(&[6]);
        cells[at("B9")] = mask(&[7]);
        let cages = propagated(&topo, cells, Deductions::Cages).unwrap();
        assert_eq!(cages[at("A7")], mask(&[4]));
    }

    #[test]
    fn a_sum_with_three_boxes_left_keeps_the_digits_that_make_it_up() {
        // B1 + B9 - A7 = 9, B1 and B9 in row B (one group, different digits). B1 is 1 or 8,
        // B9 2 or 9: B1 + B9 is 3, 10 or 17, so A7 is 1 or 8; their smallest and largest
        // digits alone leave A7 anything up to 8.
        let (b1, b9, a7) = (at("B1"), at("B9"), at("A7"));
        let bound = SumBound {
            cells: vec![a7, b1, b9],
            groups: vec![(vec![b1, b9], false), (vec![a7], true)],
            boxes: 1 << a7 | 1 << b1 | 1 << b9,
            sum: 9,
        };
        let mut cells = [0x1ff; 81];
        cells[b1] = mask(&[1, 8]);
        cells[b9] = mask(&[2, 9]);
        let mut state = State::new(&cells);
        assert!(matches!(state.few_left(&bound), Few::Narrowed(m) if m != 0));
        assert_eq!(state.cells[a7], mask(&[1, 8]));
        assert_eq!(state.cells[b1], mask(&[1, 8]));
        assert_eq!(state.cells[b9], mask(&[2, 9]));
        // A7 = 5 leaves B1 + B9 = 14 to two different digits of 1 and 2: none.
        cells[b1] = mask(&[1, 2]);
        cells[b9] = mask(&[1, 2]);
        cells[a7] = mask(&[5]);
        let mut state = State::new(&cells);
        assert!(matches!(state.few_left(&bound), Few::Contradiction));
        // Four boxes left: not this rule's.
        cells[a7] = mask(&[5, 6]);
        let mut four = State::new(&cells);
        let wide = SumBound {
            cells: vec![a7, at("A8"), b1, b9],
            groups: vec![(vec![b1, b9], false), (vec![a7, at("A8")], true)],
            boxes: bound.boxes | 1 << at("A8"),
            sum: 9,
        };
        assert!(matches!(four.few_left(&wide), Few::Many));
    }

    #[test]
    fn the_45_rule_sweeps_bands_from_either_edge_and_the_squares_in_order() {
        let topo = killer(&[]);
        let rows = |r: std::ops::Range<usize>| r.fold(0u128, |m, k| m | 0x1ffu128 << (9 * k));
        let wide = regions(&topo, true);
        let narrow = regions(&topo, false);
        for (boxes, houses) in [(rows(0..5), 5), (rows(1..9), 8)] {
            assert!(wide.contains(&(boxes, houses)), "rows {houses}");
            assert!(!narrow.contains(&(boxes, houses)), "rows {houses}, narrow");
        }
        // Squares A1-C3 and A4-C6: rows A to C, columns 1 to 6.
        let two = (0..3).fold(0u128, |m, r| m | 0x3fu128 << (9 * r));
        assert!(wide.contains(&(two, 2)));
        assert!(!narrow.contains(&(two, 2)));
    }

    #[test]
    fn ranks_are_the_sums_of_each_sets_smallest_digits() {
        let t = ranks();
        for set in 0u16..512 {
            let digits: Vec<u64> = (1..=9).filter(|d| set >> (d - 1) & 1 != 0).collect();
            for n in 0..=9 {
                let want: u64 = digits.iter().take(n).sum();
                assert_eq!(t[set as usize] >> (6 * n) & 63, want, "{set:#b}, {n}");
            }
        }
    }

    /// The smallest and largest sums of the boxes `cells` (each of its candidates in `of`)
    /// when their digits all differ, left out box `skip` (usize::MAX for none), as `bound`
    /// reads a group through `low_high` and `distinct_range`. `None` when they hold fewer
    /// digits together than there are boxes.
    fn group_range(cells: &[usize], of: &[u16; BOXES], skip: usize) -> Option<(i16, i16)> {
        let (mut lo, mut hi, mut union, mut k) = (0i16, 0i16, 0u16, 0u32);
        for &i in cells {
            if i == skip {
                continue;
            }
            let m = of[i];
            let (a, z) = low_high(m);
            lo += a;
            hi += z;
            union |= m;
            k += 1;
        }
        distinct_range(&ranks(), union, k, lo, hi)
    }

    #[test]
    fn boxes_that_see_each_other_sum_at_least_their_smallest_different_digits() {
        // Three boxes of a row, each 1 or 2 or 3 or 9: alone each could be 1, together they
        // hold three different digits, so at least 1 + 2 + 3 and at most 2 + 3 + 9 (the
        // largest three they hold), and without the first box 1 + 2 to 3 + 9.
        let mut of = [0x1ffu16; 81];
        for m in &mut of[..3] {
            *m = mask(&[1, 2, 3, 9]);
        }
        assert_eq!(group_range(&[0, 1, 2], &of, usize::MAX), Some((6, 14)));
        assert_eq!(group_range(&[0, 1, 2], &of, 0), Some((3, 12)));
        // Two boxes holding one digit between them cannot differ.
        of[3] = mask(&[4]);
        of[4] = mask(&[4]);
        assert_eq!(group_range(&[3, 4], &of, usize::MAX), None);
    }
}
