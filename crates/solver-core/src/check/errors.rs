//! What the validator says about a trace it refuses: [`CheckError`] (the kind, the step, the
//! field, the box, the line and column, and what is wrong) and its one-line text, and the
//! helpers the stages build their errors with.

use super::{CheckLimits, FORMAT};
use crate::topology::Cell;
use std::fmt;

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
pub(crate) type Fail = Box<CheckError>;

impl CheckError {
    #[cold]
    #[inline(never)]
    pub(super) fn new(kind: CheckKind, detail: impl Into<String>) -> Fail {
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
    pub(super) fn field(mut self: Fail, field: impl Into<String>) -> Fail {
        self.field = Some(field.into());
        self
    }
    #[inline(never)]
    pub(super) fn at_step(mut self: Fail, step: usize) -> Fail {
        self.step = Some(step);
        self
    }
    #[inline(never)]
    pub(super) fn cell(mut self: Fail, cell: Cell) -> Fail {
        self.cell = Some(cell);
        self
    }
}

/// A field error at `field` (from the top of the trace, or inside the step being checked).
#[cold]
#[inline(never)]
pub(super) fn bad(field: impl Into<String>, detail: impl Into<String>) -> Fail {
    CheckError::new(CheckKind::Field, detail).field(field)
}

/// A replay error at `field`.
#[cold]
#[inline(never)]
pub(super) fn replay(field: impl Into<String>, detail: impl Into<String>) -> Fail {
    CheckError::new(CheckKind::Replay, detail).field(field)
}

/// Prefixes the field of an error with `prefix` (`outcome.`, `contradiction.`).
#[inline(never)]
pub(super) fn under(prefix: &str, mut e: Fail) -> Fail {
    e.field = Some(match e.field {
        Some(f) => format!("{prefix}.{f}"),
        None => prefix.to_string(),
    });
    e
}

/// A `format` other than [`FORMAT`]: `found` is `None` when it is not a whole number.
#[inline(never)]
pub(super) fn format_error(found: Option<u64>) -> Fail {
    let found = found.map_or("not a version number".to_string(), |n| n.to_string());
    CheckError::new(
        CheckKind::Format,
        format!("is {found}: this reads trace format {FORMAT} (docs/trace-format.md)"),
    )
    .field("format")
}

/// A trace of `n` steps, over `limits.max_steps`.
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

/// The most characters of the file an error quotes.
const QUOTE: usize = 40;

/// `names` as a message lists alternatives: `a, b or c`, each in quotes if `quoted`.
pub(super) fn one_of(names: impl IntoIterator<Item = &'static str>, quoted: bool) -> String {
    let names: Vec<String> = names
        .into_iter()
        .map(|n| {
            if quoted {
                format!("\"{n}\"")
            } else {
                n.to_string()
            }
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `text` quoted for a message, cut after [`QUOTE`] characters.
pub(crate) fn quote(text: &str) -> String {
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

/// The registry's ids in a line's room: the first three and how many there are in all (the
/// whole list is longer than an error's one short line).
pub(super) fn some_ids(ids: &[&str]) -> String {
    format!(
        "{}, … {} in all",
        ids[..ids.len().min(3)].join(", "),
        ids.len()
    )
}
