//! The trace in the form that crosses into JavaScript fast: every step and every change as
//! numbers in flat arrays, and only the small rest of the trace (format, variant, strategies,
//! initial, outcome, stats; and apart, the units) as JSON text.
//!
//! A long trace is mostly steps and changes (a 50,000-step trace holds about 300,000 changes).
//! Built as JavaScript objects from wasm (serde-wasm-bindgen) and cloned from the worker to the
//! page, it cost about 15× the solve; written as JSON text by `serde_json` and parsed by the
//! page, still about 7× the solve, most of it the steps (e2e/bench-browser.js,
//! e2e/bench-handover.js). Packed, the worker transfers the arrays without a copy and the page
//! (`www/packed.js`, the one decoder) makes each step's object from its numbers and each step's
//! changes when they are read: the same trace, field for field, as `docs/trace-format.md`
//! describes.
//!
//! # The encoding
//!
//! - `json`: the trace as `serde_json` writes it, with `"units": []` and `"steps": []`.
//! - `units`: the trace's `units` as `serde_json` writes them: the same text for every trace of a
//!   variant, so the page parses it once per variant and gives each trace a copy (parsing it was
//!   most of the cost of the JSON on a short trace).
//! - `steps`: [`STEP_WORDS`] numbers per step (`u32`), step `k` at `k * STEP_WORDS`:
//!
//!   | word | holds |
//!   |---|---|
//!   | [`KIND`] | the kind: `0` eliminate, `1` only_choice, `2` naked_twins, `3` guess, and a backtrack by its contradiction: `4` empty_box, `5` no_place, `6` duplicate, `7` exhausted |
//!   | [`NODE`] | `node` |
//!   | [`DEPTH`] | `depth` |
//!   | [`PARENT`] | `parent` (guess, backtrack) |
//!   | [`BOX`] | a box, 0..81 (A1..I9): eliminate's `source`, only_choice's and guess's `box`, naked_twins' first twin; the contradiction's `box` (empty_box, exhausted) or first of `boxes` (duplicate) |
//!   | [`BOX2`] | the second box: naked_twins' second twin, duplicate's second box |
//!   | [`UNIT`] | a unit, as its index in the trace's `units`: only_choice, naked_twins, and the contradiction's `unit` (no_place, duplicate) |
//!   | [`DIGIT`] | a digit 1..9: eliminate, only_choice, guess, and the contradiction's `digit` (no_place, duplicate) |
//!   | [`DIGITS`] | a set of digits as a 9-bit mask (bit `d - 1` for digit `d`): naked_twins' `digits`, guess's `choices`, exhausted's `choices` |
//!
//!   A word a kind does not use is 0.
//! - the changes: change `j` (over all steps, in order) is box `boxes[j]` (0..81) going from
//!   candidates `before[j]` to `after[j]` (9-bit masks); the changes of step `k` are
//!   `ends[k - 1]..ends[k]` (from 0 for the first step).

use solver_core::trace::Reason;
use solver_core::{Contradiction, Digits, Trace};

/// Numbers per step in [`Packed::steps`].
pub const STEP_WORDS: usize = 9;
/// Where each field of a step sits among its [`STEP_WORDS`] numbers (the table above).
pub const KIND: usize = 0;
pub const NODE: usize = 1;
pub const DEPTH: usize = 2;
pub const PARENT: usize = 3;
pub const BOX: usize = 4;
pub const BOX2: usize = 5;
pub const UNIT: usize = 6;
pub const DIGIT: usize = 7;
pub const DIGITS: usize = 8;

/// A trace, packed (the encoding above).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    pub json: String,
    pub units: String,
    pub steps: Vec<u32>,
    pub boxes: Vec<u8>,
    pub before: Vec<u16>,
    pub after: Vec<u16>,
    pub ends: Vec<u32>,
}

fn mask(d: Digits) -> u32 {
    u32::from(d.bits())
}

