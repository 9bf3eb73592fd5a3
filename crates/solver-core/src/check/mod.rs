//! Reading a trace made elsewhere (a file, or the learner's own code through
//! `python/PySudoku.py`): [`check`] reads its JSON text, checks it against docs/trace-format.md
//! (format 4; format 3, which has no `puzzle` and whose chains have no groups and no loops; or
//! format 2, which has no chains) by replaying it against the topology of its variant or its
//! puzzle, and returns it as a [`Trace`], so that it is played exactly as a
//! solve's trace is. Anything else gets a [`CheckError`] naming the step, the field and the box.
//!
//! Reading is in two stages. The JSON is read into plain structures first: every field of its
//! documented type, no field unknown or given twice, boxes, units and candidates by their
//! documented spelling, each error located by its path and its line and column (`raw`, by a
//! small JSON reader of its own, `reader`, which holds nothing it skips; each object's fields
//! are named by an enum, `fields`). Then the meaning is checked, in the order of the trace's
//! fields: the header (`header`: the format, the variant, the puzzle and its topology, the
//! strategies, the topology's units, the initial grid), the steps in one forward replay
//! (`replay`: every step's kind and evidence, its place in the search tree, every change's
//! `before` against the replayed state, `eliminate` and `only_choice` against the topology's
//! houses, exclusions and cages, `justify`;
//! a backtrack's contradiction by `contradiction`), the outcome against the final state
//! (`outcome`), and the stats against the steps (`stats`). The errors and their text are
//! `errors`.

use crate::registry::REGISTRY;
use crate::trace::{Limit, Outcome, Trace};
use crate::Limits;
use errors::{format_error, too_many_steps, under, Fail};
use raw::RawTrace;

pub use claims::verify_claims;
pub use errors::{CheckError, CheckKind};
pub use forcing::check_forcing;
pub use text::{read_text, text_of};

mod chain;
mod claims;
mod contradiction;
pub(crate) mod errors;
mod fields;
mod forcing;
mod header;
mod initial;
mod justify;
mod killer;
mod outcome;
mod raw;
pub(crate) mod reader;
mod replay;
mod stats;
mod text;

/// The trace format this writes and reads: 4 (a chain's node may be a group, a chain may be a
/// loop; a trace may carry its `puzzle`: regions and constraints). Format 3 is read too (chains
/// of single boxes, open; no puzzle).
pub const FORMAT: u32 = 4;
/// The oldest format this reads: 2, format 3 without chains.
pub const FIRST_FORMAT: u32 = 2;

/// What a trace may hold at most. A file over `max_bytes` is refused before it is read (the
/// wasm facade checks a `File`'s size before loading it); `max_steps` bounds the steps, and so
/// the changes (a step changes a box at most once, 81 at most).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckLimits {
    pub max_bytes: u64,
    pub max_steps: usize,
}

impl CheckLimits {
    /// Bytes allowed per step of the step cap, and on top of that for the rest of a trace.
    /// `propagate trace --pretty` writes at most about 790 bytes a step (pure search on
    /// Norvig's impossible puzzle and eliminate alone on top95's 4th, capped at 50,000 steps:
    /// 30.9 and 39.5 MB), compact JSON about half that.
    pub const BYTES_PER_STEP: u64 = 1024;
    pub const BYTES_BASE: u64 = 1 << 20;

    /// The caps for traces up to `limits`' step cap: that many steps, and
    /// [`Self::BYTES_PER_STEP`] bytes a step plus [`Self::BYTES_BASE`] (about 52 MB for the
    /// page's 50,000 steps, 513 MB for the core's default 500,000).
    pub fn for_limits(limits: &Limits) -> CheckLimits {
        let max_steps = limits.max(Limit::Steps);
        CheckLimits {
            max_bytes: max_steps
                .saturating_mul(Self::BYTES_PER_STEP)
                .saturating_add(Self::BYTES_BASE),
            max_steps: max_steps as usize,
        }
    }
}

impl Default for CheckLimits {
    /// What a solve under the core's default [`Limits`] can write.
    fn default() -> Self {
        CheckLimits::for_limits(&Limits::default())
    }
}

/// The size check alone: what the facade runs on a `File`'s size before reading it.
pub fn check_size(bytes: u64, limits: &CheckLimits) -> Result<(), CheckError> {
    if bytes > limits.max_bytes {
        return Err(*CheckError::new(
            CheckKind::TooLarge,
            format!(
                "the file is too large: {bytes} bytes (a trace is read up to {} bytes)",
                limits.max_bytes
            ),
        ));
    }
    Ok(())
}

/// Reads and checks a trace: the text's size, then its JSON, then its meaning (module doc).
pub fn check(text: &str, limits: &CheckLimits) -> Result<Trace, CheckError> {
    check_size(text.len() as u64, limits)?;
    let raw = read(text, limits).map_err(|e| *e)?;
    initial::no_empty_box(&raw.initial).map_err(|e| *e)?;
    validate(raw, limits).map_err(|e| *e)
}

/// The strategies a trace may name: the registry's ids, in ladder order.
#[inline(never)]
fn registry_ids() -> Vec<&'static str> {
    REGISTRY.iter().map(|info| info.id).collect()
}

/// Stage 1: the text into plain structures (`raw`). A field error there is a format error
/// when the text says it is of another format (format 1's steps have other fields).
#[inline(never)]
fn read<'a>(text: &'a str, limits: &CheckLimits) -> Result<RawTrace<'a>, Fail> {
    if raw::not_an_object(text) {
        return Err(CheckError::new(
            CheckKind::Field,
            "a trace is a JSON object ({\"format\": 3, ...})",
        ));
    }
    raw::trace(text, limits).map_err(|e| {
        if e.kind == CheckKind::Field {
            if let Some(f) = raw::format_of(text) {
                if !f.is_some_and(|f| (u64::from(FIRST_FORMAT)..=u64::from(FORMAT)).contains(&f)) {
                    return format_error(f);
                }
            }
        }
        e
    })
}

/// Stage 2: the meaning, in the order of the trace's fields (module doc).
#[inline(never)]
fn validate(raw: RawTrace, limits: &CheckLimits) -> Result<Trace, Fail> {
    let header = header::header(&raw)?;
    if raw.steps.len() > limits.max_steps {
        return Err(too_many_steps(raw.steps.len(), limits));
    }
    let end = replay::replay_steps(&raw.steps, &header)?;
    let outcome = outcome::outcome(&raw.outcome, &header, &end).map_err(|e| under("outcome", e))?;
    let steps_capped = matches!(
        outcome,
        Outcome::Capped {
            limit: Limit::Steps,
            ..
        }
    );
    let stats = stats::stats(&raw.stats, &end.found, &header.ids, steps_capped)?;
    Ok(Trace {
        format: FORMAT,
        variant: header.variant,
        puzzle: header.puzzle,
        strategies: header.strategies,
        units: Trace::units_of(&header.topo),
        initial: header.initial.to_vec(),
        steps: end.steps,
        changes: end.changes,
        chains: end.chains,
        chain_nodes: end.chain_nodes,
        forcing: end.forcing,
        outcome,
        stats,
    })
}
