//! A killer step derived again against the trace's puzzle: `cage_combinations` and
//! `rule_of_45`, from the candidates before the step, by the same functions the strategies
//! use. A step whose sum, combinations, digits or changes differ from what the puzzle's cages
//! give is refused, naming the field (a trace whose cage sum was edited fails at the first
//! step that reads that cage).

use super::errors::{replay, Fail};
use super::raw::RawChange;
use crate::digits::Digits;
use crate::strategy::cage_combinations::{combinations, keep_combined, place_needed};
use crate::strategy::rule_of_45::{keep, leftover};
use crate::topology::{Cell, Topology};
use crate::trace::Evidence;

/// Checks a killer step (`rule`: a `rule_of_45` step, else `cage_combinations`) with
/// `evidence` and `changes` against `topo`, `state` the candidates after the step.
#[inline(never)]
pub(super) fn justified(
    rule: bool,
    evidence: &Evidence,
    changes: &[RawChange],
    state: &[Digits; 81],
    topo: &Topology,
) -> Result<(), Fail> {
    let mut before = *state;
    for c in changes {
        before[c.cell.index()] = c.before;
    }
    let boxes = evidence.boxes();
    let Some(sum) = evidence.sum() else {
        return Err(replay(
            "sum",
            "a killer step carries its sum and combinations",
        ));
    };
    let (want_sum, combos, after): (u16, Vec<Digits>, Vec<Digits>) = if rule {
        let units = evidence.units();
        if !(1..=4).contains(&units.len()) {
            return Err(replay("units", "a 45 rule step names 1 to 4 houses"));
        }
        let found = [false, true]
            .into_iter()
            .filter_map(|outies| leftover(&before, topo, units, outies))
            .find(|l| l.boxes() == boxes);
        let Some(left) = found else {
            return Err(replay(
                "boxes",
                format!(
                    "{} are not what the cages in and around {} leave over",
                    names(boxes),
                    unit_names(evidence, topo)
                ),
            ));
        };
        match evidence.cages() {
            None => {
                return Err(replay(
                    "cage_total",
                    "a 45 rule step carries its cage total and side",
                ))
            }
            Some(c) if c != left.cages => {
                return Err(replay(
                    "cage_total",
                    format!(
                        "is {} for the {}: the cages {} {} sum to {} for the {}",
                        c.sum,
                        c.side(),
                        if left.cages.outies {
                            "covering"
                        } else {
                            "inside"
                        },
                        unit_names(evidence, topo),
                        left.cages.sum,
                        left.cages.side()
                    ),
                ))
            }
            Some(_) => {}
        }
        let mut cands: Vec<Digits> = boxes.iter().map(|c| before[c.index()]).collect();
        let see = boxes.len() == 2 && topo.sees(boxes[0], boxes[1]);
        let combos = keep(&mut cands, left.sum, see);
        (left.sum, combos.list().to_vec(), cands)
    } else {
        if evidence.cages().is_some() {
            return Err(replay(
                "cage_total",
                "a cage combinations step has no cage total: the 45 rule's",
            ));
        }
        let Some((index, cage)) = topo
            .cages()
            .iter()
            .enumerate()
            .find(|(_, c)| c.cells == boxes)
        else {
            return Err(replay(
                "boxes",
                format!("{} are not one of the puzzle's cages", names(boxes)),
            ));
        };
        let Some(cage_sum) = cage.sum else {
            return Err(replay("sum", format!("cage {} has no sum", index + 1)));
        };
        if cage_sum != sum {
            return Err(replay(
                "sum",
                format!(
                    "is {sum}: cage {} ({}) sums to {cage_sum} in the puzzle",
                    index + 1,
                    names(boxes)
                ),
            )
            .cell(boxes[0]));
        }
        let mut cands: Vec<Digits> = boxes.iter().map(|c| before[c.index()]).collect();
        let combos = combinations(&cands, cage_sum);
        let start = cands.clone();
        keep_combined(&mut cands, &combos);
        if cands == start {
            place_needed(&mut cands, &combos);
        }
        (cage_sum, combos.list().to_vec(), cands)
    };
    if sum != want_sum {
        return Err(replay(
            "sum",
            format!("is {sum}: {} sum to {want_sum}", names(boxes)),
        ));
    }
    if evidence.combinations() != combos.as_slice() {
        return Err(replay(
            "combinations",
            format!(
                "are {}: {sum} in {} is made by {}",
                sets(evidence.combinations()),
                names(boxes),
                sets(&combos)
            ),
        ));
    }
    let mut removed = Digits::NONE;
    for (k, &cell) in boxes.iter().enumerate() {
        if state[cell.index()] != after[k] {
            return Err(replay(
                "changes",
                format!(
                    "{cell} is left \"{}\": the step leaves it \"{}\"",
                    state[cell.index()],
                    after[k]
                ),
            )
            .cell(cell));
        }
        removed = Digits::from_bits(removed.bits() | before[cell.index()].without(after[k]).bits());
    }
    if let Some(c) = changes.iter().find(|c| !boxes.contains(&c.cell)) {
        return Err(replay(
            "changes",
            format!("{} is not one of the step's boxes", c.cell),
        )
        .cell(c.cell));
    }
    if evidence.digits() != removed {
        return Err(replay(
            "digits",
            format!(
                "are \"{}\": the step removes \"{removed}\"",
                evidence.digits()
            ),
        ));
    }
    Ok(())
}

fn names(boxes: &[Cell]) -> String {
    boxes
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn unit_names(e: &Evidence, topo: &Topology) -> String {
    e.units()
        .iter()
        .map(|&u| topo.name(u))
        .collect::<Vec<_>>()
        .join(", ")
}

fn sets(c: &[Digits]) -> String {
    c.iter()
        .map(|d| format!("\"{d}\""))
        .collect::<Vec<_>>()
        .join(", ")
}
