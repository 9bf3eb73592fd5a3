//! f-puzzles → Propagate → f-puzzles through the real binary (`convert --to fpuzzles`, the one
//! writer of f-puzzles JSON; the page's export calls the same core writer), and hostile links and
//! files refused with an error naming the field, the box, the cage or the constraint.

mod common;

use common::propagate;
use serde_json::Value;
use std::path::PathBuf;

const FIXTURES: [&str; 5] = [
    "killer.json",
    "jigsaw.json",
    "windoku.json",
    "antiknight.json",
    "diagonal.json",
];

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../solver-core/tests/formats/fpuzzles")
        .join(name);
    std::fs::read_to_string(path).unwrap().trim().to_string()
}

fn ok(args: &[&str], stdin: &str) -> String {
    let o = propagate(args, stdin);
    assert!(
        o.status.success(),
        "propagate {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

fn fails(args: &[&str], stdin: &str) -> String {
    let o = propagate(args, stdin);
    assert_eq!(o.status.code(), Some(1), "propagate {args:?}");
    String::from_utf8(o.stderr).unwrap()
}

/// What an f-puzzles JSON says of the puzzle: the givens and regions of its grid (regions
/// numbered in the order their first box comes, so that a renumbering is the same partition),
/// its constraints (cages as their boxes and sum, sorted), and its title and author.
fn meaning(json: &str) -> Value {
    let v: Value = serde_json::from_str(json).unwrap();
    let mut names: Vec<Value> = Vec::new();
    let grid: Vec<Value> = v["grid"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .map(|c| {
            let given = c["given"].as_bool().unwrap_or(false);
            let region = c.get("region").cloned().unwrap_or(Value::Null);
            let region = if region.is_null() {
                Value::Null
            } else {
                let k = names.iter().position(|r| r == &region).unwrap_or_else(|| {
                    names.push(region.clone());
                    names.len() - 1
                });
                Value::from(k)
            };
            serde_json::json!({
                "value": if given { c["value"].clone() } else { Value::Null },
                "region": region,
            })
        })
        .collect();
    let mut cages: Vec<(Vec<String>, String)> = v["killercage"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .map(|c| {
                    let mut cells: Vec<String> = c["cells"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_str().unwrap().to_string())
                        .collect();
                    cells.sort();
                    let value = match &c["value"] {
                        Value::Null => String::new(),
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (cells, value)
                })
                .collect()
        })
        .unwrap_or_default();
    cages.sort();
    let flag = |k: &str| v.get(k).is_some_and(|x| x != &Value::Bool(false));
    let regions = |k: &str| v.get(k).map_or(0, |x| x.as_array().map_or(0, |a| a.len()));
    serde_json::json!({
        "grid": grid,
        "cages": cages,
        "diagonal+": flag("diagonal+"),
        "diagonal-": flag("diagonal-"),
        "antiknight": flag("antiknight"),
        "antiking": flag("antiking"),
        "extraregions": regions("extraregion"),
        "title": v.get("title").cloned().unwrap_or(Value::Null),
        "author": v.get("author").cloned().unwrap_or(Value::Null),
    })
}

#[test]
fn f_puzzles_json_and_links_come_back_as_the_same_puzzle() {
    for name in FIXTURES {
        let json = fixture(name);
        let back = ok(&["convert", "--to", "fpuzzles", &json], "");
        assert_eq!(
            meaning(&back),
            meaning(&json),
            "{name}: f-puzzles → f-puzzles"
        );
        // Written once, the JSON is a fixed point of the writer.
        assert_eq!(
            ok(&["convert", "--to", "fpuzzles", &back], ""),
            back,
            "{name}"
        );
        // Through each link form and ISS's string, the same puzzle again.
        for to in ["fpuzzles-link", "sudokupad-link", "iss"] {
            let form = ok(&["convert", "--to", to, &json], "");
            let again = ok(&["convert", "--to", "fpuzzles", &form], "");
            let (mut got, mut want) = (meaning(&again), meaning(&json));
            if to == "iss" {
                // ISS's strings carry no title or author.
                for v in [&mut got, &mut want] {
                    v["title"] = Value::Null;
                    v["author"] = Value::Null;
                }
            }
            assert_eq!(got, want, "{name} through {to}");
        }
        // And it is the same puzzle to the solver.
        assert_eq!(
            ok(&["solve", "--count", &back], ""),
            ok(&["solve", "--count", &json], ""),
            "{name}"
        );
    }
}

#[test]
fn hostile_links_and_files_are_refused_naming_what_and_where() {
    let killer = fixture("killer.json");
    let link = ok(&["convert", "--to", "fpuzzles-link", &killer], "");
    // A link cut short in a chat: its lz-string data ends early.
    let cut = &link[..link.len() - 12];
    let err = fails(&["solve", cut], "");
    assert!(err.contains("cut short"), "{err}");
    // Bad JSON, named by its place.
    let err = fails(&["solve", r#"{"size":9,"grid":["#], "");
    assert!(
        err.contains("grid[0]") && err.contains("column 19"),
        "{err}"
    );
    let err = fails(&["solve", r#"{"size":9,"grid":[[{}]]}"#], "");
    assert!(err.contains("grid") && err.contains("9"), "{err}");
    // Cages that overlap, named with the box they share; a sum no digits make.
    let mut v: Value = serde_json::from_str(&killer).unwrap();
    let cages = v["killercage"].as_array_mut().unwrap();
    let first = cages[0]["cells"][0].clone();
    cages[1]["cells"]
        .as_array_mut()
        .unwrap()
        .push(first.clone());
    let err = fails(&["solve", &v.to_string()], "");
    assert!(
        err.contains("cage 2 overlaps cage 1") && err.contains("A1"),
        "{err}"
    );
    let mut v: Value = serde_json::from_str(&killer).unwrap();
    v["killercage"][0]["value"] = Value::String("50".into());
    let err = fails(&["solve", &v.to_string()], "");
    assert!(err.contains("cage 1 sums to 50"), "{err}");
    // A constraint Propagate does not know, by its name.
    let mut v: Value = serde_json::from_str(&killer).unwrap();
    v["thermometer"] = serde_json::json!([{"lines": [["R1C1", "R1C2"]]}]);
    let err = fails(&["solve", &v.to_string()], "");
    assert!(err.contains("thermometer"), "{err}");
    // 10 MB on standard input: refused by size, not read whole, no hang.
    let big = format!("{{\"size\":9,{}}}", " ".repeat(10_000_000));
    let err = fails_big(&["solve"], big.into_bytes());
    assert!(err.contains("too long"), "{err}");
    let err = fails_big(&["trace"], "1".repeat(10_000_000).into_bytes());
    assert!(err.contains("too long"), "{err}");
}

/// [`fails`] with a large standard input, written from a thread: the binary may stop reading
/// it (and exit) before it is all written, which the writer takes as the end.
fn fails_big(args: &[&str], stdin: Vec<u8>) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_propagate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run propagate");
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(o.status.code(), Some(1), "propagate {args:?}");
    String::from_utf8(o.stderr).unwrap()
}
