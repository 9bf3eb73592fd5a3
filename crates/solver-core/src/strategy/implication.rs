//! The implication engine the forcing strategies share: from a premise (a candidate assumed on,
//! true, or off, false) it derives every candidate that must then be on or off, each derived
//! node recording its parents (the nodes it follows from), until nothing more follows or two
//! derivations contradict each other.
//!
//! The rules, over the candidates before the premise (the grid):
//! - a candidate on puts off the box's other digits and the same digit in every box that sees it
//!   (the topology's peers, so a variant's exclusions take part);
//! - a candidate off leaves its box with one digit, or a unit with one place for its digit: that
//!   one is on. *Static* propagation (Sudoku Explainer's forcing chains) takes only the links
//!   the grid has: a box of two digits, a unit with two places of a digit, the one parent being
//!   the other candidate's off. *Dynamic* propagation (its dynamic chains) counts every off
//!   derived so far: the on node's parents are all the offs that emptied the box or the unit.
//! - a net (its dynamic chains "+") also, when the rules above are exhausted, asks the ladder's
//!   basic techniques ([`INNER`]) on the grid the branch has reached; each candidate one of them
//!   removes is an off node whose parents are the branch's offs inside the technique's units and
//!   boxes, and the technique is named on the node.
//!
//! A contradiction: a candidate both on and off, a box with every digit off, or a unit with
//! every place of a digit off. Candidates are kept as one bit set of boxes per digit, so the
//! rules run on 128-bit masks; a branch's offs also as each box's digits, for a box's last digit.

use crate::digits::{Digit, Digits};
use crate::easiest::first_step;
use crate::grid::Grid;
use crate::registry::position;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::Position;

/// A candidate on or off, as one number: `(cell * 9 + digit - 1) * 2 + on`.
pub type Lit = u16;

/// The literal of `digit` in `cell`, on or off.
#[inline]
pub fn lit(cell: Cell, digit: Digit, on: bool) -> Lit {
    (cell.0 as Lit * 9 + Lit::from(digit) - 1) * 2 + on as Lit
}

/// A literal's box.
#[inline]
pub fn lit_cell(l: Lit) -> Cell {
    Cell((l / 18) as u8)
}

/// A literal's digit.
#[inline]
pub fn lit_digit(l: Lit) -> Digit {
    (l / 2 % 9) as Digit + 1
}

/// Whether a literal is "on".
#[inline]
pub fn lit_on(l: Lit) -> bool {
    l % 2 == 1
}

const NONE: u16 = u16::MAX;
const LITS: usize = 81 * 9 * 2;

/// How far the propagation goes (module doc).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Depth {
    /// Only the grid's own strong links (a box of two digits, a unit with two places).
    Static,
    /// Every off so far counts.
    Dynamic,
    /// Dynamic, and the basic techniques ([`INNER`]) when the singles are exhausted.
    Net,
    /// A net that, when the basic techniques are exhausted too, also asks a static forcing
    /// chain inside the branch: a candidate of the branch's grid whose "on" leads, over that
    /// grid's own links, to a contradiction is off (Sudoku Explainer's nested chains).
    Nested,
}

/// The techniques a net asks inside a branch, by registry id, easiest first: Sudoku
/// Explainer's own list for its dynamic chains "+" (locked candidates, hidden and naked pairs,
/// X-wing).
pub const INNER: [&str; 5] = [
    "pointing",
    "claiming",
    "hidden_pairs",
    "naked_twins",
    "x_wing",
];

/// One derived node: its literal, where its parents sit in [`Engine::parents`], and the
/// registry position of the technique that made it (a net's inner step), if any.
#[derive(Copy, Clone, Debug)]
pub struct Node {
    pub lit: Lit,
    parents: (u32, u32),
    pub by: Option<Position>,
}

/// How a branch ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Nothing more follows.
    Done,
    /// The nodes at these indices contradict each other: a literal and its opposite (two
    /// nodes), or every candidate of a box or every place of a digit in a unit off (given as
    /// the first of them and how many follow in [`Engine::conflict`]).
    Contradiction,
}

/// The engine's buffers, reused from branch to branch, and the last branch's result.
pub struct Engine<'g> {
    grid: &'g Grid,
    topo: &'g Topology,
    depth: Depth,
    /// `cand[d - 1]`: the boxes where `d` fits in the grid.
    cand: [u128; 9],
    /// The branch's literals so far, by digit: on and off.
    pub on: [u128; 9],
    pub off: [u128; 9],
    /// The branch's offs by box: `off_in[c]`, the digits of box `c` put off (`off` read the
    /// other way, for the box's last digit).
    off_in: [Digits; 81],
    /// The branch's nodes, in the order derived (the first is the premise).
    pub nodes: Vec<Node>,
    parents: Vec<u16>,
    /// Each literal's node index in this branch (`NONE` if not derived).
    index: Vec<u16>,
    /// The nodes that contradict each other, when the branch ended so.
    pub conflict: Vec<u16>,
    inner: Vec<Position>,
    /// A node's parents while they are gathered.
    scratch: Vec<u16>,
    /// [`static_closure`]'s stack, made when first needed.
    stack: Option<Box<[Lit; LITS]>>,
    /// The nodes derived so far over every branch (nested ones included): the work done, which
    /// a forcing pass bounds ([`WORK_BUDGET`]).
    pub work: u64,
    /// Only the premise's digit (Sudoku Explainer's Nishio): an on puts off its digit in the
    /// boxes that see it, not the box's other digits, and an off makes no box's last digit on.
    pub one_digit: bool,
}

