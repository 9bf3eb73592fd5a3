//! The search the chain strategies share (`simple_colouring`, `x_chain`, `xy_chain`, `x_cycles`,
//! `medusa`, `aic`): alternating inference chains
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
use crate::topology::{Cell, Topology};
use crate::trace::{ChainNode, Contradiction, Evidence, Link, Sink, MAX_CHAIN_NODES};

/// A node: `n < CANDIDATES` is the candidate `digit` in box `cell` (`cell * 9 + digit - 1`);
/// above, group `n - CANDIDATES` of the search's table.
type Node = u16;

/// How many candidates there are: the nodes below this are candidates, the rest groups.
const CANDIDATES: Node = 81 * 9;

fn node(cell: Cell, digit: Digit) -> Node {
    cell.0 as Node * 9 + Node::from(digit) - 1
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
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Walk {
    /// One digit: strong between its only two places in a unit, weak between two of its places
    /// that see each other. Open chains of four nodes at least.
    X,
    /// Boxes of two candidates: strong inside a box, weak between the same digit in two such
    /// boxes that see each other. Open chains of six nodes (three boxes) at least.
    Xy,
    /// [`Walk::X`] over conjugate pairs alone (its weak links too are the only two places of
    /// the digit in a unit): simple colouring's chains.
    Colour,
    /// [`Walk::Colour`] over every digit, with the only two digits of a box as links too (its
    /// weak links are such strong links as well): 3D Medusa's chains, from one colour of a
    /// cluster to the other.
    Medusa,
    /// [`Walk::X`] with groups (a digit's places in one line inside one square, as one node),
    /// and continuous loops.
    XCycle,
    /// Every link, of any digits, groups included, open or looped: strong between the only
    /// places of a digit in a unit or the only two digits of a box, weak between one digit in
    /// two places that see each other or two digits of one box.
    Aic,
}

impl Walk {
    /// The fewest nodes of one of its chains (shorter ones are lower rungs' patterns).
    fn min_nodes(self) -> usize {
        match self {
            Walk::Xy => 6,
            _ => 4,
        }
    }

    /// The most nodes of one of its chains: a bound on the search (docs/ratings.md, "Chains").
    fn max_nodes(self) -> usize {
        match self {
            Walk::X | Walk::Xy | Walk::Colour | Walk::Medusa => MAX_CHAIN_NODES,
            Walk::XCycle => 16,
            Walk::Aic => 12,
        }
    }

    /// Groups and loops.
    fn grouped(self) -> bool {
        matches!(self, Walk::XCycle | Walk::Aic)
    }
}

/// A group: `digit`'s places in one line inside one square (2 or 3 boxes), and the boxes that
/// see all of them.
#[derive(Copy, Clone)]
struct Group {
    digit: Digit,
    set: u128,
    seen: u128,
}

/// The grid as the chain search reads it: where each digit fits, the boxes of two candidates,
/// the groups, and the topology.
struct Ctx<'g> {
    grid: &'g Grid,
    topo: &'g Topology,
    walk: Walk,
    /// `places[d - 1]`: the boxes where `d` fits.
    places: [u128; 9],
    /// The boxes with exactly two candidates.
    pairs: u128,
    /// The groups, digit by digit: those of `d` are `groups[of_digit[d - 1]..of_digit[d]]`.
    groups: &'g [Group],
    of_digit: [u16; 10],
}

