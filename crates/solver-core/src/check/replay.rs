//! The meaning, second stage: the steps, replayed forwards from the initial grid. Each step's
//! kind with exactly that kind's fields and evidence (one function a kind), its place in the
//! search tree (`node`, `depth`, `parent`), and its changes against the replayed state; a
//! backtrack restores the state its node was guessed in. The replay counts the steps of each
//! kind for the stats.

use super::chain;
use super::contradiction::{contradiction, holds, unit_in};
use super::errors::{bad, one_of, quote, replay, some_ids, under, Fail};
use super::fields::{of_kind, FieldSet};
use super::header::Header;
use super::justify;
use super::raw::{RawStep, StepField as F};
use crate::digits::Digits;
use crate::topology::{Cell, Unit};
use crate::trace::{
    CageTotal, ChainNode, ChainRef, Change, Evidence, Reason, Step, StopRule, StrategySet,
    MAX_COMBINATIONS, MAX_EVIDENCE_BOXES, MAX_EVIDENCE_UNITS,
};

/// The fields of each kind of step, besides the four every step has.
const GUESS: FieldSet<F> = F::set(&[F::Box, F::Digit, F::Choices, F::Parent]);
const BACKTRACK: FieldSet<F> = F::set(&[F::Parent, F::Contradiction]);
const ASSIGN: FieldSet<F> = F::set(&[]);
const STOP: FieldSet<F> = F::set(&[F::Rule, F::Rounds, F::Removed, F::Pending]);
const STRATEGY: FieldSet<F> = F::set(&[F::Units, F::Boxes, F::Digits]);
/// A strategy step with a chain (format 3).
const STRATEGY_CHAIN: FieldSet<F> = F::set(&[F::Units, F::Boxes, F::Digits, F::Chain]);
/// A killer step's sum and combinations, beside a strategy step's fields (format 4).
const SUM: FieldSet<F> = F::set(&[F::Sum, F::Combinations]);
/// A 45 rule step's cage total and side, beside its sum (format 4).
const CAGES: FieldSet<F> = F::set(&[F::Sum, F::Combinations, F::CageTotal, F::Side]);
/// A forcing step, with its branches (format 4).
const STRATEGY_FORCING: FieldSet<F> = F::set(&[
    F::Units,
    F::Boxes,
    F::Digits,
    F::Conclude,
    F::Complexity,
    F::Chains,
]);

/// How many steps of each kind the replay went through: what the stats are checked against.
pub(super) struct Found {
    /// A strategy's steps, by its place in the registry.
    pub strategies: Vec<u64>,
    pub assigns: u64,
    pub guesses: u64,
    pub backtracks: u64,
    pub stops: u64,
    /// The deepest guess's depth.
    pub max_depth: u32,
}

/// Where the replay of all the steps ends, and the steps as the checked trace holds them.
pub(super) struct Replayed {
    pub state: [Digits; 81],
    /// Whether the search is back at the root.
    pub at_root: bool,
    pub steps: Vec<Step>,
    pub changes: Vec<Change>,
    pub chains: Vec<ChainRef>,
    pub chain_nodes: Vec<ChainNode>,
    /// The forcing steps' branches, each checked against the state before its step.
    pub forcing: Vec<crate::trace::Forcing>,
    pub found: Found,
}

/// Replays `steps` from the header's initial grid; an error is located at its step.
#[inline(never)]
pub(super) fn replay_steps(steps: &[RawStep], header: &Header) -> Result<Replayed, Fail> {
    let mut replay = Replay {
        header,
        state: header.initial,
        path: vec![Level {
            node: 0,
            depth: 0,
            snapshot: header.initial,
        }],
        next_node: 1,
        steps: Vec::with_capacity(steps.len()),
        changes: Vec::new(),
        chains: Vec::new(),
        chain_nodes: Vec::new(),
        forcing: Vec::new(),
        found: Found {
            strategies: vec![0; header.ids.len()],
            assigns: 0,
            guesses: 0,
            backtracks: 0,
            stops: 0,
            max_depth: 0,
        },
    };
    for (i, s) in steps.iter().enumerate() {
        replay.step(s).map_err(|e| e.at_step(i))?;
    }
    Ok(Replayed {
        state: replay.state,
        at_root: replay.path.len() == 1,
        steps: replay.steps,
        changes: replay.changes,
        chains: replay.chains,
        chain_nodes: replay.chain_nodes,
        forcing: replay.forcing,
        found: replay.found,
    })
}

/// A search node on the replay's path from the root.
struct Level {
    node: u32,
    depth: u32,
    /// The state when the guess that created this node was made (the root's is unused).
    snapshot: [Digits; 81],
}

