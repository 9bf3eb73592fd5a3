//! The facade in a real browser (headless Chromium via wasm-bindgen-test-runner):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p solver-wasm --target wasm32-unknown-unknown`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect, JSON};
use serde_json::Value;
use solver_wasm::packed::{
    BACKTRACK, BOX, BOX2, DEPTH, DIGIT, DIGITS, GUESS, KIND, NODE, PARENT, STEP_WORDS, STOP, UNIT,
};
use solver_wasm::{
    compare, export_puzzle, open_puzzle, parse, rate, solve_packed, strategies, verdict,
    PackedTrace,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// EASY's solution with a deadly rectangle emptied (A2, A7, B2, B7): two solutions, and a search
/// of every rung finishes at once (on an empty grid each node tries every forcing rung: seconds).
const TWO_SOLUTIONS: &str =
    "4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382";
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

/// The core's options for the options object written `json`, as the facade reads it.
fn core_options(json: &str) -> solver_core::Options {
    let js: Value = serde_json::from_str(json).unwrap();
    let number = |key: &str| js[key].as_u64();
    solver_wasm::to_core(&solver_wasm::SolveOptions {
        diagonal: js["diagonal"].as_bool().unwrap_or(false),
        strategies: js["strategies"]
            .as_array()
            .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect()),
        max_nodes: number("maxNodes"),
        max_steps: number("maxSteps").map(|n| n as usize),
    })
    .unwrap()
}

/// The core's trace of `text` under the options written `opts`, as serde_json writes it: what
/// the packed trace must hold.
fn serde_trace(text: &str, opts: &str) -> Value {
    let o = core_options(opts);
    let trace = solver_core::solve_traced(&solver_core::parse(text, o.variant).unwrap(), &o);
    serde_json::to_value(&trace).unwrap()
}

/// The packed trace's header (its JSON text), parsed.
fn header(p: &PackedTrace) -> Value {
    serde_json::from_str(&p.json()).unwrap()
}

#[wasm_bindgen_test]
fn solving_the_diagonal_example_gives_the_documented_header_and_the_units() {
    let p = solve_packed(DIAGONAL, options(r#"{"diagonal": true}"#)).unwrap();
    let h = header(&p);
    assert_eq!(h["format"], 4);
    assert_eq!(h["variant"], "diagonal");
    assert_eq!(h["units"], serde_json::json!([]), "the units come apart");
    assert_eq!(
        h["steps"],
        serde_json::json!([]),
        "the steps come as numbers"
    );
    let units: Value = serde_json::from_str(&p.units()).unwrap();
    assert_eq!(units.as_array().unwrap().len(), 29);
    assert_eq!(h["outcome"]["verdict"], "solved");
    assert_eq!(h["outcome"]["solution"], DIAGONAL_SOLUTION);
    let kinds: Value = serde_json::from_str(&p.kinds()).unwrap();
    assert_eq!(kinds["strategies"][0], solver_core::REGISTRY[0].id);
    assert_eq!(kinds["contradictions"][1], "no_place");
    assert_eq!(kinds["rules"][1], "fixpoint");
}

#[wasm_bindgen_test]
fn the_packed_changes_replay_to_the_solution() {
    let mut p = solve_packed(EASY, JsValue::UNDEFINED).unwrap();
    let h = header(&p);
    let mut cells: Vec<u16> = h["initial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            d.as_str()
                .unwrap()
                .bytes()
                .fold(0, |m, c| m | 1 << (c - b'1'))
        })
        .collect();
    let (boxes, before, after) = (p.boxes(), p.before(), p.after());
    assert!(!boxes.is_empty());
    for j in 0..boxes.len() {
        let b = usize::from(boxes[j]);
        assert_eq!(cells[b], before[j], "change {j}");
        cells[b] = after[j];
    }
    let solution: String = cells
        .iter()
        .map(|&m| char::from(b'1' + m.trailing_zeros() as u8))
        .collect();
    assert!(cells.iter().all(|m| m.count_ones() == 1));
    assert_eq!(solution, h["outcome"]["solution"]);
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
        // Only the killer's rungs act on cages alone.
        assert_eq!(
            get(&s, "cages").as_bool(),
            Some(matches!(id.as_str(), "cage_combinations" | "rule_of_45")),
            "{id}"
        );
    }
}