impl Ctx<'_> {
    fn digit(&self, n: Node) -> Digit {
        if n < CANDIDATES {
            (n % 9) as Digit + 1
        } else {
            self.groups[(n - CANDIDATES) as usize].digit
        }
    }

    /// The node's boxes.
    fn set(&self, n: Node) -> u128 {
        if n < CANDIDATES {
            1 << (n / 9)
        } else {
            self.groups[(n - CANDIDATES) as usize].set
        }
    }

    /// The boxes that see every box of the node.
    fn seen(&self, n: Node) -> u128 {
        if n < CANDIDATES {
            self.topo.peer_boxes(Cell((n / 9) as u8))
        } else {
            self.groups[(n - CANDIDATES) as usize].seen
        }
    }

    /// The groups of `digit`, as the range of their indexes.
    fn groups_of(&self, digit: Digit) -> std::ops::Range<usize> {
        self.of_digit[digit as usize - 1] as usize..self.of_digit[digit as usize] as usize
    }

    /// The node of `digit` on exactly the boxes `set`, if there is one.
    fn node_of(&self, digit: Digit, set: u128) -> Option<Node> {
        if set & set.wrapping_sub(1) == 0 {
            return Some(node(Cell(set.trailing_zeros() as u8), digit));
        }
        if !self.walk.grouped() {
            return None;
        }
        let g = self.groups_of(digit).find(|&g| self.groups[g].set == set)?;
        Some(CANDIDATES + g as Node)
    }

    /// Whether a chain may start at this node.
    fn start(&self, n: Node) -> bool {
        self.walk != Walk::Xy || (n < CANDIDATES && self.pairs >> (n / 9) & 1 != 0)
    }

    /// The nodes linked to `n` (strongly or weakly), pushed onto `out`.
    fn linked(&self, n: Node, strong: bool, out: &mut Vec<Node>) {
        if matches!(self.walk, Walk::Colour | Walk::Medusa) && !strong {
            // A conjugate pair (or a box of two digits) is also a weak link.
            return self.linked(n, true, out);
        }
        let digit = self.digit(n);
        let places = self.places[digit as usize - 1];
        let here = self.set(n);
        let first = Cell(here.trailing_zeros() as u8);
        let cell_links = matches!(self.walk, Walk::Aic | Walk::Xy | Walk::Medusa);
        let from = out.len();
        if strong {
            // The rest of the digit's places in each unit holding the node, as one node.
            if self.walk != Walk::Xy {
                for &u in self.topo.units_of(first) {
                    let unit = self.topo.boxes(u);
                    if unit & here != here {
                        continue;
                    }
                    let rest = places & unit & !here;
                    if rest == 0 || more_than_three(rest) {
                        continue;
                    }
                    if let Some(m) = self.node_of(digit, rest) {
                        if !out[from..].contains(&m) {
                            out.push(m);
                        }
                    }
                }
            }
            // The box's other digit, in a box of two.
            if cell_links && n < CANDIDATES && self.pairs & here != 0 {
                let other = self.grid.get(first).without(Digits::single(digit));
                out.extend(other.solved().map(|d| node(first, d)));
            }
            return;
        }
        // The digit where it sees the node (in boxes of two candidates, for XY-chains), then the
        // groups of the digit that do.
        let seen = self.seen(n);
        let among = if self.walk == Walk::Xy {
            self.pairs
        } else {
            !0
        };
        out.extend(boxes(seen & places & among).map(|c| node(c, digit)));
        if self.walk.grouped() {
            for g in self.groups_of(digit) {
                let set = self.groups[g].set;
                if set & seen == set {
                    out.push(CANDIDATES + g as Node);
                }
            }
        }
        // The box's other digits.
        if self.walk == Walk::Aic && n < CANDIDATES {
            let other = self.grid.get(first).without(Digits::single(digit));
            out.extend(other.iter().map(|d| node(first, d)));
        }
    }

    /// What is weakly linked to both `a` and `b`, as (box, digits) pairs, pushed onto `out`
    /// (the candidates of `nodes` aside: a loop's own).
    fn both_see(&self, a: Node, b: Node, nodes: &[Node], out: &mut Vec<(Cell, Digits)>) {
        let (x, y) = (self.digit(a), self.digit(b));
        let mut add = |c: Cell, d: Digit| {
            if nodes
                .iter()
                .any(|&m| self.digit(m) == d && self.set(m) >> c.0 & 1 != 0)
            {
                return;
            }
            match out.iter_mut().find(|(cell, _)| *cell == c) {
                Some((_, ds)) => *ds = ds.with(d),
                None => out.push((c, Digits::single(d))),
            }
        };
        if x == y {
            let common = self.seen(a) & self.seen(b) & self.places[x as usize - 1];
            for c in boxes(common) {
                add(c, x);
            }
        } else if a < CANDIDATES && b < CANDIDATES {
            let (ca, cb) = (Cell((a / 9) as u8), Cell((b / 9) as u8));
            if ca == cb {
                for d in self.grid.get(ca).iter().filter(|&d| d != x && d != y) {
                    add(ca, d);
                }
            } else if self.topo.sees(ca, cb) {
                if self.grid.get(ca).contains(y) {
                    add(ca, y);
                }
                if self.grid.get(cb).contains(x) {
                    add(cb, x);
                }
            }
        }
    }

    /// Whether `a` and `b` are weakly linked.
    fn weak(&self, a: Node, b: Node) -> bool {
        let (x, y) = (self.digit(a), self.digit(b));
        if x == y {
            self.set(b) & self.seen(a) == self.set(b)
        } else {
            self.walk == Walk::Aic && a < CANDIDATES && b < CANDIDATES && a / 9 == b / 9
        }
    }
}

