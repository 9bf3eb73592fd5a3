//! Reading a trace made elsewhere (a file, or the learner's own code through
//! `python/PySudoku.py`): [`check`] reads its JSON text, checks it against docs/trace-format.md
//! (format 2) by replaying it, and returns it as a [`Trace`], so that it is played exactly as a
//! solve's trace is. Anything else gets a [`CheckError`] naming the step, the field and the box.
//!
//! Reading is in two stages. The JSON is read into plain structures first: every field of its
//! documented type, no field unknown or given twice, boxes, units and candidates by their
//! documented spelling, each error located by its path and its line and column (`raw`, by a
//! small JSON reader of its own, `reader`, which holds nothing it skips). Then the meaning is
//! checked in one forward replay: the variant's units, every step's kind and evidence, the search
//! tree's nodes, every change's `before` against the replayed state, the outcome against the
//! final state, and the stats against the steps.

use crate::digits::Digits;
use crate::registry::REGISTRY;
use crate::topology::{Cell, Topology, Unit, Variant};
use crate::trace::{
    Change, Contradiction, Evidence, Limit, Outcome, Reason, Stats, Step, StepCounts, StopRule,
    StrategySet, Trace, MAX_EVIDENCE_BOXES, MAX_EVIDENCE_UNITS,
};
use crate::Limits;
use raw::{RawContradiction, RawOutcome, RawStep, RawTrace};
use std::fmt;

mod raw;
mod reader;

/// The trace format this reads.
pub const FORMAT: u32 = 2;

/// What a trace may hold at most. A file over `max_bytes` is refused before it is read (the
/// wasm facade checks a `File`'s size before loading it); `max_steps` bounds the steps, and so
/// the changes (a step changes a box at most once, 81 at most).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckLimits {
    pub max_bytes: u64,
    pub max_steps: usize,
}

impl CheckLimits {
    /// Bytes allowed per step of the step cap, and on top of that for the rest of a trace.
    /// `propagate trace --pretty` writes at most about 790 bytes a step (pure search on
    /// Norvig's impossible puzzle and eliminate alone on top95's 4th, capped at 50,000 steps:
    /// 30.9 and 39.5 MB), compact JSON about half that.
    pub const BYTES_PER_STEP: u64 = 1024;
    pub const BYTES_BASE: u64 = 1 << 20;

    /// The caps for traces up to `limits`' step cap: that many steps, and
    /// [`Self::BYTES_PER_STEP`] bytes a step plus [`Self::BYTES_BASE`] (about 52 MB for the
    /// page's 50,000 steps, 513 MB for the core's default 500,000).
    pub fn for_limits(limits: &Limits) -> CheckLimits {
        let max_steps = limits.max(Limit::Steps);
        CheckLimits {
            max_bytes: max_steps
                .saturating_mul(Self::BYTES_PER_STEP)
                .saturating_add(Self::BYTES_BASE),
            max_steps: max_steps as usize,
        }
    }
}

impl Default for CheckLimits {
    /// What a solve under the core's default [`Limits`] can write.
    fn default() -> Self {
        CheckLimits::for_limits(&Limits::default())
    }
}

/// What is wrong with a trace, as a kind (the `kind` of the facade's errors).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// The file is over [`CheckLimits::max_bytes`]; it was not read.
    TooLarge,
    /// Not JSON (a syntax error, nesting too deep, text after the end).
    Json,
    /// A `format` other than [`FORMAT`].
    Format,
    /// A field missing, unknown, given twice, of the wrong type or with a value the format does
    /// not allow.
    Field,
    /// More steps than [`CheckLimits::max_steps`].
    TooManySteps,
    /// A step or the outcome does not fit the replayed state (a `before`, a backtrack's
    /// restore, a solution, a verdict) or the search tree (`node`, `depth`, `parent`).
    Replay,
}

impl CheckKind {
    /// The kind's name: `trace_too_large`, `trace_json`, `trace_format`, `trace_field`,
    /// `trace_too_many_steps`, `trace_replay`.
    pub fn name(self) -> &'static str {
        match self {
            CheckKind::TooLarge => "trace_too_large",
            CheckKind::Json => "trace_json",
            CheckKind::Format => "trace_format",
            CheckKind::Field => "trace_field",
            CheckKind::TooManySteps => "trace_too_many_steps",
            CheckKind::Replay => "trace_replay",
        }
    }
}

