//! The catalogue of bad input (issue 5): one test per kind of paste people get wrong. Each checks
//! the typed [`ParseError`] variant and that its message says what is wrong and where. The inputs
//! that look wrong but are fine (Windows line endings, a trailing newline, the display layouts)
//! are here too, so the parser is pinned from both sides.

use solver_core::parse::MAX_INPUT;
use solver_core::*;
use std::time::{Duration, Instant};

/// The easy grid of seed 002 and its solution.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn std_parse(text: &str) -> Result<Grid, ParseError> {
    parse(text, Variant::Standard)
}

/// The error for `text`, and its message, which must be one short line.
fn error(text: &str, variant: Variant) -> (ParseError, String) {
    let e = parse(text, variant).expect_err("the input should be rejected");
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "one line: {msg:?}");
    assert!(msg.len() < 200, "short: {msg:?}");
    (e, msg)
}

fn std_error(text: &str) -> (ParseError, String) {
    error(text, Variant::Standard)
}

fn cell(label: &str) -> Cell {
    Cell::from_label(label).unwrap()
}

/// `line` with the character at `i` replaced by `ch`.
fn with_char(line: &str, i: usize, ch: char) -> String {
    line.chars()
        .enumerate()
        .map(|(k, c)| if k == i { ch } else { c })
        .collect()
}

/// The course's display layout of a puzzle: one char a box, spaces, `|` and dash lines.
fn display_layout(line: &str, eol: &str) -> String {
    let b: Vec<char> = line.chars().collect();
    let mut out = String::new();
    for r in 0..9 {
        for c in 0..9 {
            out.push(b[r * 9 + c]);
            out.push(' ');
            if c == 2 || c == 5 {
                out.push_str("| ");
            }
        }
        out.push_str(eol);
        if r == 2 || r == 5 {
            out.push_str("------+-------+------");
            out.push_str(eol);
        }
    }
    out
}

// ---- wrong number of boxes -------------------------------------------------------------------

#[test]
fn too_few_boxes_says_how_many() {
    let (e, msg) = std_error(&EASY[..80]);
    assert_eq!(e, ParseError::WrongCount { found: 80 });
    assert!(msg.contains("81") && msg.contains("80"), "{msg}");
}

#[test]
fn too_many_boxes_says_how_many() {
    let (e, msg) = std_error(&format!("{EASY}."));
    assert_eq!(e, ParseError::WrongCount { found: 82 });
    assert!(msg.contains("81") && msg.contains("82"), "{msg}");
}

#[test]
fn half_copied_display_layout_counts_its_boxes() {
    // The first six rows of a display layout: 54 boxes.
    let text: String = display_layout(EASY, "\n")
        .lines()
        .take(7)
        .collect::<Vec<_>>()
        .join("\n");
    let (e, msg) = std_error(&text);
    assert_eq!(e, ParseError::WrongCount { found: 54 });
    assert!(msg.contains("54"), "{msg}");
}

#[test]
fn two_puzzles_pasted_together_are_162_boxes() {
    let (e, _) = std_error(&format!("{EASY}\n{EASY}\n"));
    assert_eq!(e, ParseError::WrongCount { found: 162 });
}

// ---- invalid characters ----------------------------------------------------------------------

/// A puzzle with `ch` at box `at`: the error names the character and the box.
fn check_invalid(ch: char, at: usize, shown: &str) {
    let text = with_char(EASY, at, ch);
    let (e, msg) = std_error(&text);
    assert_eq!(
        e,
        ParseError::InvalidCharacter {
            ch,
            line: 1,
            column: at + 1,
            cell: Some(Cell(at as u8)),
        },
        "{msg}"
    );
    assert!(msg.contains(&format!("'{shown}'")), "{msg}");
    assert!(msg.contains(&format!("column {}", at + 1)), "{msg}");
    assert!(msg.contains(&format!("box {}", Cell(at as u8))), "{msg}");
}

#[test]
fn a_letter_is_named_with_its_box() {
    check_invalid('x', 16, "x");
    check_invalid('O', 0, "O"); // a letter O typed for a zero
}