/// The most nodes a forcing pass derives, over all its branches, before it gives up: it keeps
/// a last resort from running for minutes on a grid with little to go on (a nearly empty one),
/// and it is deterministic, so a pass finds the same step on every machine. The passes the
/// puzzle sets of `puzzles/` need stay well under it (docs/ratings.md).
pub const WORK_BUDGET: u64 = 20_000_000;

impl<'g> Engine<'g> {
    pub fn new(grid: &'g Grid, topo: &'g Topology, depth: Depth) -> Self {
        let mut cand = [0u128; 9];
        for (d, c) in cand.iter_mut().enumerate() {
            *c = grid.places(d as Digit + 1);
        }
        Engine {
            grid,
            topo,
            depth,
            cand,
            on: [0; 9],
            off: [0; 9],
            off_in: [Digits::NONE; 81],
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(1024),
            index: vec![NONE; LITS],
            conflict: Vec::new(),
            inner: INNER.iter().filter_map(|id| position(id)).collect(),
            scratch: Vec::with_capacity(16),
            stack: None,
            work: 0,
            one_digit: false,
        }
    }

    /// The boxes where `digit` fits in the grid.
    #[inline]
    pub fn candidates(&self, digit: Digit) -> u128 {
        self.cand[digit as usize - 1]
    }

    /// The node index of a literal in the branch, if derived.
    #[inline]
    pub fn node_of(&self, l: Lit) -> Option<usize> {
        let i = self.index[l as usize];
        (i != NONE).then_some(i as usize)
    }

    /// The parents of node `i`, as node indices.
    pub fn parents_of(&self, i: usize) -> &[u16] {
        let (a, b) = self.nodes[i].parents;
        &self.parents[a as usize..b as usize]
    }

