//! `medusa`: 3D Medusa, simple colouring over every digit. Candidates joined by a conjugate pair
//! (a digit's only two places in a unit) or by a box's only two digits are opposite: one of the
//! two is true. A cluster of such links takes two colours, one of which is all true. A candidate
//! that sees both colours (the same digit in two boxes it sees, or a colour in its own box and
//! its digit of the other colour in a box it sees; or a box holding both colours, whose other
//! digits go) is false: SudokuWiki's traps. A colour twice in a box or a unit is false, and its
//! candidates go one by one (SudokuWiki's wraps). Each such step is the chain of links it rests
//! on, from one colour to the other, as `aic` writes chains (its links alternately labelled
//! strong and weak, every one of them both): what is weakly linked to both ends goes.
//!
//! SudokuWiki's sixth rule, a box emptied by a colour: an unsolved box holding no candidate of a
//! cluster, every candidate of which sees that digit in one colour (in a box it sees), would be empty
//! were that colour true, so that colour is false. Its step is a forcing step's contradiction
//! (docs/trace-format.md, "Forcing steps"): one of the colour's candidates assumed true, each
//! link followed from it (a candidate on puts its partner off, one off puts its partner on) to
//! a candidate of that colour seeing each of the box's digits, which goes: the box is empty,
//! so the assumed candidate goes. The rest of the false colour follows by singles, each of its
//! links now a box or a unit with one place left. Searched once no chain removes anything.

use super::chains::{self, Walk};
use super::{Pass, Strategy};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Conclude, Contradiction, Evidence, NetNode, Sink};

pub struct Medusa;

impl Strategy for Medusa {
    const ID: &'static str = "medusa";
    const LABEL: &'static str = "3D Medusa";
    const DESCRIPTION: &'static str = "Colouring over every digit: candidates joined by a digit's only two places in a unit or by a box's only two digits take opposite colours, one of which is all true. A candidate that sees both colours goes, and so does one that shares a box or a unit with its own colour, which is false; so does a colour that would empty a box whose every candidate sees it.";
    const CAPTION: &'static str = "{chain}: each link is a digit's only two places in a unit or a box's only two digits, so the candidates alternate between two colours, one of which is all true; the ends have opposite colours, so {digits} leave {changed}, which see both";
    const FORCING_CAPTION: &'static str = "each link is a digit's only two places in a unit or a box's only two digits, so the candidates alternate between two colours, one of which is all true; {box2} holds none of them, and every digit of it sees the colour of {digit} in {box1}, which would empty it: that colour is false, so {digit} leaves {changed}: {chains}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer, which finds its traps and wraps as forcing chains mixing links
    /// within units and inside boxes: 7.0 plus its length's tenths (`chains::chain_score`; a
    /// chain of one kind of link scores as an X- or Y-chain, 6.6). HoDoKu and SudokuWiki put it
    /// before the alternating inference chains, so it sits just before `aic`, at its base.
    const RATING: f32 = 7.0;
    const NOT_IN_SE: bool = true;

    /// `chains::search` over conjugate pairs and boxes of two digits, every digit, open chains
    /// of 4 to 32 nodes; once none removes anything, a box emptied by a colour (`emptied`),
    /// and the chains again after its step. A chain's evidence: no units; the chain's first
    /// and last boxes; the digits removed; the chain. An emptied box's: no units; the assumed
    /// candidate's box, then the emptied box; its digit; the branch.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        loop {
            chains::search(grid, topo, pass, Walk::Medusa)?;
            if S::ENABLED && pass.sink().full() {
                return Ok(());
            }
            let Some(found) = emptied(grid, topo) else {
                return Ok(());
            };
            let (cell, digit) = found.premise;
            let after = grid.get(cell).without(Digits::single(digit));
            grid.set(cell, after, pass.sink());
            let evidence = Evidence::new(&[], &[cell, found.emptied], Digits::single(digit));
            let nodes = found.branch.len();
            let nets = std::slice::from_ref(&found.branch);
            pass.step_net(evidence, Conclude::Contradiction, nodes, nets);
            if after.is_empty() {
                return Err(Contradiction::EmptyBox { cell });
            }
            if S::ENABLED && pass.sink().full() {
                return Ok(());
            }
        }
    }
}

/// A candidate as a number: `cell * 9 + digit - 1`.
type Node = u16;