#[test]
fn punctuation_is_named_with_its_box() {
    check_invalid('*', 40, "*");
    check_invalid('-', 80, "-");
}

#[test]
fn unicode_letters_and_full_width_digits_are_invalid() {
    check_invalid('é', 3, "é");
    // A full-width five (U+FF15), as an IME types it: not a digit 1-9.
    check_invalid('５', 10, "５");
}

#[test]
fn control_characters_are_shown_escaped() {
    let (_, msg) = std_error(&with_char(EASY, 5, '\u{7}'));
    assert!(msg.contains("'\\u{7}'"), "{msg}");
    assert!(
        !msg.contains('\u{7}'),
        "the raw control character is not echoed: {msg:?}"
    );
    // An escape sequence from a terminal paste.
    let (e, msg) = std_error(&with_char(EASY, 5, '\u{1b}'));
    assert!(matches!(
        e,
        ParseError::InvalidCharacter { ch: '\u{1b}', .. }
    ));
    assert!(msg.contains("\\u{1b}"), "{msg}");
}

#[test]
fn a_nul_byte_is_invalid_not_a_crash() {
    let (e, msg) = std_error(&with_char(EASY, 20, '\0'));
    assert!(matches!(e, ParseError::InvalidCharacter { ch: '\0', .. }));
    assert!(msg.contains("\\0"), "{msg}");
}

#[test]
fn invalid_character_on_a_later_line_gives_line_and_column() {
    let mut text = display_layout(EASY, "\n");
    // Row E is line 6 (after the first dash line); its first box is at column 1.
    let line6: Vec<&str> = text.lines().collect();
    assert!(line6[5].starts_with('7'));
    text = text.replacen("7 . . |", "7 ? . |", 1);
    let (e, msg) = std_error(&text);
    assert_eq!(
        e,
        ParseError::InvalidCharacter {
            ch: '?',
            line: 6,
            column: 3,
            cell: Some(cell("E2")),
        }
    );
    assert!(
        msg.contains("line 6, column 3") && msg.contains("E2"),
        "{msg}"
    );
}

#[test]
fn an_invalid_character_past_the_81st_box_names_no_box() {
    let (e, msg) = std_error(&format!("{EASY}!"));
    assert_eq!(
        e,
        ParseError::InvalidCharacter {
            ch: '!',
            line: 1,
            column: 82,
            cell: None,
        }
    );
    assert!(msg.contains("column 82") && !msg.contains("box I"), "{msg}");
}

// ---- conflicting givens ----------------------------------------------------------------------

/// An empty grid with these givens.
fn givens(boxes: &[(&str, u8)]) -> String {
    let mut b = vec!['.'; 81];
    for (label, d) in boxes {
        b[cell(label).index()] = (b'0' + d) as char;
    }
    b.into_iter().collect()
}

fn check_conflict(text: &str, variant: Variant, a: &str, b: &str, digit: u8, unit: &str) {
    let (e, msg) = error(text, variant);
    let ParseError::Conflict {
        a: ea,
        b: eb,
        digit: ed,
        unit: eu,
    } = e
    else {
        panic!("expected a conflict, got {e:?}");
    };
    assert_eq!((ea, eb, ed), (cell(a), cell(b), digit), "{msg}");
    assert_eq!(eu.to_string(), unit);
    for part in [a, b, unit, &digit.to_string()] {
        assert!(msg.contains(part), "{msg} names {part}");
    }
}

#[test]
fn conflict_in_a_row() {
    check_conflict(
        &givens(&[("A2", 5), ("A8", 5)]),
        Variant::Standard,
        "A2",
        "A8",
        5,
        "row A",
    );
}

#[test]
fn conflict_in_a_column() {
    check_conflict(
        &givens(&[("B4", 7), ("H4", 7)]),
        Variant::Standard,
        "B4",
        "H4",
        7,
        "column 4",
    );
}

#[test]
fn conflict_in_a_square() {
    check_conflict(
        &givens(&[("D4", 9), ("F6", 9)]),
        Variant::Standard,
        "D4",
        "F6",
        9,
        "square D4-F6",
    );
}

