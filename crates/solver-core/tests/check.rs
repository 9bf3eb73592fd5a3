//! The trace validator (`solver_core::check`): every trace the solver writes reads back to the
//! same JSON, byte for byte; a learner's trace of `assign` steps reads; and each way a trace can
//! be wrong is refused with its kind, step, field and box. Hostile JSON is in bad_input.rs.

mod common;

use serde_json::{json, Value};
use solver_core::check::{check, CheckError, CheckKind, CheckLimits};
use solver_core::*;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// Needs search and backtracks (top95's first).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// A diagonal puzzle (the CLI's example).
const DIAGONAL: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
/// Norvig's puzzle with no solution, refuted only by search.
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

fn traced(puzzle: &str, variant: Variant, strategies: StrategySet, limits: Limits) -> Trace {
    let grid = parse(puzzle, variant).unwrap();
    solve_traced(
        &grid,
        &Options {
            variant,
            strategies,
            limits,
        },
    )
}

fn json_of(t: &Trace) -> String {
    serde_json::to_string(t).unwrap()
}

/// Checks `text` and asserts it reads back to the same JSON.
fn round_trip(text: &str) -> Trace {
    let t = check(text, &CheckLimits::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json_of(&t), text, "the checked trace writes the same JSON");
    t
}

fn refuse(v: &Value) -> CheckError {
    let text = serde_json::to_string(v).unwrap();
    let e = check(&text, &CheckLimits::default()).expect_err("the trace should be refused");
    let msg = e.to_string();
    assert!(
        !msg.contains('\n') && msg.len() < 300,
        "one short line: {msg:?}"
    );
    e
}

fn value(t: &Trace) -> Value {
    serde_json::to_value(t).unwrap()
}

fn cell(label: &str) -> Cell {
    Cell::from_label(label).unwrap()
}

// ---- what the solver writes reads back ------------------------------------------------------

#[test]
fn every_solver_trace_of_the_small_cases_reads_back_byte_for_byte() {
    // Sets without eliminate search long on these: capped, their traces are still traces.
    let small = Limits {
        max_nodes: 3_000,
        max_steps: 20_000,
    };
    let empty = ".".repeat(81);
    for set in common::every_strategy_set() {
        for (puzzle, variant) in [
            (EASY, Variant::Standard),
            (HARD, Variant::Standard),
            (DIAGONAL, Variant::Diagonal),
            (empty.as_str(), Variant::Standard),
            (empty.as_str(), Variant::Diagonal),
        ] {
            let t = traced(puzzle, variant, set, small);
            let back = round_trip(&json_of(&t));
            assert_eq!(back.steps.len(), t.steps.len());
        }
    }
}

#[test]
fn top95_traces_read_back_under_the_course_strategies_and_with_eliminate_alone() {
    let small = Limits {
        max_nodes: 20_000,
        max_steps: 4_000,
    };
    for (i, p) in common::puzzles("top95.txt").iter().enumerate() {
        for set in [StrategySet::COURSE, StrategySet::first(1)] {
            let t = traced(p, Variant::Standard, set, small);
            let text = json_of(&t);
            let back = check(&text, &CheckLimits::default())
                .unwrap_or_else(|e| panic!("top95 line {}: {e}", i + 1));
            assert_eq!(json_of(&back), text, "top95 line {}", i + 1);
        }
    }
}

#[test]
fn no_solution_and_both_caps_read_back() {
    let t = traced(
        IMPOSSIBLE,
        Variant::Standard,
        StrategySet::COURSE,
        Limits {
            max_nodes: 200,
            max_steps: 500_000,
        },
    );
    assert!(matches!(
        t.outcome,
        Outcome::Capped {
            limit: Limit::Nodes,
            ..
        }
    ));
    round_trip(&json_of(&t));
    let t = traced(
        IMPOSSIBLE,
        Variant::Standard,
        StrategySet::COURSE,
        Limits {
            max_nodes: 10_000_000,
            max_steps: 3_000,
        },
    );
    assert!(matches!(
        t.outcome,
        Outcome::Capped {
            limit: Limit::Steps,
            ..
        }
    ));
    round_trip(&json_of(&t));
    // Givens that leave a box empty at the root: no solution without search.
    let grid = Grid::from_cells(std::array::from_fn(|i| match i {
        0 => Digits::single(1),
        1 => Digits::single(1),
        _ => Digits::ALL,
    }));
    let t = solve_traced(&grid, &Options::default());
    assert!(matches!(t.outcome, Outcome::NoSolution { .. }));
    round_trip(&json_of(&t));
}

#[test]
fn pretty_json_reads_too() {
    let t = traced(
        HARD,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    );
    let pretty = serde_json::to_string_pretty(&t).unwrap();
    let back = check(&pretty, &CheckLimits::default()).unwrap();
    assert_eq!(json_of(&back), json_of(&t));
}

// ---- a learner's trace of assign steps ------------------------------------------------------

/// The easy puzzle solved by a learner's code: one assign step per box, in A1..I9 order, as
/// `python/PySudoku.py` writes it (its own stats and outcome).
fn learner_trace(variant: Variant, up_to: usize) -> Value {
    let grid = parse(EASY, variant).unwrap();
    let mut steps = Vec::new();
    let mut state: Vec<String> = grid.fields();
    for (i, b) in EASY_SOLVED.chars().enumerate().take(up_to) {
        if state[i].len() > 1 {
            let box_name = Cell(i as u8).to_string();
            steps.push(json!({"kind": "assign", "node": 0, "depth": 0,
                "changes": [{"box": box_name, "before": state[i], "after": b.to_string()}]}));
            state[i] = b.to_string();
        }
    }
    let outcome = if up_to >= 81 {
        json!({"verdict": "solved", "solution": EASY_SOLVED, "solutions": 0})
    } else {
        json!({"verdict": "unsolved"})
    };
    let topo = Topology::of(variant);
    let units: Vec<Value> = topo
        .all_units()
        .map(|u| json!({"name": u.name(), "boxes": topo.unit(u).iter().map(|c| c.to_string()).collect::<Vec<_>>()}))
        .collect();
    let n = steps.len();
    json!({
        "format": 2,
        "variant": if variant == Variant::Diagonal { "diagonal" } else { "standard" },
        "strategies": [],
        "units": units,
        "initial": grid.fields(),
        "steps": steps,
        "outcome": outcome,
        "stats": {"nodes": 1, "guesses": 0, "backtracks": 0, "max_depth": 0, "steps": {"assign": n}},
    })
}

#[test]
fn a_learners_solved_run_reads_as_assign_steps() {
    let v = learner_trace(Variant::Standard, 81);
    let t = check(&v.to_string(), &CheckLimits::default()).unwrap();
    let givens = EASY.bytes().filter(|b| b.is_ascii_digit()).count();
    assert_eq!(t.steps.len(), 81 - givens);
    assert!(t.steps.iter().all(|s| s.reason == trace::Reason::Assign));
    assert_eq!(
        t.outcome,
        Outcome::Solved {
            solution: EASY_SOLVED.into(),
            solutions: 0
        }
    );
    // Its JSON again: the steps as they were (the stats keyed by the registry's ids).
    let back = value(&t);
    assert_eq!(back["steps"], v["steps"]);
    assert_eq!(back["outcome"], v["outcome"]);
}