/// A chain found: its nodes, in order, whether it is a loop, and what it removes.
struct Found {
    nodes: Vec<Node>,
    is_loop: bool,
    removes: Vec<(Cell, Digits)>,
}

/// Each node's strong links, found once per search of the grid: node `n`'s are `list[at[n]..at[n + 1]]`.
struct Links {
    at: Vec<u32>,
    list: Vec<Node>,
}

impl Links {
    const EMPTY: Links = Links {
        at: Vec::new(),
        list: Vec::new(),
    };

    fn of(&self, n: Node) -> &[Node] {
        &self.list[self.at[n as usize] as usize..self.at[n as usize + 1] as usize]
    }

    /// Whether node `n` is on the grid: a group, or a candidate the grid holds.
    fn present(ctx: &Ctx, n: Node) -> bool {
        n >= CANDIDATES || ctx.places[ctx.digit(n) as usize - 1] & ctx.set(n) != 0
    }

    /// The table of `ctx`'s strong links for every node (`Ctx::linked`).
    fn build(&mut self, ctx: &Ctx) {
        self.at.clear();
        self.list.clear();
        self.at.push(0);
        for n in 0..CANDIDATES + ctx.groups.len() as Node {
            if Self::present(ctx, n) {
                ctx.linked(n, true, &mut self.list);
            }
            self.at.push(self.list.len() as u32);
        }
    }

    /// [`Links::build`] from the grid's links within units (`units`, built for
    /// [`Walk::XCycle`]: groups included, no box's other digit): every walk's strong links are
    /// those (for the walks without groups, those to candidates; none for XY-chains), then the
    /// box's other digit in a box of two for the walks that link inside boxes, in the order
    /// `Ctx::linked` gives them.
    fn build_from(&mut self, ctx: &Ctx, units: &Links) {
        self.at.clear();
        self.list.clear();
        self.at.push(0);
        let cell_links = matches!(ctx.walk, Walk::Aic | Walk::Xy | Walk::Medusa);
        // The candidates box by box (those the grid holds have links), then the groups.
        for c in Cell::all() {
            let held = ctx.grid.get(c);
            let pair = cell_links && ctx.pairs >> c.0 & 1 != 0;
            for digit in 1..=9 {
                if held.contains(digit) {
                    let within = units.of(node(c, digit));
                    if ctx.walk.grouped() {
                        self.list.extend_from_slice(within);
                    } else if ctx.walk != Walk::Xy {
                        self.list
                            .extend(within.iter().copied().filter(|&m| m < CANDIDATES));
                    }
                    if pair {
                        let other = held.without(Digits::single(digit));
                        self.list.extend(other.solved().map(|d| node(c, d)));
                    }
                }
                self.at.push(self.list.len() as u32);
            }
        }
        for g in 0..ctx.groups.len() as Node {
            self.list.extend_from_slice(units.of(CANDIDATES + g));
            self.at.push(self.list.len() as u32);
        }
    }
}

/// What every walk's search of one grid shares: its groups and its strong links within units
/// (`Links::build_from`), kept for the grid (its topology and every digit's places) last
/// asked, as the walk asks the chain rungs of one grid in turn.
struct Shared {
    built: bool,
    topo: u32,
    places: [u128; 9],
    groups: Vec<Group>,
    of_digit: [u16; 10],
    units: Links,
}

thread_local! {
    static SHARED: std::cell::RefCell<Shared> = const {
        std::cell::RefCell::new(Shared {
            built: false,
            topo: 0,
            places: [0; 9],
            groups: Vec::new(),
            of_digit: [0; 10],
            units: Links::EMPTY,
        })
    };
}

/// Each node's weak links to a node with strong links (a node without any ends no chain and
/// leads nowhere), found when first asked in a search of the grid: node `n`'s are
/// `list[at[n].0..at[n].1]`, `at[n].0` `u32::MAX` while not asked.
struct WeakLinks {
    at: Vec<(u32, u32)>,
    list: Vec<Node>,
}

