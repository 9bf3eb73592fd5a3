//! The killer rungs worked by hand: `cage_combinations` on candidate grids with cages, alone,
//! run by `reduce_puzzle` to its fixpoint. Each step is written `boxes | digits | changes`
//! (a change `BOX-removed`), and the contradiction that ends the run, if one does. The
//! planted-solution property on killer puzzles (every strategy, this rung included, keeps the
//! planted digits) is tests/variants.rs's.

use solver_core::puzzle::{Constraint, Puzzle};
use solver_core::registry::position;
use solver_core::strategy::At;
use solver_core::trace::{Reason, Recorder, StepCounts};
use solver_core::*;

fn at(label: &str) -> Cell {
    Cell::from_label(label).unwrap()
}

/// Runs cage_combinations alone on a grid (the listed boxes hold the listed digits, the others
/// all nine) with these cages (`"C4 C5"`, sum): its steps in the table's words, and the
/// contradiction.
fn run(cages: &[(&str, u16)], grid: &[(&str, &str)]) -> (Vec<String>, Option<String>) {
    let mut puzzle = Puzzle::classic([0; 81]);
    for (boxes, sum) in cages {
        puzzle.constraints.push(Constraint::Cage {
            cells: boxes.split_whitespace().map(at).collect(),
            sum: Some(*sum),
        });
    }
    let topo = puzzle.topology().unwrap();
    let mut cells = [Digits::ALL; 81];
    for (boxes, digits) in grid {
        for b in boxes.split_whitespace() {
            cells[at(b).index()] =
                Digits::from_bits(digits.bytes().fold(0, |m, d| m | 1 << (d - b'1')));
        }
    }
    let mut g = Grid::from_cells(cells);
    let set = StrategySet::NONE.with(position("cage_combinations").unwrap());
    let mut rec = Recorder::new(1000);
    let end = reduce_puzzle(
        &mut g,
        &topo,
        set,
        &mut rec,
        At::default(),
        &mut StepCounts::default(),
    )
    .err()
    .map(|c| c.to_string());
    let (steps, changes) = rec.finish();
    let words = steps
        .iter()
        .filter_map(|s| match &s.reason {
            Reason::Strategy { evidence, .. } => {
                let boxes: Vec<String> = evidence.boxes().iter().map(|c| c.to_string()).collect();
                let changed: Vec<String> = changes
                    [s.changes.start as usize..s.changes.end as usize]
                    .iter()
                    .map(|c| format!("{}-{}", c.cell, c.before.without(c.after)))
                    .collect();
                Some(format!(
                    "{} | {} | {}",
                    boxes.join(" "),
                    evidence.digits(),
                    changed.join(" ")
                ))
            }
            _ => None,
        })
        .collect();
    (words, end)
}

#[test]
fn the_issue_s_example_two_boxes_summing_to_15() {
    // Cage 15 in C4, C5: {6,9} or {7,8}, so 1-5 leave both. No digit is in both combinations:
    // nothing is placed.
    let (steps, end) = run(&[("C4 C5", 15)], &[]);
    assert_eq!(steps, ["C4 C5 | 6789 | C4-12345 C5-12345"]);
    assert_eq!(end, None);
}

#[test]
fn a_digit_every_combination_needs_goes_to_its_one_box() {
    // Cage 7 in A1, A2, A3: only {1,2,4}. A2 and A3 hold only 1 and 2, so A1 keeps 1, 2, 4
    // (the first step), and 4, which every combination needs, fits only A1 (the second).
    let (steps, end) = run(&[("A1 A2 A3", 7)], &[("A2 A3", "12")]);
    assert_eq!(
        steps,
        ["A1 A2 A3 | 124 | A1-356789", "A1 A2 A3 | 124 | A1-12"]
    );
    assert_eq!(end, None);
}

#[test]
fn combinations_that_do_not_fit_the_candidates_are_left_out() {
    // Cage 10 in E5, E6: {1,9}, {2,8}, {3,7}, {4,6}. E5 holds 4-8: {1,9} needs 1 or 9 there and
    // is out; {2,8} (E5 8), {3,7} (E5 7) and {4,6} fit. So 5 leaves E5, and 1, 5 and 9 leave E6.
    let (steps, end) = run(&[("E5 E6", 10)], &[("E5", "45678")]);
    assert_eq!(steps, ["E5 E6 | 234678 | E5-5 E6-159"]);
    assert_eq!(end, None);
}

#[test]
fn a_cage_no_combination_fits_is_a_contradiction() {
    // Cage 3 in A1, A2: only {1,2}, and A1 holds neither: every digit leaves both boxes.
    let (steps, end) = run(&[("A1 A2", 3)], &[("A1", "3456789")]);
    assert_eq!(steps, ["A1 A2 |  | A1-3456789 A2-123456789"]);
    assert_eq!(end.as_deref(), Some("A1 has no candidates left"));
}
