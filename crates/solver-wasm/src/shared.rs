//! Puzzles as other sites share them, for the page: [`open`] reads f-puzzles JSON, an
//! f-puzzles or SudokuPad link, or an ISS string (`solver_core::formats`) into the text the page
//! keeps (the givens as a line for Sudoku and diagonal Sudoku, the ISS string for any other
//! variant) and the puzzle's constraints as the page draws them ([`puzzle_json`]); [`model`] is
//! what every solving call starts from: the grid, and the topology of a variant puzzle; [`export`]
//! writes the page's puzzle as an f-puzzles link. Plain Rust, tested natively; `lib.rs` exports
//! them as `openPuzzle` and `exportPuzzle`, and its solving calls read text through [`model`].
//!
//! The readers and writers are the `full` feature's (the page's second module): without it
//! [`model`] reads a grid only and refuses a text in a shared form with the error kind
//! `second_module`, and no text is a variant ([`Model`] has no value).

use crate::errors::ErrorData;
#[cfg(feature = "full")]
use solver_core::formats::{iss, link, FormatError};
#[cfg(feature = "full")]
use solver_core::puzzle::{Constraint, ModelError, Puzzle};
#[cfg(feature = "full")]
use solver_core::Topology;
use solver_core::{formats, Grid, Variant};

#[cfg(feature = "full")]
/// A shared puzzle the page opens: the text it keeps for it (an 81-character line for Sudoku and
/// diagonal Sudoku, else the ISS string), whether it is diagonal Sudoku, its title and author
/// when the source names them, and for a variant beyond diagonal Sudoku its constraints
/// ([`puzzle_json`]).
#[derive(Debug, PartialEq, Eq)]
pub struct Opened {
    pub text: String,
    pub diagonal: bool,
    pub title: Option<String>,
    pub author: Option<String>,
    pub puzzle: Option<String>,
}

#[cfg(feature = "full")]
/// The error data of a shared puzzle refused: kind `puzzle_json`, `puzzle_field`,
/// `puzzle_size`, `puzzle_unsupported`, `puzzle_link`, `puzzle_data` (`FormatKind::name`),
/// with the field, the box and the line and column of JSON.
pub fn format_error(e: &FormatError) -> ErrorData {
    ErrorData {
        message: e.to_string(),
        kind: e.kind.name(),
        line: e.line,
        column: e.column,
        boxes: e.cell.iter().map(|c| c.to_string()).collect(),
        field: e.field.clone(),
        ..ErrorData::default()
    }
}

#[cfg(feature = "full")]
/// The error data of a puzzle the model refuses (a region or cage not well formed, two givens
/// that see each other holding one digit): kind `conflict` for the givens, with their boxes and
/// digit, else `puzzle_model`, with the box it names.
pub fn model_error(e: &ModelError) -> ErrorData {
    let message = e.to_string();
    match *e {
        ModelError::Conflict { a, b, digit } => ErrorData {
            boxes: vec![a.to_string(), b.to_string()],
            digit: Some(digit),
            ..ErrorData::new("conflict", message)
        },
        ModelError::Given { cell, .. }
        | ModelError::RegionNumber { cell, .. }
        | ModelError::CageRepeats { cell, .. }
        | ModelError::CageOverlap { cell, .. } => ErrorData {
            boxes: vec![cell.to_string()],
            ..ErrorData::new("puzzle_model", message)
        },
        _ => ErrorData::new("puzzle_model", message),
    }
}

#[cfg(feature = "full")]
/// True for a puzzle the classic solver takes as it is: no constraint, or both diagonals.
fn is_classic(p: &Puzzle) -> bool {
    formats::classic(p).is_ok()
}

#[cfg(feature = "full")]
/// `None` when `text` is in no shared form (a grid, for the parser); else the puzzle the page
/// opens, or why not: an error of the form, or of the model (a cage or region not well formed).
#[inline(never)]
pub fn open(text: &str) -> Option<Result<Opened, ErrorData>> {
    let puzzle = match formats::read(text)? {
        Ok(p) => p,
        Err(e) => return Some(Err(format_error(&e))),
    };
    Some(opened(puzzle))
}

#[cfg(feature = "full")]
fn opened(puzzle: Puzzle) -> Result<Opened, ErrorData> {
    if let Ok((text, variant)) = formats::classic(&puzzle) {
        return Ok(Opened {
            text,
            diagonal: variant == Variant::Diagonal,
            title: puzzle.title,
            author: puzzle.author,
            puzzle: None,
        });
    }
    let topo = puzzle.topology().map_err(|e| model_error(&e))?;
    puzzle.grid(&topo).map_err(|e| model_error(&e))?;
    let text = iss::write(&puzzle);
    Ok(Opened {
        diagonal: false,
        puzzle: Some(puzzle_json(&puzzle)),
        text,
        title: puzzle.title,
        author: puzzle.author,
    })
}

