//! The step trace: every change of every candidate, in order, with its reason and evidence.
//! Its JSON is the Rust↔JS contract, described field by field in `docs/trace-format.md`.
//!
//! Solving reports to a [`Sink`]. [`NoTrace`] does nothing (and compiles away); [`Recorder`]
//! keeps every step. Both run the same code, so traced and untraced solving cannot drift apart.

use crate::digits::{Digit, Digits};
pub use crate::limits::Limit;
use crate::limits::Limits;
use crate::puzzle::Puzzle;
use crate::topology::{Cell, Topology, Unit, Variant};
use serde::ser::Serializer;
use serde::Serialize;
use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

/// Where solving reports what it does. Changes arrive one by one through [`crate::Grid::set`];
/// `step` then closes them into one step with its reason.
pub trait Sink {
    /// False for a sink that records nothing, so callers can skip work done only for the trace.
    const ENABLED: bool;
    fn change(&mut self, cell: Cell, before: Digits, after: Digits);
    /// Closes the changes reported since the last step into a step; none means no step, except
    /// for a [`Reason::Stop`], which marks a place in the solve and changes nothing.
    fn step(&mut self, node: u32, depth: u32, reason: Reason);
    /// The chain of the next step (a strategy whose evidence is a chain reports it just before
    /// its `step`); a sink that records nothing ignores it.
    #[inline(always)]
    fn chain(&mut self, _nodes: &[ChainNode]) {}
    /// The branches of the next step, a forcing step (several chains, one per branch of its
    /// premise, and how they conclude), reported just before its `step`.
    #[inline(always)]
    fn net(&mut self, _net: Forcing) {}
    /// True once the sink can take no more steps (its cap is reached).
    fn full(&self) -> bool {
        false
    }
}

/// The sink for untraced solving.
#[derive(Default)]
pub struct NoTrace;

impl Sink for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn change(&mut self, _: Cell, _: Digits, _: Digits) {}
    #[inline(always)]
    fn step(&mut self, _: u32, _: u32, _: Reason) {}
}

/// Any sink, reached through one vtable: the strategies beyond the course's run through it
/// (`crate::registry`), so each of their passes is compiled once, not once per sink type. It
/// reports every change and step (`ENABLED`), and the sink behind it keeps or drops them.
pub struct Erased<'a>(&'a mut dyn DynSink);

impl<'a> Erased<'a> {
    #[inline(always)]
    pub fn new<S: Sink>(sink: &'a mut S) -> Self {
        Erased(sink)
    }
}

/// [`Sink`]'s methods, callable on a `dyn` (a trait with an associated const is not).
trait DynSink {
    fn dyn_change(&mut self, cell: Cell, before: Digits, after: Digits);
    fn dyn_step(&mut self, node: u32, depth: u32, reason: Reason);
    fn dyn_chain(&mut self, nodes: &[ChainNode]);
    fn dyn_net(&mut self, net: Forcing);
    fn dyn_full(&self) -> bool;
}

impl<S: Sink> DynSink for S {
    fn dyn_change(&mut self, cell: Cell, before: Digits, after: Digits) {
        Sink::change(self, cell, before, after)
    }
    fn dyn_step(&mut self, node: u32, depth: u32, reason: Reason) {
        Sink::step(self, node, depth, reason)
    }
    fn dyn_chain(&mut self, nodes: &[ChainNode]) {
        Sink::chain(self, nodes)
    }
    fn dyn_net(&mut self, net: Forcing) {
        Sink::net(self, net)
    }
    fn dyn_full(&self) -> bool {
        Sink::full(self)
    }
}

impl Sink for Erased<'_> {
    const ENABLED: bool = true;
    #[inline(always)]
    fn change(&mut self, cell: Cell, before: Digits, after: Digits) {
        self.0.dyn_change(cell, before, after)
    }
    #[inline(always)]
    fn step(&mut self, node: u32, depth: u32, reason: Reason) {
        self.0.dyn_step(node, depth, reason)
    }
    #[inline(always)]
    fn chain(&mut self, nodes: &[ChainNode]) {
        self.0.dyn_chain(nodes)
    }
    #[inline(always)]
    fn net(&mut self, net: Forcing) {
        self.0.dyn_net(net)
    }
    #[inline(always)]
    fn full(&self) -> bool {
        self.0.dyn_full()
    }
}