const NODES: usize = 81 * 9;

fn cell_of(n: Node) -> Cell {
    Cell((n / 9) as u8)
}

fn digit_of(n: Node) -> Digit {
    (n % 9) as Digit + 1
}

/// A box emptied by a colour, as its step shows it.
struct Emptied {
    /// The colour's candidate assumed true, which goes.
    premise: (Cell, Digit),
    emptied: Cell,
    /// The premise, the links followed from it (each node after its parent), then the
    /// emptied box's digits, each off.
    branch: Vec<NetNode>,
}

/// The medusa links of the grid, each node's `list[at[n]..at[n + 1]]`: its digit's other place
/// where a unit holds two (once per such unit), its box's other digit where the box holds two.
struct Links {
    at: Vec<u32>,
    list: Vec<Node>,
}

impl Links {
    fn of(&self, n: Node) -> &[Node] {
        &self.list[self.at[n as usize] as usize..self.at[n as usize + 1] as usize]
    }

    fn build(grid: &Grid, topo: &Topology) -> Links {
        let mut places = [0u128; 9];
        for c in Cell::all() {
            for d in grid.get(c).iter() {
                places[d as usize - 1] |= 1 << c.0;
            }
        }
        let mut edges: Vec<(Node, Node)> = Vec::new();
        let node = |c: u32, d: Digit| c as Node * 9 + Node::from(d) - 1;
        for u in topo.all_units() {
            for d in 1..=9 {
                let set = topo.boxes(u) & places[d as usize - 1];
                let rest = set & set.wrapping_sub(1);
                if set != 0 && rest != 0 && rest & rest.wrapping_sub(1) == 0 {
                    let (a, b) = (
                        node(set.trailing_zeros(), d),
                        node(rest.trailing_zeros(), d),
                    );
                    edges.extend([(a, b), (b, a)]);
                }
            }
        }
        for c in Cell::all() {
            let ds = grid.get(c);
            if ds.is_pair() {
                let mut it = ds.iter();
                let (a, b) = (it.next().unwrap(), it.next().unwrap());
                let (a, b) = (node(c.0 as u32, a), node(c.0 as u32, b));
                edges.extend([(a, b), (b, a)]);
            }
        }
        // Counted, not sorted (a pair in two units is listed twice, which a search passes over).
        let mut at = vec![0u32; NODES + 1];
        for &(a, _) in &edges {
            at[a as usize + 1] += 1;
        }
        let mut sum = 0;
        for n in at.iter_mut() {
            sum += *n;
            *n = sum;
        }
        let mut next = at.clone();
        let mut list = vec![0; edges.len()];
        for &(a, b) in &edges {
            list[next[a as usize] as usize] = b;
            next[a as usize] += 1;
        }
        Links { at, list }
    }
}

/// The smallest step of SudokuWiki's sixth rule on `grid` (module doc), if any: over every
/// cluster (in order of its first candidate, A1..I9 and digits ascending) coloured without a
/// clash, each colour, each box of two candidates or more holding none of the cluster whose
/// every digit sees that colour,
/// each candidate of the colour as the premise, the branch of fewest nodes (ties: the first
/// found).
fn emptied(grid: &Grid, topo: &Topology) -> Option<Emptied> {
    let links = Links::build(grid, topo);
    // colour[n]: 0 uncoloured, 1 or 2 (of the cluster being looked at or an earlier one).
    let mut colour = [0u8; NODES];
    let mut members: Vec<Node> = Vec::new();
    let mut best: Option<Emptied> = None;
    let mut scratch = Bfs::new();
    for first in 0..NODES as Node {
        if colour[first as usize] != 0 || links.of(first).is_empty() {
            continue;
        }
        members.clear();
        members.push(first);
        colour[first as usize] = 1;
        let mut clash = false;
        let mut head = 0;
        while head < members.len() {
            let n = members[head];
            head += 1;
            for &m in links.of(n) {
                let want = 3 - colour[n as usize];
                match colour[m as usize] {
                    0 => {
                        colour[m as usize] = want;
                        members.push(m);
                    }
                    c if c != want => clash = true,
                    _ => {}
                }
            }
        }
        if clash {
            // A colour twice in a box or a unit: a wrap, the chains' (within their length).
            continue;
        }
        let cells = members.iter().fold(0u128, |s, &n| s | 1 << cell_of(n).0);
        for side in 1..=2u8 {
            let mut seen = [0u128; 9];
            for &n in members.iter().filter(|&&n| colour[n as usize] == side) {
                seen[digit_of(n) as usize - 1] |= topo.peer_boxes(cell_of(n));
            }
            for x in Cell::all() {
                let ds = grid.get(x);
                // A box of one candidate seen by its digit is `eliminate`'s.
                if ds.len() < 2
                    || cells >> x.0 & 1 != 0
                    || !ds.iter().all(|d| seen[d as usize - 1] >> x.0 & 1 != 0)
                {
                    continue;
                }
                for &p in members.iter().filter(|&&n| colour[n as usize] == side) {
                    let fewer = best.as_ref().map_or(usize::MAX, |b| b.branch.len());
                    if let Some(found) = scratch.branch(&links, topo, ds, x, p, fewer) {
                        best = Some(found);
                    }
                }
            }
        }
    }
    best
}

