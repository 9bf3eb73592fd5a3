//! Stage 1 of reading a trace: its JSON into plain structures, following the fixed shape of
//! docs/trace-format.md. Every field of its documented type, none unknown or given twice, the
//! required ones there; boxes, units and candidates by their documented spelling. Lists of a
//! fixed length are read up to it, and steps past the step cap are counted, not held. Each
//! object's fields are an enum declared here with their names (`fields.rs`): a field's value is
//! read by matching on it, and the fields given are kept as a set, which the meaning checks
//! compare with the fields of the object's kind. What the values mean is checked after
//! (the parent module's stages).

use super::errors::{quote, some_ids, too_many_steps, Fail};
use super::fields::{fields, Field, FieldSet};
use super::reader::{whole, Kind, Reader};
use super::{registry_ids, CheckLimits};
use crate::digits::{Digit, Digits};
use crate::registry::COUNT;
use crate::topology::{Cell, MAX_UNITS};
use crate::trace::{Link, MAX_CHAIN_NODES, MAX_GROUP_BOXES};
use std::borrow::Cow;

#[derive(Default)]
pub(super) struct RawTrace<'a> {
    pub format: u32,
    pub variant: Cow<'a, str>,
    /// The puzzle (format 4), when the trace carries it.
    pub puzzle: Option<RawPuzzle<'a>>,
    pub strategies: Vec<Cow<'a, str>>,
    pub units: Vec<RawUnit<'a>>,
    pub initial: Vec<Digits>,
    pub steps: Vec<RawStep<'a>>,
    pub outcome: RawOutcome<'a>,
    pub stats: RawStats<'a>,
}

/// A trace's `puzzle` as read: its regions' text, its constraints, its title and author.
#[derive(Default)]
pub(super) struct RawPuzzle<'a> {
    pub regions: Option<Cow<'a, str>>,
    pub constraints: Vec<RawConstraint<'a>>,
    pub title: Option<Cow<'a, str>>,
    pub author: Option<Cow<'a, str>>,
}

/// One of a puzzle's `constraints` as read.
#[derive(Default)]
pub(super) struct RawConstraint<'a> {
    /// The fields given a value (a field given as `null` is absent).
    pub given: FieldSet<ConstraintField>,
    pub kind: Cow<'a, str>,
    pub boxes: Option<Vec<Cell>>,
    pub sum: Option<u64>,
}

pub(super) struct RawUnit<'a> {
    pub name: Cow<'a, str>,
    pub boxes: Vec<Cell>,
}

#[derive(Default)]
/// Read up to a trace's step cap at once (`tests/bounds.rs` reads 500,000 under a memory
/// limit), so the fields most steps lack are boxed: a step is 240 bytes or less
/// (`a_raw_step_is_small`).
// A boxed Vec is one word where the Vec is three: the point of boxing the rare fields.
#[allow(clippy::box_collection)]
pub(super) struct RawStep<'a> {
    /// The fields given a value (a field given as `null` is absent).
    pub given: FieldSet<StepField>,
    pub kind: Cow<'a, str>,
    pub node: u32,
    pub depth: u32,
    pub changes: Vec<RawChange>,
    // A strategy step's evidence (its units by name, resolved against the trace's topology).
    pub units: Option<Vec<Cow<'a, str>>>,
    pub boxes: Option<Vec<Cell>>,
    pub digits: Option<Digits>,
    /// A killer step's sum and combinations (format 4).
    pub sum: Option<u16>,
    pub combinations: Option<Box<Vec<Digits>>>,
    /// A 45 rule step's cage total and side (`true`: outies) (format 4), each read when
    /// `given` holds it (no `Option`: a step stays small).
    pub cage_total: u16,
    pub outies: bool,
    /// A strategy step's chain (format 3).
    pub chain: Option<Box<RawChain>>,
    /// A forcing step's conclusion, complexity and branches (format 4).
    pub conclude: Option<Cow<'a, str>>,
    pub complexity: Option<u32>,
    pub chains: Option<Box<Vec<Vec<RawNetNode<'a>>>>>,
    // A guess's.
    pub cell: Option<Cell>,
    pub digit: Option<Digit>,
    pub choices: Option<Digits>,
    // A guess's and a backtrack's.
    pub parent: Option<u32>,
    // A backtrack's.
    pub contradiction: Option<Box<RawContradiction<'a>>>,
    // A stop's.
    pub rule: Option<Cow<'a, str>>,
    pub rounds: Option<u32>,
    pub removed: Option<u32>,
    pub pending: Option<bool>,
}

/// A chain as read: its nodes and its links.
#[derive(Default)]
pub(super) struct RawChain {
    pub nodes: Vec<RawNode>,
    pub links: Vec<Link>,
}

/// A chain node as read: its `box`, or its `boxes` (a group), and its digit.
pub(super) struct RawNode {
    pub boxes: Vec<Cell>,
    /// Written as `boxes` (a group), not `box`.
    pub group: bool,
    pub digit: Digit,
}

