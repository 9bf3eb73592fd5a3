//! The meaning, first stage: what a trace says before its steps, in this order. The format's
//! version, the variant, the strategies (registry ids, each once, in ladder order), the
//! variant's units (names and boxes, in order) and the initial grid (81 boxes).

use super::errors::{bad, format_error, one_of, quote, some_ids, Fail};
use super::raw::{RawTrace, RawUnit};
use super::{registry_ids, FORMAT};
use crate::digits::Digits;
use crate::topology::{Topology, Unit, Variant};
use crate::trace::StrategySet;
use std::borrow::Cow;

/// A trace's header, checked: what the replay of its steps starts from.
pub(super) struct Header {
    pub variant: Variant,
    pub topo: &'static Topology,
    pub strategies: StrategySet,
    /// The strategies a trace may name: the registry's ids, in ladder order.
    pub ids: Vec<&'static str>,
    pub initial: [Digits; 81],
}

/// Checks the header's fields in the order the format lists them.
#[inline(never)]
pub(super) fn header(raw: &RawTrace) -> Result<Header, Fail> {
    if raw.format != FORMAT {
        return Err(format_error(Some(u64::from(raw.format))));
    }
    let variant = variant(&raw.variant)?;
    let topo = Topology::of(variant);
    let ids = registry_ids();
    let strategies = strategies(&raw.strategies, &ids)?;
    units(&raw.units, topo)?;
    let initial = initial(&raw.initial)?;
    Ok(Header {
        variant,
        topo,
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
    if units.len() != topo.units.len() {
        return Err(bad(
            "units",
            format!(
                "lists {} units: the {} variant has {}",
                units.len(),
                topo.variant.name(),
                topo.units.len()
            ),
        ));
    }
    for (k, u) in units.iter().enumerate() {
        let unit = Unit(k as u8);
        if u.name != unit.name() {
            return Err(bad(
                format!("units[{k}].name"),
                format!(
                    "is {}: unit {k} of the {} variant is \"{unit}\"",
                    quote(&u.name),
                    topo.variant.name()
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
