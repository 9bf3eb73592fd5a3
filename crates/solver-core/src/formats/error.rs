//! What the readers of shared puzzles say about text they refuse: [`FormatError`], its kind,
//! and where (the field, the box, the line and column of JSON).

use crate::check::CheckError;
use crate::topology::Cell;
use std::fmt;

/// What is wrong with a shared puzzle, as a kind (the `kind` of the facade's errors).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormatKind {
    /// Text that is not JSON (a syntax error, nesting too deep, text after the end).
    Json,
    /// A field of the wrong type or with a value the format does not allow.
    Field,
    /// A grid other than 9×9.
    Size,
    /// A constraint Propagate does not read (thermometers, arrows, kropki, …): solving the
    /// puzzle without it would give a wrong answer.
    Unsupported,
    /// A link Propagate does not open: another site, SudokuPad's own format, a short id.
    Link,
    /// Compressed data that does not decompress (bad characters, a damaged or cut link).
    Data,
}

impl FormatKind {
    /// The kind's name: `puzzle_json`, `puzzle_field`, `puzzle_size`, `puzzle_unsupported`,
    /// `puzzle_link`, `puzzle_data`.
    pub fn name(self) -> &'static str {
        match self {
            FormatKind::Json => "puzzle_json",
            FormatKind::Field => "puzzle_field",
            FormatKind::Size => "puzzle_size",
            FormatKind::Unsupported => "puzzle_unsupported",
            FormatKind::Link => "puzzle_link",
            FormatKind::Data => "puzzle_data",
        }
    }
}

/// Why a shared puzzle was refused, and where: the field (a path from the top of the JSON,
/// `killercage[2].cells[1]`, or an ISS item, `.Cage~15~R1C1`), the box concerned, and for JSON
/// that does not read its line and column (1-based). `constraint` names a constraint Propagate
/// does not read (`thermometer`, `Thermo`). One line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub kind: FormatKind,
    pub field: Option<String>,
    pub cell: Option<Cell>,
    pub constraint: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// What is wrong, without the where.
    pub detail: String,
}

impl FormatError {
    #[cold]
    #[inline(never)]
    pub(crate) fn new(kind: FormatKind, detail: impl Into<String>) -> FormatError {
        FormatError {
            kind,
            field: None,
            cell: None,
            constraint: None,
            line: None,
            column: None,
            detail: detail.into(),
        }
    }

    #[inline(never)]
    pub(crate) fn field(mut self, field: impl Into<String>) -> FormatError {
        self.field = Some(field.into());
        self
    }

    #[inline(never)]
    pub(crate) fn cell(mut self, cell: Cell) -> FormatError {
        self.cell = Some(cell);
        self
    }

    /// A constraint Propagate does not read, named as the source names it.
    #[cold]
    #[inline(never)]
    pub(crate) fn unsupported(name: &str, detail: impl Into<String>) -> FormatError {
        let mut e = FormatError::new(FormatKind::Unsupported, detail);
        e.constraint = Some(name.to_string());
        e
    }
}

impl From<Box<CheckError>> for FormatError {
    fn from(e: Box<CheckError>) -> FormatError {
        let kind = match e.kind {
            crate::check::CheckKind::Json => FormatKind::Json,
            _ => FormatKind::Field,
        };
        FormatError {
            kind,
            field: e.field,
            cell: e.cell,
            constraint: None,
            line: e.line,
            column: e.column,
            detail: e.detail,
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = self.field.clone().unwrap_or_default();
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

impl std::error::Error for FormatError {}