    fn clear(&mut self) {
        for n in &self.nodes {
            self.index[n.lit as usize] = NONE;
            self.off_in[lit_cell(n.lit).index()] = Digits::NONE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.conflict.clear();
        self.on = [0; 9];
        self.off = [0; 9];
    }

    /// Adds a node unless its literal is derived already. A literal whose opposite is derived
    /// is a contradiction (`Err`, the two nodes in `conflict`).
    #[inline]
    fn add(&mut self, l: Lit, parents: &[u16], by: Option<Position>) -> Result<(), ()> {
        if self.index[l as usize] != NONE {
            return Ok(());
        }
        let i = self.nodes.len() as u16;
        self.work += 1;
        let start = self.parents.len() as u32;
        // One parent (most nodes: an on's offs) without a call to copy a slice.
        match parents {
            &[one] => self.parents.push(one),
            _ => self.parents.extend_from_slice(parents),
        }
        self.nodes.push(Node {
            lit: l,
            parents: (start, self.parents.len() as u32),
            by,
        });
        self.index[l as usize] = i;
        let (c, d) = (lit_cell(l), lit_digit(l) as usize - 1);
        let bit = 1u128 << c.0;
        if lit_on(l) {
            self.on[d] |= bit;
        } else {
            self.off[d] |= bit;
            let o = &mut self.off_in[c.index()];
            *o = o.with(d as Digit + 1);
        }
        let opposite = self.index[(l ^ 1) as usize];
        if opposite != NONE {
            self.conflict.extend_from_slice(&[opposite, i]);
            return Err(());
        }
        Ok(())
    }

    /// [`Engine::run`] for a pass that reads only how the branch ends and its `on` and `off`
    /// sets, kept from branch to branch: the walk asks several forcing rungs on one grid, each
    /// deriving every premise's branch at the depths below its own ([`BranchCache`]). The
    /// nodes and `conflict` are left empty; `work` grows by the branch's nodes as `run`'s.
    pub fn run_sets(&mut self, premise: Lit) -> End {
        if self.one_digit && self.depth == Depth::Dynamic && cache_on() {
            // Nishio's branch, of one digit, by its closure as bit sets when it ends without a
            // contradiction (nearly always); not kept (below).
            if let Some(nodes) = self.one_digit_closure(premise) {
                self.work += nodes;
                return End::Done;
            }
            return self.run(premise);
        }
        if self.depth >= Depth::Nested || self.one_digit || !cache_on() {
            // A nested net's branch stops its scan at the pass's budget, so it depends on the
            // branches before it: derived each time. A one-digit branch (Nishio) is another
            // branch than the same premise's in full, and the only one of its grid: not kept.
            return self.run(premise);
        }
        let hit = BRANCHES.with(|b| {
            let b = b.borrow();
            let slot = &b[self.depth as usize];
            slot.get(self.grid, self.topo.id(), premise)
        });
        if let Some(o) = hit {
            self.clear();
            self.on = o.on;
            self.off = o.off;
            self.work += o.work;
            return o.end;
        }
        let work = self.work;
        let end = match self.closure(premise) {
            Some(nodes) => {
                self.work += nodes;
                End::Done
            }
            None => self.run(premise),
        };
        let o = Sets {
            end,
            on: self.on,
            off: self.off,
            work: self.work - work,
        };
        BRANCHES.with(|b| {
            b.borrow_mut()[self.depth as usize].put(self.grid, self.topo.id(), premise, o)
        });
        end
    }

    /// A static "on" premise's branch as bit sets ([`static_closure`]): when it ends without a
    /// contradiction, the branch's `on` and `off` sets (the nodes left empty) and its node
    /// count, as [`Engine::run`] derives them; `None` for a branch that [`Engine::run`] must
    /// derive (a contradiction, an off premise, another depth).
    fn closure(&mut self, premise: Lit) -> Option<u64> {
        if self.depth != Depth::Static || self.one_digit || !lit_on(premise) {
            return None;
        }
        self.clear();
        let stack = self.stack.get_or_insert_with(|| Box::new([0; LITS]));
        let (c, d) = (lit_cell(premise), lit_digit(premise));
        let mut sets = ([0u128; 9], [0u128; 9]);
        let nodes = static_closure(self.grid, self.topo, &self.cand, c, d, stack, &mut sets)?;
        (self.on, self.off) = sets;
        Some(nodes)
    }

    /// A one-digit dynamic branch (Nishio: `one_digit`) as bit sets of its digit's boxes: when
    /// it ends without a contradiction, its `on` and `off` sets (the nodes left empty) and its
    /// node count, as [`Engine::run`] derives them; `None` for a branch that [`Engine::run`]
    /// must derive (one with a contradiction).
    ///
    /// The rules (module doc) for one digit: an on puts the digit off in the boxes that see it;
    /// an off leaves a unit with one place of the digit, which is on. They read only the grid
    /// and the literals derived, and every derived off's units are looked at, so without a
    /// contradiction the engine's branch is their closure, whatever the order; a contradiction
    /// (a box both on and off, an off box with no other digit, a unit with an off and no place
    /// left) is in the closure exactly when the engine meets one.
    fn one_digit_closure(&mut self, premise: Lit) -> Option<u64> {
        self.clear();
        let (c, d) = (lit_cell(premise), lit_digit(premise) as usize - 1);
        let cand = self.cand[d];
        // The boxes whose one candidate is the digit: an off there leaves them nothing.
        let lone = cand & self.grid.solved_boxes();
        let bit = 1u128 << c.0;
        let (mut on, mut off) = if lit_on(premise) { (bit, 0) } else { (0, bit) };
        let (mut new_on, mut new_off) = (on, off);
        loop {
            while new_on != 0 {
                let p = Cell(new_on.trailing_zeros() as u8);
                new_on &= new_on - 1;
                let seen = self.topo.peer_boxes(p) & cand & !off;
                off |= seen;
                new_off |= seen;
            }
            if on & off != 0 || off & lone != 0 {
                return None;
            }
            if new_off == 0 {
                break;
            }
            let mut units = 0u64;
            while new_off != 0 {
                units |= self.topo.unit_bits(Cell(new_off.trailing_zeros() as u8));
                new_off &= new_off - 1;
            }
            while units != 0 {
                let u = Unit(units.trailing_zeros() as u8);
                units &= units - 1;
                let left = self.topo.boxes(u) & cand & !off;
                if left == 0 {
                    return None;
                }
                if one_bit(left) && left & on == 0 {
                    on |= left;
                    new_on |= left;
                }
            }
        }
        self.on[d] = on;
        self.off[d] = off;
        Some(u64::from(on.count_ones() + off.count_ones()))
    }

    /// [`Engine::run`] again for a branch first derived when the work done was `from`: the same
    /// nodes (a nested scan stops at the budget), and the work done left as it was.
    pub fn rerun(&mut self, premise: Lit, from: u64) -> End {
        let work = std::mem::replace(&mut self.work, from);
        let end = self.run(premise);
        self.work = work;
        end
    }

    /// Propagates the premise `premise` (module doc). The nodes, `on`, `off` and `conflict` are
    /// the branch's.
    pub fn run(&mut self, premise: Lit) -> End {
        self.clear();
        if self.add(premise, &[], None).is_err() {
            return End::Contradiction;
        }
        match self.propagate() {
            Ok(()) => End::Done,
            Err(()) => End::Contradiction,
        }
    }

    fn propagate(&mut self) -> Result<(), ()> {
        let mut scratch = std::mem::take(&mut self.scratch);
        let r = self.propagate_with(&mut scratch);
        self.scratch = scratch;
        r
    }

    fn propagate_with(&mut self, scratch: &mut Vec<u16>) -> Result<(), ()> {
        let mut head = 0;
        loop {
            while head < self.nodes.len() {
                let i = head as u16;
                let l = self.nodes[head].lit;
                head += 1;
                let (c, digit) = (lit_cell(l), lit_digit(l));
                let d = digit as usize - 1;
                if lit_on(l) {
                    // What is off already is left out: `add` would leave it as it is.
                    if !self.one_digit {
                        let others = self.grid.get(c).without(Digits::single(digit));
                        for e in others.without(self.off_in[c.index()]).iter() {
                            self.add(lit(c, e, false), &[i], None)?;
                        }
                    }
                    let mut seen = self.topo.peer_boxes(c) & self.cand[d] & !self.off[d];
                    while seen != 0 {
                        let p = Cell(seen.trailing_zeros() as u8);
                        seen &= seen - 1;
                        self.add(lit(p, digit, false), &[i], None)?;
                    }
                    continue;
                }
                // Off: the box's last digit, then each unit's last place of the digit.
                let all = self.grid.get(c);
                let left = self.left_in(c, all);
                if left.is_empty() {
                    self.conflict.clear();
                    for e in all.iter() {
                        self.conflict.push(self.index[lit(c, e, false) as usize]);
                    }
                    return Err(());
                }
                // An on derived already adds nothing (`add` would leave it): its parents are
                // not gathered.
                if let Some(one) = left.solved().filter(|&one| {
                    !self.one_digit
                        && (self.depth != Depth::Static || all.is_pair())
                        && self.index[lit(c, one, true) as usize] == NONE
                }) {
                    scratch.clear();
                    scratch.extend(
                        all.iter()
                            .filter(|&e| e != one)
                            .map(|e| self.index[lit(c, e, false) as usize]),
                    );
                    self.add(lit(c, one, true), scratch, None)?;
                }
                for &u in self.topo.units_of(c) {
                    let places = self.topo.boxes(u) & self.cand[d];
                    let left = places & !self.off[d];
                    if left == 0 {
                        let mut p = places;
                        self.conflict.clear();
                        while p != 0 {
                            let q = Cell(p.trailing_zeros() as u8);
                            p &= p - 1;
                            self.conflict
                                .push(self.index[lit(q, digit, false) as usize]);
                        }
                        return Err(());
                    }
                    if !one_bit(left) || (self.depth == Depth::Static && !two_bits(places)) {
                        continue;
                    }
                    let q = Cell(left.trailing_zeros() as u8);
                    if self.index[lit(q, digit, true) as usize] != NONE {
                        continue;
                    }
                    scratch.clear();
                    let mut p = places & !left;
                    while p != 0 {
                        let r = Cell(p.trailing_zeros() as u8);
                        p &= p - 1;
                        scratch.push(self.index[lit(r, digit, false) as usize]);
                    }
                    self.add(lit(q, digit, true), scratch, None)?;
                }
            }
            if self.depth < Depth::Net || !self.inner_step()? {
                return Ok(());
            }
        }
    }

    /// The digits of `all` (box `c`'s in the grid) the branch has not put off.
    #[inline]
    fn left_in(&self, c: Cell, all: Digits) -> Digits {
        all.without(self.off_in[c.index()])
    }

    /// The grid as the branch has it: the grid's candidates less the offs, each on box set.
    pub fn branch_grid(&self) -> Grid {
        let mut cells = *self.grid.cells();
        for (i, cell) in cells.iter_mut().enumerate() {
            let mut ds = *cell;
            for d in cell.iter() {
                let bit = 1u128 << i;
                if self.on[d as usize - 1] & bit != 0 {
                    ds = Digits::single(d);
                    break;
                }
                if self.off[d as usize - 1] & bit != 0 {
                    ds = ds.without(Digits::single(d));
                }
            }
            *cell = ds;
        }
        Grid::from_cells(cells)
    }

    /// A net's inner step: the first of [`INNER`] that removes something from the branch's
    /// grid; its removals become off nodes. Whether it added any.
    fn inner_step(&mut self) -> Result<bool, ()> {
        let g = self.branch_grid();
        for k in 0..self.inner.len() {
            let p = self.inner[k];
            let Ok(Some(found)) = first_step(p, &g, self.topo) else {
                continue;
            };
            // The pattern's area: its units' boxes and its boxes.
            let mut area = 0u128;
            for &u in found.evidence.units() {
                area |= self.topo.boxes(u);
            }
            for &c in found.evidence.boxes() {
                area |= 1 << c.0;
            }
            let mut parents: Vec<u16> = Vec::new();
            for (i, n) in self.nodes.iter().enumerate() {
                if !lit_on(n.lit) && area >> lit_cell(n.lit).0 & 1 != 0 {
                    parents.push(i as u16);
                }
            }
            if parents.is_empty() {
                // A pattern the grid already had: it follows the premise as everything does.
                parents.push(0);
            }
            let mut added = false;
            for &(c, after) in found.changes() {
                for e in g.get(c).without(after).iter() {
                    if self.index[lit(c, e, false) as usize] == NONE {
                        self.add(lit(c, e, false), &parents, Some(p))?;
                        added = true;
                    }
                }
            }
            if added {
                return Ok(true);
            }
        }
        if self.depth == Depth::Nested {
            return self.nested_step(&g);
        }
        Ok(false)
    }

    /// A nested net's inner forcing chains (`Depth::Nested`): each candidate of the branch's
    /// grid `g` whose "on" contradicts over `g`'s own links is off, its parents the branch's
    /// offs in the units of the boxes the inner chain passes (where its links were made).
    fn nested_step(&mut self, g: &Grid) -> Result<bool, ()> {
        let by = position("digit_forcing_chains");
        let mut inner = Engine::new(g, self.topo, Depth::Static);
        let links = linked(g, self.topo);
        let cand: [u128; 9] = std::array::from_fn(|d| g.places(d as Digit + 1));
        let mut stack = [0 as Lit; LITS];
        let mut sets = ([0u128; 9], [0u128; 9]);
        let mut found: Vec<(Lit, u128)> = Vec::new();
        'scan: for c in Cell::all() {
            let ds = g.get(c);
            if ds.len() < 2 {
                continue;
            }
            for d in ds.iter() {
                if self.index[lit(c, d, false) as usize] != NONE {
                    continue;
                }
                if !may_contradict(g, self.topo, &links, c, d) {
                    // Its chain stops at its direct offs without a contradiction: not run, not
                    // counted (on a nearly empty grid, nearly every candidate).
                    #[cfg(debug_assertions)]
                    {
                        let work = inner.work;
                        debug_assert_eq!(inner.run(lit(c, d, true)), End::Done);
                        inner.work = work;
                    }
                    continue;
                }
                // The closure alone tells a chain that ends without a contradiction, and how
                // many nodes it derives; the engine derives a contradiction's parents.
                let end = match static_closure(g, self.topo, &cand, c, d, &mut stack, &mut sets) {
                    Some(nodes) => {
                        inner.work += nodes;
                        End::Done
                    }
                    None => inner.run(lit(c, d, true)),
                };
                if self.work + inner.work > WORK_BUDGET {
                    break 'scan;
                }
                if end != End::Contradiction {
                    continue;
                }
                let ends = inner.conflict.clone();
                let mut area = 0u128;
                for i in inner.ancestors(&ends) {
                    for &u in self.topo.units_of(lit_cell(inner.nodes[i as usize].lit)) {
                        area |= self.topo.boxes(u);
                    }
                }
                found.push((lit(c, d, false), area));
            }
        }
        self.work += inner.work;
        let mut parents: Vec<u16> = Vec::new();
        for &(l, area) in &found {
            parents.clear();
            for (i, n) in self.nodes.iter().enumerate() {
                if !lit_on(n.lit) && area >> lit_cell(n.lit).0 & 1 != 0 {
                    parents.push(i as u16);
                }
            }
            if parents.is_empty() {
                parents.push(0);
            }
            let ps = std::mem::take(&mut parents);
            let r = self.add(l, &ps, by);
            parents = ps;
            r?;
        }
        Ok(!found.is_empty())
    }

