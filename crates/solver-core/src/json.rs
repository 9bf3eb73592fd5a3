//! The JSON of a trace (docs/trace-format.md): the parts whose shape comes from the registry.
//! A strategy step is `{ "kind": <id>, "units", "boxes", "digits", "node", "depth",
//! "changes" }` whatever the strategy (a killer step's `sum` and `combinations` after `digits`, a 45 rule step's `cage_total` and `side` after them); step counts are keyed by strategy id.

use crate::digits::Digits;
use crate::puzzle::{Constraint, Puzzle};
use crate::registry::{self, REGISTRY};
use crate::topology::{Unit, Variant};
use crate::trace::{
    ChainNode, Change, Contradiction, Forcing, NetNode, Outcome, Reason, Stats, StepCounts,
    StrategySet, Trace, UnitInfo,
};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// The JSON of a trace: its fields in this order, each step with its changes.
impl Serialize for Trace {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct TraceJson<'a> {
            format: u32,
            variant: Variant,
            #[serde(skip_serializing_if = "Option::is_none")]
            puzzle: Option<PuzzleJson<'a>>,
            strategies: StrategySet,
            units: &'a [UnitInfo],
            initial: &'a [Digits],
            steps: StepsJson<'a>,
            outcome: OutcomeJson<'a>,
            stats: &'a Stats,
        }
        TraceJson {
            format: self.format,
            variant: self.variant,
            puzzle: self.puzzle.as_deref().map(PuzzleJson),
            strategies: self.strategies,
            units: &self.units,
            initial: &self.initial,
            steps: StepsJson(self),
            outcome: OutcomeJson(&self.outcome, &self.units),
            stats: &self.stats,
        }
        .serialize(s)
    }
}

struct StepsJson<'a>(&'a Trace);

impl Serialize for StepsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        s.collect_seq(t.steps.iter().enumerate().map(|(k, step)| StepJson {
            reason: &step.reason,
            units: &t.units,
            chain: t.chain_of(k),
            forcing: t.forcing_of(k),
            node: step.node,
            depth: step.depth,
            changes: t.changes_of(step),
        }))
    }
}

/// A step: its reason's fields, its chain if it has one, then `node`, `depth` and `changes`.
struct StepJson<'a> {
    reason: &'a Reason,
    /// The trace's units, whose names its evidence and contradictions are written with.
    units: &'a [UnitInfo],
    chain: Option<&'a [ChainNode]>,
    forcing: Option<&'a Forcing>,
    node: u32,
    depth: u32,
    changes: &'a [Change],
}

impl Serialize for StepJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        reason_fields(self.reason, self.units, &mut m)?;
        if let Some(chain) = self.chain {
            m.serialize_entry("chain", &ChainJson(chain))?;
        }
        if let Some(f) = self.forcing {
            m.serialize_entry("conclude", f.conclude.name())?;
            m.serialize_entry("complexity", &f.nodes)?;
            let chains: Vec<BranchJson> = f.chains.iter().map(|c| BranchJson(c)).collect();
            m.serialize_entry("chains", &chains)?;
        }
        m.serialize_entry("node", &self.node)?;
        m.serialize_entry("depth", &self.depth)?;
        m.serialize_entry("changes", self.changes)?;
        m.end()
    }
}

/// A chain: `{ "nodes": [{ "box", "digit" } or { "boxes", "digit" }, ...], "links": ["strong",
/// "weak", ...] }`: a node of one box names it as `box`, a group its boxes as `boxes`; link `i`
/// joins node `i` and node `i + 1`, one link fewer than nodes for an open chain, as many for a
/// loop (the last joins the last node back to the first).
struct ChainJson<'a>(&'a [ChainNode]);