/// A forcing branch's node as read.
pub(super) struct RawNetNode<'a> {
    pub cell: Cell,
    pub digit: Digit,
    pub on: bool,
    pub parents: Vec<u16>,
    pub by: Option<Cow<'a, str>>,
}

/// The most branches a forcing step has (a box's digits, a digit's places in a unit).
pub(super) const MAX_BRANCHES: usize = 9;
/// The most nodes a branch has: every candidate, on and off.
pub(super) const MAX_BRANCH_NODES: usize = 81 * 9 * 2;

pub(super) struct RawChange {
    pub cell: Cell,
    pub before: Digits,
    pub after: Digits,
}

#[derive(Default)]
pub(super) struct RawContradiction<'a> {
    /// The fields given a value (a field given as `null` is absent).
    pub given: FieldSet<ContradictionField>,
    pub kind: Cow<'a, str>,
    pub cell: Option<Cell>,
    /// Its unit by name, resolved against the trace's topology.
    pub unit: Option<Cow<'a, str>>,
    pub digit: Option<Digit>,
    pub boxes: Option<Vec<Cell>>,
    pub choices: Option<Digits>,
}

#[derive(Default)]
pub(super) struct RawOutcome<'a> {
    /// The fields given a value (a field given as `null` is absent).
    pub given: FieldSet<OutcomeField>,
    pub verdict: Cow<'a, str>,
    pub solution: Option<Cow<'a, str>>,
    pub solutions: Option<u32>,
    pub contradiction: Option<RawContradiction<'a>>,
    pub limit: Option<Cow<'a, str>>,
    pub max: Option<u64>,
}

#[derive(Default)]
pub(super) struct RawStats<'a> {
    pub nodes: u64,
    pub guesses: u64,
    pub backtracks: u64,
    pub max_depth: u32,
    /// Absent from traces written before `stop` steps existed.
    pub stops: Option<u64>,
    /// `stats.steps`: strategy id (or `assign`) → count, in file order, each key once.
    pub steps: Vec<(Cow<'a, str>, u64)>,
}

const U32: u64 = u32::MAX as u64;

fields! {
    /// The fields of a trace.
    TraceField("a trace") {
        Format = "format",
        Variant = "variant",
        Puzzle = "puzzle",
        Strategies = "strategies",
        Units = "units",
        Initial = "initial",
        Steps = "steps",
        Outcome = "outcome",
        Stats = "stats",
    }
    required: [Format, Variant, Strategies, Units, Initial, Steps, Outcome, Stats]
}

fields! {
    /// The fields of a trace's `puzzle` (format 4).
    PuzzleField("a puzzle") {
        Regions = "regions",
        Constraints = "constraints",
        Title = "title",
        Author = "author",
    }
    required: [Constraints]
}

fields! {
    /// The fields of one of a puzzle's `constraints`: its kind, then those of its kind.
    ConstraintField("a constraint") {
        Kind = "kind",
        Boxes = "boxes",
        Sum = "sum",
    }
    required: [Kind]
}

fields! {
    /// The fields of one of a trace's `units`.
    UnitField("a unit") {
        Name = "name",
        Boxes = "boxes",
    }
    required: [Name, Boxes]
}

fields! {
    /// The fields of a step: the four every step has, then those of its kind (a strategy's
    /// evidence, a guess's, a guess's and a backtrack's `parent`, a backtrack's, a stop's).
    StepField("a step") {
        Kind = "kind",
        Node = "node",
        Depth = "depth",
        Changes = "changes",
        Units = "units",
        Boxes = "boxes",
        Digits = "digits",
        Sum = "sum",
        Combinations = "combinations",
        CageTotal = "cage_total",
        Side = "side",
        Chain = "chain",
        Conclude = "conclude",
        Complexity = "complexity",
        Chains = "chains",
        Box = "box",
        Digit = "digit",
        Choices = "choices",
        Parent = "parent",
        Contradiction = "contradiction",
        Rule = "rule",
        Rounds = "rounds",
        Removed = "removed",
        Pending = "pending",
    }
    required: [Kind, Node, Depth, Changes]
}

fields! {
    /// The fields of a step's `chain`.
    ChainField("a chain") {
        Nodes = "nodes",
        Links = "links",
    }
    required: [Nodes, Links]
}

fields! {
    /// The fields of one of a chain's `nodes`.
    NodeField("a chain node") {
        Box = "box",
        Boxes = "boxes",
        Digit = "digit",
    }
    required: [Digit]
}

fields! {
    /// The fields of one of a forcing step's `chains`.
    BranchField("a forcing branch") {
        Nodes = "nodes",
    }
    required: [Nodes]
}

fields! {
    /// The fields of one of a forcing branch's `nodes`.
    NetNodeField("a forcing node") {
        Box = "box",
        Digit = "digit",
        On = "on",
        Parents = "parents",
        By = "by",
    }
    required: [Box, Digit, On, Parents]
}