/// Why a trace was refused, and where: the step (its index in `steps`, 0 for the first), the
/// field (a path inside the step, or from the top of the trace when there is no step, e.g.
/// `changes[3].before`, `units[4].boxes`), the box concerned, and for JSON that does not read,
/// its line and column (1-based). One line; never more than a short quote of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    pub kind: CheckKind,
    pub step: Option<usize>,
    pub field: Option<String>,
    pub cell: Option<Cell>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// What is wrong, without the where.
    pub detail: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = String::new();
        if let Some(step) = self.step {
            place.push_str(&format!("steps[{step}]"));
        }
        if let Some(field) = &self.field {
            if !place.is_empty() && !field.starts_with('[') {
                place.push('.');
            }
            place.push_str(field);
        }
        if let Some(cell) = self.cell {
            if !place.is_empty() {
                place.push(' ');
            }
            place.push_str(&format!("(box {cell})"));
        }
        if place.is_empty() {
            write!(f, "{}", self.detail)?;
        } else {
            write!(f, "{place}: {}", self.detail)?;
        }
        if let (Some(line), Some(column)) = (self.line, self.column) {
            write!(f, " (line {line}, column {column})")?;
        }
        Ok(())
    }
}

impl std::error::Error for CheckError {}

/// An error while reading or checking, boxed: most functions here return one, rarely, and
/// the box keeps their results small.
pub(super) type Fail = Box<CheckError>;

impl CheckError {
    #[cold]
    #[inline(never)]
    fn new(kind: CheckKind, detail: impl Into<String>) -> Fail {
        Box::new(CheckError {
            kind,
            step: None,
            field: None,
            cell: None,
            line: None,
            column: None,
            detail: detail.into(),
        })
    }
    #[inline(never)]
    fn field(mut self: Fail, field: impl Into<String>) -> Fail {
        self.field = Some(field.into());
        self
    }
    #[inline(never)]
    fn at_step(mut self: Fail, step: usize) -> Fail {
        self.step = Some(step);
        self
    }
    #[inline(never)]
    fn cell(mut self: Fail, cell: Cell) -> Fail {
        self.cell = Some(cell);
        self
    }
}

/// A field error at the top of the trace.
#[cold]
#[inline(never)]
fn bad(field: impl Into<String>, detail: impl Into<String>) -> Fail {
    CheckError::new(CheckKind::Field, detail).field(field)
}

/// The size check alone: what the facade runs on a `File`'s size before reading it.
pub fn check_size(bytes: u64, limits: &CheckLimits) -> Result<(), CheckError> {
    if bytes > limits.max_bytes {
        return Err(*CheckError::new(
            CheckKind::TooLarge,
            format!(
                "the file is too large: {bytes} bytes (a trace is read up to {} bytes)",
                limits.max_bytes
            ),
        ));
    }
    Ok(())
}

// ---- Stage 1: the JSON into plain structures (raw.rs, over reader.rs) ----------------------

/// The most characters of the file an error quotes.
const QUOTE: usize = 40;

/// `text` quoted for a message, cut after [`QUOTE`] characters.
pub(super) fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE {
            out.push('…');
            break;
        }
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            _ => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// Stage 1: the text into plain structures (`raw`). A field error there is a format error
/// when the text says it is of another format (format 1's steps have other fields).
#[inline(never)]
fn read<'a>(text: &'a str, limits: &CheckLimits) -> Result<RawTrace<'a>, Fail> {
    if raw::not_an_object(text) {
        return Err(CheckError::new(
            CheckKind::Field,
            "a trace is a JSON object ({\"format\": 2, ...})",
        ));
    }
    raw::trace(text, limits).map_err(|e| {
        if e.kind == CheckKind::Field {
            if let Some(f) = raw::format_of(text) {
                if f != Some(u64::from(FORMAT)) {
                    return format_error(f);
                }
            }
        }
        e
    })
}

#[inline(never)]
fn format_error(found: Option<u64>) -> Fail {
    let found = found.map_or("not a version number".to_string(), |n| n.to_string());
    CheckError::new(
        CheckKind::Format,
        format!("is {found}: this reads trace format {FORMAT} (docs/trace-format.md)"),
    )
    .field("format")
}