/// The [`STEP_WORDS`] numbers of one step.
fn words(reason: &Reason, node: u32, depth: u32) -> [u32; STEP_WORDS] {
    let mut w = [0; STEP_WORDS];
    w[NODE] = node;
    w[DEPTH] = depth;
    match *reason {
        Reason::Eliminate { source, digit } => {
            w[KIND] = 0;
            w[BOX] = source.0.into();
            w[DIGIT] = digit.into();
        }
        Reason::OnlyChoice { unit, cell, digit } => {
            w[KIND] = 1;
            w[UNIT] = unit.0.into();
            w[BOX] = cell.0.into();
            w[DIGIT] = digit.into();
        }
        Reason::NakedTwins {
            unit,
            twins: [a, b],
            digits,
        } => {
            w[KIND] = 2;
            w[UNIT] = unit.0.into();
            w[BOX] = a.0.into();
            w[BOX2] = b.0.into();
            w[DIGITS] = mask(digits);
        }
        Reason::Guess {
            cell,
            digit,
            choices,
            parent,
        } => {
            w[KIND] = 3;
            w[BOX] = cell.0.into();
            w[DIGIT] = digit.into();
            w[DIGITS] = mask(choices);
            w[PARENT] = parent;
        }
        Reason::Backtrack {
            parent,
            contradiction,
        } => {
            w[PARENT] = parent;
            match contradiction {
                Contradiction::EmptyBox { cell } => {
                    w[KIND] = 4;
                    w[BOX] = cell.0.into();
                }
                Contradiction::NoPlace { unit, digit } => {
                    w[KIND] = 5;
                    w[UNIT] = unit.0.into();
                    w[DIGIT] = digit.into();
                }
                Contradiction::Duplicate {
                    unit,
                    digit,
                    boxes: [a, b],
                } => {
                    w[KIND] = 6;
                    w[UNIT] = unit.0.into();
                    w[DIGIT] = digit.into();
                    w[BOX] = a.0.into();
                    w[BOX2] = b.0.into();
                }
                Contradiction::Exhausted { cell, choices } => {
                    w[KIND] = 7;
                    w[BOX] = cell.0.into();
                    w[DIGITS] = mask(choices);
                }
            }
        }
    }
    w
}