#[test]
fn a_learners_unfinished_run_is_unsolved_and_unsolved_is_checked() {
    let v = learner_trace(Variant::Standard, 40);
    let t = check(&v.to_string(), &CheckLimits::default()).unwrap();
    assert_eq!(t.outcome, Outcome::Unsolved);
    // A finished run called unsolved is refused.
    let mut v = learner_trace(Variant::Standard, 81);
    v["outcome"] = json!({"verdict": "unsolved"});
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (CheckKind::Replay, Some("outcome.verdict"))
    );
    // So is unsolved on the solver's steps.
    let mut v = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ));
    v["outcome"] = json!({"verdict": "unsolved"});
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("outcome.verdict"));
    assert!(e.to_string().contains("assign"), "{e}");
}

#[test]
fn a_solved_verdict_must_be_a_solution_of_the_initial_grid() {
    // The learner's code overwrote a given: A3 is given 3; it becomes 4, and the replay still
    // ends on a complete grid, but not one of this puzzle.
    let mut v = learner_trace(Variant::Standard, 81);
    let steps = v["steps"].as_array_mut().unwrap();
    steps.push(json!({"kind": "assign", "node": 0, "depth": 0,
        "changes": [{"box": "A3", "before": "3", "after": "4"}]}));
    v["stats"]["steps"]["assign"] = json!(steps.len());
    v["outcome"]["solution"] = json!(EASY_SOLVED.replacen("483", "484", 1));
    let e = refuse(&v);
    assert_eq!(e.kind, CheckKind::Replay);
    assert_eq!(e.field.as_deref(), Some("outcome.solution"));
    assert!(e.to_string().contains("is not a solution"), "{e}");
}

// ---- each way to be wrong -------------------------------------------------------------------

fn hard() -> Value {
    value(&traced(
        HARD,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ))
}

/// The index of the first step of `kind`.
fn first(v: &Value, kind: &str) -> usize {
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["kind"] == kind)
        .unwrap_or_else(|| panic!("a {kind} step"))
}

#[test]
fn a_before_that_is_not_the_replayed_state_names_step_field_and_box() {
    let mut v = hard();
    let k = first(&v, "only_choice");
    let ch = &mut v["steps"][k]["changes"][0];
    let b = ch["box"].as_str().unwrap().to_string();
    let real = ch["before"].as_str().unwrap().to_string();
    ch["before"] = json!("123456789");
    assert_ne!(real, "123456789");
    let e = refuse(&v);
    assert_eq!(e.kind, CheckKind::Replay);
    assert_eq!(e.step, Some(k));
    assert_eq!(e.field.as_deref(), Some("changes[0].before"));
    assert_eq!(e.cell, Some(cell(&b)));
    let msg = e.to_string();
    assert!(
        msg.starts_with(&format!("steps[{k}].changes[0].before (box {b}): ")),
        "{msg}"
    );
    assert!(msg.contains(&format!("\"{real}\"")), "{msg}");
}

#[test]
fn a_dropped_step_breaks_the_replay_of_the_next_that_touches_its_boxes() {
    let mut v = hard();
    v["steps"].as_array_mut().unwrap().remove(0);
    let e = refuse(&v);
    assert_eq!(e.kind, CheckKind::Replay);
    assert!(e.step.is_some() && e.cell.is_some(), "{e}");
}

#[test]
fn a_box_twice_in_a_step_is_refused() {
    let mut v = hard();
    let k = first(&v, "eliminate");
    let changes = v["steps"][k]["changes"].as_array_mut().unwrap();
    let again = changes[0].clone();
    changes.push(again);
    let e = refuse(&v);
    assert_eq!((e.kind, e.step), (CheckKind::Field, Some(k)));
    assert!(e.field.as_deref().unwrap().ends_with(".box"), "{e}");
    assert!(e.to_string().contains("at most once"), "{e}");
}

#[test]
fn kinds_outside_the_registry_or_the_traces_strategies_are_refused() {
    let mut v = hard();
    v["steps"][3]["kind"] = json!("hidden_single");
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.step, e.field.as_deref()),
        (CheckKind::Field, Some(3), Some("kind"))
    );
    assert!(
        e.to_string().contains("eliminate, only_choice, no_place"),
        "{e}"
    );
    let mut v = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::first(2),
        Limits::default(),
    ));
    v["strategies"] = json!(["eliminate"]);
    let k = first(&v, "only_choice");
    let e = refuse(&v);
    assert_eq!((e.step, e.field.as_deref()), (Some(k), Some("kind")));
    let mut v = hard();
    v["strategies"] = json!(["only_choice", "eliminate", "naked_twins"]);
    assert_eq!(refuse(&v).field.as_deref(), Some("strategies[1]"));
    v["strategies"] = json!(["eliminate", "eliminate"]);
    assert_eq!(refuse(&v).field.as_deref(), Some("strategies[1]"));
}

#[test]
fn evidence_fields_are_checked_per_kind() {
    let mut v = hard();
    let k = first(&v, "eliminate");
    v["steps"][k].as_object_mut().unwrap().remove("digits");
    let e = refuse(&v);
    assert_eq!((e.step, e.field.as_deref()), (Some(k), Some("digits")));
    assert!(e.to_string().contains("missing"), "{e}");
    let mut v = hard();
    v["steps"][k]["parent"] = json!(0);
    assert_eq!(refuse(&v).field.as_deref(), Some("parent"));
    let mut v = hard();
    v["steps"][k]["units"] = json!(["row A", "diagonal A1-I9"]);
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("units[1]"));
    assert!(e.to_string().contains("standard"), "{e}");
    let mut v = hard();
    v["steps"][k]["units"] = json!(["row J"]);
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (CheckKind::Field, Some("units[0]"))
    );
    let mut v = hard();
    v["steps"][k]["boxes"] = json!(vec!["A1"; 17]);
    assert_eq!(refuse(&v).field.as_deref(), Some("boxes"));
    let mut v = hard();
    v["steps"][k]["digits"] = json!("31");
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("digits"));
    assert!(e.to_string().contains("ascending"), "{e}");
    let mut v = hard();
    let g = first(&v, "guess");
    v["steps"][g]["units"] = json!([]);
    assert_eq!(refuse(&v).field.as_deref(), Some("units"));
}

#[test]
fn a_strategy_step_only_removes_candidates() {
    let mut v = hard();
    let (k, j) = (0..)
        .find_map(|k| {
            let step = &v["steps"][k];
            let j = step["changes"]
                .as_array()?
                .iter()
                .position(|c| c["before"] != "123456789")?;
            (step["kind"] == "eliminate").then_some((k, j))
        })
        .unwrap();
    v["steps"][k]["changes"][j]["after"] = json!("123456789");
    let e = refuse(&v);
    assert_eq!(e.field, Some(format!("changes[{j}].after")));
    assert!(e.to_string().contains("only removes"), "{e}");
}