    /// How many ancestors node `end` has, itself included ([`Engine::ancestors`] counted, with
    /// the caller's buffers).
    pub fn ancestor_count(&self, end: u16, seen: &mut Vec<bool>, todo: &mut Vec<u16>) -> usize {
        seen.clear();
        seen.resize(self.nodes.len(), false);
        todo.clear();
        todo.push(end);
        let mut n = 0;
        while let Some(i) = todo.pop() {
            if std::mem::replace(&mut seen[i as usize], true) {
                continue;
            }
            n += 1;
            todo.extend_from_slice(self.parents_of(i as usize));
        }
        n
    }

    /// The ancestors of the nodes `ends` (themselves included), as node indices in derivation
    /// order: the part of the branch a conclusion needs.
    pub fn ancestors(&self, ends: &[u16]) -> Vec<u16> {
        let mut keep = vec![false; self.nodes.len()];
        let mut todo: Vec<u16> = ends.to_vec();
        while let Some(i) = todo.pop() {
            if keep[i as usize] {
                continue;
            }
            keep[i as usize] = true;
            todo.extend_from_slice(self.parents_of(i as usize));
        }
        (0..self.nodes.len() as u16)
            .filter(|&i| keep[i as usize])
            .collect()
    }
}

/// Whether `x` has exactly one bit set (without counting them: `count_ones` is a sequence of
/// shifts and masks on a target without a population count instruction, x86-64's baseline).
#[inline]
fn one_bit(x: u128) -> bool {
    x != 0 && x & (x - 1) == 0
}