#[test]
fn conflict_on_a_diagonal_only_in_diagonal_mode() {
    // A1 and I9 share no row, column or square: fine in standard Sudoku.
    let main = givens(&[("A1", 3), ("I9", 3)]);
    assert!(std_parse(&main).is_ok());
    check_conflict(&main, Variant::Diagonal, "A1", "I9", 3, "diagonal A1-I9");
    let anti = givens(&[("A9", 6), ("E5", 6)]);
    assert!(std_parse(&anti).is_ok());
    check_conflict(&anti, Variant::Diagonal, "A9", "E5", 6, "diagonal A9-I1");
}

#[test]
fn a_typo_in_a_real_puzzle_is_a_conflict() {
    // A1 typed as 3, which row A already has at A3.
    let text = with_char(EASY, 0, '3');
    check_conflict(&text, Variant::Standard, "A1", "A3", 3, "row A");
}

#[test]
fn a_candidate_grid_with_two_solved_boxes_alike_conflicts() {
    let mut fields = vec!["123456789"; 81];
    fields[0] = "4";
    fields[10] = "4"; // B2, same square as A1
    check_conflict(
        &fields.join(" "),
        Variant::Standard,
        "A1",
        "B2",
        4,
        "square A1-C3",
    );
}

// ---- candidate grids -------------------------------------------------------------------------

#[test]
fn candidate_grid_with_an_empty_box_names_the_box() {
    let mut fields = vec!["123456789"; 81];
    fields[13] = "-"; // B5
    let text = fields.join(" ");
    let (e, msg) = std_error(&text);
    // B5's field starts after 13 fields of 9 digits and a space each.
    assert_eq!(
        e,
        ParseError::EmptyCandidates {
            cell: cell("B5"),
            line: 1,
            column: 13 * 10 + 1,
        }
    );
    assert!(msg.contains("B5") && msg.contains("column 131"), "{msg}");
}

#[test]
fn spaced_grid_of_single_fields_with_a_dash_is_an_empty_box() {
    // Every field one character: still a candidate grid with an empty box, not a stray dash.
    let mut fields: Vec<String> = EASY.chars().map(String::from).collect();
    fields[2] = "-".into(); // A3, a given in EASY
    let (e, msg) = std_error(&fields.join(" "));
    assert_eq!(
        e,
        ParseError::EmptyCandidates {
            cell: cell("A3"),
            line: 1,
            column: 5,
        },
        "{msg}"
    );
}

#[test]
fn candidate_field_with_a_zero_inside_is_invalid() {
    let mut fields = vec!["123456789"; 81];
    fields[0] = "120";
    let (e, msg) = std_error(&fields.join(" "));
    assert_eq!(
        e,
        ParseError::InvalidCharacter {
            ch: '0',
            line: 1,
            column: 3,
            cell: Some(cell("A1")),
        }
    );
    assert!(
        msg.contains("'0'") && msg.contains("A1") && msg.contains("column 3"),
        "{msg}"
    );
    // The message must not claim that '0' is fine as it stands: it is fine only alone.
    assert!(msg.contains("alone"), "{msg}");
}

#[test]
fn candidate_field_with_a_letter_or_dot_inside_is_invalid() {
    let mut fields = vec!["123456789"; 81];
    fields[80] = "1.3";
    let (e, msg) = std_error(&fields.join(" "));
    assert!(
        matches!(e, ParseError::InvalidCharacter { ch: '.', cell: Some(c), .. } if c == cell("I9")),
        "{e:?}"
    );
    assert!(msg.contains("I9"), "{msg}");
}

#[test]
fn candidate_grid_with_80_fields_is_the_wrong_count() {
    let fields = vec!["12"; 80];
    let (e, _) = std_error(&fields.join(" "));
    assert!(matches!(e, ParseError::WrongCount { .. }), "{e:?}");
}

#[test]
fn candidate_grid_reads_dot_and_zero_as_all_digits() {
    let mut fields = vec!["123456789"; 81];
    fields[0] = ".";
    fields[1] = "0";
    fields[2] = "97";
    let g = std_parse(&fields.join(" ")).unwrap();
    assert_eq!(g.get(Cell(0)), Digits::ALL);
    assert_eq!(g.get(Cell(1)), Digits::ALL);
    assert_eq!(g.get(Cell(2)).to_string(), "79");
}

