//! The count of solutions in a solved trace's outcome (`solutions`: 1 unique, 2 two or more, 0
//! when the node cap cut the count short) is exactly what `count_solutions(grid, opts, 2)`
//! answers under the same options: over the puzzle sets in both variants, puzzles with givens
//! removed (many solutions), every strategy set, and node caps swept across the count's end.
//! `solve_traced` counts only under the guesses its search had not tried yet; this checks it
//! against the count from scratch.

use solver_core::*;

mod common;
use common::*;

/// What a solved trace's `solutions` must be: the count from scratch.
fn expected(grid: &Grid, opts: &Options) -> u32 {
    match count_solutions(grid, opts, 2) {
        Count::Exactly(n) | Count::AtLeast(n) => n,
        Count::Capped(_) => 0,
    }
}

/// Solves traced; when solved, checks `solutions` and returns it.
fn check(grid: &Grid, opts: &Options, what: &str) -> Option<u32> {
    let t = solve_traced(grid, opts);
    match t.outcome {
        Outcome::Solved { solutions, .. } => {
            assert_eq!(solutions, expected(grid, opts), "{what} {opts:?}");
            Some(solutions)
        }
        _ => None,
    }
}

fn options(variant: Variant, strategies: StrategySet, max_nodes: u64) -> Options {
    Options {
        variant,
        strategies,
        limits: Limits {
            max_nodes,
            max_steps: 1_000_000,
        },
    }
}

/// `line` with its first `k` givens blanked.
fn without_givens(line: &str, k: usize) -> String {
    let mut left = k;
    line.chars()
        .map(|c| {
            if c.is_ascii_digit() && c != '0' && left > 0 {
                left -= 1;
                '.'
            } else {
                c
            }
        })
        .collect()
}

/// Tallies of the counts seen, so that each test shows it covered what it claims.
#[derive(Default, Debug)]
struct Seen([usize; 3]);

impl Seen {
    fn add(&mut self, n: Option<u32>) {
        if let Some(n) = n {
            self.0[n as usize] += 1;
        }
    }
}

#[test]
fn the_puzzle_sets_in_both_variants() {
    let course = StrategySet::first(2);
    let mut seen = Seen::default();
    for (file, every) in [
        ("easy50.txt", 1),
        ("top95.txt", 1),
        ("hardest.txt", 1),
        ("magictour_top1465.txt", 1),
        ("17_clue_49158.txt", 50),
    ] {
        for (i, line) in puzzles(file).iter().enumerate().step_by(every) {
            for variant in [Variant::Standard, Variant::Diagonal] {
                let Ok(g) = parse(line, variant) else {
                    continue; // givens in conflict on a diagonal
                };
                let what = format!("{file} line {} {variant:?}", i + 1);
                seen.add(check(
                    &g,
                    &options(variant, StrategySet::COURSE, 10_000_000),
                    &what,
                ));
                if i % 10 == 0 {
                    seen.add(check(&g, &options(variant, course, 10_000_000), &what));
                }
            }
        }
    }
    // Every one is unique (in diagonal mode, those that have a solution at all).
    assert!(seen.0[1] > 3000, "{seen:?}");
}

#[test]
fn puzzles_with_givens_removed_have_many_solutions() {
    let mut seen = [Seen::default(), Seen::default()];
    for (i, line) in puzzles("top95.txt").iter().enumerate() {
        for k in [1, 3, 6, 10] {
            let text = without_givens(line, k);
            for variant in [Variant::Standard, Variant::Diagonal] {
                let Ok(g) = parse(&text, variant) else {
                    continue;
                };
                let what = format!("top95 line {} without {k} givens {variant:?}", i + 1);
                for s in every_strategy_set() {
                    // Without eliminate, search is slow: a small cap, which the counts meet.
                    let max_nodes = if has(s, "eliminate") { 200_000 } else { 3_000 };
                    if has(s, "eliminate") || i % 8 == 0 {
                        let n = check(&g, &options(variant, s, max_nodes), &what);
                        seen[(variant == Variant::Diagonal) as usize].add(n);
                    }
                }
            }
        }
    }
    // top95's puzzles are minimal: without a given, nearly all have several solutions.
    assert!(seen.iter().all(|s| s.0[2] > 100), "{seen:?}");
}

#[test]
fn node_caps_across_the_end_of_the_count() {
    let easy_solved =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    // Grids with several solutions (a solution with every fourth box blanked, the empty grid,
    // puzzles with two givens removed) and unique puzzles that need search.
    let blanked: String = easy_solved
        .chars()
        .enumerate()
        .map(|(i, c)| if i % 4 == 0 { '.' } else { c })
        .collect();
    let mut cases: Vec<String> = vec![
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".into(),
        ".".repeat(81),
        blanked,
    ];
    let top95 = puzzles("top95.txt");
    cases.extend([0, 5, 20, 41].iter().map(|&i| without_givens(&top95[i], 2)));
    cases.extend([3, 11].iter().map(|&i| top95[i].clone()));
    let mut seen = Seen::default();
    for text in &cases {
        for variant in [Variant::Standard, Variant::Diagonal] {
            let Ok(g) = parse(text, variant) else {
                continue;
            };
            for s in every_strategy_set()
                .into_iter()
                .filter(|s| has(*s, "eliminate"))
            {
                // From where the traced search is capped to past where the count stops being.
                let mut max_nodes = 1;
                let mut past_the_end = 0;
                while past_the_end < 3 && max_nodes < 20_000 {
                    let opts = options(variant, s, max_nodes);
                    let what = format!("{text} {variant:?} max_nodes {max_nodes}");
                    seen.add(check(&g, &opts, &what));
                    if !matches!(count_solutions(&g, &opts, 2), Count::Capped(_)) {
                        past_the_end += 1;
                    }
                    max_nodes += 1 + max_nodes / 64;
                }
            }
        }
    }
    assert!(seen.0.iter().all(|&n| n > 20), "{seen:?}");
}