#[test]
fn the_search_tree_is_checked() {
    let few_nodes = Limits {
        max_nodes: 50,
        max_steps: 500_000,
    };
    let v0 = value(&traced(
        IMPOSSIBLE,
        Variant::Standard,
        StrategySet::COURSE,
        few_nodes,
    ));
    let g = first(&v0, "guess");
    let mut v = v0.clone();
    v["steps"][g]["node"] = json!(7);
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.step, e.field.as_deref()),
        (CheckKind::Replay, Some(g), Some("node"))
    );
    let mut v = v0.clone();
    v["steps"][g]["parent"] = json!(3);
    assert_eq!(refuse(&v).field.as_deref(), Some("parent"));
    let mut v = v0.clone();
    v["steps"][g]["depth"] = json!(2);
    assert_eq!(refuse(&v).field.as_deref(), Some("depth"));
    let mut v = v0.clone();
    v["steps"][g]["choices"] = json!("123456789");
    assert_eq!(refuse(&v).field.as_deref(), Some("choices"));
    let mut v = v0.clone();
    v["steps"][0]["node"] = json!(1);
    let e = refuse(&v);
    assert_eq!((e.step, e.field.as_deref()), (Some(0), Some("node")));
    let b = first(&v0, "backtrack");
    let mut v = v0.clone();
    v["steps"][b]["parent"] = json!(99);
    assert_eq!(refuse(&v).field.as_deref(), Some("parent"));
    // A backtrack that does not restore every box.
    let mut v = v0.clone();
    let changes = v["steps"][b]["changes"].as_array_mut().unwrap();
    assert!(changes.len() > 1);
    changes.pop();
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.step, e.field.as_deref()),
        (CheckKind::Replay, Some(b), Some("changes"))
    );
    assert!(e.cell.is_some());
    // A contradiction that does not hold where it is claimed.
    let mut v = v0.clone();
    v["steps"][b]["contradiction"] = json!({"kind": "empty_box", "box": "A1"});
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("contradiction.box"));
    assert_eq!(e.cell, Some(cell("A1")));
    // A backtrack at the root.
    let mut v = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ));
    v["steps"][0] = json!({"kind": "backtrack", "parent": 0,
        "contradiction": {"kind": "exhausted", "box": "A1", "choices": "12"},
        "node": 0, "depth": 0, "changes": v["steps"][0]["changes"].clone()});
    let e = refuse(&v);
    assert_eq!((e.kind, e.step), (CheckKind::Replay, Some(0)));
}

#[test]
fn units_initial_and_variant_are_the_variants() {
    let mut v = hard();
    v["units"][4]["name"] = json!("row F");
    let e = refuse(&v);
    assert_eq!((e.step, e.field.as_deref()), (None, Some("units[4].name")));
    assert!(e.to_string().contains("row E"), "{e}");
    let mut v = hard();
    v["units"][20]["boxes"][0] = json!("A1");
    assert_eq!(refuse(&v).field.as_deref(), Some("units[20].boxes"));
    let mut v = hard();
    v["variant"] = json!("diagonal");
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("units"));
    assert!(e.to_string().contains("29"), "{e}");
    v["variant"] = json!("samurai");
    assert_eq!(refuse(&v).field.as_deref(), Some("variant"));
    let mut v = hard();
    v["initial"].as_array_mut().unwrap().pop();
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("initial"));
    assert!(e.to_string().contains("80"), "{e}");
}

#[test]
fn outcome_and_stats_are_checked_against_the_replay() {
    let mut v = hard();
    let sol = v["outcome"]["solution"].as_str().unwrap().to_string();
    let other = if &sol[..1] == "1" { "2" } else { "1" };
    v["outcome"]["solution"] = json!(format!("{other}{}", &sol[1..]));
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.field.as_deref(), e.cell),
        (
            CheckKind::Replay,
            Some("outcome.solution"),
            Some(cell("A1"))
        )
    );
    let mut v = hard();
    v["outcome"]["solutions"] = json!(3);
    assert_eq!(refuse(&v).field.as_deref(), Some("outcome.solutions"));
    let mut v = hard();
    v["outcome"]["limit"] = json!("nodes");
    assert_eq!(refuse(&v).field.as_deref(), Some("outcome.limit"));
    let mut v = hard();
    v["outcome"] = json!({"verdict": "maybe"});
    assert_eq!(refuse(&v).field.as_deref(), Some("outcome.verdict"));
    let mut v = hard();
    let n = v["stats"]["steps"]["eliminate"].as_u64().unwrap();
    v["stats"]["steps"]["eliminate"] = json!(n + 1);
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (CheckKind::Replay, Some("stats.steps.eliminate"))
    );
    let mut v = hard();
    v["stats"]["guesses"] = json!(0);
    assert_eq!(refuse(&v).field.as_deref(), Some("stats.guesses"));
    let mut v = hard();
    v["stats"]["steps"]["not_a_strategy"] = json!(0);
    assert_eq!(
        refuse(&v).field.as_deref(),
        Some("stats.steps.not_a_strategy")
    );
}

#[test]
fn format_1_is_named_as_such() {
    let mut v = hard();
    v["format"] = json!(1);
    // A format-1 step: its own fields.
    v["steps"][0] = json!({"kind": "eliminate", "source": "A3", "digit": 3, "node": 0, "depth": 0, "changes": []});
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (CheckKind::Format, Some("format"))
    );
    assert!(e.to_string().contains("formats 2 to 4"), "{e}");
    let mut v = hard();
    v["format"] = json!(5);
    assert_eq!(refuse(&v).kind, CheckKind::Format);
}

#[test]
fn the_caps_refuse_before_reading() {
    let text = json_of(&traced(
        HARD,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ));
    let steps = serde_json::from_str::<Value>(&text).unwrap()["steps"]
        .as_array()
        .unwrap()
        .len();
    let e = check(
        &text,
        &CheckLimits {
            max_bytes: 1_000,
            max_steps: 500_000,
        },
    )
    .unwrap_err();
    assert_eq!(e.kind, CheckKind::TooLarge);
    assert!(e.to_string().contains(&text.len().to_string()), "{e}");
    let e = check(
        &text,
        &CheckLimits {
            max_bytes: 1 << 30,
            max_steps: steps - 1,
        },
    )
    .unwrap_err();
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (CheckKind::TooManySteps, Some("steps"))
    );
    assert!(check(
        &text,
        &CheckLimits {
            max_bytes: text.len() as u64,
            max_steps: steps
        }
    )
    .is_ok());
    assert_eq!(
        CheckLimits::for_limits(&Limits {
            max_nodes: 1,
            max_steps: 50_000
        })
        .max_steps,
        50_000
    );
}

// ---- fuzzing: edits of a valid trace ---------------------------------------------------------