fields! {
    /// The fields of one of a step's `changes`.
    ChangeField("a change") {
        Box = "box",
        Before = "before",
        After = "after",
    }
    required: [Box, Before, After]
}

fields! {
    /// The fields of a contradiction: its kind, then those of its kind.
    ContradictionField("a contradiction") {
        Kind = "kind",
        Box = "box",
        Unit = "unit",
        Digit = "digit",
        Boxes = "boxes",
        Choices = "choices",
    }
    required: [Kind]
}

fields! {
    /// The fields of the outcome: its verdict, then those of its verdict.
    OutcomeField("an outcome") {
        Verdict = "verdict",
        Solution = "solution",
        Solutions = "solutions",
        Contradiction = "contradiction",
        Limit = "limit",
        Max = "max",
    }
    required: [Verdict]
}

fields! {
    /// The fields of the stats (`stops` is absent from traces written before `stop` steps
    /// existed).
    StatsField("the stats") {
        Nodes = "nodes",
        Guesses = "guesses",
        Backtracks = "backtracks",
        MaxDepth = "max_depth",
        Stops = "stops",
        Steps = "steps",
    }
    required: [Nodes, Guesses, Backtracks, MaxDepth, Steps]
}

/// An object of `F`'s fields, each at most once and no other, all the required ones there:
/// `value(reader, field)` reads each field's value, except an optional field given as `null`,
/// which is left out. Returns the fields given a value.
fn object<'a, F: Field>(
    r: &mut Reader<'a>,
    mut value: impl FnMut(&mut Reader<'a>, F) -> Result<(), Fail>,
) -> Result<FieldSet<F>, Fail> {
    let optional = FieldSet::<F>::optional().bits();
    let given = r.object(F::WHAT, F::NAMES, optional, &mut |r, k| value(r, F::ALL[k]))?;
    r.require(F::WHAT, F::NAMES, given, F::REQUIRED.bits())?;
    Ok(FieldSet::from_bits(given))
}

/// A list of at most `max` items (`what` names it in errors), each read by `item` and pushed
/// onto `v`.
fn list<'a, T>(
    r: &mut Reader<'a>,
    what: &str,
    max: usize,
    v: &mut Vec<T>,
    mut item: impl FnMut(&mut Reader<'a>) -> Result<T, Fail>,
) -> Result<(), Fail> {
    r.list(what, max, &mut |r, _| {
        v.push(item(r)?);
        Ok(())
    })?;
    Ok(())
}

/// The text's trace, read into structures (module doc). A text of more steps than
/// `limits.max_steps` is refused as soon as its steps are counted.
pub(super) fn trace<'a>(text: &'a str, limits: &CheckLimits) -> Result<RawTrace<'a>, Fail> {
    let mut r = Reader::new(text);
    let mut t = RawTrace::default();
    object(&mut r, |r, field| {
        match field {
            TraceField::Format => t.format = r.uint(U32)? as u32,
            TraceField::Variant => t.variant = r.string("a variant name")?,
            TraceField::Puzzle => t.puzzle = Some(puzzle(r)?),
            TraceField::Strategies => {
                list(r, "a list of strategy ids", COUNT, &mut t.strategies, |r| {
                    r.string("a strategy id")
                })?
            }
            TraceField::Units => list(r, "a list of units", MAX_UNITS, &mut t.units, unit_info)?,
            TraceField::Initial => list(r, "a list of candidates", 81, &mut t.initial, cands)?,
            TraceField::Steps => t.steps = steps(r, limits)?,
            TraceField::Outcome => t.outcome = outcome(r)?,
            TraceField::Stats => t.stats = stats(r)?,
        }
        Ok(())
    })?;
    r.end()?;
    Ok(t)
}

/// The steps, up to `limits.max_steps`; a longer list is counted to its end, then refused.
#[inline(never)]
fn steps<'a>(r: &mut Reader<'a>, limits: &CheckLimits) -> Result<Vec<RawStep<'a>>, Fail> {
    let mut steps = Vec::new();
    let n = r.list("a list of steps", usize::MAX, &mut |r, i| {
        // A step is about 4 times its shortest JSON in memory: past the cap they are only
        // counted.
        if i < limits.max_steps {
            steps.push(step(r)?);
        } else {
            r.skip()?;
        }
        Ok(())
    })?;
    if n > limits.max_steps {
        return Err(too_many_steps(n, limits));
    }
    Ok(steps)
}

/// A box by its name, exactly `A1`..`I9`.
#[inline(never)]
fn cell(r: &mut Reader) -> Result<Cell, Fail> {
    let s = r.string("a box name, \"A1\"..\"I9\"")?;
    match s.as_bytes() {
        [row @ b'A'..=b'I', col @ b'1'..=b'9'] => Ok(Cell((row - b'A') * 9 + (col - b'1'))),
        _ => Err(r.fail(format!(
            "{} is not a box: boxes are \"A1\"..\"I9\"",
            quote(&s)
        ))),
    }
}