/// Keeps every step, up to `max_steps` (at most [`Limits::MAX_STEPS`]): the steps, and every change of every step in one
/// buffer (no allocation per step), as a [`Trace`] holds them; the chains of the steps that
/// have one in two more (a [`ChainRef`] per such step, their nodes in one buffer).
pub struct Recorder {
    pub steps: Vec<Step>,
    /// The changes of the steps so far, then those reported since the last step.
    pub changes: Vec<Change>,
    pub chains: Vec<ChainRef>,
    /// The nodes of the chains so far, then those of the chain reported for the next step.
    pub chain_nodes: Vec<ChainNode>,
    /// The forcing steps' branches, in step order; then the one reported for the next step.
    pub forcing: Vec<Forcing>,
    pending_net: Option<Forcing>,
    max_steps: usize,
}

/// What a [`Recorder`] kept: the parts of a [`Trace`] that come from the steps.
pub struct Recorded {
    pub steps: Vec<Step>,
    pub changes: Vec<Change>,
    pub chains: Vec<ChainRef>,
    pub chain_nodes: Vec<ChainNode>,
    pub forcing: Vec<Forcing>,
}

impl Recorder {
    pub fn new(max_steps: usize) -> Recorder {
        // A recorder of one step (the walk's, for each rung it tries) keeps its buffers small
        // enough for the allocator's fast path.
        let one = max_steps <= 1;
        Recorder {
            steps: Vec::with_capacity(if one { 1 } else { 64 }),
            changes: Vec::with_capacity(if one { 128 } else { 256 }),
            chains: Vec::new(),
            chain_nodes: Vec::new(),
            forcing: Vec::new(),
            pending_net: None,
            max_steps: max_steps.min(Limits::MAX_STEPS),
        }
    }

    /// Where the changes not yet closed into a step start.
    fn closed(&self) -> usize {
        self.steps.last().map_or(0, |s| s.changes.end as usize)
    }

    /// Where the chain nodes not yet given to a step start.
    fn chains_closed(&self) -> usize {
        self.chains.last().map_or(0, |c| c.nodes.end as usize)
    }

    /// The steps and their changes (any change not closed into a step is dropped).
    pub fn finish(self) -> (Vec<Step>, Vec<Change>) {
        let r = self.finish_all();
        (r.steps, r.changes)
    }

    /// The steps, their changes and their chains (anything not closed into a step is dropped).
    pub fn finish_all(mut self) -> Recorded {
        self.changes.truncate(self.closed());
        self.chain_nodes.truncate(self.chains_closed());
        Recorded {
            steps: self.steps,
            changes: self.changes,
            chains: self.chains,
            chain_nodes: self.chain_nodes,
            forcing: self.forcing,
        }
    }
}

impl Sink for Recorder {
    const ENABLED: bool = true;
    #[inline]
    fn change(&mut self, cell: Cell, before: Digits, after: Digits) {
        self.changes.push(Change {
            cell,
            before,
            after,
        });
    }
    fn step(&mut self, node: u32, depth: u32, reason: Reason) {
        let start = self.closed();
        // Search notices a full sink only after a round of `reduce_puzzle`; the steps made
        // until then are dropped, so a trace never holds more than `max_steps` and stays a
        // replayable prefix of the solve.
        let chain_start = self.chains_closed();
        let net = self.pending_net.take();
        if self.full() {
            self.changes.truncate(start);
            self.chain_nodes.truncate(chain_start);
            return;
        }
        if self.changes.len() > start || matches!(reason, Reason::Stop { .. }) {
            self.steps.push(Step {
                node,
                depth,
                reason,
                changes: start as u32..self.changes.len() as u32,
            });
            if self.chain_nodes.len() > chain_start {
                self.chains.push(ChainRef {
                    step: self.steps.len() as u32 - 1,
                    nodes: chain_start as u32..self.chain_nodes.len() as u32,
                });
            }
            if let Some(mut net) = net {
                net.step = self.steps.len() as u32 - 1;
                self.forcing.push(net);
            }
        } else {
            self.chain_nodes.truncate(chain_start);
        }
    }
    fn chain(&mut self, nodes: &[ChainNode]) {
        self.chain_nodes.truncate(self.chains_closed());
        self.chain_nodes.extend_from_slice(nodes);
    }
    fn net(&mut self, net: Forcing) {
        self.pending_net = Some(net);
    }
    fn full(&self) -> bool {
        self.steps.len() >= self.max_steps
    }
}

