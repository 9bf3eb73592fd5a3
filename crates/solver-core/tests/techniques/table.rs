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
    /// Two strong links of a digit in lines (`parallel`: both rows or both columns; else a row
    /// and a column), joined by a unit: it leaves every box seeing both free ends.
    StrongLinks { parallel: bool },
    /// A digit in a square only on a row and a column of it, and a strong link along a line
    /// from a box on one of them: it leaves every box seeing the link's far end and the
    /// square's boxes on the other.
    EmptyRectangle,
    /// A three-candidate pivot, two pincers: the digit they share leaves every box seeing all
    /// three.
    XyzWing,
    /// Two boxes with the same pair, a strong link of one digit between boxes they see: the
    /// other digit leaves every box seeing both.
    WWing,
    /// A fish of `N` lines but for fins in one square: the digit leaves the boxes of the cover
    /// lines outside the base lines that see every fin.
    FinnedFish(usize),
    /// A chain of boxes with the same pair, each seeing the next: the pair leaves every box
    /// seeing both ends.
    RemotePairs,
    /// A pivot and three boxes it sees holding four digits, all but one restricted: that one
    /// leaves every box seeing all its holders.
    WxyzWing,
    /// A rectangle on two rows, two columns and two squares whose corners all hold one pair,
    /// in a puzzle known to have one solution: what would make it a deadly pattern goes.
    UniqueRectangle,
    /// A unique rectangle's two roofs in one unit, acting as one box holding their digits
    /// beyond the pair, and other boxes of the unit: a naked subset, whose digits leave the
    /// unit's other boxes.
    UniqueRectangleSubset,
    /// A rectangle as above with a floor (a box holding only the pair), and one digit of the
    /// pair fitting the opposite corner's row and column only in the rectangle: the other
    /// digit leaves the opposite corner.
    HiddenRectangle,
    /// Every unsolved box two digits but one box holding three, in a puzzle known to have one
    /// solution: the digit that fits three times in that box's units is its digit.
    BugPlusOne,
    /// An alternating chain, strong first (`single_digit`: every node one digit; `bivalue`:
    /// every node a box of two candidates): open, strong last, what is weakly linked to both
    /// ends goes; a loop, what is weakly linked to both nodes of one of its weak links.
    Chain { single_digit: bool, bivalue: bool },
    /// A chain through `sets` almost locked sets (N boxes of a unit holding N + 1 digits), two
    /// nodes each (two of its digits, strongly linked), each weakly linked to the next by a
    /// restricted common digit: the first node's digit leaves every box seeing all its places
    /// in the first and last sets.
    AlsChain { sets: usize },
    /// 3D Medusa: a `Chain` of any digits (its traps and wraps), or, for a box emptied by a
    /// colour, a `Forcing` step's contradiction (its branch checked as every forcing step's).
    Medusa,
    /// A forcing step: one box changed (a candidate removed, or the box set to one digit), its
    /// premises' boxes in its evidence, and a unit for a unit's premises (its branches are
    /// checked by `tests/forcing.rs` and the trace validator).
    Forcing,
    /// A killer cage's combinations: its boxes lose the digits of none of them, or a box takes
    /// a digit all of them need. Cages are a variant's: on the classic grids of these cases it
    /// makes no step (its killer cases are in tests/killer.rs).
    CageCombinations,
    /// The 45 rule: a run of houses almost covered by whole cages leaves one or two boxes
    /// over, which keep only the digits that make their sum. Killer only, as above.
    RuleOf45,
}

