//! The ladder's techniques beyond the course (issue 14), one section each:
//! - the technique's pattern on a candidate grid built for it, with its eliminations worked
//!   out by hand in the test (each says where the pattern comes from and why each box changes);
//! - diagonal cases (the diagonals are units for every technique; fish stay on rows and columns);
//! - and, for all of them, the property that no step removes a digit of a planted solution, with
//!   every step checked against the evidence its strategy documents (docs/trace-format.md).
//!
//! A step is written `kind | units | boxes | digits | changes`, each change `BOX-removed`.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use solver_core::strategy::At;
use solver_core::trace::{Change, Reason, Recorder, StepCounts};
use solver_core::*;

// ---- running a technique -------------------------------------------------------------------------

/// A candidate grid: every box `rest`, except the listed ones.
fn grid(rest: &str, boxes: &[(&str, &str)]) -> Grid {
    let rest = digits(rest);
    let mut cells = [rest; 81];
    for (b, d) in boxes {
        cells[Cell::from_label(b).unwrap().index()] = digits(d);
    }
    Grid::from_cells(cells)
}

fn digits(text: &str) -> Digits {
    text.bytes().fold(Digits::NONE, |m, b| m.with(b - b'0'))
}

/// `reduce_puzzle` with `strategies` on `grid`, traced: the steps as `kind | units | boxes |
/// digits | changes`, and the contradiction if one stopped it.
fn run(grid: &Grid, variant: Variant, strategies: &str) -> (Vec<String>, Option<Contradiction>) {
    let set = StrategySet::parse_list(strategies).unwrap();
    let mut g = *grid;
    let mut rec = Recorder::new(10_000);
    let end = reduce_puzzle(
        &mut g,
        Topology::of(variant),
        set,
        &mut rec,
        At::default(),
        &mut StepCounts::default(),
    );
    let (steps, changes) = rec.finish();
    // The `stop` that ends an unfinished grid's rounds is left out: these lines are the strategies'.
    let lines = steps
        .iter()
        .filter(|s| !matches!(s.reason, Reason::Stop { .. }))
        .map(|s| {
            let Reason::Strategy { position: id, evidence } = s.reason else {
                panic!("reduce_puzzle made a search step")
            };
            let units: Vec<&str> = evidence.units().iter().map(|u| u.name()).collect();
            let boxes: Vec<String> = evidence.boxes().iter().map(|b| b.to_string()).collect();
            let changed: Vec<String> = changes[s.changes.start as usize..s.changes.end as usize]
                .iter()
                .map(|c| format!("{}-{}", c.cell, c.before.without(c.after)))
                .collect();
            format!(
                "{} | {} | {} | {} | {}",
                registry::info(id).id,
                units.join(", "),
                boxes.join(" "),
                evidence.digits(),
                changed.join(" ")
            )
        })
        .collect();
    (lines, end.err())
}

// ---- xy_wing --------------------------------------------------------------------------------------

/// The XY-wing as SudokuWiki draws it ("Y-Wing"): pivot E5 = {1,2}; pincers D6 = {2,3} (same
/// square) and E1 = {1,3} (same row). If E5 is 1, E1 is 3; if E5 is 2, D6 is 3: 3 leaves every
/// box that sees both D6 and E1: D1, D2, D3 (row D and E1's square) and E4, E6 (row E and D6's
/// square). Every other box holds all nine digits, so no other wing exists.
#[test]
fn xy_wing_textbook() {
    let g = grid("123456789", &[("E5", "12"), ("D6", "23"), ("E1", "13")]);
    let (steps, end) = run(&g, Variant::Standard, "xy_wing");
    assert_eq!(
        steps,
        ["xy_wing | square D4-F6, row E | E5 D6 E1 | 3 | D1-3 D2-3 D3-3 E4-3 E6-3"]
    );
    assert_eq!(end, None);
}