impl WeakLinks {
    fn clear(&mut self, nodes: usize) {
        self.at.clear();
        self.at.resize(nodes, (u32::MAX, 0));
        self.list.clear();
    }

    fn of(&mut self, ctx: &Ctx, strong: &Links, n: Node) -> &[Node] {
        if self.at[n as usize].0 == u32::MAX {
            let from = self.list.len();
            ctx.linked(n, false, &mut self.list);
            let mut keep = from;
            for i in from..self.list.len() {
                let m = self.list[i];
                if !strong.of(m).is_empty() {
                    self.list[keep] = m;
                    keep += 1;
                }
            }
            self.list.truncate(keep);
            self.at[n as usize] = (from as u32, keep as u32);
        }
        let (a, b) = self.at[n as usize];
        &self.list[a as usize..b as usize]
    }
}

/// The search's buffers, reused from start to start.
struct Scratch {
    parent: Vec<u16>,
    depth: Vec<u8>,
    queue: Vec<u16>,
    removes: Vec<(Cell, Digits)>,
    strong: Links,
    weak: WeakLinks,
}

/// The shortest chain from `start` shorter than `shorter_than` nodes that removes something,
/// if any: breadth first over (node, how it was reached), a chain ending on a strong link, open
/// (what is weakly linked to both ends goes) or, for the grouped walks, closing into a loop
/// (what is weakly linked to both nodes of one of its weak links goes). A chain whose nodes
/// share a candidate is skipped (and for XY-chains, one that passes a box twice).
fn from_start(ctx: &Ctx, start: Node, shorter_than: usize, scratch: &mut Scratch) -> Option<Found> {
    // State 2n + 0: reached by a weak link (or the start), the next link is strong; 2n + 1:
    // reached by a strong link, the next is weak, and the chain may end here.
    let Scratch {
        parent,
        depth,
        queue,
        removes,
        strong,
        weak,
        ..
    } = scratch;
    // The states the last start reached are the only ones set.
    for &t in queue.iter() {
        parent[t as usize] = u16::MAX;
    }
    queue.clear();
    let s0 = (start as usize) * 2;
    parent[s0] = s0 as u16;
    depth[s0] = 1;
    queue.push(s0 as u16);
    let digit = ctx.digit(start);
    let max = ctx.walk.max_nodes();
    let mut head = 0;
    while head < queue.len() {
        let state = queue[head] as usize;
        head += 1;
        let nodes = depth[state] as usize + 1;
        if nodes > max || nodes >= shorter_than {
            continue;
        }
        let n = (state / 2) as Node;
        let links: &[Node] = if state % 2 == 0 {
            strong.of(n)
        } else {
            weak.of(ctx, strong, n)
        };
        for &m in links {
            let t = m as usize * 2 + (1 - state % 2);
            if parent[t] != u16::MAX {
                continue;
            }
            parent[t] = state as u16;
            depth[t] = nodes as u8;
            queue.push(t as u16);
            if t % 2 == 0 || nodes < ctx.walk.min_nodes() || m == start {
                continue;
            }
            let is_loop = ctx.walk.grouped() && ctx.weak(m, start);
            if !is_loop && !matches!(ctx.walk, Walk::Aic | Walk::Medusa) && ctx.digit(m) != digit {
                continue;
            }
            if !is_loop {
                // An open chain removes what both ends see, whatever its path: told before the
                // path is gathered.
                removes.clear();
                ctx.both_see(start, m, &[], removes);
                if removes.is_empty() {
                    continue;
                }
            }
            let mut path = vec![m];
            let mut s = state;
            while s != s0 {
                path.push((s / 2) as Node);
                s = parent[s] as usize;
            }
            path.push(start);
            path.reverse();
            if !simple(ctx, &path) {
                continue;
            }
            if is_loop {
                removes.clear();
                for i in (1..path.len()).step_by(2) {
                    ctx.both_see(path[i], path[(i + 1) % path.len()], &path, removes);
                }
            }
            if !removes.is_empty() {
                removes.sort_by_key(|&(c, _)| c);
                return Some(Found {
                    nodes: path,
                    is_loop,
                    removes: removes.clone(),
                });
            }
        }
    }
    None
}

