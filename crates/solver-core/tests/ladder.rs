//! The rungs past the course's: each on a textbook case whose eliminations are worked out by
//! hand below, on a diagonal case, and on random candidate grids around a planted solution
//! (no step may remove a digit of the solution).

use proptest::prelude::*;
use solver_core::strategy::{
    claiming::Claiming, hidden_pairs::HiddenPairs, pointing::Pointing, At, Pass, Strategy as Rung,
};
use solver_core::trace::{Reason, Recorder};
use solver_core::*;

const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const DIAGONAL_EXAMPLE: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";

/// A candidate grid: every box may hold every digit but those listed, which hold these.
fn candidates(variant: Variant, boxes: &[(&str, &str)]) -> Grid {
    let text: Vec<String> = Cell::all()
        .map(|c| {
            boxes
                .iter()
                .find(|(b, _)| *b == c.to_string())
                .map_or("123456789".to_string(), |(_, d)| d.to_string())
        })
        .collect();
    parse(&text.join(" "), variant).unwrap()
}

/// Every box but `except` without `digit`, among `boxes`.
fn without<'a>(digit: char, boxes: &'a [&'a str]) -> Vec<(&'a str, String)> {
    let all: String = "123456789".chars().filter(|&d| d != digit).collect();
    boxes.iter().map(|&b| (b, all.clone())).collect()
}

/// One step as the page reads it: its units, cause boxes, digits, and the changed boxes with
/// their candidates after.
#[derive(Debug, PartialEq)]
struct Seen {
    units: Vec<String>,
    boxes: Vec<String>,
    digits: String,
    changed: Vec<(String, String)>,
}

/// One pass of strategy `T` over `grid`, recorded.
fn pass<T: Rung>(grid: &mut Grid, variant: Variant) -> (Vec<Seen>, Result<(), Contradiction>) {
    let topo = Topology::of(variant);
    let id = registry::position(T::ID).unwrap();
    let mut rec = Recorder::new(usize::MAX);
    let mut steps = 0;
    let result = {
        let mut pass = Pass::new(&mut rec, At::default(), id, &mut steps);
        T::apply(grid, topo, &mut pass)
    };
    let (all, changes) = rec.finish();
    let seen = all
        .iter()
        .filter_map(|s| match &s.reason {
            Reason::Strategy { evidence, .. } => Some(Seen {
                units: evidence.units().iter().map(|u| u.to_string()).collect(),
                boxes: evidence.boxes().iter().map(|c| c.to_string()).collect(),
                digits: evidence.digits().to_string(),
                changed: changes[s.changes.start as usize..s.changes.end as usize]
                    .iter()
                    .map(|c| (c.cell.to_string(), c.after.to_string()))
                    .collect(),
            }),
            _ => None,
        })
        .collect();
    (seen, result)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn changed(boxes: &[&str], after: &str) -> Vec<(String, String)> {
    boxes
        .iter()
        .map(|b| (b.to_string(), after.to_string()))
        .collect()
}

#[test]
fn pointing_a_square_into_a_row() {
    // Square A1-C3: 7 only in B1 and B2, both in row B. So 7 leaves B4..B9, and nothing else
    // is confined (every other square has 7 in all nine boxes; every digit but 7 everywhere).
    let lacking = without('7', &["A1", "A2", "A3", "B3", "C1", "C2", "C3"]);
    let spec: Vec<(&str, &str)> = lacking.iter().map(|(b, d)| (*b, d.as_str())).collect();
    for variant in [Variant::Standard, Variant::Diagonal] {
        let mut g = candidates(variant, &spec);
        let (steps, r) = pass::<Pointing>(&mut g, variant);
        assert_eq!(r, Ok(()));
        assert_eq!(
            steps,
            [Seen {
                units: names(&["square A1-C3", "row B"]),
                boxes: names(&["B1", "B2"]),
                digits: "7".into(),
                changed: changed(&["B4", "B5", "B6", "B7", "B8", "B9"], "12345689"),
            }],
            "{variant:?}"
        );
    }
}

#[test]
fn pointing_a_square_into_a_diagonal() {
    // Square A1-C3: 7 only in A1 and C3. They share no row or column, but both lie on diagonal
    // A1-I9: in diagonal Sudoku 7 leaves D4, E5, F6, G7, H8 and I9; in standard Sudoku nothing.
    let lacking = without('7', &["A2", "A3", "B1", "B2", "B3", "C1", "C2"]);
    let spec: Vec<(&str, &str)> = lacking.iter().map(|(b, d)| (*b, d.as_str())).collect();
    let mut g = candidates(Variant::Standard, &spec);
    assert_eq!(pass::<Pointing>(&mut g, Variant::Standard).0, []);
    let mut g = candidates(Variant::Diagonal, &spec);
    let (steps, _) = pass::<Pointing>(&mut g, Variant::Diagonal);
    assert_eq!(
        steps,
        [Seen {
            units: names(&["square A1-C3", "diagonal A1-I9"]),
            boxes: names(&["A1", "C3"]),
            digits: "7".into(),
            changed: changed(&["D4", "E5", "F6", "G7", "H8", "I9"], "12345689"),
        }]
    );
}

#[test]
fn claiming_a_row_into_a_square() {
    // Row A: 5 only in A1 and A2, both in square A1-C3. So 5 leaves B1, B2, B3, C1, C2, C3.
    let lacking = without('5', &["A3", "A4", "A5", "A6", "A7", "A8", "A9"]);
    let spec: Vec<(&str, &str)> = lacking.iter().map(|(b, d)| (*b, d.as_str())).collect();
    for variant in [Variant::Standard, Variant::Diagonal] {
        let mut g = candidates(variant, &spec);
        let (steps, r) = pass::<Claiming>(&mut g, variant);
        assert_eq!(r, Ok(()));
        assert_eq!(
            steps,
            [Seen {
                units: names(&["row A", "square A1-C3"]),
                boxes: names(&["A1", "A2"]),
                digits: "5".into(),
                changed: changed(&["B1", "B2", "B3", "C1", "C2", "C3"], "12346789"),
            }],
            "{variant:?}"
        );
    }
}

#[test]
fn claiming_a_diagonal_into_a_square() {
    // Diagonal A1-I9: 5 only in A1 and B2 (C3..I9 lack it), both in square A1-C3. In diagonal
    // Sudoku 5 leaves the square's other boxes that hold it: A2, A3, B1, B3, C1, C2 (C3 lacks
    // it already). In standard Sudoku the diagonal is no unit: nothing.
    let lacking = without('5', &["C3", "D4", "E5", "F6", "G7", "H8", "I9"]);
    let spec: Vec<(&str, &str)> = lacking.iter().map(|(b, d)| (*b, d.as_str())).collect();
    let mut g = candidates(Variant::Standard, &spec);
    assert_eq!(pass::<Claiming>(&mut g, Variant::Standard).0, []);
    let mut g = candidates(Variant::Diagonal, &spec);
    let (steps, _) = pass::<Claiming>(&mut g, Variant::Diagonal);
    assert_eq!(
        steps,
        [Seen {
            units: names(&["diagonal A1-I9", "square A1-C3"]),
            boxes: names(&["A1", "B2"]),
            digits: "5".into(),
            changed: changed(&["A2", "A3", "B1", "B3", "C1", "C2"], "12346789"),
        }]
    );
}

/// Every box in `boxes` without the digits `gone`.
fn lacking<'a>(gone: &str, boxes: &[&'a str]) -> Vec<(&'a str, String)> {
    let left: String = "123456789".chars().filter(|d| !gone.contains(*d)).collect();
    boxes.iter().map(|&b| (b, left.clone())).collect()
}