mod fuzz {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// A trace with every step kind (guesses and backtracks), as JSON text and as a value.
    fn base() -> &'static (String, Value) {
        static BASE: OnceLock<(String, Value)> = OnceLock::new();
        BASE.get_or_init(|| {
            let t = traced(
                IMPOSSIBLE,
                Variant::Standard,
                StrategySet::COURSE,
                Limits {
                    max_nodes: 50,
                    max_steps: 500_000,
                },
            );
            (json_of(&t), value(&t))
        })
    }

    /// What `check` says of `text`: if it accepts, the trace it gives writes JSON it accepts
    /// again, unchanged; if it refuses, one short line. Never a panic.
    fn checks_cleanly(text: &str) -> Result<(), TestCaseError> {
        match check(text, &CheckLimits::default()) {
            Ok(t) => {
                let again = json_of(&t);
                let t2 = check(&again, &CheckLimits::default());
                prop_assert!(t2.is_ok(), "{:?}", t2.err());
                prop_assert_eq!(json_of(&t2.unwrap()), again);
            }
            Err(e) => {
                let msg = e.to_string();
                prop_assert!(!msg.contains('\n') && msg.len() < 400, "{}", msg);
            }
        }
        Ok(())
    }

    /// Any JSON value, small.
    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
            "[A-J]?[0-9]{0,2}|[1-9]{0,10}|row [A-J]|[a-z_]{0,12}".prop_map(Value::from),
        ];
        leaf.prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
                prop::collection::vec(("[a-z_]{1,8}", inner), 0..4)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    /// Every path to a value inside `v`, as JSON pointers.
    fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match v {
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    pointers(x, format!("{at}/{i}"), out);
                }
            }
            Value::Object(o) => {
                for (k, x) in o {
                    pointers(x, format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
    }

    fn all_pointers() -> &'static Vec<String> {
        static P: OnceLock<Vec<String>> = OnceLock::new();
        P.get_or_init(|| {
            let mut out = Vec::new();
            pointers(&base().1, String::new(), &mut out);
            out
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

        /// Any value put anywhere in a valid trace.
        #[test]
        fn any_value_anywhere_is_checked_without_panic(i in any::<prop::sample::Index>(), new in json_value()) {
            let mut v = base().1.clone();
            let ptr = i.get(all_pointers());
            if let Some(slot) = v.pointer_mut(ptr) {
                *slot = new;
            }
            checks_cleanly(&v.to_string())?;
        }

        /// Bytes of the text replaced, inserted or deleted.
        #[test]
        fn byte_edits_are_checked_without_panic(
            edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..6)
        ) {
            let mut bytes = base().0.clone().into_bytes();
            for (at, op, b) in edits {
                let i = at.index(bytes.len());
                match op {
                    0 => bytes[i] = b,
                    1 => bytes.insert(i, b),
                    _ => { bytes.remove(i); }
                }
            }
            checks_cleanly(&String::from_utf8_lossy(&bytes))?;
        }
    }

    #[test]
    fn the_base_trace_has_every_step_kind() {
        let kinds: std::collections::BTreeSet<&str> = base().1["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["kind"].as_str().unwrap())
            .collect();
        for k in ["eliminate", "only_choice", "guess", "backtrack"] {
            assert!(kinds.contains(k), "{kinds:?}");
        }
        round_trip(&base().0);
    }
}

// ---- hostile files: bounded time and memory whatever the shape --------------------------------

/// `check`'s error on `text`, which must come within `secs` seconds.
fn refused_in(text: &str, limits: &CheckLimits, secs: u64) -> CheckError {
    let t = std::time::Instant::now();
    let e = check(text, limits).expect_err("refused");
    assert!(t.elapsed().as_secs() < secs, "{:?} for {e}", t.elapsed());
    e
}

#[test]
fn a_format_of_any_size_is_skipped_not_held() {
    // 20 MB of array as the format: it is only skipped, never read into a JSON value (16 times
    // its size) to say which format it is.
    let text = format!("{{\"format\":[{}0]}}", "0,".repeat(10_000_000));
    let e = refused_in(&text, &CheckLimits::default(), 30);
    assert_eq!(e.kind, CheckKind::Format, "{e}");
    assert_eq!(
        e.to_string(),
        "format: is not a version number: this reads trace formats 2 to 4 (docs/trace-format.md)"
    );
}

#[test]
fn step_counts_past_the_kinds_are_refused_at_once() {
    // 200,000 distinct keys: refused at the first past the kinds of step, not compared
    // pairwise (which takes minutes at this size).
    let keys: Vec<String> = (0..200_000).map(|i| format!("\"k{i}\":0")).collect();
    let v = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ));
    let text = v.to_string();
    let stats_steps = serde_json::to_string(&v["stats"]["steps"]).unwrap();
    let text = text.replace(&stats_steps, &format!("{{{}}}", keys.join(",")));
    assert_ne!(text, v.to_string());
    let e = refused_in(&text, &CheckLimits::default(), 10);
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (CheckKind::Field, Some("stats.steps")),
        "{e}"
    );
    assert!(e.to_string().contains("one count too many"), "{e}");
}

#[test]
fn lists_of_fixed_length_are_read_up_to_their_bound() {
    let base = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ));
    for (field, item, n) in [
        ("strategies", json!(""), 1_000_000),
        ("units", json!({"name": "", "boxes": []}), 100_000),
        ("initial", json!(""), 1_000_000),
    ] {
        let mut v = base.clone();
        v[field] = Value::Array(vec![item; n]);
        let e = refused_in(&v.to_string(), &CheckLimits::default(), 10);
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (CheckKind::Field, Some(field)),
            "{e}"
        );
        assert!(e.to_string().contains("lists more than"), "{e}");
    }
}

#[test]
fn steps_past_the_cap_are_counted_not_held() {
    let v = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::COURSE,
        Limits::default(),
    ));
    let n = v["steps"].as_array().unwrap().len();
    for cap in [0, 1, n - 1] {
        let limits = CheckLimits {
            max_steps: cap,
            ..CheckLimits::default()
        };
        let e = check(&v.to_string(), &limits).expect_err("over the cap");
        assert_eq!(e.kind, CheckKind::TooManySteps);
        assert_eq!(
            e.to_string(),
            format!("steps: {n} steps: a trace is read up to {cap} steps")
        );
    }
    let limits = CheckLimits {
        max_steps: n,
        ..CheckLimits::default()
    };
    assert_eq!(check(&v.to_string(), &limits).unwrap().steps.len(), n);
}

// ---- stop steps ------------------------------------------------------------------------------

