//! The search the chain strategies share (`x_chain`, `xy_chain`): alternating inference chains
//! over candidates, each a list of (box, digit) nodes joined by links that alternate strong,
//! weak, strong, …, strong (docs/trace-format.md, "Chains"). Whatever the first node, one of
//! the two ends is true: if the first is false, the strong link makes the second true, the weak
//! link the third false, and so on to the last, which is true. So a candidate that cannot be
//! true with either end (here: the ends' digit in a box that sees both) is removed.
//!
//! A strategy says which links it walks (`Links`); the search is breadth first from every start,
//! so each start's shortest chain is found first, and a pass takes the shortest chain of all
//! that removes something (ties: the lower digit, then the earlier start in A1..I9 order, then
//! the end the breadth-first search reaches first), makes its step, and searches again on the changed grid. "Sees" is the
//! topology's peers, so the diagonals take part in diagonal Sudoku.

use super::Pass;
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
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

/// The grid as the chain search reads it: where each digit fits, the boxes of two candidates,
/// and the topology's units and peers, each as a set of boxes (bit `i` for box `i`).
pub(super) struct Ctx<'g> {
    grid: &'g Grid,
    /// `places[d - 1]`: the boxes where `d` fits.
    places: [u128; 9],
    /// The boxes with exactly two candidates.
    pairs: u128,
    units: Vec<u128>,
    peers: Vec<u128>,
}