/// The replay as it goes.
struct Replay<'h> {
    header: &'h Header,
    state: [Digits; 81],
    /// The nodes from the root to the one the search is in.
    path: Vec<Level>,
    /// The number the next guess's node gets.
    next_node: u32,
    steps: Vec<Step>,
    changes: Vec<Change>,
    chains: Vec<ChainRef>,
    chain_nodes: Vec<ChainNode>,
    forcing: Vec<crate::trace::Forcing>,
    found: Found,
}

impl Replay<'_> {
    /// One step: its kind and place, then its changes, then what it does to the search path.
    fn step(&mut self, s: &RawStep) -> Result<(), Fail> {
        let mut nodes = None;
        let mut forcing = None;
        let reason = match &*s.kind {
            "guess" => self.guess(s)?,
            "backtrack" => self.backtrack(s)?,
            "assign" => {
                self.fields(s, ASSIGN)?;
                self.here(s)?;
                Reason::Assign
            }
            "stop" => {
                self.fields(s, STOP)?;
                self.here(s)?;
                stop(s, self.header.strategies)?
            }
            kind => {
                let reason = self.strategy(s, kind)?;
                nodes = self.chain(s)?;
                forcing = self.forcing(s)?;
                reason
            }
        };
        let start = self.changes.len() as u32;
        // A chain's places (and a forcing step's premises) are read in the candidates before
        // its step.
        let before = self.state;
        apply_changes(s, &reason, &mut self.state, &mut self.changes)?;
        if let Reason::Strategy { evidence, .. } = &reason {
            justify::justified(
                &s.kind,
                evidence,
                &s.changes,
                &self.state,
                &self.header.topo,
            )?;
        }
        if let Some(mut f) = forcing {
            let changed = &self.changes[start as usize..];
            if changed.len() != 1 {
                return Err(bad(
                    "changes",
                    format!("a forcing step changes one box, not {}", changed.len()),
                ));
            }
            let change = (changed[0].cell, changed[0].after);
            super::forcing::check_forcing(&self.header.topo, &before, &f, change)
                .map_err(|(field, why)| replay(field, why))?;
            f.step = self.steps.len() as u32;
            self.forcing.push(f);
        }
        if let Some(nodes) = nodes {
            let topo = &*self.header.topo;
            chain::eliminations(&nodes, &self.changes[start as usize..], &before, topo)?;
            let from = self.chain_nodes.len() as u32;
            self.chain_nodes.extend(nodes);
            self.chains.push(ChainRef {
                step: self.steps.len() as u32,
                nodes: from..self.chain_nodes.len() as u32,
            });
        }
        self.count(&reason, s.depth)?;
        self.steps.push(Step {
            reason,
            node: s.node,
            depth: s.depth,
            changes: start..self.changes.len() as u32,
        });
        Ok(())
    }

    /// The step has exactly the fields `required` of those that depend on its kind.
    fn fields(&self, s: &RawStep, required: FieldSet<F>) -> Result<(), Fail> {
        of_kind("a step of kind", &s.kind, s.given, required)
    }

    /// The node the search is in, and its depth.
    fn node(&self) -> (u32, u32) {
        let top = self.path.last().expect("the root is never left");
        (top.node, top.depth)
    }

    /// The step is in the node the search is in.
    #[inline(never)]
    fn here(&self, s: &RawStep) -> Result<(), Fail> {
        let (node, depth) = self.node();
        if s.node != node {
            return Err(replay(
                "node",
                format!("is {}, but the search is at node {node}", s.node),
            ));
        }
        if s.depth != depth {
            return Err(replay(
                "depth",
                format!("is {}, but node {node} is at depth {depth}", s.depth),
            ));
        }
        Ok(())
    }

    /// A guess: made from the node the search is in, it creates the next node one level
    /// deeper, trying one of the box's two or more candidates.
    #[inline(never)]
    fn guess(&mut self, s: &RawStep) -> Result<Reason, Fail> {
        self.fields(s, GUESS)?;
        let (node, depth) = self.node();
        let cell = s.cell.unwrap_or(Cell(0));
        let digit = s.digit.unwrap_or(1);
        let choices = s.choices.unwrap_or(Digits::NONE);
        let parent = s.parent.unwrap_or(0);
        if parent != node {
            return Err(replay(
                "parent",
                format!("is {parent}, but the search is at node {node}"),
            ));
        }
        if s.node != self.next_node {
            return Err(replay(
                "node",
                format!("is {}: the next node is {}", s.node, self.next_node),
            ));
        }
        if s.depth != depth + 1 || depth + 1 > 81 {
            return Err(replay(
                "depth",
                format!(
                    "is {}: a guess from node {node} (depth {depth}) is at depth {}",
                    s.depth,
                    depth + 1
                ),
            ));
        }
        let held = self.state[cell.index()];
        if choices != held {
            return Err(replay(
                "choices",
                format!("are \"{choices}\", but {cell} holds \"{held}\" here"),
            )
            .cell(cell));
        }
        if choices.len() < 2 || !choices.contains(digit) {
            return Err(bad("digit", format!("{digit} is not a choice: a guess tries one of two or more candidates, here \"{choices}\"")).cell(cell));
        }
        self.next_node += 1;
        self.path.push(Level {
            node: s.node,
            depth: s.depth,
            snapshot: self.state,
        });
        Ok(Reason::Guess {
            cell,
            digit,
            choices,
            parent,
        })
    }

    /// A backtrack: it leaves the node the search is in (not the root) for its parent, on a
    /// contradiction that holds here.
    #[inline(never)]
    fn backtrack(&self, s: &RawStep) -> Result<Reason, Fail> {
        self.fields(s, BACKTRACK)?;
        self.here(s)?;
        let (node, _) = self.node();
        if self.path.len() < 2 {
            return Err(replay(
                "kind",
                "a backtrack at the root: there is no node to go back to",
            ));
        }
        let parent = s.parent.unwrap_or(0);
        let up = self.path[self.path.len() - 2].node;
        if parent != up {
            return Err(replay(
                "parent",
                format!("is {parent}, but node {node} was guessed from node {up}"),
            ));
        }
        let raw = s.contradiction.as_ref().expect("checked present");
        let topo = &*self.header.topo;
        let c = contradiction(raw, topo).map_err(|e| under("contradiction", e))?;
        holds(&c, &self.state, topo).map_err(|e| under("contradiction", e))?;
        Ok(Reason::Backtrack {
            parent,
            contradiction: c,
        })
    }

    /// A strategy's step: one of the trace's strategies, in the node the search is in, with its
    /// evidence (at most [`MAX_EVIDENCE_UNITS`] units of the variant, [`MAX_EVIDENCE_BOXES`]
    /// boxes).
    #[inline(never)]
    fn strategy(&self, s: &RawStep, kind: &str) -> Result<Reason, Fail> {
        let ids = &self.header.ids;
        let Some(p) = ids.iter().position(|id| *id == kind) else {
            return Err(bad(
                "kind",
                format!(
                    "{} is not a step kind: expected a strategy ({}), guess, backtrack, stop or assign",
                    quote(kind),
                    some_ids(ids)
                ),
            ));
        };
        if !self.header.strategies.contains(p as u8) {
            return Err(bad(
                "kind",
                format!("{kind} is not one of this trace's strategies"),
            ));
        }
        if s.chain.is_some() && self.header.format < 3 {
            return Err(bad(
                "chain",
                format!(
                    "a chain in a trace of format {}: chains are format 3's",
                    self.header.format
                ),
            ));
        }
        if s.chains.is_some() && self.header.format < 4 {
            return Err(bad(
                "chains",
                format!(
                    "a forcing step's chains in a trace of format {}: they are format 4's",
                    self.header.format
                ),
            ));
        }
        let mut fields = if s.chains.is_some() || s.conclude.is_some() || s.complexity.is_some() {
            STRATEGY_FORCING
        } else if s.chain.is_some() {
            STRATEGY_CHAIN
        } else {
            STRATEGY
        };
        let cages = s.given.contains(F::CageTotal) || s.given.contains(F::Side);
        if s.sum.is_some() || s.combinations.is_some() {
            if self.header.format < 4 {
                return Err(bad(
                    "sum",
                    format!(
                        "a sum in a trace of format {}: killer steps are format 4's",
                        self.header.format
                    ),
                ));
            }
            let sum = if cages { CAGES } else { SUM };
            fields = FieldSet::from_bits(fields.bits() | sum.bits());
        } else if cages {
            return Err(bad(
                if s.given.contains(F::CageTotal) {
                    "cage_total"
                } else {
                    "side"
                },
                "without a sum: a 45 rule step's cage total and side come with its sum",
            ));
        }
        self.fields(s, fields)?;
        self.here(s)?;
        let names = s.units.as_deref().unwrap_or_default();
        let boxes: Vec<Cell> = s.boxes.iter().flatten().copied().collect();
        if names.len() > MAX_EVIDENCE_UNITS {
            return Err(bad(
                "units",
                format!(
                    "lists {} units: a step's evidence holds at most {MAX_EVIDENCE_UNITS}",
                    names.len()
                ),
            ));
        }
        if boxes.len() > MAX_EVIDENCE_BOXES {
            return Err(bad(
                "boxes",
                format!(
                    "lists {} boxes: a step's evidence holds at most {MAX_EVIDENCE_BOXES}",
                    boxes.len()
                ),
            ));
        }
        let mut units: Vec<Unit> = Vec::with_capacity(names.len());
        for (k, name) in names.iter().enumerate() {
            units.push(unit_in(&self.header.topo, name, &format!("units[{k}]"))?);
        }
        let digits = s.digits.unwrap_or(Digits::NONE);
        let mut evidence = Evidence::new(&units, &boxes, digits);
        if let (Some(sum), Some(combinations)) = (s.sum, &s.combinations) {
            if sum == 0 {
                return Err(bad("sum", "is 0: a step's sum is at least 1"));
            }
            if combinations.len() > MAX_COMBINATIONS {
                return Err(bad(
                    "combinations",
                    format!(
                        "lists {} combinations: a step's evidence holds at most {MAX_COMBINATIONS}",
                        combinations.len()
                    ),
                ));
            }
            evidence = evidence.with_sum(sum, combinations);
            if cages {
                let (total, outies) = (s.cage_total, s.outies);
                if !(1..=CageTotal::MAX).contains(&total) {
                    return Err(bad(
                        "cage_total",
                        format!("is {total}: a cage total is 1 to {}", CageTotal::MAX),
                    ));
                }
                evidence = evidence.with_cages(CageTotal { sum: total, outies });
            }
        }
        Ok(Reason::Strategy {
            position: p as u8,
            evidence,
        })
    }

    /// A forcing step's branches as read (checked once its change is known: `forcing.rs`).
    fn forcing(&self, s: &RawStep) -> Result<Option<crate::trace::Forcing>, Fail> {
        let Some(raw) = &s.chains else {
            return Ok(None);
        };
        let name = s.conclude.as_deref().unwrap_or("");
        let conclude = crate::trace::Conclude::from_name(name).ok_or_else(|| {
            bad(
                "conclude",
                format!(
                    "{} is not a conclusion: expected \"contradiction\" or \"agree\"",
                    quote(name)
                ),
            )
        })?;
        let mut chains = Vec::with_capacity(raw.len());
        for (b, branch) in raw.iter().enumerate() {
            let mut nodes = Vec::with_capacity(branch.len());
            for (i, n) in branch.iter().enumerate() {
                let by = match &n.by {
                    None => None,
                    Some(id) => Some(crate::registry::position(id).ok_or_else(|| {
                        bad(
                            format!("chains[{b}].nodes[{i}].by"),
                            format!("{} is not a strategy id", quote(id)),
                        )
                    })?),
                };
                nodes.push(crate::trace::NetNode {
                    cell: n.cell,
                    digit: n.digit,
                    on: n.on,
                    by,
                    parents: n.parents.clone(),
                });
            }
            chains.push(nodes);
        }
        Ok(Some(crate::trace::Forcing {
            step: 0,
            conclude,
            nodes: s.complexity.unwrap_or(0),
            chains,
        }))
    }

    /// A strategy step's chain, checked against the state before the step (`chain`).
    fn chain(&self, s: &RawStep) -> Result<Option<Vec<ChainNode>>, Fail> {
        match &s.chain {
            None => Ok(None),
            Some(raw) => {
                chain::chain(raw, &self.state, &self.header.topo, self.header.format).map(Some)
            }
        }
    }

    /// Counts the step, its changes applied; a backtrack leaves its node, whose boxes it must
    /// have restored to their state when the node was guessed.
    fn count(&mut self, reason: &Reason, depth: u32) -> Result<(), Fail> {
        let found = &mut self.found;
        match reason {
            Reason::Strategy { position, .. } => found.strategies[*position as usize] += 1,
            Reason::Assign => found.assigns += 1,
            Reason::Stop { .. } => found.stops += 1,
            Reason::Guess { .. } => {
                found.guesses += 1;
                found.max_depth = found.max_depth.max(depth);
            }
            Reason::Backtrack { .. } => {
                found.backtracks += 1;
                let level = self.path.pop().expect("a backtrack's node is not the root");
                restored(&self.state, &level)?;
            }
        }
        Ok(())
    }
}