/// No candidate in two nodes; for XY-chains, a box once only (its two nodes in a box follow
/// each other).
fn simple(ctx: &Ctx, path: &[Node]) -> bool {
    let mut seen = [0u128; 9];
    let mut cells = 0u128;
    for (i, &p) in path.iter().enumerate() {
        let (d, set) = (ctx.digit(p) as usize - 1, ctx.set(p));
        if seen[d] & set != 0 {
            return false;
        }
        seen[d] |= set;
        if ctx.walk == Walk::Xy {
            let again = i > 0 && ctx.set(path[i - 1]) == set;
            if !again && cells & set != 0 {
                return false;
            }
            cells |= set;
        }
    }
    true
}

/// The groups of the grid for a grouped walk: each digit's places in a line inside a square
/// (a unit that is not a line), where there are 2 or 3 of them, digit by digit (`of_digit`
/// gets where each digit's start).
fn groups_of(topo: &Topology, places: &[u128; 9], out: &mut Vec<Group>, of_digit: &mut [u16; 10]) {
    out.clear();
    for digit in 1..=9u8 {
        of_digit[digit as usize - 1] = out.len() as u16;
        let from = out.len();
        for line in topo.all_units().filter(|&u| topo.is_line(u)) {
            let on_line = places[digit as usize - 1] & topo.boxes(line);
            if on_line & on_line.wrapping_sub(1) == 0 {
                continue;
            }
            for square in topo.all_units().filter(|&u| !topo.is_line(u)) {
                let set = on_line & topo.boxes(square);
                let two = set & set.wrapping_sub(1);
                if two != 0 && !more_than_three(set) && !out[from..].iter().any(|g| g.set == set) {
                    let seen = boxes(set).fold(!0, |s, c| s & topo.peer_boxes(c));
                    out.push(Group { digit, set, seen });
                }
            }
        }
    }
    of_digit[9] = out.len() as u16;
}

/// The shortest chain of the walk on `grid` that removes something (module doc), if any.
#[inline(never)]
fn find(
    grid: &Grid,
    topo: &Topology,
    walk: Walk,
    scratch: &mut Scratch,
    groups: &mut Vec<Group>,
) -> Option<Found> {
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
    SHARED.with(|shared| {
        let mut shared = shared.borrow_mut();
        let shared = &mut *shared;
        if !(shared.built && shared.topo == topo.id() && shared.places == places) {
            groups_of(topo, &places, &mut shared.groups, &mut shared.of_digit);
            let ctx = Ctx {
                grid,
                topo,
                walk: Walk::XCycle,
                places,
                pairs,
                groups: &shared.groups,
                of_digit: shared.of_digit,
            };
            shared.units.build(&ctx);
            (shared.built, shared.topo, shared.places) = (true, topo.id(), places);
        }
        let grouped = walk.grouped();
        let ctx = Ctx {
            grid,
            topo,
            walk,
            places,
            pairs,
            groups: if grouped { &shared.groups } else { &[] },
            of_digit: if grouped { shared.of_digit } else { [0; 10] },
        };
        let best = search_grid(&ctx, &shared.units, scratch);
        groups.clear();
        if best.is_some() {
            groups.extend_from_slice(ctx.groups);
        }
        best
    })
}

/// [`find`] on the grid as `ctx` reads it, its strong links from `units` (`Links::build_from`).
fn search_grid(ctx: &Ctx, units: &Links, scratch: &mut Scratch) -> Option<Found> {
    let states = (CANDIDATES as usize + ctx.groups.len()) * 2;
    if scratch.parent.len() < states {
        scratch.parent.resize(states, u16::MAX);
        scratch.depth.resize(states, 0);
    }
    scratch.strong.build_from(ctx, units);
    scratch.weak.clear(CANDIDATES as usize + ctx.groups.len());
    let mut best: Option<Found> = None;
    for digit in 1..=9 {
        let starts = boxes(ctx.places[digit as usize - 1])
            .map(|c| node(c, digit))
            .chain(ctx.groups_of(digit).map(|g| CANDIDATES + g as Node));
        for start in starts {
            if ctx.start(start) && !scratch.strong.of(start).is_empty() {
                let limit = best.as_ref().map_or(usize::MAX, |b| b.nodes.len());
                if let Some(f) = from_start(ctx, start, limit, scratch) {
                    best = Some(f);
                }
            }
        }
    }
    best
}