#[test]
fn candidate_grid_in_display_layout_reads_back() {
    // The course's display of a partly solved grid, with CRLF line endings too.
    let mut g = std_parse(EASY).unwrap();
    let id = registry::position("eliminate").unwrap();
    let (mut sink, mut steps) = (trace::NoTrace, 0);
    let mut pass = strategy::Pass::new(&mut sink, strategy::At::default(), id, &mut steps);
    <strategy::eliminate::Eliminate as strategy::Strategy>::apply(
        &mut g,
        Topology::of(Variant::Standard),
        &mut pass,
    )
    .unwrap();
    let shown = g.display();
    assert!(shown.contains('|') && shown.contains("-+-"));
    assert_eq!(std_parse(&shown).unwrap(), g);
    assert_eq!(std_parse(&shown.replace('\n', "\r\n")).unwrap(), g);
}

// ---- empty and whitespace --------------------------------------------------------------------

#[test]
fn empty_input() {
    let (e, msg) = std_error("");
    assert_eq!(e, ParseError::Empty);
    assert!(msg.contains("empty") && msg.contains("81"), "{msg}");
}

#[test]
fn whitespace_only_input_is_empty() {
    for text in [
        " ",
        "\n",
        "\r\n\r\n",
        "\t  \n \u{a0}",
        "  |  +  \n------+------\n",
    ] {
        assert_eq!(std_error(text).0, ParseError::Empty, "{text:?}");
    }
}

// ---- very long input -------------------------------------------------------------------------

#[test]
fn megabytes_are_rejected_at_once_without_echo() {
    for text in [
        ".".repeat(5_000_000),
        "x".repeat(5_000_000),
        format!("{EASY}\n").repeat(40_000),
        "é".repeat(2_000_000), // 4 MB of two-byte characters
    ] {
        let t = Instant::now();
        let (e, msg) = std_error(&text);
        let elapsed = t.elapsed();
        assert_eq!(e, ParseError::TooLong { len: text.len() });
        assert!(msg.contains(&text.len().to_string()) && msg.contains(&MAX_INPUT.to_string()));
        assert!(msg.len() < 120, "no echo of the input: {} bytes", msg.len());
        // The check is on the length alone: nothing is scanned. Generous for a loaded debug build.
        assert!(elapsed < Duration::from_millis(50), "{elapsed:?}");
    }
}

#[test]
fn just_under_the_cap_is_scanned_quickly_and_counted() {
    // The worst input that is read in full: MAX_INPUT bytes of boxes or of one-character fields.
    let cases = [
        (".".repeat(MAX_INPUT), Some(MAX_INPUT)),
        (". ".repeat(MAX_INPUT / 2), Some(MAX_INPUT / 2)),
        ("1\n".repeat(MAX_INPUT / 2), Some(MAX_INPUT / 2)),
        ("|".repeat(MAX_INPUT - 81) + EASY, None),
    ];
    for (text, wrong_count) in cases {
        assert_eq!(text.len(), MAX_INPUT);
        let t = Instant::now();
        let r = std_parse(&text);
        let elapsed = t.elapsed();
        assert!(elapsed < Duration::from_secs(1), "{elapsed:?}");
        match wrong_count {
            None => assert_eq!(r.unwrap(), std_parse(EASY).unwrap()),
            Some(found) => {
                let e = r.unwrap_err();
                assert!(e.to_string().len() < 100, "no echo of the input: {e}");
                assert_eq!(e, ParseError::WrongCount { found });
            }
        }
    }
    // One byte over is too long.
    let text = ".".repeat(MAX_INPUT + 1);
    assert_eq!(
        std_error(&text).0,
        ParseError::TooLong { len: MAX_INPUT + 1 }
    );
}