/// Pivot E5 = {1,2} sees A1 = {1,3} and B8 = {2,3} only through the diagonals, and the pincers
/// share no unit. In diagonal Sudoku 3 leaves the boxes that see both A1 and B8: A7, A8, A9
/// (row A and B8's square), B1, B2, B3 (row B and A1's square), H8 (column 8 and diagonal
/// A1-I9), I1 (column 1 and diagonal A9-I1). In standard Sudoku there is no wing.
#[test]
fn xy_wing_through_the_diagonals() {
    let g = grid("123456789", &[("E5", "12"), ("A1", "13"), ("B8", "23")]);
    let (steps, _) = run(&g, Variant::Diagonal, "xy_wing");
    assert_eq!(
        steps,
        ["xy_wing | diagonal A1-I9, diagonal A9-I1 | E5 A1 B8 | 3 | A7-3 A8-3 A9-3 B1-3 B2-3 B3-3 H8-3 I1-3"]
    );
    assert_eq!(
        run(&g, Variant::Standard, "xy_wing").0,
        Vec::<String>::new()
    );
}

/// A wing whose only target holds nothing but z: the step is made, then the empty box ends the
/// pass as a contradiction.
#[test]
fn xy_wing_emptying_a_box_is_a_contradiction() {
    let g = grid(
        "123456789",
        &[("E5", "12"), ("D6", "23"), ("E1", "13"), ("D1", "3")],
    );
    let (steps, end) = run(&g, Variant::Standard, "xy_wing");
    assert_eq!(steps.len(), 1);
    assert!(steps[0].contains("D1-3 "), "{}", steps[0]);
    assert_eq!(
        end,
        Some(Contradiction::EmptyBox {
            cell: Cell::from_label("D1").unwrap()
        })
    );
}

// ---- naked_triples, hidden_triples, naked_quads -----------------------------------

/// A naked triple of SudokuWiki's (12)(23)(13) shape: in row E, E1 = {2,5}, E5 = {5,8},
/// E9 = {2,8} hold 2, 5 and 8 between them, so 2, 5 and 8 leave the other six boxes of row E.
#[test]
fn naked_triples_textbook() {
    let g = grid("123456789", &[("E1", "25"), ("E5", "58"), ("E9", "28")]);
    let (steps, end) = run(&g, Variant::Standard, "naked_triples");
    assert_eq!(
        steps,
        ["naked_triples | row E | E1 E5 E9 | 258 | E2-258 E3-258 E4-258 E6-258 E7-258 E8-258"]
    );
    assert_eq!(end, None);
}

/// A naked triple on diagonal A1-I9 (A1, E5, I9 share no row, column or square): 1, 2 and 3
/// leave the diagonal's other six boxes, in diagonal Sudoku only.
#[test]
fn naked_triples_on_a_diagonal() {
    let g = grid("123456789", &[("A1", "12"), ("E5", "23"), ("I9", "13")]);
    assert_eq!(
        run(&g, Variant::Diagonal, "naked_triples").0,
        ["naked_triples | diagonal A1-I9 | A1 E5 I9 | 123 | B2-123 C3-123 D4-123 F6-123 G7-123 H8-123"]
    );
    assert_eq!(
        run(&g, Variant::Standard, "naked_triples").0,
        Vec::<String>::new()
    );
}

/// A hidden triple (SudokuWiki's "Hidden Triples"): in row D, 2, 5 and 6 fit only in D3, D5
/// and D8 (no two of them in only two boxes), so those boxes lose everything else: D3 loses 7
/// and 9, D5 loses 8, D8 loses 1 and 4.
#[test]
fn hidden_triples_textbook() {
    let mut boxes = vec![("D3", "2579"), ("D5", "568"), ("D8", "1246")];
    for b in ["D1", "D2", "D4", "D6", "D7", "D9"] {
        boxes.push((b, "134789"));
    }
    let g = grid("123456789", &boxes);
    let (steps, end) = run(&g, Variant::Standard, "hidden_triples");
    assert_eq!(
        steps,
        ["hidden_triples | row D | D3 D5 D8 | 256 | D3-79 D5-8 D8-14"]
    );
    assert_eq!(end, None);
}

