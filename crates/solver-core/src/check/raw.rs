//! Stage 1 of reading a trace: its JSON into plain structures, following the fixed shape of
//! docs/trace-format.md. Every field of its documented type, none unknown or given twice, the
//! required ones there; boxes, units and candidates by their documented spelling. Lists of a
//! fixed length are read up to it, and steps past the step cap are counted, not held. What the
//! values mean is checked by the replay (the parent module).

use super::reader::{whole, Kind, Reader};
use super::{quote, registry_ids, too_many_steps, CheckLimits, Fail};
use crate::digits::{Digit, Digits};
use crate::registry::COUNT;
use crate::topology::{Cell, Unit};
use std::borrow::Cow;

#[derive(Default)]
pub(super) struct RawTrace<'a> {
    pub format: u32,
    pub variant: Cow<'a, str>,
    pub strategies: Vec<Cow<'a, str>>,
    pub units: Vec<RawUnit<'a>>,
    pub initial: Vec<Digits>,
    pub steps: Vec<RawStep<'a>>,
    pub outcome: RawOutcome<'a>,
    pub stats: RawStats<'a>,
}

pub(super) struct RawUnit<'a> {
    pub name: Cow<'a, str>,
    pub boxes: Vec<Cell>,
}

#[derive(Default)]
pub(super) struct RawStep<'a> {
    pub kind: Cow<'a, str>,
    pub node: u32,
    pub depth: u32,
    pub changes: Vec<RawChange>,
    // A strategy step's evidence.
    pub units: Option<Vec<Unit>>,
    pub boxes: Option<Vec<Cell>>,
    pub digits: Option<Digits>,
    // A guess's.
    pub cell: Option<Cell>,
    pub digit: Option<Digit>,
    pub choices: Option<Digits>,
    // A guess's and a backtrack's.
    pub parent: Option<u32>,
    // A backtrack's.
    pub contradiction: Option<RawContradiction<'a>>,
    // A stop's.
    pub rule: Option<Cow<'a, str>>,
    pub rounds: Option<u32>,
    pub removed: Option<u32>,
    pub pending: Option<bool>,
}

pub(super) struct RawChange {
    pub cell: Cell,
    pub before: Digits,
    pub after: Digits,
}

#[derive(Default)]
pub(super) struct RawContradiction<'a> {
    pub kind: Cow<'a, str>,
    pub cell: Option<Cell>,
    pub unit: Option<Unit>,
    pub digit: Option<Digit>,
    pub boxes: Option<Vec<Cell>>,
    pub choices: Option<Digits>,
}

#[derive(Default)]
pub(super) struct RawOutcome<'a> {
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

/// Every field of `names` (the bits [`Reader::object`] returns).
const fn all(names: &[&str]) -> u32 {
    (1 << names.len()) - 1
}

const TRACE: [&str; 8] = [
    "format",
    "variant",
    "strategies",
    "units",
    "initial",
    "steps",
    "outcome",
    "stats",
];

/// The text's trace, read into structures (module doc). A text of more steps than
/// `limits.max_steps` is refused as soon as its steps are counted.
pub(super) fn trace<'a>(text: &'a str, limits: &CheckLimits) -> Result<RawTrace<'a>, Fail> {
    let mut r = Reader::new(text);
    let mut t = RawTrace::default();
    let seen = r.object("a trace", &TRACE, 0, &mut |r, k| {
        match k {
            0 => t.format = r.uint(U32)? as u32,
            1 => t.variant = r.string("a variant name")?,
            2 => {
                r.list("a list of strategy ids", COUNT, &mut |r, _| {
                    t.strategies.push(r.string("a strategy id")?);
                    Ok(())
                })?;
            }
            3 => {
                r.list("a list of units", 29, &mut |r, _| {
                    t.units.push(unit_info(r)?);
                    Ok(())
                })?;
            }
            4 => {
                r.list("a list of candidates", 81, &mut |r, _| {
                    t.initial.push(cands(r)?);
                    Ok(())
                })?;
            }
            5 => {
                let n = r.list("a list of steps", usize::MAX, &mut |r, i| {
                    // A step is about 4 times its shortest JSON in memory: past the cap they
                    // are only counted.
                    if i < limits.max_steps {
                        t.steps.push(step(r)?);
                    } else {
                        r.skip()?;
                    }
                    Ok(())
                })?;
                if n > limits.max_steps {
                    return Err(too_many_steps(n, limits));
                }
            }
            6 => t.outcome = outcome(r)?,
            _ => t.stats = stats(r)?,
        }
        Ok(())
    })?;
    r.require("a trace", &TRACE, seen, all(&TRACE))?;
    r.end()?;
    Ok(t)
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
    r.list("a list of box names", usize::MAX, &mut |r, _| {
        v.push(cell(r)?);
        Ok(())
    })?;
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

/// A unit by its name (`row A`, …, `diagonal A9-I1`); whether the variant has it is checked later.
#[inline(never)]
fn unit(r: &mut Reader) -> Result<Unit, Fail> {
    let s = r.string("a unit name (\"row A\", \"column 1\", \"square A1-C3\")")?;
    (0..29u8)
        .map(Unit)
        .find(|u| u.name() == s)
        .ok_or_else(|| r.fail(format!("{} is not a unit name", quote(&s))))
}

