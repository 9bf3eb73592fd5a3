//! A contradiction (a backtrack's, or the outcome's under `no_solution`): its kind with exactly
//! that kind's fields, its unit one of the variant's, and whether it holds where it is claimed.

use super::errors::{bad, one_of, quote, replay, Fail};
use super::fields::{of_kind, FieldSet};
use super::raw::{ContradictionField as F, RawContradiction};
use crate::digits::Digits;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, ContradictionKind};

/// The fields of each kind of contradiction, besides its `kind`.
const EMPTY_BOX: FieldSet<F> = F::set(&[F::Box]);
const NO_PLACE: FieldSet<F> = F::set(&[F::Unit, F::Digit]);
const DUPLICATE: FieldSet<F> = F::set(&[F::Unit, F::Digit, F::Boxes]);
const EXHAUSTED: FieldSet<F> = F::set(&[F::Box, F::Choices]);
const CLASH: FieldSet<F> = F::set(&[F::Digit, F::Boxes]);
const CAGE_SUM: FieldSet<F> = F::set(&[F::Box]);

/// The contradiction `raw` says, checked against the variant (not yet against a state).
#[inline(never)]
pub(super) fn contradiction(
    raw: &RawContradiction,
    topo: &Topology,
) -> Result<Contradiction, Fail> {
    let fields = |required| of_kind("a contradiction of kind", &raw.kind, raw.given, required);
    let c = match ContradictionKind::from_name(&raw.kind) {
        Some(ContradictionKind::EmptyBox) => {
            fields(EMPTY_BOX)?;
            Contradiction::EmptyBox {
                cell: raw.cell.unwrap_or(Cell(0)),
            }
        }
        Some(ContradictionKind::NoPlace) => {
            fields(NO_PLACE)?;
            let unit = unit_in(topo, raw.unit.as_deref().unwrap_or_default(), "unit")?;
            Contradiction::NoPlace {
                unit,
                digit: raw.digit.unwrap_or(1),
            }
        }
        Some(ContradictionKind::Duplicate) => {
            fields(DUPLICATE)?;
            duplicate(raw, topo)?
        }
        Some(ContradictionKind::Exhausted) => {
            fields(EXHAUSTED)?;
            Contradiction::Exhausted {
                cell: raw.cell.unwrap_or(Cell(0)),
                choices: raw.choices.unwrap_or(Digits::NONE),
            }
        }
        Some(ContradictionKind::Clash) => {
            fields(CLASH)?;
            clash(raw, topo)?
        }
        Some(ContradictionKind::CageSum) => {
            fields(CAGE_SUM)?;
            let cell = raw.cell.unwrap_or(Cell(0));
            if !topo.cages().iter().any(|cage| cage.cells[0] == cell) {
                return Err(bad("box", format!("no cage starts at {cell}")).cell(cell));
            }
            Contradiction::CageSum { cell }
        }
        None => {
            return Err(bad(
                "kind",
                format!(
                    "{} is not a contradiction: expected {}",
                    quote(&raw.kind),
                    one_of(ContradictionKind::ALL.map(ContradictionKind::name), false)
                ),
            ))
        }
    };
    Ok(c)
}

/// A duplicate's two boxes: two different boxes of its unit.
#[inline(never)]
fn duplicate(raw: &RawContradiction, topo: &Topology) -> Result<Contradiction, Fail> {
    let boxes = raw.boxes.as_deref().unwrap_or_default();
    let [a, b] = boxes else {
        return Err(bad(
            "boxes",
            format!("has {} boxes: a duplicate names two", boxes.len()),
        ));
    };
    let unit = unit_in(topo, raw.unit.as_deref().unwrap_or_default(), "unit")?;
    for (k, c) in [a, b].into_iter().enumerate() {
        if !topo.unit(unit).contains(c) {
            let name = topo.name(unit);
            return Err(bad(format!("boxes[{k}]"), format!("{c} is not in {name}")).cell(*c));
        }
    }
    if a.0 == b.0 {
        return Err(bad("boxes", "names the same box twice").cell(*a));
    }
    Ok(Contradiction::Duplicate {
        unit,
        digit: raw.digit.unwrap_or(1),
        boxes: [*a, *b],
    })
}

/// A clash's two boxes: two different boxes that see each other.
#[inline(never)]
fn clash(raw: &RawContradiction, topo: &Topology) -> Result<Contradiction, Fail> {
    let boxes = raw.boxes.as_deref().unwrap_or_default();
    let [a, b] = boxes else {
        return Err(bad(
            "boxes",
            format!("has {} boxes: a clash names two", boxes.len()),
        ));
    };
    if !topo.sees(*a, *b) {
        return Err(bad("boxes", format!("{a} and {b} do not see each other")).cell(*b));
    }
    Ok(Contradiction::Clash {
        digit: raw.digit.unwrap_or(1),
        boxes: [*a, *b],
    })
}

/// The unit named `name` in the trace's topology (the variant's, or the puzzle's), or an error
/// at `field`.
#[inline(never)]
pub(super) fn unit_in(topo: &Topology, name: &str, field: &str) -> Result<Unit, Fail> {
    topo.unit_named(name).ok_or_else(|| {
        let whose = if topo.is_classic() {
            format!("the {} variant", topo.variant.name())
        } else {
            "the puzzle".to_string()
        };
        bad(field, format!("{} is not a unit of {whose}", quote(name)))
    })
}

/// The contradiction holds in `state` (where it was found): the empty box is empty, the digit
/// fits nowhere in the unit, the two boxes are both the digit. `exhausted` is a fact about the
/// node's children, which the tree checks.
#[inline(never)]
pub(super) fn holds(c: &Contradiction, state: &[Digits; 81], topo: &Topology) -> Result<(), Fail> {
    match *c {
        Contradiction::EmptyBox { cell } if !state[cell.index()].is_empty() => Err(replay(
            "box",
            format!(
                "{cell} is not empty here: it holds \"{}\"",
                state[cell.index()]
            ),
        )
        .cell(cell)),
        Contradiction::NoPlace { unit, digit } => {
            match topo
                .unit(unit)
                .iter()
                .find(|c| state[c.index()].contains(digit))
            {
                Some(&cell) => Err(replay(
                    "unit",
                    format!("{digit} still fits {cell} in {unit} here"),
                )
                .cell(cell)),
                None => Ok(()),
            }
        }
        Contradiction::Duplicate { digit, boxes, .. } | Contradiction::Clash { digit, boxes } => {
            for (k, cell) in boxes.into_iter().enumerate() {
                if state[cell.index()] != Digits::single(digit) {
                    return Err(replay(
                        format!("boxes[{k}]"),
                        format!(
                            "{cell} is not {digit} here: it holds \"{}\"",
                            state[cell.index()]
                        ),
                    )
                    .cell(cell));
                }
            }
            Ok(())
        }
        Contradiction::CageSum { cell } => {
            let Some(cage) = topo.cages().iter().find(|cage| cage.cells[0] == cell) else {
                return Err(replay("box", format!("no cage starts at {cell}")).cell(cell));
            };
            let mut total = 0u16;
            for &c in &cage.cells {
                match state[c.index()].solved() {
                    Some(d) => total += d as u16,
                    None => {
                        return Err(
                            replay("box", format!("{c} of the cage is not solved here")).cell(c)
                        )
                    }
                }
            }
            match cage.sum {
                Some(sum) if sum != total => Ok(()),
                _ => Err(
                    replay("box", format!("the cage at {cell} adds up to its sum here")).cell(cell),
                ),
            }
        }
        _ => Ok(()),
    }
}