/// A variant puzzle as a solving call takes it: the puzzle (for the trace's `puzzle`) and its
/// topology.
#[cfg(feature = "full")]
pub type Model = (Topology, Puzzle);

/// Without the `full` feature no text reads as a variant puzzle: a type without values, so that
/// the solving calls' variant branches compile to nothing.
#[cfg(not(feature = "full"))]
pub type Model = std::convert::Infallible;

/// The grid a solving call starts from, with the topology to solve it in and the puzzle when the
/// text is a variant puzzle beyond diagonal Sudoku (`None`: the classic topology of `variant`,
/// which for a shared Sudoku X puzzle is diagonal). `variant` diagonal adds both diagonals to a
/// variant.
#[cfg(feature = "full")]
#[inline(never)]
pub fn model(text: &str, variant: Variant) -> Result<(Grid, Option<Model>, Variant), ErrorData> {
    let mut puzzle = match formats::read(text) {
        None => {
            let grid = solver_core::parse(text, variant).map_err(|e| ErrorData::from(&e))?;
            return Ok((grid, None, variant));
        }
        Some(Err(e)) => return Err(format_error(&e)),
        Some(Ok(p)) => p,
    };
    if variant == Variant::Diagonal {
        for c in [Constraint::Diagonal, Constraint::AntiDiagonal] {
            if !puzzle.constraints.contains(&c) {
                puzzle.constraints.push(c);
            }
        }
    }
    if let Ok((line, variant)) = formats::classic(&puzzle) {
        let grid = solver_core::parse(&line, variant).map_err(|e| ErrorData::from(&e))?;
        return Ok((grid, None, variant));
    }
    let topo = puzzle.topology().map_err(|e| model_error(&e))?;
    let grid = puzzle.grid(&topo).map_err(|e| model_error(&e))?;
    Ok((grid, Some((topo, puzzle)), variant))
}

/// True when `text` is in a shared form, which `formats::read` reads (`formats::form_of`, the one
/// test of the forms, within the parser's length cap); else it is a grid for the parser.
#[cfg(not(feature = "full"))]
pub fn in_shared_form(text: &str) -> bool {
    text.len() <= solver_core::parse::MAX_INPUT && formats::form_of(text).is_some()
}

/// The error of a text in a shared form in the first module: the second reads it.
#[cfg(not(feature = "full"))]
pub fn shared_form_elsewhere() -> ErrorData {
    ErrorData::second_module("a puzzle in a shared form")
}

/// The grid a solving call starts from, as [`model`] above without the shared forms: a text in
/// one of them ([`in_shared_form`]) is refused with the kind `second_module`, which the page's
/// worker asks the second module.
#[cfg(not(feature = "full"))]
pub fn model(text: &str, variant: Variant) -> Result<(Grid, Option<Model>, Variant), ErrorData> {
    if in_shared_form(text) {
        return Err(shared_form_elsewhere());
    }
    let grid = solver_core::parse(text, variant).map_err(|e| ErrorData::from(&e))?;
    Ok((grid, None, variant))
}

#[cfg(feature = "full")]
/// The text the page keeps for the puzzle of a trace file: its ISS string, with `initial`'s
/// solved boxes as givens, when the trace carries a variant's `puzzle`; else empty (the page
/// writes a classic trace's grid itself).
pub fn text_of_trace(trace: &solver_core::Trace) -> String {
    let Some(p) = &trace.puzzle else {
        return String::new();
    };
    let mut puzzle = Puzzle::clone(p);
    for (g, d) in puzzle.givens.iter_mut().zip(&trace.initial) {
        *g = d.solved().unwrap_or(0);
    }
    iss::write(&puzzle)
}

#[cfg(feature = "full")]
/// The puzzle's constraints as the page draws them: JSON text in the shape of a trace's
/// `puzzle` (`json_text::Json::puzzle`).
pub fn puzzle_json(p: &Puzzle) -> String {
    let mut json = crate::json_text::Json::new();
    json.puzzle(p);
    json.finish()
}