impl<'g> Ctx<'g> {
    fn new(grid: &'g Grid, units: &[u128], peers: &[u128]) -> Ctx<'g> {
        let mut places = [0u128; 9];
        let mut pairs = 0;
        for c in Cell::all() {
            let d = grid.get(c);
            for x in d.iter() {
                places[x as usize - 1] |= 1 << c.0;
            }
            if d.is_pair() {
                pairs |= 1 << c.0;
            }
        }
        Ctx {
            grid,
            places,
            pairs,
            units: units.to_vec(),
            peers: peers.to_vec(),
        }
    }

    pub(super) fn is_pair(&self, cell: Cell) -> bool {
        self.pairs & 1 << cell.0 != 0
    }
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

/// The links a chain strategy walks.
pub(super) trait Links {
    /// The fewest nodes of one of its chains (shorter ones are lower rungs' patterns).
    const MIN_NODES: usize;
    /// Whether a chain may start at this candidate.
    fn start(ctx: &Ctx, cell: Cell, digit: Digit) -> bool;
    /// The candidates strongly linked to `n`, pushed onto `out`.
    fn strong(ctx: &Ctx, topo: &Topology, n: Node, out: &mut Vec<Node>);
    /// The candidates weakly linked to `n`, pushed onto `out`.
    fn weak(ctx: &Ctx, topo: &Topology, n: Node, out: &mut Vec<Node>);
}

/// The other place of `n`'s digit in each unit of its box where the digit has exactly two
/// places (each box once).
pub(super) fn conjugates(ctx: &Ctx, topo: &Topology, n: Node, out: &mut Vec<Node>) {
    let (cell, digit) = (cell_of(n), digit_of(n));
    let places = ctx.places[digit as usize - 1];
    for &u in topo.units_of(cell) {
        let here = places & ctx.units[u.0 as usize];
        if here.count_ones() == 2 {
            let other = Cell((here & !(1 << cell.0)).trailing_zeros() as u8);
            let m = node(other, digit);
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }
}

/// The peers of `n`'s box where its digit fits, among `among` (a set of boxes).
pub(super) fn seen(ctx: &Ctx, n: Node, among: u128, out: &mut Vec<Node>) {
    let (cell, digit) = (cell_of(n), digit_of(n));
    let set = ctx.peers[cell.index()] & ctx.places[digit as usize - 1] & among;
    out.extend(boxes(set).map(|c| node(c, digit)));
}

/// The other digit of a box with two candidates.
pub(super) fn bivalue(ctx: &Ctx, n: Node, out: &mut Vec<Node>) {
    let (cell, digit) = (cell_of(n), digit_of(n));
    if ctx.is_pair(cell) {
        let d = ctx.grid.get(cell);
        if let Some(other) = d.without(Digits::single(digit)).solved() {
            out.push(node(cell, other));
        }
    }
}

/// Every box, for [`seen`]'s `among`.
pub(super) const ALL_BOXES: u128 = (1 << 81) - 1;

/// The boxes with two candidates, for [`seen`]'s `among`.
pub(super) fn pairs(ctx: &Ctx) -> u128 {
    ctx.pairs
}

/// A chain found: its nodes, in order, and the boxes its ends' digit leaves.
struct Found {
    nodes: Vec<Node>,
    removes: Vec<Cell>,
}

/// The boxes holding `digit` that see both `a` and `b` (neither of them: a box is not its own
/// peer).
fn seeing_both(ctx: &Ctx, a: Cell, b: Cell, digit: Digit) -> Vec<Cell> {
    let set = ctx.peers[a.index()] & ctx.peers[b.index()] & ctx.places[digit as usize - 1];
    boxes(set).collect()
}

/// The shortest chain from `start` that removes something, if any: breadth first over
/// (candidate, how it was reached), a chain ending on a strong link at a candidate of the
/// start's digit in another box. Chains that pass a box twice are skipped.
fn from_start<L: Links>(
    ctx: &Ctx,
    topo: &Topology,
    start: Node,
    shorter_than: usize,
    scratch: &mut Scratch,
) -> Option<Found> {
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
    let mut head = 0;
    while head < queue.len() {
        let state = queue[head] as usize;
        head += 1;
        let n = (state / 2) as Node;
        let nodes = depth[state] as usize;
        if nodes + 1 > MAX_CHAIN_NODES || nodes + 1 >= shorter_than {
            continue;
        }
        next.clear();
        if state % 2 == 0 {
            L::strong(ctx, topo, n, next);
        } else {
            L::weak(ctx, topo, n, next);
        }
        for &m in next.iter() {
            let t = m as usize * 2 + (1 - state % 2);
            if parent[t] != u16::MAX {
                continue;
            }
            parent[t] = state as u16;
            depth[t] = (nodes + 1) as u8;
            queue.push(t as u16);
            let (cell, digit) = (cell_of(m), digit_of(m));
            if t % 2 == 1
                && nodes + 1 >= L::MIN_NODES
                && digit == digit_of(start)
                && cell != cell_of(start)
            {
                let removes = seeing_both(ctx, cell_of(start), cell, digit);
                if removes.is_empty() {
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
                let mut cells: Vec<Cell> = path.iter().map(|&p| cell_of(p)).collect();
                cells.dedup();
                let mut sorted = cells.clone();
                sorted.sort();
                sorted.dedup();
                if sorted.len() == cells.len() {
                    return Some(Found {
                        nodes: path,
                        removes,
                    });
                }
            }
        }
    }
    None
}

/// The search's buffers, reused from start to start.
struct Scratch {
    parent: Vec<u16>,
    depth: Vec<u8>,
    queue: Vec<u16>,
    next: Vec<Node>,
}

/// One pass of a chain strategy (module doc). Evidence: no units; the chain's two ends (first,
/// last); the digit removed; and the chain.
pub(super) fn search<L: Links, S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
) -> Result<(), Contradiction> {
    let set = |cells: &[Cell]| cells.iter().fold(0u128, |s, c| s | 1 << c.0);
    let mut units = vec![0u128; 29];
    for u in topo.all_units() {
        units[u.0 as usize] = set(topo.unit(u));
    }
    let peers: Vec<u128> = Cell::all().map(|c| set(topo.peers(c))).collect();
    let mut scratch = Scratch {
        parent: vec![u16::MAX; 81 * 9 * 2],
        depth: vec![0; 81 * 9 * 2],
        queue: Vec::with_capacity(256),
        next: Vec::with_capacity(32),
    };
    loop {
        let mut best: Option<Found> = None;
        {
            let ctx = Ctx::new(grid, &units, &peers);
            for digit in 1..=9 {
                for cell in boxes(ctx.places[digit as usize - 1]) {
                    if !L::start(&ctx, cell, digit) {
                        continue;
                    }
                    let limit = best.as_ref().map_or(usize::MAX, |b| b.nodes.len());
                    let start = node(cell, digit);
                    if let Some(f) = from_start::<L>(&ctx, topo, start, limit, &mut scratch) {
                        best = Some(f);
                    }
                }
            }
        }
        let Some(found) = best else {
            return Ok(());
        };
        let digit = digit_of(found.nodes[0]);
        let mut emptied = None;
        for &c in &found.removes {
            let after = grid.get(c).without(Digits::single(digit));
            grid.set(c, after, pass.sink());
            if after.is_empty() && emptied.is_none() {
                emptied = Some(c);
            }
        }
        let last = found.nodes.len() - 1;
        let ends = [cell_of(found.nodes[0]), cell_of(found.nodes[last])];
        let mut chain = [ChainNode {
            cell: Cell(0),
            digit: 1,
            next: None,
        }; MAX_CHAIN_NODES];
        for (i, &n) in found.nodes.iter().enumerate() {
            chain[i] = ChainNode {
                cell: cell_of(n),
                digit: digit_of(n),
                next: (i < last).then_some(if i % 2 == 0 { Link::Strong } else { Link::Weak }),
            };
        }
        pass.step_chain(
            Evidence::new(&[], &ends, Digits::single(digit)),
            &chain[..found.nodes.len()],
        );
        if let Some(cell) = emptied {
            return Err(Contradiction::EmptyBox { cell });
        }
    }
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