#[wasm_bindgen_test]
fn strategies_can_be_switched_off() {
    let p = solve_packed(EASY, options(r#"{"strategies": ["eliminate"]}"#)).unwrap();
    let h = header(&p);
    assert_eq!(h["strategies"], serde_json::json!(["eliminate"]));
    assert_eq!(h["stats"]["steps"]["only_choice"], 0);
    assert_eq!(h["stats"]["steps"]["naked_twins"], 0);
}

#[wasm_bindgen_test]
fn a_node_cap_is_reported_as_capped() {
    // Pure search on an empty grid with a cap of 5 nodes cannot finish.
    let empty = ".".repeat(81);
    let p = solve_packed(&empty, options(r#"{"strategies": [], "maxNodes": 5}"#)).unwrap();
    let outcome = &header(&p)["outcome"];
    assert_eq!(outcome["verdict"], "capped");
    assert_eq!(outcome["limit"], "nodes");
}

#[wasm_bindgen_test]
fn bad_options_throw() {
    let message = |opts: &str| {
        let err: JsValue = solve_packed(EASY, options(opts)).map(|_| ()).unwrap_err();
        get(&err, "message").as_string().unwrap()
    };
    assert!(message(r#"{"strategies": ["guessing"]}"#).contains("unknown strategy 'guessing'"));
    assert!(message(r#"{"diagonal": "yes"}"#).starts_with("bad options"));
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
            "eliminate,only_choice,no_place"
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

/// A box's index, 0..81, from its name in a trace.
fn box_index(name: &Value) -> u32 {
    let b = name.as_str().unwrap().as_bytes();
    u32::from(b[0] - b'A') * 9 + u32::from(b[1] - b'1')
}

/// Digits as a trace writes them (`"2379"`) as a 9-bit mask.
fn mask(digits: &Value) -> u32 {
    digits
        .as_str()
        .unwrap()
        .bytes()
        .fold(0, |m, c| m | 1 << (c - b'1'))
}

/// The packed trace, read word by word, against the core's trace as serde_json writes it, in the
/// browser: every step's kind (by the kinds' names), node, depth and other words, its evidence,
/// every change; the header and the units are that JSON's text without steps and units. (The
/// page's decoder, www/trace/packed.js, turns the same arrays back into serde_json's text byte for
/// byte: www/tests/trace/packed.test.js on the fixture packed.rs's tests write.)
#[wasm_bindgen_test]
fn the_packed_trace_is_the_cores_trace() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let harder =
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    let mut seen = std::collections::BTreeSet::new();
    for (text, opts) in [
        (hard, r#"{"maxSteps": 20000}"#),
        (
            harder,
            r#"{"strategies": ["only_choice", "no_place"], "maxSteps": 5000}"#,
        ),
        (DIAGONAL, r#"{"diagonal": true}"#),
        // Chain steps (an XY-chain at node 3).
        (
            hard,
            r#"{"strategies": ["eliminate", "only_choice", "naked_twins", "xy_chain"]}"#,
        ),
    ] {
        let want = serde_trace(text, opts);
        let mut p = solve_packed(text, options(opts)).unwrap();
        let mut rest = want.clone();
        rest["units"] = serde_json::json!([]);
        rest["steps"] = serde_json::json!([]);
        assert_eq!(header(&p), rest);
        let units: Value = serde_json::from_str(&p.units()).unwrap();
        assert_eq!(units, want["units"]);
        let unit_index = |name: &Value| {
            units
                .as_array()
                .unwrap()
                .iter()
                .position(|u| &u["name"] == name)
                .unwrap() as u32
        };
        let kinds: Value = serde_json::from_str(&p.kinds()).unwrap();
        let position = |list: &str, name: &Value| {
            kinds[list]
                .as_array()
                .unwrap()
                .iter()
                .position(|n| n == name)
                .unwrap() as u32
        };
        let (words, ends) = (p.steps(), p.ends());
        assert!(p.steps().is_empty(), "an array is handed over once");
        let (ev_units, unit_ends) = (p.evidence_units(), p.unit_ends());
        let (ev_boxes, box_ends) = (p.evidence_boxes(), p.box_ends());
        let (chain_nodes, chain_ends) = (p.chain_nodes(), p.chain_ends());
        let (boxes, before, after) = (p.boxes(), p.before(), p.after());
        let steps = want["steps"].as_array().unwrap();
        assert_eq!(words.len(), steps.len() * STEP_WORDS);
        let (mut j, mut u, mut b, mut ch) = (0, 0, 0, 0);
        for (k, step) in steps.iter().enumerate() {
            let w = &words[k * STEP_WORDS..(k + 1) * STEP_WORDS];
            let mut expect = [0u32; STEP_WORDS];
            expect[NODE] = step["node"].as_u64().unwrap() as u32;
            expect[DEPTH] = step["depth"].as_u64().unwrap() as u32;
            let number = |key: &str| step[key].as_u64().unwrap() as u32;
            match step["kind"].as_str().unwrap() {
                "guess" => {
                    expect[KIND] = GUESS;
                    expect[PARENT] = number("parent");
                    expect[BOX] = box_index(&step["box"]);
                    expect[DIGIT] = number("digit");
                    expect[DIGITS] = mask(&step["choices"]);
                }
                "backtrack" => {
                    let c = &step["contradiction"];
                    expect[KIND] = BACKTRACK + position("contradictions", &c["kind"]);
                    expect[PARENT] = number("parent");
                    if c.get("box").is_some() {
                        expect[BOX] = box_index(&c["box"]);
                    }
                    if let Some(pair) = c.get("boxes") {
                        expect[BOX] = box_index(&pair[0]);
                        expect[BOX2] = box_index(&pair[1]);
                    }
                    if c.get("unit").is_some() {
                        expect[UNIT] = unit_index(&c["unit"]);
                    }
                    if let Some(d) = c.get("digit") {
                        expect[DIGIT] = d.as_u64().unwrap() as u32;
                    }
                    if c.get("choices").is_some() {
                        expect[DIGITS] = mask(&c["choices"]);
                    }
                }
                "stop" => {
                    expect[KIND] = STOP + position("rules", &step["rule"]);
                    expect[PARENT] = number("rounds");
                    expect[DIGITS] = number("removed");
                    expect[DIGIT] = step["pending"].as_bool().unwrap().into();
                }
                id => {
                    expect[KIND] = position("strategies", &Value::from(id));
                    expect[DIGITS] = mask(&step["digits"]);
                    let names: Vec<u8> = step["units"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| unit_index(n) as u8)
                        .collect();
                    assert_eq!(ev_units[u..unit_ends[k] as usize], names, "step {k}");
                    let cells: Vec<u8> = step["boxes"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| box_index(n) as u8)
                        .collect();
                    assert_eq!(ev_boxes[b..box_ends[k] as usize], cells, "step {k}");
                    // A chain's node: box | digit << 8 | link to the next << 12 (1 strong, 2 weak).
                    let mut nodes = Vec::new();
                    if let Some(chain) = step.get("chain") {
                        let links = chain["links"].as_array().unwrap();
                        for (i, n) in chain["nodes"].as_array().unwrap().iter().enumerate() {
                            let link = match links.get(i).and_then(|l| l.as_str()) {
                                Some("strong") => 1,
                                Some(_) => 2,
                                None => 0,
                            };
                            let digit = n["digit"].as_u64().unwrap() as u16;
                            nodes.push(box_index(&n["box"]) as u16 | digit << 8 | link << 12);
                        }
                        seen.insert("chain".to_string());
                    }
                    assert_eq!(chain_nodes[ch..chain_ends[k] as usize], nodes, "step {k}");
                }
            }
            (u, b) = (unit_ends[k] as usize, box_ends[k] as usize);
            ch = chain_ends[k] as usize;
            assert_eq!(w, expect, "step {k}: {step}");
            seen.insert(match w[KIND] {
                k if k < GUESS => "strategy".to_string(),
                GUESS => "guess".to_string(),
                k if k < STOP => format!("backtrack {}", k - BACKTRACK),
                k => format!("stop {}", k - STOP),
            });
            for c in step["changes"].as_array().unwrap() {
                assert_eq!(
                    (
                        u32::from(boxes[j]),
                        u32::from(before[j]),
                        u32::from(after[j])
                    ),
                    (box_index(&c["box"]), mask(&c["before"]), mask(&c["after"])),
                    "step {k}, change {j}"
                );
                j += 1;
            }
            assert_eq!(ends[k] as usize, j);
        }
        assert_eq!((j, u, b), (boxes.len(), ev_units.len(), ev_boxes.len()));
        assert_eq!(ch, chain_nodes.len());
    }
    for kind in [
        "chain",
        "strategy",
        "guess",
        "backtrack 1",
        "backtrack 3",
        "stop 0",
        "stop 1",
    ] {
        assert!(seen.contains(kind), "{kind} in {seen:?}");
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
fn the_rating_names_its_hardest_step_or_the_search() {
    let r = solver_wasm::rate(EASY, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&r, "kind").as_string().unwrap(), "steps");
    let id = get(&r, "strategy").as_string().unwrap();
    let registry: Array = strategies().unwrap().dyn_into().unwrap();
    assert!(registry
        .iter()
        .any(|s| get(&s, "id").as_string().as_deref() == Some(id.as_str())));
    assert_eq!(
        get(&r, "technique").as_string().unwrap(),
        "hidden_single_square"
    );
    assert_eq!(
        get(&r, "label").as_string().unwrap(),
        "Hidden single in a square"
    );
    assert_eq!(get(&r, "score").as_f64(), Some(1.2));
    let step = get(&r, "step").as_f64().unwrap();
    assert!(step >= 0.0 && step < get(&r, "steps").as_f64().unwrap());
    let r = solver_wasm::rate(TWO_SOLUTIONS, options(r#"{"maxNodes": 1000}"#)).unwrap();
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

/// The hand-built results (src/js.rs, src/json_text.rs's comparison) are the values serde-wasm-bindgen makes
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
        (TWO_SOLUTIONS, r#"{"maxNodes": 1}"#),
        (EASY, r#"{"maxSteps": 40, "maxNodes": 2000}"#),
        (dead.as_str(), r#"{"strategies": ["eliminate"]}"#),
        (
            norvig,
            r#"{"strategies": ["eliminate", "naked_twins"], "maxNodes": 50}"#,
        ),
    ] {
        let core = core_options(opts);
        let g = solver_core::parse(grid, core.variant).unwrap();
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
    // A complete grid: no step is hard, and its step count is the core's.
    let complete = solver_core::parse(DIAGONAL_SOLUTION, solver_core::Variant::Standard).unwrap();
    let complete_steps = match solver_core::rate(&complete, &solver_core::Options::default()) {
        solver_core::Rating::Steps {
            hardest: None,
            steps,
        } => steps,
        other => panic!("{other:?}"),
    };
    for (grid, opts, want) in [
        (
            EASY,
            "{}",
            r#"{"kind":"steps","technique":"hidden_single_square","label":"Hidden single in a square","strategy":"only_choice","score":1.2,"step":32,"steps":94}"#.to_string(),
        ),
        (
            norvig,
            r#"{"maxNodes": 200000}"#,
            r#"{"kind":"no_solution"}"#.to_string(),
        ),
        (
            empty.as_str(),
            r#"{"maxNodes": 1}"#,
            r#"{"kind":"capped","limit":"nodes","max":1}"#.to_string(),
        ),
        (
            DIAGONAL_SOLUTION,
            "{}",
            format!(
                r#"{{"kind":"steps","technique":null,"label":null,"strategy":null,"score":0,"step":null,"steps":{complete_steps}}}"#
            ),
        ),
    ] {
        assert_eq!(text(&solver_wasm::rate(grid, options(opts)).unwrap()), want);
    }
    let r = solver_wasm::rate(TWO_SOLUTIONS, options(r#"{"maxNodes": 1000}"#)).unwrap();
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
    let err = solve_packed(EASY, options(r#"{"strategies": ["guessing"]}"#))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "options");
    assert_eq!(get(&err, "field").as_string().unwrap(), "strategies");
    let err = compare(EASY, options(r#"{"diagonal": "yes"}"#)).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "options");
    assert!(err.is_instance_of::<js_sys::Error>());
}

#[wasm_bindgen_test]
fn a_hint_gives_three_levels_and_the_step_as_the_trace_decoder_makes_it() {
    let h = solver_wasm::hint(EASY, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&h, "kind").as_string().unwrap(), "step");
    assert_eq!(
        get(&h, "technique").as_string().unwrap(),
        "hidden_single_square"
    );
    let levels: Array = get(&h, "levels").dyn_into().unwrap();
    let levels: Vec<String> = levels.iter().map(|l| l.as_string().unwrap()).collect();
    assert_eq!(
        levels,
        [
            "Look for: Hidden single in a square",
            "Where: square A1-C3, digit 6",
            "Only choice: in square A1-C3, 6 fits only in B2, so B2 is 6",
        ]
    );
    // The step: a strategy step as www/trace/packed.js decodes one.
    let step = get(&h, "step");
    assert_eq!(get(&step, "kind").as_string().unwrap(), "only_choice");
    let units: Array = get(&step, "units").dyn_into().unwrap();
    assert_eq!(units.get(0).as_string().unwrap(), "square A1-C3");
    let boxes: Array = get(&step, "boxes").dyn_into().unwrap();
    assert_eq!(boxes.get(0).as_string().unwrap(), "B2");
    assert_eq!(get(&step, "digits").as_f64(), Some(32.0));
    let changes: Array = get(&step, "changes").dyn_into().unwrap();
    assert_eq!(changes.length(), 1);
    let change = changes.get(0);
    assert_eq!(get(&change, "box").as_string().unwrap(), "B2");
    assert_eq!(get(&change, "after").as_f64(), Some(32.0));
    assert!(get(&change, "before").as_f64().unwrap() > 32.0);
    // No chain: none handed over (a chain step's nodes come in the packed trace's encoding).
    let chain: js_sys::Uint16Array = get(&step, "chainNodes").dyn_into().unwrap();
    assert_eq!(chain.length(), 0);
    // Not a forcing step: no branches (the packed trace's forcing text of a step without).
    assert_eq!(get(&step, "forcing").as_string().unwrap(), "[]");
    // The grid after the step, as parse gives candidates.
    let after: js_sys::Uint16Array = get(&h, "candidates").dyn_into().unwrap();
    assert_eq!(after.length(), 81);
    assert_eq!(after.get_index(10), 32);
    // A wrong digit, told against the givens.
    let wrong = format!("5{}", &EASY[1..]);
    let h = solver_wasm::hint(&wrong, options(&format!(r#"{{"givens": "{EASY}"}}"#))).unwrap();
    assert_eq!(get(&h, "kind").as_string().unwrap(), "mistakes");
    let boxes: Array = get(&h, "wrong").dyn_into().unwrap();
    assert_eq!(boxes.get(0).as_string().unwrap(), "A1");
    assert!(solver_wasm::hint(EASY, options(r#"{"givens": 5}"#)).is_err());
}

#[wasm_bindgen_test]
fn the_rating_s_walk_is_a_trace_its_step_indexes() {
    let r = solver_wasm::rate(EASY, JsValue::UNDEFINED).unwrap();
    let step = get(&r, "step").as_f64().unwrap() as u32;
    let steps = get(&r, "steps").as_f64().unwrap() as u32;
    let mut p = solve_packed(EASY, options(r#"{"walk": true}"#)).unwrap();
    let words = p.steps();
    assert_eq!(words.len(), steps as usize * STEP_WORDS);
    // The hardest step is only choice's (a hidden single in a square).
    let kind = words[step as usize * STEP_WORDS + KIND] as usize;
    assert_eq!(solver_core::REGISTRY[kind].id, "only_choice");
    // A puzzle the easiest steps leave unsolved has no walk.
    assert!(solve_packed(&".".repeat(81), options(r#"{"walk": true}"#)).is_err());
    assert!(solve_packed(EASY, options(r#"{"walk": 1}"#)).is_err());
}

#[wasm_bindgen_test]
fn generate_makes_a_unique_puzzle_that_needs_the_rung_asked_for_and_reports_its_tries() {
    let calls = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let seen = calls.clone();
    let progress =
        wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |tries: JsValue| {
            assert!(tries.as_f64().unwrap() >= 1.0);
            seen.set(seen.get() + 1);
        });
    let made = solver_wasm::generate(
        options(r#"{"seed": 11, "needs": "x_wing", "maxTries": 5000}"#),
        progress.as_ref().unchecked_ref(),
    )
    .unwrap();
    let puzzle = get(&made, "puzzle").as_string().unwrap();
    assert_eq!(puzzle.len(), 81);
    let tries = get(&made, "tries").as_f64().unwrap() as u32;
    // Called before each try after the first.
    assert_eq!(calls.get(), tries - 1);
    // One solution, by the verdict engine; the ladder without the X-wing guesses, with it not.
    let v = solver_wasm::verdict(&puzzle, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&v, "solutions").as_f64(), Some(1.0));
    let grid = solver_core::parse(&puzzle, solver_core::Variant::Standard).unwrap();
    let x = solver_core::registry::position("x_wing").unwrap();
    assert!(solver_core::generate::needs(
        &grid,
        solver_core::Variant::Standard,
        x
    ));
    let rating = get(&made, "rating");
    assert_eq!(get(&rating, "kind").as_string().unwrap(), "steps");
    // The same seed, the same puzzle.
    let again = solver_wasm::generate(
        options(r#"{"seed": 11, "needs": "x_wing", "maxTries": 5000}"#),
        progress.as_ref().unchecked_ref(),
    )
    .unwrap();
    assert_eq!(get(&again, "puzzle").as_string().unwrap(), puzzle);
}

#[wasm_bindgen_test]
fn generate_gives_up_after_its_tries_with_an_error_saying_so() {
    let progress = js_sys::Function::new_no_args("");
    // A puzzle that needs Eliminate rates 2.3 at most: none is rated 9 to 10.
    let err = solver_wasm::generate(
        options(
            r#"{"seed": 1, "needs": "eliminate", "ratingMin": 9, "ratingMax": 10, "maxTries": 20}"#,
        ),
        &progress,
    )
    .unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "gave_up");
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("20 tries"));
    // A rung that makes no step: refused at once, no puzzle made.
    let err = solver_wasm::generate(options(r#"{"needs": "no_place"}"#), &progress).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "options");
    assert_eq!(get(&err, "field").as_string().unwrap(), "needs");
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("makes no step"));
    let err = solver_wasm::generate(options(r#"{"needs": "guessing"}"#), &progress).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "options");
    assert_eq!(get(&err, "field").as_string().unwrap(), "needs");
    // A rung only cages use is refused at once, by name, without a try.
    let err = solver_wasm::generate(options(r#"{"needs": "rule_of_45"}"#), &progress).unwrap_err();
    assert_eq!(get(&err, "field").as_string().unwrap(), "needs");
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains("rule-of-45"));
}

/// An anti-king puzzle (the page's sample) as its ISS string, and its solution.
const ANTI_KING: &str = ".AntiKing.~R1C2_5~R1C3_2~R1C7_1~R2C2_3~R2C9_6~R4C4_4~R4C8_7~R5C3_6~R5C6_9~R5C7_2~R6C6_1~R7C4_1~R8C4_7~R8C8_2~R8C9_4~R9C2_2~R9C3_4~R9C5_6~R9C7_7~R9C9_5";
const ANTI_KING_SOLUTION: &str =
    "452698137138527946679314582281456379346879251597231468765142893913785624824963715";

#[wasm_bindgen_test]
fn a_variant_opens_parses_and_solves_in_its_topology() {
    let opened = open_puzzle(ANTI_KING).unwrap();
    assert_eq!(get(&opened, "text").as_string().unwrap(), ANTI_KING);
    assert_eq!(
        get(&opened, "puzzle").as_string().unwrap(),
        r#"{"constraints":[{"kind":"anti-king"}]}"#
    );
    assert!(open_puzzle(EASY).unwrap().is_null());
    assert_eq!(parse(ANTI_KING, false).unwrap()[1], 1 << 4);
    let v = verdict(ANTI_KING, JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&v, "solutions").as_f64(), Some(1.0));
    assert_eq!(get(&v, "solution").as_string().unwrap(), ANTI_KING_SOLUTION);
    let p = solve_packed(ANTI_KING, JsValue::UNDEFINED).unwrap();
    assert_eq!(header(&p)["outcome"]["solution"], ANTI_KING_SOLUTION);
    // Rated, hinted and compared in its own topology.
    // The rating: the core's in the anti-king's topology (the forcing rungs finish it: steps).
    let r = rate(ANTI_KING, JsValue::UNDEFINED).unwrap();
    let opts = solver_wasm::to_core(&solver_wasm::SolveOptions::default()).unwrap();
    let (grid, model, _) =
        solver_wasm::shared::model(ANTI_KING, solver_core::Variant::Standard).unwrap();
    let core = solver_core::rate_in(&grid, &model.unwrap().0, &opts);
    assert_eq!(
        JSON::stringify(&r).unwrap(),
        JSON::stringify(&solver_wasm::RatingJs::of(core, &opts).to_js()).unwrap()
    );
    assert_eq!(get(&r, "kind").as_string().unwrap(), "steps");
    let h = solver_wasm::hint(
        ANTI_KING_SOLUTION,
        options(&format!(r#"{{"givens": "{ANTI_KING}"}}"#)),
    )
    .unwrap();
    assert_eq!(get(&h, "kind").as_string().unwrap(), "solved");
    let rungs = compare(ANTI_KING, JsValue::UNDEFINED).unwrap();
    assert!(Array::from(&rungs).length() > 1);
    let peers = solver_wasm::peers(ANTI_KING, false).unwrap();
    // A1 sees its row, column and square (20) and, by a king's move, nothing more.
    assert_eq!(peers[0], 20);
    // Exported and read back: the same puzzle.
    let link = export_puzzle(ANTI_KING, false).unwrap();
    assert_eq!(
        get(&open_puzzle(&link).unwrap(), "text")
            .as_string()
            .unwrap(),
        ANTI_KING
    );
}

#[wasm_bindgen_test]
fn a_puzzle_refused_throws_its_kind_and_box() {
    let e = parse(".Thermo~R1C1~R1C2", false).unwrap_err();
    assert_eq!(get(&e, "kind").as_string().unwrap(), "puzzle_unsupported");
    assert!(get(&e, "message").as_string().unwrap().contains("Thermo"));
    let e = open_puzzle(".AntiKnight.~R1C1_5~R2C3_5").unwrap_err();
    assert_eq!(get(&e, "kind").as_string().unwrap(), "conflict");
    let boxes: Vec<String> = Array::from(&get(&e, "boxes"))
        .iter()
        .map(|b| b.as_string().unwrap())
        .collect();
    assert_eq!(boxes, ["A1", "B3"]);
}
