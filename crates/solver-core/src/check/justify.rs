//! A strategy step's eliminations against the trace's constraints: the course's two placing
//! and removing steps are checked against the topology (the variant's, or the puzzle's houses,
//! pairwise exclusions and cages).
//!
//! - `eliminate`: its box's digit is removed, and only it, from boxes that see that box (a house,
//!   an exclusion such as anti-knight, or a cage in common);
//! - `only_choice`: its box is set to its digit, which fits no other box of its unit;
//! - `cage_combinations`: its boxes are one of the puzzle's cages, its sum that cage's, its
//!   combinations those of the cage's candidates before the step, its changes the half of the
//!   step those give (`killer`);
//! - `rule_of_45`: its boxes and sum are what its houses leave over before the step, its
//!   combinations and changes what that sum gives (`killer`).
//!
//! Other strategies' steps are checked for their shape and their changes (`replay`), a chain's
//! against its ends (`chain`).

use super::errors::{replay, Fail};
use super::raw::RawChange;
use crate::digits::Digits;
use crate::strategy::cage_combinations::CageCombinations;
use crate::strategy::eliminate::Eliminate;
use crate::strategy::only_choice::OnlyChoice;
use crate::strategy::rule_of_45::RuleOf45;
use crate::strategy::Strategy;
use crate::topology::Topology;
use crate::trace::Evidence;

/// Checks a step of strategy `id` with `evidence` and `changes` against `topo`, `state` the
/// candidates after the step (its changes already checked against the state before it).
#[inline(never)]
pub(super) fn justified(
    id: &str,
    evidence: &Evidence,
    changes: &[RawChange],
    state: &[Digits; 81],
    topo: &Topology,
) -> Result<(), Fail> {
    if id == CageCombinations::ID || id == RuleOf45::ID {
        return super::killer::justified(id == RuleOf45::ID, evidence, changes, state, topo);
    }
    let (boxes, digits) = (evidence.boxes(), evidence.digits());
    let single = |what: &str| {
        let (&[cell], Some(digit)) = (boxes, digits.solved()) else {
            return Err(replay(
                "boxes",
                format!("{what}'s evidence is one box and its digit"),
            ));
        };
        Ok((cell, digit))
    };
    if id == Eliminate::ID {
        let (source, digit) = single("an eliminate step")?;
        for (j, c) in changes.iter().enumerate() {
            if !topo.sees(source, c.cell) {
                return Err(replay(
                    format!("changes[{j}].box"),
                    format!(
                        "{} does not see {source}: eliminate removes {digit} only from the boxes \
                         {source} sees (a house, an exclusion or a cage in common)",
                        c.cell
                    ),
                )
                .cell(c.cell));
            }
            if c.after != c.before.without(Digits::single(digit)) {
                return Err(replay(
                    format!("changes[{j}].after"),
                    format!(
                        "is \"{}\": eliminate removes {digit} from \"{}\", and nothing else",
                        c.after, c.before
                    ),
                )
                .cell(c.cell));
            }
        }
    } else if id == OnlyChoice::ID {
        let (place, digit) = single("an only choice step")?;
        let [unit] = evidence.units() else {
            return Err(replay("units", "an only choice step names its one unit"));
        };
        let name = topo.name(*unit);
        if !topo.unit(*unit).contains(&place) {
            return Err(replay("boxes", format!("{place} is not in {name}")).cell(place));
        }
        let ok = matches!(changes, [c] if c.cell == place && c.after == Digits::single(digit));
        if !ok {
            return Err(replay(
                "changes",
                format!("an only choice step has one change, {place} set to {digit}"),
            )
            .cell(place));
        }
        // An only choice step changes `place` alone, so `state` holds the unit's other boxes
        // as the step found them: none of them may still hold the digit.
        if let Some(other) = topo
            .unit(*unit)
            .iter()
            .find(|&&c| c != place && state[c.index()].contains(digit))
        {
            return Err(replay(
                "units",
                format!("{digit} still fits {other} in {name}: it is not an only choice"),
            )
            .cell(*other));
        }
    }
    Ok(())
}