#[inline(never)]
fn cells(r: &mut Reader) -> Result<Vec<Cell>, Fail> {
    let mut v = Vec::new();
    list(r, "a list of box names", usize::MAX, &mut v, cell)?;
    Ok(v)
}

/// Candidates as the trace writes them: digits 1-9 in ascending order, each once; `""` is an
/// empty box.
#[inline(never)]
fn cands(r: &mut Reader) -> Result<Digits, Fail> {
    let s = r.string("candidates, digits 1-9 in ascending order (\"2379\")")?;
    let mut d = Digits::NONE;
    let mut last = 0;
    for b in s.bytes() {
        if !(b'1'..=b'9').contains(&b) || b <= last {
            return Err(r.fail(format!(
                "{} is not candidates: digits 1-9 in ascending order, each once (\"2379\"; \"\" \
                 for none)",
                quote(&s)
            )));
        }
        last = b;
        d = d.with(b - b'0');
    }
    Ok(d)
}

/// A unit by its name (`row A`, …, `diagonal A9-I1`, `region 3`, `cage 2`); whether the
/// trace's topology has it is checked later.
#[inline(never)]
fn unit<'a>(r: &mut Reader<'a>) -> Result<Cow<'a, str>, Fail> {
    r.string("a unit name (\"row A\", \"column 1\", \"square A1-C3\")")
}

#[inline(never)]
fn units<'a>(r: &mut Reader<'a>) -> Result<Vec<Cow<'a, str>>, Fail> {
    let mut v = Vec::new();
    list(r, "a list of unit names", usize::MAX, &mut v, unit)?;
    Ok(v)
}

/// A digit 1..9.
#[inline(never)]
fn digit(r: &mut Reader) -> Result<Digit, Fail> {
    match r.uint(u64::MAX)? {
        n @ 1..=9 => Ok(n as Digit),
        n => Err(r.fail(format!("{n} is not a digit 1-9"))),
    }
}

#[inline(never)]
fn unit_info<'a>(r: &mut Reader<'a>) -> Result<RawUnit<'a>, Fail> {
    let mut u = RawUnit {
        name: Cow::Borrowed(""),
        boxes: Vec::new(),
    };
    object(r, |r, field| {
        match field {
            UnitField::Name => u.name = r.string("a unit name")?,
            UnitField::Boxes => u.boxes = cells(r)?,
        }
        Ok(())
    })?;
    Ok(u)
}

#[inline(never)]
fn step<'a>(r: &mut Reader<'a>) -> Result<RawStep<'a>, Fail> {
    let mut s = RawStep::default();
    s.given = object(r, |r, field| {
        match field {
            StepField::Kind => s.kind = r.string("a step kind")?,
            StepField::Node => s.node = r.uint(U32)? as u32,
            StepField::Depth => s.depth = r.uint(U32)? as u32,
            StepField::Changes => list(r, "a list of changes", usize::MAX, &mut s.changes, change)?,
            StepField::Units => s.units = Some(units(r)?),
            StepField::Boxes => s.boxes = Some(cells(r)?),
            StepField::Digits => s.digits = Some(cands(r)?),
            StepField::Sum => s.sum = Some(r.uint(u64::from(u16::MAX))? as u16),
            StepField::Combinations => {
                let mut v = Vec::new();
                list(
                    r,
                    "a list of combinations of digits",
                    usize::MAX,
                    &mut v,
                    cands,
                )?;
                s.combinations = Some(Box::new(v));
            }
            StepField::CageTotal => s.cage_total = r.uint(u64::from(u16::MAX))? as u16,
            StepField::Side => {
                let side = r.string("a side, \"innies\" or \"outies\"")?;
                s.outies = match side.as_ref() {
                    "innies" => false,
                    "outies" => true,
                    _ => {
                        return Err(r.fail(format!(
                            "{} is not a side: \"innies\" or \"outies\"",
                            quote(&side)
                        )))
                    }
                };
            }
            StepField::Chain => s.chain = Some(Box::new(chain(r)?)),
            StepField::Conclude => {
                s.conclude = Some(r.string("a conclusion, \"contradiction\" or \"agree\"")?)
            }
            StepField::Complexity => s.complexity = Some(r.uint(U32)? as u32),
            StepField::Chains => s.chains = Some(Box::new(branches(r)?)),
            StepField::Box => s.cell = Some(cell(r)?),
            StepField::Digit => s.digit = Some(digit(r)?),
            StepField::Choices => s.choices = Some(cands(r)?),
            StepField::Parent => s.parent = Some(r.uint(U32)? as u32),
            StepField::Contradiction => s.contradiction = Some(Box::new(contradiction(r)?)),
            StepField::Rule => s.rule = Some(r.string("a stop rule, \"course\" or \"fixpoint\"")?),
            StepField::Rounds => s.rounds = Some(r.uint(U32)? as u32),
            StepField::Removed => s.removed = Some(r.uint(U32)? as u32),
            StepField::Pending => s.pending = Some(r.boolean()?),
        }
        Ok(())
    })?;
    Ok(s)
}

