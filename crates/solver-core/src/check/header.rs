//! The meaning, first stage: what a trace says before its steps, in this order. The format's
//! version, the variant, the puzzle (format 4: its regions and constraints, whose topology must
//! be of that variant; without it the variant's classic topology), the strategies (registry ids,
//! each once, in ladder order), the topology's units (names and boxes, in order) and the
//! initial grid (81 boxes).

use super::errors::{bad, format_error, one_of, quote, some_ids, under, Fail};
use super::fields::{of_kind, FieldSet};
use super::raw::{ConstraintField as C, RawConstraint, RawPuzzle, RawTrace, RawUnit};
use super::{registry_ids, FIRST_FORMAT, FORMAT};
use crate::digits::Digits;
use crate::puzzle::{Constraint, Puzzle};
use crate::topology::{Topology, Unit, Variant, SIZE};
use crate::trace::StrategySet;
use std::borrow::Cow;

/// A trace's header, checked: what the replay of its steps starts from.
pub(super) struct Header {
    /// The trace's format: 2 (no chains) or [`FORMAT`].
    pub format: u32,
    pub variant: Variant,
    /// The topology the steps are checked against: the puzzle's, or the variant's.
    pub topo: Cow<'static, Topology>,
    /// The puzzle (format 4), its givens cleared.
    pub puzzle: Option<Box<Puzzle>>,
    pub strategies: StrategySet,
    /// The strategies a trace may name: the registry's ids, in ladder order.
    pub ids: Vec<&'static str>,
    pub initial: [Digits; 81],
}

/// Checks the header's fields in the order the format lists them.
#[inline(never)]
pub(super) fn header(raw: &RawTrace) -> Result<Header, Fail> {
    if !(FIRST_FORMAT..=FORMAT).contains(&raw.format) {
        return Err(format_error(Some(u64::from(raw.format))));
    }
    let variant = variant(&raw.variant)?;
    let (topo, puzzle) = match &raw.puzzle {
        None => (Cow::Borrowed(Topology::of(variant)), None),
        Some(p) => {
            if raw.format < 4 {
                return Err(bad(
                    "puzzle",
                    format!(
                        "a puzzle in a trace of format {}: the puzzle is format 4's",
                        raw.format
                    ),
                ));
            }
            let puzzle = puzzle(p).map_err(|e| under("puzzle", e))?;
            let topo = puzzle
                .topology()
                .map_err(|e| bad("puzzle", e.to_string()))?;
            if topo.variant != variant {
                return Err(bad(
                    "variant",
                    format!(
                        "is {}, but the puzzle's houses make it {}",
                        variant.name(),
                        topo.variant.name()
                    ),
                ));
            }
            (Cow::Owned(topo), Some(Box::new(puzzle)))
        }
    };
    let ids = registry_ids();
    let strategies = strategies(&raw.strategies, &ids)?;
    units(&raw.units, &topo)?;
    let initial = initial(&raw.initial)?;
    Ok(Header {
        format: raw.format,
        variant,
        topo,
        puzzle,
        strategies,
        ids,
        initial,
    })
}

#[inline(never)]
fn variant(name: &str) -> Result<Variant, Fail> {
    Variant::from_name(name).ok_or_else(|| {
        bad(
            "variant",
            format!(
                "{} is not a variant: expected {}",
                quote(name),
                one_of(Variant::ALL.map(Variant::name), true)
            ),
        )
    })
}

/// The trace's strategies: registry ids, each once, in ladder order.
#[inline(never)]
fn strategies(names: &[Cow<str>], ids: &[&str]) -> Result<StrategySet, Fail> {
    let mut strategies = StrategySet::NONE;
    let mut last = None;
    for (i, name) in names.iter().enumerate() {
        let Some(p) = ids.iter().position(|id| id == name) else {
            return Err(bad(
                format!("strategies[{i}]"),
                format!(
                    "{} is not a strategy: expected a registry id ({})",
                    quote(name),
                    some_ids(ids)
                ),
            ));
        };
        if last.is_some_and(|last| last >= p) {
            return Err(bad(
                format!("strategies[{i}]"),
                format!(
                    "{name} is out of place: strategies are listed once each, in ladder order, and {name} comes before {}",
                    names[i - 1]
                ),
            ));
        }
        last = Some(p);
        strategies = strategies.with(p as u8);
    }
    Ok(strategies)
}