/// Whether `x` has exactly two bits set.
#[inline]
fn two_bits(x: u128) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// A branch as [`Engine::run_sets`] keeps it.
#[derive(Copy, Clone)]
struct Sets {
    end: End,
    on: [u128; 9],
    off: [u128; 9],
    work: u64,
}

/// The branches derived on one grid at one depth, by premise: a branch reads only the grid, the
/// topology and the depth, so it is the same each time it is derived there.
struct BranchCache {
    /// The grid's boxes and the topology's id the branches are of.
    cells: [Digits; 81],
    topo: u32,
    /// Which premises' branches are kept (bit `l` for literal `l`).
    kept: [u128; LITS.div_ceil(128)],
    sets: Vec<Sets>,
}

impl BranchCache {
    const fn new() -> Self {
        BranchCache {
            cells: [Digits::NONE; 81],
            topo: 0,
            kept: [0; LITS.div_ceil(128)],
            sets: Vec::new(),
        }
    }

    fn get(&self, grid: &Grid, topo: u32, l: Lit) -> Option<Sets> {
        let (i, bit) = (l as usize / 128, 1u128 << (l % 128));
        (self.kept[i] & bit != 0 && self.topo == topo && self.cells == *grid.cells())
            .then(|| self.sets[l as usize])
    }