/// A chain in the table's words: `B1:1 = B4:1 - E4:1`, from each node's box (a group's boxes
/// written `{A2 A3}`), digit and link to the next (`"strong"`, `"weak"`; none on the last of
/// an open chain). A loop's last link is followed by its first node again.
pub fn chain_text<I: IntoIterator<Item = (String, u8, Option<&'static str>)>>(nodes: I) -> String {
    let mut out = String::new();
    let mut first = None;
    for (cell, digit, next) in nodes {
        let node = format!("{cell}:{digit}");
        out.push_str(&node);
        first.get_or_insert(node);
        match next {
            Some("strong") => out.push_str(" = "),
            Some(_) => out.push_str(" - "),
            None => {}
        }
    }
    if out.ends_with(' ') {
        out.push_str(first.as_deref().unwrap_or(""));
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

/// The diagonal example's solution (seed 001, a standard solution too) solved but for A3, A7,
/// B3 and B7 (7, 3, 3, 2 in the solution), by digit.
const SOLVED_BUT_A3_A7_B3_B7: &[(&str, &str)] = &[
    ("A9 B5 C3 D7 E4 F1 G8 H6 I2", "1"),
    ("A1 C5 D9 E6 F2 G3 H4 I8", "2"),
    ("C6 D5 E1 F8 G4 H2 I9", "3"),
    ("A5 B8 C1 D4 E3 F7 G2 H9 I6", "4"),
    ("A6 B2 C7 D1 E8 F5 G9 H3 I4", "5"),
    ("A2 B6 C9 D3 E7 F4 G1 H8 I5", "6"),
    ("B4 C8 D2 E9 F6 G5 H7 I1", "7"),
    ("A8 B1 C4 D6 E2 F9 G7 H5 I3", "8"),
    ("A4 B9 C2 D8 E5 F3 G6 H1 I7", "9"),
];

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
        id: "cage_combinations",
        shape: CageCombinations,
        cases: &[
            // Standard and diagonal Sudoku have no cages: nothing to combine, no step, even on
            // a grid where every other rung steps (tests/killer.rs works its killer cases).
            Case {
                name: "no cage, no step",
                grid: &[("A3 A4 A5 A6 A7 A8 A9", "12346789")],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "rule_of_45",
        shape: RuleOf45,
        cases: &[
            // No cage, no sum to subtract: no step (tests/killer.rs works its killer cases).
            Case {
                name: "no cage, no step",
                grid: &[("A3 A4 A5 A6 A7 A8 A9", "12346789")],
                steps: Both(&[]),
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
        id: "finned_x_wing",
        shape: FinnedFish(2),
        cases: &[
            // Rows A and E: 5 only in A2, A7 and E2, E7, E8, E9. Without the fins E8 and E9
            // (square D7-F9) the rows would be an X-wing on columns 2 and 7. Either a fin is 5,
            // or columns 2 and 7 take 5 in rows A and E: either way D7 and F7 (column 7, and
            // in the fins' square) are not 5.
            Case {
                name: "finned",
                grid: &[("A1 A3 A4 A5 A6 A8 A9 E1 E3 E4 E5 E6", "12346789")],
                steps: Both(&["finned_x_wing | row A, row E, column 2, column 7, square D7-F9 | E8 E9 | 5 | D7-5 F7-5"]),
                end: None,
            },
            // As above with E7 lacking 5 too: row E keeps only E2 without its fins (sashimi);
            // the same reasoning, the same step.
            Case {
                name: "sashimi",
                grid: &[("A1 A3 A4 A5 A6 A8 A9 E1 E3 E4 E5 E6 E7", "12346789")],
                steps: Both(&["finned_x_wing | row A, row E, column 2, column 7, square D7-F9 | E8 E9 | 5 | D7-5 F7-5"]),
                end: None,
            },
            // X-wing's rows B and H, no fin: the X-wing's, not a finned one.
            Case {
                name: "an X-wing has no fin",
                grid: &[("B1 B3 B4 B5 B6 B8 B9 H1 H3 H4 H5 H6 H8 H9", "12346789")],
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
            // In row E, E1 = E5 = {1,2} are a naked pair, and with E9 = {1,2,3} a naked triple:
            // naked triples alone find it, and 1, 2 and 3 leave the other six boxes of row E.
            Case {
                name: "a triple holding a pair",
                grid: &[("E1 E5", "12"), ("E9", "123")],
                steps: Both(&["naked_triples | row E | E1 E5 E9 | 123 | E2-123 E3-123 E4-123 E6-123 E7-123 E8-123"]),
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
            // Rows A and E hold an X-wing on 7 (A1, A5; E1, E5), and with row I (I1, I9) a
            // swordfish on columns 1, 5 and 9, which swordfish alone finds.
            Case {
                name: "a swordfish holding an X-wing",
                grid: &[(
                    "A2 A3 A4 A6 A7 A8 A9 E2 E3 E4 E6 E7 E8 E9 I2 I3 I4 I5 I6 I7 I8",
                    "12345689",
                )],
                steps: Both(&["swordfish | row A, row E, row I, column 1, column 5, column 9 | \
                    A1 A5 E1 E5 I1 I9 | 7 | B1-7 C1-7 D1-7 F1-7 G1-7 H1-7 B5-7 C5-7 D5-7 F5-7 \
                    G5-7 H5-7 B9-7 C9-7 D9-7 F9-7 G9-7 H9-7"]),
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
            // In row D, 1 and 2 fit only in D1 and D2 (a hidden pair), and 3 only in D1 and D3:
            // 1, 2 and 3 fit only in D1, D2 and D3, a hidden triple holding the pair, which
            // hidden triples alone find: D1 loses 4, D2 5 and 6, D3 7 and 8.
            Case {
                name: "a triple holding a pair",
                grid: &[
                    ("D1", "1234"),
                    ("D2", "1256"),
                    ("D3", "378"),
                    ("D4 D5 D6 D7 D8 D9", "456789"),
                ],
                steps: Both(&["hidden_triples | row D | D1 D2 D3 | 123 | D1-4 D2-56 D3-78"]),
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
        id: "finned_swordfish",
        shape: FinnedFish(3),
        cases: &[
            // The swordfish's rows A, E and I (7 in columns 1, 5 and 9) with a fin, I8
            // (square G7-I9): either I8 is 7 or the swordfish holds, and either way G9 and H9
            // (column 9, in I8's square) are not 7.
            Case {
                name: "finned",
                grid: &[(
                    "A2 A3 A4 A6 A7 A8 A9 E1 E2 E3 E4 E6 E7 E8 I2 I3 I4 I5 I6 I7",
                    "12345689",
                )],
                steps: Both(&["finned_swordfish | row A, row E, row I, column 1, column 5, column 9, square G7-I9 | I8 | 7 | G9-7 H9-7"]),
                end: None,
            },
        ],
    },
    Row {
        id: "skyscraper",
        shape: StrongLinks { parallel: true },
        cases: &[
            // Rows A and E: 5 only in A1, A5 and E1, E6. A1 and E1 share column 1, so they are
            // not both 5: A5 or E6 is. 5 leaves the boxes that see both: B6, C6 (A5's square,
            // E6's column) and D5, F5 (E6's square, A5's column). No diagonal box sees both.
            Case {
                name: "on rows",
                grid: &[("A2 A3 A4 A6 A7 A8 A9 E2 E3 E4 E5 E7 E8 E9", "12346789")],
                steps: Both(&["skyscraper | row A, row E, column 1 | A5 A1 E1 E6 | 5 | B6-5 C6-5 D5-5 F5-5"]),
                end: None,
            },
            // Rows A and I: 5 only in A1, A5 and I6, I9. A1 and I9 share only diagonal A1-I9:
            // in diagonal Sudoku A5 or I6 is 5, and 5 leaves B6, C6 (A5's square, I6's
            // column) and G5, H5 (I6's square, A5's column).
            Case {
                name: "joined by a diagonal",
                grid: &[("A2 A3 A4 A6 A7 A8 A9 I1 I2 I3 I4 I5 I7 I8", "12346789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["skyscraper | row A, row I, diagonal A1-I9 | A5 A1 I9 I6 | 5 | B6-5 C6-5 G5-5 H5-5"],
                },
                end: None,
            },
            // X-wing's rows B and H (5 only in columns 2 and 7): two rows, two columns, an
            // X-wing and no skyscraper.
            Case {
                name: "an X-wing is no skyscraper",
                grid: &[("B1 B3 B4 B5 B6 B8 B9 H1 H3 H4 H5 H6 H8 H9", "12346789")],
                steps: Both(&[]),
                end: None,
            },
            // The first case with D5 holding only 5: the step empties it, and the empty box
            // ends the pass.
            Case {
                name: "an emptied box",
                grid: &[("A2 A3 A4 A6 A7 A8 A9 E2 E3 E4 E5 E7 E8 E9", "12346789"), ("D5", "5")],
                steps: Both(&["skyscraper | row A, row E, column 1 | A5 A1 E1 E6 | 5 | B6-5 C6-5 D5-5 F5-5"]),
                end: Some("D5 has no candidates left"),
            },
        ],
    },
    Row {
        id: "two_string_kite",
        shape: StrongLinks { parallel: false },
        cases: &[
            // Row C: 3 only in C2, C8; column 1: only in B1, G1. C2 and B1 share square A1-C3,
            // so they are not both 3: C8 or G1 is. 3 leaves G8, the one box seeing both.
            Case {
                name: "joined in a square",
                grid: &[("C1 C3 C4 C5 C6 C7 C9 A1 D1 E1 F1 H1 I1", "12456789")],
                steps: Both(&["two_string_kite | row C, column 1, square A1-C3 | C8 C2 B1 G1 | 3 | G8-3"]),
                end: None,
            },
            // Row B: 3 only in B2, B6; column 8: only in D8, H8. B2 and H8 share only diagonal
            // A1-I9: in diagonal Sudoku B6 or D8 is 3, and 3 leaves D6 (B6's column, D8's
            // row; B8, the other box seeing both, lacks it).
            Case {
                name: "joined by a diagonal",
                grid: &[("B1 B3 B4 B5 B7 B8 B9 A8 C8 E8 F8 G8 I8", "12456789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["two_string_kite | row B, column 8, diagonal A1-I9 | B6 B2 H8 D8 | 3 | D6-3"],
                },
                end: None,
            },
            // The skyscraper's rows: two rows and no column make no kite.
            Case {
                name: "a skyscraper is no kite",
                grid: &[("A2 A3 A4 A6 A7 A8 A9 E2 E3 E4 E5 E7 E8 E9", "12346789")],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "turbot_fish",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // Row A: 1 only in A1 and the group A5 A6 (row A inside square A4-C6); row E: only
            // in E1 and E4. A1 and E1 share column 1, so they are not both 1: the group or E4
            // is. 1 leaves the boxes seeing A5, A6 and E4: B4 and C4 (square A4-C6, column 4;
            // A4 lacks it). A grouped skyscraper, SE's 4.3. No diagonal box sees all three.
            Case {
                name: "a grouped skyscraper",
                grid: &[
                    ("A2 A3 A4 A7 A8 A9", "23456789"),
                    ("E2 E3 E5 E6 E7 E8 E9", "23456789"),
                ],
                steps: Both(&["turbot_fish |  | A5 E4 | 1 | B4-1 C4-1 | \
                    {A5 A6}:1 = A1:1 - E1:1 = E4:1"]),
                end: None,
            },
            // The skyscraper's rows (5 only in A1, A5 and E1, E6): a plain skyscraper is two
            // strong links too, and the rung finds it (its step scores 4.0).
            Case {
                name: "a skyscraper",
                grid: &[("A2 A3 A4 A6 A7 A8 A9 E2 E3 E4 E5 E7 E8 E9", "12346789")],
                steps: Both(&["turbot_fish |  | A5 E6 | 5 | B6-5 C6-5 D5-5 F5-5 | \
                    A5:5 = A1:5 - E1:5 = E6:5"]),
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
        id: "empty_rectangle",
        shape: EmptyRectangle,
        cases: &[
            // Square A1-C3: 6 only in B1, B2 (row B) and A3, C3 (column 3). Column 7: 6 only
            // in B7 and H7. If H7 is not 6, B7 is, row B's 6 is outside the square, and the
            // square takes 6 in A3 or C3: so H7, A3 or C3 is 6, and H3, which sees all three,
            // loses 6. The diagonals add no box that sees them all.
            Case {
                name: "a square and a column",
                grid: &[("A1 A2 B3 C1 C2 A7 C7 D7 E7 F7 G7 I7", "12345789")],
                steps: Both(&["empty_rectangle | square A1-C3, row B, column 3, column 7 | B7 H7 A3 B1 B2 C3 | 6 | H3-6"]),
                end: None,
            },
            // The same square; column 7: 6 only in B7 and C7. C7, A3 or C3 is 6: in standard
            // Sudoku only C1 and C2 see all three, and they lack 6; in diagonal Sudoku G3 sees
            // C7 along diagonal A9-I1, and loses 6.
            Case {
                name: "through a diagonal",
                grid: &[("A1 A2 B3 C1 C2 A7 D7 E7 F7 G7 H7 I7", "12345789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["empty_rectangle | square A1-C3, row B, column 3, column 7 | B7 C7 A3 B1 B2 C3 | 6 | G3-6"],
                },
                end: None,
            },
            // Square A1-C3: 6 only in row B (B1, B2, B3): pointing's, no rectangle.
            Case {
                name: "pointing is no empty rectangle",
                grid: &[("A1 A2 A3 C1 C2 C3 A7 C7 D7 E7 F7 G7 I7", "12345789")],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "xyz_wing",
        shape: XyzWing,
        cases: &[
            // Pivot E5 = {1,2,3}; pincers D6 = {1,3} (same square) and E1 = {2,3} (same row).
            // If E5 is 1, D6 is 3; if 2, E1 is 3; else E5 is 3: 3 leaves every box that sees
            // all three, E4 and E6 (row E, square D4-F6). In diagonal Sudoku I1 (E1's column,
            // diagonal A9-I1 with E5 and D6) sees all three too.
            Case {
                name: "pivot and pincers",
                grid: &[("E5", "123"), ("D6", "13"), ("E1", "23")],
                steps: Each {
                    standard: &["xyz_wing | square D4-F6, row E | E5 D6 E1 | 3 | E4-3 E6-3"],
                    diagonal: &["xyz_wing | square D4-F6, row E | E5 D6 E1 | 3 | E4-3 E6-3 I1-3"],
                },
                end: None,
            },
            // A1 = {1,2,3}, A2 = {1,3}, A3 = {2,3}: all in row A and square A1-C3, a naked
            // triple and no wing.
            Case {
                name: "a naked triple is no wing",
                grid: &[("A1", "123"), ("A2", "13"), ("A3", "23")],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "w_wing",
        shape: WWing,
        cases: &[
            // B1 and H6 hold only 4 and 6 and do not see each other. Row E: 4 only in E1 and
            // E6; B1 sees E1 (column 1), H6 sees E6 (column 6). They are not both 4, so one is
            // 6: 6 leaves B6 and H1, which see both.
            Case {
                name: "a link in a row",
                grid: &[("B1 H6", "46"), ("E2 E3 E4 E5 E7 E8 E9", "12356789")],
                steps: Both(&["w_wing | row E, column 1, column 6 | B1 E1 E6 H6 | 6 | B6-6 H1-6"]),
                end: None,
            },
            // C8 and G2 hold only 4 and 6; diagonal A1-I9: 4 only in C3 and G7, which C8 and
            // G2 see along their rows. In diagonal Sudoku one of C8, G2 is 6, and 6 leaves C2
            // and G8.
            Case {
                name: "a link on a diagonal",
                grid: &[("C8 G2", "46"), ("A1 B2 D4 E5 F6 H8 I9", "12356789")],
                steps: Each {
                    standard: &[],
                    diagonal: &["w_wing | diagonal A1-I9, row C, row G | C8 C3 G7 G2 | 6 | C2-6 G8-6"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "unique_rectangles",
        shape: UniqueRectangle,
        cases: &[
            // A solved grid but for A3, A7, B3 = {3,7} and B7 = {2,3,7}: one solution, which
            // the verdict engine finds before the pass. A3, A7, B3, B7 lie on rows A and B,
            // columns 3 and 7, squares A1-C3 and A7-C9, and on no diagonal: were B7 3 or 7,
            // the four would hold only 3 and 7, and swapping them would give a second
            // solution. So B7 loses 3 and 7 (type 1).
            Case {
                name: "type 1",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3 A7 B3", "37"),
                    ("B7", "237"),
                ],
                steps: Both(&["unique_rectangles |  | A3 A7 B3 B7 | 37 | B7-37"]),
                end: None,
            },
            // The solved grid with A3, A7 = {3,7} (the floors), B3, B7 = {2,3,7} (the roofs)
            // and B5 = {1,2,3,7}: one solution (B5 is 1, the only 1 left to column 5; B3 3, B7
            // 2). Were neither roof 2, the four would hold only 3 and 7, a deadly pattern: so
            // B3 or B7 is 2, and 2 leaves B5, which sees both (type 2). 3 and 7 each fit B5 too,
            // so no digit of the pair is locked in the roofs' row (no type 4).
            Case {
                name: "type 2",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3 A7", "37"),
                    ("B3 B7", "237"),
                    ("B5", "1237"),
                ],
                steps: Both(&["unique_rectangles |  | A3 A7 B3 B7 | 37 | B5-2"]),
                end: None,
            },
            // The solved grid with A3, A7 = {3,7} (the floors), B3 = {3,7,8} and B7 = {2,3,7}
            // (the roofs, with different digits more: no type 2): one solution (B3 is 3, 8 being
            // I3's). In row B, 3 fits only the roofs, so one of them is 3; were the other 7,
            // the four would hold only 3 and 7, a deadly pattern: 7 leaves both roofs (type 4).
            Case {
                name: "type 4",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3 A7", "37"),
                    ("B3", "378"),
                    ("B7", "237"),
                ],
                steps: Both(&["unique_rectangles | row B | A3 A7 B3 B7 | 37 | B3-7 B7-7"]),
                end: None,
            },
            // The same with C4, C5, H4, H5 opened to {2,8} (8, 2, 2, 8 in the solution): a
            // deadly pattern the puzzle does hold, so it has two solutions, and the strategy
            // does nothing.
            Case {
                name: "a puzzle with two solutions",
                grid: &[
                    ("A9 B5 C3 D7 E4 F1 G8 H6 I2", "1"),
                    ("A1 D9 E6 F2 G3 I8", "2"),
                    ("C6 D5 E1 F8 G4 H2 I9", "3"),
                    ("A5 B8 C1 D4 E3 F7 G2 H9 I6", "4"),
                    ("A6 B2 C7 D1 E8 F5 G9 H3 I4", "5"),
                    ("A2 B6 C9 D3 E7 F4 G1 H8 I5", "6"),
                    ("B4 C8 D2 E9 F6 G5 H7 I1", "7"),
                    ("A8 B1 D6 E2 F9 G7 I3", "8"),
                    ("A4 B9 C2 D8 E5 F3 G6 H1 I7", "9"),
                    ("A3 A7 B3", "37"),
                    ("B7", "237"),
                    ("C4 C5 H4 H5", "28"),
                ],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "hidden_rectangles",
        shape: HiddenRectangle,
        cases: &[
            // The solved grid with A3 = {3,7} (the floor), A7 = {3,7,9}, B3 = {3,7,8} and B7 =
            // {2,3,7}: one solution (A7 is 3, 9 being A4's; B3 3, 8 being I3's; B7 2). B7 is
            // opposite the floor. 3 fits row B only in B3 and B7, column 7 only in A7 and B7:
            // were B7 7, B3 and A7 would be 3, A3 7, and swapping 3 and 7 in the four would
            // give a second solution; so 7 leaves B7. 7 is not linked so (it fits row B in B4,
            // B4's digit), and 3 stays. One floor: no unique rectangle of types 1, 2 or 4.
            Case {
                name: "a digit of the pair linked on both sides",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3", "37"),
                    ("A7", "379"),
                    ("B3", "378"),
                    ("B7", "237"),
                ],
                steps: Both(&["hidden_rectangles | row B, column 7 | A3 B3 A7 B7 | 3 | B7-7"]),
                end: None,
            },
            // The same with B5 = {1,3} (1 in the solution, the only 1 left to column 5): 3
            // fits row B in B5 too, so no digit of the pair is linked on both sides of B7, and
            // the strategy does nothing.
            Case {
                name: "a link broken",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3", "37"),
                    ("A7", "379"),
                    ("B3", "378"),
                    ("B7", "237"),
                    ("B5", "13"),
                ],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "unique_rectangles_type3",
        shape: UniqueRectangleSubset,
        cases: &[
            // The solved grid with A3, B3 = {3,7} (the floors), A7 = {3,7,8} and B7 =
            // {2,3,7} (the roofs), A8 = {2,8}, B8 = {2,4}, C9 = {6,8}: one solution (A8 is 8,
            // B3 3, B7 2 ...). Were A7 and B7 3 or 7, the rectangle would hold only 3 and 7,
            // and swapping them would give a second solution: so A7 is 8 or B7 is 2, and with
            // A8 they are a naked pair of 2 and 8 in square A7-C9. 2 leaves B8, 8 leaves C9.
            Case {
                name: "a naked pair with the roofs",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3 B3", "37"),
                    ("A7", "378"),
                    ("B7", "237"),
                    ("A8", "28"),
                    ("B8", "24"),
                    ("C9", "68"),
                ],
                steps: Both(&["unique_rectangles_type3 | square A7-C9 | A3 B3 A7 B7 A8 | 28 | B8-2 C9-8"]),
                end: None,
            },
            // The same with A8 = {2,8,9}: the roofs' 2 and 8 make no naked subset with boxes
            // of column 7 or square A7-C9, and the strategy does nothing.
            Case {
                name: "no subset",
                grid: &[
                    SOLVED_BUT_A3_A7_B3_B7[0],
                    SOLVED_BUT_A3_A7_B3_B7[1],
                    SOLVED_BUT_A3_A7_B3_B7[2],
                    SOLVED_BUT_A3_A7_B3_B7[3],
                    SOLVED_BUT_A3_A7_B3_B7[4],
                    SOLVED_BUT_A3_A7_B3_B7[5],
                    SOLVED_BUT_A3_A7_B3_B7[6],
                    SOLVED_BUT_A3_A7_B3_B7[7],
                    SOLVED_BUT_A3_A7_B3_B7[8],
                    ("A3 B3", "37"),
                    ("A7", "378"),
                    ("B7", "237"),
                    ("A8", "289"),
                    ("B8", "24"),
                    ("C9", "68"),
                ],
                steps: Both(&[]),
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
            // Two naked pairs in row A, A1 A2 = {1,2} and A5 A6 = {3,4}, are four boxes holding
            // four digits between them: a naked quad too, which naked quads alone find (naked
            // twins, lower on the ladder, makes the same removals first when both run).
            Case {
                name: "two pairs make a quad",
                grid: TWO_PAIRS_IN_ROW_A,
                steps: Both(&["naked_quads | row A | A1 A2 A5 A6 | 1234 | A3-1234 A4-1234 A7-1234 A8-1234 A9-1234"]),
                end: None,
            },
        ],
    },
    Row {
        id: "jellyfish",
        shape: Fish(4),
        cases: &[
            // Rows A, C, E and G: 7 only in A1, A3; C3, C5; E5, E7; G1, G7: four rows, four
            // columns (1, 3, 5, 7), no two or three rows in as few columns. Each column gets
            // its 7 from one of those rows, so 7 leaves the other five boxes of each column.
            Case {
                name: "on rows",
                grid: &[(
                    "A2 A4 A5 A6 A7 A8 A9 C1 C2 C4 C6 C7 C8 C9 E1 E2 E3 E4 E6 E8 E9 G2 G3 G4 G5 G6 G8 G9",
                    "12345689",
                )],
                steps: Both(&["jellyfish | row A, row C, row E, row G, column 1, column 3, column 5, column 7 | \
                    A1 A3 C3 C5 E5 E7 G1 G7 | 7 | B1-7 D1-7 F1-7 H1-7 I1-7 B3-7 D3-7 F3-7 H3-7 I3-7 \
                    B5-7 D5-7 F5-7 H5-7 I5-7 B7-7 D7-7 F7-7 H7-7 I7-7"]),
                end: None,
            },
            // The swordfish's rows: three rows in three columns are a swordfish, no jellyfish.
            Case {
                name: "a swordfish is no jellyfish",
                grid: SWORDFISH_ON_ROWS,
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "remote_pairs",
        shape: RemotePairs,
        cases: &[
            // A2, A6, E6 and E8 hold only 4 and 6, each seeing the next (row A, column 6, row
            // E): the digits alternate, so A2 and E8 hold one each, and 4 and 6 leave A8 and
            // E2, which see both. No box on a diagonal sees both.
            Case {
                name: "a chain of four",
                grid: &[("A2 A6 E6 E8", "46")],
                steps: Both(&["remote_pairs |  | A2 A6 E6 E8 | 46 | A8-46 E2-46"]),
                end: None,
            },
            // B5, B2, H8 and H4 hold only 4 and 6; B2 and H8 see each other only along
            // diagonal A1-I9. In diagonal Sudoku the chain holds, and 4 and 6 leave the boxes
            // seeing B5 and H4: B4 and H5 (row and column), A4 and C4 (B5's square, column 4),
            // G5 and I5 (H4's square, column 5).
            Case {
                name: "a link on a diagonal",
                grid: &[("B2 B5 H4 H8", "46")],
                steps: Each {
                    standard: &[],
                    diagonal: &["remote_pairs |  | B5 B2 H8 H4 | 46 | A4-46 B4-46 C4-46 G5-46 H5-46 I5-46"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "hidden_quads",
        shape: HiddenSubset(4),
        cases: &[
            // Row D: 1, 2, 3 and 4 fit only in D1 (1, 2), D3 (2, 3), D5 (3, 4) and D7 (1, 4):
            // four digits in four boxes, no two or three of them in as few. The four boxes
            // lose 7, 8 and 9.
            Case {
                name: "in a row",
                grid: &[
                    ("D1", "12789"),
                    ("D3", "23789"),
                    ("D5", "34789"),
                    ("D7", "14789"),
                    ("D2 D4 D6 D8 D9", "56789"),
                ],
                steps: Both(&["hidden_quads | row D | D1 D3 D5 D7 | 1234 | D1-789 D3-789 D5-789 D7-789"]),
                end: None,
            },
            // The same on diagonal A1-I9 (A1, C3, E5, G7), in diagonal Sudoku only.
            Case {
                name: "on a diagonal",
                grid: &[
                    ("A1", "12789"),
                    ("C3", "23789"),
                    ("E5", "34789"),
                    ("G7", "14789"),
                    ("B2 D4 F6 H8 I9", "56789"),
                ],
                steps: Each {
                    standard: &[],
                    diagonal: &["hidden_quads | diagonal A1-I9 | A1 C3 E5 G7 | 1234 | A1-789 C3-789 E5-789 G7-789"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "finned_jellyfish",
        shape: FinnedFish(4),
        cases: &[
            // Rows A, B, D and E hold 1 only in columns 1 to 4, and row A in A5 too, a fin
            // (square A4-C6). Either A5 is 1, or the jellyfish holds and columns 1 to 4 take 1
            // in those four rows: either way C4 (column 4, row C, in A5's square) is not 1. No
            // other box of the four columns outside the four rows sees A5; no diagonal passes
            // A5, so diagonal Sudoku is the same.
            Case {
                name: "finned",
                grid: &[
                    ("A6 A7 A8 A9 B5 B6 B7 B8 B9", "23456789"),
                    ("D5 D6 D7 D8 D9 E5 E6 E7 E8 E9", "23456789"),
                ],
                steps: Both(&["finned_jellyfish | row A, row B, row D, row E, column 1, column 2, column 3, column 4, square A4-C6 | A5 | 1 | C4-1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "three_strong_links",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // 1 fits row B only in B1 and B6, row D only in D6 and D9, row H only in H3 and H9.
            // B6 and D6 share column 6, D9 and H9 column 9: B1 = B6 - D6 = D9 - H9 = H3, so B1
            // or H3 is 1, and 1 leaves the boxes seeing both: A3, C3 (square A1-C3, column 3)
            // and G1, I1 (column 1, square G1-I3). SE's "3 Skyscrapers", 5.4. Column 1 then
            // holds 1 only in A1, B1, C1 (square A1-C3) and E1, F1 (square D1-F3), a grouped
            // link that makes no new chain of three. D6 is on diagonal A9-I1, which joins no
            // other node, and no diagonal box sees both ends: diagonal Sudoku is the same.
            Case {
                name: "three skyscrapers",
                grid: &[
                    ("B2 B3 B4 B5 B7 B8 B9", "23456789"),
                    ("D1 D2 D3 D4 D5 D7 D8", "23456789"),
                    ("H1 H2 H4 H5 H6 H7 H8", "23456789"),
                ],
                steps: Both(&["three_strong_links |  | B1 H3 | 1 | A3-1 C3-1 G1-1 I1-1 | \
                    B1:1 = B6:1 - D6:1 = D9:1 - H9:1 = H3:1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "wxyz_wing",
        shape: WxyzWing,
        cases: &[
            // Pivot E5 = {1,2,3} sees D4 = {1,4}, E1 = {2,4} and F6 = {3,4}: four digits in four
            // boxes. 1, 2 and 3 each sit in two boxes that see each other, so each fills one
            // box at most, and one of D4, E1, F6 is 4 (D4 and E1 do not see each other). 4
            // leaves E4 and E6, which see all three; in diagonal Sudoku A1 too (E1's column,
            // and diagonal A1-I9 with D4 and F6).
            Case {
                name: "pivot and three wings",
                grid: &[("E5", "123"), ("D4", "14"), ("E1", "24"), ("F6", "34")],
                steps: Each {
                    standard: &["wxyz_wing | square D4-F6, row E, square D4-F6 | E5 D4 E1 F6 | 4 | E4-4 E6-4"],
                    diagonal: &["wxyz_wing | square D4-F6, row E, square D4-F6 | E5 D4 E1 F6 | 4 | A1-4 E4-4 E6-4"],
                },
                end: None,
            },
            // Sudoku Explainer's doubly linked form: A1 = {1,3}, A2 = {2,4}, B3 = {2,3} (three
            // boxes of square A1-C3, four digits) and A7 = {1,4}. Every digit's boxes see each
            // other: 1 in A1 and A7 (row A), 4 in A2 and A7 (row A), 2 in A2 and B3, 3 in A1
            // and B3 (the square). Each fills one of the four boxes at most, and the four need
            // four digits: each is in one of its boxes there. 1 and 4 leave the rest of row A
            // (A3, A4, A5, A6, A8, A9), 2 and 3 the rest of the square (A3, B1, B2, C1, C2,
            // C3). The pivot is A1, the first box seeing the other three. In diagonal Sudoku
            // G7 sees A1 (diagonal A1-I9) and A7 (column 7): 1 leaves it too.
            Case {
                name: "doubly linked: every digit restricted",
                grid: &[("A1", "13"), ("A2", "24"), ("B3", "23"), ("A7", "14")],
                steps: Each {
                    standard: &["wxyz_wing | row A, row A, square A1-C3 | A1 A2 A7 B3 | 1234 | \
                        A3-1234 A4-14 A5-14 A6-14 A8-14 A9-14 B1-23 B2-23 C1-23 C2-23 C3-23"],
                    diagonal: &["wxyz_wing | row A, row A, square A1-C3 | A1 A2 A7 B3 | 1234 | \
                        A3-1234 A4-14 A5-14 A6-14 A8-14 A9-14 G7-1 B1-23 B2-23 C1-23 C2-23 C3-23"],
                },
                end: None,
            },
            // Five digits in the four boxes: no wing.
            Case {
                name: "five digits are no wing",
                grid: &[("A1", "12"), ("A2", "23"), ("A3", "34"), ("A4", "45")],
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "als_xz",
        shape: AlsChain { sets: 2 },
        cases: &[
            // Sudopedia's ALS-XZ example, every other box holding every digit: A = G1 = {4,9}
            // (an ALS of one box), B = D2, E2, F2, H2 = {3,4}, {3,5}, {5,6}, {6,9} (four boxes
            // of column 2, five digits). X = 9: it fits B only in H2, which sees G1 (square
            // G1-I3), so 9 is in one of them at most, and the other is locked on its other
            // digits. Z = 4 is then in G1 or in D2 (B's only 4): 4 leaves every box seeing both,
            // D1, E1 and F1 (column 1 and square D1-F3), G2 and I2 (row G or square G1-I3, and
            // column 2). Neither is on a diagonal: diagonal Sudoku is the same.
            Case {
                name: "a box of two and four boxes of a column",
                grid: &[
                    ("G1", "49"),
                    ("D2", "34"),
                    ("E2", "35"),
                    ("F2", "56"),
                    ("H2", "69"),
                ],
                steps: Both(&["als_xz |  | G1 D2 | 4 | D1-4 E1-4 F1-4 G2-4 I2-4 | \
                    G1:4 = G1:9 - {D2 E2 F2 H2}:9 = {D2 E2 F2 H2}:4"]),
                end: None,
            },
            // A = A1 = {4,9}; B = C5, E5, G5, I5 = {3,4}, {5,9}, {3,6}, {5,6} (column 5, five
            // digits in four boxes). 9 fits B only in E5, which sees A1 only along diagonal
            // A1-I9: in standard Sudoku 9 is no restricted common digit and nothing goes. In
            // diagonal Sudoku it is, and Z = 4 (A1, and C5 in B) leaves A4, A5, A6 (row A, and
            // square A4-C6 or column 5) and C1, C2, C3 (square A1-C3 and row C).
            Case {
                name: "joined along a diagonal",
                grid: &[
                    ("A1", "49"),
                    ("C5", "34"),
                    ("E5", "59"),
                    ("G5", "36"),
                    ("I5", "56"),
                ],
                steps: Each {
                    standard: &[],
                    diagonal: &["als_xz |  | A1 C5 | 4 | A4-4 A5-4 A6-4 C1-4 C2-4 C3-4 | \
                        A1:4 = A1:9 - {C5 E5 G5 I5}:9 = {C5 E5 G5 I5}:4"],
                },
                end: None,
            },
            // A doubly linked ALS-XZ: A = A1 = {4,9} (an ALS of one box), B = A5, A6 = {4,5},
            // {5,9} (two boxes of row A, three digits). 4 fits B only in A5, 9 only in A6, both
            // seeing A1 along row A: each is in one set at most, so each set lacks one of 4
            // and 9 and holds its other digits (were A without 4, it would be 9, so B lacks 9
            // and holds 4 and 5). The loop A1:9 = A1:4 - B:4 = B:9 - A1:9: 4 leaves the boxes
            // seeing A1 and A5 (A2, A3, A4, A7, A8, A9: row A), 9 those seeing A1 and A6 (the
            // same), and 5, B's other digit, every box outside B seeing A5 and A6 (row A and
            // square A4-C6). In diagonal Sudoku A1 also sees E5 and F6 along diagonal A1-I9, and
            // they see A5 and A6 along their columns: 4 leaves E5 and 9 leaves F6 too.
            Case {
                name: "doubly linked",
                grid: &[("A1", "49"), ("A5", "45"), ("A6", "59")],
                steps: Each {
                    standard: &["als_xz |  | A1 A5 | 459 | A2-459 A3-459 A4-459 A7-459 A8-459 A9-459 B4-5 B5-5 B6-5 C4-5 C5-5 C6-5 | \
                        A1:9 = A1:4 - {A5 A6}:4 = {A5 A6}:9 - A1:9"],
                    diagonal: &["als_xz |  | A1 A5 | 459 | A2-459 A3-459 A4-459 A7-459 A8-459 A9-459 B4-5 B5-5 B6-5 C4-5 C5-5 C6-5 E5-4 F6-9 | \
                        A1:9 = A1:4 - {A5 A6}:4 = {A5 A6}:9 - A1:9"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "bug_plus_one",
        shape: BugPlusOne,
        cases: &[
            // A generated diagonal puzzle (seed 7) where its walk stalls: every unsolved box
            // holds two digits but C4 = {5,6,9}, and 6 fits three times in row C (C4, C5,
            // C9), column 4 (B4, C4, F4) and square A4-C6 (B4, C4, C5). Without 6 in C4, each
            // digit would fit in no unsolved box or two of every unit, diagonals included: a
            // grave, which has no solution or two (each box swapped to its other digit). The
            // grid has one solution, in diagonal and in standard Sudoku: C4 is 6.
            Case {
                name: "a grave and one box more, diagonals too",
                grid: BUG_PLUS_ONE_DIAGONAL,
                steps: Both(&["bug_plus_one | row C, column 4, square A4-C6 | C4 | 6 | C4-59"]),
                end: None,
            },
            // The same grid with C4 = {5,9}: a grave with no box more, which has no solution
            // (or two): the strategy does nothing.
            Case {
                name: "a grave is no step",
                grid: BUG_WITHOUT_PLUS,
                steps: Both(&[]),
                end: None,
            },
        ],
    },
    Row {
        id: "four_strong_links",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // The three skyscrapers' rows B, D and H (1 only in B1, B6; D6, D9; H3, H9), and
            // row F: 1 only in F2 and F3; A3, C3, G1 and I1 lack it. B6 and D6 share column 6,
            // D9 and H9 column 9, H3 and F3 column 3: B1 = B6 - D6 = D9 - H9 = H3 - F3 = F2,
            // so B1 or F2 is 1, and 1 leaves the boxes seeing both: A2, C2 (column 2, square
            // A1-C3) and E1 (column 1, square D1-F3; D1 and F1 lack it). Four links in rows,
            // SE's 5.8. Column 1's A1, B1, C1 and E1 make a grouped link, but every chain of
            // four through it scores more (a group: 6.1), and after the step none is left. D6
            // is on diagonal A9-I1, which joins no other node, and no diagonal box sees both
            // ends: diagonal Sudoku is the same.
            Case {
                name: "four links in rows",
                grid: &[
                    ("B2 B3 B4 B5 B7 B8 B9", "23456789"),
                    ("D1 D2 D3 D4 D5 D7 D8", "23456789"),
                    ("H1 H2 H4 H5 H6 H7 H8", "23456789"),
                    ("F1 F4 F5 F6 F7 F8 F9", "23456789"),
                    ("A3 C3 G1 I1", "23456789"),
                ],
                steps: Both(&["four_strong_links |  | B1 F2 | 1 | A2-1 C2-1 E1-1 | \
                    B1:1 = B6:1 - D6:1 = D9:1 - H9:1 = H3:1 - F3:1 = F2:1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "als_xy_wing",
        shape: AlsChain { sets: 3 },
        cases: &[
            // A1 = {4,9}, A5 = {7,9}, A6 = {3,8}, A7 = {3,7}, E6 = {4,8}. The sets are taken
            // smallest first, so the pivot is A6 (a box of two: an ALS of one box), joined to
            // E6 by 8 (column 6) and to A1, A5, A7 = {3,4,7,9} (three boxes of row A, four
            // digits) by 3 (A7, row A). If E6 is not 4 it is 8, A6 is 3, the row's three boxes
            // lack 3 and are locked on 4, 7, 9: A1 (their only 4) is 4. So 4 is in E6 or A1 and
            // leaves E1, which sees both (row E, column 1). (A1, the pivot A5-A6-A7 and E6 make
            // another wing with the same elimination, found later.) In diagonal Sudoku A1
            // sees diagonal A1-I9 too: D4, E5 and F6 (on it, and seeing E6 in square D4-F6) lose
            // 4 as well.
            Case {
                name: "a box of two, three boxes of a row, a box of two",
                grid: &[
                    ("A1", "49"),
                    ("A5", "79"),
                    ("A6", "38"),
                    ("A7", "37"),
                    ("E6", "48"),
                ],
                steps: Each {
                    standard: &["als_xy_wing |  | E6 A1 | 4 | E1-4 | \
                        E6:4 = E6:8 - A6:8 = A6:3 - {A1 A5 A7}:3 = {A1 A5 A7}:4"],
                    diagonal: &["als_xy_wing |  | E6 A1 | 4 | D4-4 E1-4 E5-4 F6-4 | \
                        E6:4 = E6:8 - A6:8 = A6:3 - {A1 A5 A7}:3 = {A1 A5 A7}:4"],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "vwxyz_wing",
        shape: AlsChain { sets: 2 },
        cases: &[
            // A1, A2, A3, A4 = {1,2}, {2,3}, {3,4}, {4,5}: four boxes of row A, five digits (an
            // almost locked set); C1 = {1,5}. 1 fits the set only in A1, which sees C1 (column
            // 1): 1 is in one of them at most, so C1 is 5, or the set lacks 1 and is locked on
            // 2, 3, 4, 5, its only 5 in A4. 5 leaves the boxes seeing C1 and A4: C4, C5, C6
            // (row C, square A4-C6). 5 in A4 does not see C1: singly linked. The same wing
            // the other way round comes first (the boxes of two in A1..I9 order): A4 = {4,5}
            // and A1, A2, A3, C1 (square A1-C3, five digits), joined by 4 (A3, row A), with the
            // same removals. No diagonal box sees both: diagonal Sudoku is the same.
            Case {
                name: "a box of two and four boxes of a row",
                grid: &[("A1", "12"), ("A2", "23"), ("A3", "34"), ("A4", "45"), ("C1", "15")],
                steps: Both(&["vwxyz_wing |  | A4 A1 | 5 | C4-5 C5-5 C6-5 | \
                    A4:5 = A4:4 - {A1 A2 A3 C1}:4 = {A1 A2 A3 C1}:5"]),
                end: None,
            },
        ],
    },
    Row {
        id: "five_strong_links",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // 1 fits row B only in B1, B5; row D in D5, D9; row F in F2, F9; row E in E3, E8;
            // row G in G2, G8; and not in A1, A3, A5, A9, C3, C7, H2, H8, I9 (which keeps the
            // rest of the grid, the diagonals too, from making chains of five). B5 and D5
            // share column 5, D9 and F9 column 9, F2 and E3 square D1-F3, E8 and G8 column 8:
            // B1 = B5 - D5 = D9 - F9 = F2 - E3 = E8 - G8 = G2, so B1 or G2 is 1, and 1 leaves
            // the boxes seeing both: A2, C2 (column 2, square A1-C3) and H1, I1 (column 1,
            // square G1-I3). Five links in rows, SE's 6.2. No box of the chain is on a
            // diagonal: diagonal Sudoku is the same.
            Case {
                name: "five links in rows",
                grid: &[
                    ("B2 B3 B4 B6 B7 B8 B9", "23456789"),
                    ("D1 D2 D3 D4 D6 D7 D8", "23456789"),
                    ("F1 F3 F4 F5 F6 F7 F8", "23456789"),
                    ("E1 E2 E4 E5 E6 E7 E9", "23456789"),
                    ("G1 G3 G4 G5 G6 G7 G9", "23456789"),
                    ("A1 A3 A5 A9 C3 C7 H2 H8 I9", "23456789"),
                ],
                steps: Both(&["five_strong_links |  | B1 G2 | 1 | A2-1 C2-1 H1-1 I1-1 | \
                    B1:1 = B5:1 - D5:1 = D9:1 - F9:1 = F2:1 - E3:1 = E8:1 - G8:1 = G2:1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "uvwxyz_wing",
        shape: AlsChain { sets: 2 },
        cases: &[
            // A1 to A5 = {1,2}, {2,3}, {3,4}, {4,5}, {5,6}: five boxes of row A, six digits;
            // C1 = {1,6}. 1 fits the set only in A1, which sees C1: C1 is 6, or the set is
            // locked without 1 and A5, its only 6, is 6. 6 leaves C4, C5, C6 (row C, square
            // A4-C6, which holds A5). The same in diagonal Sudoku.
            Case {
                name: "a box of two and five boxes of a row",
                grid: &[
                    ("A1", "12"),
                    ("A2", "23"),
                    ("A3", "34"),
                    ("A4", "45"),
                    ("A5", "56"),
                    ("C1", "16"),
                ],
                steps: Both(&["uvwxyz_wing |  | C1 A1 | 6 | C4-6 C5-6 C6-6 | \
                    C1:6 = C1:1 - {A1 A2 A3 A4 A5}:1 = {A1 A2 A3 A4 A5}:6"]),
                end: None,
            },
        ],
    },
    Row {
        id: "six_strong_links",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // 1 fits row B only in B1, B5; row D in D5, D9; row F in F2, F9; row C in C2, C8;
            // row G in G4, G8; row I in I3, I4; and not in A9, E3, E4, H2 (which keeps the rest
            // of the grid, the diagonals too, from making chains of six). B5 and D5 share
            // column 5, D9 and F9 column 9, F2 and C2 column 2, C8 and G8 column 8, G4 and I4
            // column 4: B1 = B5 - D5 = D9 - F9 = F2 - C2 = C8 - G8 = G4 - I4 = I3, so B1 or I3
            // is 1, and 1 leaves the boxes seeing both: A3 (column 3, square A1-C3; C3 lacks
            // it) and H1 (column 1, square G1-I3; G1 and I1 lack it). Six links in rows, SE's
            // 6.6. No box of the chain is on a diagonal: diagonal Sudoku is the same.
            Case {
                name: "six links in rows",
                grid: &[
                    ("B2 B3 B4 B6 B7 B8 B9", "23456789"),
                    ("C1 C3 C4 C5 C6 C7 C9", "23456789"),
                    ("D1 D2 D3 D4 D6 D7 D8", "23456789"),
                    ("F1 F3 F4 F5 F6 F7 F8", "23456789"),
                    ("G1 G2 G3 G5 G6 G7 G9", "23456789"),
                    ("I1 I2 I5 I6 I7 I8 I9", "23456789"),
                    ("A9 E3 E4 H2", "23456789"),
                ],
                steps: Both(&["six_strong_links |  | B1 I3 | 1 | A3-1 H1-1 | \
                    B1:1 = B5:1 - D5:1 = D9:1 - F9:1 = F2:1 - C2:1 = C8:1 - G8:1 = G4:1 - I4:1 = I3:1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "simple_colouring",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // 1 fits row A only in A1 and A5, column 5 only in A5 and D5, row D only in D5 and
            // D2: three conjugate pairs, one cluster, coloured A1 green, A5 blue, D5 green, D2
            // blue. A1 and D2 take opposite colours, so one of them is 1 (the chain of pairs
            // A1=1 = A5=1 - D5=1 = D2=1), and a place of 1 seeing both is trapped: B2 and C2
            // (A1's square, D2's column), E1 and F1 (A1's column, D2's square); A2 and D1 see
            // both but lack 1. The search starts at A1 and finds it at four nodes. After it no
            // unit holds 1 in two places but those three, and no cluster grows. In diagonal
            // Sudoku A1's diagonal adds no place that sees D2: the same.
            Case {
                name: "a trap between two colours",
                grid: &[
                    ("A2 A3 A4 A6 A7 A8 A9", "23456789"),
                    ("B5 C5 E5 F5 G5 H5 I5", "23456789"),
                    ("D1 D3 D4 D6 D7 D8 D9", "23456789"),
                ],
                steps: Both(&["simple_colouring |  | A1 D2 | 1 | B2-1 C2-1 E1-1 F1-1 | \
                    A1:1 = A5:1 - D5:1 = D2:1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "x_chain",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
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
        shape: Chain {
            single_digit: false,
            bivalue: true,
        },
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
    Row {
        id: "x_cycles",
        shape: Chain {
            single_digit: true,
            bivalue: false,
        },
        cases: &[
            // 1 fits only A2 and A6 of row A, B1, B4 and B5 of row B, C2 and C6 of row C, and
            // nowhere else. Row A: A2 = A6 (strong). A6 sees B4 and B5 (square A4-C6): A6 - the
            // group r2c45 (weak). Row B holds 1 only in B1 and the group: r2c45 = B1 (strong).
            // B1 sees A2 (square A1-C3): the loop closes weakly. Going round, exactly one of A6
            // and the group is 1, so C6 (seeing A6 and both B4 and B5) is not; exactly one of B1
            // and A2 is, so C2 is not. The search starts at A2 (digit 1, A1..I9) and reaches
            // the loop at four nodes, before the open chain A2 = C2 - B1 = r2c45 (which would
            // remove A6, seeing A2 and the group). Then the rows and squares hold 1 twice or
            // thrice, and no chain removes anything more. No box of the grid's 1s is on a
            // diagonal, so diagonal Sudoku is the same.
            Case {
                name: "a loop through a group",
                grid: &[
                    ("A1 A3 A4 A5 A7 A8 A9", "23456789"),
                    ("B2 B3 B6 B7 B8 B9", "23456789"),
                    ("C1 C3 C4 C5 C7 C8 C9", "23456789"),
                    ("D1 D2 D3 D4 D5 D6 D7 D8 D9", "23456789"),
                    ("E1 E2 E3 E4 E5 E6 E7 E8 E9", "23456789"),
                    ("F1 F2 F3 F4 F5 F6 F7 F8 F9", "23456789"),
                    ("G1 G2 G3 G4 G5 G6 G7 G8 G9", "23456789"),
                    ("H1 H2 H3 H4 H5 H6 H7 H8 H9", "23456789"),
                    ("I1 I2 I3 I4 I5 I6 I7 I8 I9", "23456789"),
                ],
                steps: Both(&["x_cycles |  | A2 B1 | 1 | C2-1 C6-1 | \
                    A2:1 = A6:1 - {B4 B5}:1 = B1:1 - A2:1"]),
                end: None,
            },
        ],
    },
    Row {
        id: "medusa",
        shape: Medusa,
        cases: &[
            // 1 fits row A only in A1 and A5; A5 = {1,2}; 2 fits column 5 only in A5 and E5;
            // E5 = {2,3}; 3 fits row E only in E5 and E1. Colouring from A1's 1: A1=1 and A5=2
            // and E5=3 one colour, A5=1, E5=2, E1=3 the other. A1's 3 sees E1's 3 (column 1)
            // and shares its box with A1's 1: it sees both colours and goes; E1's 1 likewise
            // (A1's 1 up column 1, E1's 3 in its box). As a chain: A1=1 = A5=1 – A5=2 = E5=2 –
            // E5=3 = E1=3, one of whose ends is true. In diagonal Sudoku A1 sees E5 (diagonal
            // A1-I9), so the shorter A1=1 = A5=1 – A5=2 = E5=2 comes first: A1's 2 goes (E5
            // lacks 1); then the same six-node chain.
            Case {
                name: "a trap across three digits",
                grid: &[
                    ("A2 A3 A4 A6 A7 A8 A9", "23456789"),
                    ("A5", "12"),
                    ("B5 C5 D5 F5 G5 H5 I5", "13456789"),
                    ("E5", "23"),
                    ("E2 E3 E4 E6 E7 E8 E9", "12456789"),
                ],
                steps: Each {
                    standard: &["medusa |  | A1 E1 | 13 | A1-3 E1-1 | \
                        A1:1 = A5:1 - A5:2 = E5:2 - E5:3 = E1:3"],
                    diagonal: &[
                        "medusa |  | A1 E5 | 2 | A1-2 | A1:1 = A5:1 - A5:2 = E5:2",
                        "medusa |  | A1 E1 | 13 | A1-3 E1-1 | \
                            A1:1 = A5:1 - A5:2 = E5:2 - E5:3 = E1:3",
                    ],
                },
                end: None,
            },
            // A wrap: 1 fits row A only in A1 and A5; A5 = {1,2}; 2 fits column 5 only in A5 and
            // E5; E5 = {2,3}; 3 fits row E only in E5 and E1; E1 = {1,3}. Colouring from A1's 1:
            // A1=1, A5=2, E5=3, E1=1 one colour; A5=1, E5=2, E1=3 the other. The first holds 1
            // twice in column 1 (A1, E1): it is false. Its candidates go one chain at a time: the
            // six-node chain from A1's 1 to E1's 3 (opposite colours, one of them true) takes
            // E1's 1 (it sees A1's 1 and shares E1's box) and A1's 3 (A1 holds every digit). The
            // rest of the false colour follows by singles (E1 is 3, so E5 is 2, A5 is 1), not by
            // this rung: no chain sees both ends of A1's 1. In diagonal Sudoku the four-node
            // chain to E5's 2 first takes A1's 2, as above.
            Case {
                name: "a wrap: one colour twice in a column",
                grid: &[
                    ("A2 A3 A4 A6 A7 A8 A9", "23456789"),
                    ("A5", "12"),
                    ("B5 C5 D5 F5 G5 H5 I5", "13456789"),
                    ("E5", "23"),
                    ("E2 E3 E4 E6 E7 E8 E9", "12456789"),
                    ("E1", "13"),
                ],
                steps: Each {
                    standard: &["medusa |  | A1 E1 | 13 | A1-3 E1-1 | \
                        A1:1 = A5:1 - A5:2 = E5:2 - E5:3 = E1:3"],
                    diagonal: &[
                        "medusa |  | A1 E5 | 2 | A1-2 | A1:1 = A5:1 - A5:2 = E5:2",
                        "medusa |  | A1 E1 | 13 | A1-3 E1-1 | \
                            A1:1 = A5:1 - A5:2 = E5:2 - E5:3 = E1:3",
                    ],
                },
                end: None,
            },
            // A box emptied by a colour (SudokuWiki's sixth rule): A1 = {1,2}; 2 fits row A only
            // in A1 and A5; A5 = {2,4}; 4 fits column 5 only in A5 and E5. Colouring from A1's 1:
            // A1=1, A5=2, E5=4 one colour, A1=2, A5=4 the other. E1 = {1,4} holds none of them,
            // and its 1 sees A1's 1 (column 1), its 4 sees E5's 4 (row E): were the first colour
            // true, E1 would be empty. So it is false, and A1 loses 1 (A1=1 ⇒ A1≠2 ⇒ A5=2 ⇒
            // A5≠4 ⇒ E5=4 ⇒ E1≠4, and A1=1 ⇒ E1≠1). The rest of that colour goes by singles
            // (A1 is 2, so A5 is 4 and E5 not), not by this rung. No chain removes anything:
            // the chains between opposite colours, A1=1 = A1=2 – A5=2 = A5=4 and A1=2 = A5=2 –
            // A5=4 = E5=4, have no candidate weakly linked to both ends (E5 does not see A1),
            // and E1's 1 and 4 each see one colour only. In diagonal Sudoku E5 sees A1 (diagonal
            // A1-I9), so the second chain takes E5's 2 first; then the same step.
            Case {
                name: "a box emptied by a colour",
                grid: &[
                    ("A1", "12"),
                    ("A2 A3 A4 A6 A7 A8 A9", "13456789"),
                    ("A5", "24"),
                    ("B5 C5 D5 F5 G5 H5 I5", "12356789"),
                    ("E1", "14"),
                ],
                steps: Each {
                    standard: &["medusa |  | A1 E1 | 1 | A1-1"],
                    diagonal: &[
                        "medusa |  | A1 E5 | 2 | E5-2 | A1:2 = A5:2 - A5:4 = E5:4",
                        "medusa |  | A1 E1 | 1 | A1-1",
                    ],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "aic",
        shape: Chain {
            single_digit: false,
            bivalue: false,
        },
        cases: &[
            // A1 = {1,2}; 2 fits column 5 only in A5 and E5; 1 fits row E only in E5 and E9.
            // A1=1 = A1=2 (its two digits) - A5=2 (row A) = E5=2 (column 5) - E5=1 (one box)
            // = E9=1 (row E): A1 or E9 is 1, which leaves A9 (row A, column 9); E1 sees both
            // but lacks 1. No shorter chain removes anything: the only strong links are A1's
            // pair, column 5's 2, row E's 1 and groups' (square D1-F3's 1 in rows D and F,
            // square G4-I6's 2 in columns 4 and 6) that lead to no other. In diagonal Sudoku
            // A1 sees E5 (diagonal A1-I9): A1=1 = A1=2 - A5=2 = E5=2, four nodes (from A1,
            // the first start; the weak link to A5 along row A comes first), ends A1=1 and E5=2
            // seeing each other: one of them is true, so A1 is not 2 and E5 is not 1. Then 1
            // fits square D1-F3 only in rows D and F (E1-E3 lack it) and square D4-F6 too (E5
            // lost it, E4 and E6 lack it): r4c123=1 = r6c123=1 - r6c456=1 = r4c456=1 -
            // r4c123=1, a loop of groups (row F's and row D's weak links): 1 leaves the rest of
            // rows D and F, D7-D9 and F7-F9. Then column 7 holds 1 only in r123c7 and r789c7,
            // column 8 likewise (rows D to F lost it): the same loop over squares A7-C9 and
            // G7-I9 takes 1 from the rest of column 9 outside rows D to F.
            Case {
                name: "a pair, a column and a row",
                grid: &[
                    ("A1", "12"),
                    ("B5 C5 D5 F5 G5 H5 I5", "13456789"),
                    ("E1 E2 E3 E4 E6 E7 E8", "23456789"),
                ],
                steps: Each {
                    standard: &["aic |  | A1 E9 | 1 | A9-1 | \
                        A1:1 = A1:2 - A5:2 = E5:2 - E5:1 = E9:1"],
                    diagonal: &[
                        "aic |  | A1 E5 | 12 | A1-2 E5-1 | A1:1 = A1:2 - A5:2 = E5:2",
                        "aic |  | D1 D4 | 1 | D7-1 D8-1 D9-1 F7-1 F8-1 F9-1 | \
                            {D1 D2 D3}:1 = {F1 F2 F3}:1 - {F4 F5 F6}:1 = {D4 D5 D6}:1 - {D1 D2 D3}:1",
                        "aic |  | A7 A8 | 1 | A9-1 B9-1 C9-1 G9-1 H9-1 I9-1 | \
                            {A7 B7 C7}:1 = {G7 H7 I7}:1 - {G8 H8 I8}:1 = {A8 B8 C8}:1 - {A7 B7 C7}:1",
                    ],
                },
                end: None,
            },
        ],
    },
    Row {
        id: "tuvwxyz_wing",
        shape: AlsChain { sets: 2 },
        cases: &[
            // A1 to A6 = {1,2}, {2,3}, {3,4}, {4,5}, {5,6}, {6,7}: six boxes of row A, seven
            // digits; C1 = {1,7}. 1 fits the set only in A1, which sees C1: C1 is 7, or the
            // set is locked without 1 and A6, its only 7, is 7. 7 leaves C4, C5, C6 (row C,
            // square A4-C6). The same in diagonal Sudoku.
            Case {
                name: "a box of two and six boxes of a row",
                grid: &[
                    ("A1", "12"),
                    ("A2", "23"),
                    ("A3", "34"),
                    ("A4", "45"),
                    ("A5", "56"),
                    ("A6", "67"),
                    ("C1", "17"),
                ],
                steps: Both(&["tuvwxyz_wing |  | C1 A1 | 7 | C4-7 C5-7 C6-7 | \
                    C1:7 = C1:1 - {A1 A2 A3 A4 A5 A6}:1 = {A1 A2 A3 A4 A5 A6}:7"]),
                end: None,
            },
        ],
    },
    Row {
        id: "digit_forcing_chains",
        shape: Forcing,
        cases: &[
            // Row A: A1 and A2 hold {1,2}, the rest of the row {3,...,9}; every other box all
            // nine. A1 and A2 are a naked pair, so 1 and 2 leave the rest of their square,
            // B1..C3: B1=1 puts off 1 in A1 and A2 (square A1-C3), the only places of 1 in row A:
            // a contradiction, its two offs' ancestors counted apart (2 + 2 = 4 nodes), so B1 is
            // not 1. The chain follows 1 only (SE's Nishio). The pass takes the step of least
            // complexity, ties in box and digit order: B1's 1, then 2, then B2's, ..., C3's.
            // Nothing else follows: a premise in another square or column reaches A1 or A2
            // but not a contradiction or an agreement (one of A1 and A2 is 1 and the other 2
            // either way). In diagonal Sudoku the same: the diagonals through A1 and B2/C3 add
            // no link (their other boxes hold all nine).
            Case {
                name: "a naked pair's square",
                grid: &[("A1 A2", "12"), ("A3 A4 A5 A6 A7 A8 A9", "3456789")],
                steps: Both(&[
                    "digit_forcing_chains |  | B1 | 1 | B1-1",
                    "digit_forcing_chains |  | B1 | 2 | B1-2",
                    "digit_forcing_chains |  | B2 | 1 | B2-1",
                    "digit_forcing_chains |  | B2 | 2 | B2-2",
                    "digit_forcing_chains |  | B3 | 1 | B3-1",
                    "digit_forcing_chains |  | B3 | 2 | B3-2",
                    "digit_forcing_chains |  | C1 | 1 | C1-1",
                    "digit_forcing_chains |  | C1 | 2 | C1-2",
                    "digit_forcing_chains |  | C2 | 1 | C2-1",
                    "digit_forcing_chains |  | C2 | 2 | C2-2",
                    "digit_forcing_chains |  | C3 | 1 | C3-1",
                    "digit_forcing_chains |  | C3 | 2 | C3-2",
                ]),
                end: None,
            },
        ],
    },
    Row {
        id: "cell_forcing_chains",
        shape: Forcing,
        cases: &[
            // A1 holds {1,2,3}, A2 {1,4}, A3 {2,4}, B1 {3,4}; every other box all nine. Whichever
            // digit A1 holds, one of A2, A3, B1 is 4 over the grid's own links (A1=1: A2 not 1,
            // so 4; A1=2: A3 is 4; A1=3: B1 is 4), all in square A1-C3: 4 leaves B2..C3, 4 nodes a
            // branch (12). Then, as the grid changes, 1 leaves A4..A9 (A1 or A2 is 1 either way),
            // 1 and 2 and 3 leave the rest of the square, 3 leaves column 1 (A1 or B1 is 3).
            // Only A1 is a premise: the rung starts from boxes of three candidates or more (SE's
            // static multiple chains). In diagonal Sudoku the same.
            Case {
                name: "three boxes' 4 in a square",
                grid: &[("A1", "123"), ("A2", "14"), ("A3", "24"), ("B1", "34")],
                steps: Both(&[
                    "cell_forcing_chains |  | A1 | 123 | B2-4",
                    "cell_forcing_chains |  | A1 | 123 | B3-4",
                    "cell_forcing_chains |  | A1 | 123 | C1-4",
                    "cell_forcing_chains |  | A1 | 123 | C2-4",
                    "cell_forcing_chains |  | A1 | 123 | C3-4",
                    "cell_forcing_chains |  | A1 | 123 | A4-1",
                    "cell_forcing_chains |  | A1 | 123 | A5-1",
                    "cell_forcing_chains |  | A1 | 123 | A6-1",
                    "cell_forcing_chains |  | A1 | 123 | A7-1",
                    "cell_forcing_chains |  | A1 | 123 | A8-1",
                    "cell_forcing_chains |  | A1 | 123 | A9-1",
                    "cell_forcing_chains |  | A1 | 123 | B2-1",
                    "cell_forcing_chains |  | A1 | 123 | B3-1",
                    "cell_forcing_chains |  | A1 | 123 | C1-1",
                    "cell_forcing_chains |  | A1 | 123 | C2-1",
                    "cell_forcing_chains |  | A1 | 123 | C3-1",
                    "cell_forcing_chains |  | A1 | 123 | A4-2",
                    "cell_forcing_chains |  | A1 | 123 | A5-2",
                    "cell_forcing_chains |  | A1 | 123 | A6-2",
                    "cell_forcing_chains |  | A1 | 123 | A7-2",
                    "cell_forcing_chains |  | A1 | 123 | A8-2",
                    "cell_forcing_chains |  | A1 | 123 | A9-2",
                    "cell_forcing_chains |  | A1 | 123 | B2-2",
                    "cell_forcing_chains |  | A1 | 123 | B3-2",
                    "cell_forcing_chains |  | A1 | 123 | C1-2",
                    "cell_forcing_chains |  | A1 | 123 | C2-2",
                    "cell_forcing_chains |  | A1 | 123 | C3-2",
                    "cell_forcing_chains |  | A1 | 123 | B2-3",
                    "cell_forcing_chains |  | A1 | 123 | B3-3",
                    "cell_forcing_chains |  | A1 | 123 | C1-3",
                    "cell_forcing_chains |  | A1 | 123 | C2-3",
                    "cell_forcing_chains |  | A1 | 123 | C3-3",
                    "cell_forcing_chains |  | A1 | 123 | D1-3",
                    "cell_forcing_chains |  | A1 | 123 | E1-3",
                    "cell_forcing_chains |  | A1 | 123 | F1-3",
                    "cell_forcing_chains |  | A1 | 123 | G1-3",
                    "cell_forcing_chains |  | A1 | 123 | H1-3",
                    "cell_forcing_chains |  | A1 | 123 | I1-3",
                ]),
                end: None,
            },
        ],
    },
    Row {
        id: "unit_forcing_chains",
        shape: Forcing,
        cases: &[
            // Row A: A1 holds {1,2,3}, A2 {1,2}, the rest of the row {3,...,9}; every other box
            // all nine. 1 fits row A only in A1 and A2, and either puts 1 off in B1 (2 + 2
            // nodes), so 1 leaves B1..C3; then 2 the same. Last, row A's 1 in A1 (A1 is not 3)
            // or in A2 (A2 not 2, so A1 is row A's 2: not 3), 6 nodes: A1 loses 3. A unit's
            // search starts from its first place, a box of three candidates or more (SE's
            // static multiple chains): A1. In diagonal Sudoku the same.
            Case {
                name: "a row's two places",
                grid: &[("A1", "123"), ("A2", "12"), ("A3 A4 A5 A6 A7 A8 A9", "3456789")],
                steps: Both(&[
                    "unit_forcing_chains | row A | A1 A2 | 1 | B1-1",
                    "unit_forcing_chains | row A | A1 A2 | 1 | B2-1",
                    "unit_forcing_chains | row A | A1 A2 | 1 | B3-1",
                    "unit_forcing_chains | row A | A1 A2 | 1 | C1-1",
                    "unit_forcing_chains | row A | A1 A2 | 1 | C2-1",
                    "unit_forcing_chains | row A | A1 A2 | 1 | C3-1",
                    "unit_forcing_chains | row A | A1 A2 | 2 | B1-2",
                    "unit_forcing_chains | row A | A1 A2 | 2 | B2-2",
                    "unit_forcing_chains | row A | A1 A2 | 2 | B3-2",
                    "unit_forcing_chains | row A | A1 A2 | 2 | C1-2",
                    "unit_forcing_chains | row A | A1 A2 | 2 | C2-2",
                    "unit_forcing_chains | row A | A1 A2 | 2 | C3-2",
                    "unit_forcing_chains | row A | A1 A2 | 1 | A1-3",
                ]),
                end: None,
            },
        ],
    },
    Row {
        id: "dynamic_forcing_chains",
        shape: Forcing,
        cases: &[
            // Row A: A1 and A2 hold {1,2}, the rest of the row {3,...,9}; every other box all
            // nine. A1 and A2 are a naked pair, so 1 and 2 leave the rest of their square,
            // B1..C3: the dynamic rungs take the least complex step of every kind: row A's 1 in
            // A1 or A2 puts 1 off in B1 (a unit's branches, 2 + 2 nodes) ties with B1=1's
            // contradiction (its two offs counted apart, 2 + 2) and comes first (SE's order:
            // units before contradictions); so 1 leaves B1..C3, then 2.
            // Nothing else follows: a premise in another square or column reaches A1 or A2
            // but not a contradiction or an agreement (one of A1 and A2 is 1 and the other 2
            // either way). In diagonal Sudoku the same: the diagonals through A1 and B2/C3 add
            // no link (their other boxes hold all nine).
            Case {
                name: "a naked pair's square",
                grid: &[("A1 A2", "12"), ("A3 A4 A5 A6 A7 A8 A9", "3456789")],
                steps: Both(&[
                    "dynamic_forcing_chains | row A | A1 A2 | 1 | B1-1",
                    "dynamic_forcing_chains | row A | A1 A2 | 1 | B2-1",
                    "dynamic_forcing_chains | row A | A1 A2 | 1 | B3-1",
                    "dynamic_forcing_chains | row A | A1 A2 | 1 | C1-1",
                    "dynamic_forcing_chains | row A | A1 A2 | 1 | C2-1",
                    "dynamic_forcing_chains | row A | A1 A2 | 1 | C3-1",
                    "dynamic_forcing_chains | row A | A1 A2 | 2 | B1-2",
                    "dynamic_forcing_chains | row A | A1 A2 | 2 | B2-2",
                    "dynamic_forcing_chains | row A | A1 A2 | 2 | B3-2",
                    "dynamic_forcing_chains | row A | A1 A2 | 2 | C1-2",
                    "dynamic_forcing_chains | row A | A1 A2 | 2 | C2-2",
                    "dynamic_forcing_chains | row A | A1 A2 | 2 | C3-2",
                ]),
                end: None,
            },
        ],
    },
    Row {
        id: "forcing_nets",
        shape: Forcing,
        cases: &[
            // Row A: A1 and A2 hold {1,2}, the rest of the row {3,...,9}; every other box all
            // nine. A1 and A2 are a naked pair, so 1 and 2 leave the rest of their square,
            // B1..C3: B1=1 puts 1 off in B2 (2 nodes); B1 not 1, the branch's naked pair A1 A2
            // (an inner step, its parent B1's off in its square) puts 1 off in B2 too (2 nodes):
            // a verity of 4 nodes, before the unit's 4 and the contradiction's 4 (SE's order:
            // verities first). So 1 and 2 leave the square's boxes in turn.
            // Nothing else follows: a premise in another square or column reaches A1 or A2
            // but not a contradiction or an agreement (one of A1 and A2 is 1 and the other 2
            // either way). In diagonal Sudoku the same: the diagonals through A1 and B2/C3 add
            // no link (their other boxes hold all nine).
            Case {
                name: "a naked pair's square",
                grid: &[("A1 A2", "12"), ("A3 A4 A5 A6 A7 A8 A9", "3456789")],
                steps: Both(&[
                    "forcing_nets |  | B1 | 1 | B2-1",
                    "forcing_nets |  | B1 | 1 | B3-1",
                    "forcing_nets |  | B1 | 1 | C1-1",
                    "forcing_nets |  | B1 | 1 | C2-1",
                    "forcing_nets |  | B1 | 1 | C3-1",
                    "forcing_nets |  | B1 | 1 | B1-2",
                    "forcing_nets |  | B1 | 3 | B1-1",
                    "forcing_nets |  | B2 | 2 | B3-2",
                    "forcing_nets |  | B2 | 2 | C1-2",
                    "forcing_nets |  | B2 | 2 | C2-2",
                    "forcing_nets |  | B2 | 2 | C3-2",
                    "forcing_nets |  | B2 | 3 | B2-2",
                ]),
                end: None,
            },
        ],
    },
    Row {
        id: "nested_forcing_nets",
        shape: Forcing,
        cases: &[
            // Row A: A1 and A2 hold {1,2}, the rest of the row {3,...,9}; every other box all
            // nine. A1 and A2 are a naked pair, so 1 and 2 leave the rest of their square,
            // B1..C3: as `forcing_nets`, a verity through the branch's naked pair first.
            // Nothing else follows: a premise in another square or column reaches A1 or A2
            // but not a contradiction or an agreement (one of A1 and A2 is 1 and the other 2
            // either way). In diagonal Sudoku the same: the diagonals through A1 and B2/C3 add
            // no link (their other boxes hold all nine).
            Case {
                name: "a naked pair's square",
                grid: &[("A1 A2", "12"), ("A3 A4 A5 A6 A7 A8 A9", "3456789")],
                steps: Both(&[
                    "nested_forcing_nets |  | B1 | 1 | B2-1",
                    "nested_forcing_nets |  | B1 | 1 | B3-1",
                    "nested_forcing_nets |  | B1 | 1 | C1-1",
                    "nested_forcing_nets |  | B1 | 1 | C2-1",
                    "nested_forcing_nets |  | B1 | 1 | C3-1",
                    "nested_forcing_nets |  | B1 | 1 | B1-2",
                    "nested_forcing_nets |  | B1 | 3 | B1-1",
                    "nested_forcing_nets |  | B2 | 2 | B3-2",
                    "nested_forcing_nets |  | B2 | 2 | C1-2",
                    "nested_forcing_nets |  | B2 | 2 | C2-2",
                    "nested_forcing_nets |  | B2 | 2 | C3-2",
                    "nested_forcing_nets |  | B2 | 3 | B2-2",
                ]),
                end: None,
            },
        ],
    },
];

/// A generated diagonal puzzle (`propagate generate --diagonal --seed 7`) where its walk with
/// uniqueness stalls: a grave but for C4.
const BUG_PLUS_ONE_DIAGONAL: &[(&str, &str)] = &[
    ("A6 B8 C1 D5 E7 F2 G4 H3 I9", "1"),
    ("B3 C6 D2 E5 G1 H9 I4", "2"),
    ("A9 B6 C2 D4 E3 G5 H1", "3"),
    ("A2 B5 E4 F3 I1", "4"),
    ("B2 D1 E6 F9 G3", "5"),
    ("E8 I2", "6"),
    ("C3 E1 F5 G8 H2 I6", "7"),
    ("A5 B1 C7 D8 E2 F6 G9 H4 I3", "8"),
    ("B7 E9 G2", "9"),
    ("F7 F8", "23"),
    ("A8", "25"),
    ("A7", "27"),
    ("I7", "35"),
    ("I8", "39"),
    ("C8", "45"),
    ("C9 G6 G7", "46"),
    ("D7 D9", "47"),
    ("H6 H8", "49"),
    ("H5 H7", "56"),
    ("A4", "57"),
    ("I5", "59"),
    ("B4 B9", "67"),
    ("A1 A3 C5 D3 D6 F1 F4", "69"),
    ("C4", "569"),
];

/// The same, C4 = {5,9}.
const BUG_WITHOUT_PLUS: &[(&str, &str)] = &[
    ("A6 B8 C1 D5 E7 F2 G4 H3 I9", "1"),
    ("B3 C6 D2 E5 G1 H9 I4", "2"),
    ("A9 B6 C2 D4 E3 G5 H1", "3"),
    ("A2 B5 E4 F3 I1", "4"),
    ("B2 D1 E6 F9 G3", "5"),
    ("E8 I2", "6"),
    ("C3 E1 F5 G8 H2 I6", "7"),
    ("A5 B1 C7 D8 E2 F6 G9 H4 I3", "8"),
    ("B7 E9 G2", "9"),
    ("F7 F8", "23"),
    ("A8", "25"),
    ("C4", "59"),
    ("A7", "27"),
    ("I7", "35"),
    ("I8", "39"),
    ("C8", "45"),
    ("C9 G6 G7", "46"),
    ("D7 D9", "47"),
    ("H6 H8", "49"),
    ("H5 H7", "56"),
    ("A4", "57"),
    ("I5", "59"),
    ("B4 B9", "67"),
    ("A1 A3 C5 D3 D6 F1 F4", "69"),
];
