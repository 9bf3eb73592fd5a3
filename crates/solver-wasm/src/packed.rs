//! The trace in the form that crosses into JavaScript fast: every step and every change as
//! numbers in flat arrays, and only the small rest of the trace (format, variant, strategies,
//! initial, outcome, stats; and apart, the units and the names of the kind codes) as JSON text. The worker
//! transfers the arrays without a copy; the page (`www/trace/packed.js`, the one decoder) makes each
//! step's object from its numbers and each step's changes when they are read: the same trace,
//! field for field, as `docs/trace-format.md` describes.
//!
//! # The encoding
//!
//! - `json`: the trace's JSON text with `"units": []` and `"steps": []` ([`Json::header`]).
//! - `units`: the trace's `units` as JSON text: the same text for every trace of a
//!   variant, so the page parses it once per variant and gives each trace a copy.
//! - `kinds`: the names of the kind codes, from the core's tables, as a JSON object (the same
//!   text for every trace, [`Json::kinds`]): `strategies`, the registry's ids in registry order
//!   (a strategy step's kind code is its position in it); `contradictions`, the backtracks'
//!   contradiction kinds in the order of `ContradictionKind::ALL` (a backtrack's code is
//!   [`BACKTRACK`] plus its position); `rules`, the stop rules in the order of `StopRule::ALL`
//!   (a stop's code is [`STOP`] plus its position). The page names a step's kind, contradiction
//!   and rule from these.
//! - `steps`: [`STEP_WORDS`] numbers per step (`u32`), step `k` at `k * STEP_WORDS`:
//!
//!   | word | holds |
//!   |---|---|
//!   | [`KIND`] | the kind: `0`..`63` a strategy step, by its registry position; [`GUESS`]; [`ASSIGN`]; a backtrack by its contradiction: [`BACKTRACK`] + `0` empty_box, `1` no_place, `2` duplicate, `3` exhausted, `4` clash, `5` cage_sum (the order of `kinds`' `contradictions`); a stop by its rule: [`STOP`] + `0` course, `1` fixpoint (of `kinds`' `rules`) |
//!   | [`NODE`] | `node` |
//!   | [`DEPTH`] | `depth` |
//!   | [`PARENT`] | `parent` (guess, backtrack); a stop's `rounds` |
//!   | [`BOX`] | a box, 0..81 (A1..I9): guess's `box`; the contradiction's `box` (empty_box, exhausted, cage_sum) or first of `boxes` (duplicate, clash) |
//!   | [`BOX2`] | duplicate's and clash's second box |
//!   | [`UNIT`] | the contradiction's `unit` (no_place, duplicate), as its index in the trace's `units` |
//!   | [`DIGIT`] | a digit 1..9: guess, and the contradiction's `digit` (no_place, duplicate, clash); a stop's `pending` (0 or 1) |
//!   | [`DIGITS`] | a set of digits as a 9-bit mask (bit `d - 1` for digit `d`): a strategy step's `digits`, guess's `choices`, exhausted's `choices`; a stop's `removed` (a count, not a mask) |
//!
//!   A strategy step with a sum (a killer step's evidence) has it in bits 0-15 of [`PARENT`]
//!   (a 45 rule step's `cage_total` in bits 16-30, bit 31 set for `side` outies) and its
//!   combinations (9-bit masks, at most 12) three a word in [`BOX`], [`BOX2`], [`UNIT`] and
//!   [`DIGIT`], at bits 0, 9 and 18 in order, a 0 mask ending them ([`COMBINATION_WORDS`]).
//!   A word a kind does not use is 0.
//! - a strategy step's evidence: its `units` (indexes in the trace's `units`) are
//!   `evidence_units[unit_ends[k - 1]..unit_ends[k]]` and its `boxes` (0..81)
//!   `evidence_boxes[box_ends[k - 1]..box_ends[k]]` (from 0 for the first step; other steps
//!   have none).
//! - a strategy step's chain (docs/trace-format.md, "Chains"): its nodes are
//!   `chain_nodes[chain_ends[k - 1]..chain_ends[k]]` (from 0 for the first step; a step without
//!   a chain has none), each node one number: bits 0-6 its box (0..81; a group's first box),
//!   bits 8-11 its digit (1..9), bits 12-13 the link to the next node ([`LINK_STRONG`],
//!   [`LINK_WEAK`]; 0 on the last node of an open chain, the closing link on a loop's), then
//!   for a group one number more per further box: [`GROUP_BOX`] with the box in bits 0-6.
//! - `forcing`: the forcing steps' branches as JSON text ([`Json::forcing`]): one entry per
//!   forcing step, `{"step", "conclude", "complexity", "chains"}`, the step's own fields as the
//!   trace's JSON has them (docs/trace-format.md, "Forcing steps"); `[]` for a trace without.
//! - the changes: change `j` (over all steps, in order) is box `boxes[j]` (0..81) going from
//!   candidates `before[j]` to `after[j]` (9-bit masks); the changes of step `k` are
//!   `ends[k - 1]..ends[k]` (from 0 for the first step).

