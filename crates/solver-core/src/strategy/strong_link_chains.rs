//! The search `turbot_fish`, `three_strong_links`, `four_strong_links`, `five_strong_links` and
//! `six_strong_links` share: Sudoku Explainer's (SukakuExplainer's) `TurbotFish` and
//! `StrongLinks(n)`, one digit's chain of exactly `n` strong links joined by weak ones.
//!
//! A node is one of the digit's places, or a group: 2 or 3 of its places in one line inside one
//! square (true when one of them holds the digit). A strong link is a unit whose places of the
//! digit are exactly two nodes: one of them holds it. A weak link joins two nodes every box of
//! which sees every box of the other: not both hold it. The chain `A1=B1-A2=B2-…-An=Bn` (no box
//! in two nodes) makes `A1` or `Bn` the digit, which leaves every box seeing both; closed into
//! a loop (`Bn` weakly linked to `A1`), exactly one node of each weak link holds it, and the
//! digit leaves every box seeing both nodes of one.
//!
//! Scored as SukakuExplainer scores it (`TurbotFishHint`, `StrongLinksHint.getDifficulty`): two
//! links 4.0 in lines of one kind (a skyscraper), 4.1 a row and a column (a two-string kite),
//! 4.2 with a link in a square (a turbot crane), 4.3 with a group; `n` links from 3 on their
//! base (5.4, 5.8, 6.2, 6.6), a tenth more with a link of another kind (rows and columns, or a
//! square), two with a square and both rows and columns, three with a group. A pass takes the
//! easiest pattern first, then the one removing most (SE's order), makes its step and looks
//! again.

use super::Pass;
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{ChainNode, Contradiction, Evidence, Link, Sink};

/// The kind of a strong link's unit, as a bit: row, column, other (a square, a region, a
/// diagonal).
const ROW: u8 = 1;
const COLUMN: u8 = 2;
const SQUARE: u8 = 4;

/// Sudoku Explainer's score, in tenths, of a chain of `n` strong links whose units are of the
/// kinds `kinds` (each link's bit) and which holds a group or not.
fn tenths(n: usize, kinds: u8, grouped: bool) -> u32 {
    let base = match n {
        2 => 40,
        3 => 54,
        4 => 58,
        5 => 62,
        _ => 66,
    };
    let lines = kinds & (ROW | COLUMN);
    let square = kinds & SQUARE != 0;
    base + if grouped {
        3
    } else if n == 2 {
        // TurbotFishHint: 4.0 skyscraper, 4.1 kite, 4.2 with a square.
        if square {
            2
        } else if lines == ROW | COLUMN {
            1
        } else {
            0
        }
    } else if !square && lines != ROW | COLUMN {
        0
    } else if square && lines == ROW | COLUMN {
        2
    } else {
        1
    }
}

/// Where `digit` fits in `grid`, bit `i` for box `i`.
fn places_of(grid: &Grid, digit: Digit) -> u128 {
    Cell::all()
        .filter(|&c| grid.get(c).contains(digit))
        .fold(0u128, |s, c| s | 1 << c.0)
}

/// The kinds of unit a strong link between the boxes `set` lies in, where the digit fits in
/// `places`: a row, a column or a square (by the grid's geometry) whose places are exactly
/// `set`; a link in no such unit (a diagonal's, a jigsaw region's) counts as a square's.
fn kinds_of(places: u128, set: u128) -> u8 {
    let first = Cell(set.trailing_zeros() as u8);
    let (r, c) = (first.row(), first.col());
    let mut k = 0;
    if places & GEOMETRY[0][r] == set {
        k |= ROW;
    }
    if places & GEOMETRY[1][c] == set {
        k |= COLUMN;
    }
    if k == 0 || places & GEOMETRY[2][r / 3 * 3 + c / 3] == set {
        k |= SQUARE;
    }
    k
}

/// The boxes of each row, column and square of the grid's geometry.
const GEOMETRY: [[u128; 9]; 3] = {
    let mut g = [[0u128; 9]; 3];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        g[0][r] |= 1 << i;
        g[1][c] |= 1 << i;
        g[2][r / 3 * 3 + c / 3] |= 1 << i;
        i += 1;
    }
    g
};