#[inline(never)]
fn units(r: &mut Reader) -> Result<Vec<Unit>, Fail> {
    let mut v = Vec::new();
    r.list("a list of unit names", usize::MAX, &mut |r, _| {
        v.push(unit(r)?);
        Ok(())
    })?;
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

const UNIT: [&str; 2] = ["name", "boxes"];

#[inline(never)]
fn unit_info<'a>(r: &mut Reader<'a>) -> Result<RawUnit<'a>, Fail> {
    let mut u = RawUnit {
        name: Cow::Borrowed(""),
        boxes: Vec::new(),
    };
    let seen = r.object("a unit", &UNIT, 0, &mut |r, k| {
        match k {
            0 => u.name = r.string("a unit name")?,
            _ => u.boxes = cells(r)?,
        }
        Ok(())
    })?;
    r.require("a unit", &UNIT, seen, all(&UNIT))?;
    Ok(u)
}

const STEP: [&str; 16] = [
    "kind",
    "node",
    "depth",
    "changes",
    "units",
    "boxes",
    "digits",
    "box",
    "digit",
    "choices",
    "parent",
    "contradiction",
    "rule",
    "rounds",
    "removed",
    "pending",
];

#[inline(never)]
fn step<'a>(r: &mut Reader<'a>) -> Result<RawStep<'a>, Fail> {
    let mut s = RawStep::default();
    let seen = r.object("a step", &STEP, 0xfff0, &mut |r, k| {
        match k {
            0 => s.kind = r.string("a step kind")?,
            1 => s.node = r.uint(U32)? as u32,
            2 => s.depth = r.uint(U32)? as u32,
            3 => {
                r.list("a list of changes", usize::MAX, &mut |r, _| {
                    s.changes.push(change(r)?);
                    Ok(())
                })?;
            }
            4 => s.units = Some(units(r)?),
            5 => s.boxes = Some(cells(r)?),
            6 => s.digits = Some(cands(r)?),
            7 => s.cell = Some(cell(r)?),
            8 => s.digit = Some(digit(r)?),
            9 => s.choices = Some(cands(r)?),
            10 => s.parent = Some(r.uint(U32)? as u32),
            11 => s.contradiction = Some(contradiction(r)?),
            12 => s.rule = Some(r.string("a stop rule, \"course\" or \"fixpoint\"")?),
            13 => s.rounds = Some(r.uint(U32)? as u32),
            14 => s.removed = Some(r.uint(U32)? as u32),
            _ => s.pending = Some(r.boolean()?),
        }
        Ok(())
    })?;
    r.require("a step", &STEP, seen, 0b1111)?;
    Ok(s)
}

const CHANGE: [&str; 3] = ["box", "before", "after"];

#[inline(never)]
fn change(r: &mut Reader) -> Result<RawChange, Fail> {
    let mut c = RawChange {
        cell: Cell(0),
        before: Digits::NONE,
        after: Digits::NONE,
    };
    let seen = r.object("a change", &CHANGE, 0, &mut |r, k| {
        match k {
            0 => c.cell = cell(r)?,
            1 => c.before = cands(r)?,
            _ => c.after = cands(r)?,
        }
        Ok(())
    })?;
    r.require("a change", &CHANGE, seen, all(&CHANGE))?;
    Ok(c)
}

const CONTRADICTION: [&str; 6] = ["kind", "box", "unit", "digit", "boxes", "choices"];

#[inline(never)]
fn contradiction<'a>(r: &mut Reader<'a>) -> Result<RawContradiction<'a>, Fail> {
    let mut c = RawContradiction::default();
    let seen = r.object("a contradiction", &CONTRADICTION, 0b11_1110, &mut |r, k| {
        match k {
            0 => c.kind = r.string("a contradiction kind")?,
            1 => c.cell = Some(cell(r)?),
            2 => c.unit = Some(unit(r)?),
            3 => c.digit = Some(digit(r)?),
            4 => c.boxes = Some(cells(r)?),
            _ => c.choices = Some(cands(r)?),
        }
        Ok(())
    })?;
    r.require("a contradiction", &CONTRADICTION, seen, 1)?;
    Ok(c)
}

const OUTCOME: [&str; 6] = [
    "verdict",
    "solution",
    "solutions",
    "contradiction",
    "limit",
    "max",
];

#[inline(never)]
fn outcome<'a>(r: &mut Reader<'a>) -> Result<RawOutcome<'a>, Fail> {
    let mut o = RawOutcome::default();
    let seen = r.object("an outcome", &OUTCOME, 0b11_1110, &mut |r, k| {
        match k {
            0 => o.verdict = r.string("a verdict")?,
            1 => o.solution = Some(r.string("81 digits")?),
            2 => o.solutions = Some(r.uint(U32)? as u32),
            3 => o.contradiction = Some(contradiction(r)?),
            4 => o.limit = Some(r.string("a cap, \"nodes\" or \"steps\"")?),
            _ => o.max = Some(r.uint(u64::MAX)?),
        }
        Ok(())
    })?;
    r.require("an outcome", &OUTCOME, seen, 1)?;
    Ok(o)
}

const STATS: [&str; 6] = [
    "nodes",
    "guesses",
    "backtracks",
    "max_depth",
    "stops",
    "steps",
];

#[inline(never)]
fn stats<'a>(r: &mut Reader<'a>) -> Result<RawStats<'a>, Fail> {
    let mut st = RawStats::default();
    let seen = r.object("the stats", &STATS, 1 << 4, &mut |r, k| {
        match k {
            0 => st.nodes = r.uint(u64::MAX)?,
            1 => st.guesses = r.uint(u64::MAX)?,
            2 => st.backtracks = r.uint(u64::MAX)?,
            3 => st.max_depth = r.uint(U32)? as u32,
            4 => st.stops = Some(r.uint(u64::MAX)?),
            _ => st.steps = counts(r)?,
        }
        Ok(())
    })?;
    r.require("the stats", &STATS, seen, all(&STATS) & !(1 << 4))?;
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
                    "{} is one count too many: there are {} kinds of step counted ({}, assign)",
                    quote(&key),
                    COUNT + 1,
                    registry_ids().join(", ")
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
