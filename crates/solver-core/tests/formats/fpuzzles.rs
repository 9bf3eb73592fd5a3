//! f-puzzles JSON: the fixtures (killer, jigsaw, windoku, anti-knight, diagonal, in f-puzzles'
//! own shape, made from ISS's example puzzles) read to the puzzles ISS's strings give, round
//! trips hold, and what Propagate does not read is refused by name.

use super::fixture;
use proptest::prelude::*;
use solver_core::formats::{self, fpuzzles, iss, FormatKind};
use solver_core::puzzle::{Constraint, Puzzle};
use solver_core::{parse, Cell, Variant};

/// ISS's example puzzles these fixtures were made from, and their solutions.
pub const EXAMPLES: &[(&str, &str, &str)] = &[
    ("killer", ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9",
     "215647398368952174794381652586274931142593867973816425821739546659428713437165289"),
    ("jigsaw", ".NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9",
     "364891527189374265542168739625719843213987456937456182876523914498235671751642398"),
    ("windoku", ".Diagonal~1.Diagonal~-1.Windoku.~R1C8_1~R2C5_2~R2C9_3~R4C1_4~R4C6_3~R5C5_5~R5C9_6~R6C5_1~R7C6_7~R7C7_8~R8C5_6~R9C5_3~R9C6_2",
     "932674518678521943541398267469283751217459386853716429326147895794865132185932674"),
    ("antiknight", ".AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3",
     ""),
    ("diagonal", ".Diagonal~1.Diagonal~-1.~R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9",
     "681945237792316584435827619523784961817639425946152873369478152158293746274561398"),
];

fn read_fixture(name: &str) -> Puzzle {
    fpuzzles::read(&fixture(&format!("fpuzzles/{name}.json")))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Regions compared as partitions: the numbers a source gives them do not matter.
fn same_regions(a: &Option<[u8; 81]>, b: &Option<[u8; 81]>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => (0..81).all(|i| (0..81).all(|j| (a[i] == a[j]) == (b[i] == b[j]))),
        _ => false,
    }
}

#[test]
fn fixtures_read_as_iss_reads_the_same_puzzles() {
    for (name, iss_text, _) in EXAMPLES {
        let f = read_fixture(name);
        let i = iss::read(iss_text).unwrap();
        assert_eq!(f.givens, i.givens, "{name}");
        assert!(same_regions(&f.regions, &i.regions), "{name}");
        assert_eq!(f.constraints, i.constraints, "{name}");
        assert!(f.title.is_some() && f.author.is_some(), "{name}");
    }
}

#[test]
fn fixtures_hold_what_they_were_made_with() {
    let killer = read_fixture("killer");
    assert_eq!(killer.constraints.len(), 29);
    assert_eq!(
        killer.constraints[0],
        Constraint::Cage {
            cells: vec![Cell(0), Cell(1)],
            sum: Some(3)
        }
    );
    assert_eq!(killer.title.as_deref(), Some("Killer"));
    let jigsaw = read_fixture("jigsaw");
    assert!(jigsaw.regions.is_some());
    assert_eq!(jigsaw.givens.iter().filter(|&&d| d != 0).count(), 18);
    assert_eq!(
        read_fixture("windoku").constraints,
        vec![
            Constraint::AntiDiagonal,
            Constraint::Diagonal,
            Constraint::Windoku
        ]
    );
    // Pencil marks, colours and empty constraint lists say nothing about the solution.
    assert_eq!(
        read_fixture("antiknight").constraints,
        vec![Constraint::AntiKnight]
    );
}

#[test]
fn solutions_agree_with_the_givens_and_diagonal_sudoku_solves() {
    for (name, _, solution) in EXAMPLES {
        let p = read_fixture(name);
        for (i, &d) in p.givens.iter().enumerate() {
            if d != 0 && !solution.is_empty() {
                assert_eq!(
                    solution.as_bytes()[i],
                    b'0' + d,
                    "{name} box {}",
                    Cell(i as u8)
                );
            }
        }
    }
    let (line, variant) = formats::classic(&read_fixture("diagonal")).unwrap();
    assert_eq!(variant, Variant::Diagonal);
    let grid = parse(&line, variant).unwrap();
    let v = solver_core::verdict::verdict(&grid, variant, 2, 1_000_000);
    assert_eq!(v.first.unwrap().to_string(), EXAMPLES[4].2);
}