/// The least score of a chain whose links may be counted as any of `kinds[i]` each (one kind
/// chosen per link).
fn least(n: usize, kinds: &[u8], grouped: bool) -> u32 {
    let mut best = u32::MAX;
    // Each link's choice, two bits of `pick` a link.
    for pick in 0..1u32 << (2 * n) {
        let mut k = 0;
        let mut ok = true;
        for (i, &allowed) in kinds.iter().enumerate() {
            let bit = 1u8 << (pick >> (2 * i) & 3);
            ok &= allowed & bit != 0;
            k |= bit;
        }
        if ok {
            best = best.min(tenths(n, k, grouped));
        }
    }
    best
}

/// A step's score from the grid before it and its chain (module doc).
pub(super) fn score(grid: &Grid, chain: &[ChainNode]) -> f32 {
    let n = chain.len() / 2;
    let Some(digit) = chain.first().map(|c| c.digit) else {
        return 0.0;
    };
    let places = places_of(grid, digit);
    let set = |node: &ChainNode| node.boxes().iter().fold(0u128, |s, c| s | 1 << c.0);
    let mut kinds = [0u8; 6];
    for (i, k) in kinds.iter_mut().enumerate().take(n) {
        *k = kinds_of(places, set(&chain[2 * i]) | set(&chain[2 * i + 1]));
    }
    let grouped = chain.iter().any(ChainNode::is_group);
    least(n, &kinds[..n], grouped) as f32 / 10.0
}

/// The boxes of a set, in A1..I9 order.
fn boxes(mut set: u128) -> impl Iterator<Item = Cell> + Clone {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Cell(i)
        })
    })
}

/// A strong link: its two nodes (sets of boxes), the boxes seeing every box of each, and the
/// kinds of unit it lies in (`kinds_of`).
#[derive(Copy, Clone)]
struct StrongLink {
    ends: [u128; 2],
    seen: [u128; 2],
    kinds: u8,
}

/// Whether `set` is a node: one box, or 2 or 3 boxes in one line inside one square.
fn is_node(topo: &Topology, set: u128) -> bool {
    if set == 0 {
        return false;
    }
    if set & (set - 1) == 0 {
        return true;
    }
    if boxes(set).count() > 3 {
        return false;
    }
    let first = Cell(set.trailing_zeros() as u8);
    let within = |line: bool| {
        topo.units_of(first)
            .iter()
            .any(|&u| topo.is_line(u) == line && topo.boxes(u) & set == set)
    };
    within(true) && within(false)
}

/// The digit's strong links: each unit whose places of the digit are two nodes, each pair of
/// nodes once.
fn strong_links(topo: &Topology, places: u128, out: &mut Vec<StrongLink>) {
    out.clear();
    let seen_of = |set: u128| boxes(set).fold(!0u128, |s, c| s & topo.peer_boxes(c));
    for u in topo.all_units() {
        let here = places & topo.boxes(u);
        if here.count_ones() < 2 || here.count_ones() > 6 {
            continue;
        }
        // Every split of the unit's places into two nodes: `a` holds the unit's first place,
        // alone or with the other places of a line and a square holding it (a node is one box
        // or such a group).
        let first = here & here.wrapping_neg();
        let at = Cell(first.trailing_zeros() as u8);
        let units = topo.units_of(at);
        let mut tried = [0u128; 8];
        let mut n = 0;
        let mut candidates = units.iter().flat_map(|&l| {
            units
                .iter()
                .filter(move |&&q| topo.is_line(l) && !topo.is_line(q))
                .map(move |&q| here & topo.boxes(l) & topo.boxes(q))
        });
        let mut a = first;
        loop {
            let b = here & !a;
            if b != 0 && !tried[..n].contains(&a) && is_node(topo, a) && is_node(topo, b) {
                if n < tried.len() {
                    tried[n] = a;
                    n += 1;
                }
                if !out.iter().any(|l| l.ends == [a, b]) {
                    out.push(StrongLink {
                        ends: [a, b],
                        seen: [seen_of(a), seen_of(b)],
                        kinds: kinds_of(places, here),
                    });
                }
            }
            match candidates.next() {
                Some(next) => a = next,
                None => break,
            }
        }
    }
}

