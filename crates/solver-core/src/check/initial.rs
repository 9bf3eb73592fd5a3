//! The boxes of a trace's `initial` grid: each starts with one candidate at least. A box with
//! none (`""`) would be a puzzle already refuted before any step, which no solve of a parsed
//! puzzle writes (the parser has no empty box); the page would draw it as an open box.

use super::{CheckError, CheckKind, Fail};
use crate::digits::Digits;
use crate::topology::Cell;

/// The first box of `initial` with no candidate, as an error on `initial[k]`.
#[inline(never)]
pub(super) fn no_empty_box(initial: &[Digits]) -> Result<(), Fail> {
    let Some(k) = initial.iter().position(|d| d.is_empty()) else {
        return Ok(());
    };
    let mut e = CheckError::new(
        CheckKind::Field,
        "is \"\": a box starts with one candidate at least (\"123456789\" when it is open)",
    );
    e.field = Some(format!("initial[{k}]"));
    if k < 81 {
        e.cell = Some(Cell(k as u8));
    }
    Err(e)
}