#[test]
fn stop_steps_are_checked() {
    let v = hard();
    let k = first(&v, "stop");
    assert_eq!(v["steps"][k]["rule"], "course");
    assert_eq!(v["steps"][k + 1]["kind"], "guess");
    let stops = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["kind"] == "stop")
        .count();
    assert_eq!(v["stats"]["stops"], json!(stops));

    let refused = |edit: &dyn Fn(&mut Value)| {
        let mut v = hard();
        edit(&mut v);
        let e = refuse(&v);
        (e.step, e.field)
    };
    let at = |field: &str| (Some(k), Some(field.to_string()));
    // The course's strategies stop by the course's rule.
    assert_eq!(
        refused(&|v| v["steps"][k]["rule"] = json!("fixpoint")),
        at("rule")
    );
    assert_eq!(
        refused(&|v| v["steps"][k]["rule"] = json!("whenever")),
        at("rule")
    );
    assert_eq!(
        refused(&|v| v["steps"][k]["rounds"] = json!(0)),
        at("rounds")
    );
    assert_eq!(
        refused(&|v| {
            v["steps"][k].as_object_mut().unwrap().remove("pending");
        }),
        at("pending")
    );
    // A stop changes nothing.
    assert_eq!(
        refused(&|v| {
            let guess = v["steps"][k + 1]["changes"].clone();
            v["steps"][k]["changes"] = guess;
        }),
        at("changes")
    );
    // Its node is the search's.
    assert_eq!(refused(&|v| v["steps"][k]["node"] = json!(7)), at("node"));
    // The stats count the stops.
    let (step, field) = refused(&|v| v["stats"]["stops"] = json!(stops + 1));
    assert_eq!((step, field.as_deref()), (None, Some("stats.stops")));

    // Under the fixpoint rule a stop removed nothing and leaves nothing to do.
    let set = StrategySet::parse_list("eliminate,only_choice,naked_twins,no_place").unwrap();
    let fixpoint = traced(HARD, Variant::Standard, set, Limits::default());
    round_trip(&json_of(&fixpoint));
    let fix = value(&fixpoint);
    let f = first(&fix, "stop");
    assert_eq!(
        (&fix["steps"][f]["rule"], &fix["steps"][f]["removed"]),
        (&json!("fixpoint"), &json!(0))
    );
    for (field, bad) in [
        ("removed", json!(3)),
        ("pending", json!(true)),
        ("rule", json!("course")),
    ] {
        let mut v = fix.clone();
        v["steps"][f][field] = bad;
        let e = refuse(&v);
        assert_eq!((e.step, e.field.as_deref()), (Some(f), Some(field)), "{e}");
    }
}

#[test]
fn a_trace_from_before_stop_steps_still_reads() {
    // Written before `stop` steps and `stats.stops` existed: the same trace without them.
    let mut v = hard();
    v["steps"]
        .as_array_mut()
        .unwrap()
        .retain(|s| s["kind"] != "stop");
    v["stats"].as_object_mut().unwrap().remove("stops");
    let text = serde_json::to_string(&v).unwrap();
    let t = check(&text, &CheckLimits::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.stats.stops, 0);
    assert!(t
        .steps
        .iter()
        .all(|s| !matches!(s.reason, trace::Reason::Stop { .. })));
}

// ---- what the outcome claims about the puzzle (check::verify_claims) ------------------------

/// `v` read by `check`, then its claims verified.
fn claims(v: &Value) -> Result<(), CheckError> {
    let t = check(&v.to_string(), &CheckLimits::default()).unwrap_or_else(|e| panic!("{e}"));
    check::verify_claims(&t)
}

#[test]
fn true_claims_hold_for_every_verdict_the_solver_gives() {
    let empty = ".".repeat(81);
    let few = Limits {
        max_nodes: 20,
        ..Limits::default()
    };
    for (puzzle, variant, limits, verdict) in [
        (EASY, Variant::Standard, Limits::default(), "solved"),
        (HARD, Variant::Standard, Limits::default(), "solved"),
        (&*empty, Variant::Standard, Limits::default(), "solved"),
        (&*empty, Variant::Diagonal, Limits::default(), "solved"),
        (DIAGONAL, Variant::Diagonal, Limits::default(), "solved"),
        (IMPOSSIBLE, Variant::Standard, few, "capped"),
        (
            "12345678.........9...............................................................",
            Variant::Standard,
            Limits::default(),
            "no_solution",
        ),
    ] {
        let v = value(&traced(puzzle, variant, StrategySet::default(), limits));
        assert_eq!(v["outcome"]["verdict"], verdict, "{puzzle}");
        assert_eq!(claims(&v), Ok(()), "{puzzle}");
    }
    // A learner's trace counts nothing.
    assert_eq!(claims(&learner_trace(Variant::Standard, 81)), Ok(()));
}

#[test]
fn a_false_count_or_verdict_is_refused_on_its_field() {
    let claim = |v: &Value| claims(v).expect_err("a false claim");
    let mut v = value(&traced(
        &".".repeat(81),
        Variant::Diagonal,
        StrategySet::default(),
        Limits::default(),
    ));
    v["outcome"]["solutions"] = json!(1);
    let e = claim(&v);
    assert_eq!(
        (e.kind, e.step, e.field.as_deref()),
        (CheckKind::Replay, None, Some("outcome.solutions"))
    );
    assert_eq!(
        e.to_string(),
        "outcome.solutions: is 1 (unique), but the puzzle has more than one solution"
    );
    let mut v = value(&traced(
        DIAGONAL,
        Variant::Diagonal,
        StrategySet::default(),
        Limits::default(),
    ));
    v["outcome"]["solutions"] = json!(2);
    assert_eq!(
        claim(&v).to_string(),
        "outcome.solutions: is 2 (two or more), but the puzzle has one solution"
    );
    // A solvable puzzle said to have no solution, with no step: the replay cannot tell.
    let mut v = value(&traced(
        EASY,
        Variant::Standard,
        StrategySet::NONE,
        Limits::default(),
    ));
    v["initial"] = value(&traced(
        HARD,
        Variant::Standard,
        StrategySet::NONE,
        Limits {
            max_nodes: 1,
            ..Limits::default()
        },
    ))["initial"]
        .clone();
    v["steps"] = json!([]);
    v["stats"] = json!({"nodes": 1, "guesses": 0, "backtracks": 0, "max_depth": 0, "steps": {}});
    v["outcome"] =
        json!({"verdict": "no_solution", "contradiction": {"kind": "empty_box", "box": "A1"}});
    let e = claim(&v);
    assert_eq!(e.field.as_deref(), Some("outcome.verdict"));
    assert_eq!(
        e.to_string(),
        "outcome.verdict: is no_solution, but the puzzle has a solution"
    );
}

#[test]
fn an_initial_box_with_no_candidate_is_refused() {
    let mut v = learner_trace(Variant::Standard, 81);
    v["initial"][4] = json!("");
    let e = refuse(&v);
    assert_eq!(
        (e.kind, e.step, e.field.as_deref(), e.cell),
        (CheckKind::Field, None, Some("initial[4]"), Some(cell("A5")))
    );
    assert!(
        e.to_string()
            .starts_with("initial[4] (box A5): is \"\": a box starts with one candidate"),
        "{e}"
    );
}

// ---- the text of a file (check::text_of, check::read_text) ----------------------------------

