//! The facade in a real browser (headless Chromium via wasm-bindgen-test-runner):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p solver-wasm --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect, JSON};
use solver_wasm::packed::{
    BACKTRACK, BOX, DEPTH, DIGIT, DIGITS, GUESS, KIND, NODE, PARENT, STEP_WORDS, STOP,
};
use solver_wasm::{compare, parse, solve, solve_packed, strategies};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const DIAGONAL: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
const DIAGONAL_SOLUTION: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("a property")
}

fn options(json: &str) -> JsValue {
    JSON::parse(json).expect("valid JSON")
}

#[wasm_bindgen_test]
fn parse_gives_the_candidates_of_81_boxes() {
    let cells = parse(EASY, false).unwrap();
    assert_eq!(cells.len(), 81);
    // Masks: digit d is bit d - 1.
    assert_eq!(cells[0], 0b1_1111_1111);
    assert_eq!(cells[2], 1 << 2);
}

#[wasm_bindgen_test]
fn a_bad_grid_throws_an_error_with_the_cores_message() {
    let err = parse("12x", false).unwrap_err();
    assert!(err.is_instance_of::<js_sys::Error>());
    let message = get(&err, "message").as_string().unwrap();
    let expected = solver_core::parse("12x", solver_core::Variant::Standard)
        .unwrap_err()
        .to_string();
    assert_eq!(message, expected);
}

