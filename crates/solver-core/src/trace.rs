//! The step trace: every change of every candidate, in order, with its reason and evidence.
//! Its JSON is the Rust↔JS contract, described field by field in `docs/trace-format.md`.
//!
//! Solving reports to a [`Sink`]. [`NoTrace`] does nothing (and compiles away); [`Recorder`]
//! keeps every step. Both run the same code, so traced and untraced solving cannot drift apart.

use crate::digits::{Digit, Digits};
use crate::topology::{Cell, Topology, Unit, Variant};
use serde::Serialize;
use std::ops::Range;
use std::sync::OnceLock;

/// Where solving reports what it does. Changes arrive one by one through [`crate::Grid::set`];
/// `step` then closes them into one step with its reason.
pub trait Sink {
    /// False for a sink that records nothing, so callers can skip work done only for the trace.
    const ENABLED: bool;
    fn change(&mut self, cell: Cell, before: Digits, after: Digits);
    /// Closes the changes reported since the last step into a step; none means no step.
    fn step(&mut self, node: u32, depth: u32, reason: Reason);
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

/// Keeps every step, up to `max_steps` (at most [`crate::Limits::MAX_STEPS`]): the steps, and every change of every step in one
/// buffer (no allocation per step), as a [`Trace`] holds them.
pub struct Recorder {
    pub steps: Vec<Step>,
    /// The changes of the steps so far, then those reported since the last step.
    pub changes: Vec<Change>,
    max_steps: usize,
}

impl Recorder {
    pub fn new(max_steps: usize) -> Recorder {
        Recorder {
            steps: Vec::with_capacity(64),
            changes: Vec::with_capacity(256),
            max_steps: max_steps.min(crate::Limits::MAX_STEPS),
        }
    }

    /// Where the changes not yet closed into a step start.
    fn closed(&self) -> usize {
        self.steps.last().map_or(0, |s| s.changes.end as usize)
    }

    /// The steps and their changes (any change not closed into a step is dropped).
    pub fn finish(mut self) -> (Vec<Step>, Vec<Change>) {
        self.changes.truncate(self.closed());
        (self.steps, self.changes)
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
        if self.full() {
            self.changes.truncate(start);
            return;
        }
        if self.changes.len() > start {
            self.steps.push(Step {
                node,
                depth,
                reason,
                changes: start as u32..self.changes.len() as u32,
            });
        }
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

/// Why a step happened, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// `source` is solved as `digit`, so `digit` is removed from its peers.
    Eliminate { source: Cell, digit: Digit },
    /// `digit` fits only `cell` in `unit`, so it goes there.
    OnlyChoice {
        unit: Unit,
        #[serde(rename = "box")]
        cell: Cell,
        digit: Digit,
    },
    /// `twins` both hold exactly `digits` in `unit`, so those digits leave the rest of the unit.
    NakedTwins {
        unit: Unit,
        twins: [Cell; 2],
        digits: Digits,
    },
    /// Search tries `digit` in `cell` (whose candidates were `choices`), creating a node.
    Guess {
        #[serde(rename = "box")]
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
}

/// Why a search node is a dead end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Contradiction {
    /// A box lost its last candidate.
    EmptyBox {
        #[serde(rename = "box")]
        cell: Cell,
    },
    /// A digit fits nowhere in a unit.
    NoPlace { unit: Unit, digit: Digit },
    /// The same digit is solved twice in a unit.
    Duplicate {
        unit: Unit,
        digit: Digit,
        boxes: [Cell; 2],
    },
    /// Every digit tried in the node's guess box led to a dead end.
    Exhausted {
        #[serde(rename = "box")]
        cell: Cell,
        choices: Digits,
    },
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
        }
    }
}

/// Which strategies `reduce_puzzle` applies, in this order, each round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strategies {
    pub eliminate: bool,
    pub only_choice: bool,
    pub naked_twins: bool,
}