/// A chain: its nodes, then its links (`"strong"` or `"weak"`), each list at most
/// [`MAX_CHAIN_NODES`] long; whether they fit together is checked with the step.
#[inline(never)]
fn chain(r: &mut Reader) -> Result<RawChain, Fail> {
    let mut c = RawChain::default();
    object(r, |r, field| {
        match field {
            ChainField::Nodes => list(
                r,
                "a list of chain nodes",
                MAX_CHAIN_NODES,
                &mut c.nodes,
                chain_node,
            )?,
            ChainField::Links => list(r, "a list of links", MAX_CHAIN_NODES, &mut c.links, |r| {
                let name = r.string("a link, \"strong\" or \"weak\"")?;
                Link::from_name(&name).ok_or_else(|| {
                    r.fail(format!(
                        "{} is not a link: expected \"strong\" or \"weak\"",
                        quote(&name)
                    ))
                })
            })?,
        }
        Ok(())
    })?;
    Ok(c)
}

/// A chain node: its `box`, or its `boxes` (a group of at most [`MAX_GROUP_BOXES`]), and its
/// digit.
fn chain_node(r: &mut Reader) -> Result<RawNode, Fail> {
    let mut node = RawNode {
        boxes: Vec::new(),
        group: false,
        digit: 1,
    };
    let given = object(r, |r, field| {
        match field {
            NodeField::Box => node.boxes = vec![cell(r)?],
            NodeField::Boxes => {
                node.group = true;
                list(
                    r,
                    "a group of 2 to 8 box names",
                    MAX_GROUP_BOXES,
                    &mut node.boxes,
                    cell,
                )?;
            }
            NodeField::Digit => node.digit = digit(r)?,
        }
        Ok(())
    })?;
    if given.contains(NodeField::Box) == given.contains(NodeField::Boxes) || node.boxes.is_empty() {
        return Err(r.fail(
            "a chain node names its box as \"box\" or its group as \"boxes\", one of the two"
                .to_string(),
        ));
    }
    Ok(node)
}

/// A forcing step's branches: each its nodes, each node its box, digit, on, parents and maybe
/// `by`; whether they hold is checked with the step (`forcing.rs`).
#[inline(never)]
fn branches<'a>(r: &mut Reader<'a>) -> Result<Vec<Vec<RawNetNode<'a>>>, Fail> {
    let mut out = Vec::new();
    list(
        r,
        "a list of forcing branches",
        MAX_BRANCHES,
        &mut out,
        |r| {
            let mut nodes = Vec::new();
            object(r, |r, field| {
                match field {
                    BranchField::Nodes => list(
                        r,
                        "a list of forcing nodes",
                        MAX_BRANCH_NODES,
                        &mut nodes,
                        net_node,
                    )?,
                }
                Ok(())
            })?;
            Ok(nodes)
        },
    )?;
    Ok(out)
}

/// A forcing branch's node: its box, digit, on, parents and maybe `by`.
fn net_node<'a>(r: &mut Reader<'a>) -> Result<RawNetNode<'a>, Fail> {
    let mut n = RawNetNode {
        cell: Cell(0),
        digit: 1,
        on: false,
        parents: Vec::new(),
        by: None,
    };
    object(r, |r, field| {
        match field {
            NetNodeField::Box => n.cell = cell(r)?,
            NetNodeField::Digit => n.digit = digit(r)?,
            NetNodeField::On => n.on = r.boolean()?,
            NetNodeField::Parents => list(
                r,
                "a list of parents",
                MAX_BRANCH_NODES,
                &mut n.parents,
                |r| Ok(r.uint(MAX_BRANCH_NODES as u64)? as u16),
            )?,
            NetNodeField::By => n.by = Some(r.string("a strategy id")?),
        }
        Ok(())
    })?;
    Ok(n)
}

/// A trace's puzzle (format 4): what it means is checked with the header.
#[inline(never)]
fn puzzle<'a>(r: &mut Reader<'a>) -> Result<RawPuzzle<'a>, Fail> {
    let mut p = RawPuzzle::default();
    object(r, |r, field| {
        match field {
            PuzzleField::Regions => p.regions = Some(r.string("81 region digits 1-9")?),
            PuzzleField::Constraints => list(
                r,
                "a list of constraints",
                usize::MAX,
                &mut p.constraints,
                constraint,
            )?,
            PuzzleField::Title => p.title = Some(r.string("a title")?),
            PuzzleField::Author => p.author = Some(r.string("an author")?),
        }
        Ok(())
    })?;
    Ok(p)
}