impl Serialize for ChainJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct NodeJson<'a>(&'a ChainNode);
        impl Serialize for NodeJson<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let n = self.0;
                let mut m = s.serialize_map(Some(2))?;
                if n.is_group() {
                    m.serialize_entry("boxes", n.boxes())?;
                } else {
                    m.serialize_entry("box", &n.cell())?;
                }
                m.serialize_entry("digit", &n.digit)?;
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(2))?;
        let nodes: Vec<NodeJson> = self.0.iter().map(NodeJson).collect();
        m.serialize_entry("nodes", &nodes)?;
        let links: Vec<_> = self.0.iter().filter_map(|n| n.next).collect();
        m.serialize_entry("links", &links)?;
        m.end()
    }
}

/// A forcing step's branch: `{ "nodes": [{ "box", "digit", "on", "parents", "by"? }, ...] }`,
/// `parents` the indices of earlier nodes it follows from, `by` the registry id of the
/// technique that derived it inside a net.
struct BranchJson<'a>(&'a [NetNode]);

impl Serialize for BranchJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct NodeJson<'a>(&'a NetNode);
        impl Serialize for NodeJson<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let n = self.0;
                let mut m = s.serialize_map(None)?;
                m.serialize_entry("box", &n.cell)?;
                m.serialize_entry("digit", &n.digit)?;
                m.serialize_entry("on", &n.on)?;
                m.serialize_entry("parents", &n.parents)?;
                if let Some(p) = n.by {
                    m.serialize_entry("by", registry::info(p).id)?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(1))?;
        let nodes: Vec<NodeJson> = self.0.iter().map(NodeJson).collect();
        m.serialize_entry("nodes", &nodes)?;
        m.end()
    }
}

/// A reason on its own: `{ "kind", ... }`.
impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        reason_fields(self, &[], &mut m)?;
        m.end()
    }
}

/// A reason's fields, its units named as in `units` (a trace's list; the classic names for a
/// unit past its end).
fn reason_fields<M: SerializeMap>(
    reason: &Reason,
    units: &[UnitInfo],
    m: &mut M,
) -> Result<(), M::Error> {
    match reason {
        Reason::Strategy { position, evidence } => {
            m.serialize_entry("kind", registry::info(*position).id)?;
            m.serialize_entry("units", &UnitNames(evidence.units(), units))?;
            m.serialize_entry("boxes", evidence.boxes())?;
            m.serialize_entry("digits", &evidence.digits())?;
            if let Some(sum) = evidence.sum() {
                m.serialize_entry("sum", &sum)?;
                m.serialize_entry("combinations", evidence.combinations())?;
            }
            if let Some(cages) = evidence.cages() {
                m.serialize_entry("cage_total", &cages.sum)?;
                m.serialize_entry("side", cages.side())?;
            }
        }
        Reason::Guess {
            cell,
            digit,
            choices,
            parent,
        } => {
            m.serialize_entry("kind", "guess")?;
            m.serialize_entry("box", cell)?;
            m.serialize_entry("digit", digit)?;
            m.serialize_entry("choices", choices)?;
            m.serialize_entry("parent", parent)?;
        }
        Reason::Backtrack {
            parent,
            contradiction,
        } => {
            m.serialize_entry("kind", "backtrack")?;
            m.serialize_entry("parent", parent)?;
            m.serialize_entry("contradiction", &ContradictionJson(contradiction, units))?;
        }
        Reason::Assign => m.serialize_entry("kind", "assign")?,
        Reason::Stop {
            rule,
            rounds,
            removed,
            pending,
        } => {
            m.serialize_entry("kind", "stop")?;
            m.serialize_entry("rule", rule)?;
            m.serialize_entry("rounds", rounds)?;
            m.serialize_entry("removed", removed)?;
            m.serialize_entry("pending", pending)?;
        }
    }
    Ok(())
}

/// `{ "<strategy id>": count, ... }`, every strategy of the registry in ladder order.
impl Serialize for StepCounts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(REGISTRY.len()))?;
        for info in REGISTRY {
            m.serialize_entry(info.id, &self.get(info.order))?;
        }
        m.end()
    }
}

