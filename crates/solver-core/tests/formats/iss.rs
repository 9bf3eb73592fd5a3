//! ISS constraint strings: ISS's own example puzzles read, which diagonal is which (as ISS's
//! solver builds them), unknown types refused by name, round trips.

use super::fpuzzles::{puzzle, EXAMPLES};
use proptest::prelude::*;
use solver_core::formats::{self, iss, FormatKind};
use solver_core::puzzle::Constraint;
use solver_core::{parse, Cell, Variant};

#[test]
fn diagonals_are_iss_s_own() {
    // ISS's builder: direction 1 takes column 9 - row (╱, A9..I1), -1 the main diagonal.
    assert_eq!(
        iss::read(".Diagonal~1").unwrap().constraints,
        vec![Constraint::AntiDiagonal]
    );
    assert_eq!(
        iss::read(".Diagonal~-1").unwrap().constraints,
        vec![Constraint::Diagonal]
    );
}

#[test]
fn examples_read_and_classic_ones_solve_to_iss_s_solutions() {
    // ISS's "Classic sudoku" and "Sudoku X" examples, with their solutions.
    let classic = ".~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6~R4C1_8~R4C5_6~R4C9_3~R5C1_4~R5C4_8~R5C6_3~R5C9_1~R6C1_7~R6C5_2~R6C9_6~R7C2_6~R7C7_2~R7C8_8~R8C4_4~R8C5_1~R8C6_9~R8C9_5~R9C5_8~R9C8_7~R9C9_9";
    let cases = [
        (
            classic,
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            Variant::Standard,
        ),
        (EXAMPLES[4].1, EXAMPLES[4].2, Variant::Diagonal),
    ];
    for (text, solution, variant) in cases {
        let p = iss::read(text).unwrap();
        let (line, v) = formats::classic(&p).unwrap();
        assert_eq!(v, variant);
        let grid = parse(&line, v).unwrap();
        let got = solver_core::verdict::verdict(&grid, v, 2, 1_000_000);
        assert_eq!(got.count(2), solver_core::Count::Exactly(1));
        assert_eq!(got.first.unwrap().to_string(), solution);
    }
    for (name, text, _) in EXAMPLES {
        iss::read(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn white_space_is_dropped_as_iss_drops_it() {
    let p = iss::read(" .AntiKing .AntiKnight\n .~R1C1_5 ").unwrap();
    assert_eq!(
        p.constraints,
        vec![Constraint::AntiKing, Constraint::AntiKnight]
    );
    assert_eq!(p.givens[0], 5);
}

#[test]
fn a_cage_of_sum_0_is_a_cage_without_a_sum_as_iss_builds_it() {
    // ISS's SudokuBuilder: "A sum of 0 means any sum is ok - i.e. the same as AllDifferent".
    let cells =
        |s: &[&str]| -> Vec<Cell> { s.iter().map(|b| Cell::from_label(b).unwrap()).collect() };
    let p = iss::read(".Cage~0~R5C5.Cage~00~R1C1~R1C2.Cage~~R2C1~R3C1.Cage~7~R9C9").unwrap();
    assert_eq!(
        p.constraints,
        vec![
            Constraint::Cage {
                cells: cells(&["E5"]),
                sum: None
            },
            Constraint::Cage {
                cells: cells(&["A1", "A2"]),
                sum: None
            },
            Constraint::Cage {
                cells: cells(&["B1", "C1"]),
                sum: None
            },
            Constraint::Cage {
                cells: cells(&["I9"]),
                sum: Some(7)
            },
        ]
    );
    // Written back with an empty sum, which reads the same.
    let written = iss::write(&p);
    assert!(written.starts_with(".Cage~~R5C5"), "{written}");
    assert_eq!(iss::read(&written).unwrap(), p);
}

#[test]
fn a_jigsaw_without_no_boxes_is_nine_extra_regions() {
    let layout = &EXAMPLES[1].1[".NoBoxes".len()..];
    let p = iss::read(layout.split(".~").next().unwrap()).unwrap();
    assert_eq!(p.regions, None);
    assert_eq!(p.constraints.len(), 9);
    assert!(p
        .constraints
        .iter()
        .all(|c| matches!(c, Constraint::ExtraRegion(v) if v.len() == 9)));
}

#[test]
fn what_propagate_does_not_read_is_refused_by_name() {
    // From ISS's examples: thermometers, given candidates, anti-consecutive, other shapes.
    let cases = [
        (
            ".Thermo~R1C1~R1C2~R1C3",
            FormatKind::Unsupported,
            Some("Thermo"),
        ),
        (
            ".AntiKnight.AntiConsecutive.~R3C4_4~R3C6_7",
            FormatKind::Unsupported,
            Some("AntiConsecutive"),
        ),
        (".~R4C7_2_4_6_8", FormatKind::Unsupported, Some("Given")),
        (".Shape~6x6~9 .NoBoxes", FormatKind::Size, None),
        (".NoBoxes.~R1C1_1", FormatKind::Unsupported, Some("NoBoxes")),
        (
            ".Or.Cage~3~R1C1~R1C2.End",
            FormatKind::Unsupported,
            Some("Or"),
        ),
        (
            ".AllDifferent~R1C1~R1C2",
            FormatKind::Unsupported,
            Some("AllDifferent"),
        ),
    ];
    for (text, kind, name) in cases {
        let e = iss::read(text).unwrap_err();
        assert_eq!(e.kind, kind, "{text}: {e}");
        assert_eq!(e.constraint.as_deref(), name, "{text}: {e}");
        if let Some(name) = name {
            assert!(e.to_string().contains(name), "{e}");
        }
    }
}

#[test]
fn errors_name_the_item_and_the_box() {
    let cases = [
        (".Cage~x~R1C1", ".Cage~x~R1C1", None),
        (".Cage~5~R1C1~R1C1", ".Cage~5~R1C1~R1C1", Some("A1")),
        (".Cage~5~R1C0", ".Cage~5~R1C0", None),
        (".~R1C1_0", ".~R1C1_0", Some("A1")),
        (".~R2C3_4.~R2C3_5", ".~R2C3_5", Some("B3")),
        (".Diagonal~2", ".Diagonal~2", None),
        (".Jigsaw~0123", ".Jigsaw~0123", None),
    ];
    for (text, field, cell) in cases {
        let e = iss::read(text).unwrap_err();
        assert_eq!(e.field.as_deref(), Some(field), "{text}: {e}");
        assert_eq!(
            e.cell.map(|c: Cell| c.to_string()).as_deref(),
            cell,
            "{text}: {e}"
        );
    }
}

#[test]
fn examples_round_trip() {
    for (name, text, _) in EXAMPLES {
        let p = iss::read(text).unwrap();
        let written = iss::write(&p);
        assert_eq!(iss::read(&written).unwrap(), p, "{name}: {written}");
    }
    assert_eq!(iss::write(&iss::read(EXAMPLES[4].1).unwrap()), ".Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9");
}

proptest! {
    #[test]
    fn any_puzzle_round_trips_through_iss(p in puzzle()) {
        let text = iss::write(&p);
        let back = iss::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        // ISS names no title or author; its regions are numbered by first appearance; a cage
        // of sum 0 (which no model accepts) reads back as ISS builds it, without a sum.
        let want: Vec<Constraint> = p
            .constraints
            .iter()
            .map(|c| match c {
                Constraint::Cage { cells, sum: Some(0) } => Constraint::Cage { cells: cells.clone(), sum: None },
                c => c.clone(),
            })
            .collect();
        prop_assert_eq!(&back.givens, &p.givens);
        prop_assert_eq!(&back.constraints, &want);
        prop_assert_eq!(back.regions.is_some(), p.regions.is_some());
        if want == p.constraints {
            prop_assert_eq!(iss::write(&back), text);
        } else {
            prop_assert_eq!(iss::read(&iss::write(&back)).unwrap(), back);
        }
    }
}