#[test]
fn the_classic_router_names_what_it_does_not_solve_yet() {
    let cases = [
        ("killer", "a killer cage"),
        ("jigsaw", "jigsaw regions"),
        ("windoku", "windoku"),
        ("antiknight", "anti-knight"),
    ];
    for (name, words) in cases {
        let e = formats::classic(&read_fixture(name)).unwrap_err();
        assert!(e.to_string().contains(words), "{name}: {e}");
    }
}

#[test]
fn fixtures_round_trip() {
    for (name, _, _) in EXAMPLES {
        let p = read_fixture(name);
        let text = fpuzzles::write(&p);
        let again = fpuzzles::read(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(again, p, "{name}");
        assert_eq!(fpuzzles::write(&again), text, "{name}");
    }
}

#[test]
fn windoku_is_written_as_f_puzzles_writes_it() {
    let text = fpuzzles::write(&read_fixture("windoku"));
    assert!(text.contains(r#""extraregion":[{"cells":["R2C2","R2C3","R2C4","R3C2","R3C3","R3C4","R4C2","R4C3","R4C4"]}"#), "{text}");
    assert!(
        text.contains(r#""diagonal+":true,"diagonal-":true"#),
        "{text}"
    );
}

/// A JSON text: the killer fixture with `key` set to `value`.
fn with(key: &str, value: &str) -> String {
    let text = fixture("fpuzzles/killer.json");
    format!("{{\"{key}\":{value},{}", &text.trim()[1..])
}

#[test]
fn constraints_propagate_does_not_read_are_refused_by_name() {
    for key in [
        "thermometer",
        "arrow",
        "difference",
        "ratio",
        "littlekillersum",
        "sandwichsum",
        "even",
        "odd",
        "minimum",
        "maximum",
        "palindrome",
        "xv",
        "renban",
        "whispers",
        "nonconsecutive",
        "cage",
        "line",
        "text",
        "someNewConstraint",
    ] {
        let value = if key == "nonconsecutive" || key == "someNewConstraint" {
            "true"
        } else {
            r#"[{"cells":["R1C1","R1C2"],"lines":[["R1C1","R1C2"]],"value":"3"}]"#
        };
        let e = fpuzzles::read(&with(key, value)).unwrap_err();
        assert_eq!(e.kind, FormatKind::Unsupported, "{key}: {e}");
        assert_eq!(e.constraint.as_deref(), Some(key));
        assert!(e.to_string().contains(key), "{key}: {e}");
        // Empty, the same key says nothing.
        for empty in ["[]", "false", "null", "{}", "\"\""] {
            fpuzzles::read(&with(key, empty)).unwrap_or_else(|e| panic!("{key}={empty}: {e}"));
        }
    }
    let cage = r#"{"size":9,"grid":[],"killercage":[{"value":"10"}]}"#;
    let e = fpuzzles::read(cage).unwrap_err();
    assert_eq!(
        (e.kind, e.constraint.as_deref()),
        (FormatKind::Unsupported, Some("killercage"))
    );
    assert_eq!(e.field.as_deref(), Some("killercage[0]"));
    let marks = with("grid", r#"[[{"givenPencilMarks":[1,2]}]]"#);
    let e = fpuzzles::read(&marks).unwrap_err();
    assert_eq!(e.constraint.as_deref(), Some("givenPencilMarks"), "{e}");
}

#[test]
fn other_sizes_are_refused_naming_the_size() {
    for n in [4, 6, 8, 16, 4_000_000_000u64] {
        let text = format!(r#"{{"grid":[[{{}}]],"size":{n}}}"#);
        let e = fpuzzles::read(&text).unwrap_err();
        assert_eq!(e.kind, FormatKind::Size, "{e}");
        assert!(e.to_string().contains(&n.to_string()), "{e}");
        assert_eq!(e.field.as_deref(), Some("size"));
    }
}

#[test]
fn errors_name_the_field_the_box_or_the_cage() {
    let killer = fixture("fpuzzles/killer.json");
    let cases: Vec<(String, &str, Option<&str>)> = vec![
        (
            killer.replacen("\"R1C2\"", "\"R0C2\"", 1),
            "killercage[0].cells[1]",
            None,
        ),
        (
            killer.replacen("\"R1C2\"", "\"R1C1\"", 1),
            "killercage[0].cells[1]",
            None,
        ),
        (
            killer.replacen("\"value\":\"3\"", "\"value\":\"3a\"", 1),
            "killercage[0].value",
            None,
        ),
        (
            killer.replacen("\"value\":\"3\"", "\"value\":true", 1),
            "killercage[0].value",
            None,
        ),
        (
            killer.replacen("\"size\":9", "\"size\":\"9\"", 1),
            "size",
            None,
        ),
        (
            killer.replacen("\"title\":\"Killer\"", "\"title\":7", 1),
            "title",
            None,
        ),
        (
            killer.replacen("[{},", "[{\"value\":12,\"given\":true},", 1),
            "grid[0][0].value",
            Some("A1"),
        ),
        (
            killer.replacen("[{},", "[{\"given\":true},", 1),
            "grid[0][0].value",
            Some("A1"),
        ),
        (
            killer.replacen("[{},", "[{\"region\":9},", 1),
            "grid[0][0].region",
            Some("A1"),
        ),
        (
            killer.replacen("[{},", "[{\"region\":null},", 1),
            "grid[0][0].region",
            Some("A1"),
        ),
        (killer.replacen("[{},", "[{\"region\":1},", 1), "grid", None),
        (killer.replacen("[{},", "[", 1), "grid[0]", None),
        (
            killer.replacen("\"antiknight\":true", "", 1).replacen(
                "{\"size\"",
                "{\"diagonal+\":\"yes\",\"size\"",
                1,
            ),
            "diagonal+",
            None,
        ),
    ];
    for (text, field, cell) in cases {
        let e = fpuzzles::read(&text).unwrap_err();
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
        assert_eq!(e.cell.map(|c| c.to_string()).as_deref(), cell, "{e}");
    }
    let e = fpuzzles::read("{\"size\":9,\"grid\":[[{}]").unwrap_err();
    assert_eq!(e.kind, FormatKind::Json);
    assert!(e.line.is_some(), "{e}");
    let e = fpuzzles::read("{\"size\":9}").unwrap_err();
    assert_eq!(e.field.as_deref(), Some("grid"), "{e}");
}

#[test]
fn deep_and_huge_json_is_refused() {
    let deep = format!(
        "{{\"size\":9,\"x\":{}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let e = fpuzzles::read(&deep).unwrap_err();
    assert_eq!(e.kind, FormatKind::Json, "{e}");
    let rows = format!("{{\"size\":9,\"grid\":[{}]}}", vec!["[]"; 40].join(","));
    let e = fpuzzles::read(&rows).unwrap_err();
    assert_eq!(e.field.as_deref(), Some("grid"), "{e}");
}

#[test]
fn real_f_puzzles_links_are_refused_naming_their_constraint() {
    let mut n = 0;
    for line in fixture("real-links.txt")
        .lines()
        .filter(|l| l.starts_with("http"))
    {
        let e = formats::link::read(line).unwrap_err();
        assert_eq!(e.kind, FormatKind::Unsupported, "{e}");
        let name = e.constraint.clone().unwrap();
        assert!(
            ["thermometer", "sandwichsum"].contains(&name.as_str()),
            "{e}"
        );
        n += 1;
    }
    assert_eq!(n, 4);
}

/// A valid partition into nine regions of nine that is not the squares.
fn layouts() -> Vec<[u8; 81]> {
    let rows: [u8; 81] = std::array::from_fn(|i| (i / 9) as u8);
    let cols: [u8; 81] = std::array::from_fn(|i| (i % 9) as u8);
    let jigsaw = iss::read(EXAMPLES[1].1).unwrap().regions.unwrap();
    vec![rows, cols, jigsaw]
}

/// The f-puzzles writer groups constraints by field, each where its kind first appears.
fn grouped(p: &Puzzle) -> Puzzle {
    let key = |c: &Constraint| match c {
        Constraint::Cage { .. } => 1,
        Constraint::ExtraRegion(_) | Constraint::Windoku => 2,
        Constraint::Diagonal => 3,
        Constraint::AntiDiagonal => 4,
        Constraint::AntiKnight => 5,
        Constraint::AntiKing => 6,
    };
    let mut order: Vec<u8> = Vec::new();
    for c in &p.constraints {
        if !order.contains(&key(c)) {
            order.push(key(c));
        }
    }
    let mut q = p.clone();
    q.constraints
        .sort_by_key(|c| order.iter().position(|&k| k == key(c)));
    q
}

prop_compose! {
    fn cells(min: usize, max: usize)(set in proptest::sample::subsequence((0u8..81).collect::<Vec<_>>(), min..=max), seed in any::<u64>()) -> Vec<Cell> {
        // A shuffled order: a source lists a cage's boxes in any order.
        let mut v: Vec<Cell> = set.into_iter().map(Cell).collect();
        let n = v.len();
        if n > 1 { v.rotate_left((seed as usize) % n); }
        v
    }
}

fn constraint() -> impl Strategy<Value = Constraint> {
    prop_oneof![
        (cells(1, 9), proptest::option::of(0u16..=400))
            .prop_map(|(cells, sum)| Constraint::Cage { cells, sum }),
        cells(9, 9).prop_map(Constraint::ExtraRegion),
    ]
}

pub fn puzzle() -> impl Strategy<Value = Puzzle> {
    (
        proptest::collection::vec(prop_oneof![6 => Just(0u8), 1 => 1u8..=9], 81),
        0usize..4,
        proptest::collection::vec(constraint(), 0..6),
        proptest::collection::vec(0usize..5, 0..5),
        proptest::option::of(any::<String>()),
        proptest::option::of("[a-zA-Z \"\\\\\n\t\u{1}é]{0,20}"),
        any::<u64>(),
    )
        .prop_map(
            |(givens, layout, mut constraints, flags, title, author, seed)| {
                for f in flags {
                    let c = [
                        Constraint::Diagonal,
                        Constraint::AntiDiagonal,
                        Constraint::Windoku,
                        Constraint::AntiKnight,
                        Constraint::AntiKing,
                    ][f]
                        .clone();
                    if !constraints.contains(&c) {
                        let at = (seed as usize) % (constraints.len() + 1);
                        constraints.insert(at, c);
                    }
                }
                Puzzle {
                    givens: givens.try_into().unwrap(),
                    regions: layouts().get(layout).copied(),
                    constraints,
                    title,
                    author,
                }
            },
        )
}

proptest! {
    #[test]
    fn any_puzzle_round_trips_through_f_puzzles_json(p in puzzle()) {
        let text = fpuzzles::write(&p);
        let back = fpuzzles::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &grouped(&p));
        prop_assert_eq!(fpuzzles::write(&back), text);
    }
}

#[test]
fn the_four_windoku_squares_are_windoku_in_any_order() {
    let square = |top: u8, left: u8| -> Vec<String> {
        // Listed bottom row first: a source lists a region's boxes in any order.
        (0..9u8)
            .rev()
            .map(|k| format!("\"R{}C{}\"", top + k / 3, left + k % 3))
            .collect()
    };
    let other: Vec<String> = (1..=9).map(|c| format!("\"R5C{c}\"")).collect();
    let regions = [
        square(6, 6),
        other,
        square(2, 2),
        square(6, 2),
        square(2, 6),
    ]
    .iter()
    .map(|cells| format!("{{\"cells\":[{}]}}", cells.join(",")))
    .collect::<Vec<_>>()
    .join(",");
    let text = fixture("fpuzzles/killer.json").replacen(
        "{\"size\":9",
        &format!("{{\"size\":9,\"extraregion\":[{regions}]"),
        1,
    );
    let p = fpuzzles::read(&text).unwrap();
    assert_eq!(p.constraints[0], Constraint::Windoku);
    assert!(matches!(&p.constraints[1], Constraint::ExtraRegion(c) if c[0] == Cell(36)));
    assert!(matches!(p.constraints[2], Constraint::Cage { .. }));
    // Three squares alone are three extra regions.
    let three = text.replacen(
        &format!("{{\"cells\":[{}]}},", square(6, 6).join(",")),
        "",
        1,
    );
    let p = fpuzzles::read(&three).unwrap();
    assert_eq!(
        p.constraints
            .iter()
            .filter(|c| matches!(c, Constraint::ExtraRegion(_)))
            .count(),
        4
    );
    assert!(!p.constraints.contains(&Constraint::Windoku));
}