/// Whether `set` has more than three boxes (without counting them: `count_ones` is a sequence
/// of shifts and masks on a target without a population count instruction, x86-64's baseline).
fn more_than_three(set: u128) -> bool {
    let mut rest = set;
    for _ in 0..3 {
        rest &= rest.wrapping_sub(1);
    }
    rest != 0
}

/// A found chain as a step reports it: its nodes with their links, and its evidence (no units;
/// the chain's first and last nodes' first boxes; the digits removed).
#[inline(never)]
fn reported(found: &Found, groups: &[Group]) -> ([ChainNode; MAX_CHAIN_NODES], Evidence) {
    let last = found.nodes.len() - 1;
    let mut chain = [ChainNode::new(Cell(0), 1, None); MAX_CHAIN_NODES];
    for (i, &n) in found.nodes.iter().enumerate() {
        let next = (i < last || found.is_loop).then_some(if i % 2 == 0 {
            Link::Strong
        } else {
            Link::Weak
        });
        chain[i] = if n < CANDIDATES {
            ChainNode::new(Cell((n / 9) as u8), (n % 9) as Digit + 1, next)
        } else {
            let g = groups[(n - CANDIDATES) as usize];
            let cells: Vec<Cell> = boxes(g.set).collect();
            ChainNode::group(&cells, g.digit, next)
        };
    }
    let ends = [chain[0].cell(), chain[last].cell()];
    let digits = found.removes.iter().fold(Digits::NONE, |all, &(_, d)| {
        Digits::from_bits(all.bits() | d.bits())
    });
    (chain, Evidence::new(&[], &ends, digits))
}

/// One pass of a chain strategy (module doc): each chain's step, with its evidence (`reported`)
/// and its chain. A pass whose sink is full (the easiest step's, of one step) stops there.
pub(super) fn search<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    walk: Walk,
) -> Result<(), Contradiction> {
    let mut scratch = Scratch {
        parent: vec![u16::MAX; CANDIDATES as usize * 2],
        depth: vec![0; CANDIDATES as usize * 2],
        queue: Vec::with_capacity(256),
        removes: Vec::new(),
        strong: Links::EMPTY,
        weak: WeakLinks {
            at: Vec::new(),
            list: Vec::new(),
        },
    };
    let mut groups = Vec::new();
    while let Some(found) = find(grid, topo, walk, &mut scratch, &mut groups) {
        let mut emptied = None;
        for &(c, digits) in &found.removes {
            let after = grid.get(c).without(digits);
            grid.set(c, after, pass.sink());
            if after.is_empty() && emptied.is_none() {
                emptied = Some(c);
            }
        }
        let (chain, evidence) = reported(&found, &groups);
        pass.step_chain(evidence, &chain[..found.nodes.len()]);
        if let Some(cell) = emptied {
            return Err(Contradiction::EmptyBox { cell });
        }
        if S::ENABLED && pass.sink().full() {
            break;
        }
    }
    Ok(())
}

/// A step's score on Sudoku Explainer's scale from its chain (docs/ratings.md, "Chains"): the
/// base by the chain's links (6.6 for a chain whose strong links are all within units, an X-
/// chain, or all inside boxes of two candidates, a Y-chain; 7.0 for one that mixes both; a loop
/// a tenth less, 6.5, unless it mixes), plus its length's tenths (`chain_rating`).
pub fn chain_score(chain: &[ChainNode]) -> f32 {
    let n = chain.len();
    let strong = |i: usize| chain[i].next == Some(Link::Strong);
    let in_box = |i: usize| {
        let (a, b) = (&chain[i], &chain[(i + 1) % n]);
        !a.is_group() && !b.is_group() && a.cell() == b.cell()
    };
    let x = (0..n).any(|i| strong(i) && !in_box(i));
    let y = (0..n).any(|i| strong(i) && in_box(i));
    let base = if x && y {
        7.0
    } else if ChainNode::is_loop(chain) {
        6.5
    } else {
        6.6
    };
    chain_rating(base, n)
}

/// Whether a chain passes through an almost locked set: two nodes in a row on the same boxes (more
/// than one) with two digits, the set's strong link (docs/trace-format.md, "Chains").
pub fn has_als(chain: &[ChainNode]) -> bool {
    chain
        .windows(2)
        .any(|w| w[0].is_group() && w[0].boxes() == w[1].boxes() && w[0].digit != w[1].digit)
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
