// The technique table: one row per registry strategy, in ladder order. It is plain data over
// `std` alone, because solver-wasm's packed tests read it too (`include!`).
//
// A row: the strategy's registry id; the shape of its evidence, which `evidence.rs` checks every
// step against; and its hand-worked cases. A case is a candidate grid (the listed boxes hold the
// listed digits, every other box all nine) with what the strategy alone does to it, run by
// `reduce_puzzle` to its fixpoint, in standard and in diagonal Sudoku: each step written
// `id | units | boxes | digits | changes`, a change `BOX-removed`, and the contradiction that
// ends it, as `Contradiction` displays it; a step with a chain adds ` | chain`, its nodes
// `BOX:digit` joined by ` = ` (a strong link) and ` - ` (a weak one) (`chain_text`). The comments
// work each case out by hand.

/// What a strategy's steps are, read from their evidence (docs/trace-format.md's table); one arm
/// of `evidence::check` each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A solved box's digit leaves its peers.
    Eliminate,
    /// A digit with one place in a unit goes there.
    OnlyChoice,
    /// No step: a contradiction only.
    NoStep,
    /// Locked candidates: a digit's places in a square all on one line leave the rest of the
    /// line (`from_square`), or a line's all in one square leave the rest of the square.
    Locked { from_square: bool },
    /// `N` boxes of a unit holding only `N` digits between them: the digits leave the unit's
    /// other boxes.
    NakedSubset(usize),
    /// `N` digits fitting in only `N` boxes of a unit: the boxes lose every other digit.
    HiddenSubset(usize),
    /// `N` rows (columns) where a digit fits in only `N` columns (rows): it leaves the rest of
    /// those.
    Fish(usize),
    /// Pivot, two pincers: the third digit leaves every box seeing both pincers.
    XyWing,
    /// An alternating chain, strong first and last, its ends the same digit (`single_digit`:
    /// every node that digit): the digit leaves every box seeing both ends.
    Chain { single_digit: bool },
}

/// A chain in the table's words: `B1:1 = B4:1 - E4:1`, from each node's box, digit and link
/// to the next (`"strong"`, `"weak"`; none on the last).
pub fn chain_text<I: IntoIterator<Item = (String, u8, Option<&'static str>)>>(nodes: I) -> String {
    let mut out = String::new();
    for (cell, digit, next) in nodes {
        out.push_str(&format!("{cell}:{digit}"));
        match next {
            Some("strong") => out.push_str(" = "),
            Some(_) => out.push_str(" - "),
            None => {}
        }
    }
    out
}

/// One strategy of the registry, with its cases.
pub struct Row {
    /// Its registry id.
    pub id: &'static str,
    pub shape: Shape,
    pub cases: &'static [Case],
}

/// A hand-worked case.
pub struct Case {
    /// What it shows.
    pub name: &'static str,
    /// Boxes (space-separated labels) and the digits they hold; every other box holds all nine.
    pub grid: &'static [(&'static str, &'static str)],
    pub steps: Steps,
    /// The contradiction that ends the run (in both variants), if one does.
    pub end: Option<&'static str>,
}

/// The steps of a case in each variant.
pub enum Steps {
    /// The same steps in standard and in diagonal Sudoku.
    Both(&'static [&'static str]),
    /// These steps in standard Sudoku, those in diagonal Sudoku.
    Each {
        standard: &'static [&'static str],
        diagonal: &'static [&'static str],
    },
}

impl Case {
    /// The grid as a candidate grid's text: 81 words, A1..I9.
    pub fn text(&self) -> String {
        let mut cells = vec!["123456789"; 81];
        for (boxes, digits) in self.grid {
            for label in boxes.split_whitespace() {
                let b = label.as_bytes();
                assert!(
                    b.len() == 2 && (b'A'..=b'I').contains(&b[0]) && (b'1'..=b'9').contains(&b[1]),
                    "{label} is no box"
                );
                cells[usize::from(b[0] - b'A') * 9 + usize::from(b[1] - b'1')] = digits;
            }
        }
        cells.join(" ")
    }