    fn put(&mut self, grid: &Grid, topo: u32, l: Lit, sets: Sets) {
        if self.topo != topo || self.cells != *grid.cells() {
            self.cells = *grid.cells();
            self.topo = topo;
            self.kept = [0; LITS.div_ceil(128)];
        }
        if self.sets.is_empty() {
            self.sets = vec![sets; LITS];
        }
        self.sets[l as usize] = sets;
        self.kept[l as usize / 128] |= 1u128 << (l % 128);
    }
}

thread_local! {
    /// One grid's branches for each depth below `Nested` (by `Depth as usize`).
    static BRANCHES: std::cell::RefCell<[BranchCache; 3]> = const {
        std::cell::RefCell::new([BranchCache::new(), BranchCache::new(), BranchCache::new()])
    };
    static CACHE_ON: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

fn cache_on() -> bool {
    CACHE_ON.with(|c| c.get())
}

/// Runs `f` with [`Engine::run_sets`] deriving every branch afresh (the cache emptied before
/// and after): what the cache must not change, for tests to compare.
pub fn without_branch_cache<T>(f: impl FnOnce() -> T) -> T {
    let empty = || {
        BRANCHES.with(|b| {
            *b.borrow_mut() = [BranchCache::new(), BranchCache::new(), BranchCache::new()]
        })
    };
    empty();
    let was = CACHE_ON.with(|c| c.replace(false));
    let out = f();
    CACHE_ON.with(|c| c.set(was));
    empty();
    out
}

/// The static chain from `digit` on in `cell` of `g` (`cand`: `g`'s places of each digit), as
/// [`Engine::run`] at [`Depth::Static`] derives it but as bit sets, without the parents: `None`
/// when it reaches a contradiction, else how many literals it derives (the premise included),
/// its on and off sets by digit in `sets`.
/// The static rules read only the grid and the literals derived, so their closure, and whether
/// it holds a contradiction, is the same in any order: the engine's node count when it ends
/// without one.
fn static_closure(
    g: &Grid,
    topo: &Topology,
    cand: &[u128; 9],
    cell: Cell,
    digit: Digit,
    stack: &mut [Lit; LITS],
    sets: &mut ([u128; 9], [u128; 9]),
) -> Option<u64> {
    let (on, off) = sets;
    *on = [0; 9];
    *off = [0; 9];
    // The offs again by box: the digits of each box put off.
    let mut off_in = [Digits::NONE; 81];
    let stack = &mut stack[..];
    let mut len = 0usize;
    let mut count = 0u64;
    // Each literal is pushed once, so `stack` never overflows.
    macro_rules! put_on {
        ($c:expr, $d:expr) => {{
            let (c, d): (Cell, Digit) = ($c, $d);
            let bit = 1u128 << c.0;
            let i = d as usize - 1;
            if on[i] & bit == 0 {
                if off[i] & bit != 0 {
                    return None;
                }
                on[i] |= bit;
                count += 1;
                stack[len] = lit(c, d, true);
                len += 1;
            }
        }};
    }
    put_on!(cell, digit);
    while len > 0 {
        len -= 1;
        let l = stack[len];
        let (c, d) = (lit_cell(l), lit_digit(l));
        let i = d as usize - 1;
        if lit_on(l) {
            // The box's other digits, then the digit in every box that sees it: offs.
            for e in g.get(c).without(Digits::single(d)).iter() {
                let j = e as usize - 1;
                let bit = 1u128 << c.0;
                if off[j] & bit == 0 {
                    if on[j] & bit != 0 {
                        return None;
                    }
                    off[j] |= bit;
                    off_in[c.index()] = off_in[c.index()].with(e);
                    count += 1;
                    stack[len] = lit(c, e, false);
                    len += 1;
                }
            }
            let mut new = topo.peer_boxes(c) & cand[i] & !off[i];
            if new & on[i] != 0 {
                return None;
            }
            off[i] |= new;
            while new != 0 {
                let p = Cell(new.trailing_zeros() as u8);
                new &= new - 1;
                off_in[p.index()] = off_in[p.index()].with(d);
                count += 1;
                stack[len] = lit(p, d, false);
                len += 1;
            }
            continue;
        }
        // Off: the box's last of two digits, then each unit's last of two places.
        let all = g.get(c);
        let left = all.without(off_in[c.index()]);
        if left.is_empty() {
            return None;
        }
        if all.is_pair() {
            if let Some(one) = left.solved() {
                put_on!(c, one);
            }
        }
        for &u in topo.units_of(c) {
            let places = topo.boxes(u) & cand[i];
            let left = places & !off[i];
            if left == 0 {
                return None;
            }
            if one_bit(left) && two_bits(places) {
                put_on!(Cell(left.trailing_zeros() as u8), d);
            }
        }
    }
    Some(count)
}

/// Per digit, the boxes where a static chain's off of that digit can go further than itself: a
/// box of one or two candidates holding it (its last digit, or the other of two, follows), or a
/// place of it in a unit with at most two places of it (the other place follows, or none is
/// left).
fn linked(g: &Grid, topo: &Topology) -> [u128; 9] {
    let mut out = [0u128; 9];
    for (d, w) in out.iter_mut().enumerate() {
        let places = g.places(d as Digit + 1);
        for c in Cell::all() {
            if places >> c.0 & 1 != 0 && g.get(c).len() <= 2 {
                *w |= 1 << c.0;
            }
        }
        for u in topo.all_units() {
            let p = topo.boxes(u) & places;
            if p.count_ones() <= 2 {
                *w |= p;
            }
        }
    }
    out
}

/// Whether the static chain from `digit` on in `cell` of `g` can reach a contradiction. It puts
/// off the box's other digits and the digit in every box that sees it; past those it goes only
/// through a box or a place of `links` ([`linked`]). Without one, its only contradiction is a
/// unit not through `cell` whose places of the digit all see `cell`. `false` means the chain
/// ends with its direct offs and no contradiction.
fn may_contradict(g: &Grid, topo: &Topology, links: &[u128; 9], cell: Cell, digit: Digit) -> bool {
    let peers = topo.peer_boxes(cell);
    if peers & links[digit as usize - 1] != 0 {
        return true;
    }
    if g.get(cell)
        .iter()
        .any(|e| links[e as usize - 1] >> cell.0 & 1 != 0)
    {
        return true;
    }
    let places = g.places(digit);
    topo.all_units().any(|u| {
        let p = topo.boxes(u) & places;
        topo.boxes(u) >> cell.0 & 1 == 0 && p != 0 && p & !peers == 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Variant;

    /// Every candidate of `g` that `may_contradict` passes over: its static chain ends with no
    /// contradiction. How many were passed over.
    fn passed_over(g: &Grid) -> usize {
        let topo = Topology::of(Variant::Standard);
        let links = linked(g, topo);
        let mut engine = Engine::new(g, topo, Depth::Static);
        let mut n = 0;
        for c in Cell::all() {
            if g.get(c).len() < 2 {
                continue;
            }
            for d in g.get(c).iter() {
                if !may_contradict(g, topo, &links, c, d) {
                    n += 1;
                    assert_eq!(engine.run(lit(c, d, true)), End::Done, "{c} {d}");
                }
            }
        }
        n
    }

    /// On `g`, every candidate's static closure against the engine's static run: the same
    /// end, and on a chain without a contradiction the same node count. How many ended so.
    fn closure_as_engine(g: &Grid) -> usize {
        let topo = Topology::of(Variant::Standard);
        let cand: [u128; 9] = std::array::from_fn(|d| g.places(d as Digit + 1));
        let mut engine = Engine::new(g, topo, Depth::Static);
        let mut done = 0;
        for c in Cell::all() {
            for d in g.get(c).iter().filter(|_| g.get(c).len() > 1) {
                let work = engine.work;
                let end = engine.run(lit(c, d, true));
                let mut sets = ([0u128; 9], [0u128; 9]);
                match static_closure(g, topo, &cand, c, d, &mut [0; LITS], &mut sets) {
                    Some(n) => {
                        assert_eq!(end, End::Done, "{c} {d}");
                        assert_eq!(n, engine.work - work, "{c} {d}");
                        assert_eq!(sets, (engine.on, engine.off), "{c} {d}");
                        done += 1;
                    }
                    None => assert_eq!(end, End::Contradiction, "{c} {d}"),
                }
            }
        }
        done
    }

    #[test]
    fn the_static_closure_ends_as_the_engine_does() {
        let topo = Topology::of(Variant::Standard);
        let (mut done, mut grids) = (0, 0);
        for line in include_str!("../../../../puzzles/top95.txt")
            .lines()
            .take(6)
        {
            let g = crate::parse(line, Variant::Standard).unwrap();
            done += closure_as_engine(&g);
            let mut net = Engine::new(&g, topo, Depth::Net);
            for c in Cell::all().step_by(5) {
                for d in g.get(c).iter().filter(|_| g.get(c).len() > 1) {
                    if net.run(lit(c, d, true)) == End::Done {
                        done += closure_as_engine(&net.branch_grid());
                        grids += 1;
                    }
                }
            }
        }
        // Both ends met, on many grids.
        assert!(grids > 20 && done > 1000, "{grids} {done}");
    }

    /// On `g`, every candidate's one-digit closure, on and off, against the engine's one-digit
    /// dynamic run: the same end, and without a contradiction the same sets and node count.
    /// How many ended with one.
    fn one_digit_as_engine(g: &Grid) -> usize {
        let topo = Topology::of(Variant::Standard);
        let mut engine = Engine::new(g, topo, Depth::Dynamic);
        engine.one_digit = true;
        let mut contradictions = 0;
        for c in Cell::all() {
            for d in g.get(c).iter().filter(|_| g.get(c).len() > 1) {
                for on in [true, false] {
                    let l = lit(c, d, on);
                    let work = engine.work;
                    let end = engine.run(l);
                    let (sets, nodes) = ((engine.on, engine.off), engine.work - work);
                    match engine.one_digit_closure(l) {
                        Some(n) => {
                            assert_eq!(end, End::Done, "{c} {d} {on}");
                            assert_eq!(n, nodes, "{c} {d} {on}");
                            assert_eq!((engine.on, engine.off), sets, "{c} {d} {on}");
                        }
                        None => {
                            assert_eq!(end, End::Contradiction, "{c} {d} {on}");
                            contradictions += 1;
                        }
                    }
                }
            }
        }
        contradictions
    }

    /// Calls `check` on each of top95's first `take` puzzles and, after each, on the branch
    /// grids of a `depth` run from candidates of every 7th box (where the run ends without a
    /// contradiction).
    fn top95_and_branch_grids(take: usize, depth: Depth, mut check: impl FnMut(&Grid)) {
        let topo = Topology::of(Variant::Standard);
        for line in include_str!("../../../../puzzles/top95.txt")
            .lines()
            .take(take)
        {
            let g = crate::parse(line, Variant::Standard).unwrap();
            check(&g);
            let mut engine = Engine::new(&g, topo, depth);
            for c in Cell::all().step_by(7) {
                for d in g.get(c).iter().filter(|_| g.get(c).len() > 1) {
                    if engine.run(lit(c, d, true)) == End::Done {
                        check(&engine.branch_grid());
                    }
                }
            }
        }
    }

    #[test]
    fn the_one_digit_closure_ends_as_the_engine_does() {
        let mut contradictions = 0;
        // Grids further on, with more strong links: each branch's grid of a dynamic run.
        top95_and_branch_grids(6, Depth::Dynamic, |g| {
            contradictions += one_digit_as_engine(g)
        });
        // Both ends met.
        assert!(contradictions > 20, "{contradictions}");
    }

    #[test]
    fn a_walk_with_the_branch_cache_takes_the_steps_of_one_without() {
        // top95's 7th, 9th and 12th: walks of several dynamic forcing steps, each after the
        // static rungs on the same grid (the cache's hits).
        let opts = crate::Options::default();
        let lines: Vec<&str> = include_str!("../../../../puzzles/top95.txt")
            .lines()
            .collect();
        for n in [7, 9, 12] {
            let g = crate::parse(lines[n - 1], Variant::Standard).unwrap();
            let cached = crate::rating::walk_trace(&g, &opts).expect("the walk solves it");
            let fresh = without_branch_cache(|| crate::rating::walk_trace(&g, &opts)).unwrap();
            assert!(cached.forcing.len() > 1, "{n}");
            assert_eq!(format!("{cached:?}"), format!("{fresh:?}"), "{n}");
            assert_eq!(
                crate::rate(&g, &opts),
                without_branch_cache(|| crate::rate(&g, &opts))
            );
        }
    }

    #[test]
    fn a_candidate_passed_over_has_no_static_contradiction() {
        // A blank grid: no link anywhere, every candidate passed over.
        let blank = crate::parse(&".".repeat(81), Variant::Standard).unwrap();
        assert_eq!(passed_over(&blank), 729);
        // top95's puzzles and the branch grids of a net from their candidates: some passed
        // over, each checked.
        let mut total = 0;
        top95_and_branch_grids(8, Depth::Net, |g| total += passed_over(g));
        assert!(total > 0);
    }
}