#[test]
fn an_invalid_character_deep_in_long_input_is_not_echoed() {
    let text = format!("{}{}", ".".repeat(MAX_INPUT - 10), "x".repeat(10));
    let (e, msg) = std_error(&text);
    assert!(matches!(
        e,
        ParseError::InvalidCharacter {
            ch: 'x',
            cell: None,
            ..
        }
    ));
    assert!(!msg.contains("xx") && msg.len() < 150, "{msg}");
}

// ---- layouts that are fine -------------------------------------------------------------------

#[test]
fn a_trailing_newline_is_fine() {
    let want = std_parse(EASY).unwrap();
    for text in [
        format!("{EASY}\n"),
        format!("{EASY}\r\n"),
        format!("{EASY}\n\n\n"),
        format!("  {EASY}  \n"),
    ] {
        assert_eq!(std_parse(&text).unwrap(), want, "{text:?}");
    }
}

#[test]
fn zero_for_an_empty_box_is_fine() {
    assert_eq!(
        std_parse(&EASY.replace('.', "0")).unwrap(),
        std_parse(EASY).unwrap()
    );
}

#[test]
fn display_layout_with_separators_parses() {
    let text = display_layout(EASY, "\n");
    assert!(text.contains("------+-------+------") && text.contains(" | "));
    assert_eq!(std_parse(&text).unwrap(), std_parse(EASY).unwrap());
    // Rows without spaces, bands separated by dash lines.
    let compact: String = EASY
        .as_bytes()
        .chunks(9)
        .enumerate()
        .map(|(r, row)| {
            let s = std::str::from_utf8(row).unwrap();
            let sep = if r == 2 || r == 5 {
                "\n---+---+---"
            } else {
                ""
            };
            format!("{}|{}|{}{sep}\n", &s[..3], &s[3..6], &s[6..])
        })
        .collect();
    assert_eq!(std_parse(&compact).unwrap(), std_parse(EASY).unwrap());
}

#[test]
fn windows_line_endings_parse() {
    let text = display_layout(EASY, "\r\n");
    assert!(text.contains("\r\n"));
    assert_eq!(std_parse(&text).unwrap(), std_parse(EASY).unwrap());
}

#[test]
fn old_mac_line_endings_parse_and_count_lines() {
    let text = display_layout(EASY, "\r");
    assert_eq!(std_parse(&text).unwrap(), std_parse(EASY).unwrap());
    // Line numbers count a lone CR as a line break too.
    let bad = text.replacen("7 . . |", "7 ? . |", 1);
    assert!(matches!(
        std_error(&bad).0,
        ParseError::InvalidCharacter {
            line: 6,
            column: 3,
            ..
        }
    ));
    // And CRLF counts once.
    let bad = display_layout(EASY, "\r\n").replacen("7 . . |", "7 ? . |", 1);
    assert!(matches!(
        std_error(&bad).0,
        ParseError::InvalidCharacter {
            line: 6,
            column: 3,
            ..
        }
    ));
}

#[test]
fn a_byte_order_mark_from_a_windows_editor_is_skipped() {
    let text = format!("\u{feff}{EASY}\r\n");
    assert_eq!(std_parse(&text).unwrap(), std_parse(EASY).unwrap());
    // Only at the start: elsewhere it is an invalid character.
    let (e, _) = std_error(&with_char(EASY, 4, '\u{feff}'));
    assert!(matches!(
        e,
        ParseError::InvalidCharacter { ch: '\u{feff}', .. }
    ));
}

#[test]
fn tabs_and_non_breaking_spaces_separate_boxes() {
    let spaced: String = EASY.chars().flat_map(|c| [c, '\t']).collect();
    assert_eq!(std_parse(&spaced).unwrap(), std_parse(EASY).unwrap());
    let nbsp: String = EASY.chars().flat_map(|c| [c, '\u{a0}']).collect();
    assert_eq!(std_parse(&nbsp).unwrap(), std_parse(EASY).unwrap());
}

#[test]
fn a_solved_grid_parses_as_it_is() {
    let g = std_parse(EASY_SOLVED).unwrap();
    assert!(g.is_complete());
    assert_eq!(g.to_line(), EASY_SOLVED);
}

// ---- the catalogue as a whole ----------------------------------------------------------------