/// A breadth-first search over a cluster's links from a premise, its buffers reused.
struct Bfs {
    /// `parent[n]`: the node `n` was reached from (`u16::MAX`: not reached).
    parent: Vec<Node>,
    order: Vec<Node>,
    /// Each reached node's place in the branch, `u16::MAX` where it has none.
    index: Vec<u16>,
}

impl Bfs {
    fn new() -> Bfs {
        Bfs {
            parent: vec![Node::MAX; NODES],
            order: Vec::new(),
            index: vec![u16::MAX; NODES],
        }
    }

    /// The branch from premise `p` (on) to `x`'s digits `ds` each off, each seen by the
    /// nearest candidate of `p`'s colour of that digit, if it has fewer than `fewer` nodes.
    fn branch(
        &mut self,
        links: &Links,
        topo: &Topology,
        ds: Digits,
        x: Cell,
        p: Node,
        fewer: usize,
    ) -> Option<Emptied> {
        for &n in &self.order {
            self.parent[n as usize] = Node::MAX;
            self.index[n as usize] = u16::MAX;
        }
        self.order.clear();
        self.parent[p as usize] = p;
        self.order.push(p);
        let mut head = 0;
        while head < self.order.len() {
            let n = self.order[head];
            head += 1;
            for &m in links.of(n) {
                if self.parent[m as usize] == Node::MAX {
                    self.parent[m as usize] = n;
                    self.order.push(m);
                }
            }
        }
        // The premise's colour is an even number of links from it.
        let depth_even = |bfs: &Bfs, mut n: Node| {
            let mut even = true;
            while n != p {
                n = bfs.parent[n as usize];
                even = !even;
            }
            even
        };
        let mut killers: Vec<Node> = Vec::with_capacity(9);
        for d in ds.iter() {
            let k =
                self.order.iter().copied().find(|&n| {
                    digit_of(n) == d && topo.sees(cell_of(n), x) && depth_even(self, n)
                })?;
            killers.push(k);
        }
        // Mark what the killers need, then number it in the search's order.
        let mut needed = 0;
        for &k in &killers {
            let mut n = k;
            loop {
                if self.index[n as usize] != u16::MAX {
                    break;
                }
                self.index[n as usize] = 0;
                needed += 1;
                if n == p {
                    break;
                }
                n = self.parent[n as usize];
            }
        }
        if needed + killers.len() >= fewer {
            return None;
        }
        let mut branch = Vec::with_capacity(needed + killers.len());
        for &n in &self.order {
            if self.index[n as usize] == u16::MAX {
                continue;
            }
            self.index[n as usize] = branch.len() as u16;
            let parents = if n == p {
                Vec::new()
            } else {
                vec![self.index[self.parent[n as usize] as usize]]
            };
            branch.push(NetNode {
                cell: cell_of(n),
                digit: digit_of(n),
                on: depth_even(self, n),
                by: None,
                parents,
            });
        }
        for (d, &k) in ds.iter().zip(&killers) {
            branch.push(NetNode {
                cell: x,
                digit: d,
                on: false,
                by: None,
                parents: vec![self.index[k as usize]],
            });
        }
        Some(Emptied {
            premise: (cell_of(p), digit_of(p)),
            emptied: x,
            branch,
        })
    }
}
