//! The meaning, last stage: the stats, consistent among themselves (the root is a node, every
//! other node a guess, no more backtracks than guesses) and with the steps the replay counted:
//! all of them, unless the step cap cut the trace short, when the stats go on to the end of the
//! round (docs/trace-format.md).

use super::errors::{bad, quote, replay, some_ids, Fail};
use super::raw::RawStats;
use super::replay::Found;
use crate::trace::{Stats, StepCounts};

/// The stats, checked against the steps `found`; `steps_capped` when the trace was cut short
/// by the step cap.
#[inline(never)]
pub(super) fn stats(
    st: &RawStats,
    found: &Found,
    ids: &[&str],
    steps_capped: bool,
) -> Result<Stats, Fail> {
    consistent(st)?;
    let (strategy_steps, assign_steps) = step_counts(st, ids)?;
    let counted = |prefix: &str, kind: &str, said: u64, found: u64| {
        if said < found || (said != found && !steps_capped) {
            return Err(replay(
                format!("stats.{prefix}{kind}"),
                format!("is {said}, but the steps give {found} ({kind})"),
            ));
        }
        Ok(())
    };
    for (p, id) in ids.iter().enumerate() {
        counted("steps.", id, strategy_steps[p], found.strategies[p])?;
    }
    counted("steps.", "assign", assign_steps, found.assigns)?;
    counted("", "guesses", st.guesses, found.guesses)?;
    counted("", "backtracks", st.backtracks, found.backtracks)?;
    if let Some(said) = st.stops {
        counted("", "stops", said, found.stops)?;
    }
    counted(
        "",
        "max_depth",
        u64::from(st.max_depth),
        u64::from(found.max_depth),
    )?;

    let mut counts = StepCounts::default();
    for (p, n) in strategy_steps.iter().enumerate() {
        *counts.of(p as u8) = *n;
    }
    Ok(Stats {
        nodes: st.nodes,
        guesses: st.guesses,
        backtracks: st.backtracks,
        max_depth: st.max_depth,
        stops: st.stops.unwrap_or(found.stops),
        steps: counts,
    })
}

/// A field error at `stats.<field>`.
fn stat(field: &str, detail: String) -> Fail {
    bad(format!("stats.{field}"), detail)
}

/// The stats among themselves: the root is a node, every other node a guess, and no more
/// backtracks than guesses.
#[inline(never)]
fn consistent(st: &RawStats) -> Result<(), Fail> {
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
    Ok(())
}

/// `stats.steps` by kind: each strategy's count (by its place in the registry, 0 when absent)
/// and `assign`'s.
#[inline(never)]
fn step_counts(st: &RawStats, ids: &[&str]) -> Result<(Vec<u64>, u64), Fail> {
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
                    "{} is not a step kind counted here: expected a strategy ({}) or assign",
                    quote(key),
                    some_ids(ids)
                ),
            ));
        }
    }
    Ok((strategy_steps, assign_steps))
}
