//! The killer rungs worked by hand: `cage_combinations` and `rule_of_45` on candidate grids
//! with cages, each alone, run by `reduce_puzzle` to its fixpoint. Each step is written
//! `boxes | digits | sum = combinations | changes` (a change `BOX-removed`), and the
//! contradiction that ends the run, if one does; and the captions the core writes for them. The
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
    run_alone("cage_combinations", cages, grid)
}

/// [`run`] with the strategy `id` alone; units are named as the trace names them.
fn run_alone(
    id: &str,
    cages: &[(&str, u16)],
    grid: &[(&str, &str)],
) -> (Vec<String>, Option<String>) {
    let (words, _, end) = run_captioned(id, cages, grid);
    (words, end)
}

/// [`run_alone`]'s steps' captions, as the CLI's trace and hint write them.
fn captions_alone(id: &str, cages: &[(&str, u16)], grid: &[(&str, &str)]) -> Vec<String> {
    run_captioned(id, cages, grid).1
}

/// [`run_alone`]: the steps in the table's words, their captions, the contradiction.
fn run_captioned(
    id: &str,
    cages: &[(&str, u16)],
    grid: &[(&str, &str)],
) -> (Vec<String>, Vec<String>, Option<String>) {
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
    let set = StrategySet::NONE.with(position(id).unwrap());
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
                let mut boxes: Vec<String> = evidence
                    .units()
                    .iter()
                    .map(|&u| topo.name(u).to_string())
                    .collect();
                boxes.extend(evidence.boxes().iter().map(|c| c.to_string()));
                let changed: Vec<String> = changes
                    [s.changes.start as usize..s.changes.end as usize]
                    .iter()
                    .map(|c| format!("{}-{}", c.cell, c.before.without(c.after)))
                    .collect();
                let combos: Vec<String> = evidence
                    .combinations()
                    .iter()
                    .map(|c| c.to_string())
                    .collect();
                Some(format!(
                    "{} | {} | {} = {} | {}",
                    boxes.join(" "),
                    evidence.digits(),
                    evidence.sum().unwrap_or(0),
                    combos.join(" "),
                    changed.join(" ")
                ))
            }
            _ => None,
        })
        .collect();
    let captions = steps
        .iter()
        .filter_map(|s| match &s.reason {
            Reason::Strategy { position, evidence } => {
                let changed: Vec<Cell> = changes[s.changes.start as usize..s.changes.end as usize]
                    .iter()
                    .map(|c| c.cell)
                    .collect();
                Some(solver_core::hint::caption_in(
                    *position,
                    evidence,
                    &changed,
                    &[],
                    &topo,
                ))
            }
            _ => None,
        })
        .collect();
    (words, captions, end)
}

#[test]
fn the_issue_s_example_two_boxes_summing_to_15() {
    // Cage 15 in C4, C5: {6,9} or {7,8}, so 1-5 leave both. No digit is in both combinations:
    // nothing is placed.
    let (steps, end) = run(&[("C4 C5", 15)], &[]);
    assert_eq!(steps, ["C4 C5 | 12345 | 15 = 69 78 | C4-12345 C5-12345"]);
    assert_eq!(end, None);
}

#[test]
fn a_digit_every_combination_needs_goes_to_its_one_box() {
    // Cage 7 in A1, A2, A3: only {1,2,4}. A2 and A3 hold only 1 and 2, so A1 keeps 1, 2, 4
    // (the first step), and 4, which every combination needs, fits only A1 (the second).
    let (steps, end) = run(&[("A1 A2 A3", 7)], &[("A2 A3", "12")]);
    assert_eq!(
        steps,
        [
            "A1 A2 A3 | 356789 | 7 = 124 | A1-356789",
            "A1 A2 A3 | 12 | 7 = 124 | A1-12"
        ]
    );
    assert_eq!(end, None);
}