/// A naked quad in a square: A1 = {1,4}, A3 = {1,9}, B2 = {4,7}, C3 = {1,7,9} hold 1, 4, 7 and
/// 9 between them (no two or three of them a smaller subset), so those digits leave A2, B1, B3,
/// C1 and C2.
#[test]
fn naked_quads_textbook() {
    let g = grid(
        "123456789",
        &[("A1", "14"), ("A3", "19"), ("B2", "47"), ("C3", "179")],
    );
    let (steps, end) = run(&g, Variant::Standard, "naked_quads");
    assert_eq!(
        steps,
        ["naked_quads | square A1-C3 | A1 A3 B2 C3 | 1479 | A2-1479 B1-1479 B3-1479 C1-1479 C2-1479"]
    );
    assert_eq!(end, None);
    assert_eq!(
        run(&g, Variant::Standard, "naked_triples").0,
        Vec::<String>::new()
    );
}

/// A naked quad on diagonal A9-I1: A9 = {1,2}, C7 = {2,3}, G3 = {3,4}, I1 = {1,4}: 1..4 leave
/// the diagonal's other five boxes, in diagonal Sudoku only.
#[test]
fn naked_quads_on_a_diagonal() {
    let g = grid(
        "123456789",
        &[("A9", "12"), ("C7", "23"), ("G3", "34"), ("I1", "14")],
    );
    assert_eq!(
        run(&g, Variant::Diagonal, "naked_quads").0,
        ["naked_quads | diagonal A9-I1 | A9 C7 G3 I1 | 1234 | B8-1234 D6-1234 E5-1234 F4-1234 H2-1234"]
    );
    assert_eq!(
        run(&g, Variant::Standard, "naked_quads").0,
        Vec::<String>::new()
    );
}

/// A hidden triple on diagonal A1-I9: 1, 2 and 3 fit the diagonal only in B2, E5 and H8, which
/// lose 7, 8 and 9; in diagonal Sudoku only.
#[test]
fn hidden_triples_on_a_diagonal() {
    let mut boxes = vec![("B2", "127"), ("E5", "238"), ("H8", "139")];
    for b in ["A1", "C3", "D4", "F6", "G7", "I9"] {
        boxes.push((b, "456789"));
    }
    let g = grid("123456789", &boxes);
    assert_eq!(
        run(&g, Variant::Diagonal, "hidden_triples").0,
        ["hidden_triples | diagonal A1-I9 | B2 E5 H8 | 123 | B2-7 E5-8 H8-9"]
    );
    assert_eq!(
        run(&g, Variant::Standard, "hidden_triples").0,
        Vec::<String>::new()
    );
}

/// Two naked pairs are not a naked quad: the set is left to naked twins.
#[test]
fn naked_quads_leave_smaller_subsets_to_their_rungs() {
    let g = grid(
        "123456789",
        &[("A1", "12"), ("A2", "12"), ("A5", "34"), ("A6", "34")],
    );
    assert_eq!(
        run(&g, Variant::Standard, "naked_quads").0,
        Vec::<String>::new()
    );
    assert_eq!(run(&g, Variant::Standard, "naked_twins").0.len(), 4);
}

// ---- x_wing and swordfish ---------------------------------------------------------------------------

/// The X-wing as SudokuWiki and HoDoKu draw it: in rows B and H, 5 fits only in columns 2 and
/// 7 (B2, B7, H2, H7). Either B2 and H7 or B7 and H2 hold 5, so columns 2 and 7 get their 5 in
/// rows B and H, and 5 leaves the other seven boxes of each column. The other boxes of rows B
/// and H lack 5; every other box holds all nine digits.
#[test]
fn x_wing_textbook_on_rows() {
    let no5 = "12346789";
    let mut boxes: Vec<(String, &str)> = Vec::new();
    for row in ["B", "H"] {
        for col in [1, 3, 4, 5, 6, 8, 9] {
            boxes.push((format!("{row}{col}"), no5));
        }
    }
    let boxes: Vec<(&str, &str)> = boxes.iter().map(|(b, d)| (b.as_str(), *d)).collect();
    let g = grid("123456789", &boxes);
    let (steps, end) = run(&g, Variant::Standard, "x_wing");
    let expected = "x_wing | row B, row H, column 2, column 7 | B2 B7 H2 H7 | 5 | \
        A2-5 C2-5 D2-5 E2-5 F2-5 G2-5 I2-5 A7-5 C7-5 D7-5 E7-5 F7-5 G7-5 I7-5";
    assert_eq!(steps, [expected]);
    assert_eq!(end, None);
    // Rows and columns are units in diagonal Sudoku too: the same fish, the same step.
    assert_eq!(run(&g, Variant::Diagonal, "x_wing").0, [expected]);
}