/// Every message names its problem in words a person recognises, and no two kinds share one.
#[test]
fn every_error_kind_has_its_own_words() {
    let mut fields = vec!["123456789"; 81];
    fields[0] = "-";
    let cases = [
        (std_error("").1, "empty"),
        (std_error(&".".repeat(MAX_INPUT + 1)).1, "too long"),
        (std_error(&EASY[..10]).1, "expected 81 boxes, found 10"),
        (std_error(&with_char(EASY, 0, 'x')).1, "invalid character"),
        (std_error(&fields.join(" ")).1, "no candidates"),
        (std_error(&with_char(EASY, 0, '3')).1, "conflict"),
    ];
    for (msg, words) in &cases {
        assert!(msg.contains(words), "{msg:?} should say {words:?}");
        assert!(
            msg.chars().next().is_some_and(|c| !c.is_uppercase()),
            "lowercase: {msg}"
        );
    }
}

#[test]
fn a_candidate_grid_with_a_field_missing_counts_fields() {
    // 80 fields of "12": the count is of boxes (fields), not of characters.
    let text = vec!["12"; 80].join(" ");
    let err = parse(&text, Variant::Standard).unwrap_err();
    assert_eq!(err, ParseError::WrongCount { found: 80 });
    assert_eq!(err.to_string(), "expected 81 boxes, found 80");
    // Rows written as 9-character words still count characters.
    let rows =
        "..3.2.6.. 9..3.5..1 ..18.64.. ..81.29.. 7.......8 ..67.82.. ..26.95.. 8..2.3..9 ..5.1.3.";
    assert_eq!(
        parse(rows, Variant::Standard).unwrap_err(),
        ParseError::WrongCount { found: 80 }
    );
}

#[test]
fn a_plain_line_with_line_ending_reads_like_any_other_layout() {
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let want = parse(line, Variant::Standard).unwrap();
    assert_eq!(
        parse(&format!("{line}\r\n"), Variant::Standard).unwrap(),
        want
    );
    assert_eq!(
        parse(&format!("{line}\n"), Variant::Standard).unwrap(),
        want
    );
    assert_eq!(
        parse(&line.replace('.', "0"), Variant::Standard).unwrap(),
        want
    );
    let bad = line.replacen('.', "x", 1);
    assert!(matches!(
        parse(&bad, Variant::Standard).unwrap_err(),
        ParseError::InvalidCharacter {
            ch: 'x',
            line: 1,
            column: 1,
            ..
        }
    ));
}

// ---- trace files (solver_core::check) --------------------------------------------------------

mod trace_files {
    use solver_core::check::{check, CheckError, CheckKind, CheckLimits};
    use solver_core::*;
    use std::time::{Duration, Instant};

    /// A valid trace's JSON (the easy grid, the course's strategies).
    fn good() -> String {
        let grid = parse(super::EASY, Variant::Standard).unwrap();
        serde_json::to_string(&solve_traced(&grid, &Options::default())).unwrap()
    }

    /// The error for `text`: one short line, never echoing more than a short quote.
    fn error(text: &str) -> CheckError {
        let e = check(text, &CheckLimits::default()).expect_err("the trace should be refused");
        let msg = e.to_string();
        assert!(!msg.contains('\n'), "one line: {msg:?}");
        // Short: a message may list the registry's ids, and quotes little of the file.
        let ids: usize = REGISTRY.iter().map(|s| s.id.len() + 2).sum();
        assert!(msg.len() < 150 + ids, "short: {msg:?}");
        e
    }

    #[test]
    fn not_json_at_all_says_where() {
        for text in ["", "   ", "{", "{\"format\": 2,}", "hello", "\u{feff}{}"] {
            let e = error(text);
            assert_eq!(e.kind, CheckKind::Json, "{text:?}: {e}");
            assert!(e.line.is_some() && e.column.is_some(), "{text:?}: {e}");
            assert!(e.to_string().contains("line"), "{e}");
        }
        let e = error(&format!("{} trailing", good()));
        assert_eq!(e.kind, CheckKind::Json);
        assert!(e.to_string().contains("trailing"), "{e}");
    }

