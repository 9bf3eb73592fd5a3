//! The verdict engine against the course's search: the same count of solutions (up to 2) on
//! every puzzle set, both variants, candidate grids and random grids; the same solution when it
//! is unique, a valid one otherwise; the node cap.

use proptest::prelude::*;
use solver_core::verdict::{verdict, Verdict};
use solver_core::*;

mod common;
use common::puzzles;

const DIAGONAL_EXAMPLE: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";
const NORVIG_IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const ENOUGH: u64 = 10_000_000;

/// Reads a line as a standard grid, so that givens which clash on a diagonal still load
/// (solved in diagonal mode, they are contradictions).
fn grid(line: &str) -> Grid {
    parse(line, Variant::Standard).unwrap()
}

fn options(variant: Variant, max_nodes: u64) -> Options {
    Options {
        variant,
        limits: Limits {
            max_nodes,
            ..Limits::default()
        },
        ..Options::default()
    }
}

/// True when `solution` fills `grid` (each box one of its candidates) with no digit twice in a
/// unit of `variant`.
fn solves(solution: &Grid, grid: &Grid, variant: Variant) -> bool {
    let fits = solution
        .cells()
        .iter()
        .zip(grid.cells())
        .all(|(s, g)| s.solved().is_some_and(|d| g.contains(d)));
    let topo = Topology::of(variant);
    fits && topo.all_units().all(|u| {
        let digits = topo
            .unit(u)
            .iter()
            .fold(0u16, |m, &c| m | solution.get(c).bits());
        digits == 0x1ff
    })
}

/// The verdict (up to 2 solutions) against the course search's `solve_and_count`. `None` when
/// the course search hit `max_nodes` first (nothing to compare with).
fn check(g: &Grid, variant: Variant, max_nodes: u64, what: &str) -> Option<Verdict> {
    let (found, count) = solve_and_count(g, &options(variant, max_nodes), 2);
    let v = verdict(g, variant, 2, ENOUGH);
    let ctx = || format!("{what} {variant:?}\n{}", g.to_line());
    assert!(!v.capped, "{}", ctx());
    let expected = match count {
        Count::Exactly(n) | Count::AtLeast(n) => n.min(2),
        Count::Capped(_) => return None,
    };
    assert_eq!(v.solutions, expected, "{}", ctx());
    assert_eq!(v.count(2), count, "{}", ctx());
    match (&found, &v.first) {
        (Found::Solution(s), Some(first)) => {
            let first = first.to_grid();
            assert!(solves(&first, g, variant), "{}", ctx());
            if expected == 1 {
                assert_eq!(first, *s, "{}", ctx());
            }
        }
        (Found::None(_), None) => {}
        other => panic!("{}: {other:?}", ctx()),
    }
    // Asking for one solution finds the same first one.
    let one = verdict(g, variant, 1, ENOUGH);
    assert_eq!(one.first, v.first, "{}", ctx());
    assert_eq!(one.solutions, expected.min(1), "{}", ctx());
    Some(v)
}

fn check_set(lines: &[String], what: &str) {
    for variant in [Variant::Standard, Variant::Diagonal] {
        for line in lines {
            check(&grid(line), variant, ENOUGH, what);
        }
    }
}

#[test]
fn small_sets_agree_with_the_course_search() {
    for set in ["top95.txt", "hardest.txt", "easy50.txt"] {
        check_set(&puzzles(set), set);
    }
}

#[test]
fn samples_of_the_big_sets_agree_with_the_course_search() {
    let magic: Vec<String> = puzzles("magictour_top1465.txt")
        .into_iter()
        .step_by(7)
        .collect();
    check_set(&magic, "magictour sample");
    let clue17: Vec<String> = puzzles("17_clue_49158.txt")
        .into_iter()
        .step_by(97)
        .collect();
    check_set(&clue17, "17_clue sample");
}

/// All of the two big sets: `cargo test --release -p solver-core --test verdict -- --ignored`.
#[test]
#[ignore]
fn the_big_sets_agree_with_the_course_search() {
    check_set(&puzzles("magictour_top1465.txt"), "magictour_top1465");
    check_set(&puzzles("17_clue_49158.txt"), "17_clue_49158");
}