/// The same with rows and columns swapped: in columns 1 and 9, 3 fits only in rows C and G, so
/// 3 leaves the other boxes of rows C and G.
#[test]
fn x_wing_textbook_on_columns() {
    let mut boxes: Vec<String> = Vec::new();
    for col in [1, 9] {
        for row in ["A", "B", "D", "E", "F", "H", "I"] {
            boxes.push(format!("{row}{col}"));
        }
    }
    let boxes: Vec<(&str, &str)> = boxes.iter().map(|b| (b.as_str(), "12456789")).collect();
    let g = grid("123456789", &boxes);
    let (steps, _) = run(&g, Variant::Standard, "x_wing");
    assert_eq!(
        steps,
        [
            "x_wing | column 1, column 9, row C, row G | C1 C9 G1 G9 | 3 | \
        C2-3 C3-3 C4-3 C5-3 C6-3 C7-3 C8-3 G2-3 G3-3 G4-3 G5-3 G6-3 G7-3 G8-3"
        ]
    );
}

/// The diagonals are neither base nor cover lines: 4 fits the two diagonals only in rows A and
/// I (A1, I9; A9, I1), a pattern of the generalised fish, which this rung leaves alone.
#[test]
fn x_wing_does_not_take_the_diagonals_as_lines() {
    let mut boxes: Vec<String> = Vec::new();
    for i in 1..8 {
        let row = (b'A' + i) as char;
        boxes.push(format!("{row}{}", i + 1));
        boxes.push(format!("{row}{}", 9 - i));
    }
    let boxes: Vec<(&str, &str)> = boxes.iter().map(|b| (b.as_str(), "12356789")).collect();
    let g = grid("123456789", &boxes);
    assert_eq!(run(&g, Variant::Diagonal, "x_wing").0, Vec::<String>::new());
}

/// A swordfish as SudokuWiki draws it (a 2-2-2 swordfish): in rows A, E and I, 7 fits only in
/// A1, A5; E5, E9; I1, I9: three rows, three columns (1, 5, 9). Each column gets its 7 from one
/// of those rows, so 7 leaves the other six boxes of columns 1, 5 and 9. No two of the rows
/// make an X-wing (each pair spans three columns).
#[test]
fn swordfish_textbook() {
    let mut boxes: Vec<String> = Vec::new();
    for (row, keep) in [("A", [1, 5]), ("E", [5, 9]), ("I", [1, 9])] {
        for col in 1..=9 {
            if !keep.contains(&col) {
                boxes.push(format!("{row}{col}"));
            }
        }
    }
    let boxes: Vec<(&str, &str)> = boxes.iter().map(|b| (b.as_str(), "12345689")).collect();
    let g = grid("123456789", &boxes);
    assert_eq!(run(&g, Variant::Standard, "x_wing").0, Vec::<String>::new());
    let expected =
        "swordfish | row A, row E, row I, column 1, column 5, column 9 | A1 A5 E5 E9 I1 I9 | 7 | \
        B1-7 C1-7 D1-7 F1-7 G1-7 H1-7 B5-7 C5-7 D5-7 F5-7 G5-7 H5-7 B9-7 C9-7 D9-7 F9-7 G9-7 H9-7";
    assert_eq!(run(&g, Variant::Standard, "swordfish").0, [expected]);
    assert_eq!(run(&g, Variant::Diagonal, "swordfish").0, [expected]);
}