/// The variant's units, every one by its name and its boxes, in order.
#[inline(never)]
fn units(units: &[RawUnit], topo: &Topology) -> Result<(), Fail> {
    let whose = || {
        if topo.is_classic() {
            format!("the {} variant", topo.variant.name())
        } else {
            "the puzzle".to_string()
        }
    };
    if units.len() != topo.units.len() {
        return Err(bad(
            "units",
            format!(
                "lists {} units: {} has {}",
                units.len(),
                whose(),
                topo.units.len()
            ),
        ));
    }
    for (k, u) in units.iter().enumerate() {
        let unit = Unit(k as u8);
        let name = topo.name(unit);
        if u.name != name {
            return Err(bad(
                format!("units[{k}].name"),
                format!(
                    "is {}: unit {k} of {} is \"{name}\"",
                    quote(&u.name),
                    whose()
                ),
            ));
        }
        if !u.boxes.iter().eq(topo.unit(unit).iter()) {
            return Err(bad(
                format!("units[{k}].boxes"),
                format!("are not the boxes of {name}, in their order"),
            ));
        }
    }
    Ok(())
}

#[inline(never)]
fn initial(boxes: &[Digits]) -> Result<[Digits; 81], Fail> {
    if boxes.len() != 81 {
        return Err(bad(
            "initial",
            format!("lists {} boxes: a grid has 81", boxes.len()),
        ));
    }
    let mut initial = [Digits::NONE; 81];
    initial.copy_from_slice(boxes);
    Ok(initial)
}

/// A trace's puzzle: its regions (81 digits 1-9, each region nine boxes) and constraints (each
/// kind with exactly its fields), its title and author; its givens are the trace's `initial`.
/// Whether its regions and cages are well formed is the topology's check.
#[inline(never)]
fn puzzle(raw: &RawPuzzle) -> Result<Puzzle, Fail> {
    let regions = match &raw.regions {
        None => None,
        Some(text) => {
            let bytes = text.as_bytes();
            let ok = bytes.len() == 81 && bytes.iter().all(|b| (b'1'..=b'9').contains(b));
            if !ok {
                return Err(bad(
                    "regions",
                    "are 81 digits 1-9, each box's region in A1..I9 order",
                ));
            }
            Some(std::array::from_fn(|i| bytes[i] - b'1'))
        }
    };
    let mut constraints = Vec::with_capacity(raw.constraints.len());
    for (k, c) in raw.constraints.iter().enumerate() {
        constraints.push(constraint(c).map_err(|e| under(&format!("constraints[{k}]"), e))?);
    }
    Ok(Puzzle {
        givens: [0; 81],
        regions,
        constraints,
        title: raw.title.as_ref().map(|t| t.to_string()),
        author: raw.author.as_ref().map(|a| a.to_string()),
    })
}

/// One constraint: a kind without boxes (`windoku`, …) has no other field, an extra region
/// its `boxes`, a cage its `boxes` and, when it has one, its `sum`.
#[inline(never)]
fn constraint(raw: &RawConstraint) -> Result<Constraint, Fail> {
    const PLAIN: FieldSet<C> = C::set(&[]);
    const BOXES: FieldSet<C> = C::set(&[C::Boxes]);
    const CAGE: FieldSet<C> = C::set(&[C::Boxes, C::Sum]);
    let fields = |required| of_kind("a constraint of kind", &raw.kind, raw.given, required);
    let boxes = || raw.boxes.clone().unwrap_or_default();
    if let Some(c) = Constraint::plain(&raw.kind) {
        fields(PLAIN)?;
        return Ok(c);
    }
    match &*raw.kind {
        "extra-region" => {
            fields(BOXES)?;
            Ok(Constraint::ExtraRegion(boxes()))
        }
        "cage" => {
            fields(if raw.sum.is_some() { CAGE } else { BOXES })?;
            let sum = match raw.sum {
                None => None,
                Some(s) if s <= (SIZE * (SIZE + 1) / 2) as u64 => Some(s as u16),
                Some(s) => {
                    return Err(bad(
                        "sum",
                        format!("is {s}: a cage's digits sum to 45 at most"),
                    ))
                }
            };
            Ok(Constraint::Cage {
                cells: boxes(),
                sum,
            })
        }
        kind => Err(bad(
            "kind",
            format!(
                "{} is not a constraint: expected {}",
                quote(kind),
                one_of(Constraint::NAMES, true)
            ),
        )),
    }
}