/// One box's candidates before and after a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    #[serde(rename = "box")]
    pub cell: Cell,
    pub before: Digits,
    pub after: Digits,
}

/// One step: a set of changes, its reason and evidence, and the search node it belongs to.
/// Its changes are `Trace::changes[changes]` ([`Trace::changes_of`]); in JSON, the step holds
/// them (`"changes": [...]`, docs/trace-format.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub reason: Reason,
    pub node: u32,
    pub depth: u32,
    pub changes: Range<u32>,
}

/// A strategy's position in the registry (`crate::registry::REGISTRY`): 0 is the first rung.
/// Its name is `crate::registry::info(position).id`.
pub type Position = u8;

/// How many strategies a [`StrategySet`] (and so the registry) can hold.
pub const MAX_STRATEGIES: usize = 64;

/// The most units and boxes a strategy step's evidence holds. Inline, so a step allocates
/// nothing: a box belongs to five units at most, a technique names a handful of boxes, and a
/// finned jellyfish nine units (four base lines, four cover lines, the fins' square). The packed
/// trace and the JSON list a step's units with their ends, so neither depends on it.
pub const MAX_EVIDENCE_UNITS: usize = 9;
pub const MAX_EVIDENCE_BOXES: usize = 16;
/// The most combinations a step's evidence holds: 12, the most sets of as many different
/// digits that make one sum (four digits making 20, or five making 25).
pub const MAX_COMBINATIONS: usize = 12;

/// What a strategy step reasons from, in three roles: the units it reasons over, the boxes that
/// cause it, the digits involved. Each strategy documents what it puts in each role
/// (docs/trace-format.md); any may be empty. A killer step adds a sum (a cage's, or what the
/// 45 rule leaves) and the combinations of digits that make it ([`Evidence::with_sum`]); a 45
/// rule step, the total of the cages it reads and which side is left over
/// ([`Evidence::with_cages`]).
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Evidence {
    n_units: u8,
    n_boxes: u8,
    n_combinations: u8,
    units: [Unit; MAX_EVIDENCE_UNITS],
    boxes: [Cell; MAX_EVIDENCE_BOXES],
    digits: Digits,
    /// 0 for none: no sum of a step is 0.
    sum: u16,
    /// A 45 rule step's [`CageTotal`]: its sum in bits 0-14 ([`CageTotal::MAX`] at most), bit
    /// 15 set for outies; 0 for none. Packed in one word: a step stays 76 bytes.
    cages: u16,
    combinations: [Digits; MAX_COMBINATIONS],
}

/// What a 45 rule step's arithmetic starts from: the houses hold 45 each, the whole cages it
/// reads (inside the houses for innies, covering them for outies) sum to `sum`, and what is
/// left over is on one side of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CageTotal {
    /// The sum of the cages' sums.
    pub sum: u16,
    /// The boxes left over stick out of the cages covering the houses (outies), rather than
    /// lie in the houses outside the cages inside them (innies).
    pub outies: bool,
}

impl CageTotal {
    /// The largest total: nine houses' worth of cages.
    pub const MAX: u16 = 45 * 9;
    /// `innies` or `outies`, as traces name the side.
    pub fn side(&self) -> &'static str {
        if self.outies {
            "outies"
        } else {
            "innies"
        }
    }
}

