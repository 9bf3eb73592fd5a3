//! The search the chain strategies share (`x_chain`, `xy_chain`): alternating inference chains
//! over candidates, each a list of (box, digit) nodes joined by links that alternate strong,
//! weak, strong, …, strong (docs/trace-format.md, "Chains"). Whatever the first node, one of
//! the two ends is true: if the first is false, the strong link makes the second true, the weak
//! link the third false, and so on to the last, which is true. So a candidate that cannot be
//! true with either end (here: the ends' digit in a box that sees both) is removed.
//!
//! A strategy says which links it walks (`Walk`); the search is breadth first from every start,
//! so each start's shortest chain is found first, and a pass takes the shortest chain of all
//! that removes something (ties: the lower digit, then the earlier start in A1..I9 order, then
//! the end the breadth-first search reaches first), makes its step, and searches again on the
//! changed grid. "Sees" is the topology's peers, so the diagonals take part in diagonal Sudoku.
//! The search is one function for every walk and sink, so the page's wasm holds it once.

use super::Pass;
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, MAX_UNITS};
use crate::trace::{ChainNode, Contradiction, Evidence, Link, Sink, MAX_CHAIN_NODES};

/// A candidate: box `cell` may be `digit`, as one number (`cell * 9 + digit - 1`).
type Node = u16;

fn node(cell: Cell, digit: Digit) -> Node {
    cell.0 as Node * 9 + Node::from(digit) - 1
}

fn cell_of(n: Node) -> Cell {
    Cell((n / 9) as u8)
}

fn digit_of(n: Node) -> Digit {
    (n % 9) as Digit + 1
}

/// The links a chain strategy walks.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Walk {
    /// One digit: strong between its only two places in a unit, weak between two of its places
    /// that see each other. Four nodes at least.
    X,
    /// Boxes of two candidates: strong inside a box, weak between the same digit in two such
    /// boxes that see each other. Six nodes (three boxes) at least.
    Xy,
}

impl Walk {
    /// The fewest nodes of one of its chains (shorter ones are lower rungs' patterns).
    fn min_nodes(self) -> usize {
        match self {
            Walk::X => 4,
            Walk::Xy => 6,
        }
    }
}

/// The grid as the chain search reads it: where each digit fits, the boxes of two candidates,
/// and the topology's units and peers, each as a set of boxes (bit `i` for box `i`).
struct Ctx<'g> {
    grid: &'g Grid,
    topo: &'g Topology,
    walk: Walk,
    /// `places[d - 1]`: the boxes where `d` fits.
    places: [u128; 9],
    /// The boxes with exactly two candidates.
    pairs: u128,
    units: [u128; MAX_UNITS],
    peers: [u128; 81],
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

impl Ctx<'_> {
    /// Whether a chain may start at this candidate.
    fn start(&self, cell: Cell) -> bool {
        self.walk == Walk::X || self.pairs & 1 << cell.0 != 0
    }

    /// The candidates linked to `n` (strongly or weakly), pushed onto `out`.
    fn linked(&self, n: Node, strong: bool, out: &mut Vec<Node>) {
        let (cell, digit) = (cell_of(n), digit_of(n));
        let places = self.places[digit as usize - 1];
        match (self.walk, strong) {
            // The other place of the digit in each unit of the box where it has two.
            (Walk::X, true) => {
                for &u in self.topo.units_of(cell) {
                    let here = places & self.units[u.0 as usize];
                    if here.count_ones() == 2 {
                        let m = node(Cell((here & !(1 << cell.0)).trailing_zeros() as u8), digit);
                        if !out.contains(&m) {
                            out.push(m);
                        }
                    }
                }
            }
            // The box's other digit, in a box of two.
            (Walk::Xy, true) => {
                if self.pairs & 1 << cell.0 != 0 {
                    let other = self.grid.get(cell).without(Digits::single(digit));
                    out.extend(other.solved().map(|d| node(cell, d)));
                }
            }
            // The digit in the box's peers (of two candidates, for XY-chains).
            (walk, false) => {
                let among = if walk == Walk::X { !0 } else { self.pairs };
                let set = self.peers[cell.index()] & places & among;
                out.extend(boxes(set).map(|c| node(c, digit)));
            }
        }
    }
}