    /// The steps expected in standard Sudoku (`diagonal` false) or in diagonal Sudoku.
    pub fn steps(&self, diagonal: bool) -> &'static [&'static str] {
        match self.steps {
            Steps::Both(steps) => steps,
            Steps::Each { standard, .. } if !diagonal => standard,
            Steps::Each { diagonal, .. } => diagonal,
        }
    }
}

use Shape::*;
use Steps::*;

// Grids of more than one case.
const TWO_PAIRS_IN_ROW_A: &[(&str, &str)] = &[("A1 A2", "12"), ("A5 A6", "34")];
const QUAD_IN_A_SQUARE: &[(&str, &str)] =
    &[("A1", "14"), ("A3", "19"), ("B2", "47"), ("C3", "179")];
const HIDDEN_TRIPLE_IN_ROW_D: &[(&str, &str)] = &[
    ("D3", "2579"),
    ("D5", "568"),
    ("D8", "1246"),
    ("D1 D2 D4 D6 D7 D9", "134789"),
];
/// Rows A, E and I: 7 only in A1, A5; E5, E9; I1, I9.
const SWORDFISH_ON_ROWS: &[(&str, &str)] = &[(
    "A2 A3 A4 A6 A7 A8 A9 E1 E2 E3 E4 E6 E7 E8 I2 I3 I4 I5 I6 I7 I8",
    "12345689",
)];