use crate::json_text::Json;
use solver_core::trace::{ChainNode, Link, Reason, StopRule, MAX_STRATEGIES};
use solver_core::{Contradiction, ContradictionKind, Digits, Trace};

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

/// The words holding a strategy step's combinations, three 9-bit masks each.
pub const COMBINATION_WORDS: [usize; 4] = [BOX, BOX2, UNIT, DIGIT];

/// A chain node's link to the next node, in bits 12-13 of its number.
pub const LINK_STRONG: u16 = 1;
pub const LINK_WEAK: u16 = 2;

/// Bit 15: the number is a further box of the group of the node before it.
pub const GROUP_BOX: u16 = 1 << 15;

/// A chain node as numbers (the encoding above), pushed onto `out`.
pub fn chain_words(n: &ChainNode, out: &mut Vec<u16>) {
    let link = match n.next {
        None => 0,
        Some(Link::Strong) => LINK_STRONG,
        Some(Link::Weak) => LINK_WEAK,
    };
    out.push(u16::from(n.cell().0) | u16::from(n.digit) << 8 | link << 12);
    out.extend(n.boxes()[1..].iter().map(|c| GROUP_BOX | u16::from(c.0)));
}

/// The kind codes after the strategies' positions.
pub const GUESS: u32 = MAX_STRATEGIES as u32;
pub const ASSIGN: u32 = GUESS + 1;
/// A backtrack's code is this plus its contradiction's kind's position in
/// `ContradictionKind::ALL`.
pub const BACKTRACK: u32 = GUESS + 2;
/// A stop's code is this plus its rule's position in `StopRule::ALL`.
pub const STOP: u32 = BACKTRACK + ContradictionKind::ALL.len() as u32;

/// A trace, packed (the encoding above).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    pub json: String,
    pub units: String,
    pub kinds: String,
    pub steps: Vec<u32>,
    pub evidence_units: Vec<u8>,
    pub unit_ends: Vec<u32>,
    pub evidence_boxes: Vec<u8>,
    pub box_ends: Vec<u32>,
    pub chain_nodes: Vec<u16>,
    pub chain_ends: Vec<u32>,
    pub forcing: String,
    pub boxes: Vec<u8>,
    pub before: Vec<u16>,
    pub after: Vec<u16>,
    pub ends: Vec<u32>,
}

fn mask(d: Digits) -> u32 {
    u32::from(d.bits())
}

/// The `kinds` text.
pub fn kinds() -> String {
    let mut j = Json::new();
    j.kinds();
    j.finish()
}

/// A contradiction kind's position in `ContradictionKind::ALL`.
fn contradiction_code(kind: ContradictionKind) -> u32 {
    ContradictionKind::ALL
        .iter()
        .position(|&k| k == kind)
        .expect("ALL holds every kind") as u32
}

/// A rule's position in `StopRule::ALL`.
fn rule_code(rule: StopRule) -> u32 {
    StopRule::ALL
        .iter()
        .position(|&r| r == rule)
        .expect("ALL holds every rule") as u32
}

