//! `propagate check FILE`, end to end: what `propagate trace` writes and what python/PySudoku.py
//! makes of a course-style solution's run both check (`ok <N> steps`, exit 0); corrupted
//! variants get the error naming step, field and box, and exit 1.

use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Command, Output};

const HARDER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const DIAGONAL: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
/// Norvig's puzzle with no solution.
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

fn propagate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_propagate"))
        .args(args)
        .output()
        .expect("run propagate")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// A file in a directory of this test's own, removed by the next run.
fn file(name: &str, contents: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `propagate check` on `contents`: (exit code, stdout, stderr).
fn check(name: &str, contents: &str, extra: &[&str]) -> (i32, String, String) {
    let path = file(name, contents);
    let mut args = vec!["check", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = propagate(&args);
    (o.status.code().unwrap(), text(&o.stdout), text(&o.stderr))
}

fn steps_of(json: &str) -> usize {
    serde_json::from_str::<Value>(json).unwrap()["steps"]
        .as_array()
        .unwrap()
        .len()
}

fn trace(args: &[&str]) -> String {
    let mut all = vec!["trace"];
    all.extend_from_slice(args);
    let o = propagate(&all);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn what_propagate_trace_writes_checks() {
    for (name, args) in [
        ("harder.json", vec![HARDER]),
        ("harder-pretty.json", vec!["--pretty", HARDER]),
        ("diagonal.json", vec!["--diagonal", DIAGONAL]),
        ("eliminate.json", vec!["--strategies", "eliminate", HARDER]),
        (
            "pure.json",
            vec!["--strategies", "none", "--max-nodes", "300", HARDER],
        ),
        ("capped-steps.json", vec!["--max-steps", "700", IMPOSSIBLE]),
        ("capped-nodes.json", vec!["--max-nodes", "100", IMPOSSIBLE]),
    ] {
        let json = trace(&args);
        let (code, out, err) = check(name, &json, &[]);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(out, format!("ok {} steps\n", steps_of(&json)), "{name}");
        assert_eq!(err, "");
    }
}

#[test]
fn corrupted_traces_name_step_field_and_box_and_exit_1() {
    let json = trace(&[HARDER]);
    let mut v: Value = serde_json::from_str(&json).unwrap();
    let k = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s["kind"] == "only_choice")
        .unwrap();
    let b = v["steps"][k]["changes"][0]["box"]
        .as_str()
        .unwrap()
        .to_string();
    v["steps"][k]["changes"][0]["before"] = json!("");
    let (code, out, err) = check("bad-before.json", &v.to_string(), &[]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains(&format!(
            "steps[{k}].changes[0].before (box {b}): is \"\", but {b} holds"
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    let (code, _, err) = check("truncated.json", &json[..json.len() / 2], &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("not a JSON trace") && err.contains("line 1"),
        "{err}"
    );

    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["units"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "diagonal A1-I9", "boxes": []}));
    let (code, _, err) = check("units.json", &v.to_string(), &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("units: lists 28 units: the standard variant has 27"),
        "{err}"
    );

    let (code, _, err) = check("binary.json", "{\"format\": \"\u{0}\u{fffd}\"}", &[]);
    assert_eq!(code, 1, "{err}");
    let path = file("latin1.json", "");
    std::fs::write(&path, b"{\"format\": \"\xe9\"}").unwrap();
    let o = propagate(&["check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("not UTF-8"), "{}", text(&o.stderr));
}

#[test]
fn the_caps_and_a_missing_file() {
    let json = trace(&[HARDER]);
    let n = steps_of(&json);
    let (code, _, err) = check("big.json", &json, &["--max-bytes", "1000"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("too large: {} bytes", json.len())),
        "{err}"
    );
    let (code, _, err) = check("many.json", &json, &["--max-steps", &(n - 1).to_string()]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("{n} steps: a trace is read up to {}", n - 1)),
        "{err}"
    );
    let o = propagate(&["check", "/nonexistent/trace.json"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("/nonexistent/trace.json"),
        "{}",
        text(&o.stderr)
    );
}

/// Runs python/PySudoku.py on the course-style solution of python/tests/course_files.py and
/// prints the trace it makes (`how`: `history`, `unsolved` or `assignments`).
fn learner_trace(grid: &str, diagonal: bool, how: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../python");
    let script = format!(
        r#"
import json, sys, tempfile
sys.path[:0] = [{root:?}, {root:?} + "/tests"]
import PySudoku, course_files
grid, diagonal, how = {grid:?}, {diag}, {how:?}
with tempfile.TemporaryDirectory() as d:
    utils, solution = course_files.load_project(d, grid, diagonal)
    values = utils.grid2values(grid)
    if how == "unsolved":
        result = solution.reduce_puzzle(utils.grid2values(grid))
    else:
        result = solution.solve(grid)
    if how == "assignments":
        trace = PySudoku.trace_from_assignments(utils.assignments, values=values)
    else:
        trace = PySudoku.trace_from_history(values, result, utils.history)
json.dump(trace, sys.stdout)
"#,
        diag = if diagonal { "True" } else { "False" },
    );
    let o = Command::new("python3")
        .args(["-c", &script])
        .output()
        .expect("python3 runs");
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn a_learners_run_through_pysudoku_checks() {
    for (name, grid, diagonal, how, verdict) in [
        ("learner-harder.json", HARDER, false, "history", "solved"),
        ("learner-diagonal.json", DIAGONAL, true, "history", "solved"),
        (
            "learner-stalled.json",
            HARDER,
            false,
            "unsolved",
            "unsolved",
        ),
        (
            "learner-assignments.json",
            HARDER,
            false,
            "assignments",
            "solved",
        ),
    ] {
        let json = learner_trace(grid, diagonal, how);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["outcome"]["verdict"], verdict, "{name}");
        let n = steps_of(&json);
        assert!(n > 0, "{name}");
        let (code, out, err) = check(name, &json, &[]);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(out, format!("ok {n} steps\n"), "{name}");
    }
}

#[test]
fn a_corrupted_learners_run_is_refused() {
    let json = learner_trace(HARDER, false, "history");
    let mut v: Value = serde_json::from_str(&json).unwrap();
    // The fifth assignment claims to start from a digit the box never held.
    let ch = &mut v["steps"][4]["changes"][0];
    let b = ch["box"].as_str().unwrap().to_string();
    ch["before"] = json!("5");
    let (code, _, err) = check("learner-bad.json", &v.to_string(), &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("steps[4].changes[0].before (box {b})")),
        "{err}"
    );
    // A solved verdict on a run cut short.
    let mut v: Value = serde_json::from_str(&json).unwrap();
    let steps = v["steps"].as_array_mut().unwrap();
    steps.truncate(steps.len() - 1);
    let n = steps.len();
    v["stats"]["steps"]["assign"] = json!(n);
    let (code, _, err) = check("learner-short.json", &v.to_string(), &[]);
    assert_eq!(code, 1);
    assert!(err.contains("outcome.solution"), "{err}");
}
