//! The shared forms of variant puzzles through the real binary: `convert` between them, and
//! `solve`, `trace`, `rate`, `apply` reading them (Sudoku and diagonal Sudoku solve, other
//! constraints are refused naming what the solver does not handle yet).

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

#[test]
fn variant_constraints_are_refused_naming_them() {
    let cases = [
        ("killer.json", "a killer cage"),
        ("jigsaw.json", "jigsaw regions"),
        ("windoku.json", "windoku"),
        ("antiknight.json", "anti-knight"),
    ];
    for (name, words) in cases {
        let json = fixture(name);
        for cmd in ["solve", "trace", "rate"] {
            let err = fails(&[cmd, &json], "");
            assert!(
                err.contains(words) && err.contains("does not solve yet"),
                "{cmd} {name}: {err}"
            );
        }
        let err = fails(&["apply", "eliminate", &json], "");
        assert!(err.contains(words), "{err}");
        // Converting is not solving: every form is written.
        for to in ["fpuzzles", "fpuzzles-link", "sudokupad-link", "iss"] {
            ok(&["convert", "--to", to, &json], "");
        }
        assert!(fails(&["convert", "--to", "line", &json], "").contains(words));
    }
    let err = fails(&["solve", ".Thermo~R1C1~R1C2"], "");
    assert!(err.contains("Thermo"), "{err}");
    let err = fails(&["solve", "https://sudokupad.app/RPBnQFRLR8"], "");
    assert!(err.contains("short id"), "{err}");
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
        format!("{X_SOLUTION}\n{EASY_SOLUTION}\n{X_SOLUTION}\n{X_SOLUTION}\n")
    );
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("error: line 5: this puzzle has a killer cage"),
        "{err}"
    );
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