#[test]
fn hidden_pair_in_a_row() {
    // Row A: 1 and 2 fit only A1 and A2 (A3..A9 lack both). So A1 and A2 keep only 1 and 2.
    // No other unit has two digits confined to two boxes (every other box holds all nine, and
    // A3..A9 still hold 3..9).
    let spec = lacking("12", &["A3", "A4", "A5", "A6", "A7", "A8", "A9"]);
    let spec: Vec<(&str, &str)> = spec.iter().map(|(b, d)| (*b, d.as_str())).collect();
    for variant in [Variant::Standard, Variant::Diagonal] {
        let mut g = candidates(variant, &spec);
        let (steps, r) = pass::<HiddenPairs>(&mut g, variant);
        assert_eq!(r, Ok(()));
        assert_eq!(
            steps,
            [Seen {
                units: names(&["row A"]),
                boxes: names(&["A1", "A2"]),
                digits: "12".into(),
                changed: changed(&["A1", "A2"], "12"),
            }],
            "{variant:?}"
        );
    }
}

#[test]
fn hidden_pair_on_a_diagonal() {
    // Diagonal A1-I9: 1 and 2 fit only A1 and E5. In diagonal Sudoku those two keep only 1 and
    // 2; in standard Sudoku (A1 and E5 share no unit) nothing changes.
    let spec = lacking("12", &["B2", "C3", "D4", "F6", "G7", "H8", "I9"]);
    let spec: Vec<(&str, &str)> = spec.iter().map(|(b, d)| (*b, d.as_str())).collect();
    let mut g = candidates(Variant::Standard, &spec);
    assert_eq!(pass::<HiddenPairs>(&mut g, Variant::Standard).0, []);
    let mut g = candidates(Variant::Diagonal, &spec);
    let (steps, _) = pass::<HiddenPairs>(&mut g, Variant::Diagonal);
    assert_eq!(
        steps,
        [Seen {
            units: names(&["diagonal A1-I9"]),
            boxes: names(&["A1", "E5"]),
            digits: "12".into(),
            changed: changed(&["A1", "E5"], "12"),
        }]
    );
}