/// One of a puzzle's constraints: its kind, then the fields of its kind.
fn constraint<'a>(r: &mut Reader<'a>) -> Result<RawConstraint<'a>, Fail> {
    let mut c = RawConstraint::default();
    c.given = object(r, |r, field| {
        match field {
            ConstraintField::Kind => c.kind = r.string("a constraint kind")?,
            ConstraintField::Boxes => c.boxes = Some(cells(r)?),
            ConstraintField::Sum => c.sum = Some(r.uint(u64::MAX)?),
        }
        Ok(())
    })?;
    Ok(c)
}

#[inline(never)]
fn change(r: &mut Reader) -> Result<RawChange, Fail> {
    let mut c = RawChange {
        cell: Cell(0),
        before: Digits::NONE,
        after: Digits::NONE,
    };
    object(r, |r, field| {
        match field {
            ChangeField::Box => c.cell = cell(r)?,
            ChangeField::Before => c.before = cands(r)?,
            ChangeField::After => c.after = cands(r)?,
        }
        Ok(())
    })?;
    Ok(c)
}

#[inline(never)]
fn contradiction<'a>(r: &mut Reader<'a>) -> Result<RawContradiction<'a>, Fail> {
    let mut c = RawContradiction::default();
    c.given = object(r, |r, field| {
        match field {
            ContradictionField::Kind => c.kind = r.string("a contradiction kind")?,
            ContradictionField::Box => c.cell = Some(cell(r)?),
            ContradictionField::Unit => c.unit = Some(unit(r)?),
            ContradictionField::Digit => c.digit = Some(digit(r)?),
            ContradictionField::Boxes => c.boxes = Some(cells(r)?),
            ContradictionField::Choices => c.choices = Some(cands(r)?),
        }
        Ok(())
    })?;
    Ok(c)
}

#[inline(never)]
fn outcome<'a>(r: &mut Reader<'a>) -> Result<RawOutcome<'a>, Fail> {
    let mut o = RawOutcome::default();
    o.given = object(r, |r, field| {
        match field {
            OutcomeField::Verdict => o.verdict = r.string("a verdict")?,
            OutcomeField::Solution => o.solution = Some(r.string("81 digits")?),
            OutcomeField::Solutions => o.solutions = Some(r.uint(U32)? as u32),
            OutcomeField::Contradiction => o.contradiction = Some(contradiction(r)?),
            OutcomeField::Limit => o.limit = Some(r.string("a cap, \"nodes\" or \"steps\"")?),
            OutcomeField::Max => o.max = Some(r.uint(u64::MAX)?),
        }
        Ok(())
    })?;
    Ok(o)
}

#[inline(never)]
fn stats<'a>(r: &mut Reader<'a>) -> Result<RawStats<'a>, Fail> {
    let mut st = RawStats::default();
    object(r, |r, field| {
        match field {
            StatsField::Nodes => st.nodes = r.uint(u64::MAX)?,
            StatsField::Guesses => st.guesses = r.uint(u64::MAX)?,
            StatsField::Backtracks => st.backtracks = r.uint(u64::MAX)?,
            StatsField::MaxDepth => st.max_depth = r.uint(U32)? as u32,
            StatsField::Stops => st.stops = Some(r.uint(u64::MAX)?),
            StatsField::Steps => st.steps = counts(r)?,
        }
        Ok(())
    })?;
    Ok(st)
}