#[inline(never)]
pub(super) fn too_many_steps(n: usize, limits: &CheckLimits) -> Fail {
    CheckError::new(
        CheckKind::TooManySteps,
        format!(
            "{n} steps: a trace is read up to {} steps",
            limits.max_steps
        ),
    )
    .field("steps")
}

// ---- Stage 2: the meaning, in one replay ----------------------------------------------------

/// The strategies a trace may name: the registry's ids, in ladder order.
#[inline(never)]
pub(super) fn registry_ids() -> Vec<&'static str> {
    REGISTRY.iter().map(|info| info.id).collect()
}

/// Reads and checks a trace: the text's size, then its JSON, then its meaning (module doc).
pub fn check(text: &str, limits: &CheckLimits) -> Result<Trace, CheckError> {
    check_size(text.len() as u64, limits)?;
    let raw = read(text, limits).map_err(|e| *e)?;
    validate(raw, limits).map_err(|e| *e)
}

/// Which fields a step, a contradiction or an outcome has of those that depend on its kind:
/// the ones in `required` must be there, every other one of `fields` must not. `what` and
/// `kind` name it in the message (`a step of kind`, `"guess"`).
#[inline(never)]
fn fields_of(
    what: &str,
    kind: &str,
    fields: &[(&'static str, bool)],
    required: &[&str],
) -> Result<(), Fail> {
    for &(name, present) in fields {
        let needed = required.contains(&name);
        if needed != present {
            let detail = if needed {
                format!("missing: {what} {} has a field {name}", quote(kind))
            } else {
                format!("{what} {} has no field {name}", quote(kind))
            };
            return Err(CheckError::new(CheckKind::Field, detail).field(name));
        }
    }
    Ok(())
}

/// Prefixes the field of an error with `prefix` (`outcome.`, `contradiction.`).
#[inline(never)]
fn under(prefix: &str, mut e: Fail) -> Fail {
    e.field = Some(match e.field {
        Some(f) => format!("{prefix}.{f}"),
        None => prefix.to_string(),
    });
    e
}

#[inline(never)]
fn unit_in(topo: &Topology, unit: Unit, field: &str) -> Result<(), Fail> {
    if (unit.0 as usize) < topo.units.len() {
        Ok(())
    } else {
        Err(bad(
            field,
            format!(
                "{unit} is not a unit of the {} variant",
                variant_name(topo.variant)
            ),
        ))
    }
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Standard => "standard",
        Variant::Diagonal => "diagonal",
    }
}

#[inline(never)]
fn contradiction(raw: &RawContradiction, topo: &Topology) -> Result<Contradiction, Fail> {
    let present = [
        ("box", raw.cell.is_some()),
        ("unit", raw.unit.is_some()),
        ("digit", raw.digit.is_some()),
        ("boxes", raw.boxes.is_some()),
        ("choices", raw.choices.is_some()),
    ];
    let what =
        |required: &[&str]| fields_of("a contradiction of kind", &raw.kind, &present, required);
    let c = match &*raw.kind {
        "empty_box" => {
            what(&["box"])?;
            Contradiction::EmptyBox {
                cell: raw.cell.unwrap_or(Cell(0)),
            }
        }
        "no_place" => {
            what(&["unit", "digit"])?;
            Contradiction::NoPlace {
                unit: raw.unit.unwrap_or(Unit(0)),
                digit: raw.digit.unwrap_or(1),
            }
        }
        "duplicate" => {
            what(&["unit", "digit", "boxes"])?;
            let boxes = raw.boxes.as_deref().unwrap_or_default();
            let unit = raw.unit.unwrap_or(Unit(0));
            let [a, b] = boxes else {
                return Err(bad(
                    "boxes",
                    format!("has {} boxes: a duplicate names two", boxes.len()),
                ));
            };
            unit_in(topo, unit, "unit")?;
            for (k, c) in [a, b].into_iter().enumerate() {
                if !topo.unit(unit).contains(c) {
                    return Err(
                        bad(format!("boxes[{k}]"), format!("{c} is not in {unit}")).cell(*c)
                    );
                }
            }
            if a.0 == b.0 {
                return Err(bad("boxes", "names the same box twice").cell(*a));
            }
            Contradiction::Duplicate {
                unit,
                digit: raw.digit.unwrap_or(1),
                boxes: [*a, *b],
            }
        }
        "exhausted" => {
            what(&["box", "choices"])?;
            Contradiction::Exhausted {
                cell: raw.cell.unwrap_or(Cell(0)),
                choices: raw.choices.unwrap_or(Digits::NONE),
            }
        }
        _ => {
            return Err(bad(
                "kind",
                format!(
                "{} is not a contradiction: expected empty_box, no_place, duplicate or exhausted",
                quote(&raw.kind)
            ),
            ))
        }
    };
    if let Contradiction::NoPlace { unit, .. } = c {
        unit_in(topo, unit, "unit")?;
    }
    Ok(c)
}

/// The contradiction holds in `state` (where it was found): the empty box is empty, the digit
/// fits nowhere in the unit, the two boxes are both the digit. `exhausted` is a fact about the
/// node's children, which the tree checks.
#[inline(never)]
fn holds(c: &Contradiction, state: &[Digits; 81], topo: &Topology) -> Result<(), Fail> {
    match *c {
        Contradiction::EmptyBox { cell } if !state[cell.index()].is_empty() => {
            Err(CheckError::new(
                CheckKind::Replay,
                format!(
                    "{cell} is not empty here: it holds \"{}\"",
                    state[cell.index()]
                ),
            )
            .field("box")
            .cell(cell))
        }
        Contradiction::NoPlace { unit, digit } => {
            match topo
                .unit(unit)
                .iter()
                .find(|c| state[c.index()].contains(digit))
            {
                Some(&cell) => Err(CheckError::new(
                    CheckKind::Replay,
                    format!("{digit} still fits {cell} in {unit} here"),
                )
                .field("unit")
                .cell(cell)),
                None => Ok(()),
            }
        }
        Contradiction::Duplicate { digit, boxes, .. } => {
            for (k, cell) in boxes.into_iter().enumerate() {
                if state[cell.index()] != Digits::single(digit) {
                    return Err(CheckError::new(
                        CheckKind::Replay,
                        format!(
                            "{cell} is not {digit} here: it holds \"{}\"",
                            state[cell.index()]
                        ),
                    )
                    .field(format!("boxes[{k}]"))
                    .cell(cell));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A search node on the replay's path from the root.
struct Level {
    node: u32,
    depth: u32,
    /// The state when the guess that created this node was made (the root's is unused).
    snapshot: [Digits; 81],
}

#[inline(never)]
fn validate(raw: RawTrace, limits: &CheckLimits) -> Result<Trace, Fail> {
    if raw.format != FORMAT {
        return Err(format_error(Some(u64::from(raw.format))));
    }
    let variant = match &*raw.variant {
        "standard" => Variant::Standard,
        "diagonal" => Variant::Diagonal,
        other => {
            return Err(bad(
                "variant",
                format!(
                    "{} is not a variant: expected \"standard\" or \"diagonal\"",
                    quote(other)
                ),
            ))
        }
    };
    let topo = Topology::of(variant);
    let ids = registry_ids();
    let mut strategies = StrategySet::NONE;
    let mut last = None;
    for (i, name) in raw.strategies.iter().enumerate() {
        let Some(p) = ids.iter().position(|id| id == name) else {
            return Err(bad(
                format!("strategies[{i}]"),
                format!(
                    "{} is not a strategy: expected {}",
                    quote(name),
                    ids.join(", ")
                ),
            ));
        };
        if last.is_some_and(|last| last >= p) {
            return Err(bad(
                format!("strategies[{i}]"),
                format!(
                    "{name} is out of place: strategies are listed once each, in ladder order ({})",
                    ids.join(", ")
                ),
            ));
        }
        last = Some(p);
        strategies = strategies.with(p as u8);
    }
    if raw.units.len() != topo.units.len() {
        return Err(bad(
            "units",
            format!(
                "lists {} units: the {} variant has {}",
                raw.units.len(),
                variant_name(variant),
                topo.units.len()
            ),
        ));
    }
    for (k, u) in raw.units.iter().enumerate() {
        let unit = Unit(k as u8);
        if u.name != unit.name() {
            return Err(bad(
                format!("units[{k}].name"),
                format!(
                    "is {}: unit {k} of the {} variant is \"{unit}\"",
                    quote(&u.name),
                    variant_name(variant)
                ),
            ));
        }
        if !u.boxes.iter().eq(topo.unit(unit).iter()) {
            return Err(bad(
                format!("units[{k}].boxes"),
                format!("are not the boxes of {unit}, in A1..I9 order"),
            ));
        }
    }
    if raw.initial.len() != 81 {
        return Err(bad(
            "initial",
            format!("lists {} boxes: a grid has 81", raw.initial.len()),
        ));
    }
    if raw.steps.len() > limits.max_steps {
        return Err(too_many_steps(raw.steps.len(), limits));
    }

    let mut initial = [Digits::NONE; 81];
    initial.copy_from_slice(&raw.initial);
    let mut state = initial;
    let mut path = vec![Level {
        node: 0,
        depth: 0,
        snapshot: initial,
    }];
    let mut next_node: u32 = 1;
    let mut steps = Vec::with_capacity(raw.steps.len());
    let mut changes = Vec::new();
    let mut strategy_counts = vec![0u64; ids.len()];
    let (mut assigns, mut guesses, mut backtracks, mut deepest) = (0u64, 0u64, 0u64, 0u32);
    let mut stops = 0u64;

    for (i, s) in raw.steps.iter().enumerate() {
        let reason = step(s, strategies, &ids, topo, &state, &mut path, &mut next_node)
            .map_err(|e| e.at_step(i))?;
        let start = changes.len() as u32;
        replay_changes(s, &reason, &mut state, &mut changes).map_err(|e| e.at_step(i))?;
        match &reason {
            Reason::Strategy { position, .. } => strategy_counts[*position as usize] += 1,
            Reason::Assign => assigns += 1,
            Reason::Stop { .. } => stops += 1,
            Reason::Guess { .. } => {
                guesses += 1;
                deepest = deepest.max(s.depth);
            }
            Reason::Backtrack { .. } => {
                backtracks += 1;
                let level = path.pop().expect("a backtrack's node is not the root");
                if let Some(c) = Cell::all().find(|c| state[c.index()] != level.snapshot[c.index()])
                {
                    return Err(CheckError::new(
                        CheckKind::Replay,
                        format!(
                            "the backtrack leaves {c} at \"{}\", not at \"{}\" as when node {} was guessed",
                            state[c.index()],
                            level.snapshot[c.index()],
                            level.node
                        ),
                    )
                    .field("changes")
                    .cell(c)
                    .at_step(i));
                }
            }
        }
        steps.push(Step {
            reason,
            node: s.node,
            depth: s.depth,
            changes: start..changes.len() as u32,
        });
    }

    let only_assign = steps.iter().all(|s| s.reason == Reason::Assign);
    let outcome = outcome(
        &raw.outcome,
        topo,
        &initial,
        &state,
        only_assign,
        steps.len(),
        path.len(),
    )
    .map_err(|e| under("outcome", e))?;
    let steps_capped = matches!(
        outcome,
        Outcome::Capped {
            limit: Limit::Steps,
            ..
        }
    );

    // The stats.
    let st = &raw.stats;
    let stat = |field: &str, detail: String| bad(format!("stats.{field}"), detail);
    if st.nodes == 0 {
        return Err(stat("nodes", "is 0: the root is a node".into()));
    }
    if st.guesses != st.nodes - 1 {
        return Err(stat(
            "guesses",
            format!(
                "is {}: every node but the root is a guess, and nodes is {}",
                st.guesses, st.nodes
            ),
        ));
    }
    if st.backtracks > st.guesses {
        return Err(stat(
            "backtracks",
            format!("is {}: more than the {} guesses", st.backtracks, st.guesses),
        ));
    }
    let mut strategy_steps = vec![0u64; ids.len()];
    let mut assign_steps = 0;
    for (key, n) in &st.steps {
        if key == "assign" {
            assign_steps = *n;
        } else if let Some(p) = ids.iter().position(|id| *id == key) {
            strategy_steps[p] = *n;
        } else {
            return Err(stat(
                &format!("steps.{key}"),
                format!(
                    "{} is not a step kind counted here: expected {} or assign",
                    quote(key),
                    ids.join(", ")
                ),
            ));
        }
    }
    // Counted against the steps: all of them unless the step cap cut the trace short, when the
    // stats go on to the end of the round (docs/trace-format.md).
    let counted = |prefix: &str, kind: &str, said: u64, found: u64| {
        if said < found || (said != found && !steps_capped) {
            return Err(CheckError::new(
                CheckKind::Replay,
                format!("is {said}, but the steps give {found} ({kind})"),
            )
            .field(format!("stats.{prefix}{kind}")));
        }
        Ok(())
    };
    for (p, id) in ids.iter().enumerate() {
        counted("steps.", id, strategy_steps[p], strategy_counts[p])?;
    }
    counted("steps.", "assign", assign_steps, assigns)?;
    counted("", "guesses", st.guesses, guesses)?;
    counted("", "backtracks", st.backtracks, backtracks)?;
    if let Some(said) = st.stops {
        counted("", "stops", said, stops)?;
    }
    counted("", "max_depth", u64::from(st.max_depth), u64::from(deepest))?;

    let mut counts = StepCounts::default();
    for (p, n) in strategy_steps.iter().enumerate() {
        *counts.of(p as u8) = *n;
    }
    Ok(Trace {
        format: FORMAT,
        variant,
        strategies,
        units: Trace::units_of(topo),
        initial: initial.to_vec(),
        steps,
        changes,
        outcome,
        stats: Stats {
            nodes: st.nodes,
            guesses: st.guesses,
            backtracks: st.backtracks,
            max_depth: st.max_depth,
            stops: st.stops.unwrap_or(stops),
            steps: counts,
        },
    })
}

/// A step's kind and evidence, and its place in the search tree (`path` follows it).
#[inline(never)]
fn step(
    s: &RawStep,
    strategies: StrategySet,
    ids: &[&str],
    topo: &Topology,
    state: &[Digits; 81],
    path: &mut Vec<Level>,
    next_node: &mut u32,
) -> Result<Reason, Fail> {
    let present = [
        ("units", s.units.is_some()),
        ("boxes", s.boxes.is_some()),
        ("digits", s.digits.is_some()),
        ("box", s.cell.is_some()),
        ("digit", s.digit.is_some()),
        ("choices", s.choices.is_some()),
        ("parent", s.parent.is_some()),
        ("contradiction", s.contradiction.is_some()),
        ("rule", s.rule.is_some()),
        ("rounds", s.rounds.is_some()),
        ("removed", s.removed.is_some()),
        ("pending", s.pending.is_some()),
    ];
    let what = |required: &[&str]| fields_of("a step of kind", &s.kind, &present, required);
    let top = path.last().expect("the root is never left");
    let (node, depth) = (top.node, top.depth);
    let here = |s: &RawStep| -> Result<(), Fail> {
        if s.node != node {
            return Err(CheckError::new(
                CheckKind::Replay,
                format!("is {}, but the search is at node {node}", s.node),
            )
            .field("node"));
        }
        if s.depth != depth {
            return Err(CheckError::new(
                CheckKind::Replay,
                format!("is {}, but node {node} is at depth {depth}", s.depth),
            )
            .field("depth"));
        }
        Ok(())
    };
    let reason = match &*s.kind {
        "guess" => {
            what(&["box", "digit", "choices", "parent"])?;
            let cell = s.cell.unwrap_or(Cell(0));
            let digit = s.digit.unwrap_or(1);
            let choices = s.choices.unwrap_or(Digits::NONE);
            let parent = s.parent.unwrap_or(0);
            if parent != node {
                return Err(CheckError::new(
                    CheckKind::Replay,
                    format!("is {parent}, but the search is at node {node}"),
                )
                .field("parent"));
            }
            if s.node != *next_node {
                return Err(CheckError::new(
                    CheckKind::Replay,
                    format!("is {}: the next node is {next_node}", s.node),
                )
                .field("node"));
            }
            if s.depth != depth + 1 || depth + 1 > 81 {
                return Err(CheckError::new(
                    CheckKind::Replay,
                    format!(
                        "is {}: a guess from node {node} (depth {depth}) is at depth {}",
                        s.depth,
                        depth + 1
                    ),
                )
                .field("depth"));
            }
            if choices != state[cell.index()] {
                return Err(CheckError::new(
                    CheckKind::Replay,
                    format!(
                        "are \"{choices}\", but {cell} holds \"{}\" here",
                        state[cell.index()]
                    ),
                )
                .field("choices")
                .cell(cell));
            }
            if choices.len() < 2 || !choices.contains(digit) {
                return Err(bad("digit", format!("{digit} is not a choice: a guess tries one of two or more candidates, here \"{choices}\"")).cell(cell));
            }
            *next_node += 1;
            path.push(Level {
                node: s.node,
                depth: s.depth,
                snapshot: *state,
            });
            Reason::Guess {
                cell,
                digit,
                choices,
                parent,
            }
        }
        "backtrack" => {
            what(&["parent", "contradiction"])?;
            here(s)?;
            if path.len() < 2 {
                return Err(CheckError::new(
                    CheckKind::Replay,
                    "a backtrack at the root: there is no node to go back to",
                )
                .field("kind"));
            }
            let parent = s.parent.unwrap_or(0);
            let up = path[path.len() - 2].node;
            if parent != up {
                return Err(CheckError::new(
                    CheckKind::Replay,
                    format!("is {parent}, but node {node} was guessed from node {up}"),
                )
                .field("parent"));
            }
            let raw = s.contradiction.as_ref().expect("checked present");
            let c = contradiction(raw, topo).map_err(|e| under("contradiction", e))?;
            holds(&c, state, topo).map_err(|e| under("contradiction", e))?;
            Reason::Backtrack {
                parent,
                contradiction: c,
            }
        }
        "assign" => {
            what(&[])?;
            here(s)?;
            Reason::Assign
        }
        "stop" => {
            what(&["rule", "rounds", "removed", "pending"])?;
            here(s)?;
            stop(s, strategies)?
        }
        kind => {
            let Some(p) = ids.iter().position(|id| *id == kind) else {
                return Err(bad(
                    "kind",
                    format!(
                        "{} is not a step kind: expected a strategy ({}), guess, backtrack, stop or assign",
                        quote(kind),
                        ids.join(", ")
                    ),
                ));
            };
            if !strategies.contains(p as u8) {
                return Err(bad(
                    "kind",
                    format!("{kind} is not one of this trace's strategies"),
                ));
            }
            what(&["units", "boxes", "digits"])?;
            here(s)?;
            let units: Vec<Unit> = s.units.iter().flatten().copied().collect();
            let boxes: Vec<Cell> = s.boxes.iter().flatten().copied().collect();
            if units.len() > MAX_EVIDENCE_UNITS {
                return Err(bad(
                    "units",
                    format!(
                        "lists {} units: a step's evidence holds at most {MAX_EVIDENCE_UNITS}",
                        units.len()
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
            for (k, &u) in units.iter().enumerate() {
                unit_in(topo, u, &format!("units[{k}]"))?;
            }
            let digits = s.digits.unwrap_or(Digits::NONE);
            Reason::Strategy {
                position: p as u8,
                evidence: Evidence::new(&units, &boxes, digits),
            }
        }
    };
    Ok(reason)
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
            format!("{} is not a rule: expected course or fixpoint", quote(name)),
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

/// Applies a step's changes to `state`, checking each against it.
#[inline(never)]
fn replay_changes(
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
            return Err(CheckError::new(
                CheckKind::Replay,
                format!(
                    "is \"{before}\", but {cell} holds \"{}\" at this point of the replay",
                    state[cell.index()]
                ),
            )
            .field(format!("changes[{j}].before"))
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

/// Whether `state` is a solution of `initial`: every box one digit, one of its initial
/// candidates, and every unit nine different digits. The first box or unit that is not.
#[inline(never)]
fn solution_fault(
    state: &[Digits; 81],
    initial: &[Digits; 81],
    topo: &Topology,
) -> Option<(Cell, String)> {
    if let Some(c) = Cell::all().find(|c| state[c.index()].solved().is_none()) {
        return Some((c, format!("{c} holds \"{}\"", state[c.index()])));
    }
    for u in topo.all_units() {
        let mut seen: [Option<Cell>; 10] = [None; 10];
        for &c in topo.unit(u) {
            let d = state[c.index()].solved().expect("solved") as usize;
            if let Some(a) = seen[d] {
                return Some((c, format!("{a} and {c} are both {d} in {u}")));
            }
            seen[d] = Some(c);
        }
    }
    Cell::all()
        .find(|c| !initial[c.index()].contains(state[c.index()].solved().expect("solved")))
        .map(|c| {
            (
                c,
                format!(
                    "{c} ends on {}, not one of its initial candidates \"{}\"",
                    state[c.index()],
                    initial[c.index()]
                ),
            )
        })
}

#[inline(never)]
fn outcome(
    raw: &RawOutcome,
    topo: &Topology,
    initial: &[Digits; 81],
    state: &[Digits; 81],
    only_assign: bool,
    steps: usize,
    path_len: usize,
) -> Result<Outcome, Fail> {
    let present = [
        ("solution", raw.solution.is_some()),
        ("solutions", raw.solutions.is_some()),
        ("contradiction", raw.contradiction.is_some()),
        ("limit", raw.limit.is_some()),
        ("max", raw.max.is_some()),
    ];
    let what = |required: &[&str]| fields_of("the verdict", &raw.verdict, &present, required);
    let replay =
        |field: &str, detail: String| CheckError::new(CheckKind::Replay, detail).field(field);
    match &*raw.verdict {
        "solved" => {
            what(&["solution", "solutions"])?;
            let solution = raw.solution.as_deref().unwrap_or_default();
            if solution.len() != 81 || !solution.bytes().all(|b| (b'1'..=b'9').contains(&b)) {
                return Err(bad(
                    "solution",
                    format!("{} is not 81 digits 1-9", quote(solution)),
                ));
            }
            let n = raw.solutions.unwrap_or(0);
            if n > 2 {
                return Err(bad(
                    "solutions",
                    format!("is {n}: solutions are counted up to 2 (0 when not counted)"),
                ));
            }
            for (c, b) in Cell::all().zip(solution.bytes()) {
                if state[c.index()] != Digits::single(b - b'0') {
                    return Err(replay(
                        "solution",
                        format!(
                            "says {c} is {}, but the replay ends with \"{}\" there",
                            b - b'0',
                            state[c.index()]
                        ),
                    )
                    .cell(c));
                }
            }
            if let Some((c, why)) = solution_fault(state, initial, topo) {
                return Err(replay("solution", format!("is not a solution: {why}")).cell(c));
            }
            Ok(Outcome::Solved {
                solution: solution.to_string(),
                solutions: n,
            })
        }
        "no_solution" => {
            what(&["contradiction"])?;
            let c = contradiction(raw.contradiction.as_ref().expect("checked present"), topo)
                .map_err(|e| under("contradiction", e))?;
            if path_len > 1 {
                return Err(replay(
                    "verdict",
                    "no_solution, but the search never returned to the root".into(),
                ));
            }
            Ok(Outcome::NoSolution { contradiction: c })
        }
        "capped" => {
            what(&["limit", "max"])?;
            let max = raw.max.unwrap_or(0);
            let limit = match raw.limit.as_deref().unwrap_or_default() {
                "nodes" => Limit::Nodes,
                "steps" => Limit::Steps,
                other => {
                    return Err(bad(
                        "limit",
                        format!(
                            "{} is not a cap: expected \"nodes\" or \"steps\"",
                            quote(other)
                        ),
                    ))
                }
            };
            if limit == Limit::Steps && steps as u64 > max {
                return Err(replay(
                    "max",
                    format!("is {max}, but the trace holds {steps} steps"),
                ));
            }
            Ok(Outcome::Capped { limit, max })
        }
        "unsolved" => {
            what(&[])?;
            if !only_assign {
                return Err(replay(
                    "verdict",
                    "unsolved is the verdict of a learner's run (assign steps only); this trace has the solver's steps".into(),
                ));
            }
            if solution_fault(state, initial, topo).is_none() {
                return Err(replay(
                    "verdict",
                    "is unsolved, but the replay ends in a solution".into(),
                ));
            }
            Ok(Outcome::Unsolved)
        }
        other => Err(bad(
            "verdict",
            format!(
                "{} is not a verdict: expected solved, no_solution, capped or unsolved",
                quote(other)
            ),
        )),
    }
}