/// A chain found: its links (index, and which end is first), the score in tenths, what it
/// removes, whether it is a loop.
#[derive(Clone)]
struct Found {
    links: Vec<(usize, usize)>,
    tenths: u32,
    removes: u128,
    is_loop: bool,
}

/// A chain's order among those found (SE's): the easiest first, then the one removing most.
fn rank(tenths: u32, removes: u128) -> (u32, std::cmp::Reverse<u32>) {
    (tenths, std::cmp::Reverse(removes.count_ones()))
}

/// A digit's strong links and the table of which oriented link may follow which, kept for the
/// topology and places they were built from: they depend on nothing else, and the walk asks the
/// five rungs of one grid one after the other.
struct Table {
    topo: u32,
    places: u128,
    built: bool,
    links: Vec<StrongLink>,
    /// The oriented links (link `i` from end `side`: `2 * i + side`) that may follow each:
    /// those of oriented link `o` are `follow[at[o]..at[o + 1]]`.
    at: Vec<u32>,
    follow: Vec<u16>,
}

impl Table {
    const EMPTY: Table = Table {
        topo: 0,
        places: 0,
        built: false,
        links: Vec::new(),
        at: Vec::new(),
        follow: Vec::new(),
    };

    /// Builds the table for `places` in `topo` unless it holds it already.
    fn fill(&mut self, topo: &Topology, places: u128) {
        if self.built && self.topo == topo.id() && self.places == places {
            return;
        }
        strong_links(topo, places, &mut self.links);
        // The next link's first node weakly linked to this one's last, the two links on other
        // boxes.
        self.at.clear();
        self.follow.clear();
        self.at.push(0);
        for l in &self.links {
            for side in 0..2 {
                let end_seen = l.seen[1 - side];
                for (j, m) in self.links.iter().enumerate() {
                    if (m.ends[0] | m.ends[1]) & (l.ends[0] | l.ends[1]) != 0 {
                        continue;
                    }
                    for next in 0..2 {
                        if m.ends[next] & end_seen == m.ends[next] {
                            self.follow.push((2 * j + next) as u16);
                        }
                    }
                }
                self.at.push(self.follow.len() as u32);
            }
        }
        (self.topo, self.places, self.built) = (topo.id(), places, true);
    }
}

thread_local! {
    /// Each digit's table (`Table`).
    static TABLES: std::cell::RefCell<[Table; 9]> =
        const { std::cell::RefCell::new([Table::EMPTY; 9]) };
}

/// The depth-first search over chains of `n` links (module doc).
struct Search<'a> {
    links: &'a [StrongLink],
    at: &'a [u32],
    follow: &'a [u16],
    places: u128,
    n: usize,
    path: Vec<(usize, usize)>,
    best: Option<Found>,
}

impl Search<'_> {
    fn node(&self, (i, side): (usize, usize), end: bool) -> (u128, u128) {
        let s = if end { 1 - side } else { side };
        (self.links[i].ends[s], self.links[i].seen[s])
    }

    fn extend(&mut self, used: u128) {
        if self.path.len() == self.n {
            return self.close(used);
        }
        let (i, side) = *self.path.last().unwrap();
        let o = 2 * i + side;
        for k in self.at[o] as usize..self.at[o + 1] as usize {
            let next = self.follow[k] as usize;
            let l = self.links[next / 2];
            if (l.ends[0] | l.ends[1]) & used != 0 {
                continue;
            }
            self.path.push((next / 2, next % 2));
            self.extend(used | l.ends[0] | l.ends[1]);
            self.path.pop();
        }
    }

    fn close(&mut self, used: u128) {
        let first = self.path[0];
        let last = *self.path.last().unwrap();
        // A chain and its reverse are one.
        if first.0 > last.0 {
            return;
        }
        let (start, start_seen) = self.node(first, false);
        let (_, end_seen) = self.node(last, true);
        let is_loop = start & end_seen == start;
        let mut removes = start_seen & end_seen;
        if is_loop {
            for w in self.path.windows(2) {
                removes |= self.node(w[0], true).1 & self.node(w[1], false).1;
            }
        }
        removes &= self.places & !used;
        if removes == 0 {
            return;
        }
        let mut kinds = [0u8; 6];
        for (k, &(i, _)) in kinds.iter_mut().zip(&self.path) {
            *k = self.links[i].kinds;
        }
        let grouped = self
            .path
            .iter()
            .any(|&(i, _)| self.links[i].ends.iter().any(|e| e & (e - 1) != 0));
        let tenths = least(self.n, &kinds[..self.n], grouped);
        let better = match &self.best {
            None => true,
            Some(b) => rank(tenths, removes) < rank(b.tenths, b.removes),
        };
        if better {
            self.best = Some(Found {
                links: self.path.clone(),
                tenths,
                removes,
                is_loop,
            });
        }
    }
}