    #[test]
    fn deep_nesting_is_refused_without_recursing_into_it() {
        for open in ["[", "{\"a\":"] {
            let text = open.repeat(200_000);
            let e = error(&text);
            assert!(matches!(e.kind, CheckKind::Json | CheckKind::Field), "{e}");
        }
        // Nested where a step's field is expected, and where a field is unknown.
        let deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
        let text = good().replacen("\"node\":0", &format!("\"node\":{deep}"), 1);
        assert_eq!(error(&text).step, Some(0));
        let text = good().replacen(
            "{\"format\":4",
            &format!("{{\"extra\":{deep},\"format\":4"),
            1,
        );
        let e = error(&text);
        assert_eq!(e.kind, CheckKind::Field, "{e}");
        assert!(e.to_string().contains("extra"), "{e}");
    }

    #[test]
    fn huge_and_not_quite_numbers_are_field_errors() {
        let g = good();
        for (from, to, field) in [
            ("\"node\":0", "\"node\":1e400", "node"),
            ("\"node\":0", "\"node\":99999999999999999999999999", "node"),
            ("\"node\":0", "\"node\":-1", "node"),
            ("\"node\":0", "\"node\":0.5", "node"),
            ("\"node\":0", "\"node\":\"NaN\"", "node"),
            ("\"depth\":0", "\"depth\":\"Infinity\"", "depth"),
            (
                "\"nodes\":1",
                "\"nodes\":18446744073709551616",
                "stats.nodes",
            ),
        ] {
            let text = g.replacen(from, to, 1);
            assert_ne!(text, g, "{from}");
            let e = error(&text);
            // serde_json reads a number out of range as bad JSON, the rest as a bad field.
            assert!(
                matches!(e.kind, CheckKind::Field | CheckKind::Json),
                "{to}: {e}"
            );
            assert!(
                e.field
                    .as_deref()
                    .is_some_and(|f| f == field || f.ends_with(field)),
                "{to}: {e}"
            );
        }
        // Bare NaN and Infinity are not JSON.
        for bad in ["NaN", "Infinity", "-Infinity", "nan"] {
            let text = g.replacen("\"node\":0", &format!("\"node\":{bad}"), 1);
            assert_eq!(error(&text).kind, CheckKind::Json, "{bad}");
        }
        // A digit out of 1-9, a huge format.
        let text = g.replacen("\"format\":4", "\"format\":4294967296", 1);
        assert_eq!(error(&text).field.as_deref(), Some("format"));
    }

    #[test]
    fn duplicate_keys_are_refused_wherever_they_are() {
        let g = good();
        for (from, to, step) in [
            ("{\"format\":4", "{\"format\":4,\"format\":4", None),
            ("\"node\":0", "\"node\":0,\"node\":0", Some(0)),
            ("{\"box\":", "{\"box\":\"A1\",\"box\":", Some(0)),
            (
                "\"steps\":{\"eliminate\":",
                "\"steps\":{\"eliminate\":0,\"eliminate\":",
                None,
            ),
            (
                "\"verdict\":\"solved\"",
                "\"verdict\":\"solved\",\"verdict\":\"solved\"",
                None,
            ),
        ] {
            let text = g.replacen(from, to, 1);
            assert_ne!(text, g, "{from}");
            let e = error(&text);
            assert_eq!((e.kind, e.step), (CheckKind::Field, step), "{to}: {e}");
            assert!(e.to_string().contains("duplicate"), "{e}");
        }
    }

