//! `openTrace` where the page calls it, in a dedicated worker (`FileReaderSync` exists only in
//! workers): a `File` holding a trace opens packed exactly as `solvePacked` packs the same solve;
//! an invalid one throws an `Error` carrying step, field and boxes; one over the cap is refused
//! from its size.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect, Uint8Array, JSON};
use solver_core::check::CheckLimits;
use solver_wasm::{open_trace, solve_packed};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{File, FilePropertyBag};

wasm_bindgen_test_configure!(run_in_dedicated_worker);

const HARDER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("a property")
}

fn file_of(parts: &Array) -> File {
    let bag = FilePropertyBag::new();
    bag.set_type("application/json");
    File::new_with_u8_array_sequence_and_options(parts, "trace.json", &bag)
        .or_else(|_| File::new_with_str_sequence_and_options(parts, "trace.json", &bag))
        .expect("a File")
}

fn file(text: &str) -> File {
    file_of(&Array::of1(&JsValue::from_str(text)))
}

fn trace_json() -> String {
    let grid = solver_core::parse(HARDER, solver_core::Variant::Standard).unwrap();
    serde_json::to_string(&solver_core::solve_traced(&grid, &Default::default())).unwrap()
}

#[wasm_bindgen_test]
fn a_valid_trace_opens_packed_as_solve_packed_packs_it() {
    let mut opened = open_trace(file(&trace_json()), JsValue::UNDEFINED).unwrap();
    let mut solved = solve_packed(HARDER, JsValue::UNDEFINED).unwrap();
    assert_eq!(opened.json(), solved.json());
    assert_eq!(opened.units(), solved.units());
    assert_eq!(opened.kinds(), solved.kinds());
    assert_eq!(opened.steps(), solved.steps());
    assert_eq!(opened.evidence_units(), solved.evidence_units());
    assert_eq!(opened.unit_ends(), solved.unit_ends());
    assert_eq!(opened.evidence_boxes(), solved.evidence_boxes());
    assert_eq!(opened.box_ends(), solved.box_ends());
    assert_eq!(opened.chain_nodes(), solved.chain_nodes());
    assert_eq!(opened.chain_ends(), solved.chain_ends());
    assert_eq!(opened.boxes(), solved.boxes());
    assert_eq!(opened.before(), solved.before());
    assert_eq!(opened.after(), solved.after());
    assert_eq!(opened.ends(), solved.ends());
}

/// A trace with chain steps (HARDER's XY-chain at node 3) opens with its chains, as solved.
#[wasm_bindgen_test]
fn a_trace_with_chains_opens_with_them() {
    let names = "eliminate,only_choice,naked_twins,xy_chain";
    let opts = solver_core::Options {
        strategies: solver_core::StrategySet::parse_list(names).unwrap(),
        ..Default::default()
    };
    let grid = solver_core::parse(HARDER, solver_core::Variant::Standard).unwrap();
    let text = serde_json::to_string(&solver_core::solve_traced(&grid, &opts)).unwrap();
    let mut opened = open_trace(file(&text), JsValue::UNDEFINED).unwrap();
    let js_opts =
        JSON::parse(r#"{"strategies": ["eliminate", "only_choice", "naked_twins", "xy_chain"]}"#)
            .unwrap();
    let mut solved = solve_packed(HARDER, js_opts).unwrap();
    let nodes = opened.chain_nodes();
    assert!(!nodes.is_empty(), "a chain step");
    assert_eq!(nodes, solved.chain_nodes());
    assert_eq!(opened.chain_ends(), solved.chain_ends());
    assert_eq!(opened.steps(), solved.steps());
}

#[wasm_bindgen_test]
fn an_invalid_trace_throws_an_error_with_step_field_and_boxes() {
    let mut v: serde_json::Value = serde_json::from_str(&trace_json()).unwrap();
    let b = v["steps"][3]["changes"][0]["box"]
        .as_str()
        .unwrap()
        .to_string();
    v["steps"][3]["changes"][0]["before"] = serde_json::json!("");
    let err = open_trace(file(&v.to_string()), JsValue::UNDEFINED)
        .map(|_| ())
        .unwrap_err();
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(get(&err, "kind").as_string().unwrap(), "trace_replay");
    assert_eq!(get(&err, "step").as_f64(), Some(3.0));
    assert_eq!(get(&err, "field").as_string().unwrap(), "changes[0].before");
    let boxes: Vec<String> = Array::from(&get(&err, "boxes"))
        .iter()
        .map(|s| s.as_string().unwrap())
        .collect();
    assert_eq!(boxes, std::slice::from_ref(&b));
    let message = get(&err, "message").as_string().unwrap();
    assert!(
        message.starts_with(&format!("steps[3].changes[0].before (box {b}): ")),
        "{message}"
    );

    let err = open_trace(file("{\"format\": 2,"), JsValue::UNDEFINED)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "trace_json");
    assert_eq!(get(&err, "line").as_f64(), Some(1.0));
    assert!(get(&err, "column").as_f64().is_some());
}