/// The easiest chain of `n` strong links of any digit that removes something, then the one
/// removing most (the lower digit, then the search's order, on a tie): its digit, the chain and
/// its links, in order.
fn find(grid: &Grid, topo: &Topology, n: usize) -> Option<(Digit, Found, Vec<StrongLink>)> {
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        let mut best: Option<(Digit, Found, Vec<StrongLink>)> = None;
        for digit in 1..=9 as Digit {
            let places = places_of(grid, digit);
            let table = &mut tables[digit as usize - 1];
            table.fill(topo, places);
            if table.links.len() < n {
                continue;
            }
            let mut search = Search {
                links: &table.links,
                at: &table.at,
                follow: &table.follow,
                places,
                n,
                path: Vec::with_capacity(n),
                best: None,
            };
            for (i, l) in table.links.iter().enumerate() {
                for side in 0..2 {
                    search.path.push((i, side));
                    search.extend(l.ends[0] | l.ends[1]);
                    search.path.pop();
                }
            }
            if let Some(f) = search.best {
                let better = match &best {
                    None => true,
                    Some((_, b, _)) => rank(f.tenths, f.removes) < rank(b.tenths, b.removes),
                };
                if better {
                    let links = f.links.iter().map(|&(i, _)| table.links[i]).collect();
                    best = Some((digit, f, links));
                }
            }
        }
        best
    })
}

/// One pass of the rung of `n` strong links (module doc): each chain's step, its evidence no
/// units, the chain's first and last nodes' first boxes and the digit, with its chain. A pass
/// whose sink is full (the easiest step's, of one step) stops there.
pub(super) fn search<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    n: usize,
) -> Result<(), Contradiction> {
    while let Some((digit, found, links)) = find(grid, topo, n) {
        let mut chain = Vec::with_capacity(2 * n);
        for (k, (&(_, side), l)) in found.links.iter().zip(&links).enumerate() {
            let node = |set: u128, next| {
                let cells: Vec<Cell> = boxes(set).collect();
                ChainNode::group(&cells, digit, next)
            };
            chain.push(node(l.ends[side], Some(Link::Strong)));
            let last = k + 1 == found.links.len();
            let next = (!last || found.is_loop).then_some(Link::Weak);
            chain.push(node(l.ends[1 - side], next));
        }
        let mut emptied = None;
        for c in boxes(found.removes) {
            let after = grid.get(c).without(Digits::single(digit));
            grid.set(c, after, pass.sink());
            if after.is_empty() && emptied.is_none() {
                emptied = Some(c);
            }
        }
        let ends = [chain[0].cell(), chain[chain.len() - 1].cell()];
        pass.step_chain(Evidence::new(&[], &ends, Digits::single(digit)), &chain);
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
    use super::tenths;
    use super::{COLUMN, ROW, SQUARE};

    #[test]
    fn scores_as_sukaku_explainer() {
        assert_eq!(tenths(2, ROW, false), 40);
        assert_eq!(tenths(2, ROW | COLUMN, false), 41);
        assert_eq!(tenths(2, ROW | SQUARE, false), 42);
        assert_eq!(tenths(2, ROW, true), 43);
        assert_eq!(tenths(3, COLUMN, false), 54);
        assert_eq!(tenths(3, ROW | COLUMN, false), 55);
        assert_eq!(tenths(3, ROW | SQUARE, false), 55);
        assert_eq!(tenths(3, ROW | COLUMN | SQUARE, false), 56);
        assert_eq!(tenths(3, ROW, true), 57);
        assert_eq!(tenths(4, ROW, false), 58);
        assert_eq!(tenths(6, ROW | COLUMN, true), 69);
    }
}