#[test]
fn combinations_that_do_not_fit_the_candidates_are_left_out() {
    // Cage 10 in E5, E6: {1,9}, {2,8}, {3,7}, {4,6}. E5 holds 4-8: {1,9} needs 1 or 9 there and
    // is out; {2,8} (E5 8), {3,7} (E5 7) and {4,6} fit. So 5 leaves E5, and 1, 5 and 9 leave E6.
    let (steps, end) = run(&[("E5 E6", 10)], &[("E5", "45678")]);
    assert_eq!(steps, ["E5 E6 | 159 | 10 = 28 37 46 | E5-5 E6-159"]);
    assert_eq!(end, None);
}

#[test]
fn a_cage_no_combination_fits_is_a_contradiction() {
    // Cage 3 in A1, A2: only {1,2}, and A1 holds neither: every digit leaves both boxes.
    let (steps, end) = run(&[("A1 A2", 3)], &[("A1", "3456789")]);
    assert_eq!(
        steps,
        ["A1 A2 | 123456789 | 3 =  | A1-3456789 A2-123456789"]
    );
    assert_eq!(end.as_deref(), Some("A1 has no candidates left"));
}

#[test]
fn the_caption_names_the_sum_and_the_combinations() {
    // The issue's caption: "Cage 15 in C4, C5: {6,9} or {7,8}, so 1–5 leave both", filled from
    // the step's evidence alone.
    let cells = [at("C4"), at("C5")];
    let combos = [
        Digits::from_bits(0b1_0010_0000),
        Digits::from_bits(0b0_1100_0000),
    ];
    let evidence =
        trace::Evidence::new(&[], &cells, Digits::from_bits(0b1_1111)).with_sum(15, &combos);
    let position = position("cage_combinations").unwrap();
    assert_eq!(
        solver_core::hint::caption(position, &evidence, &cells, &[]),
        "Cage combinations: cage 15 in C4 and C5 is {6,9} or {7,8}, so 1, 2, 3, 4 and 5 leave \
         C4 and C5"
    );
}

#[test]
fn an_innie_is_what_the_cages_inside_a_row_leave_of_45() {
    // Row A is covered by cages 8 (A1-A3), 15 (A4 A5) and 15 (A6-A8) but for A9: A9 = 45 - 38
    // = 7. Then row A's outie: the cages touching row A, A9's cage with B9 (10) included, sum
    // to 48, so B9 = 48 - 45 = 3. Round two finds both solved: nothing left over.
    let cages = [
        ("A1 A2 A3", 8),
        ("A4 A5", 15),
        ("A6 A7 A8", 15),
        ("A9 B9", 10),
    ];
    let (steps, end) = run_alone("rule_of_45", &cages, &[]);
    assert_eq!(
        steps,
        [
            "row A A9 | 12345689 | 7 = 7 | A9-12345689",
            "row A B9 | 12456789 | 3 = 3 | B9-12456789"
        ]
    );
    assert_eq!(end, None);
}

#[test]
fn two_innies_keep_the_pairs_that_make_their_sum() {
    // Row A: cages 6 (A1-A3) and 30 (A4-A7) leave A8 and A9, which see each other, summing to
    // 45 - 36 = 9: {1,8}, {2,7}, {3,6} or {4,5}. A8 holds 1-4, so A9 keeps 5-8.
    let cages = [("A1 A2 A3", 6), ("A4 A5 A6 A7", 30)];
    let (steps, end) = run_alone("rule_of_45", &cages, &[("A8", "1234")]);
    assert_eq!(steps, ["row A A8 A9 | 12349 | 9 = 18 27 36 45 | A9-12349"]);
    assert_eq!(end, None);
}

#[test]
fn outies_of_a_square_sum_what_its_cages_make_beyond_45() {
    // Square A1-C3 is covered by cages 20 (A1 A2 A3 A4), 17 (B1 B2 B3) and 15 (C1 C2 C3 D1):
    // their boxes outside it, A4 and D1, sum to 52 - 45 = 7. They do not see each other (no
    // house in common), so 7 = 1+6, 2+5, 3+4 (either way round). 7, 8 and 9 leave both.
    let cages = [("A1 A2 A3 A4", 20), ("B1 B2 B3", 17), ("C1 C2 C3 D1", 15)];
    let (steps, _) = run_alone("rule_of_45", &cages, &[]);
    assert_eq!(
        steps[0],
        "square A1-C3 A4 D1 | 789 | 7 = 16 25 34 | A4-789 D1-789"
    );
}

