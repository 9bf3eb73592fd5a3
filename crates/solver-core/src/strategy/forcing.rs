//! The search the forcing strategies share (`digit_forcing_chains`, `cell_forcing_chains`,
//! `unit_forcing_chains`, `dynamic_forcing_chains`, `forcing_nets`, `nested_forcing_nets`, each
//! a [`Rung`] made a strategy by [`ForcingStrategy`]): premises propagated by the implication
//! engine (`implication.rs`), and what they force.
//!
//! - **contradiction**: a candidate's "on" leads to a contradiction, so it is off (removed); its
//!   "off" leads to one, so it is on (the box takes the digit);
//! - **verity**: the candidate's "on" and its "off" lead to the same literal, which holds;
//! - **cell**: every digit of a box, each assumed on, leads to the same literal;
//! - **unit**: every place of a digit in a unit, each assumed on, leads to the same literal.
//!
//! In an agreement a branch that contradicts agrees with anything (its case cannot be): what it
//! derived before the contradiction counts, as Sudoku Explainer counts it. Each branch is one
//! premise propagated; a step's evidence is one chain per branch (the part of the branch its
//! conclusion needs: the ancestors of the concluded literal, or of the contradiction), reported
//! with `Sink::net` (the captions say the case split in words; the branches are in the trace).
//! Among everything a pass's kinds find, the step taken is the one of least complexity
//! (Sudoku Explainer's: the ancestors of each branch's conclusion summed, a contradiction's on
//! and off counted apart); ties as SE's `getSortKey`: verities, boxes, units, contradictions,
//! then the premise's order. Its score grows with that count (`forcing_rating`). A pass makes
//! one step: the easier rungs then run again. A pass whose branches derive more than
//! `WORK_BUDGET` nodes gives up (no step). A rung propagates at its own depth only, as SE's
//! chaining rules do (docs/ratings.md, "Forcing chains and nets").

use super::implication::{lit, lit_cell, lit_digit, lit_on, Depth, End, Engine, Lit, WORK_BUDGET};
use super::{Pass, Strategy};
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Conclude, Contradiction, Evidence, NetNode, Sink};
use std::marker::PhantomData;

/// A forcing rung: its registry facts and the kind of step its search looks for. Each rung's
/// file is its `Rung` and its docs; [`ForcingStrategy`] makes it a strategy.
pub trait Rung {
    const ID: &'static str;
    const LABEL: &'static str;
    const DESCRIPTION: &'static str;
    const CAPTION: &'static str;
    /// Its base on Sudoku Explainer's scale; a step scores it plus its length's tenths
    /// ([`forcing_rating`]).
    const RATING: f32;
    const KIND: Kind;
}

/// The strategy of a forcing rung `R`: a last resort whose pass is one [`search`] for
/// `R::KIND`.
pub struct ForcingStrategy<R>(PhantomData<R>);

impl<R: Rung> Strategy for ForcingStrategy<R> {
    const ID: &'static str = R::ID;
    const LABEL: &'static str = R::LABEL;
    const DESCRIPTION: &'static str = R::DESCRIPTION;
    const CAPTION: &'static str = R::CAPTION;
    const COURSE: bool = false;
    const LAST_RESORT: bool = true;
    const RATING: f32 = R::RATING;

    /// [`search`] for the rung's kind: one step, the easiest (module doc). Evidence: the unit
    /// (a unit's premises), the premises' boxes and digits; the branches (`Sink::net`).
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        search(grid, topo, pass, R::KIND)
    }
}

/// What a forcing strategy looks for (Sudoku Explainer's chaining rules, docs/ratings.md
/// "Forcing chains and nets").
#[derive(Copy, Clone)]
pub struct Kind {
    pub depth: Depth,
    /// Only the premise's digit is followed (SE's Nishio).
    pub one_digit: bool,
    pub contradiction: bool,
    /// Verities, of a premise in a box of three candidates or more (a box of two's is its cell
    /// forcing chain).
    pub verity: bool,
    pub cells: bool,
    pub units: bool,
    /// The fewest candidates of a box whose digits are premises (`cells`), and of a unit's
    /// first place (`units`): SE's static multiple chains start from boxes of three or more, its
    /// dynamic ones from every box of two or more.
    pub min_box: u32,
}

