//! The meaning, third stage: the outcome against where the replay ends. Its verdict with exactly
//! that verdict's fields (one function a verdict): `solved`, the replay's final state and a
//! solution; `no_solution`, the search back at the root; `capped`, the cap and the steps;
//! `unsolved`, a learner's run that does not end in a solution. Errors are located inside
//! `outcome` by the caller.

use super::contradiction::contradiction;
use super::errors::{bad, one_of, quote, replay, under, Fail};
use super::fields::{of_kind, FieldSet};
use super::header::Header;
use super::raw::{OutcomeField as F, RawOutcome};
use super::replay::Replayed;
use crate::digits::Digits;
use crate::topology::{Cell, Topology};
use crate::trace::{Limit, Outcome, Reason};

/// The fields of each verdict, besides the `verdict`.
const SOLVED: FieldSet<F> = F::set(&[F::Solution, F::Solutions]);
const NO_SOLUTION: FieldSet<F> = F::set(&[F::Contradiction]);
const CAPPED: FieldSet<F> = F::set(&[F::Limit, F::Max]);
const UNSOLVED: FieldSet<F> = F::set(&[]);

#[inline(never)]
pub(super) fn outcome(raw: &RawOutcome, header: &Header, end: &Replayed) -> Result<Outcome, Fail> {
    let fields = |required| of_kind("the verdict", &raw.verdict, raw.given, required);
    match &*raw.verdict {
        "solved" => {
            fields(SOLVED)?;
            solved(raw, header, &end.state)
        }
        "no_solution" => {
            fields(NO_SOLUTION)?;
            let c = contradiction(
                raw.contradiction.as_ref().expect("checked present"),
                &header.topo,
            )
            .map_err(|e| under("contradiction", e))?;
            if !end.at_root {
                return Err(replay(
                    "verdict",
                    "no_solution, but the search never returned to the root",
                ));
            }
            Ok(Outcome::NoSolution { contradiction: c })
        }
        "capped" => {
            fields(CAPPED)?;
            capped(raw, end.steps.len())
        }
        "unsolved" => {
            fields(UNSOLVED)?;
            unsolved(header, end)
        }
        other => Err(bad(
            "verdict",
            format!(
                "{} is not a verdict: expected solved, no_solution, capped or unsolved",
                quote(other)
            ),
        )),
    }
}

/// `solved`: the solution is 81 digits, the replay's final state, and a solution of the initial
/// grid; solutions are counted up to 2.
#[inline(never)]
fn solved(raw: &RawOutcome, header: &Header, state: &[Digits; 81]) -> Result<Outcome, Fail> {
    let solution = raw.solution.as_deref().unwrap_or_default();
    if solution.len() != 81 || !solution.bytes().all(|b| (b'1'..=b'9').contains(&b)) {
        return Err(bad(
            "solution",
            format!("{} is not 81 digits 1-9", quote(solution)),
        ));
    }
    let n = raw.solutions.unwrap_or(0);
    if n > 2 {
        return Err(bad(
            "solutions",
            format!("is {n}: solutions are counted up to 2 (0 when not counted)"),
        ));
    }
    for (c, b) in Cell::all().zip(solution.bytes()) {
        if state[c.index()] != Digits::single(b - b'0') {
            return Err(replay(
                "solution",
                format!(
                    "says {c} is {}, but the replay ends with \"{}\" there",
                    b - b'0',
                    state[c.index()]
                ),
            )
            .cell(c));
        }
    }
    if let Some((c, why)) = solution_fault(state, &header.initial, &header.topo) {
        return Err(replay("solution", format!("is not a solution: {why}")).cell(c));
    }
    Ok(Outcome::Solved {
        solution: solution.to_string(),
        solutions: n,
    })
}

/// `capped`: by nodes or steps; under the step cap, no more steps than the cap.
#[inline(never)]
fn capped(raw: &RawOutcome, steps: usize) -> Result<Outcome, Fail> {
    let max = raw.max.unwrap_or(0);
    let name = raw.limit.as_deref().unwrap_or_default();
    let Some(limit) = Limit::from_name(name) else {
        return Err(bad(
            "limit",
            format!(
                "{} is not a cap: expected {}",
                quote(name),
                one_of(Limit::ALL.map(Limit::name), true)
            ),
        ));
    };
    if limit == Limit::Steps && steps as u64 > max {
        return Err(replay(
            "max",
            format!("is {max}, but the trace holds {steps} steps"),
        ));
    }
    Ok(Outcome::Capped { limit, max })
}

/// `unsolved`: a learner's run (assign steps only) whose final state is not a solution.
#[inline(never)]
fn unsolved(header: &Header, end: &Replayed) -> Result<Outcome, Fail> {
    if !end.steps.iter().all(|s| s.reason == Reason::Assign) {
        return Err(replay(
            "verdict",
            "unsolved is the verdict of a learner's run (assign steps only); this trace has the solver's steps",
        ));
    }
    if solution_fault(&end.state, &header.initial, &header.topo).is_none() {
        return Err(replay(
            "verdict",
            "is unsolved, but the replay ends in a solution",
        ));
    }
    Ok(Outcome::Unsolved)
}

/// Whether `state` is a solution of `initial`: every box one digit, one of its initial
/// candidates, and every unit nine different digits. The first box or unit that is not.
#[inline(never)]
fn solution_fault(
    state: &[Digits; 81],
    initial: &[Digits; 81],
    topo: &Topology,
) -> Option<(Cell, String)> {
    if let Some(c) = Cell::all().find(|c| state[c.index()].solved().is_none()) {
        return Some((c, format!("{c} holds \"{}\"", state[c.index()])));
    }
    for u in topo.all_units() {
        let mut seen: [Option<Cell>; 10] = [None; 10];
        for &c in topo.unit(u) {
            let d = state[c.index()].solved().expect("solved") as usize;
            if let Some(a) = seen[d] {
                return Some((c, format!("{a} and {c} are both {d} in {u}")));
            }
            seen[d] = Some(c);
        }
    }
    Cell::all()
        .find(|c| !initial[c.index()].contains(state[c.index()].solved().expect("solved")))
        .map(|c| {
            (
                c,
                format!(
                    "{c} ends on {}, not one of its initial candidates \"{}\"",
                    state[c.index()],
                    initial[c.index()]
                ),
            )
        })
}