#[test]
fn the_45_rule_caption_works_out_the_sum_of_innies() {
    // Rows A and B are cut into columns' dominoes (A1 B1, ..., A8 B8) summing to 80, from
    // the solution 534678912 / 672195348: what the two rows hold beyond them, A9 and B9, sums
    // to 2 × 45 - 80 = 10. No house alone leaves one or two boxes. A9 and B9 see each other
    // (column 9): {1,9}, {2,8}, {3,7} or {4,6}, so 5 leaves both.
    let cages = [
        ("A1 B1", 11),
        ("A2 B2", 10),
        ("A3 B3", 6),
        ("A4 B4", 7),
        ("A5 B5", 16),
        ("A6 B6", 13),
        ("A7 B7", 12),
        ("A8 B8", 5),
    ];
    let (steps, _) = run_alone("rule_of_45", &cages, &[]);
    assert_eq!(
        steps[0],
        "row A row B A9 B9 | 5 | 10 = 19 28 37 46 | A9-5 B9-5"
    );
    assert_eq!(
        captions_alone("rule_of_45", &cages, &[])[0],
        "45 rule: row A and row B hold 2 × 45 = 90; the cages inside them sum to 80, so the \
         innies A9 and B9 sum to 90 − 80 = 10 ({1,9}, {2,8}, {3,7} or {4,6}), so 5 leave A9 \
         and B9"
    );
}

#[test]
fn the_45_rule_caption_counts_a_solved_box_left_over() {
    // Row A: cages 6 (A1-A3) and 30 (A4-A7), and A8 solved as 4, leave A9 = 45 - 36 - 4 = 5.
    let cages = [("A1 A2 A3", 6), ("A4 A5 A6 A7", 30)];
    let grid = [("A8", "4")];
    let (steps, _) = run_alone("rule_of_45", &cages, &grid);
    assert_eq!(steps[0], "row A A9 | 12346789 | 5 = 5 | A9-12346789");
    assert_eq!(
        captions_alone("rule_of_45", &cages, &grid)[0],
        "45 rule: row A holds 45; the cages inside it sum to 36, so the innie A9 is 45 − 36 − 4 \
         (solved) = 5 ({5}), so 1, 2, 3, 4, 6, 7, 8 and 9 leave A9"
    );
}

#[test]
fn the_45_rule_caption_works_out_the_sum_of_outies() {
    // outies_of_a_square_sum_what_its_cages_make_beyond_45's square: its covering cages sum to
    // 20 + 17 + 15 = 52, so A4 and D1 sum to 52 - 45 = 7.
    let cages = [("A1 A2 A3 A4", 20), ("B1 B2 B3", 17), ("C1 C2 C3 D1", 15)];
    assert_eq!(
        captions_alone("rule_of_45", &cages, &[])[0],
        "45 rule: the cages covering square A1-C3 sum to 52 and square A1-C3 holds 45, so the \
         outies A4 and D1 sum to 52 − 45 = 7 ({1,6}, {2,5} or {3,4}), so 7, 8 and 9 leave A4 \
         and D1"
    );
}

/// A killer puzzle without givens: a solved standard grid cut into cages of two boxes along
/// its rows (the ninth column alone), each summing to the solution's digits.
fn domino_killer() -> Puzzle {
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let digit = |i: usize| u16::from(SOLUTION.as_bytes()[i] - b'0');
    let mut puzzle = Puzzle::classic([0; 81]);
    for r in 0..9 {
        for c in (0..9).step_by(2) {
            let cells: Vec<Cell> = (c..(c + 2).min(9))
                .map(|c| Cell((r * 9 + c) as u8))
                .collect();
            let sum = cells.iter().map(|x| digit(x.index())).sum();
            puzzle.constraints.push(Constraint::Cage {
                cells,
                sum: Some(sum),
            });
        }
    }
    puzzle
}