/// A conclusion found: its branches' premises, what it concludes, and its node count.
#[derive(Clone, Debug)]
struct Found {
    conclude: Conclude,
    premises: Vec<Lit>,
    /// The work done before each premise's branch was derived ([`Engine::rerun`]).
    from: Vec<u64>,
    /// The literal that holds.
    target: Lit,
    /// The unit of a unit forcing chain.
    unit: Option<Unit>,
    nodes: usize,
    /// SE's order among steps of the same node count (`getSortKey`): verities, boxes, units,
    /// contradictions.
    rank: u8,
}

impl Found {
    fn before(&self, other: &Found) -> bool {
        (self.nodes, self.rank) < (other.nodes, other.rank)
    }
}

/// Premise branches computed once: each literal's branch as bit sets.
struct Outcome {
    end: End,
    on: [u128; 9],
    off: [u128; 9],
}

fn cells_of(mut set: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Cell(i)
        })
    })
}

/// Whether literal `l` says something the grid does not: an off of a candidate, or an on in a
/// box of more than one candidate.
fn news(grid: &Grid, l: Lit) -> bool {
    let ds = grid.get(lit_cell(l));
    ds.contains(lit_digit(l)) && (!lit_on(l) || ds.len() > 1)
}

/// The literals common to branches (their `on` and `off` sets intersected), news only.
fn common(grid: &Grid, outs: &[&Outcome], out: &mut Vec<Lit>) {
    out.clear();
    for d in 0..9 {
        let (mut on, mut off) = (!0u128, !0u128);
        for o in outs {
            on &= o.on[d];
            off &= o.off[d];
        }
        let digit = d as Digit + 1;
        for c in cells_of(on) {
            if news(grid, lit(c, digit, true)) {
                out.push(lit(c, digit, true));
            }
        }
        for c in cells_of(off) {
            if news(grid, lit(c, digit, false)) {
                out.push(lit(c, digit, false));
            }
        }
    }
}

/// The node count of the branch of `premise` needed for `target` (its ancestors), or for its
/// contradiction when `target` is `None`.
fn needed(engine: &mut Engine, premise: Lit, from: u64, target: Option<Lit>) -> Vec<u16> {
    let end = engine.rerun(premise, from);
    match target {
        None => {
            debug_assert_eq!(end, End::Contradiction);
            let ends = engine.conflict.clone();
            engine.ancestors(&ends)
        }
        Some(t) => {
            let i = engine
                .node_of(t)
                .expect("the branch derives its conclusion") as u16;
            engine.ancestors(&[i])
        }
    }
}

/// Sudoku Explainer's complexity of the contradiction of `premise`'s branch: the ancestors of
/// each node of the contradiction (a candidate's "on" and its "off"), counted node by node, so a
/// node both need counts twice (`BinaryChainingHint.getFlatComplexity`).
fn contradiction_nodes(engine: &mut Engine, premise: Lit, from: u64) -> usize {
    let end = engine.rerun(premise, from);
    debug_assert_eq!(end, End::Contradiction);
    conflict_nodes(engine)
}

/// [`contradiction_nodes`] of the branch the engine derived last.
fn conflict_nodes(engine: &Engine) -> usize {
    let (mut seen, mut todo) = (Vec::new(), Vec::new());
    engine
        .conflict
        .iter()
        .map(|&e| engine.ancestor_count(e, &mut seen, &mut todo))
        .sum()
}