/// The [`STEP_WORDS`] numbers of one step.
fn words(reason: &Reason, node: u32, depth: u32) -> [u32; STEP_WORDS] {
    let mut w = [0; STEP_WORDS];
    w[NODE] = node;
    w[DEPTH] = depth;
    match *reason {
        Reason::Strategy { position, evidence } => {
            w[KIND] = position.into();
            w[DIGITS] = mask(evidence.digits());
            if let Some(sum) = evidence.sum() {
                w[PARENT] = sum.into();
                if let Some(cages) = evidence.cages() {
                    w[PARENT] |= u32::from(cages.sum) << 16 | u32::from(cages.outies) << 31;
                }
                for (k, c) in evidence.combinations().iter().enumerate() {
                    w[COMBINATION_WORDS[k / 3]] |= mask(*c) << (9 * (k % 3));
                }
            }
        }
        Reason::Guess {
            cell,
            digit,
            choices,
            parent,
        } => {
            w[KIND] = GUESS;
            w[BOX] = cell.0.into();
            w[DIGIT] = digit.into();
            w[DIGITS] = mask(choices);
            w[PARENT] = parent;
        }
        Reason::Assign => w[KIND] = ASSIGN,
        Reason::Stop {
            rule,
            rounds,
            removed,
            pending,
        } => {
            w[KIND] = STOP + rule_code(rule);
            w[PARENT] = rounds;
            w[DIGITS] = removed;
            w[DIGIT] = pending.into();
        }
        Reason::Backtrack {
            parent,
            contradiction,
        } => {
            w[PARENT] = parent;
            w[KIND] = BACKTRACK + contradiction_code(contradiction.kind());
            match contradiction {
                Contradiction::EmptyBox { cell } => {
                    w[BOX] = cell.0.into();
                }
                Contradiction::NoPlace { unit, digit } => {
                    w[UNIT] = unit.0.into();
                    w[DIGIT] = digit.into();
                }
                Contradiction::Duplicate {
                    unit,
                    digit,
                    boxes: [a, b],
                } => {
                    w[UNIT] = unit.0.into();
                    w[DIGIT] = digit.into();
                    w[BOX] = a.0.into();
                    w[BOX2] = b.0.into();
                }
                Contradiction::Exhausted { cell, choices } => {
                    w[BOX] = cell.0.into();
                    w[DIGITS] = mask(choices);
                }
                Contradiction::Clash {
                    digit,
                    boxes: [a, b],
                } => {
                    w[DIGIT] = digit.into();
                    w[BOX] = a.0.into();
                    w[BOX2] = b.0.into();
                }
                Contradiction::CageSum { cell } => {
                    w[BOX] = cell.0.into();
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
    let (mut evidence_units, mut unit_ends) = (Vec::new(), Vec::with_capacity(all.len()));
    let (mut evidence_boxes, mut box_ends) = (Vec::new(), Vec::with_capacity(all.len()));
    let (mut chain_nodes, mut chain_ends) = (Vec::new(), Vec::with_capacity(all.len()));
    for (k, step) in all.iter().enumerate() {
        steps.extend_from_slice(&words(&step.reason, step.node, step.depth));
        ends.push(step.changes.end);
        if let Reason::Strategy { evidence, .. } = &step.reason {
            evidence_units.extend(evidence.units().iter().map(|u| u.0));
            evidence_boxes.extend(evidence.boxes().iter().map(|c| c.0));
        }
        unit_ends.push(evidence_units.len() as u32);
        box_ends.push(evidence_boxes.len() as u32);
        if let Some(chain) = trace.chain_of(k) {
            for n in chain {
                chain_words(n, &mut chain_nodes);
            }
        }
        chain_ends.push(chain_nodes.len() as u32);
    }
    let mut units = Json::new();
    units.units(&trace.units);
    let mut json = Json::new();
    json.header(&trace);
    let mut forcing = Json::new();
    forcing.forcing(&trace);
    Packed {
        json: json.finish(),
        units: units.finish(),
        kinds: kinds(),
        steps,
        evidence_units,
        unit_ends,
        evidence_boxes,
        box_ends,
        chain_nodes,
        chain_ends,
        forcing: forcing.finish(),
        boxes,
        before,
        after,
        ends,
    }
}

// With the `full` feature only: the cases solve with every strategy (solver-core's `ladder`), and
// they write the page's fixtures.
#[cfg(all(test, feature = "full"))]
mod tests {
    use super::*;
    use solver_core::trace::Step;
    use solver_core::{
        compare_strategies, parse, solve_traced, Options, Outcome, StrategySet, Variant, REGISTRY,
    };
    use std::collections::BTreeSet;

    fn set(names: &str) -> StrategySet {
        StrategySet::parse_list(names).unwrap()
    }

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
    type Case = (String, Variant, StrategySet, u64, usize);

    /// The technique table of solver-core's tests: one row per registry strategy, each with its
    /// hand-worked candidate grids and the steps they make in each variant. Only the grids are
    /// read here (the shapes and the cases' names are for solver-core's checks).
    #[allow(dead_code)]
    mod table {
        include!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../solver-core/tests/techniques/table.rs"
        ));
    }

    /// For each strategy of the technique table, in each variant, its first case that makes
    /// steps there (and no contradiction), with that strategy alone and two nodes of search.
    fn technique_cases() -> Vec<Case> {
        let mut out = Vec::new();
        for row in table::TABLE {
            let set = StrategySet::NONE.with(solver_core::registry::position(row.id).unwrap());
            // A uniqueness strategy steps only where the verdict engine, asked within the
            // solve's node cap, finds one solution: its cases need 3 nodes for that.
            let nodes = if set.bits() & StrategySet::UNIQUENESS.bits() != 0 {
                3
            } else {
                2
            };
            for variant in [Variant::Standard, Variant::Diagonal] {
                let diagonal = variant == Variant::Diagonal;
                let first = row
                    .cases
                    .iter()
                    .find(|c| c.end.is_none() && !c.steps(diagonal).is_empty());
                if let Some(case) = first {
                    out.push((case.text(), variant, set, nodes, 50_000));
                }
            }
        }
        out
    }

    fn cases() -> Vec<Case> {
        let top95_21 =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let hard =
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
        let diagonal =
            "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
        let mut cases = vec![
            (
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                    .into(),
                Variant::Standard,
                StrategySet::COURSE,
                10_000,
                20_000,
            ),
            (
                top95_21.into(),
                Variant::Standard,
                StrategySet::COURSE,
                200_000,
                50_000,
            ),
            (
                top95_21.into(),
                Variant::Standard,
                set("eliminate"),
                200_000,
                3_000,
            ),
            (
                top95_21.into(),
                Variant::Standard,
                set("only_choice,no_place"),
                200_000,
                3_000,
            ),
            (
                hard.into(),
                Variant::Standard,
                set("only_choice,no_place"),
                200_000,
                5_000,
            ),
            (
                hard.into(),
                Variant::Standard,
                set("eliminate,only_choice"),
                30,
                50_000,
            ),
            (
                diagonal.into(),
                Variant::Diagonal,
                StrategySet::COURSE,
                200_000,
                50_000,
            ),
            (
                diagonal.into(),
                Variant::Diagonal,
                set("only_choice,no_place"),
                200_000,
                5_000,
            ),
            (
                diagonal.into(),
                Variant::Diagonal,
                set("eliminate"),
                200_000,
                5_000,
            ),
            // The whole ladder, for the steps of the rungs past the course's.
            (
                top95_21.into(),
                Variant::Standard,
                StrategySet::ALL,
                200_000,
                50_000,
            ),
            (
                hard.into(),
                Variant::Standard,
                StrategySet::ALL,
                200_000,
                50_000,
            ),
            (
                diagonal.into(),
                Variant::Diagonal,
                StrategySet::ALL,
                200_000,
                50_000,
            ),
            // The solution as candidates with A7 opened to 1 or 9, both taken by its peers.
            (
                SOLVED
                    .char_indices()
                    .map(|(i, c)| if i == 6 { "19".into() } else { c.to_string() })
                    .collect::<Vec<_>>()
                    .join(" "),
                Variant::Standard,
                StrategySet::COURSE,
                200_000,
                50_000,
            ),
            (
                opened(SOLVED, &[0, 1, 9, 10, 40, 41, 80]),
                Variant::Standard,
                StrategySet::NONE,
                200_000,
                50_000,
            ),
            (
                opened(SOLVED_DIAGONAL, &[0, 10, 20, 30, 40, 50, 60, 70, 80]),
                Variant::Diagonal,
                StrategySet::NONE,
                200_000,
                50_000,
            ),
            (
                ".".repeat(81),
                Variant::Standard,
                StrategySet::NONE,
                5,
                50_000,
            ),
            (
                opened(SOLVED, &[0, 40]),
                Variant::Standard,
                StrategySet::COURSE,
                200_000,
                50_000,
            ),
            (
                opened(SOLVED_DIAGONAL, &[0, 40]),
                Variant::Diagonal,
                StrategySet::COURSE,
                200_000,
                50_000,
            ),
        ];
        cases.extend(technique_cases());
        cases
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

    /// The arrays fit together, and hold what the trace holds: every step's kind, words and
    /// evidence, every change. (The page's decoder turns them back into the trace's JSON byte for
    /// byte: www/tests/trace/packed.test.js, on the fixture below.)
    #[test]
    fn the_arrays_hold_every_step_and_change() {
        let mut kinds = BTreeSet::new();
        let mut chains = 0;
        let mut outcomes = BTreeSet::new();
        for case in cases() {
            let trace = solve(&case, usize::MAX);
            outcomes.insert(outcome(&trace));
            let variant = format!("{:?}", trace.variant);
            let copy = trace.clone();
            let p = pack(trace);
            let n = copy.steps.len();
            assert_eq!(p.steps.len(), n * STEP_WORDS);
            assert_eq!(
                (p.ends.len(), p.unit_ends.len(), p.box_ends.len()),
                (n, n, n)
            );
            assert_eq!(p.ends.last().map_or(0, |&e| e as usize), p.boxes.len());
            assert_eq!(
                p.unit_ends.last().map_or(0, |&e| e as usize),
                p.evidence_units.len()
            );
            assert_eq!(
                p.box_ends.last().map_or(0, |&e| e as usize),
                p.evidence_boxes.len()
            );
            assert_eq!(p.chain_ends.len(), n);
            assert_eq!(
                p.chain_ends.last().map_or(0, |&e| e as usize),
                p.chain_nodes.len()
            );
            let (mut u, mut b, mut ch) = (0, 0, 0);
            for (k, step) in copy.steps.iter().enumerate() {
                let w = &p.steps[k * STEP_WORDS..(k + 1) * STEP_WORDS];
                kinds.insert((variant.clone(), w[KIND]));
                assert_eq!((w[NODE], w[DEPTH]), (step.node, step.depth));
                let units = &p.evidence_units[u..p.unit_ends[k] as usize];
                let boxes = &p.evidence_boxes[b..p.box_ends[k] as usize];
                (u, b) = (p.unit_ends[k] as usize, p.box_ends[k] as usize);
                let chain = &p.chain_nodes[ch..p.chain_ends[k] as usize];
                ch = p.chain_ends[k] as usize;
                let mut want: Vec<u16> = Vec::new();
                for n in copy.chain_of(k).unwrap_or_default() {
                    chain_words(n, &mut want);
                }
                assert_eq!(chain, &want[..]);
                if !chain.is_empty() {
                    chains += 1;
                }
                match step.reason {
                    Reason::Strategy { position, evidence } => {
                        assert_eq!(w[KIND], u32::from(position));
                        assert!(w[KIND] < GUESS);
                        let want: Vec<u8> = evidence.units().iter().map(|x| x.0).collect();
                        assert_eq!(units, &want[..]);
                        let want: Vec<u8> = evidence.boxes().iter().map(|x| x.0).collect();
                        assert_eq!(boxes, &want[..]);
                        assert_eq!(w[DIGITS], mask(evidence.digits()));
                    }
                    _ => assert!(units.is_empty() && boxes.is_empty() && w[KIND] >= GUESS),
                }
                let from = if k == 0 { 0 } else { p.ends[k - 1] };
                assert_eq!(from..p.ends[k], step.changes);
            }
            for (j, c) in copy.changes.iter().enumerate() {
                assert_eq!(
                    (p.boxes[j], p.before[j], p.after[j]),
                    (c.cell.0, c.before.bits(), c.after.bits())
                );
            }
        }
        assert!(chains > 0, "no case makes a chain");
        let codes = stepping().chain([GUESS]).chain(BACKTRACK..BACKTRACK + 4);
        for variant in ["Standard", "Diagonal"] {
            for kind in codes.clone() {
                assert!(
                    kinds.contains(&(variant.to_string(), kind)),
                    "no step of kind {kind} in {variant}"
                );
            }
        }
        let all = [
            "Diagonal capped by Nodes",
            "Diagonal capped by Steps",
            "Diagonal solved",
            "Standard capped by Nodes",
            "Standard capped by Steps",
            "Standard no_solution",
            "Standard solved",
        ];
        assert_eq!(outcomes, all.iter().map(|s| s.to_string()).collect());
    }

    /// The kind codes of the strategies that make steps on the classic grids of the cases:
    /// `no_place` only reports a contradiction (a backtrack's), `cage_combinations` and
    /// `rule_of_45` step on killer cages only.
    fn stepping() -> impl Iterator<Item = u32> + Clone {
        (0..REGISTRY.len() as u32).filter(|&i| {
            !matches!(
                REGISTRY[i as usize].id,
                "no_place" | "cage_combinations" | "rule_of_45"
            )
        })
    }

    /// The steps kept per case in the page's fixture (www/tests/fixtures/packed-cases.json).
    const FIXTURE_STEPS: usize = 60;

    /// The page's decoder (www/trace/packed.js) is tested on these same cases, packed here: the
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
                "json": p.json, "units": p.units, "kinds": p.kinds, "steps": p.steps,
                "evidenceUnits": p.evidence_units, "unitEnds": p.unit_ends,
                "evidenceBoxes": p.evidence_boxes, "boxEnds": p.box_ends,
                "chainNodes": p.chain_nodes, "chainEnds": p.chain_ends, "forcing": p.forcing,
                "boxes": p.boxes, "before": p.before, "after": p.after, "ends": p.ends,
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
            // Per variant: the strategies' steps, guess, the four backtracks, the two stops.
            2 * (stepping().count() + 1 + 4 + 2) + 7,
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

    fn written(f: impl FnOnce(&mut Json)) -> String {
        let mut j = Json::new();
        f(&mut j);
        j.finish()
    }

    /// The names of the kind codes, as serde_json writes the core's tables.
    #[derive(serde::Serialize)]
    struct Kinds {
        strategies: Vec<&'static str>,
        contradictions: Vec<&'static str>,
        rules: Vec<&'static str>,
    }

    /// The packed texts are serde_json's, byte for byte: the header (the trace without units and
    /// steps) of every case (every outcome, both variants) and of a learner's trace (`assign`
    /// steps, `unsolved`), the units, and the kinds' names. (The steps are numbers; the page's
    /// decoder turns them back into serde_json's text of the whole trace: the fixture above.)
    #[test]
    fn the_json_texts_are_what_serde_json_writes() {
        let kinds = Kinds {
            strategies: REGISTRY.iter().map(|s| s.id).collect(),
            contradictions: ContradictionKind::ALL.map(ContradictionKind::name).to_vec(),
            rules: StopRule::ALL.map(StopRule::name).to_vec(),
        };
        let header = |t: &Trace| {
            let mut rest = t.clone();
            rest.units = std::borrow::Cow::Borrowed(&[]);
            rest.steps.clear();
            serde_json::to_string(&rest).unwrap()
        };
        for case in cases() {
            let trace = solve(&case, usize::MAX);
            let (units, want) = (serde_json::to_string(&trace.units).unwrap(), header(&trace));
            let p = pack(trace);
            assert_eq!(p.json, want, "{}", case.0);
            assert_eq!(p.units, units);
            assert_eq!(p.kinds, serde_json::to_string(&kinds).unwrap());
        }
        let mut learner = solve(&cases()[0], usize::MAX);
        learner.steps.push(Step {
            reason: Reason::Assign,
            node: 0,
            depth: 0,
            changes: 0..1,
        });
        learner.outcome = Outcome::Unsolved;
        assert_eq!(written(|j| j.header(&learner)), header(&learner));
    }

    /// The forcing steps' text is the trace JSON's fields of those steps: a puzzle of the
    /// hardest set that the forcing rungs solve.
    #[test]
    fn the_forcing_text_is_the_forcing_steps_fields() {
        let grid = solver_core::parse(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            solver_core::Variant::Standard,
        )
        .unwrap();
        let opts = solver_core::Options {
            strategies: solver_core::StrategySet::ALL,
            ..solver_core::Options::default()
        };
        let trace = solver_core::search::solve_traced(&grid, &opts);
        let full: serde_json::Value = serde_json::to_value(&trace).unwrap();
        let mut want = Vec::new();
        for (k, step) in full["steps"].as_array().unwrap().iter().enumerate() {
            if step.get("chains").is_some() {
                want.push(serde_json::json!({
                    "step": k, "conclude": step["conclude"], "complexity": step["complexity"],
                    "chains": step["chains"],
                }));
            }
        }
        assert!(want.len() > 10, "{} forcing steps", want.len());
        let p = pack(trace);
        let got: serde_json::Value = serde_json::from_str(&p.forcing).unwrap();
        assert_eq!(got, serde_json::Value::Array(want));
    }

    /// A backtrack's and a stop's codes follow the kinds' names: the code of each contradiction
    /// kind and rule is its position in the list the page reads its name from.
    #[test]
    fn the_codes_follow_the_order_of_the_names() {
        let k: serde_json::Value = serde_json::from_str(&kinds()).unwrap();
        for (i, kind) in ContradictionKind::ALL.into_iter().enumerate() {
            assert_eq!(contradiction_code(kind), i as u32);
            assert_eq!(k["contradictions"][i], kind.name());
        }
        for (i, rule) in StopRule::ALL.into_iter().enumerate() {
            assert_eq!(rule_code(rule), i as u32);
            assert_eq!(k["rules"][i], rule.name());
        }
        assert_eq!(
            STOP,
            BACKTRACK + k["contradictions"].as_array().unwrap().len() as u32
        );
        assert!(REGISTRY.len() as u32 <= GUESS);
    }

    #[test]
    fn the_ladders_comparison_is_what_serde_json_writes() {
        for (text, variant, _, max_nodes, _) in cases().iter().take(10) {
            let mut opts = Options {
                variant: *variant,
                ..Options::default()
            };
            opts.limits.max_nodes = *max_nodes;
            let rungs = compare_strategies(&parse(text, *variant).unwrap(), &opts);
            assert_eq!(
                written(|j| j.comparisons(&rungs)),
                serde_json::to_string(&rungs).unwrap()
            );
        }
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let all: String = (0u8..128).map(char::from).chain("é€😀".chars()).collect();
        for s in [all.as_str(), "", "a\"b", "\\", "x\u{1f}"] {
            assert_eq!(written(|j| j.str(s)), serde_json::to_string(s).unwrap());
        }
        for n in [0, 7, 10, 99, 12_345, u64::MAX] {
            assert_eq!(written(|j| j.num(n)), n.to_string());
        }
    }
}