#[test]
fn a_files_text_a_bom_skipped_utf16_refused_by_name() {
    let json = json_of(&traced(
        EASY,
        Variant::Standard,
        StrategySet::default(),
        Limits::default(),
    ));
    let with_bom = [&b"\xef\xbb\xbf"[..], json.as_bytes()].concat();
    assert_eq!(check::text_of(&with_bom).unwrap(), json);
    let read = check::read_text(
        &with_bom[..],
        Some(with_bom.len() as u64),
        &CheckLimits::default(),
    )
    .unwrap();
    assert_eq!(read.unwrap(), json);
    round_trip(check::text_of(&with_bom).unwrap());
    let utf16: Vec<u8> = [0xfeff_u16]
        .into_iter()
        .chain(json.encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let e = check::text_of(&utf16).unwrap_err();
    assert_eq!(e.kind, CheckKind::Json);
    assert!(
        e.to_string().contains("the text is UTF-16 (little-endian)"),
        "{e}"
    );
    // A file whose size is over the cap is refused before it is read.
    let small = CheckLimits {
        max_bytes: 10,
        max_steps: 10,
    };
    let e = check::read_text(&with_bom[..], Some(with_bom.len() as u64), &small)
        .unwrap()
        .unwrap_err();
    assert_eq!(e.kind, CheckKind::TooLarge);
    assert!(
        e.to_string()
            .contains(&format!("too large: {} bytes", with_bom.len())),
        "{e}"
    );
}

// ---- chains (format 3; groups and loops, format 4) and traces before them (format 2) ---------

#[test]
fn traces_of_formats_2_and_3_still_read_and_are_written_back_as_format_4() {
    for old in [2, 3] {
        let mut v = hard();
        assert_eq!(v["format"], 4);
        v["format"] = json!(old);
        let text = serde_json::to_string(&v).unwrap();
        let t = check(&text, &CheckLimits::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.format, 4);
        v["format"] = json!(4);
        assert_eq!(value(&t), v);
    }
    // A chain of single boxes, open, is format 3's too.
    let (_, mut v, _) = chain_trace();
    v["format"] = json!(3);
    let t = check(&serde_json::to_string(&v).unwrap(), &CheckLimits::default());
    assert!(t.is_ok(), "{:?}", t.err());
}

#[test]
fn a_chain_node_is_a_box_or_a_group_never_both() {
    let (_, v, k) = chain_trace();
    let refused = |node: Value| {
        let mut w = v.clone();
        w["steps"][k]["chain"]["nodes"][1] = node;
        refuse(&w)
    };
    let e = refused(json!({"box": "B4", "boxes": ["B4", "B5"], "digit": 1}));
    assert_eq!(e.kind, CheckKind::Field, "{e}");
    let e = refused(json!({"digit": 1}));
    assert_eq!(e.kind, CheckKind::Field, "{e}");
    let e = refused(json!({"boxes": ["B4", "B5", "B6", "B7"], "digit": 1}));
    assert_eq!(e.kind, CheckKind::Field, "{e}");
    // A group of boxes that are not all candidates of the digit.
    let e = refused(json!({"boxes": ["B4", "B5"], "digit": 1}));
    assert_eq!(
        (e.kind, e.cell),
        (CheckKind::Replay, Some(cell("B5"))),
        "{e}"
    );
}

/// The x_chain case of tests/techniques/table.rs (B1=1 = B4=1 - E4=1 = E9=1 - H9=1 = H3=1,
/// removing 1 from A3, C3, G1 and I1), traced with x_chain alone and two nodes of search: the
/// trace, as JSON, and the index of its chain step.
fn chain_trace() -> (Trace, Value, usize) {
    let mut cells = vec!["123456789"; 81];
    for (boxes, digits) in [
        ("B2 B3 B5 B6 B7 B8 B9", "23456789"),
        ("E1 E2 E3 E5 E6 E7 E8", "23456789"),
        ("H1 H2 H4 H5 H6 H7 H8", "23456789"),
    ] {
        for b in boxes.split_whitespace() {
            cells[cell(b).index()] = digits;
        }
    }
    let set = StrategySet::NONE.with(registry::position("x_chain").unwrap());
    let limits = Limits {
        max_nodes: 2,
        max_steps: 100,
    };
    let t = traced(&cells.join(" "), Variant::Standard, set, limits);
    let v = value(&t);
    let k = first(&v, "x_chain");
    (t, v, k)
}

#[test]
fn a_chain_step_reads_back_byte_for_byte() {
    let (t, v, k) = chain_trace();
    let step = &v["steps"][k];
    assert_eq!(step["chain"]["links"].as_array().unwrap().len(), 5);
    assert_eq!(step["chain"]["nodes"][0], json!({"box": "B1", "digit": 1}));
    let text = json_of(&t);
    // The chain sits after the digits, before the node.
    let at = text.find("\"chain\"").unwrap();
    assert!(
        text[..at].ends_with("\"digits\":\"1\","),
        "{}",
        &text[at - 30..at + 10]
    );
    let t = round_trip(&text);
    assert_eq!(t.chain_of(k).map(|c| c.len()), Some(6));
}

#[test]
fn every_link_of_a_chain_is_checked_against_the_state_before_its_step() {
    let (_, v, k) = chain_trace();
    let refused = |edit: &dyn Fn(&mut Value)| {
        let mut w = v.clone();
        edit(&mut w["steps"][k]);
        refuse(&w)
    };
    // A strong link that is not: B4 and E4 are two of column 4's nine places of 1.
    let e =
        refused(&|s| s["chain"]["links"] = json!(["strong", "strong", "strong", "weak", "strong"]));
    assert_eq!(
        (e.step, e.field.as_deref()),
        (Some(k), Some("chain.links[1]")),
        "{e}"
    );
    // Links alternate, strong first and last.
    let e = refused(&|s| s["chain"]["links"] = json!(["weak", "weak", "strong", "weak", "strong"]));
    assert_eq!(e.field.as_deref(), Some("chain.links[0]"), "{e}");
    // A weak link between boxes that do not see each other: B4 to F9.
    let e = refused(&|s| s["chain"]["nodes"][2] = json!({"box": "F9", "digit": 1}));
    assert_eq!(e.kind, CheckKind::Replay, "{e}");
    assert_eq!(e.field.as_deref(), Some("chain.links[1]"), "{e}");
    // A node that is not a candidate there.
    let e = refused(&|s| s["chain"]["nodes"][1] = json!({"box": "B5", "digit": 1}));
    assert_eq!(
        (e.field.as_deref(), e.cell),
        (Some("chain.nodes[1]"), Some(cell("B5"))),
        "{e}"
    );
    // A strong link of two digits in a box that holds more.
    let e = refused(&|s| {
        s["chain"]["nodes"][0] = json!({"box": "B4", "digit": 2});
    });
    assert_eq!(e.field.as_deref(), Some("chain.links[0]"), "{e}");
    // One link too few, and an odd number of nodes.
    let e = refused(&|s| s["chain"]["links"] = json!(["strong", "weak", "strong", "weak"]));
    assert_eq!(e.field.as_deref(), Some("chain.links"), "{e}");
    let e = refused(&|s| {
        s["chain"]["nodes"].as_array_mut().unwrap().pop();
        s["chain"]["links"].as_array_mut().unwrap().pop();
    });
    assert_eq!(e.field.as_deref(), Some("chain.links"), "{e}");
    // A link by another name, and a chain on a step of format 2.
    let e = refused(&|s| s["chain"]["links"][0] = json!("firm"));
    assert_eq!(e.kind, CheckKind::Field, "{e}");
    let mut w = v.clone();
    w["format"] = json!(2);
    let e = refuse(&w);
    assert_eq!(
        (e.step, e.field.as_deref()),
        (Some(k), Some("chain")),
        "{e}"
    );
}

#[test]
fn what_a_chain_removes_must_see_both_of_its_ends() {
    let (_, v, k) = chain_trace();
    let mut w = v.clone();
    // The chain cut to B1=1 = B4=1 - E4=1 = E9=1: A3 sees B1 but not E9.
    let s = &mut w["steps"][k]["chain"];
    s["nodes"].as_array_mut().unwrap().truncate(4);
    s["links"].as_array_mut().unwrap().truncate(3);
    let e = refuse(&w);
    assert_eq!(e.kind, CheckKind::Replay, "{e}");
    assert_eq!((e.step, e.cell), (Some(k), Some(cell("A3"))), "{e}");
    assert!(
        e.to_string().contains("does not see the chain's end E9=1"),
        "{e}"
    );
}

// ---- variant traces (format 4): the trace carries its puzzle ---------------------------------

/// A puzzle of crates/solver-core/tests/formats/fpuzzles/, read by the f-puzzles reader.
fn fixture(name: &str) -> solver_core::puzzle::Puzzle {
    let path = format!(
        "{}/tests/formats/fpuzzles/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    solver_core::formats::read(&text).unwrap().unwrap()
}

/// The fixture's trace with `strategies`, a third of its solution given (three boxes in each
/// row, column and square), so that the
/// course's strategies alone (which know no cage sums) solve it in a few nodes.
fn traced_puzzle(name: &str, strategies: StrategySet) -> Trace {
    let mut puzzle = fixture(name);
    let topo = puzzle.topology().unwrap();
    let grid = puzzle.grid(&topo).unwrap();
    let solution = solver_core::verdict::verdict_in(&grid, &topo, 1, u64::MAX)
        .first
        .unwrap();
    for i in (0..81).filter(|i| i % 3 == i / 9 % 3) {
        puzzle.givens[i] = solution.as_bytes()[i] - b'0';
    }
    let opts = Options {
        variant: Variant::Standard,
        strategies,
        limits: Limits::default(),
    };
    solve_traced_puzzle(&puzzle, &opts).unwrap()
}

#[test]
fn a_killer_and_a_jigsaw_trace_carry_their_puzzle_and_read_back_byte_for_byte() {
    for (name, strategies) in [
        ("killer", StrategySet::COURSE),
        ("killer", StrategySet::ALL),
        ("jigsaw", StrategySet::COURSE),
        ("jigsaw", StrategySet::ALL),
        ("windoku", StrategySet::ALL),
        ("antiknight", StrategySet::ALL),
    ] {
        let t = traced_puzzle(name, strategies);
        assert!(
            matches!(t.outcome, Outcome::Solved { solutions: 1, .. }),
            "{name}: {:?}",
            t.outcome
        );
        let v = value(&t);
        assert_eq!(v["format"], 4);
        assert!(v["puzzle"]["constraints"].is_array(), "{name}");
        let back = round_trip(&json_of(&t));
        assert_eq!(back.puzzle, t.puzzle, "{name}");
        solver_core::check::verify_claims(&back).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let killer = value(&traced_puzzle("killer", StrategySet::COURSE));
    let cages = killer["puzzle"]["constraints"].as_array().unwrap();
    assert_eq!(
        cages[0],
        json!({"kind": "cage", "boxes": ["A1", "A2"], "sum": 3})
    );
    assert_eq!(killer["puzzle"]["title"], "Killer");
    let jigsaw = value(&traced_puzzle("jigsaw", StrategySet::COURSE));
    let regions = jigsaw["puzzle"]["regions"].as_str().unwrap();
    assert_eq!(regions.len(), 81);
    assert_eq!(jigsaw["units"][18]["name"], "region 1");
    // Evidence names the jigsaw's regions as the trace's units do, never a square.
    let steps = jigsaw["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .filter_map(|s| s["units"].as_array())
        .flatten()
        .all(|u| !u.as_str().unwrap().starts_with("square")));
    assert!(steps
        .iter()
        .filter_map(|s| s["units"].as_array())
        .flatten()
        .any(|u| u.as_str().unwrap().starts_with("region")));
}

/// The first eliminate step of `v` removing a digit from a box that sees the solved box only
/// through a cage: its index, and the cage's index among the puzzle's constraints.
fn cage_only_elimination(v: &Value) -> (usize, usize) {
    let units = v["units"].as_array().unwrap();
    let shares_house = |a: &str, b: &str| {
        units.iter().any(|u| {
            let boxes = u["boxes"].as_array().unwrap();
            boxes.contains(&json!(a)) && boxes.contains(&json!(b))
        })
    };
    let constraints = v["puzzle"]["constraints"].as_array().unwrap();
    for (k, s) in v["steps"].as_array().unwrap().iter().enumerate() {
        if s["kind"] != "eliminate" {
            continue;
        }
        let source = s["boxes"][0].as_str().unwrap();
        for c in s["changes"].as_array().unwrap() {
            let b = c["box"].as_str().unwrap();
            if shares_house(source, b) {
                continue;
            }
            let cage = constraints
                .iter()
                .position(|c| {
                    let boxes = c["boxes"].as_array();
                    boxes.is_some_and(|x| x.contains(&json!(source)) && x.contains(&json!(b)))
                })
                .expect("a box seen through no house is seen through a cage");
            return (k, cage);
        }
    }
    panic!("no eliminate step removes a digit through a cage alone")
}

#[test]
fn a_killer_trace_without_the_cage_a_step_relies_on_is_refused_at_that_step() {
    let mut v = value(&traced_puzzle("killer", StrategySet::COURSE));
    let (k, cage) = cage_only_elimination(&v);
    let removed = v["puzzle"]["constraints"]
        .as_array_mut()
        .unwrap()
        .remove(cage);
    let e = refuse(&v);
    assert_eq!(e.kind, CheckKind::Replay, "{e}");
    let step = e.step.expect("the error names its step");
    assert!(step <= k, "{e}");
    assert!(e.to_string().contains("does not see"), "{e}");
    assert!(e.field.as_deref().unwrap().starts_with("changes["), "{e}");
    // With the cage back, the trace reads again.
    v["puzzle"]["constraints"]
        .as_array_mut()
        .unwrap()
        .insert(cage, removed);
    let text = serde_json::to_string(&v).unwrap();
    let t = check(&text, &CheckLimits::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(value(&t), v);
}

#[test]
fn a_variant_trace_is_refused_where_its_puzzle_and_header_disagree() {
    let v0 = value(&traced_puzzle("jigsaw", StrategySet::COURSE));
    // Regions that are not nine boxes each.
    let mut v = v0.clone();
    let mut regions = v["puzzle"]["regions"].as_str().unwrap().to_string();
    regions.replace_range(0..1, if &regions[0..1] == "1" { "2" } else { "1" });
    v["puzzle"]["regions"] = json!(regions);
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("puzzle"), "{e}");
    assert!(e.to_string().contains("region"), "{e}");
    // A unit named as the classic square where the puzzle has its region.
    let mut v = v0.clone();
    v["units"][18]["name"] = json!("square A1-C3");
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("units[18].name"), "{e}");
    // Without its puzzle the trace lists units of no variant.
    let mut v = v0.clone();
    v.as_object_mut().unwrap().remove("puzzle");
    let e = refuse(&v);
    assert!(e.field.as_deref().unwrap().starts_with("units["), "{e}");
    // A constraint of an unknown kind, and a cage with a field of another kind.
    let mut v = v0.clone();
    v["puzzle"]["constraints"] = json!([{"kind": "thermometer"}]);
    let e = refuse(&v);
    assert_eq!(
        e.field.as_deref(),
        Some("puzzle.constraints[0].kind"),
        "{e}"
    );
    let mut v = v0.clone();
    v["puzzle"]["constraints"] = json!([{"kind": "windoku", "sum": 3}]);
    let e = refuse(&v);
    assert!(
        e.field
            .as_deref()
            .unwrap()
            .starts_with("puzzle.constraints[0]"),
        "{e}"
    );
    // A puzzle in a trace of format 3.
    let mut v = v0;
    v["format"] = json!(3);
    let e = refuse(&v);
    assert_eq!(e.field.as_deref(), Some("puzzle"), "{e}");
}

#[test]
fn an_only_choice_step_whose_digit_fits_elsewhere_is_refused() {
    let mut v = hard();
    let k = first(&v, "only_choice");
    let unit = v["steps"][k]["units"][0].as_str().unwrap().to_string();
    let place = v["steps"][k]["boxes"][0].as_str().unwrap().to_string();
    // Claim another unit of the same box, where the digit still fits elsewhere.
    let units = v["units"].as_array().unwrap().clone();
    let other = units
        .iter()
        .find(|u| {
            u["name"] != unit.as_str() && u["boxes"].as_array().unwrap().contains(&json!(place))
        })
        .unwrap()["name"]
        .clone();
    v["steps"][k]["units"] = json!([other]);
    let e = refuse(&v);
    assert_eq!(e.step, Some(k), "{e}");
    assert!(e.to_string().contains("not an only choice"), "{e}");
}

#[test]
fn the_rating_walks_traces_read_back_direct_steps_included() {
    // easy50's walks take Sudoku Explainer's direct techniques: a pointing or hidden pair step
    // with only the removals its hidden single needs, which the checker reads as that step.
    let mut direct = 0;
    for (i, p) in common::puzzles("easy50.txt").iter().enumerate() {
        let grid = parse(p, Variant::Standard).unwrap();
        if let Rating::Steps {
            hardest: Some(h), ..
        } = rate(&grid, &Options::default())
        {
            direct += h.technique.id().starts_with("direct_") as u32;
        }
        let t = solver_core::rating::walk_trace(&grid, &Options::default()).unwrap();
        let text = json_of(&t);
        let back = check(&text, &CheckLimits::default())
            .unwrap_or_else(|e| panic!("easy50 line {}: {e}", i + 1));
        assert_eq!(json_of(&back), text, "easy50 line {}", i + 1);
    }
    assert!(direct > 0);
}

/// 3D Medusa's box emptied by a colour (tests/techniques/table.rs works it out): A1 = {1,2},
/// 2 fits row A only in A1 and A5, A5 = {2,4}, 4 fits column 5 only in A5 and E5, E1 = {1,4};
/// its one forcing step, A1=1 ⇒ … ⇒ E1 empty, removes 1 from A1.
fn medusa_emptied_trace() -> (Trace, Value, usize) {
    let mut cells = vec!["123456789"; 81];
    for (boxes, digits) in [
        ("A1", "12"),
        ("A2 A3 A4 A6 A7 A8 A9", "13456789"),
        ("A5", "24"),
        ("B5 C5 D5 F5 G5 H5 I5", "12356789"),
        ("E1", "14"),
    ] {
        for b in boxes.split_whitespace() {
            cells[cell(b).index()] = digits;
        }
    }
    let set = StrategySet::NONE.with(registry::position("medusa").unwrap());
    let limits = Limits {
        max_nodes: 2,
        max_steps: 100,
    };
    let t = traced(&cells.join(" "), Variant::Standard, set, limits);
    let v = value(&t);
    let k = first(&v, "medusa");
    (t, v, k)
}

#[test]
fn a_box_emptied_by_a_colour_reads_back_and_every_node_of_its_branch_is_checked() {
    let (t, v, k) = medusa_emptied_trace();
    let step = &v["steps"][k];
    assert_eq!(step["conclude"], "contradiction");
    assert_eq!(step["boxes"], json!(["A1", "E1"]));
    let nodes = step["chains"][0]["nodes"].as_array().unwrap();
    let literals: Vec<String> = nodes
        .iter()
        .map(|n| {
            let on = if n["on"] == true { "=" } else { "≠" };
            format!("{}{on}{}", n["box"].as_str().unwrap(), n["digit"])
        })
        .collect();
    assert_eq!(
        literals,
        ["A1=1", "A1≠2", "A5=2", "A5≠4", "E5=4", "E1≠1", "E1≠4"]
    );
    assert_eq!(step["complexity"], 7);
    round_trip(&json_of(&t));
    let refused = |edit: &dyn Fn(&mut Value)| {
        let mut w = v.clone();
        edit(&mut w["steps"][k]);
        refuse(&w)
    };
    // E1 without its 4 off is not emptied: no contradiction.
    let e = refused(&|s| {
        s["chains"][0]["nodes"].as_array_mut().unwrap().pop();
        s["complexity"] = json!(6);
    });
    assert_eq!(
        (e.step, e.field.as_deref()),
        (Some(k), Some("chains[0]")),
        "{e}"
    );
    // E1's 4 off from A5's 4, which is off, not on.
    let e = refused(&|s| s["chains"][0]["nodes"][6]["parents"] = json!([3]));
    assert_eq!(e.field.as_deref(), Some("chains[0].nodes[6]"), "{e}");
    // A5's 2 on from A1's 1 (on): a strong link follows from an off.
    let e = refused(&|s| s["chains"][0]["nodes"][2]["parents"] = json!([0]));
    assert_eq!(e.field.as_deref(), Some("chains[0].nodes[2]"), "{e}");
    // The step removes what the branch does not conclude.
    let e = refused(&|s| {
        s["changes"][0]["after"] = json!("1");
    });
    assert_eq!(e.kind, CheckKind::Replay, "{e}");
}