/// The best conclusion of the kind on `grid`, if any (module doc).
fn find(grid: &Grid, topo: &Topology, kind: Kind) -> Option<Found> {
    let mut engine = Engine::new(grid, topo, kind.depth);
    engine.one_digit = kind.one_digit;
    let outcome = |engine: &mut Engine, l: Lit| Outcome {
        end: engine.run_sets(l),
        on: engine.on,
        off: engine.off,
    };
    // Every candidate of an unsolved box: its "on" branch (and its "off" one for
    // contradictions and verities).
    let mut on_branch: Vec<Option<Outcome>> = (0..81 * 9).map(|_| None).collect();
    let mut off_branch: Vec<Option<Outcome>> = (0..81 * 9).map(|_| None).collect();
    // The work done before each premise's branch (by literal): a nested branch's scan stops at
    // the budget, so deriving it again for its nodes starts from the same work.
    let mut from = vec![0u64; 81 * 9 * 2];
    let mut snaps: Vec<Option<Snap>> = (0..81 * 9 * 2).map(|_| None).collect();
    // A nested net's branch is dear to derive again (its inner scans): kept as first derived
    // for the agreements that count its nodes.
    let keep = kind.depth >= Depth::Nested;
    // Each contradiction's node count (by literal; 0 while not counted), counted when its
    // branch is derived with its nodes (not taken from the branch cache).
    let mut contra = vec![0usize; 81 * 9 * 2];
    let count = |engine: &Engine, end: End, contra: &mut [usize], l: Lit| {
        if kind.contradiction && end == End::Contradiction && !engine.nodes.is_empty() {
            contra[l as usize] = conflict_nodes(engine);
        }
    };
    for c in Cell::all() {
        let ds = grid.get(c);
        if ds.len() < 2 {
            continue;
        }
        for d in ds.iter() {
            let k = c.index() * 9 + d as usize - 1;
            let on = lit(c, d, true);
            from[on as usize] = engine.work;
            let o = outcome(&mut engine, on);
            count(&engine, o.end, &mut contra, on);
            on_branch[k] = Some(o);
            if keep {
                snaps[on as usize] = Some(Snap::taken(&engine));
            }
            if kind.contradiction || kind.verity {
                let off = on ^ 1;
                from[off as usize] = engine.work;
                let o = outcome(&mut engine, off);
                count(&engine, o.end, &mut contra, off);
                off_branch[k] = Some(o);
                if keep {
                    snaps[off as usize] = Some(Snap::taken(&engine));
                }
            }
            if engine.work > WORK_BUDGET {
                // Too much for a last resort on this grid: no step (module doc).
                return None;
            }
        }
    }
    let mut best: Option<Found> = None;
    let consider = |f: Found, best: &mut Option<Found>| {
        if best.as_ref().is_none_or(|b| f.before(b)) {
            *best = Some(f);
        }
    };
    let mut targets = Vec::new();
    for c in Cell::all() {
        for d in grid.get(c).iter() {
            let k = c.index() * 9 + d as usize - 1;
            let (Some(on), off) = (&on_branch[k], &off_branch[k]) else {
                continue;
            };
            if kind.contradiction {
                for (b, l) in [
                    (Some(on), lit(c, d, true)),
                    (off.as_ref(), lit(c, d, false)),
                ] {
                    if b.is_some_and(|b| b.end == End::Contradiction) {
                        let nodes = match contra[l as usize] {
                            0 => contradiction_nodes(&mut engine, l, from[l as usize]),
                            n => n,
                        };
                        consider(
                            Found {
                                conclude: Conclude::Contradiction,
                                premises: vec![l],
                                from: vec![from[l as usize]],
                                target: l ^ 1,
                                unit: None,
                                nodes,
                                rank: 3,
                            },
                            &mut best,
                        );
                    }
                }
            }
            if kind.verity && grid.get(c).len() >= 3 {
                if let Some(off) = off {
                    if on.end == End::Done || off.end == End::Done {
                        common(grid, &[on, off], &mut targets);
                        let premises = vec![lit(c, d, true), lit(c, d, false)];
                        agree(
                            &mut engine,
                            &mut snaps,
                            &from,
                            &premises,
                            &targets,
                            None,
                            0,
                            &mut best,
                        );
                    }
                }
            }
        }
    }
    if kind.cells {
        for c in Cell::all() {
            let ds = grid.get(c);
            if ds.len() < kind.min_box.max(2) {
                continue;
            }
            let outs: Vec<&Outcome> = ds
                .iter()
                .filter_map(|d| on_branch[c.index() * 9 + d as usize - 1].as_ref())
                .collect();
            if outs.iter().all(|o| o.end != End::Done) {
                continue;
            }
            common(grid, &outs, &mut targets);
            let premises: Vec<Lit> = ds.iter().map(|d| lit(c, d, true)).collect();
            agree(
                &mut engine,
                &mut snaps,
                &from,
                &premises,
                &targets,
                None,
                1,
                &mut best,
            );
        }
    }
    if kind.units {
        for u in topo.all_units() {
            for d in 1..=9 {
                let places = topo.boxes(u) & grid.places(d);
                if places.count_ones() < 2
                    || grid.get(Cell(places.trailing_zeros() as u8)).len() < kind.min_box
                {
                    continue;
                }
                let outs: Vec<&Outcome> = cells_of(places)
                    .filter_map(|c| on_branch[c.index() * 9 + d as usize - 1].as_ref())
                    .collect();
                if outs.len() != places.count_ones() as usize
                    || outs.iter().all(|o| o.end != End::Done)
                {
                    continue;
                }
                common(grid, &outs, &mut targets);
                let premises: Vec<Lit> = cells_of(places).map(|c| lit(c, d, true)).collect();
                agree(
                    &mut engine,
                    &mut snaps,
                    &from,
                    &premises,
                    &targets,
                    Some(u),
                    2,
                    &mut best,
                );
            }
        }
    }
    best
}