impl Evidence {
    /// The evidence of a step. Panics past [`MAX_EVIDENCE_UNITS`] units or
    /// [`MAX_EVIDENCE_BOXES`] boxes: a strategy that needs more must raise them.
    #[inline]
    pub fn new(units: &[Unit], boxes: &[Cell], digits: Digits) -> Evidence {
        let mut e = Evidence {
            n_units: units.len() as u8,
            n_boxes: boxes.len() as u8,
            n_combinations: 0,
            units: [Unit(0); MAX_EVIDENCE_UNITS],
            boxes: [Cell(0); MAX_EVIDENCE_BOXES],
            digits,
            sum: 0,
            cages: 0,
            combinations: [Digits::NONE; MAX_COMBINATIONS],
        };
        e.units[..units.len()].copy_from_slice(units);
        e.boxes[..boxes.len()].copy_from_slice(boxes);
        e
    }
    /// The same evidence with a sum (at least 1) and the combinations of digits that make it
    /// (each a set of digits, in increasing order of their masks; at most [`MAX_COMBINATIONS`],
    /// more panics).
    #[inline]
    pub fn with_sum(mut self, sum: u16, combinations: &[Digits]) -> Evidence {
        self.sum = sum;
        self.n_combinations = combinations.len() as u8;
        self.combinations[..combinations.len()].copy_from_slice(combinations);
        self
    }
    /// The same evidence with a 45 rule step's cage total (its sum at most [`CageTotal::MAX`],
    /// more panics).
    #[inline]
    pub fn with_cages(mut self, total: CageTotal) -> Evidence {
        assert!(total.sum <= CageTotal::MAX, "a cage total past 405");
        self.cages = total.sum | u16::from(total.outies) << 15;
        self
    }
    /// A 45 rule step's cage total, if it has one.
    pub fn cages(&self) -> Option<CageTotal> {
        (self.cages != 0).then_some(CageTotal {
            sum: self.cages & 0x7fff,
            outies: self.cages >> 15 != 0,
        })
    }
    /// The sum the step reasons from, if it has one.
    pub fn sum(&self) -> Option<u16> {
        (self.sum != 0).then_some(self.sum)
    }
    /// The combinations of digits that make the sum (none without one).
    pub fn combinations(&self) -> &[Digits] {
        &self.combinations[..self.n_combinations as usize]
    }
    pub fn units(&self) -> &[Unit] {
        &self.units[..self.n_units as usize]
    }
    pub fn boxes(&self) -> &[Cell] {
        &self.boxes[..self.n_boxes as usize]
    }
    pub fn digits(&self) -> Digits {
        self.digits
    }
}

impl std::fmt::Debug for Evidence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Evidence")
            .field("units", &self.units())
            .field("boxes", &self.boxes())
            .field("digits", &self.digits)
            .field("sum", &self.sum())
            .field("combinations", &self.combinations())
            .field("cages", &self.cages())
            .finish()
    }
}

/// The most nodes a chain holds.
pub const MAX_CHAIN_NODES: usize = 32;

/// The link between two consecutive nodes of a chain. Strong: at least one of the two
/// candidates is true (they are the only two places of their digit in a unit, or the only two
/// digits of their box). Weak: at most one is (the same box with two digits, or the same digit
/// in two boxes that see each other). In a trace: its [`Link::name`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Link {
    Strong,
    Weak,
}

impl Link {
    /// Both kinds, in declaration order.
    pub const ALL: [Link; 2] = [Link::Strong, Link::Weak];

    /// The link's name in a trace.
    pub fn name(self) -> &'static str {
        match self {
            Link::Strong => "strong",
            Link::Weak => "weak",
        }
    }

    /// The link named `name` in a trace.
    pub fn from_name(name: &str) -> Option<Link> {
        Link::ALL.into_iter().find(|l| l.name() == name)
    }
}

impl Serialize for Link {
    /// As its [`Link::name`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The most boxes a chain node holds: a group is 2 or 3 boxes of one line inside one square, an
/// almost locked set at most 8 boxes (8 boxes of one unit holding 9 digits).
pub const MAX_GROUP_BOXES: usize = 8;

/// One node of a chain: the candidate `digit` in one box, or in a **group** (2 or 3 boxes of
/// one line inside one square, or the 2 to 8 boxes of an almost locked set: "one of them is
/// `digit`" when the node is true, "none of them" when it is false); and the link from it to
/// the next node. `next` is `None` on the last node
/// of an open chain; on the last node of a loop it is the link that closes the loop back to the
/// first node (a chain is a loop exactly when its last node has a `next`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChainNode {
    boxes: [Cell; MAX_GROUP_BOXES],
    len: u8,
    pub digit: Digit,
    pub next: Option<Link>,
}