impl Serialize for Stats {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct StatsJson<'a> {
            nodes: u64,
            guesses: u64,
            backtracks: u64,
            max_depth: u32,
            stops: u64,
            steps: &'a StepCounts,
        }
        StatsJson {
            nodes: self.nodes,
            guesses: self.guesses,
            backtracks: self.backtracks,
            max_depth: self.max_depth,
            stops: self.stops,
            steps: &self.steps,
        }
        .serialize(s)
    }
}

/// A unit's name in a trace whose units are `units`: its entry's name there, the classic name
/// for a unit past its end (a reason written on its own has no list).
fn unit_name(u: Unit, units: &[UnitInfo]) -> &str {
    units.get(u.0 as usize).map_or(u.name(), |info| &info.name)
}

/// Units by their names in a trace's list.
struct UnitNames<'a>(&'a [Unit], &'a [UnitInfo]);

impl Serialize for UnitNames<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|&u| unit_name(u, self.1)))
    }
}

/// A contradiction, `{ "kind", ... }`: its kind's name, then its fields in declaration order,
/// its unit named as in a trace's units.
pub(crate) struct ContradictionJson<'a>(pub &'a Contradiction, pub &'a [UnitInfo]);

impl Serialize for ContradictionJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.0.name())?;
        match self.0 {
            Contradiction::EmptyBox { cell } => m.serialize_entry("box", cell)?,
            Contradiction::NoPlace { unit, digit } => {
                m.serialize_entry("unit", unit_name(*unit, self.1))?;
                m.serialize_entry("digit", digit)?;
            }
            Contradiction::Duplicate { unit, digit, boxes } => {
                m.serialize_entry("unit", unit_name(*unit, self.1))?;
                m.serialize_entry("digit", digit)?;
                m.serialize_entry("boxes", boxes)?;
            }
            Contradiction::Exhausted { cell, choices } => {
                m.serialize_entry("box", cell)?;
                m.serialize_entry("choices", choices)?;
            }
            Contradiction::Clash { digit, boxes } => {
                m.serialize_entry("digit", digit)?;
                m.serialize_entry("boxes", boxes)?;
            }
            Contradiction::CageSum { cell } => m.serialize_entry("box", cell)?,
        }
        m.end()
    }
}

/// The outcome, `{ "verdict", ... }`, a contradiction's unit named as in the trace's units.
struct OutcomeJson<'a>(&'a Outcome, &'a [UnitInfo]);

impl Serialize for OutcomeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Outcome::NoSolution { contradiction } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("verdict", "no_solution")?;
                m.serialize_entry("contradiction", &ContradictionJson(contradiction, self.1))?;
                m.end()
            }
            other => other.serialize(s),
        }
    }
}

/// A puzzle as a trace carries it (format 4): `{ "regions"?, "constraints", "title"?,
/// "author"? }`, regions as 81 digits 1-9 (each box's region, numbered from 1), each
/// constraint `{ "kind" }` with its `boxes` (extra regions, cages) and a cage's `sum`.
struct PuzzleJson<'a>(&'a Puzzle);

impl Serialize for PuzzleJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut m = s.serialize_map(None)?;
        if let Some(regions) = &p.regions {
            let text: String = regions.iter().map(|&r| char::from(b'1' + r)).collect();
            m.serialize_entry("regions", &text)?;
        }
        m.serialize_entry(
            "constraints",
            &p.constraints.iter().map(ConstraintJson).collect::<Vec<_>>(),
        )?;
        if let Some(title) = &p.title {
            m.serialize_entry("title", title)?;
        }
        if let Some(author) = &p.author {
            m.serialize_entry("author", author)?;
        }
        m.end()
    }
}

struct ConstraintJson<'a>(&'a Constraint);

impl Serialize for ConstraintJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.0.name())?;
        match self.0 {
            Constraint::ExtraRegion(cells) => m.serialize_entry("boxes", cells)?,
            Constraint::Cage { cells, sum } => {
                m.serialize_entry("boxes", cells)?;
                if let Some(sum) = sum {
                    m.serialize_entry("sum", sum)?;
                }
            }
            _ => {}
        }
        m.end()
    }
}