/// A premise's branch kept for counting ancestors: its nodes' literals and parents. A premise
/// takes part in several agreements (its box's, its units', its verity), and a net's branch is
/// dear to derive again.
struct Snap {
    lits: Vec<Lit>,
    /// Node `i`'s parents: `parents[spans[i].0 .. spans[i].1]`.
    spans: Vec<(u32, u32)>,
    parents: Vec<u16>,
}

impl Snap {
    fn of(engine: &mut Engine, premise: Lit, from: u64) -> Snap {
        engine.rerun(premise, from);
        Snap::taken(engine)
    }

    /// The branch the engine derived last, with its nodes.
    fn taken(engine: &Engine) -> Snap {
        let mut snap = Snap {
            lits: engine.nodes.iter().map(|n| n.lit).collect(),
            spans: Vec::with_capacity(engine.nodes.len()),
            parents: Vec::with_capacity(engine.nodes.len() * 2),
        };
        for i in 0..engine.nodes.len() {
            let start = snap.parents.len() as u32;
            snap.parents.extend_from_slice(engine.parents_of(i));
            snap.spans.push((start, snap.parents.len() as u32));
        }
        snap
    }

    /// The ancestors of `target`'s node, itself included (`Engine::ancestors`), counted.
    fn count(&self, target: Lit, seen: &mut Vec<bool>, todo: &mut Vec<u16>) -> usize {
        let i = self
            .lits
            .iter()
            .position(|&l| l == target)
            .expect("a common literal");
        self.ancestors(i as u16, seen, todo)
    }

    /// How many ancestors node `i` has, itself included.
    fn ancestors(&self, i: u16, seen: &mut Vec<bool>, todo: &mut Vec<u16>) -> usize {
        seen.clear();
        seen.resize(self.lits.len(), false);
        todo.clear();
        todo.push(i);
        let mut n = 0;
        while let Some(j) = todo.pop() {
            if std::mem::replace(&mut seen[j as usize], true) {
                continue;
            }
            n += 1;
            let (a, b) = self.spans[j as usize];
            todo.extend_from_slice(&self.parents[a as usize..b as usize]);
        }
        n
    }
}