/// A chain found: its nodes, in order, and the boxes its ends' digit leaves.
struct Found {
    nodes: Vec<Node>,
    removes: u128,
}

/// The search's buffers, reused from start to start.
struct Scratch {
    parent: Vec<u16>,
    depth: Vec<u8>,
    queue: Vec<u16>,
    next: Vec<Node>,
}

/// The shortest chain from `start` shorter than `shorter_than` nodes that removes something,
/// if any: breadth first over (candidate, how it was reached), a chain ending on a strong link
/// at a candidate of the start's digit in another box. Chains that pass a box twice are skipped.
fn from_start(ctx: &Ctx, start: Node, shorter_than: usize, scratch: &mut Scratch) -> Option<Found> {
    // State 2n + 0: reached by a weak link (or the start), the next link is strong; 2n + 1:
    // reached by a strong link, the next is weak, and the chain may end here.
    let Scratch {
        parent,
        depth,
        queue,
        next,
    } = scratch;
    parent.fill(u16::MAX);
    queue.clear();
    let s0 = (start as usize) * 2;
    parent[s0] = s0 as u16;
    depth[s0] = 1;
    queue.push(s0 as u16);
    let (first, digit) = (cell_of(start), digit_of(start));
    let mut head = 0;
    while head < queue.len() {
        let state = queue[head] as usize;
        head += 1;
        let nodes = depth[state] as usize + 1;
        if nodes > MAX_CHAIN_NODES || nodes >= shorter_than {
            continue;
        }
        next.clear();
        ctx.linked((state / 2) as Node, state % 2 == 0, next);
        for &m in next.iter() {
            let t = m as usize * 2 + (1 - state % 2);
            if parent[t] != u16::MAX {
                continue;
            }
            parent[t] = state as u16;
            depth[t] = nodes as u8;
            queue.push(t as u16);
            let last = cell_of(m);
            if t % 2 == 0 || nodes < ctx.walk.min_nodes() || digit_of(m) != digit || last == first {
                continue;
            }
            // What sees both ends: the digit in the ends' common peers.
            let removes =
                ctx.peers[first.index()] & ctx.peers[last.index()] & ctx.places[digit as usize - 1];
            if removes == 0 {
                continue;
            }
            let mut path = vec![m];
            let mut s = state;
            while s != s0 {
                path.push((s / 2) as Node);
                s = parent[s] as usize;
            }
            path.push(start);
            path.reverse();
            // A box once only (an XY-chain's two nodes in a box follow each other).
            let mut seen = 0u128;
            let mut simple = true;
            for (i, &p) in path.iter().enumerate() {
                let bit = 1u128 << cell_of(p).0;
                let again = i > 0 && cell_of(path[i - 1]) == cell_of(p);
                simple &= again || seen & bit == 0;
                seen |= bit;
            }
            if simple {
                return Some(Found {
                    nodes: path,
                    removes,
                });
            }
        }
    }
    None
}

/// The shortest chain of the walk on `grid` that removes something (module doc), if any.
#[inline(never)]
fn find(grid: &Grid, topo: &Topology, walk: Walk, scratch: &mut Scratch) -> Option<Found> {
    let set = |cells: &[Cell]| cells.iter().fold(0u128, |s, c| s | 1 << c.0);
    let mut ctx = Ctx {
        grid,
        topo,
        walk,
        places: [0; 9],
        pairs: 0,
        units: [0; MAX_UNITS],
        peers: [0; 81],
    };
    for u in topo.all_units() {
        ctx.units[u.0 as usize] = set(topo.unit(u));
    }
    for c in Cell::all() {
        ctx.peers[c.index()] = set(topo.peers(c));
        let d = grid.get(c);
        for x in d.iter() {
            ctx.places[x as usize - 1] |= 1 << c.0;
        }
        if d.is_pair() {
            ctx.pairs |= 1 << c.0;
        }
    }
    let mut best: Option<Found> = None;
    for digit in 1..=9 {
        for cell in boxes(ctx.places[digit as usize - 1]) {
            if ctx.start(cell) {
                let limit = best.as_ref().map_or(usize::MAX, |b| b.nodes.len());
                if let Some(f) = from_start(&ctx, node(cell, digit), limit, scratch) {
                    best = Some(f);
                }
            }
        }
    }
    best
}