#[test]
fn a_hidden_single_is_no_hidden_pair() {
    // Row A: 1 fits only A1, 2 only A2: two hidden singles (only choice's), no pair.
    let mut spec = lacking("12", &["A3", "A4", "A5", "A6", "A7", "A8", "A9"]);
    spec.push(("A1", "13456789".into()));
    spec.push(("A2", "23456789".into()));
    let spec: Vec<(&str, &str)> = spec.iter().map(|(b, d)| (*b, d.as_str())).collect();
    let mut g = candidates(Variant::Standard, &spec);
    assert_eq!(pass::<HiddenPairs>(&mut g, Variant::Standard).0, []);
}

#[test]
fn an_emptied_box_stops_the_pass() {
    // As in the pointing case, but B9 holds only 7: pointing empties it.
    let mut spec: Vec<(&str, String)> = without('7', &["A1", "A2", "A3", "B3", "C1", "C2", "C3"]);
    spec.push(("B9", "7".into()));
    let spec: Vec<(&str, &str)> = spec.iter().map(|(b, d)| (*b, d.as_str())).collect();
    let mut g = candidates(Variant::Standard, &spec);
    let (_, r) = pass::<Pointing>(&mut g, Variant::Standard);
    assert_eq!(
        r,
        Err(Contradiction::EmptyBox {
            cell: Cell::from_label("B9").unwrap()
        })
    );
}

/// The solution of each variant, as digits.
fn solution_of(variant: Variant) -> Vec<u8> {
    let line = match variant {
        Variant::Standard => SOLUTION.to_string(),
        Variant::Diagonal => {
            let o = Options {
                variant,
                ..Options::default()
            };
            match solve(&parse(DIAGONAL_EXAMPLE, variant).unwrap(), &o).found {
                Found::Solution(g) => g.to_line(),
                other => panic!("{other:?}"),
            }
        }
    };
    line.bytes().map(|b| b - b'0').collect()
}

/// No change of a pass of `T` removes the planted solution's digit, and the pass meets no
/// contradiction (the solution is still there).
fn sound<T: Rung>(variant: Variant, extra: &[u16], relabel: &[u8]) -> Result<(), TestCaseError> {
    let solution = solution_of(variant);
    let digit = |i: usize| relabel[solution[i] as usize - 1];
    let cells: [Digits; 81] =
        std::array::from_fn(|i| Digits::from_bits(extra[i] & 0x1ff).with(digit(i)));
    let mut g = Grid::from_cells(cells);
    let (_, r) = pass::<T>(&mut g, variant);
    prop_assert_eq!(r, Ok(()));
    for (i, d) in g.cells().iter().enumerate() {
        prop_assert!(
            d.contains(digit(i)),
            "box {} lost {}",
            Cell(i as u8),
            digit(i)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Candidate grids around a planted solution, sparse to dense (each box: its solution digit
    /// and some others), digits relabelled, both variants.
    #[test]
    fn no_rung_removes_a_digit_of_the_planted_solution(
        diagonal in any::<bool>(),
        density in 0u32..4,
        raw in proptest::collection::vec(any::<u16>(), 81),
        relabel in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        let variant = if diagonal { Variant::Diagonal } else { Variant::Standard };
        // Fewer extra candidates at low density: AND of several random masks.
        let extra: Vec<u16> = raw
            .iter()
            .enumerate()
            .map(|(i, &r)| (0..density).fold(r, |m, k| m & r.rotate_left(3 * k + i as u32 % 5)))
            .collect();
        sound::<Pointing>(variant, &extra, &relabel)?;
        sound::<Claiming>(variant, &extra, &relabel)?;
        sound::<HiddenPairs>(variant, &extra, &relabel)?;
    }
}

#[test]
fn the_whole_ladder_solves_every_puzzle_set_like_the_course() {
    // Every strategy on: the same solutions as the course's rung, a trace that replays, and
    // the rungs past the course's at work somewhere.
    let mut past_course = 0;
    for file in ["easy50.txt", "hardest.txt", "top95.txt"] {
        let path = format!("{}/../../puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(path).unwrap().lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let g = parse(line, Variant::Standard).unwrap();
            let with = |strategies| Options {
                strategies,
                ..Options::default()
            };
            let course = solve(&g, &with(StrategySet::COURSE));
            let all = solve_traced(&g, &with(StrategySet::ALL));
            match (&course.found, &all.outcome) {
                (Found::Solution(a), Outcome::Solved { solution, .. }) => {
                    assert_eq!(&a.to_line(), solution, "{line}")
                }
                other => panic!("{line}: {other:?}"),
            }
            all.replay().unwrap();
            for id in ["pointing", "claiming", "hidden_pairs"] {
                past_course += all.stats.steps.get(registry::position(id).unwrap());
            }
        }
    }
    assert!(past_course > 0);
}