impl ChainNode {
    /// The node of one box.
    pub const fn new(cell: Cell, digit: Digit, next: Option<Link>) -> ChainNode {
        ChainNode {
            boxes: [cell; MAX_GROUP_BOXES],
            len: 1,
            digit,
            next,
        }
    }

    /// The node of `boxes` (1 to [`MAX_GROUP_BOXES`], kept in the order given; a group's are
    /// in A1..I9 order). Panics on none or more.
    pub fn group(boxes: &[Cell], digit: Digit, next: Option<Link>) -> ChainNode {
        assert!((1..=MAX_GROUP_BOXES).contains(&boxes.len()));
        let mut n = ChainNode::new(boxes[0], digit, next);
        n.boxes[..boxes.len()].copy_from_slice(boxes);
        n.len = boxes.len() as u8;
        n
    }

    /// The node's boxes: one, or the group's.
    pub fn boxes(&self) -> &[Cell] {
        &self.boxes[..self.len as usize]
    }

    /// Its first box (its only one, unless it is a group).
    pub fn cell(&self) -> Cell {
        self.boxes[0]
    }

    /// Whether it is a group (more than one box).
    pub fn is_group(&self) -> bool {
        self.len > 1
    }

    /// Whether the chain `nodes` is a loop (its last node links back to its first).
    pub fn is_loop(nodes: &[ChainNode]) -> bool {
        nodes.last().is_some_and(|n| n.next.is_some())
    }
}

/// How the branches of a forcing step conclude.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Conclude {
    /// The one branch ends in a contradiction: its premise is false, and its opposite holds.
    Contradiction,
    /// Every branch derives the step's literal, which holds.
    Agree,
}

impl Conclude {
    pub const ALL: [Conclude; 2] = [Conclude::Contradiction, Conclude::Agree];

    /// Its name in a trace.
    pub fn name(self) -> &'static str {
        match self {
            Conclude::Contradiction => "contradiction",
            Conclude::Agree => "agree",
        }
    }

    /// The conclusion named `name` in a trace.
    pub fn from_name(name: &str) -> Option<Conclude> {
        Conclude::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// One node of a forcing step's branch: the candidate `digit` in `cell`, on (true) or off
/// (false), the nodes it follows from (indices of earlier nodes of its branch; none for the
/// premise, the first), and the technique that derived it inside a net (registry position),
/// if not the singles' rules. The link from a parent on to a node off is weak, from a parent
/// off to a node on strong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetNode {
    pub cell: Cell,
    pub digit: Digit,
    pub on: bool,
    pub by: Option<Position>,
    pub parents: Vec<u16>,
}

/// A forcing step's evidence beyond its `Evidence`: its step, how its branches conclude, its
/// node count (Sudoku Explainer's complexity, which its score grows with), and its branches,
/// one chain (or net) per premise, each ending on the literal concluded (`Agree`) or on the
/// nodes that contradict each other (`Contradiction`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forcing {
    pub step: u32,
    pub conclude: Conclude,
    pub nodes: u32,
    pub chains: Vec<Vec<NetNode>>,
}

/// Where the chain of step `step` sits: `Trace::chain_nodes[nodes]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainRef {
    pub step: u32,
    pub nodes: Range<u32>,
}

/// Why a step happened, with its evidence. Serialized in `crate::json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A step of the strategy at registry position `position`, with its evidence.
    Strategy {
        position: Position,
        evidence: Evidence,
    },
    /// Search tries `digit` in `cell` (whose candidates were `choices`), creating a node.
    Guess {
        cell: Cell,
        digit: Digit,
        choices: Digits,
        parent: u32,
    },
    /// The node is a dead end; the changes restore the state from which it was guessed.
    Backtrack {
        parent: u32,
        contradiction: Contradiction,
    },
    /// A change made by a learner's own code, with no evidence of the solver's.
    Assign,
    /// `reduce_puzzle` stopped on a grid that is not finished, by `rule`, after `rounds` rounds
    /// at this node, the last of which removed `removed` candidates. `pending`: one more round
    /// would still have changed the grid (only the course's rule stops there). Changes nothing:
    /// it marks where propagation ends and search takes over.
    Stop {
        rule: StopRule,
        rounds: u32,
        removed: u32,
        pending: bool,
    },
}