/// After a backtrack from `level`'s node: every box as when the node was guessed.
#[inline(never)]
fn restored(state: &[Digits; 81], level: &Level) -> Result<(), Fail> {
    match Cell::all().find(|c| state[c.index()] != level.snapshot[c.index()]) {
        Some(c) => Err(replay(
            "changes",
            format!(
                "the backtrack leaves {c} at \"{}\", not at \"{}\" as when node {} was guessed",
                state[c.index()],
                level.snapshot[c.index()],
                level.node
            ),
        )
        .cell(c)),
        None => Ok(()),
    }
}

/// A stop's fields: its rule is the one the trace's strategies give (the course's when they
/// are all the course's), it comes after one round at least, and under the fixpoint rule the
/// last round removed nothing and another would change nothing.
#[inline(never)]
fn stop(s: &RawStep, strategies: StrategySet) -> Result<Reason, Fail> {
    if strategies.is_empty() {
        return Err(bad(
            "kind",
            "a stop in a trace without strategies: reduce_puzzle makes no rounds there",
        ));
    }
    let name = s.rule.as_deref().expect("checked present");
    let Some(rule) = StopRule::from_name(name) else {
        return Err(bad(
            "rule",
            format!(
                "{} is not a rule: expected {}",
                quote(name),
                one_of(StopRule::ALL.map(StopRule::name), false)
            ),
        ));
    };
    let expected = StopRule::of(strategies);
    if rule != expected {
        return Err(bad(
            "rule",
            format!(
                "is {}, but this trace's strategies stop by the {} rule",
                rule.name(),
                expected.name()
            ),
        ));
    }
    let rounds = s.rounds.expect("checked present");
    if rounds == 0 {
        return Err(bad(
            "rounds",
            "is 0: reduce_puzzle stops after one round at least",
        ));
    }
    let removed = s.removed.expect("checked present");
    if rule == StopRule::Fixpoint && removed != 0 {
        return Err(bad(
            "removed",
            format!("is {removed}: the fixpoint rule stops at a round that removed nothing"),
        ));
    }
    let pending = s.pending.expect("checked present");
    if rule == StopRule::Fixpoint && pending {
        return Err(bad(
            "pending",
            "is true: the fixpoint rule stops only where a round changes nothing",
        ));
    }
    Ok(Reason::Stop {
        rule,
        rounds,
        removed,
        pending,
    })
}