#[wasm_bindgen_test]
fn an_oversized_file_is_refused_from_its_size() {
    let text = trace_json();
    let caps = JSON::parse(r#"{"maxBytes": 1000}"#).unwrap();
    let err = open_trace(file(&text), caps).map(|_| ()).unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "trace_too_large");
    assert!(get(&err, "message")
        .as_string()
        .unwrap()
        .contains(&format!("{} bytes", text.len())));
    // 100 MB of zero bytes under the page's step cap: refused by its size, whatever it holds.
    let big = Uint8Array::new_with_length(100 << 20);
    let caps = JSON::parse(r#"{"maxSteps": 50000, "maxNodes": 200000}"#).unwrap();
    let err = open_trace(file_of(&Array::of1(&big)), caps)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "trace_too_large");
    let limit = CheckLimits::for_limits(&solver_core::Limits {
        max_steps: 50_000,
        ..Default::default()
    });
    assert!(get(&err, "message").as_string().unwrap().contains(&format!(
        "{} bytes (a trace is read up to {} bytes)",
        100 << 20,
        limit.max_bytes
    )));
    // The step cap of the options.
    let caps = JSON::parse(r#"{"maxSteps": 10}"#).unwrap();
    let err = open_trace(file(&text), caps).map(|_| ()).unwrap_err();
    assert_eq!(
        get(&err, "kind").as_string().unwrap(),
        "trace_too_many_steps"
    );
}

/// A `File` of these bytes.
fn file_of_bytes(bytes: &[u8]) -> File {
    file_of(&Array::of1(&Uint8Array::from(bytes)))
}

#[wasm_bindgen_test]
fn the_files_bytes_are_read_as_propagate_check_reads_them() {
    // One answer with the CLI (solver_core::check::text_of): a UTF-8 byte order mark is
    // skipped; UTF-16 is refused by name, not decoded by the browser; bytes that are not UTF-8
    // are refused where they are, not replaced.
    let json = trace_json();
    let bom = [&b"\xef\xbb\xbf"[..], json.as_bytes()].concat();
    let opened = open_trace(file_of_bytes(&bom), JsValue::UNDEFINED).unwrap();
    let solved = solve_packed(HARDER, JsValue::UNDEFINED).unwrap();
    assert_eq!(opened.json(), solved.json());

    let utf16: Vec<u8> = [0xfeff_u16]
        .into_iter()
        .chain(json.encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    let err = open_trace(file_of_bytes(&utf16), JsValue::UNDEFINED)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "trace_json");
    let message = get(&err, "message").as_string().unwrap();
    assert!(
        message.contains("the text is UTF-16 (little-endian); a trace is UTF-8"),
        "{message}"
    );

    let at = json.find("\"variant\"").unwrap() + 1;
    let mut latin1 = json.clone().into_bytes();
    latin1[at] = 0xe9;
    let err = open_trace(file_of_bytes(&latin1), JsValue::UNDEFINED)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(get(&err, "kind").as_string().unwrap(), "trace_json");
    let message = get(&err, "message").as_string().unwrap();
    assert!(
        message.contains(&format!("byte {at} (0xe9) is not UTF-8")),
        "{message}"
    );
    assert_eq!(get(&err, "line").as_f64(), Some(1.0));
}