/// Which rule ended a node's rounds of `reduce_puzzle` (docs/trace-format.md, "Rounds").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopRule {
    /// Only the course's strategies are on: a round that solved no new box ends it, even if it
    /// removed candidates.
    Course,
    /// A strategy beyond the course's is on: a round that changed nothing ends it.
    Fixpoint,
}

impl StopRule {
    /// The rule `reduce_puzzle` follows with `strategies` on: the course's when they are all the
    /// course's, else the fixpoint.
    pub fn of(strategies: StrategySet) -> StopRule {
        if strategies.is_course() {
            StopRule::Course
        } else {
            StopRule::Fixpoint
        }
    }

    /// Every rule, in declaration order.
    pub const ALL: [StopRule; 2] = [StopRule::Course, StopRule::Fixpoint];

    /// The rule named `name` in a trace.
    pub fn from_name(name: &str) -> Option<StopRule> {
        StopRule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// The rule's name in the trace.
    pub fn name(self) -> &'static str {
        match self {
            StopRule::Course => "course",
            StopRule::Fixpoint => "fixpoint",
        }
    }
}

impl Serialize for StopRule {
    /// As its [`StopRule::name`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Why a search node is a dead end. In a trace: `{ "kind": <its kind's name>, ... }`, `cell`
/// written `box` (docs/trace-format.md).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// A box lost its last candidate.
    EmptyBox { cell: Cell },
    /// A digit fits nowhere in a unit.
    NoPlace { unit: Unit, digit: Digit },
    /// The same digit is solved twice in a unit.
    Duplicate {
        unit: Unit,
        digit: Digit,
        boxes: [Cell; 2],
    },
    /// Every digit tried in the node's guess box led to a dead end.
    Exhausted { cell: Cell, choices: Digits },
    /// Two boxes that see each other without sharing a house (a pairwise exclusion such as
    /// anti-knight, or a cage) are solved as the same digit.
    Clash { digit: Digit, boxes: [Cell; 2] },
    /// Every box of the killer cage whose first box is `cell` is solved, and their digits do not
    /// add up to the cage's sum.
    CageSum { cell: Cell },
}

/// The kind of a [`Contradiction`], without its data: what a trace names it by.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ContradictionKind {
    EmptyBox,
    NoPlace,
    Duplicate,
    Exhausted,
    Clash,
    CageSum,
}

impl ContradictionKind {
    /// Every kind, in declaration order.
    pub const ALL: [ContradictionKind; 6] = [
        ContradictionKind::EmptyBox,
        ContradictionKind::NoPlace,
        ContradictionKind::Duplicate,
        ContradictionKind::Exhausted,
        ContradictionKind::Clash,
        ContradictionKind::CageSum,
    ];

    /// The kind named `name` in a trace.
    pub fn from_name(name: &str) -> Option<ContradictionKind> {
        ContradictionKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
    }

    /// The kind's name in a trace: the one spelling of it (the JSON writers, the validator and
    /// the packed trace's names use this).
    pub fn name(self) -> &'static str {
        match self {
            ContradictionKind::EmptyBox => "empty_box",
            ContradictionKind::NoPlace => "no_place",
            ContradictionKind::Duplicate => "duplicate",
            ContradictionKind::Exhausted => "exhausted",
            ContradictionKind::Clash => "clash",
            ContradictionKind::CageSum => "cage_sum",
        }
    }
}

impl Contradiction {
    pub fn kind(&self) -> ContradictionKind {
        match self {
            Contradiction::EmptyBox { .. } => ContradictionKind::EmptyBox,
            Contradiction::NoPlace { .. } => ContradictionKind::NoPlace,
            Contradiction::Duplicate { .. } => ContradictionKind::Duplicate,
            Contradiction::Exhausted { .. } => ContradictionKind::Exhausted,
            Contradiction::Clash { .. } => ContradictionKind::Clash,
            Contradiction::CageSum { .. } => ContradictionKind::CageSum,
        }
    }

    /// Its kind's name in a trace.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }
}