/// The JSON trace `propagate trace` writes for the puzzle with every strategy on.
fn killer_trace(puzzle: &Puzzle) -> (String, Trace) {
    let topo = puzzle.topology().unwrap();
    let grid = puzzle.grid(&topo).unwrap();
    let opts = Options {
        strategies: StrategySet::ALL,
        ..Options::default()
    };
    let mut trace = solve_traced_in(&grid, &topo, &opts);
    trace.puzzle = Some(Box::new(puzzle.clone()));
    (serde_json::to_string(&trace).unwrap(), trace)
}

#[test]
fn the_validator_derives_killer_steps_again_and_refuses_an_edited_cage_sum() {
    use solver_core::check::{check, CheckLimits};
    let puzzle = domino_killer();
    let (json, trace) = killer_trace(&puzzle);
    let killer = |id: &str| {
        trace.steps.iter().position(|s| {
            matches!(s.reason, Reason::Strategy { position: p, .. } if p == position(id).unwrap())
        })
    };
    let first = killer("cage_combinations").expect("a cage_combinations step");
    assert!(killer("rule_of_45").is_some(), "a 45 rule step");
    check(&json, &CheckLimits::default()).expect("the solver's own killer trace checks");

    // The first cage_combinations step's cage, its sum changed in the trace's puzzle to another
    // sum two different digits make.
    let Reason::Strategy { evidence, .. } = &trace.steps[first].reason else {
        unreachable!()
    };
    let sum = evidence.sum().unwrap();
    let other = if sum == 17 { 16 } else { sum + 1 };
    let cells: Vec<String> = evidence
        .boxes()
        .iter()
        .map(|c| format!("\"{c}\""))
        .collect();
    let was = format!("\"boxes\":[{}],\"sum\":{sum}", cells.join(","));
    assert_eq!(json.matches(&was).count(), 1, "{was} once in the puzzle");
    let edited = json.replace(
        &was,
        &format!("\"boxes\":[{}],\"sum\":{other}", cells.join(",")),
    );
    let err = check(&edited, &CheckLimits::default()).unwrap_err();
    let step = err.step.expect("refused at a step");
    assert!(
        step <= first,
        "refused at step {step}, after {first}: {err}"
    );
    let Reason::Strategy { position: p, .. } = trace.steps[step].reason else {
        panic!("refused at a step of no strategy: {err}")
    };
    let id = solver_core::registry::info(p).id;
    assert!(
        id == "cage_combinations" || id == "rule_of_45",
        "refused at a {id} step: {err}"
    );
    if step == first {
        assert_eq!(err.field.as_deref(), Some("sum"), "{err}");
        assert!(
            err.to_string().contains(&format!("sums to {other}")),
            "{err}"
        );
    }
}

#[test]
fn the_validator_refuses_a_45_rule_step_whose_cage_total_was_edited() {
    use solver_core::check::{check, CheckLimits};
    let (json, _) = killer_trace(&domino_killer());
    let at = json
        .find("\"cage_total\":")
        .expect("a 45 rule step's cage total");
    let start = at + "\"cage_total\":".len();
    let end = start + json[start..].find(',').unwrap();
    let total: u16 = json[start..end].parse().unwrap();
    let edited = format!("{}{}{}", &json[..start], total + 1, &json[end..]);
    let err = check(&edited, &CheckLimits::default()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("cage_total"), "{err}");
    assert!(
        err.to_string().contains(&format!("is {}", total + 1)),
        "{err}"
    );
    let dropped = json.replacen(&format!(",\"cage_total\":{total}"), "", 1);
    let err = check(&dropped, &CheckLimits::default()).unwrap_err();
    assert_eq!(
        err.field.as_deref(),
        Some("cage_total"),
        "a side without its total: {err}"
    );
    assert!(err.to_string().contains("missing"), "{err}");
}
