//! The shared forms of variant puzzles through the real binary: `convert` between them, and
//! `solve`, `trace`, `rate`, `apply` reading them: every variant Propagate knows solves (killer,
//! jigsaw, windoku, anti-knight, diagonal), its trace carries the puzzle and `propagate check`
//! reads it back; a constraint Propagate does not know is refused by name.

mod common;

use common::propagate;
use std::path::PathBuf;

/// ISS's "Sudoku X" example and its solution.
const X: &str = ".Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9";
const X_SOLUTION: &str =
    "681945237792316584435827619523784961817639425946152873369478152158293746274561398";
const X_LINE: &str =
    "..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.";
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

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
    String::from_utf8(o.stdout).unwrap()
}

fn fails(args: &[&str], stdin: &str) -> String {
    let o = propagate(args, stdin);
    assert_eq!(o.status.code(), Some(1), "propagate {args:?}");
    String::from_utf8(o.stderr).unwrap()
}

#[test]
fn every_form_of_a_diagonal_puzzle_solves() {
    let link = ok(&["convert", "--to", "fpuzzles-link", X], "");
    let pad = ok(&["convert", "--to", "sudokupad-link", X], "");
    let json = fixture("diagonal.json");
    assert!(
        link.starts_with("https://www.f-puzzles.com/?load=N4Ig"),
        "{link}"
    );
    assert!(
        pad.starts_with("https://sudokupad.app/fpuzzlesN4Ig"),
        "{pad}"
    );
    for input in [X, link.trim(), pad.trim(), json.as_str()] {
        assert_eq!(
            ok(&["solve", "--count", input], ""),
            format!("{X_SOLUTION} 1\n")
        );
        // The trace is of diagonal Sudoku without --diagonal: the puzzle says so.
        let trace = ok(&["trace", input], "");
        assert!(
            trace.starts_with(r#"{"format":4,"variant":"diagonal""#),
            "{input}"
        );
        ok(&["rate", input], "");
        ok(&["apply", "eliminate", input], "");
    }
    // The grid line alone is standard Sudoku, with many solutions.
    assert_eq!(
        ok(&["convert", "--to", "line", X], ""),
        format!("{X_LINE}\n")
    );
    assert_eq!(
        ok(&["solve", "--count", "--diagonal", X_LINE], ""),
        format!("{X_SOLUTION} 1\n")
    );
}

#[test]
fn a_classic_grid_converts_and_comes_back() {
    let iss = ok(&["convert", "--to", "iss", EASY], "");
    assert!(iss.starts_with(".~R1C3_3~R1C5_2"), "{iss}");
    assert_eq!(
        ok(&["convert", "--to", "line", iss.trim()], ""),
        format!("{EASY}\n")
    );
    let json = ok(&["convert", "--to", "fpuzzles", EASY], "");
    assert!(
        json.starts_with(r#"{"size":9,"grid":[[{},{},{"value":3,"given":true}"#),
        "{json}"
    );
    assert_eq!(
        ok(&["solve", json.trim()], ""),
        format!("{EASY_SOLUTION}\n")
    );
    let diagonal = ok(&["convert", "--to", "iss", "--diagonal", X_LINE], "");
    assert!(
        diagonal.starts_with(".Diagonal~-1.Diagonal~1.~R1C3_1"),
        "{diagonal}"
    );
}

const KILLER_SOLUTION: &str =
    "215647398368952174794381652586274931142593867973816425821739546659428713437165289";

/// Whether `line` is 81 digits in which every row, column and 3×3 square holds 1–9: what any
/// solution of these variants is at least.
fn is_sudoku(line: &str) -> bool {
    let d: Vec<u8> = line.bytes().collect();
    let nine = |f: &dyn Fn(usize) -> usize| {
        let mut seen = 0u16;
        (0..9).all(|k| {
            let b = d[f(k)];
            (b'1'..=b'9').contains(&b) && seen & 1 << (b - b'0') == 0 && {
                seen |= 1 << (b - b'0');
                true
            }
        })
    };
    d.len() == 81
        && (0..9).all(|u| {
            nine(&|k| u * 9 + k)
                && nine(&|k| k * 9 + u)
                && nine(&|k| (u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3)
        })
}

#[test]
fn every_variant_solves_traces_and_checks() {
    for name in [
        "killer.json",
        "jigsaw.json",
        "windoku.json",
        "antiknight.json",
    ] {
        let json = fixture(name);
        let answer = ok(&["solve", "--count", &json], "");
        let (solution, count) = answer.trim().split_once(' ').unwrap();
        assert_eq!(count, "1", "{name}: {answer}");
        if name == "jigsaw.json" {
            assert_eq!(solution.len(), 81);
        } else {
            assert!(is_sudoku(solution), "{name}: {solution}");
        }
        if name == "killer.json" {
            assert_eq!(solution, KILLER_SOLUTION);
        }
        // The course's search (`--strategies`), on the same topology, agrees; the killer is
        // left to the verdict engine (the course's strategies know no cage sums).
        if name != "killer.json" {
            let course = ok(
                &["solve", "--count", "-s", "eliminate,only_choice", &json],
                "",
            );
            assert_eq!(course, answer, "{name}");
            let rated = ok(&["rate", &json], "");
            assert!(!rated.starts_with("no solution"), "{name}: {rated}");
        }
        // The trace carries the puzzle, ends on the same solution, and checks (its count
        // counted again on the puzzle's topology).
        let trace = ok(&["trace", "--max-nodes", "300", &json], "");
        let v: serde_json::Value = serde_json::from_str(&trace).unwrap();
        assert_eq!(v["format"], 4);
        assert!(v["puzzle"]["constraints"].is_array(), "{name}");
        if v["outcome"]["verdict"] == "solved" {
            assert_eq!(v["outcome"]["solution"], solution, "{name}");
        }
        let dir = std::env::temp_dir().join(format!("propagate-formats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(format!("{name}.trace.json"));
        std::fs::write(&file, &trace).unwrap();
        let checked = ok(&["check", file.to_str().unwrap()], "");
        assert!(checked.starts_with("ok "), "{name}: {checked}");
        ok(&["apply", "eliminate", &json], "");
        ok(&["apply", "reduce", &json], "");
        std::fs::remove_file(&file).unwrap();
    }
}

#[test]
fn a_killer_trace_without_one_of_its_cages_is_refused_naming_the_step() {
    let json = fixture("killer.json");
    let trace = ok(&["trace", "--max-nodes", "300", &json], "");
    let mut v: serde_json::Value = serde_json::from_str(&trace).unwrap();
    // Every cage dropped: some eliminate step removes a digit through a cage alone.
    v["puzzle"]["constraints"] = serde_json::json!([]);
    let dir = std::env::temp_dir().join(format!("propagate-tamper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("killer.trace.json");
    std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
    let err = fails(&["check", file.to_str().unwrap()], "");
    assert!(
        err.contains("steps[") && err.contains("does not see"),
        "{err}"
    );
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn unknown_constraints_stay_refused_naming_them() {
    let err = fails(&["solve", ".Thermo~R1C1~R1C2"], "");
    assert!(err.contains("Thermo"), "{err}");
    let err = fails(&["trace", ".Thermo~R1C1~R1C2"], "");
    assert!(err.contains("Thermo"), "{err}");
    let err = fails(&["solve", "https://sudokupad.app/RPBnQFRLR8"], "");
    assert!(err.contains("short id"), "{err}");
    let killer = fixture("killer.json");
    // Converting is not solving: every form is written; the 81-character line has no cages.
    for to in ["fpuzzles", "fpuzzles-link", "sudokupad-link", "iss"] {
        ok(&["convert", "--to", to, &killer], "");
    }
    assert!(fails(&["convert", "--to", "line", &killer], "").contains("a killer cage"));
    // A puzzle whose cages no digits fit, and two givens that see each other through a cage.
    let err = fails(&["solve", ".Cage~50~R1C1~R1C2"], "");
    assert!(err.contains("cage 1"), "{err}");
    let err = fails(&["solve", ".Cage~10~R1C1~R2C4.~R1C1_5~R2C4_5"], "");
    assert!(err.contains("A1") && err.contains("B4"), "{err}");
}

#[test]
fn lines_of_any_form_are_answered_in_order() {
    let link = ok(&["convert", "--to", "fpuzzles-link", X], "");
    // A link broken by chat: '+' as spaces.
    let mangled = link.trim().replace('+', " ");
    let stdin = format!(
        "{X}\n# comment\n{EASY}\n{}\n{}\n{mangled}\n{}\n",
        link.trim(),
        fixture("killer.json"),
        &link.trim()[..60]
    );
    let o = propagate(&["solve"], &stdin);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        format!("{X_SOLUTION}\n{EASY_SOLUTION}\n{X_SOLUTION}\n{KILLER_SOLUTION}\n{X_SOLUTION}\n")
    );
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(!err.contains("line 5"), "{err}");
    assert!(
        err.contains("error: line 7: ") && err.contains("cut short"),
        "{err}"
    );
    let converted = ok(
        &["convert", "--to", "iss"],
        &format!("{}\n{EASY}\n", link.trim()),
    );
    assert_eq!(converted.lines().next(), Some(X));
    let o = propagate(&["rate"], &format!("{X}\n.Cage~x~R1C1\n"));
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("error: line 2: .Cage~x~R1C1: the sum \"x\""),
        "{err}"
    );
}