// ---- every technique keeps a planted solution -----------------------------------------------------

/// The easy grid's solution (seed 002) and the diagonal example's solution (seed 001).
const STANDARD_BASE: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const DIAGONAL_BASE: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle()
}

/// A solved grid of the variant: the base relabelled, and moved by symmetries that keep it
/// valid (standard: rows within bands, bands, columns within stacks, stacks, transposition;
/// diagonal: transposition and turning upside down, which keep the diagonals' set).
fn solution(variant: Variant) -> BoxedStrategy<[u8; 81]> {
    let base = match variant {
        Variant::Standard => STANDARD_BASE,
        Variant::Diagonal => DIAGONAL_BASE,
    };
    let b: [u8; 81] = std::array::from_fn(|i| base.as_bytes()[i] - b'0');
    match variant {
        Variant::Standard => (
            permutation(9),
            prop::array::uniform3(permutation(3)),
            permutation(3),
            prop::array::uniform3(permutation(3)),
            permutation(3),
            any::<bool>(),
        )
            .prop_map(move |(relabel, rows, bands, cols, stacks, transpose)| {
                let row = |r: usize| bands[r / 3] * 3 + rows[r / 3][r % 3];
                let col = |c: usize| stacks[c / 3] * 3 + cols[c / 3][c % 3];
                std::array::from_fn(|i| {
                    let (r, c) = if transpose {
                        (i % 9, i / 9)
                    } else {
                        (i / 9, i % 9)
                    };
                    relabel[b[row(r) * 9 + col(c)] as usize - 1] as u8 + 1
                })
            })
            .boxed(),
        Variant::Diagonal => (permutation(9), any::<bool>(), any::<bool>())
            .prop_map(move |(relabel, flip, transpose)| {
                std::array::from_fn(|i| {
                    let (mut r, c) = if transpose {
                        (i % 9, i / 9)
                    } else {
                        (i / 9, i % 9)
                    };
                    if flip {
                        r = 8 - r;
                    }
                    relabel[b[r * 9 + c] as usize - 1] as u8 + 1
                })
            })
            .boxed(),
    }
}

/// Candidates around a planted solution: each box its planted digit and a few others, mostly
/// none or one or two (so that pairs, triples and fish are common), sometimes many.
fn planted(variant: Variant) -> impl Strategy<Value = ([u8; 81], [Digits; 81])> {
    let extra = prop_oneof![
        3 => Just(0u16),
        3 => (0u16..9).prop_map(|d| 1 << d),
        2 => (0u16..9, 0u16..9).prop_map(|(a, b)| 1 << a | 1 << b),
        1 => 0u16..512,
    ];
    (solution(variant), prop::collection::vec(extra, 81)).prop_map(|(s, extra)| {
        let cells = std::array::from_fn(|i| Digits::from_bits(extra[i]).with(s[i]));
        (s, cells)
    })
}

