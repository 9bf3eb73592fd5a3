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

/// Row A holds 1-8 and B9 is 9, so A9 has no candidate: no solution, found at the root.
const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

/// `propagate trace ARGS` as a JSON value.
fn trace_value(args: &[&str]) -> Value {
    serde_json::from_str(&trace(args)).unwrap()
}

#[test]
fn a_false_claim_about_the_puzzle_is_refused() {
    // The empty grid has many solutions: a trace edited to say its solution is unique.
    let mut v = trace_value(&[&".".repeat(81)]);
    assert_eq!(v["outcome"]["solutions"], 2);
    v["outcome"]["solutions"] = json!(1);
    let (code, out, err) = check("claims-unique.json", &v.to_string(), &[]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("outcome.solutions: is 1 (unique), but the puzzle has more than one solution"),
        "{err}"
    );
    // The reverse: a unique puzzle said to have several.
    let mut v = trace_value(&[HARDER]);
    assert_eq!(v["outcome"]["solutions"], 1);
    v["outcome"]["solutions"] = json!(2);
    let (code, _, err) = check("claims-several.json", &v.to_string(), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("outcome.solutions: is 2 (two or more), but the puzzle has one solution"),
        "{err}"
    );
    // A solvable puzzle said to have none: no step, the verdict at the root.
    let mut v = trace_value(&[HARDER]);
    v["steps"] = json!([]);
    for (_, n) in v["stats"]["steps"].as_object_mut().unwrap() {
        *n = json!(0);
    }
    v["stats"] = json!({"nodes": 1, "guesses": 0, "backtracks": 0, "max_depth": 0, "stops": 0,
                        "steps": v["stats"]["steps"]});
    v["outcome"] = json!({"verdict": "no_solution",
                          "contradiction": {"kind": "exhausted", "box": "A2", "choices": "12"}});
    let (code, _, err) = check("claims-none.json", &v.to_string(), &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("outcome.verdict: is no_solution, but the puzzle has a solution"),
        "{err}"
    );
    // True claims still check: no solution, and a count not made ("solutions": 0).
    let json = trace(&[NO_SOLUTION]);
    assert_eq!(
        serde_json::from_str::<Value>(&json).unwrap()["outcome"]["verdict"],
        "no_solution"
    );
    let (code, _, err) = check("true-none.json", &json, &[]);
    assert_eq!(code, 0, "{err}");
    let mut v = trace_value(&[HARDER]);
    v["outcome"]["solutions"] = json!(0);
    let (code, _, err) = check("not-counted.json", &v.to_string(), &[]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn check_caps_are_bounded_as_traces_are() {
    // At most Limits::MAX_STEPS steps and the bytes CheckLimits allows them, as `trace` is.
    let json = trace(&[HARDER]);
    let path = file("capped-flags.json", &json);
    let path = path.to_str().unwrap();
    let max_bytes = (1_000_000u64 * 1024 + (1 << 20)).to_string();
    for (flag, n) in [
        ("--max-steps", "1000000"),
        ("--max-bytes", max_bytes.as_str()),
    ] {
        let o = propagate(&["check", flag, n, path]);
        assert_eq!(o.status.code(), Some(0), "{flag} {n}: {}", text(&o.stderr));
    }
    let over = (1_000_000u64 * 1024 + (1 << 20) + 1).to_string();
    for (flag, n, bound) in [
        ("--max-steps", "1000001", "at most 1000000"),
        ("--max-steps", "18446744073709551615", "at most 1000000"),
        (
            "--max-bytes",
            over.as_str(),
            &*format!("at most {max_bytes}"),
        ),
        (
            "--max-bytes",
            "4000000000",
            &*format!("at most {max_bytes}"),
        ),
    ] {
        let o = propagate(&["check", flag, n, path]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{flag} {n}: {err}");
        assert!(
            err.contains(flag) && err.contains(bound),
            "{flag} {n}: {err}"
        );
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn check_names_a_directory() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check-cli-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let o = propagate(&["check", dir.to_str().unwrap()]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!("error: {}: ", dir.display())),
        "{err}"
    );
    assert!(err.contains("is a directory"), "{err}");
}

/// `propagate check` on `bytes` written to a file, and then on standard input: the same answer
/// both ways; returns (exit code, stdout, stderr) of the file's.
fn check_bytes(name: &str, bytes: &[u8]) -> (i32, String, String) {
    let path = file(name, "");
    std::fs::write(&path, bytes).unwrap();
    let o = propagate(&["check", path.to_str().unwrap()]);
    let by_file = (o.status.code().unwrap(), text(&o.stdout), text(&o.stderr));
    let o = Command::new(env!("CARGO_BIN_EXE_propagate"))
        .args(["check", "-"])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    let by_stdin = (o.status.code().unwrap(), text(&o.stdout), text(&o.stderr));
    let shown = path.display().to_string();
    assert_eq!(
        (
            by_stdin.0,
            by_stdin.1.as_str(),
            by_stdin.2.replace("error: -: ", "")
        ),
        (
            by_file.0,
            by_file.1.as_str(),
            by_file.2.replace(&format!("error: {shown}: "), "")
        ),
        "{name}: standard input and the file"
    );
    by_file
}

#[test]
fn encodings_one_answer_utf8_with_a_bom_reads_utf16_is_refused_by_name() {
    let json = trace(&[HARDER]);
    let n = steps_of(&json);
    // RFC 8259 lets a reader ignore a UTF-8 byte order mark; the page does too.
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(json.as_bytes());
    let (code, out, err) = check_bytes("bom.json", &bom);
    assert_eq!((code, out), (0, format!("ok {n} steps\n")), "{err}");
    // UTF-16, with its byte order mark or without, either byte order: named, and refused.
    let utf16 = |big: bool| -> Vec<u8> {
        json.encode_utf16()
            .flat_map(|u| {
                if big {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            })
            .collect()
    };
    for (name, bytes, said) in [
        (
            "utf16le-bom.json",
            [&[0xff, 0xfe][..], &utf16(false)].concat(),
            "UTF-16 (little-endian)",
        ),
        (
            "utf16be-bom.json",
            [&[0xfe, 0xff][..], &utf16(true)].concat(),
            "UTF-16 (big-endian)",
        ),
        ("utf16le.json", utf16(false), "UTF-16 (little-endian)"),
        ("utf16be.json", utf16(true), "UTF-16 (big-endian)"),
    ] {
        let (code, out, err) = check_bytes(name, &bytes);
        assert_eq!((code, out.as_str()), (1, ""), "{name}: {err}");
        assert!(
            err.contains(&format!(
                "not a JSON trace: the text is {said}; a trace is UTF-8"
            )),
            "{name}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // Bytes that are not UTF-8, or that JSON allows nowhere (a control character), are named
    // by their place, the first one found.
    let at = json.find("\"variant\"").unwrap();
    let mut latin1 = json.as_bytes().to_vec();
    latin1[at + 1] = 0xe9;
    let (code, _, err) = check_bytes("latin1.json", &latin1);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!(
            "not a JSON trace: byte {} (0xe9) is not UTF-8",
            at + 1
        )),
        "{err}"
    );
    let mut nul = json.as_bytes().to_vec();
    nul[at + 1] = 0;
    let (code, _, err) = check_bytes("nul.json", &nul);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!(
            "not a JSON trace: byte {} is the control character U+0000, which JSON allows nowhere",
            at + 1
        )),
        "{err}"
    );
}