/// Every strategy of the registry, in ladder order.
pub const TABLE: &[Row] = &[
    Row {
        id: "eliminate",
        shape: Eliminate,
        cases: &[
            // A1 is 5: 5 leaves its 20 peers (row A, column 1, square A1-C3), and in diagonal
            // Sudoku the diagonal's six boxes outside the square too. No other box is solved.
            Case {
                name: "a solved box",
                grid: &[("A1", "5")],
                steps: Each {
                    standard: &["eliminate | row A, column 1, square A1-C3 | A1 | 5 | \
                        A2-5 A3-5 A4-5 A5-5 A6-5 A7-5 A8-5 A9-5 B1-5 B2-5 B3-5 C1-5 C2-5 C3-5 \
                        D1-5 E1-5 F1-5 G1-5 H1-5 I1-5"],
                    diagonal: &["eliminate | row A, column 1, square A1-C3, diagonal A1-I9 | A1 | 5 | \
                        A2-5 A3-5 A4-5 A5-5 A6-5 A7-5 A8-5 A9-5 B1-5 B2-5 B3-5 C1-5 C2-5 C3-5 \
                        D1-5 D4-5 E1-5 E5-5 F1-5 F6-5 G1-5 G7-5 H1-5 H8-5 I1-5 I9-5"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "only_choice",
        shape: OnlyChoice,
        cases: &[
            // Row A: 7 only in A1 (A2..A9 lack it), so A1 is 7. Every other unit has 7 in
            // several boxes (A1 is on diagonal A1-I9, whose other boxes hold all nine).
            Case {
                name: "one place in a row",
                grid: &[("A2 A3 A4 A5 A6 A7 A8 A9", "12345689")],
                steps: Both(&["only_choice | row A | A1 | 7 | A1-12345689"]),
                end: None,
            },
        ],
    },
    Row {
        id: "naked_twins",
        shape: NakedSubset(2),
        cases: &[
            // A1 and A2 hold only 1 and 2: 1 and 2 leave the rest of row A, then the rest of
            // square A1-C3 (A3 has lost them already). A2 is on no diagonal.
            Case {
                name: "twins in a row and a square",
                grid: &[("A1 A2", "12")],
                steps: Both(&[
                    "naked_twins | row A | A1 A2 | 12 | A3-12 A4-12 A5-12 A6-12 A7-12 A8-12 A9-12",
                    "naked_twins | square A1-C3 | A1 A2 | 12 | B1-12 B2-12 B3-12 C1-12 C2-12 C3-12",
                ]),
                end: None,
            },
            // Twins {1,2} in A1, A2 and {3,4} in A5, A6: each pair leaves the rest of row A
            // (the other pair's boxes lack its digits already) and of its square.
            Case {
                name: "two pairs of twins",
                grid: TWO_PAIRS_IN_ROW_A,
                steps: Both(&[
                    "naked_twins | row A | A1 A2 | 12 | A3-12 A4-12 A7-12 A8-12 A9-12",
                    "naked_twins | row A | A5 A6 | 34 | A3-34 A4-34 A7-34 A8-34 A9-34",
                    "naked_twins | square A1-C3 | A1 A2 | 12 | B1-12 B2-12 B3-12 C1-12 C2-12 C3-12",
                    "naked_twins | square A4-C6 | A5 A6 | 34 | B4-34 B5-34 B6-34 C4-34 C5-34 C6-34",
                ]),
                end: None,
            },
        ],
    },
    Row {
        id: "no_place",
        shape: NoStep,
        cases: &[
            // Row A: no box holds 7.
            Case {
                name: "no place in a row",
                grid: &[("A1 A2 A3 A4 A5 A6 A7 A8 A9", "12345689")],
                steps: Both(&[]),
                end: Some("7 fits nowhere in row A"),
            },
        ],
    },
    Row {
        id: "pointing",
        shape: Locked { from_square: true },
        cases: &[
            // Square A1-C3: 7 only in B1 and B2, both in row B, so 7 leaves B4..B9. Nothing
            // else is confined (every other square has 7 in all nine boxes).
            Case {
                name: "a square into a row",
                grid: &[("A1 A2 A3 B3 C1 C2 C3", "12345689")],
                steps: Both(&["pointing | square A1-C3, row B | B1 B2 | 7 | B4-7 B5-7 B6-7 B7-7 B8-7 B9-7"]),
                end: None,
            },
            // Square A1-C3: 7 only in A1 and C3. They share no row or column, but both lie on
            // diagonal A1-I9: in diagonal Sudoku 7 leaves D4, E5, F6, G7, H8 and I9.
            Case {
                name: "a square into a diagonal",
                grid: &[("A2 A3 B1 B2 B3 C1 C2", "12345689")],
                steps: Each {
                    standard: &[],
                    diagonal: &["pointing | square A1-C3, diagonal A1-I9 | A1 C3 | 7 | D4-7 E5-7 F6-7 G7-7 H8-7 I9-7"],
                },
                end: None,
            },
            // As "a square into a row", but B9 holds only 7: the step empties it, and the
            // empty box ends the pass.
            Case {
                name: "an emptied box",
                grid: &[("A1 A2 A3 B3 C1 C2 C3", "12345689"), ("B9", "7")],
                steps: Both(&["pointing | square A1-C3, row B | B1 B2 | 7 | B4-7 B5-7 B6-7 B7-7 B8-7 B9-7"]),
                end: Some("B9 has no candidates left"),
            },
        ],
    },
    Row {
        id: "claiming",
        shape: Locked { from_square: false },
        cases: &[
            // Row A: 5 only in A1 and A2, both in square A1-C3, so 5 leaves B1..C3.
            Case {
                name: "a row into a square",
                grid: &[("A3 A4 A5 A6 A7 A8 A9", "12346789")],
                steps: Both(&["claiming | row A, square A1-C3 | A1 A2 | 5 | B1-5 B2-5 B3-5 C1-5 C2-5 C3-5"]),
                end: None,
            },
            // Diagonal A1-I9: 5 only in A1 and B2 (C3..I9 lack it), both in square A1-C3: in
            // diagonal Sudoku 5 leaves the square's other boxes that hold it (C3 lacks it).
            Case {
                name: "a diagonal into a square",
                grid: &[("C3 D4 E5 F6 G7 H8 I9", "12346789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["claiming | diagonal A1-I9, square A1-C3 | A1 B2 | 5 | A2-5 A3-5 B1-5 B3-5 C1-5 C2-5"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "hidden_pairs",
        shape: HiddenSubset(2),
        cases: &[
            // Row A: 1 and 2 fit only in A1 and A2 (A3..A9 lack both), so A1 and A2 keep only
            // 1 and 2. No other unit has two digits in two boxes.
            Case {
                name: "in a row",
                grid: &[("A3 A4 A5 A6 A7 A8 A9", "3456789")],
                steps: Both(&["hidden_pairs | row A | A1 A2 | 12 | A1-3456789 A2-3456789"]),
                end: None,
            },
            // Diagonal A1-I9: 1 and 2 fit only in A1 and E5, which share no other unit.
            Case {
                name: "on a diagonal",
                grid: &[("B2 C3 D4 F6 G7 H8 I9", "3456789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["hidden_pairs | diagonal A1-I9 | A1 E5 | 12 | A1-3456789 E5-3456789"],
                },
                end: None,
            },
            // Row A: 1 fits only A1, 2 only A2: two hidden singles (only choice's), no pair.
            Case {
                name: "two hidden singles",
                grid: &[
                    ("A3 A4 A5 A6 A7 A8 A9", "3456789"),
                    ("A1", "13456789"),
                    ("A2", "23456789"),
                ],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "naked_triples",
        shape: NakedSubset(3),
        cases: &[
            // SudokuWiki's (12)(23)(13) shape: in row E, E1 = {2,5}, E5 = {5,8}, E9 = {2,8}
            // hold 2, 5 and 8 between them, so those leave the other six boxes of row E.
            Case {
                name: "in a row",
                grid: &[("E1", "25"), ("E5", "58"), ("E9", "28")],
                steps: Both(&["naked_triples | row E | E1 E5 E9 | 258 | E2-258 E3-258 E4-258 E6-258 E7-258 E8-258"]),
                end: None,
            },
            // A1, E5, I9 share no row, column or square: 1, 2 and 3 leave the diagonal's other
            // six boxes, in diagonal Sudoku only.
            Case {
                name: "on a diagonal",
                grid: &[("A1", "12"), ("E5", "23"), ("I9", "13")],
                steps: Each {
                    standard: &[],
                    diagonal: &["naked_triples | diagonal A1-I9 | A1 E5 I9 | 123 | B2-123 C3-123 D4-123 F6-123 G7-123 H8-123"],
                },
                end: None,
            },
            // The naked quad below holds no three boxes with three digits.
            Case {
                name: "a quad is no triple",
                grid: QUAD_IN_A_SQUARE,
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "hidden_triples",
        shape: HiddenSubset(3),
        cases: &[
            // SudokuWiki's "Hidden Triples": in row D, 2, 5 and 6 fit only in D3, D5 and D8
            // (no two of them in only two boxes), so D3 loses 7 and 9, D5 loses 8, D8 loses 1
            // and 4.
            Case {
                name: "in a row",
                grid: HIDDEN_TRIPLE_IN_ROW_D,
                steps: Both(&["hidden_triples | row D | D3 D5 D8 | 256 | D3-79 D5-8 D8-14"]),
                end: None,
            },
            // Diagonal A1-I9: 1, 2 and 3 fit only in B2, E5 and H8, which lose 7, 8 and 9; in
            // diagonal Sudoku only.
            Case {
                name: "on a diagonal",
                grid: &[
                    ("B2", "127"),
                    ("E5", "238"),
                    ("H8", "139"),
                    ("A1 C3 D4 F6 G7 I9", "456789"),
                ],
                steps: Each {
                    standard: &[],
                    diagonal: &["hidden_triples | diagonal A1-I9 | B2 E5 H8 | 123 | B2-7 E5-8 H8-9"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "naked_quads",
        shape: NakedSubset(4),
        cases: &[
            // In square A1-C3, A1 = {1,4}, A3 = {1,9}, B2 = {4,7}, C3 = {1,7,9} hold 1, 4, 7
            // and 9 between them (no two or three of them a smaller subset), so those digits
            // leave A2, B1, B3, C1 and C2.
            Case {
                name: "in a square",
                grid: QUAD_IN_A_SQUARE,
                steps: Both(&["naked_quads | square A1-C3 | A1 A3 B2 C3 | 1479 | A2-1479 B1-1479 B3-1479 C1-1479 C2-1479"]),
                end: None,
            },
            // Diagonal A9-I1: A9 = {1,2}, C7 = {2,3}, G3 = {3,4}, I1 = {1,4}: 1..4 leave the
            // diagonal's other five boxes, in diagonal Sudoku only.
            Case {
                name: "on a diagonal",
                grid: &[("A9", "12"), ("C7", "23"), ("G3", "34"), ("I1", "14")],
                steps: Each {
                    standard: &[],
                    diagonal: &["naked_quads | diagonal A9-I1 | A9 C7 G3 I1 | 1234 | B8-1234 D6-1234 E5-1234 F4-1234 H2-1234"],
                },
                end: None,
            },
            // Two naked pairs are not a naked quad: they are naked twins' (see its row).
            Case {
                name: "two pairs are no quad",
                grid: TWO_PAIRS_IN_ROW_A,
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "x_wing",
        shape: Fish(2),
        cases: &[
            // SudokuWiki's and HoDoKu's X-wing: in rows B and H, 5 fits only in columns 2 and 7.
            // Either B2 and H7 or B7 and H2 hold 5, so 5 leaves the other seven boxes of each
            // column. Rows and columns are units in diagonal Sudoku too: the same step.
            Case {
                name: "on rows",
                grid: &[("B1 B3 B4 B5 B6 B8 B9 H1 H3 H4 H5 H6 H8 H9", "12346789")],
                steps: Both(&["x_wing | row B, row H, column 2, column 7 | B2 B7 H2 H7 | 5 | \
                    A2-5 C2-5 D2-5 E2-5 F2-5 G2-5 I2-5 A7-5 C7-5 D7-5 E7-5 F7-5 G7-5 I7-5"]),
                end: None,
            },
            // Rows and columns swapped: in columns 1 and 9, 3 fits only in rows C and G, so 3
            // leaves the other boxes of rows C and G.
            Case {
                name: "on columns",
                grid: &[("A1 B1 D1 E1 F1 H1 I1 A9 B9 D9 E9 F9 H9 I9", "12456789")],
                steps: Both(&["x_wing | column 1, column 9, row C, row G | C1 C9 G1 G9 | 3 | \
                    C2-3 C3-3 C4-3 C5-3 C6-3 C7-3 C8-3 G2-3 G3-3 G4-3 G5-3 G6-3 G7-3 G8-3"]),
                end: None,
            },
            // 4 fits the two diagonals only in rows A and I (A1, I9; A9, I1): a fish over the
            // diagonals, which are neither base nor cover lines.
            Case {
                name: "the diagonals are no lines",
                grid: &[("B2 B8 C3 C7 D4 D6 E5 F4 F6 G3 G7 H2 H8", "12356789")],
                steps: Both(&[]),
                end: None,
            },
            // The swordfish below: no two of its rows make an X-wing (each two span three
            // columns).
            Case {
                name: "a swordfish is no X-wing",
                grid: SWORDFISH_ON_ROWS,
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "swordfish",
        shape: Fish(3),
        cases: &[
            // SudokuWiki's 2-2-2 swordfish: in rows A, E and I, 7 fits only in A1, A5; E5, E9;
            // I1, I9: three rows, three columns (1, 5, 9). Each column gets its 7 from one of
            // those rows, so 7 leaves the other six boxes of columns 1, 5 and 9.
            Case {
                name: "on rows",
                grid: SWORDFISH_ON_ROWS,
                steps: Both(&["swordfish | row A, row E, row I, column 1, column 5, column 9 | \
                    A1 A5 E5 E9 I1 I9 | 7 | B1-7 C1-7 D1-7 F1-7 G1-7 H1-7 B5-7 C5-7 D5-7 F5-7 \
                    G5-7 H5-7 B9-7 C9-7 D9-7 F9-7 G9-7 H9-7"]),
                end: None,
            },
        ],
    },
    Row {
        id: "xy_wing",
        shape: XyWing,
        cases: &[
            // SudokuWiki's "Y-Wing": pivot E5 = {1,2}; pincers D6 = {2,3} (same square) and
            // E1 = {1,3} (same row). If E5 is 1, E1 is 3; if E5 is 2, D6 is 3: 3 leaves every
            // box that sees both D6 and E1: D1, D2, D3 (row D and E1's square) and E4, E6 (row
            // E and D6's square). In diagonal Sudoku D6 is on diagonal A9-I1 too, so I1 (on it,
            // and in E1's column) sees both as well.
            Case {
                name: "pivot and pincers",
                grid: &[("E5", "12"), ("D6", "23"), ("E1", "13")],
                steps: Each {
                    standard: &["xy_wing | square D4-F6, row E | E5 D6 E1 | 3 | D1-3 D2-3 D3-3 E4-3 E6-3"],
                    diagonal: &["xy_wing | square D4-F6, row E | E5 D6 E1 | 3 | D1-3 D2-3 D3-3 E4-3 E6-3 I1-3"],
                },
                end: None,
            },
            // Pivot E5 = {1,2} sees A1 = {1,3} and B8 = {2,3} only through the diagonals, and
            // the pincers share no unit. In diagonal Sudoku 3 leaves the boxes that see both:
            // A7, A8, A9 (row A and B8's square), B1, B2, B3 (row B and A1's square), H8
            // (column 8 and diagonal A1-I9), I1 (column 1 and diagonal A9-I1).
            Case {
                name: "through the diagonals",
                grid: &[("E5", "12"), ("A1", "13"), ("B8", "23")],
                steps: Each {
                    standard: &[],
                    diagonal: &["xy_wing | diagonal A1-I9, diagonal A9-I1 | E5 A1 B8 | 3 | \
                        A7-3 A8-3 A9-3 B1-3 B2-3 B3-3 H8-3 I1-3"],
                },
                end: None,
            },
            // The first case with D1 holding only 3: the step empties it, and the empty box
            // ends the pass.
            Case {
                name: "an emptied box",
                grid: &[("E5", "12"), ("D6", "23"), ("E1", "13"), ("D1", "3")],
                steps: Each {
                    standard: &["xy_wing | square D4-F6, row E | E5 D6 E1 | 3 | D1-3 D2-3 D3-3 E4-3 E6-3"],
                    diagonal: &["xy_wing | square D4-F6, row E | E5 D6 E1 | 3 | D1-3 D2-3 D3-3 E4-3 E6-3 I1-3"],
                },
                end: Some("D1 has no candidates left"),
            },
        ],
    },
    Row {
        id: "x_chain",
        shape: Chain { single_digit: true },
        cases: &[
            // 1 fits only in B1, B4 of row B; E4, E9 of row E; H9, H3 of row H: strong links.
            // B4 and E4 share column 4, E9 and H9 column 9: weak links. So B1=1 = B4=1 -
            // E4=1 = E9=1 - H9=1 = H3=1: if B1 is not 1, B4 is, so E4 is not, so E9 is, so H9
            // is not, so H3 is: B1 or H3 is 1. It leaves the boxes seeing both holding it: A3
            // and C3 (B1's square, H3's column), G1 and I1 (B1's column, H3's square); B3 and
            // H1 see both but lack 1. No chain of four removes anything (B1=B4-E4=E9 ends see
            // each other only through B9 and E1, which lack 1; likewise E4=E9-H9=H3), and no
            // other unit has 1 in two places only. No box of the chain is on a diagonal, so
            // diagonal Sudoku adds no link and no box seeing both ends.
            Case {
                name: "three rows, two columns",
                grid: &[
                    ("B2 B3 B5 B6 B7 B8 B9", "23456789"),
                    ("E1 E2 E3 E5 E6 E7 E8", "23456789"),
                    ("H1 H2 H4 H5 H6 H7 H8", "23456789"),
                ],
                steps: Both(&["x_chain |  | B1 H3 | 1 | A3-1 C3-1 G1-1 I1-1 | \
                    B1:1 = B4:1 - E4:1 = E9:1 - H9:1 = H3:1"]),
                end: None,
            },
            // A diagonal's strong link: 1 leaves B2 .. H8 of diagonal A1-I9 (only A1 and I9
            // keep it there) and column 4 but C4 and I4. In diagonal Sudoku, A1=1 = I9=1 (the
            // diagonal) - I4=1 (row I) = C4=1 (column 4): A1 or C4 is 1, which leaves the boxes
            // seeing both: A5, A6 (row A, C4's square) and C1, C2 (row C, A1's square); A4 and
            // C3 see both but lack 1. Starting at A1, the first box of the chain. In standard
            // Sudoku the diagonal is no unit: column 4 is the only strong link, and a chain
            // needs two.
            Case {
                name: "through a diagonal",
                grid: &[("B2 C3 D4 E5 F6 G7 H8 A4 B4 E4 F4 G4 H4", "23456789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["x_chain |  | A1 C4 | 1 | A5-1 A6-1 C1-1 C2-1 | \
                        A1:1 = I9:1 - I4:1 = C4:1"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "xy_chain",
        shape: Chain { single_digit: false },
        cases: &[
            // A1 = {1,2}, A6 = {2,3}, F6 = {3,4}, F2 = {4,1}, each seeing the next (row A,
            // column 6, row F). If A1 is not 1 it is 2, so A6 is 3, F6 is 4 and F2 is 1: A1 or
            // F2 is 1, which leaves every box seeing both: A2 (row A, column 2), B2 and C2
            // (A1's square, column 2), D1, E1 and F1 (column 1, F2's square). No three of the
            // boxes make a chain (A1 and F2 do not see each other; A1-A6-F6 and A6-F6-F2 end
            // on different digits). In diagonal Sudoku A1 and F6 share diagonal A1-I9 but no
            // digit, and the boxes the diagonal adds to A1's peers do not see F2.
            Case {
                name: "four boxes around a rectangle",
                grid: &[("A1", "12"), ("A6", "23"), ("F6", "34"), ("F2", "14")],
                steps: Both(&["xy_chain |  | A1 F2 | 1 | A2-1 B2-1 C2-1 D1-1 E1-1 F1-1 | \
                    A1:1 = A1:2 - A6:2 = A6:3 - F6:3 = F6:4 - F2:4 = F2:1"]),
                end: None,
            },
            // A1 = {1,2} and E5 = {2,3} see each other only through diagonal A1-I9; E9 = {1,3}
            // shares row E with E5. In diagonal Sudoku, A1=1 = A1=2 - E5=2 = E5=3 - E9=3 =
            // E9=1: A1 or E9 is 1, which leaves A9 (row A, column 9), E1 (row E, column 1) and
            // I9 (the diagonal, column 9). In standard Sudoku A1 and E5 do not see each other:
            // no chain.
            Case {
                name: "through a diagonal",
                grid: &[("A1", "12"), ("E5", "23"), ("E9", "13")],
                steps: Each {
                    standard: &[],
                    diagonal: &["xy_chain |  | A1 E9 | 1 | A9-1 E1-1 I9-1 | \
                        A1:1 = A1:2 - E5:2 = E5:3 - E9:3 = E9:1"],
                },
                end: None,
            },
        ],
    },
];