/// Checks one step of a technique against the evidence its strategy documents.
fn check_step(
    id: &str,
    units: &[Unit],
    boxes: &[Cell],
    digits: Digits,
    changes: &[Change],
    state: &[Digits; 81],
    topo: &Topology,
) -> Result<(), TestCaseError> {
    let removed = |c: &Change| c.before.without(c.after);
    let in_unit = |u: Unit, b: Cell| topo.unit(u).contains(&b);
    let sees = |a: Cell, b: Cell| a != b && topo.peers(a).contains(&b);
    for c in changes {
        prop_assert!(c.after.without(c.before).is_empty(), "{id} only removes");
    }
    match id {
        "xy_wing" => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (2, 3, 1));
            let (p, a, b) = (boxes[0], boxes[1], boxes[2]);
            prop_assert!(in_unit(units[0], p) && in_unit(units[0], a));
            prop_assert!(in_unit(units[1], p) && in_unit(units[1], b));
            let (pd, ad, bd) = (state[p.index()], state[a.index()], state[b.index()]);
            prop_assert!(pd.len() == 2 && ad.len() == 2 && bd.len() == 2);
            prop_assert_eq!(ad.without(pd), digits);
            prop_assert_eq!(bd.without(pd), digits);
            prop_assert!(ad != bd);
            for c in changes {
                prop_assert!(
                    sees(c.cell, a) && sees(c.cell, b),
                    "{} sees both pincers",
                    c.cell
                );
                prop_assert_eq!(removed(c), digits);
            }
        }
        "x_wing" | "swordfish" => {
            let n = if id == "x_wing" { 2 } else { 3 };
            prop_assert_eq!((units.len(), digits.len()), (2 * n, 1));
            let d = digits.solved().unwrap();
            let (base, cover) = units.split_at(n);
            let rows = base[0].0 < 9;
            for u in base {
                prop_assert_eq!(u.0 < 9, rows, "base lines are all rows or all columns");
            }
            for u in cover {
                prop_assert_eq!(u.0 < 9, !rows, "cover lines cross the base lines");
                prop_assert!(u.0 < 18);
            }
            let fits: Vec<Cell> = base
                .iter()
                .flat_map(|&u| topo.unit(u).iter().copied())
                .filter(|c| state[c.index()].contains(d))
                .collect();
            let mut sorted = fits.clone();
            sorted.sort();
            prop_assert_eq!(
                boxes,
                &sorted[..],
                "the boxes are where the digit fits in the base"
            );
            for b in boxes {
                prop_assert!(
                    cover.iter().any(|&u| in_unit(u, *b)),
                    "{} in a cover line",
                    b
                );
            }
            for c in changes {
                prop_assert!(cover.iter().any(|&u| in_unit(u, c.cell)));
                prop_assert!(!base.iter().any(|&u| in_unit(u, c.cell)));
                prop_assert_eq!(removed(c), digits);
            }
        }
        "naked_triples" | "naked_quads" => {
            let n = if id == "naked_triples" { 3 } else { 4 };
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (1, n, n as u32));
            let union = boxes.iter().fold(Digits::NONE, |m, b| {
                Digits::from_bits(m.bits() | state[b.index()].bits())
            });
            prop_assert_eq!(union, digits);
            for b in boxes {
                prop_assert!(in_unit(units[0], *b));
            }
            for c in changes {
                prop_assert!(in_unit(units[0], c.cell) && !boxes.contains(&c.cell));
                prop_assert!(removed(c).without(digits).is_empty());
            }
        }
        "hidden_triples" => {
            let n = 3;
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (1, n, n as u32));
            for d in digits.iter() {
                for &c in topo.unit(units[0]) {
                    if state[c.index()].contains(d) {
                        prop_assert!(boxes.contains(&c), "{} fits {} outside the boxes", d, c);
                    }
                }
            }
            for c in changes {
                prop_assert!(boxes.contains(&c.cell));
                prop_assert_eq!(c.after.bits(), c.before.bits() & digits.bits());
            }
        }
        other => prop_assert!(false, "no check for {other}"),
    }
    Ok(())
}

/// Every technique beyond the course, on its own and with the whole ladder.
const TECHNIQUES: &[&str] = &[
    "naked_triples",
    "hidden_triples",
    "naked_quads",
    "x_wing",
    "swordfish",
    "xy_wing",
];