impl Strategies {
    /// The course's three strategies.
    pub const ALL: Strategies = Strategies {
        eliminate: true,
        only_choice: true,
        naked_twins: true,
    };
    /// Pure search, no propagation.
    pub const NONE: Strategies = Strategies {
        eliminate: false,
        only_choice: false,
        naked_twins: false,
    };

    /// The enabled strategies' names, in the order they run.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.eliminate {
            v.push("eliminate");
        }
        if self.only_choice {
            v.push("only_choice");
        }
        if self.naked_twins {
            v.push("naked_twins");
        }
        v
    }
}

impl Default for Strategies {
    fn default() -> Self {
        Strategies::ALL
    }
}

impl Serialize for Strategies {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.names().serialize(s)
    }
}

/// How many steps each strategy made.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StepCounts {
    pub eliminate: u64,
    pub only_choice: u64,
    pub naked_twins: u64,
}

/// Search effort. `nodes`, `guesses`, `backtracks` and `max_depth` are the same for a traced
/// and an untraced solve of the same puzzle. `steps` is counted only by traced solving: the
/// untraced path propagates in another order, where steps do not exist, and leaves it at zero.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search nodes visited; the root counts, so a puzzle solved by propagation alone has 1.
    pub nodes: u64,
    pub guesses: u64,
    /// Dead-end nodes abandoned.
    pub backtracks: u64,
    pub max_depth: u32,
    /// Steps per strategy; zero unless traced.
    pub steps: StepCounts,
}

/// Which cap stopped a solve.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    Nodes,
    Steps,
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
    pub strategies: Strategies,
    pub units: &'static [UnitInfo],
    pub initial: Vec<Digits>,
    pub steps: Vec<Step>,
    /// Every change of every step, in order: step `k`'s are `changes[steps[k].changes]`.
    pub changes: Vec<Change>,
    pub outcome: Outcome,
    pub stats: Stats,
}

/// The JSON of a trace: its fields in this order, each step with its changes.
impl Serialize for Trace {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct TraceJson<'a> {
            format: u32,
            variant: Variant,
            strategies: Strategies,
            units: &'a [UnitInfo],
            initial: &'a [Digits],
            steps: StepsJson<'a>,
            outcome: &'a Outcome,
            stats: &'a Stats,
        }
        TraceJson {
            format: self.format,
            variant: self.variant,
            strategies: self.strategies,
            units: self.units,
            initial: &self.initial,
            steps: StepsJson(self),
            outcome: &self.outcome,
            stats: &self.stats,
        }
        .serialize(s)
    }
}

struct StepsJson<'a>(&'a Trace);

impl Serialize for StepsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct StepJson<'a> {
            #[serde(flatten)]
            reason: &'a Reason,
            node: u32,
            depth: u32,
            changes: &'a [Change],
        }
        let t = self.0;
        s.collect_seq(t.steps.iter().map(|step| StepJson {
            reason: &step.reason,
            node: step.node,
            depth: step.depth,
            changes: t.changes_of(step),
        }))
    }
}

impl Trace {
    /// The changes of one of this trace's steps.
    pub fn changes_of(&self, step: &Step) -> &[Change] {
        &self.changes[step.changes.start as usize..step.changes.end as usize]
    }

    /// The units of `topo`'s variant as a trace lists them: built once, shared by every trace.
    pub(crate) fn units_of(topo: &Topology) -> &'static [UnitInfo] {
        static STANDARD: OnceLock<Vec<UnitInfo>> = OnceLock::new();
        static DIAGONAL: OnceLock<Vec<UnitInfo>> = OnceLock::new();
        let units = match topo.variant {
            Variant::Standard => &STANDARD,
            Variant::Diagonal => &DIAGONAL,
        };
        units.get_or_init(|| {
            topo.all_units()
                .map(|u| UnitInfo {
                    name: u.to_string(),
                    boxes: topo.unit(u).to_vec(),
                })
                .collect()
        })
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