#[test]
fn every_standard_set_puzzle_is_unique() {
    for set in ["top95.txt", "hardest.txt", "easy50.txt"] {
        for line in puzzles(set) {
            let v = verdict(&grid(&line), Variant::Standard, 2, ENOUGH);
            assert_eq!(v.solutions, 1, "{set}: {line}");
        }
    }
}

#[test]
fn no_one_and_several_solutions() {
    // None: Norvig's impossible puzzle, refuted by propagation alone (the course search needs
    // 2,349,773 nodes); two givens of a digit in a row; an emptied box.
    let v = check(
        &grid(NORVIG_IMPOSSIBLE),
        Variant::Standard,
        ENOUGH,
        "norvig",
    )
    .unwrap();
    assert_eq!((v.solutions, v.nodes), (0, 1));
    let mut clash = [Digits::ALL; 81];
    clash[0] = Digits::single(1);
    clash[1] = Digits::single(1);
    let v = verdict(&Grid::from_cells(clash), Variant::Standard, 2, ENOUGH);
    assert_eq!((v.solutions, v.first), (0, None));
    let mut cells = *grid(SOLUTION).cells();
    cells[40] = Digits::NONE;
    assert_eq!(
        verdict(&Grid::from_cells(cells), Variant::Standard, 2, ENOUGH).solutions,
        0
    );
    // One: a full solution, and the same with a box blanked.
    let v = check(&grid(SOLUTION), Variant::Standard, ENOUGH, "solution").unwrap();
    assert_eq!((v.solutions, v.nodes), (1, 1));
    let blank = format!("{}.{}", &SOLUTION[..40], &SOLUTION[41..]);
    assert_eq!(
        check(&grid(&blank), Variant::Standard, ENOUGH, "one blank")
            .unwrap()
            .solutions,
        1
    );
    // Several: the empty grid in both variants.
    for variant in [Variant::Standard, Variant::Diagonal] {
        let v = check(&Grid::default(), variant, ENOUGH, "empty").unwrap();
        assert_eq!(v.solutions, 2);
    }
    // And a solution with a deadly rectangle blanked: two digits swapped in four boxes that
    // share two squares give a second solution.
    let digits = SOLUTION.as_bytes();
    let at = |r: usize, c: usize| digits[r * 9 + c];
    let (r1, r2, c1, c2) = (0..9)
        .flat_map(|r1| ((r1 + 1)..9).map(move |r2| (r1, r2)))
        .flat_map(|(r1, r2)| {
            (0..9).flat_map(move |c1| ((c1 + 1)..9).map(move |c2| (r1, r2, c1, c2)))
        })
        .find(|&(r1, r2, c1, c2)| {
            (r1 / 3 == r2 / 3 || c1 / 3 == c2 / 3)
                && at(r1, c1) == at(r2, c2)
                && at(r1, c2) == at(r2, c1)
        })
        .expect("the solution has a rectangle");
    let mut line = digits.to_vec();
    for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
        line[r * 9 + c] = b'.';
    }
    let several = grid(std::str::from_utf8(&line).unwrap());
    let v = check(&several, Variant::Standard, ENOUGH, "several").unwrap();
    assert_eq!(v.solutions, 2);
}

#[test]
fn diagonal_example_agrees() {
    let v = check(
        &grid(DIAGONAL_EXAMPLE),
        Variant::Diagonal,
        ENOUGH,
        "diagonal",
    )
    .unwrap();
    assert_eq!(v.solutions, 1);
    // Its solution breaks no diagonal, and the standard reading has more than one solution.
    let s = v.first.unwrap().to_grid();
    assert!(solves(&s, &grid(DIAGONAL_EXAMPLE), Variant::Diagonal));
    let standard = check(
        &grid(DIAGONAL_EXAMPLE),
        Variant::Standard,
        ENOUGH,
        "diag as std",
    );
    assert_eq!(standard.unwrap().solutions, 2);
}