fn check_keeps_solution(
    variant: Variant,
    solution: &[u8; 81],
    cells: &[Digits; 81],
    strategies: &str,
) -> Result<(), TestCaseError> {
    let topo = Topology::of(variant);
    let mut g = Grid::from_cells(*cells);
    let mut rec = Recorder::new(100_000);
    let end = reduce_puzzle(
        &mut g,
        topo,
        StrategySet::parse_list(strategies).unwrap(),
        &mut rec,
        At::default(),
        &mut StepCounts::default(),
    );
    prop_assert!(end.is_ok(), "{:?} on a grid with a solution", end);
    let (steps, changes) = rec.finish();
    let mut state = *cells;
    for s in &steps {
        if let Reason::Stop { .. } = s.reason {
            prop_assert!(!g.is_complete(), "a stop on a finished grid");
            continue;
        }
        let Reason::Strategy { position: id, evidence } = s.reason else {
            return Err(TestCaseError::fail("a search step"));
        };
        let id = registry::info(id).id;
        let changes = &changes[s.changes.start as usize..s.changes.end as usize];
        prop_assert!(!changes.is_empty());
        for c in changes {
            prop_assert_eq!(state[c.cell.index()], c.before);
            let d = solution[c.cell.index()];
            prop_assert!(c.after.contains(d), "{} removed {} from {}", id, d, c.cell);
        }
        if TECHNIQUES.contains(&id) {
            check_step(
                id,
                evidence.units(),
                evidence.boxes(),
                evidence.digits(),
                changes,
                &state,
                topo,
            )?;
        }
        for c in changes {
            state[c.cell.index()] = c.after;
        }
    }
    prop_assert_eq!(&state, g.cells());
    Ok(())
}

fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/techniques.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// No step of any technique, alone or with the whole ladder, removes a digit of a planted
    /// solution, and every step is what its evidence says.
    #[test]
    fn techniques_keep_a_planted_solution(
        (solution, cells) in prop_oneof![planted(Variant::Standard), planted(Variant::Diagonal)],
        diagonal in any::<bool>(),
        which in 0..TECHNIQUES.len() + 1,
    ) {
        // A diagonal solution is a standard one too; a standard one is diagonal only by chance.
        let variant = if diagonal && is_diagonal(&solution) { Variant::Diagonal } else { Variant::Standard };
        let set = TECHNIQUES.get(which).copied().unwrap_or("all");
        check_keeps_solution(variant, &solution, &cells, set)?;
    }
}

fn is_diagonal(s: &[u8; 81]) -> bool {
    let main: u16 = (0..9).map(|i| 1u16 << s[i * 9 + i]).fold(0, |a, b| a | b);
    let anti: u16 = (0..9)
        .map(|i| 1u16 << s[i * 9 + 8 - i])
        .fold(0, |a, b| a | b);
    main == 0x3fe && anti == 0x3fe
}

/// The property above is not vacuous: over planted grids drawn from a fixed seed, every
/// technique on its own makes steps.
#[test]
fn every_technique_fires_on_planted_grids() {
    use proptest::test_runner::{Config, TestRunner};
    for &id in TECHNIQUES {
        let mut runner = TestRunner::new_with_rng(
            Config::default(),
            proptest::test_runner::TestRng::deterministic_rng(
                proptest::test_runner::RngAlgorithm::ChaCha,
            ),
        );
        let steps = std::cell::Cell::new(0usize);
        runner
            .run(&planted(Variant::Standard), |(_, cells)| {
                let g = Grid::from_cells(cells);
                steps.set(steps.get() + run(&g, Variant::Standard, id).0.len());
                Ok(())
            })
            .unwrap();
        assert!(steps.get() > 0, "{id} made no step on 256 planted grids");
    }
}

/// The whole ladder on real puzzles, through search: the same solution as the course's
/// strategies give, and a trace that replays to it.
#[test]
fn the_whole_ladder_solves_top95_as_the_course_does() {
    let path = format!("{}/../../puzzles/top95.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81)
        .take(30)
    {
        let g = parse(line, Variant::Standard).unwrap();
        let all = Options {
            strategies: StrategySet::ALL,
            ..Options::default()
        };
        let t = solve_traced(&g, &all);
        let Outcome::Solved { solution, .. } = &t.outcome else {
            panic!("{line}: {:?}", t.outcome)
        };
        let course = solve(&g, &Options::default());
        let Found::Solution(s) = course.found else {
            panic!("{line}: the course's strategies found no solution")
        };
        assert_eq!(*solution, s.to_line(), "{line}");
        let end = t.replay().expect("the trace replays");
        assert_eq!(
            end.map(|d| d.solved().unwrap())
                .iter()
                .map(|d| (b'0' + d) as char)
                .collect::<String>(),
            *solution
        );
    }
}