/// Considers each of `targets`, derived by every branch of `premises`: its node count over the
/// branches, kept in `best` when fewer. `snaps`: the premises' branches kept, by literal.
fn agree(
    engine: &mut Engine,
    snaps: &mut [Option<Snap>],
    from: &[u64],
    premises: &[Lit],
    targets: &[Lit],
    unit: Option<Unit>,
    rank: u8,
    best: &mut Option<Found>,
) {
    if targets.is_empty() {
        return;
    }
    let mut counts = vec![0usize; targets.len()];
    let (mut seen, mut todo) = (Vec::new(), Vec::new());
    // Whether a conclusion of `nodes` nodes or more can be kept in `best`.
    let may_beat = |nodes: usize, best: &Option<Found>| {
        best.as_ref()
            .is_none_or(|b| (nodes, rank) < (b.nodes, b.rank))
    };
    for (k, &p) in premises.iter().enumerate() {
        // Each branch counts one node at least (its conclusion): once no target can be kept
        // whatever the branches left add, they are not counted (nor derived again).
        let left = premises.len() - k;
        if !counts.iter().any(|&n| may_beat(n + left, best)) {
            return;
        }
        let snap = snaps[p as usize].get_or_insert_with(|| Snap::of(engine, p, from[p as usize]));
        for (&t, n) in targets.iter().zip(counts.iter_mut()) {
            *n += snap.count(t, &mut seen, &mut todo);
        }
    }
    for (&t, &nodes) in targets.iter().zip(counts.iter()) {
        if !may_beat(nodes, best) {
            continue;
        }
        let f = Found {
            conclude: Conclude::Agree,
            premises: premises.to_vec(),
            from: premises.iter().map(|&p| from[p as usize]).collect(),
            target: t,
            unit,
            nodes,
            rank,
        };
        if best.as_ref().is_none_or(|b| f.before(b)) {
            *best = Some(f);
        }
    }
}

/// The branches of a found step as the trace holds them: per branch, its needed nodes in
/// derivation order, each with its parents as indices into the branch's list.
fn branches(grid: &Grid, topo: &Topology, kind: Kind, found: &Found) -> Vec<Vec<NetNode>> {
    let mut engine = Engine::new(grid, topo, kind.depth);
    engine.one_digit = kind.one_digit;
    let mut out = Vec::with_capacity(found.premises.len());
    for (&p, &from) in found.premises.iter().zip(&found.from) {
        let target = (found.conclude == Conclude::Agree).then_some(found.target);
        let keep = needed(&mut engine, p, from, target);
        let mut at = vec![u16::MAX; engine.nodes.len()];
        for (j, &i) in keep.iter().enumerate() {
            at[i as usize] = j as u16;
        }
        let nodes = keep
            .iter()
            .map(|&i| {
                let n = engine.nodes[i as usize];
                NetNode {
                    cell: lit_cell(n.lit),
                    digit: lit_digit(n.lit),
                    on: lit_on(n.lit),
                    by: n.by,
                    parents: engine
                        .parents_of(i as usize)
                        .iter()
                        .map(|&q| at[q as usize])
                        .collect(),
                }
            })
            .collect();
        out.push(nodes);
    }
    out
}

/// One pass of a forcing strategy (module doc): at most one step. Evidence: the unit (a unit
/// forcing chain's); the premises' boxes (at most 9); the premises' digits; the branches.
pub fn search<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    kind: Kind,
) -> Result<(), Contradiction> {
    // The rung's own propagation only, as SE's chaining rules each chain at their own depth:
    // a dynamic chain may be shorter than the static chain to the same conclusion, and the
    // rungs below have found nothing.
    let Some(found) = find(grid, topo, kind) else {
        return Ok(());
    };
    let (cell, digit) = (lit_cell(found.target), lit_digit(found.target));
    let nets = if S::ENABLED {
        branches(grid, topo, kind, &found)
    } else {
        Vec::new()
    };
    let before = grid.get(cell);
    let after = if lit_on(found.target) {
        Digits::single(digit)
    } else {
        before.without(Digits::single(digit))
    };
    grid.set(cell, after, pass.sink());
    let mut boxes: Vec<Cell> = found.premises.iter().map(|&p| lit_cell(p)).collect();
    boxes.dedup();
    let digits = found
        .premises
        .iter()
        .fold(Digits::default(), |ds, &p| ds.with(lit_digit(p)));
    let units: Vec<Unit> = found.unit.into_iter().collect();
    let evidence = Evidence::new(&units, &boxes, digits);
    pass.step_net(evidence, found.conclude, found.nodes, &nets);
    if after.is_empty() {
        return Err(Contradiction::EmptyBox { cell });
    }
    Ok(())
}

/// Sudoku Explainer's score of a forcing step: the strategy's base plus its length's tenths
/// (`chains::chain_rating`) for the step's node count less two, as its `ChainingHint` counts
/// a hint's complexity (the ancestors of each branch's conclusion, summed over the branches).
pub fn forcing_rating(base: f32, nodes: usize) -> f32 {
    super::chains::chain_rating(base, nodes.saturating_sub(2))
}