/// `stats.steps`: every strategy and `assign` at most once. A longer object holds a key twice
/// or one that is not a kind, and is not read on (nor its keys compared pairwise).
#[inline(never)]
fn counts<'a>(r: &mut Reader<'a>) -> Result<Vec<(Cow<'a, str>, u64)>, Fail> {
    let mut v: Vec<(Cow<'a, str>, u64)> = Vec::new();
    r.entries(
        "an object of step counts ({\"eliminate\": 31, ...})",
        &mut |r, key| {
            if v.len() == COUNT + 1 {
                return Err(r.fail(format!(
                    "{} is one count too many: there are {} kinds of step counted (the strategies, {}, and assign)",
                    quote(&key),
                    COUNT + 1,
                    some_ids(&registry_ids())
                )));
            }
            if v.iter().any(|(seen, _)| *seen == key) {
                return Err(r.fail(format!("duplicate field {}", quote(&key))));
            }
            r.path_push(key.clone());
            let n = r.uint(u64::MAX)?;
            r.path_pop();
            v.push((key, n));
            Ok(())
        },
    )?;
    Ok(v)
}

/// Whether the text starts as a JSON value other than an object (an array, a string, a number,
/// `true`, `false` or `null`).
pub(super) fn not_an_object(text: &str) -> bool {
    Reader::new(text)
        .peek()
        .is_ok_and(|kind| kind != Kind::Object)
}

/// The `format` of a text that reads as a JSON object with a `format` field: `Some(None)` when
/// it is not a whole number. Every other value is skipped, not held.
#[inline(never)]
pub(super) fn format_of(text: &str) -> Option<Option<u64>> {
    let mut r = Reader::new(text);
    let mut format = None;
    r.entries("", &mut |r, key| {
        if key == "format" && format.is_none() {
            format = Some(match r.peek()? {
                Kind::Number => whole(r.number()?, u64::MAX),
                _ => {
                    r.skip()?;
                    None
                }
            });
            Ok(())
        } else if key == "format" {
            Err(r.fail(String::new()))
        } else {
            r.skip()
        }
    })
    .ok()?;
    r.end().ok()?;
    format
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::CheckLimits;

    #[test]
    fn a_raw_step_is_small() {
        // A trace is read up to its step cap at once: 500,000 steps of this size must fit
        // beside the text under tests/bounds.rs's memory limit.
        let size = std::mem::size_of::<RawStep>();
        assert!(size <= 240, "RawStep is {size} bytes");
    }

    /// The names of the fields in `set`, in declaration order.
    fn names<F: Field>(set: FieldSet<F>) -> Vec<&'static str> {
        F::ALL
            .iter()
            .filter(|f| set.contains(**f))
            .map(|f| F::NAMES[f.index()])
            .collect()
    }

    /// A declaration's fields are its names, one each, and each field's bit is its name's place.
    fn declared<F: Field>() {
        assert_eq!(F::ALL.len(), F::NAMES.len(), "{}", F::WHAT);
        for (k, f) in F::ALL.iter().enumerate() {
            assert_eq!(f.index(), k, "{}: {}", F::WHAT, F::NAMES[k]);
            assert!(FieldSet::<F>::from_bits(1 << k).contains(*f));
        }
    }

    #[test]
    fn each_object_requires_its_documented_fields_by_name() {
        declared::<TraceField>();
        declared::<UnitField>();
        declared::<StepField>();
        declared::<ChangeField>();
        declared::<ChainField>();
        declared::<NodeField>();
        declared::<ContradictionField>();
        declared::<OutcomeField>();
        declared::<StatsField>();
        assert_eq!(
            names(TraceField::REQUIRED),
            [
                "format",
                "variant",
                "strategies",
                "units",
                "initial",
                "steps",
                "outcome",
                "stats"
            ]
        );
        assert_eq!(names(UnitField::REQUIRED), ["name", "boxes"]);
        assert_eq!(
            names(StepField::REQUIRED),
            ["kind", "node", "depth", "changes"]
        );
        assert_eq!(names(ChangeField::REQUIRED), ["box", "before", "after"]);
        assert_eq!(names(ContradictionField::REQUIRED), ["kind"]);
        assert_eq!(names(OutcomeField::REQUIRED), ["verdict"]);
        assert_eq!(
            names(StatsField::REQUIRED),
            ["nodes", "guesses", "backtracks", "max_depth", "steps"]
        );
        assert_eq!(names(FieldSet::<StatsField>::optional()), ["stops"]);
    }

    fn digits(s: &str) -> Digits {
        s.bytes().fold(Digits::NONE, |d, b| d.with(b - b'0'))
    }

    fn cell(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell((b[0] - b'A') * 9 + (b[1] - b'1'))
    }

    /// Every field of every object, each of a value no other field of its type has: each one
    /// must land in the member of its name, whatever the order of the declarations.
    const EVERY_FIELD: &str = r#"{
        "format": 2, "variant": "diagonal", "strategies": ["eliminate", "only_choice"],
        "units": [{"name": "row A", "boxes": ["A1", "A2"]}],
        "initial": ["123", ""],
        "steps": [{
            "kind": "a kind", "node": 1, "depth": 2,
            "changes": [{"box": "B3", "before": "12", "after": "2"}],
            "units": ["row B"], "boxes": ["C4"], "digits": "35",
            "sum": 14, "combinations": ["59", "68"], "cage_total": 15, "side": "outies",
            "chain": {"nodes": [{"box": "H1", "digit": 2}, {"boxes": ["H8", "H9"], "digit": 4}],
                      "links": ["weak"]},
            "conclude": "agree", "complexity": 14,
            "chains": [{"nodes": [{"box": "A2", "digit": 3, "on": true, "parents": []},
                                  {"box": "A3", "digit": 3, "on": false, "parents": [0],
                                   "by": "pointing"}]}],
            "box": "D5", "digit": 6, "choices": "78", "parent": 3,
            "contradiction": {"kind": "a contradiction", "box": "E6", "unit": "column 7",
                              "digit": 8, "boxes": ["F7", "G8"], "choices": "19"},
            "rule": "fixpoint", "rounds": 4, "removed": 5, "pending": true
        }],
        "outcome": {"verdict": "a verdict", "solution": "a solution", "solutions": 6,
                    "contradiction": {"kind": "another"}, "limit": "a cap", "max": 7},
        "stats": {"nodes": 8, "guesses": 9, "backtracks": 10, "max_depth": 11, "stops": 12,
                  "steps": {"eliminate": 13}}
    }"#;

    #[test]
    fn every_field_is_read_into_the_member_of_its_name() {
        let t = trace(EVERY_FIELD, &CheckLimits::default()).unwrap();
        assert_eq!(t.format, 2);
        assert_eq!(t.variant, "diagonal");
        assert_eq!(t.strategies, ["eliminate", "only_choice"]);
        assert_eq!(t.units.len(), 1);
        assert_eq!(t.units[0].name, "row A");
        assert!(t.units[0].boxes == [cell("A1"), cell("A2")]);
        assert!(t.initial == [digits("123"), Digits::NONE]);

        let s = &t.steps[0];
        assert_eq!(s.kind, "a kind");
        assert_eq!((s.node, s.depth), (1, 2));
        let c = &s.changes[0];
        assert!((c.cell, c.before, c.after) == (cell("B3"), digits("12"), digits("2")));
        let unit_names = s
            .units
            .as_ref()
            .map(|v| v.iter().map(|u| &**u).collect::<Vec<_>>());
        assert_eq!(unit_names, Some(vec!["row B"]));
        assert!(s.boxes == Some(vec![cell("C4")]));
        assert!(s.digits == Some(digits("35")));
        assert_eq!(s.sum, Some(14));
        assert!(s.combinations == Some(Box::new(vec![digits("59"), digits("68")])));
        assert_eq!((s.cage_total, s.outies), (15, true));
        let chain = s.chain.as_ref().unwrap();
        let nodes: Vec<_> = chain
            .nodes
            .iter()
            .map(|n| (n.boxes.clone(), n.group, n.digit))
            .collect();
        assert!(
            nodes
                == [
                    (vec![cell("H1")], false, 2),
                    (vec![cell("H8"), cell("H9")], true, 4)
                ]
        );
        assert_eq!(chain.links, [crate::trace::Link::Weak]);
        assert_eq!(s.conclude.as_deref(), Some("agree"));
        assert_eq!(s.complexity, Some(14));
        let branches = s.chains.as_ref().unwrap();
        assert_eq!(branches.len(), 1);
        let read: Vec<_> = branches[0]
            .iter()
            .map(|n| (n.cell, n.digit, n.on, n.parents.clone(), n.by.as_deref()))
            .collect();
        assert!(
            read == [
                (cell("A2"), 3, true, vec![], None),
                (cell("A3"), 3, false, vec![0], Some("pointing"))
            ]
        );
        assert!(s.cell == Some(cell("D5")));
        assert_eq!(s.digit, Some(6));
        assert!(s.choices == Some(digits("78")));
        assert_eq!(s.parent, Some(3));
        assert_eq!(s.rule.as_deref(), Some("fixpoint"));
        assert_eq!(
            (s.rounds, s.removed, s.pending),
            (Some(4), Some(5), Some(true))
        );
        assert_eq!(
            s.given,
            FieldSet::from_bits(u32::MAX >> (32 - StepField::NAMES.len()))
        );

        let k = s.contradiction.as_ref().unwrap();
        assert_eq!(k.kind, "a contradiction");
        assert!(k.cell == Some(cell("E6")));
        assert_eq!(k.unit.as_deref(), Some("column 7"));
        assert_eq!(k.digit, Some(8));
        assert!(k.boxes == Some(vec![cell("F7"), cell("G8")]));
        assert!(k.choices == Some(digits("19")));
        assert_eq!(names(k.given), ContradictionField::NAMES);

        let o = &t.outcome;
        assert_eq!(o.verdict, "a verdict");
        assert_eq!(o.solution.as_deref(), Some("a solution"));
        assert_eq!(o.solutions, Some(6));
        assert_eq!(o.contradiction.as_ref().unwrap().kind, "another");
        assert_eq!(names(o.contradiction.as_ref().unwrap().given), ["kind"]);
        assert_eq!(o.limit.as_deref(), Some("a cap"));
        assert_eq!(o.max, Some(7));
        assert_eq!(names(o.given), OutcomeField::NAMES);

        let st = &t.stats;
        assert_eq!(
            (st.nodes, st.guesses, st.backtracks, st.max_depth, st.stops),
            (8, 9, 10, 11, Some(12))
        );
        assert_eq!(st.steps, [(Cow::Borrowed("eliminate"), 13)]);
    }

    #[test]
    fn an_optional_field_given_as_null_is_not_given() {
        let text = EVERY_FIELD
            .replace(r#""digits": "35""#, r#""digits": null"#)
            .replace(r#""solutions": 6"#, r#""solutions": null"#);
        let t = trace(&text, &CheckLimits::default()).unwrap();
        let s = &t.steps[0];
        assert!(s.digits.is_none());
        assert!(!s.given.contains(StepField::Digits));
        assert!(s.given.contains(StepField::Boxes));
        assert!(t.outcome.solutions.is_none());
        assert!(!t.outcome.given.contains(OutcomeField::Solutions));
        assert!(t.outcome.given.contains(OutcomeField::Solution));
    }
}