impl Serialize for Contradiction {
    /// `{ "kind", ... }`: its kind's name, then its fields in declaration order, a unit by its
    /// classic name (a trace writes its own units' names, `crate::json`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::json::ContradictionJson(self, &[]).serialize(s)
    }
}

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contradiction::EmptyBox { cell } => write!(f, "{cell} has no candidates left"),
            Contradiction::NoPlace { unit, digit } => write!(f, "{digit} fits nowhere in {unit}"),
            Contradiction::Duplicate {
                unit,
                digit,
                boxes: [a, b],
            } => {
                write!(f, "{a} and {b} are both {digit} in {unit}")
            }
            Contradiction::Exhausted { cell, choices } => {
                write!(
                    f,
                    "every candidate of {cell} ({choices}) leads to a contradiction"
                )
            }
            Contradiction::Clash {
                digit,
                boxes: [a, b],
            } => write!(f, "{a} and {b} see each other and are both {digit}"),
            Contradiction::CageSum { cell } => {
                write!(f, "the cage at {cell} is full and misses its sum")
            }
        }
    }
}

/// A set of strategies: bit `i` for the strategy at registry position `i`. `reduce_puzzle`
/// applies them in registry order each round. Its names, parser and defaults are in
/// `crate::registry`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StrategySet(u64);

impl StrategySet {
    /// Pure search, no propagation.
    pub const NONE: StrategySet = StrategySet(0);

    pub const fn from_bits(bits: u64) -> StrategySet {
        StrategySet(bits)
    }
    pub const fn bits(self) -> u64 {
        self.0
    }
    pub const fn contains(self, position: Position) -> bool {
        self.0 & (1 << position) != 0
    }
    pub const fn with(self, position: Position) -> StrategySet {
        StrategySet(self.0 | 1 << position)
    }
    pub const fn without(self, position: Position) -> StrategySet {
        StrategySet(self.0 & !(1 << position))
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The positions in the set, in registry order.
    pub fn positions(self) -> impl Iterator<Item = Position> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let position = rest.trailing_zeros() as Position;
                rest &= rest - 1;
                position
            })
        })
    }
}

/// How many steps each strategy made, by registry position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StepCounts([u64; MAX_STRATEGIES]);

impl Default for StepCounts {
    fn default() -> Self {
        StepCounts([0; MAX_STRATEGIES])
    }
}

impl StepCounts {
    pub fn get(&self, position: Position) -> u64 {
        self.0[position as usize]
    }
    /// The count of one strategy, to add its steps to as they are made.
    #[inline]
    pub fn of(&mut self, position: Position) -> &mut u64 {
        &mut self.0[position as usize]
    }
}

/// Search effort, the same for a traced and an untraced solve of the same puzzle (both run the
/// same code), unless the trace's step cap cuts the traced one short.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited; the root counts, so a puzzle solved by propagation alone has 1.
    pub nodes: u64,
    pub guesses: u64,
    /// Dead-end nodes abandoned.
    pub backtracks: u64,
    pub max_depth: u32,
    /// Nodes where `reduce_puzzle` stopped on an unfinished grid: the `stop` steps of a trace.
    /// Counted with or without a trace.
    pub stops: u64,
    /// Steps per strategy.
    pub steps: StepCounts,
}

/// The verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Outcome {
    /// `solutions` counts solutions up to 2: 1 is unique, 2 means two or more.
    /// 0 means the count was cut short by the node cap (the solution is still valid).
    Solved { solution: String, solutions: u32 },
    /// The root node is a dead end: the puzzle has no solution.
    NoSolution { contradiction: Contradiction },
    /// A cap was reached before a verdict.
    Capped { limit: Limit, max: u64 },
    /// A learner's run (`assign` steps, read by `crate::check`) that does not end in a
    /// solution. Propagate's own solves never give it.
    Unsolved,
}

/// A unit as the trace lists it: its name and its boxes.
#[derive(Clone, Debug, Serialize)]
pub struct UnitInfo {
    pub name: String,
    pub boxes: Vec<Cell>,
}