    #[test]
    fn wrong_types_name_the_field() {
        let g = good();
        for (from, to, field) in [
            ("\"steps\":[", "\"steps\":{\"a\":[", "steps"),
            ("\"initial\":[", "\"initial\":\"", "initial"),
            ("\"variant\":\"standard\"", "\"variant\":7", "variant"),
            ("\"strategies\":[", "\"strategies\":[1,", "strategies[0]"),
            ("\"units\":[", "\"units\":[null,", "units[0]"),
        ] {
            let text = g.replacen(from, to, 1);
            let e = error(&text);
            assert!(
                matches!(e.kind, CheckKind::Field | CheckKind::Json),
                "{to}: {e}"
            );
            if e.kind == CheckKind::Field {
                assert_eq!(e.field.as_deref(), Some(field), "{to}: {e}");
            }
        }
        for top in ["null", "[]", "[2, \"standard\"]", "2", "\"trace\"", "{}"] {
            assert_eq!(error(top).kind, CheckKind::Field, "{top}");
        }
        let e = error(&g.replacen("{\"box\":\"", "{\"box\":\"Z", 1));
        assert_eq!(
            (e.step, e.field.as_deref()),
            (Some(0), Some("changes[0].box"))
        );
    }

    #[test]
    fn messages_quote_little_of_a_huge_string() {
        let huge = "x".repeat(1_000_000);
        let g = good();
        for (from, to) in [
            (
                "\"variant\":\"standard\"",
                format!("\"variant\":\"{huge}\""),
            ),
            ("\"node\":0", format!("\"node\":\"{huge}\"")),
            ("{\"box\":\"", format!("{{\"box\":\"{huge}")),
            ("\"kind\":\"eliminate\"", format!("\"kind\":\"{huge}\"")),
        ] {
            let text = g.replacen(from, &to, 1);
            // `error` holds the message to a short quote and the registry's ids.
            error(&text);
        }
    }

    #[test]
    fn control_characters_and_escapes_in_names_do_not_reach_the_message_raw() {
        let text = good().replacen(
            "\"kind\":\"eliminate\"",
            "\"kind\":\"\\u0007\\n\\u202e\"",
            1,
        );
        let e = error(&text);
        let msg = e.to_string();
        assert!(
            !msg.contains('\u{7}') && !msg.contains('\u{202e}'),
            "{msg:?}"
        );
    }

    #[test]
    fn a_file_over_the_byte_cap_is_refused_at_once() {
        let text = " ".repeat(20_000_000);
        let limits = CheckLimits {
            max_bytes: 1 << 20,
            max_steps: 50_000,
        };
        let t = Instant::now();
        let e = check(&text, &limits).unwrap_err();
        assert!(t.elapsed() < Duration::from_millis(50));
        assert_eq!(e.kind, CheckKind::TooLarge);
        assert!(
            e.to_string().contains("20000000") && e.to_string().contains("1048576"),
            "{e}"
        );
        assert!(solver_core::check::check_size(1 << 20, &limits).is_ok());
    }
}

/// An 81-character line is read by a fast reader that checks conflicts as it goes; the same line
/// with a separator in it takes the general reader. Both give the same grid or the same error,
/// on every puzzle file's lines and on lines made to conflict in every kind of unit.
#[test]
fn the_line_reader_agrees_with_the_general_one() {
    let mut lines: Vec<String> = Vec::new();
    for name in ["top95.txt", "hardest.txt", "easy50.txt"] {
        let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        lines.extend(
            text.lines()
                .filter(|l| l.len() == 81 && !l.starts_with('#'))
                .map(String::from),
        );
    }
    let base = lines[0].clone();
    // Conflicts in a row, a column, a square and on each diagonal.
    for i in [0, 1, 9, 10, 80, 72, 40] {
        let mut l = base.clone().into_bytes();
        l[i] = b'5';
        lines.push(String::from_utf8(l).unwrap());
    }
    lines.push(
        "1.........1.........................................................1...........".into(),
    );
    lines.push(
        "........1.......1...............................................................".into(),
    );
    lines.push("0".repeat(81));
    lines.push("1".repeat(81));
    for line in &lines {
        let general = format!("{} | {}", &line[..40], &line[40..]);
        for v in [Variant::Standard, Variant::Diagonal] {
            let (fast, slow) = (parse(line, v), parse(&general, v));
            match (&fast, &slow) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{line} {v:?}"),
                (Err(a), Err(b)) => assert_eq!(
                    std::mem::discriminant(a),
                    std::mem::discriminant(b),
                    "{line} {v:?}"
                ),
                _ => panic!("{line} {v:?}: {fast:?} vs {slow:?}"),
            }
        }
    }
}