/// Candidate grids beyond givens: narrowed boxes, an emptied one.
#[test]
fn candidate_grids_agree() {
    let mut cells = *grid(DIAGONAL_EXAMPLE).cells();
    cells[1] = Digits::single(4).with(6).with(8);
    cells[2] = Digits::single(4).with(6);
    cells[3] = Digits::single(4).with(6);
    let narrowed = Grid::from_cells(cells);
    cells[40] = Digits::NONE;
    let emptied = Grid::from_cells(cells);
    for variant in [Variant::Standard, Variant::Diagonal] {
        check(&narrowed, variant, ENOUGH, "narrowed");
        let v = check(&emptied, variant, ENOUGH, "emptied").unwrap();
        assert_eq!(v.solutions, 0);
    }
}

#[test]
fn the_node_cap_answers_capped() {
    // The top95 puzzle that takes the most nodes.
    let (hard, full) = puzzles("top95.txt")
        .iter()
        .map(|l| (grid(l), verdict(&grid(l), Variant::Standard, 2, ENOUGH)))
        .max_by_key(|(_, v)| v.nodes)
        .unwrap();
    assert!(full.nodes > 3, "{}", full.nodes);
    for max in [0, 1, full.nodes - 1] {
        let v = verdict(&hard, Variant::Standard, 2, max);
        assert!(v.capped, "{max}");
        // The root is always visited.
        assert!(v.nodes <= max.max(1));
    }
    // So a puzzle decided at the root gets its verdict with a cap of 0, as with the course's
    // search (docs/limits.md).
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let v = verdict(&grid(easy), Variant::Standard, 2, 0);
    assert_eq!((v.solutions, v.capped, v.nodes), (1, false, 1));
    assert_eq!(v.first.unwrap().to_string(), SOLUTION);
    let v = verdict(&grid(NORVIG_IMPOSSIBLE), Variant::Standard, 2, 0);
    assert_eq!((v.solutions, v.capped, v.nodes), (0, false, 1));
    // The empty grid: the cap after its first solution keeps that solution and counts 1.
    let empty = verdict(&Grid::default(), Variant::Standard, 2, ENOUGH);
    let first_only = verdict(&Grid::default(), Variant::Standard, 1, ENOUGH);
    let capped = verdict(&Grid::default(), Variant::Standard, 2, first_only.nodes);
    assert!(capped.capped || capped.solutions == 2);
    assert_eq!(capped.first, empty.first);
    assert_eq!(
        capped.count(2),
        if capped.capped {
            Count::Capped(1)
        } else {
            Count::AtLeast(2)
        }
    );
}

/// A known solution of each variant, as digits.
fn solution_of(variant: Variant) -> Vec<u8> {
    let line = match variant {
        Variant::Standard => SOLUTION.to_string(),
        Variant::Diagonal => {
            let v = verdict(&grid(DIAGONAL_EXAMPLE), Variant::Diagonal, 1, ENOUGH);
            v.first.unwrap().to_string()
        }
    };
    line.bytes().map(|b| b - b'0').collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random subsets of a solution's boxes kept (so some grids have many solutions), digits
    /// relabelled, some boxes given extra candidates (a candidate grid), and sometimes wrong
    /// givens added (so some have none).
    #[test]
    fn random_candidate_grids_agree(
        diagonal in any::<bool>(),
        keep in proptest::collection::vec(0u8..4, 81),
        extra in proptest::collection::vec(0u16..512, 81),
        relabel in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        wrong in proptest::collection::vec((0usize..81, 1u8..=9), 0..3),
    ) {
        let variant = if diagonal { Variant::Diagonal } else { Variant::Standard };
        let solution = solution_of(variant);
        let mut cells = [Digits::ALL; 81];
        for i in 0..81 {
            let digit = Digits::single(relabel[solution[i] as usize - 1]);
            cells[i] = match keep[i] {
                0 | 1 => digit,
                2 => Digits::from_bits(digit.bits() | extra[i]),
                _ => Digits::ALL,
            };
        }
        for (i, d) in wrong {
            cells[i] = Digits::single(d);
        }
        let g = Grid::from_cells(cells);
        // The course search is slow on grids with few givens: compare where it finishes.
        check(&g, variant, 200_000, "random");
    }
}