/// Packs a trace (taking its steps and changes).
pub fn pack(mut trace: Trace) -> Packed {
    let changes = std::mem::take(&mut trace.changes);
    let boxes = changes.iter().map(|c| c.cell.0).collect();
    let before = changes.iter().map(|c| c.before.bits()).collect();
    let after = changes.iter().map(|c| c.after.bits()).collect();
    let all = std::mem::take(&mut trace.steps);
    let mut steps = Vec::with_capacity(all.len() * STEP_WORDS);
    let mut ends = Vec::with_capacity(all.len());
    for step in &all {
        steps.extend_from_slice(&words(&step.reason, step.node, step.depth));
        ends.push(step.changes.end);
    }
    let units = serde_json::to_string(trace.units).expect("units always serialize");
    trace.units = &[];
    let json = serde_json::to_string(&trace).expect("a trace always serializes");
    Packed {
        json,
        units,
        steps,
        boxes,
        before,
        after,
        ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver_core::{parse, solve_traced, Options, Outcome, Strategies, Variant};
    use std::collections::BTreeSet;
    use std::fmt::Write;

    fn box_name(b: u32) -> String {
        let b = b as u8;
        format!("{}", solver_core::Cell(b))
    }

    fn digits(m: u32) -> String {
        (1..=9u32)
            .filter(|d| m & 1 << (d - 1) != 0)
            .map(|d| d.to_string())
            .collect()
    }

    /// What www/packed.js does, in Rust and written out as JSON text: each step's fields in the
    /// order `serde_json` writes them, so the text must equal the trace's JSON byte for byte.
    fn unpack(p: &Packed) -> String {
        let units: Vec<String> = serde_json::from_str::<serde_json::Value>(&p.units)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["name"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(p.steps.len(), p.ends.len() * STEP_WORDS);
        assert_eq!(p.boxes.len(), p.before.len());
        assert_eq!(p.boxes.len(), p.after.len());
        assert_eq!(p.ends.last().map_or(0, |&e| e as usize), p.boxes.len());
        let mut out = String::new();
        let mut from = 0;
        for (k, w) in p.steps.chunks(STEP_WORDS).enumerate() {
            if k > 0 {
                out.push(',');
            }
            let (bx, bx2, digit) = (box_name(w[BOX]), box_name(w[BOX2]), w[DIGIT]);
            let unit = units[w[UNIT] as usize].as_str();
            let ds = digits(w[DIGITS]);
            let parent = w[PARENT];
            let reason = match w[KIND] {
                0 => format!(r#""kind":"eliminate","source":"{bx}","digit":{digit}"#),
                1 => {
                    format!(r#""kind":"only_choice","unit":"{unit}","box":"{bx}","digit":{digit}"#)
                }
                2 => format!(
                    r#""kind":"naked_twins","unit":"{unit}","twins":["{bx}","{bx2}"],"digits":"{ds}""#
                ),
                3 => format!(
                    r#""kind":"guess","box":"{bx}","digit":{digit},"choices":"{ds}","parent":{parent}"#
                ),
                4 => format!(
                    r#""kind":"backtrack","parent":{parent},"contradiction":{{"kind":"empty_box","box":"{bx}"}}"#
                ),
                5 => format!(
                    r#""kind":"backtrack","parent":{parent},"contradiction":{{"kind":"no_place","unit":"{unit}","digit":{digit}}}"#
                ),
                6 => format!(
                    r#""kind":"backtrack","parent":{parent},"contradiction":{{"kind":"duplicate","unit":"{unit}","digit":{digit},"boxes":["{bx}","{bx2}"]}}"#
                ),
                7 => format!(
                    r#""kind":"backtrack","parent":{parent},"contradiction":{{"kind":"exhausted","box":"{bx}","choices":"{ds}"}}"#
                ),
                other => panic!("step {k}: unknown kind {other}"),
            };
            write!(
                out,
                r#"{{{reason},"node":{},"depth":{},"changes":["#,
                w[NODE], w[DEPTH]
            )
            .unwrap();
            let end = p.ends[k] as usize;
            for j in from..end {
                if j > from {
                    out.push(',');
                }
                write!(
                    out,
                    r#"{{"box":"{}","before":"{}","after":"{}"}}"#,
                    box_name(p.boxes[j].into()),
                    digits(p.before[j].into()),
                    digits(p.after[j].into())
                )
                .unwrap();
            }
            out.push_str("]}");
            from = end;
        }
        let json = p
            .json
            .replacen(r#""units":[]"#, &format!(r#""units":{}"#, p.units), 1);
        let (head, tail) = json
            .split_once(r#""steps":[]"#)
            .expect("the rest holds \"steps\": []");
        format!(r#"{head}"steps":[{out}]{tail}"#)
    }

    const NO_TWINS: Strategies = Strategies {
        naked_twins: false,
        ..Strategies::ALL
    };
    const ELIMINATE: Strategies = Strategies {
        eliminate: true,
        only_choice: false,
        naked_twins: false,
    };
    const ONLY_CHOICE: Strategies = Strategies {
        eliminate: false,
        only_choice: true,
        naked_twins: false,
    };

    /// A solution with some boxes emptied: the easy grid's, and the diagonal example's.
    const SOLVED: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    const SOLVED_DIAGONAL: &str =
        "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

    fn opened(solution: &str, boxes: &[usize]) -> String {
        solution
            .char_indices()
            .map(|(i, c)| if boxes.contains(&i) { '.' } else { c })
            .collect()
    }

    /// Puzzles, options and caps that between them make every kind of step (each backtrack
    /// contradiction too), in both variants, solved, unsolvable and capped by either cap.
    type Case = (String, Variant, Strategies, u64, usize);

    fn cases() -> Vec<Case> {
        let top95_21 =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let hard =
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
        let diagonal =
            "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
        vec![
            (
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                    .into(),
                Variant::Standard,
                Strategies::ALL,
                10_000,
                20_000,
            ),
            (
                top95_21.into(),
                Variant::Standard,
                Strategies::ALL,
                200_000,
                50_000,
            ),
            (
                top95_21.into(),
                Variant::Standard,
                ELIMINATE,
                200_000,
                3_000,
            ),
            (
                top95_21.into(),
                Variant::Standard,
                ONLY_CHOICE,
                200_000,
                3_000,
            ),
            (hard.into(), Variant::Standard, ONLY_CHOICE, 200_000, 5_000),
            (hard.into(), Variant::Standard, NO_TWINS, 30, 50_000),
            (
                diagonal.into(),
                Variant::Diagonal,
                Strategies::ALL,
                200_000,
                50_000,
            ),
            (
                diagonal.into(),
                Variant::Diagonal,
                ONLY_CHOICE,
                200_000,
                5_000,
            ),
            (
                diagonal.into(),
                Variant::Diagonal,
                ELIMINATE,
                200_000,
                5_000,
            ),
            // The solution as candidates with A7 opened to 1 or 9, both taken by its peers.
            (
                SOLVED
                    .char_indices()
                    .map(|(i, c)| if i == 6 { "19".into() } else { c.to_string() })
                    .collect::<Vec<_>>()
                    .join(" "),
                Variant::Standard,
                Strategies::ALL,
                200_000,
                50_000,
            ),
            (
                opened(SOLVED, &[0, 1, 9, 10, 40, 41, 80]),
                Variant::Standard,
                Strategies::NONE,
                200_000,
                50_000,
            ),
            (
                opened(SOLVED_DIAGONAL, &[0, 10, 20, 30, 40, 50, 60, 70, 80]),
                Variant::Diagonal,
                Strategies::NONE,
                200_000,
                50_000,
            ),
            (
                ".".repeat(81),
                Variant::Standard,
                Strategies::NONE,
                5,
                50_000,
            ),
            (
                opened(SOLVED, &[0, 40]),
                Variant::Standard,
                Strategies::ALL,
                200_000,
                50_000,
            ),
            (
                opened(SOLVED_DIAGONAL, &[0, 40]),
                Variant::Diagonal,
                Strategies::ALL,
                200_000,
                50_000,
            ),
        ]
    }

    fn solve(case: &Case, cap_steps: usize) -> Trace {
        let (text, variant, strategies, max_nodes, max_steps) = case;
        let mut opts = Options {
            variant: *variant,
            strategies: *strategies,
            ..Options::default()
        };
        opts.limits.max_nodes = *max_nodes;
        opts.limits.max_steps = (*max_steps).min(cap_steps);
        solve_traced(&parse(text, *variant).unwrap(), &opts)
    }

    fn outcome(t: &Trace) -> String {
        let o = match &t.outcome {
            Outcome::Solved { .. } => "solved".to_string(),
            Outcome::NoSolution { .. } => "no_solution".to_string(),
            Outcome::Capped { limit, .. } => format!("capped by {limit:?}"),
            Outcome::Unsolved => "unsolved".to_string(),
        };
        format!("{:?} {o}", t.variant)
    }

    #[test]
    fn unpacking_gives_the_traces_json_byte_for_byte() {
        let mut kinds = BTreeSet::new();
        let mut outcomes = BTreeSet::new();
        for case in cases() {
            let trace = solve(&case, usize::MAX);
            let expected = serde_json::to_string(&trace).unwrap();
            let units = trace.units.len() as u32;
            outcomes.insert(outcome(&trace));
            let variant = format!("{:?}", trace.variant);
            let packed = pack(trace);
            for w in packed.steps.chunks(STEP_WORDS) {
                kinds.insert((variant.clone(), w[KIND]));
            }
            assert_eq!(unpack(&packed), expected, "{case:?}");
            // Every word is read: changing any one of a step's words changes the text.
            for slot in [NODE, DEPTH, PARENT, BOX, BOX2, UNIT, DIGIT, DIGITS] {
                let Some(k) =
                    (0..packed.ends.len()).find(|&k| packed.steps[k * STEP_WORDS + slot] != 0)
                else {
                    continue;
                };
                let mut wrong = packed.clone();
                let v = &mut wrong.steps[k * STEP_WORDS + slot];
                *v = match slot {
                    BOX | BOX2 => (*v + 1) % 81,
                    UNIT => (*v + 1) % units,
                    DIGIT => *v % 9 + 1,
                    _ => *v ^ 1,
                };
                assert_ne!(unpack(&wrong), expected, "word {slot} of step {k}");
            }
        }
        for variant in ["Standard", "Diagonal"] {
            for kind in 0..8 {
                assert!(
                    kinds.contains(&(variant.to_string(), kind)),
                    "no step of kind {kind} in {variant}"
                );
            }
        }
        let all = [
            "Diagonal capped by Steps",
            "Diagonal solved",
            "Standard capped by Nodes",
            "Standard capped by Steps",
            "Standard no_solution",
            "Standard solved",
        ];
        assert_eq!(outcomes, all.iter().map(|s| s.to_string()).collect());
    }

    /// The steps kept per case in the page's fixture (www/tests/fixtures/packed-cases.json).
    const FIXTURE_STEPS: usize = 60;

    /// The page's decoder (www/packed.js) is tested on these same cases, packed here: the
    /// fixture holds each case's packed arrays and its JSON, and must be what this code makes.
    /// After an intended change: `UPDATE_FIXTURES=1 cargo test -p solver-wasm`.
    #[test]
    fn the_pages_fixture_is_what_pack_makes() {
        let mut seen = BTreeSet::new();
        let mut out = String::from("[\n");
        for case in cases() {
            let trace = solve(&case, FIXTURE_STEPS);
            let json = serde_json::to_string(&trace).unwrap();
            let name = format!(
                "{} ({}, {:?})",
                outcome(&trace),
                case.0,
                trace.strategies.names()
            );
            let variant = format!("{:?}", trace.variant);
            let p = pack(trace);
            // Only the cases that add a kind of step or an outcome, to keep the file small.
            let mut new = seen.insert(name[..name.find(" (").unwrap()].to_string());
            for w in p.steps.chunks(STEP_WORDS) {
                new |= seen.insert(format!("{variant} {}", w[KIND]));
            }
            if !new {
                continue;
            }
            let packed = serde_json::json!({
                "json": p.json, "units": p.units, "steps": p.steps, "boxes": p.boxes, "before": p.before,
                "after": p.after, "ends": p.ends,
            });
            let entry = serde_json::json!({ "name": name, "packed": packed, "trace": json });
            if out.len() > 2 {
                out.push_str(",\n");
            }
            out.push_str(&serde_json::to_string(&entry).unwrap());
        }
        out.push_str("\n]\n");
        assert_eq!(
            seen.len(),
            16 + 6,
            "the fixture holds every kind of step in both variants, every outcome"
        );
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../www/tests/fixtures/packed-cases.json"
        );
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(path, &out).unwrap();
        }
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            on_disk == out,
            "{path} is stale: run UPDATE_FIXTURES=1 cargo test -p solver-wasm"
        );
    }
}