#[cfg(feature = "full")]
/// The f-puzzles link of the page's puzzle: a shared puzzle's as it reads (diagonals added with
/// `diagonal`), or a grid's solved boxes as the givens, both diagonals for diagonal Sudoku.
#[inline(never)]
pub fn export(text: &str, diagonal: bool) -> Result<String, ErrorData> {
    let variant = if diagonal {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let mut puzzle = match formats::read(text) {
        Some(Ok(p)) => p,
        Some(Err(e)) => return Err(format_error(&e)),
        None => {
            let grid = solver_core::parse(text, variant).map_err(|e| ErrorData::from(&e))?;
            let mut givens = [0u8; 81];
            for (g, b) in givens.iter_mut().zip(grid.to_line().bytes()) {
                if b.is_ascii_digit() {
                    *g = b - b'0';
                }
            }
            Puzzle::classic(givens)
        }
    };
    if diagonal {
        for c in [Constraint::Diagonal, Constraint::AntiDiagonal] {
            if !puzzle.constraints.contains(&c) {
                puzzle.constraints.push(c);
            }
        }
    }
    if !is_classic(&puzzle) {
        // Refused here as it would be on reading it back: a cage or region not well formed.
        puzzle.topology().map_err(|e| model_error(&e))?;
    }
    Ok(link::fpuzzles_link(&puzzle))
}

/// The first module's `model` (`cargo test -p solver-wasm --no-default-features --lib`).
#[cfg(all(test, not(feature = "full")))]
mod first_module {
    use super::*;

    #[test]
    fn a_grid_reads_and_a_shared_form_is_the_second_modules() {
        let line =
            "..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.";
        let (grid, topo, variant) = model(line, Variant::Diagonal).unwrap();
        assert_eq!(
            (grid.to_line().as_str(), topo.is_none(), variant),
            (line, true, Variant::Diagonal)
        );
        for text in [
            ".Cage~10~R1C1~R1C2.AntiKing.~R5C5_3",
            "{\"size\":9}",
            "https://www.f-puzzles.com/?load=N4Ig",
        ] {
            let e = model(text, Variant::Standard).unwrap_err();
            assert_eq!(e.kind, "second_module", "{text}");
        }
        assert!(in_shared_form(".AntiKnight") && !in_shared_form(line));
        // A grid's own errors stay the parser's.
        assert_eq!(
            model("12", Variant::Standard).unwrap_err().kind,
            "wrong_count"
        );
    }
}

#[cfg(all(test, feature = "full"))]
mod tests {
    use super::*;

    const X: &str = ".Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9";
    const X_LINE: &str =
        "..1...2....23....44........5.3....6..1......5..6..........78.......9.....7...1.9.";

    #[test]
    fn a_diagonal_puzzle_opens_and_exports_back() {
        let opened = open(X).unwrap().unwrap();
        assert_eq!((opened.text.as_str(), opened.diagonal), (X_LINE, true));
        assert_eq!(opened.puzzle, None);
        let link = export(X_LINE, true).unwrap();
        assert!(link.starts_with("https://www.f-puzzles.com/?load="));
        let back = open(&link).unwrap().unwrap();
        assert_eq!((back.text.as_str(), back.diagonal), (X_LINE, true));
        assert!(open(X_LINE).is_none());
    }

    #[test]
    fn a_killer_opens_as_its_iss_string_with_its_constraints() {
        let text = ".Cage~10~R1C1~R1C2.AntiKing.~R5C5_3";
        let opened = open(text).unwrap().unwrap();
        assert_eq!(opened.text, text);
        assert!(!opened.diagonal);
        assert_eq!(
            opened.puzzle.as_deref(),
            Some(
                r#"{"constraints":[{"kind":"cage","boxes":["A1","A2"],"sum":10},{"kind":"anti-king"}]}"#
            )
        );
        let (grid, topo, _) = model(text, Variant::Standard).unwrap();
        assert!(topo.is_some());
        assert_eq!(grid.to_line().as_bytes()[40], b'3');
        // Exported and read back: the same puzzle.
        let back = open(&export(text, false).unwrap()).unwrap().unwrap();
        assert_eq!(back.text, text);
    }

    #[test]
    fn a_jigsaw_writes_its_regions() {
        let text = ".NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777.~R1C1_3";
        let opened = open(text).unwrap().unwrap();
        // The text kept is ISS's, regions numbered by first appearance: the same puzzle.
        let again = open(&opened.text).unwrap().unwrap();
        assert_eq!(open(&again.text).unwrap().unwrap().text, again.text);
        let json = opened.puzzle.unwrap();
        assert!(json.starts_with("{\"regions\":\"111111123"), "{json}");
        assert!(json.ends_with("\"constraints\":[]}"), "{json}");
    }

    #[test]
    fn refusals_carry_their_kind() {
        let e = open(".Thermo~R1C1~R1C2").unwrap().unwrap_err();
        assert_eq!(e.kind, "puzzle_unsupported");
        assert!(e.message.contains("Thermo"), "{}", e.message);
        let e = open(".~R1C1_0").unwrap().unwrap_err();
        assert_eq!(
            (e.kind, e.boxes.as_slice()),
            ("puzzle_field", &["A1".to_string()][..])
        );
        let e = open("https://sudokupad.app/abc").unwrap().unwrap_err();
        assert_eq!(e.kind, "puzzle_link");
        let e = open(".AntiKnight.~R1C1_5~R2C3_5").unwrap().unwrap_err();
        assert_eq!(
            (e.kind, e.boxes.as_slice(), e.digit),
            (
                "conflict",
                &["A1".to_string(), "B3".to_string()][..],
                Some(5)
            )
        );
        let e = open(".Cage~50~R1C1~R1C2").unwrap().unwrap_err();
        assert_eq!(e.kind, "puzzle_model");
        assert_eq!(export("12", false).unwrap_err().kind, "wrong_count");
    }

    /// The page's variant samples (www/app/samples.js, its ISS strings): each has exactly one
    /// solution, and is written as the page writes it, so the samples menu finds it again.
    #[test]
    fn the_variant_samples_are_unique_and_written_as_the_page_writes_them() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/app/samples.js");
        let js = std::fs::read_to_string(path).unwrap();
        let samples: Vec<&str> = js
            .split("puzzle: '")
            .skip(1)
            .filter_map(|rest| rest.split('\'').next())
            .filter(|text| text.as_bytes().get(1).is_some_and(u8::is_ascii_alphabetic))
            .collect();
        assert_eq!(
            samples.len(),
            5,
            "killer, jigsaw, windoku, anti-knight, anti-king"
        );
        for text in samples {
            let opened = open(text).unwrap().unwrap();
            assert_eq!(opened.text, text);
            let (grid, topo, _) = model(text, Variant::Standard).unwrap();
            let v = solver_core::verdict::verdict_in(&grid, &topo.unwrap().0, 2, 10_000_000);
            assert_eq!((v.solutions, v.capped), (1, false), "{text}");
        }
    }

    /// A variant's trace as the page gets it: its header is serde's (solver-core's json.rs,
    /// the one writer of the whole trace), `puzzle` included, and that `puzzle` is what
    /// [`open`] gives the page before the solve.
    #[test]
    fn a_variant_traces_header_carries_its_puzzle_as_serde_writes_it() {
        let texts = [
            ".Cage~10~R1C1~R1C2.AntiKing.~R5C5_3",
            ".NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9",
            ".Windoku.AllDifferent~R1C1~R1C2~R1C3~R2C1~R2C2~R2C3~R3C1~R3C2~R3C3.~R5C5_1",
        ];
        for text in texts {
            let (grid, model, _) = model(text, Variant::Standard).unwrap();
            let (topo, puzzle) = model.unwrap();
            let opts = solver_core::Options {
                limits: solver_core::Limits {
                    max_nodes: 3,
                    max_steps: 2_000,
                },
                ..solver_core::Options::default()
            };
            let mut trace = solver_core::search::solve_traced_in(&grid, &topo, &opts);
            trace.puzzle = solver_core::Trace::puzzle_of(&puzzle, &topo);
            let mut rest = trace.clone();
            rest.units = std::borrow::Cow::Borrowed(&[]);
            rest.steps.clear();
            let want = serde_json::to_string(&rest).unwrap();
            let p = crate::packed::pack(trace);
            assert_eq!(p.json, want, "{text}");
            let header: serde_json::Value = serde_json::from_str(&p.json).unwrap();
            let opened: serde_json::Value =
                serde_json::from_str(&open(text).unwrap().unwrap().puzzle.unwrap()).unwrap();
            assert_eq!(header["puzzle"], opened, "{text}");
        }
        // A trace file of a variant reopens as the ISS string the page keeps, its givens from
        // the trace's initial grid.
        let text = texts[0];
        let (grid, model, _) = model(text, Variant::Standard).unwrap();
        let (topo, puzzle) = model.unwrap();
        let mut trace =
            solver_core::search::solve_traced_in(&grid, &topo, &solver_core::Options::default());
        trace.puzzle = solver_core::Trace::puzzle_of(&puzzle, &topo);
        assert_eq!(text_of_trace(&trace), text);
        trace.puzzle = None;
        assert_eq!(text_of_trace(&trace), "");
    }
}