/// A found chain as a step reports it: its nodes with their links, and its evidence (no units;
/// the chain's two ends, first and last; the digit removed).
#[inline(never)]
fn reported(found: &Found) -> ([ChainNode; MAX_CHAIN_NODES], Evidence) {
    let last = found.nodes.len() - 1;
    let mut chain = [ChainNode::new(Cell(0), 1, None); MAX_CHAIN_NODES];
    for (i, &n) in found.nodes.iter().enumerate() {
        let next = (i < last).then_some(if i % 2 == 0 { Link::Strong } else { Link::Weak });
        chain[i] = ChainNode::new(cell_of(n), digit_of(n), next);
    }
    let ends = [chain[0].cell(), chain[last].cell()];
    (
        chain,
        Evidence::new(&[], &ends, Digits::single(chain[0].digit)),
    )
}

/// One pass of a chain strategy (module doc): each chain's step, with its evidence (`reported`)
/// and its chain.
pub(super) fn search<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    walk: Walk,
) -> Result<(), Contradiction> {
    let mut scratch = Scratch {
        parent: vec![u16::MAX; 81 * 9 * 2],
        depth: vec![0; 81 * 9 * 2],
        queue: Vec::with_capacity(256),
        next: Vec::with_capacity(32),
    };
    while let Some(found) = find(grid, topo, walk, &mut scratch) {
        let digit = Digits::single(digit_of(found.nodes[0]));
        let mut emptied = None;
        for c in boxes(found.removes) {
            let after = grid.get(c).without(digit);
            grid.set(c, after, pass.sink());
            if after.is_empty() && emptied.is_none() {
                emptied = Some(c);
            }
        }
        let (chain, evidence) = reported(&found);
        pass.step_chain(evidence, &chain[..found.nodes.len()]);
        if let Some(cell) = emptied {
            return Err(Contradiction::EmptyBox { cell });
        }
    }
    Ok(())
}

/// Sudoku Explainer's rating of a chain of `nodes` candidates: its base (6.6 for a forcing X-
/// or Y-chain) plus a tenth for each step of length past 4 nodes, the steps at 6, 8, 12, 16,
/// 24, 32, … nodes (each step alternately 3/2 and 4/3 of the one before), as its
/// `ChainingHint.getLengthDifficulty` counts them (docs/ratings.md, "Chains").
pub fn chain_rating(base: f32, nodes: usize) -> f32 {
    let mut added = 0.0;
    let mut ceil = 4;
    let mut odd = false;
    while nodes > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    base + added
}

#[cfg(test)]
mod tests {
    use super::chain_rating;

    #[test]
    fn a_tenth_per_length_step_as_sudoku_explainer_counts() {
        let tenths = |n| ((chain_rating(6.6, n) - 6.6) * 10.0).round() as u32;
        let want = [
            (2, 0),
            (4, 0),
            (5, 1),
            (6, 1),
            (7, 2),
            (8, 2),
            (9, 3),
            (12, 3),
            (13, 4),
        ];
        for (nodes, t) in want {
            assert_eq!(tenths(nodes), t, "{nodes} nodes");
        }
        assert_eq!(tenths(16), 4);
        assert_eq!(tenths(17), 5);
        assert_eq!(tenths(24), 5);
        assert_eq!(tenths(25), 6);
        assert_eq!(tenths(32), 6);
        assert_eq!(tenths(33), 7);
    }
}