/// Applies a step's changes to `state`, checking each against it: a stop has none, any other
/// step one at least (a guess exactly one, its box set to its digit), each box at most once,
/// its `before` the replayed state, its `after` different, a strategy's only removing
/// candidates.
#[inline(never)]
fn apply_changes(
    s: &RawStep,
    reason: &Reason,
    state: &mut [Digits; 81],
    changes: &mut Vec<Change>,
) -> Result<(), Fail> {
    if let Reason::Stop { .. } = reason {
        if !s.changes.is_empty() {
            return Err(bad("changes", "a stop changes nothing: its changes are []"));
        }
        return Ok(());
    }
    if s.changes.is_empty() {
        return Err(bad("changes", "is empty: a step changes at least one box"));
    }
    if let Reason::Guess { cell, digit, .. } = *reason {
        let ok = matches!(s.changes.as_slice(), [c] if c.cell == cell && c.after == Digits::single(digit));
        if !ok {
            return Err(bad(
                "changes",
                format!("a guess has one change, {cell} set to {digit}"),
            )
            .cell(cell));
        }
    }
    let mut seen = [false; 81];
    for (j, c) in s.changes.iter().enumerate() {
        let (cell, before, after) = (c.cell, c.before, c.after);
        if std::mem::replace(&mut seen[cell.index()], true) {
            return Err(bad(
                format!("changes[{j}].box"),
                format!("{cell} is changed twice in this step: a box appears at most once"),
            )
            .cell(cell));
        }
        if before != state[cell.index()] {
            return Err(replay(
                format!("changes[{j}].before"),
                format!(
                    "is \"{before}\", but {cell} holds \"{}\" at this point of the replay",
                    state[cell.index()]
                ),
            )
            .cell(cell));
        }
        if after == before {
            return Err(bad(
                format!("changes[{j}].after"),
                format!("is \"{after}\", as before: a change changes the box"),
            )
            .cell(cell));
        }
        if matches!(reason, Reason::Strategy { .. }) && after.without(before) != Digits::NONE {
            return Err(bad(
                format!("changes[{j}].after"),
                format!(
                    "\"{before}\" to \"{after}\" adds candidates: a strategy only removes them"
                ),
            )
            .cell(cell));
        }
        state[cell.index()] = after;
        changes.push(Change {
            cell,
            before,
            after,
        });
    }
    Ok(())
}