/// Everything the solver did to one puzzle. Serialized (the JSON of docs/trace-format.md),
/// each step holds its own changes; here they are all in `changes`, in order, and each step
/// has its range of them.
#[derive(Clone, Debug)]
pub struct Trace {
    pub format: u32,
    pub variant: Variant,
    /// The puzzle the trace was made from, when it is more than the classic shape `variant`
    /// names (a jigsaw's regions, cages, exclusions, extra houses) or has a title or an author:
    /// format 4's `puzzle` (docs/trace-format.md). Its givens are `initial`'s solved boxes.
    pub puzzle: Option<Box<Puzzle>>,
    pub strategies: StrategySet,
    pub units: Cow<'static, [UnitInfo]>,
    pub initial: Vec<Digits>,
    pub steps: Vec<Step>,
    /// Every change of every step, in order: step `k`'s are `changes[steps[k].changes]`.
    pub changes: Vec<Change>,
    /// The steps that have a chain, in step order, each with its nodes' range in `chain_nodes`
    /// ([`Trace::chain_of`]): most steps have none, so a step holds no room for one.
    pub chains: Vec<ChainRef>,
    pub chain_nodes: Vec<ChainNode>,
    /// The forcing steps' branches, in step order ([`Trace::forcing_of`]).
    pub forcing: Vec<Forcing>,
    pub outcome: Outcome,
    pub stats: Stats,
}

impl Trace {
    /// The changes of one of this trace's steps.
    pub fn changes_of(&self, step: &Step) -> &[Change] {
        &self.changes[step.changes.start as usize..step.changes.end as usize]
    }

    /// The chain of step `k` (an index in `steps`), if it has one.
    pub fn chain_of(&self, k: usize) -> Option<&[ChainNode]> {
        let i = self
            .chains
            .binary_search_by_key(&(k as u32), |c| c.step)
            .ok()?;
        let r = &self.chains[i].nodes;
        Some(&self.chain_nodes[r.start as usize..r.end as usize])
    }

    /// The branches of step `k` (an index in `steps`), if it is a forcing step.
    pub fn forcing_of(&self, k: usize) -> Option<&Forcing> {
        let i = self
            .forcing
            .binary_search_by_key(&(k as u32), |f| f.step)
            .ok()?;
        Some(&self.forcing[i])
    }

    /// The units of `topo` as a trace lists them: for the classic shapes built once and shared
    /// by every trace.
    pub(crate) fn units_of(topo: &Topology) -> Cow<'static, [UnitInfo]> {
        static STANDARD: OnceLock<Vec<UnitInfo>> = OnceLock::new();
        static DIAGONAL: OnceLock<Vec<UnitInfo>> = OnceLock::new();
        let list = || -> Vec<UnitInfo> {
            topo.all_units()
                .map(|u| UnitInfo {
                    name: topo.name(u).to_string(),
                    boxes: topo.unit(u).to_vec(),
                })
                .collect()
        };
        if !topo.is_classic() {
            return Cow::Owned(list());
        }
        let units = match topo.variant {
            Variant::Standard => &STANDARD,
            Variant::Diagonal => &DIAGONAL,
        };
        Cow::Borrowed(units.get_or_init(list))
    }

    /// What a trace made from `puzzle` (whose topology is `topo`) carries of it: the puzzle,
    /// its givens cleared (a trace's givens are `initial`'s), unless `topo` is a classic shape
    /// and the puzzle has neither a title nor an author.
    pub fn puzzle_of(puzzle: &Puzzle, topo: &Topology) -> Option<Box<Puzzle>> {
        if topo.is_classic() && puzzle.title.is_none() && puzzle.author.is_none() {
            return None;
        }
        Some(Box::new(Puzzle {
            givens: [0; 81],
            ..puzzle.clone()
        }))
    }

    /// Replays the steps from `initial`, forwards, checking that every change starts from the
    /// candidates the box holds at that point. Returns the final candidates, or the index of
    /// the first step that does not fit.
    pub fn replay(&self) -> Result<[Digits; 81], usize> {
        let mut cells: [Digits; 81] = std::array::from_fn(|i| self.initial[i]);
        for (i, step) in self.steps.iter().enumerate() {
            for ch in self.changes_of(step) {
                if cells[ch.cell.index()] != ch.before {
                    return Err(i);
                }
                cells[ch.cell.index()] = ch.after;
            }
        }
        Ok(cells)
    }
}
