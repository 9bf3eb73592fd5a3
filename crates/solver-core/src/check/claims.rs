//! What a trace's outcome claims about its puzzle, checked against the puzzle itself: the
//! validator ([`super::check`]) checks that the outcome fits the replay (a `solved` trace ends on
//! a solution of `initial`, a `no_solution` one is back at its root), but the number of
//! solutions and a `no_solution` verdict are claims about every other branch of the search,
//! which a file can state falsely. [`verify_claims`] counts the solutions of `initial` with the
//! verdict engine (up to 2) and refuses a claim the count contradicts.

use super::{CheckError, CheckKind, Fail};
use crate::digits::Digits;
use crate::grid::Grid;
use crate::trace::{Outcome, Trace};
use crate::verdict::{verdict, verdict_in};
use crate::Limits;

/// Checks what `trace`'s outcome claims about its puzzle (a trace [`super::check`] accepted):
/// `solved` with `solutions` 1, that the puzzle has exactly one solution (the trace's); with 2,
/// that it has more than one; `no_solution`, that it has none. `solved` with 0 (not counted, as
/// in a learner's trace), `capped` and `unsolved` claim nothing about the puzzle. A false claim
/// is an error of kind [`CheckKind::Replay`] on the field it is in (`outcome.solutions`,
/// `outcome.verdict`). The count takes at most the core's default node cap
/// (`Limits::default().max_nodes`; the verdict engine counts any puzzle of `puzzles/` to 2
/// within a few thousand, docs/limits.md); a count the cap stopped is an error too, since the
/// claim could not be checked.
pub fn verify_claims(trace: &Trace) -> Result<(), CheckError> {
    let claimed = match &trace.outcome {
        Outcome::Solved { solutions: 0, .. } | Outcome::Capped { .. } | Outcome::Unsolved => {
            return Ok(())
        }
        Outcome::Solved { solutions, .. } => Some(*solutions),
        Outcome::NoSolution { .. } => None,
    };
    let Ok(cells) = <[Digits; 81]>::try_from(trace.initial.as_slice()) else {
        return Err(*claim(
            "initial",
            format!("lists {} boxes: a grid has 81", trace.initial.len()),
        ));
    };
    let max_nodes = Limits::default().max_nodes;
    let grid = Grid::from_cells(cells);
    let found = match trace.puzzle.as_deref().map(|p| p.topology()) {
        Some(Ok(topo)) => verdict_in(&grid, &topo, 2, max_nodes),
        Some(Err(e)) => return Err(*claim("puzzle", e.to_string())),
        None => verdict(&grid, trace.variant, 2, max_nodes),
    };
    if found.capped {
        return Err(*claim(
            "outcome",
            format!(
                "the claim about the puzzle could not be checked: counting its solutions \
                 stopped at the limit of {max_nodes} search nodes"
            ),
        ));
    }
    let fault = match (claimed, found.solutions) {
        (Some(1), 1) => {
            let Outcome::Solved { solution, .. } = &trace.outcome else {
                unreachable!("a count is claimed by a solved outcome")
            };
            let only = found.first.expect("one solution found");
            (solution.as_bytes() != only.as_bytes()).then(|| {
                claim(
                    "outcome.solution",
                    "is not the puzzle's solution, which is unique".to_string(),
                )
            })
        }
        (Some(1), 0) => Some(claim(
            "outcome.solutions",
            "is 1 (unique), but the puzzle has no solution".to_string(),
        )),
        (Some(1), _) => Some(claim(
            "outcome.solutions",
            "is 1 (unique), but the puzzle has more than one solution".to_string(),
        )),
        (Some(_), 2) => None,
        (Some(_), n) => Some(claim(
            "outcome.solutions",
            format!(
                "is 2 (two or more), but the puzzle has {}",
                if n == 0 {
                    "no solution"
                } else {
                    "one solution"
                }
            ),
        )),
        (None, 0) => None,
        (None, _) => Some(claim(
            "outcome.verdict",
            "is no_solution, but the puzzle has a solution".to_string(),
        )),
    };
    match fault {
        Some(e) => Err(*e),
        None => Ok(()),
    }
}

/// A false claim, on `field` (from the top of the trace).
#[cold]
fn claim(field: &str, detail: String) -> Fail {
    let mut e = CheckError::new(CheckKind::Replay, detail);
    e.field = Some(field.to_string());
    e
}