#[wasm_bindgen_test]
fn solving_the_diagonal_example_gives_a_plain_object_trace() {
    let trace = solve(DIAGONAL, options(r#"{"diagonal": true}"#)).unwrap();
    // Plain objects, not Maps: the page reads fields as on parsed JSON.
    assert_eq!(
        Object::get_prototype_of(&trace),
        Object::get_prototype_of(&Object::new())
    );
    assert_eq!(get(&trace, "format").as_f64(), Some(2.0));
    assert_eq!(get(&trace, "variant").as_string().unwrap(), "diagonal");
    let units: Array = get(&trace, "units").dyn_into().unwrap();
    assert_eq!(units.length(), 29);
    let outcome = get(&trace, "outcome");
    assert_eq!(get(&outcome, "verdict").as_string().unwrap(), "solved");
    assert_eq!(
        get(&outcome, "solution").as_string().unwrap(),
        DIAGONAL_SOLUTION
    );
    let steps: Array = get(&trace, "steps").dyn_into().unwrap();
    assert!(steps.length() > 0);
    let first = steps.get(0);
    assert!(get(&first, "kind").is_string());
    assert!(Array::is_array(&get(&first, "changes")));
}

#[wasm_bindgen_test]
fn the_trace_replays_to_the_solution() {
    let trace = solve(EASY, JsValue::UNDEFINED).unwrap();
    let initial: Array = get(&trace, "initial").dyn_into().unwrap();
    let mut cells: Vec<String> = initial.iter().map(|v| v.as_string().unwrap()).collect();
    let steps: Array = get(&trace, "steps").dyn_into().unwrap();
    for step in steps.iter() {
        let changes: Array = get(&step, "changes").dyn_into().unwrap();
        for ch in changes.iter() {
            let name = get(&ch, "box").as_string().unwrap();
            let b = name.as_bytes();
            let i = usize::from(b[0] - b'A') * 9 + usize::from(b[1] - b'1');
            assert_eq!(cells[i], get(&ch, "before").as_string().unwrap());
            cells[i] = get(&ch, "after").as_string().unwrap();
        }
    }
    let solution = get(&get(&trace, "outcome"), "solution")
        .as_string()
        .unwrap();
    assert_eq!(cells.concat(), solution);
}

#[wasm_bindgen_test]
fn the_registry_is_plain_objects_in_ladder_order() {
    let list: Array = strategies().unwrap().dyn_into().unwrap();
    assert_eq!(list.length() as usize, solver_core::REGISTRY.len());
    for (i, s) in list.iter().enumerate() {
        assert_eq!(
            Object::get_prototype_of(&s),
            Object::get_prototype_of(&Object::new())
        );
        assert_eq!(get(&s, "order").as_f64(), Some(i as f64));
        let id = get(&s, "id").as_string().unwrap();
        assert_eq!(id, solver_core::REGISTRY[i].id);
        for key in ["label", "description", "caption"] {
            assert!(!get(&s, key).as_string().unwrap().is_empty(), "{id}: {key}");
        }
        assert!(get(&s, "course").as_bool().is_some());
    }
}

#[wasm_bindgen_test]
fn strategies_can_be_switched_off() {
    let trace = solve(EASY, options(r#"{"strategies": ["eliminate"]}"#)).unwrap();
    let names: Array = get(&trace, "strategies").dyn_into().unwrap();
    assert_eq!(names.length(), 1);
    let counts = get(&get(&trace, "stats"), "steps");
    assert_eq!(get(&counts, "only_choice").as_f64(), Some(0.0));
    assert_eq!(get(&counts, "naked_twins").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
fn a_node_cap_is_reported_as_capped() {
    // Pure search on an empty grid with a cap of 5 nodes cannot finish.
    let empty = ".".repeat(81);
    let trace = solve(&empty, options(r#"{"strategies": [], "maxNodes": 5}"#)).unwrap();
    let outcome = get(&trace, "outcome");
    assert_eq!(get(&outcome, "verdict").as_string().unwrap(), "capped");
    assert_eq!(get(&outcome, "limit").as_string().unwrap(), "nodes");
}

#[wasm_bindgen_test]
fn bad_options_throw() {
    let err: JsValue = solve(EASY, options(r#"{"strategies": ["guessing"]}"#)).unwrap_err();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("unknown strategy 'guessing'"));
    let err: JsValue = solve(EASY, options(r#"{"diagonal": "yes"}"#)).unwrap_err();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .starts_with("bad options"));
}

/// Seed 003's example: the easy solution with A7, B8, E6 and I9 empty.
const SEED_003: &str =
    "483921.579673458.125187649354813297672956.13813679824537268951481425376969541738.";

#[wasm_bindgen_test]
fn compare_gives_the_ladder_of_strategy_sets_with_their_node_counts() {
    let rungs: Array = compare(SEED_003, options(r#"{"maxNodes": 200000}"#))
        .unwrap()
        .dyn_into()
        .unwrap();
    // No strategy, then each prefix of the registry, up to all of it.
    let ids: Vec<&str> = solver_core::REGISTRY.iter().map(|s| s.id).collect();
    assert_eq!(rungs.length() as usize, ids.len() + 1);
    let names: Vec<String> = rungs
        .iter()
        .map(|r| {
            let s: Array = get(&r, "strategies").dyn_into().unwrap();
            s.iter()
                .map(|n| n.as_string().unwrap())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let prefixes: Vec<String> = (0..=ids.len()).map(|k| ids[..k].join(",")).collect();
    assert_eq!(names, prefixes);
    assert_eq!(
        names[..4],
        [
            "",
            "eliminate",
            "eliminate,only_choice",
            "eliminate,only_choice,naked_twins"
        ]
    );
    let nodes: Vec<f64> = rungs
        .iter()
        .map(|r| get(&get(&r, "stats"), "nodes").as_f64().unwrap())
        .collect();
    assert_eq!(nodes[0], 4227.0);
    assert!(nodes[1..].iter().all(|&n| n == 1.0), "{nodes:?}");
    for r in rungs.iter() {
        assert_eq!(get(&r, "verdict").as_string().unwrap(), "solved");
    }
}

#[wasm_bindgen_test]
fn compare_reports_the_node_cap_and_throws_on_bad_input() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let rungs: Array = compare(hard, options(r#"{"maxNodes": 500}"#))
        .unwrap()
        .dyn_into()
        .unwrap();
    let none = rungs.get(0);
    assert_eq!(get(&none, "verdict").as_string().unwrap(), "capped");
    assert_eq!(get(&get(&none, "stats"), "nodes").as_f64(), Some(500.0));
    let all = rungs.get(3);
    assert_eq!(get(&all, "verdict").as_string().unwrap(), "solved");
    let err: JsValue = compare("12x", JsValue::UNDEFINED).unwrap_err();
    assert!(err.is_instance_of::<js_sys::Error>());
}

/// The packed trace's numbers against the trace `solve` gives as objects, in the browser: the
/// same steps (kind, node, depth, parent, box, digit) and as many changes, the rest as JSON text
/// without steps or units. (www/trace/packed.js's decoder is checked field for field against
/// serde_json in www/tests/trace/packed.test.js, on traces packed by this crate's own tests.)
#[wasm_bindgen_test]
fn the_packed_trace_holds_the_steps_of_solve() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for (text, opts) in [
        (hard, r#"{"maxSteps": 3000}"#),
        (DIAGONAL, r#"{"diagonal": true}"#),
    ] {
        let objects = solve(text, options(opts)).unwrap();
        let mut p = solve_packed(text, options(opts)).unwrap();
        let (json, units) = (p.json(), p.units());
        assert!(
            json.contains(r#""units":[],"initial""#) && json.contains(r#""steps":[],"outcome""#)
        );
        let units = JSON::parse(&units).unwrap();
        assert_eq!(
            JSON::stringify(&units).unwrap(),
            JSON::stringify(&get(&objects, "units")).unwrap()
        );
        let (words, ends, boxes) = (p.steps(), p.ends(), p.boxes());
        assert!(p.steps().is_empty(), "an array is handed over once");
        let steps: Array = get(&objects, "steps").dyn_into().unwrap();
        assert_eq!(words.len(), steps.length() as usize * STEP_WORDS);
        assert_eq!(ends.len(), steps.length() as usize);
        let mut changes = 0;
        let mut kinds = std::collections::BTreeSet::new();
        for (k, step) in steps.iter().enumerate() {
            let w = &words[k * STEP_WORDS..(k + 1) * STEP_WORDS];
            let kind = get(&step, "kind").as_string().unwrap();
            let code = match kind.as_str() {
                "guess" => GUESS,
                "backtrack" => BACKTRACK,
                "stop" => STOP,
                id => solver_core::registry::position(id)
                    .expect("a registry id")
                    .into(),
            };
            // A backtrack's code goes by its contradiction, a stop's by its rule.
            let family = if w[KIND] >= STOP {
                STOP
            } else {
                w[KIND].min(BACKTRACK)
            };
            assert_eq!(family, code, "step {k}");
            if kind == "stop" {
                let rule = get(&step, "rule").as_string().unwrap();
                assert_eq!(w[KIND] - STOP, u32::from(rule == "fixpoint"), "step {k}");
                assert_eq!(f64::from(w[PARENT]), get(&step, "rounds").as_f64().unwrap());
                assert_eq!(
                    f64::from(w[DIGITS]),
                    get(&step, "removed").as_f64().unwrap()
                );
                assert_eq!(w[DIGIT] == 1, get(&step, "pending").as_bool().unwrap());
            }
            kinds.insert(w[KIND]);
            assert_eq!(f64::from(w[NODE]), get(&step, "node").as_f64().unwrap());
            assert_eq!(f64::from(w[DEPTH]), get(&step, "depth").as_f64().unwrap());
            if kind == "guess" || kind == "backtrack" {
                assert_eq!(f64::from(w[PARENT]), get(&step, "parent").as_f64().unwrap());
            }
            if kind == "guess" {
                let b = get(&step, "box").as_string().unwrap();
                let b = b.as_bytes();
                assert_eq!(w[BOX], u32::from(b[0] - b'A') * 9 + u32::from(b[1] - b'1'));
                assert_eq!(f64::from(w[DIGIT]), get(&step, "digit").as_f64().unwrap());
            }
            changes += Array::from(&get(&step, "changes")).length();
            assert_eq!(ends[k], changes);
        }
        assert_eq!(boxes.len(), changes as usize);
        assert!(kinds.len() >= 3, "{kinds:?}");
    }
}

#[wasm_bindgen_test]
fn the_verdict_counts_and_solves_without_a_trace() {
    let v = solver_wasm::verdict(DIAGONAL, options(r#"{"diagonal": true}"#)).unwrap();
    assert_eq!(
        Object::get_prototype_of(&v),
        Object::get_prototype_of(&Object::new())
    );
    assert_eq!(get(&v, "engine").as_string().unwrap(), "verdict");
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "solved");
    assert_eq!(get(&v, "solutions").as_f64(), Some(1.0));
    assert_eq!(get(&v, "capped").as_bool(), Some(false));
    assert_eq!(get(&v, "solution").as_string().unwrap(), DIAGONAL_SOLUTION);
    assert!(get(&v, "nodes").as_f64().unwrap() >= 1.0);
    assert_eq!(get(&v, "max").as_f64(), Some(10_000_000.0));
    // The same puzzle read as standard Sudoku has several solutions; options absent: standard.
    let v = solver_wasm::verdict(DIAGONAL, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "solved");
    assert_eq!(get(&v, "solutions").as_f64(), Some(2.0));
    // Norvig's impossible puzzle: none, at once, where the course's search under the page's cap
    // stops without a verdict.
    let norvig =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    let v = solver_wasm::verdict(norvig, options(r#"{"maxNodes": 200000}"#)).unwrap();
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "no_solution");
    assert_eq!(get(&v, "solutions").as_f64(), Some(0.0));
    assert_eq!(get(&v, "max").as_f64(), Some(200000.0));
    assert!(get(&v, "solution").is_null());
    // The node cap of the options holds: the empty grid within one node.
    let v = solver_wasm::verdict(&".".repeat(81), options(r#"{"maxNodes": 1}"#)).unwrap();
    assert_eq!(get(&v, "verdict").as_string().unwrap(), "capped");
    assert_eq!(get(&v, "capped").as_bool(), Some(true));
    let err: JsValue = solver_wasm::verdict("12", JsValue::UNDEFINED)
        .unwrap_err()
        .into();
    assert!(err.is_instance_of::<js_sys::Error>());
    let err: JsValue = solver_wasm::verdict(EASY, options(r#"{"maxNodes": -1}"#))
        .unwrap_err()
        .into();
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .starts_with("bad options"));
}

#[wasm_bindgen_test]
fn the_rating_names_a_registry_strategy_or_the_search() {
    let r = solver_wasm::rate(EASY, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&r, "kind").as_string().unwrap(), "rung");
    let id = get(&r, "strategy").as_string().unwrap();
    let registry: Array = strategies().unwrap().dyn_into().unwrap();
    assert!(registry
        .iter()
        .any(|s| get(&s, "id").as_string().as_deref() == Some(id.as_str())));
    assert_eq!(get(&r, "score").as_f64(), Some(2.3));
    let r = solver_wasm::rate(&".".repeat(81), options(r#"{"maxNodes": 1000}"#)).unwrap();
    assert_eq!(get(&r, "kind").as_string().unwrap(), "search");
    assert!(get(&r, "nodes").as_f64().unwrap() >= 1.0);
    assert!(solver_wasm::rate("12", JsValue::UNDEFINED).is_err());
}

/// `value` as serde-wasm-bindgen made it from the core's `Serialize` impls, plain objects for maps.
fn by_serde<T: serde::Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap()
}

fn text(v: &JsValue) -> String {
    JSON::stringify(v).unwrap().into()
}

/// The hand-built results (src/js.rs, src/json_text.rs) are the values serde-wasm-bindgen makes
/// of the same data: same fields in the same order, same numbers (the registry's f32 ratings
/// widened as they are), `null` where a value is absent.
#[wasm_bindgen_test]
fn the_results_are_what_serde_wasm_bindgen_makes() {
    assert_eq!(
        text(&strategies().unwrap()),
        text(&by_serde(&solver_core::REGISTRY))
    );
    let empty = ".".repeat(81);
    let norvig =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    // A9 has no candidate left: row A holds 1..8 and column 9 a 9.
    let dead = format!("12345678.........9{}", ".".repeat(63));
    for (grid, opts) in [
        (EASY, r#"{"maxNodes": 2000}"#),
        (
            DIAGONAL,
            r#"{"diagonal": true, "strategies": [], "maxNodes": 2000}"#,
        ),
        (empty.as_str(), r#"{"maxNodes": 3}"#),
        (empty.as_str(), r#"{"maxSteps": 40, "maxNodes": 2000}"#),
        (dead.as_str(), r#"{"strategies": ["eliminate"]}"#),
        (
            norvig,
            r#"{"strategies": ["eliminate", "naked_twins"], "maxNodes": 50}"#,
        ),
    ] {
        let js = options(opts);
        let read = |key: &str| get(&js, key).as_f64().map(|n| n as u64);
        let core = solver_wasm::to_core(&solver_wasm::SolveOptions {
            diagonal: get(&js, "diagonal").is_truthy(),
            strategies: get(&js, "strategies")
                .dyn_into::<Array>()
                .ok()
                .map(|a| a.iter().map(|s| s.as_string().unwrap()).collect()),
            max_nodes: read("maxNodes"),
            max_steps: read("maxSteps").map(|n| n as usize),
        })
        .unwrap();
        let g = solver_core::parse(grid, core.variant).unwrap();
        assert_eq!(
            text(&solve(grid, options(opts)).unwrap()),
            text(&by_serde(&solver_core::solve_traced(&g, &core))),
            "{grid} {opts}"
        );
        assert_eq!(
            text(&compare(grid, options(opts)).unwrap()),
            text(&by_serde(&solver_core::compare_strategies(&g, &core))),
            "{grid} {opts}"
        );
    }
    let v = solver_wasm::verdict(EASY, JsValue::UNDEFINED).unwrap();
    assert_eq!(
        text(&v),
        format!(
            r#"{{"engine":"verdict","verdict":"solved","solutions":1,"solution":"{}","capped":false,"nodes":{},"max":10000000}}"#,
            get(&v, "solution").as_string().unwrap(),
            get(&v, "nodes").as_f64().unwrap()
        )
    );
    let v = solver_wasm::verdict(&empty, options(r#"{"maxNodes": 1}"#)).unwrap();
    assert_eq!(
        text(&v),
        format!(
            r#"{{"engine":"verdict","verdict":"capped","solutions":0,"solution":null,"capped":true,"nodes":{},"max":1}}"#,
            get(&v, "nodes").as_f64().unwrap()
        )
    );
    for (grid, opts, want) in [
        (
            EASY,
            "{}",
            r#"{"kind":"rung","strategy":"eliminate","score":2.3}"#,
        ),
        (
            norvig,
            r#"{"maxNodes": 200000}"#,
            r#"{"kind":"no_solution"}"#,
        ),
        (
            empty.as_str(),
            r#"{"maxNodes": 1}"#,
            r#"{"kind":"capped","limit":"nodes","max":1}"#,
        ),
        (
            DIAGONAL_SOLUTION,
            "{}",
            r#"{"kind":"rung","strategy":null,"score":0}"#,
        ),
    ] {
        assert_eq!(text(&solver_wasm::rate(grid, options(opts)).unwrap()), want);
    }
    let r = solver_wasm::rate(&empty, options(r#"{"maxNodes": 1000}"#)).unwrap();
    assert_eq!(
        text(&r),
        format!(
            r#"{{"kind":"search","nodes":{}}}"#,
            get(&r, "nodes").as_f64().unwrap()
        )
    );
}

// ---- errors as data (src/errors.rs) ---------------------------------------------------------

/// The names of an array of strings.
fn strings(v: &JsValue) -> Vec<String> {
    Array::from(v)
        .iter()
        .map(|s| s.as_string().unwrap())
        .collect()
}

fn has(v: &JsValue, key: &str) -> bool {
    Reflect::has(v, &JsValue::from_str(key)).unwrap()
}

#[wasm_bindgen_test]
fn a_conflict_throws_an_error_carrying_its_boxes_unit_and_digit() {
    let mut grid = ".".repeat(81);
    grid.replace_range(2..3, "3");
    grid.replace_range(29..30, "3");
    for err in [
        parse(&grid, false).unwrap_err(),
        solve_packed(&grid, JsValue::UNDEFINED)
            .map(|_| ())
            .unwrap_err(),
    ] {
        assert!(err.is_instance_of::<js_sys::Error>());
        assert_eq!(get(&err, "kind").as_string().unwrap(), "conflict");
        assert_eq!(strings(&get(&err, "boxes")), ["A3", "D3"]);
        assert_eq!(get(&err, "unit").as_string().unwrap(), "column 3");
        assert_eq!(get(&err, "digit").as_f64(), Some(3.0));
        assert!(!has(&err, "line") && !has(&err, "step") && !has(&err, "field"));
        assert_eq!(
            get(&err, "message").as_string().unwrap(),
            "givens conflict: A3 and D3 are both 3 in column 3"
        );
    }
}

#[wasm_bindgen_test]
fn a_bad_character_throws_its_line_column_and_box() {
    let text = format!("{}\n{}x{}", ".".repeat(9), ".".repeat(4), ".".repeat(67));
    let err = parse(&text, false).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "invalid_character");
    assert_eq!(get(&err, "line").as_f64(), Some(2.0));
    assert_eq!(get(&err, "column").as_f64(), Some(5.0));
    assert_eq!(strings(&get(&err, "boxes")), ["B5"]);
    let err = parse("1234", false).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "wrong_count");
    assert!(!has(&err, "boxes"));
}

#[wasm_bindgen_test]
fn option_errors_name_the_option_when_known() {
    let err = solve(EASY, options(r#"{"strategies": ["guessing"]}"#)).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "options");
    assert_eq!(get(&err, "field").as_string().unwrap(), "strategies");
    let err = compare(EASY, options(r#"{"diagonal": "yes"}"#)).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "options");
    assert!(err.is_instance_of::<js_sys::Error>());
}
