//! Generated puzzles, checked by means independent of the generator: exactly one solution and
//! minimality counted by the course's search (`count_solutions`, not the verdict engine the
//! generator asks), `needs` by solving again with `reduce_puzzle`, symmetry, and the same
//! puzzles for the same seed.

use solver_core::generate::{generate, puzzle_seed, GaveUp, GenerateOptions, Generated};
use solver_core::reduce::reduce_puzzle;
use solver_core::registry::position;
use solver_core::strategy::At;
use solver_core::trace::{NoTrace, StepCounts};
use solver_core::{
    count_solutions, rate, Count, Digits, Grid, Options, Rating, StrategySet, Topology, Variant,
};

fn options(variant: Variant) -> Options {
    Options {
        variant,
        ..Options::default()
    }
}

fn givens(g: &Grid) -> Vec<usize> {
    (0..81).filter(|&i| g.cells()[i].len() == 1).collect()
}

/// The puzzle with the givens of `boxes` taken away.
fn without(g: &Grid, boxes: &[usize]) -> Grid {
    let mut cells = *g.cells();
    for &i in boxes {
        cells[i] = Digits::ALL;
    }
    Grid::from_cells(cells)
}

/// One solution, `made.solution`, which the givens agree with; and no given (or, `symmetric`,
/// no symmetric pair of givens) can go without a second solution.
fn check_unique_and_minimal(made: &Generated, variant: Variant, symmetric: bool) {
    let opts = options(variant);
    let puzzle = &made.puzzle;
    assert_eq!(
        count_solutions(puzzle, &opts, 2),
        Count::Exactly(1),
        "{}",
        puzzle.to_line()
    );
    let topo = Topology::of(variant);
    made.solution.check_solves(puzzle, topo).unwrap();
    for i in givens(puzzle) {
        let gone: &[usize] = if symmetric { &[i, 80 - i] } else { &[i] };
        if symmetric && i > 40 {
            continue;
        }
        let fewer = without(puzzle, gone);
        assert_eq!(
            count_solutions(&fewer, &opts, 2),
            Count::AtLeast(2),
            "{} without {gone:?}",
            puzzle.to_line()
        );
    }
}

#[test]
fn puzzles_have_one_solution_and_are_minimal() {
    let opts = GenerateOptions::default();
    for i in 0..12 {
        let made = generate(1, i, &opts).unwrap();
        assert_eq!(made.tries, 1);
        check_unique_and_minimal(&made, Variant::Standard, false);
    }
}

#[test]
fn diagonal_puzzles_have_one_solution_and_are_minimal() {
    let opts = GenerateOptions {
        variant: Variant::Diagonal,
        ..GenerateOptions::default()
    };
    for i in 0..8 {
        let made = generate(2, i, &opts).unwrap();
        let topo = Topology::of(Variant::Diagonal);
        assert_eq!(made.solution.duplicate(topo), None);
        check_unique_and_minimal(&made, Variant::Diagonal, false);
    }
}

#[test]
fn symmetric_puzzles_are_symmetric_unique_and_pair_minimal() {
    for variant in [Variant::Standard, Variant::Diagonal] {
        let opts = GenerateOptions {
            variant,
            symmetric: true,
            ..GenerateOptions::default()
        };
        for i in 0..6 {
            let made = generate(3, i, &opts).unwrap();
            let cells = made.puzzle.cells();
            for b in 0..81 {
                assert_eq!(
                    cells[b].len() == 1,
                    cells[80 - b].len() == 1,
                    "{} at {b}",
                    made.puzzle.to_line()
                );
            }
            check_unique_and_minimal(&made, variant, true);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let opts = GenerateOptions::default();
    let a: Vec<String> = (0..5)
        .map(|i| generate(9, i, &opts).unwrap().puzzle.to_line())
        .collect();
    let b: Vec<String> = (0..5)
        .map(|i| generate(9, i, &opts).unwrap().puzzle.to_line())
        .collect();
    assert_eq!(a, b);
    // Each index its own puzzle, another seed other puzzles.
    let other: Vec<String> = (0..5)
        .map(|i| generate(10, i, &opts).unwrap().puzzle.to_line())
        .collect();
    for (k, p) in a.iter().enumerate() {
        assert!(!a[k + 1..].contains(p));
        assert!(!other.contains(p));
    }
    assert_ne!(puzzle_seed(9, 0), puzzle_seed(9, 1));
    assert_ne!(puzzle_seed(9, 0), puzzle_seed(10, 0));
}

/// Solved at the root by `reduce_puzzle` with `set`: the test's own reading of the rule.
fn solved_at_root(puzzle: &Grid, variant: Variant, set: StrategySet) -> bool {
    let mut g = *puzzle;
    let counts = &mut StepCounts::default();
    let topo = Topology::of(variant);
    reduce_puzzle(&mut g, topo, set, &mut NoTrace, At::default(), counts).is_ok() && g.is_complete()
}

#[test]
fn needs_holds_when_solved_again() {
    for (id, variant, n) in [
        ("only_choice", Variant::Standard, 3),
        ("pointing", Variant::Standard, 2),
        ("x_wing", Variant::Standard, 2),
        ("finned_x_wing", Variant::Standard, 2),
        ("naked_triples", Variant::Standard, 1),
        ("swordfish", Variant::Standard, 1),
        ("naked_twins", Variant::Diagonal, 2),
    ] {
        let p = position(id).unwrap();
        let opts = GenerateOptions {
            variant,
            needs: Some(p),
            ..GenerateOptions::default()
        };
        for i in 0..n {
            let made = generate(4, i, &opts).unwrap();
            let line = made.puzzle.to_line();
            let with = StrategySet::first(p as usize + 1);
            assert!(solved_at_root(&made.puzzle, variant, with), "{id}: {line}");
            assert!(
                !solved_at_root(&made.puzzle, variant, with.without(p)),
                "{id}: {line}"
            );
            check_unique_and_minimal(&made, variant, false);
        }
    }
}

#[test]
fn symmetric_puzzles_that_need_a_rung_are_pair_minimal() {
    let p = position("x_wing").unwrap();
    let opts = GenerateOptions {
        needs: Some(p),
        symmetric: true,
        ..GenerateOptions::default()
    };
    let made = generate(7, 0, &opts).unwrap();
    let with = StrategySet::first(p as usize + 1);
    assert!(solved_at_root(&made.puzzle, Variant::Standard, with));
    assert!(!solved_at_root(
        &made.puzzle,
        Variant::Standard,
        with.without(p)
    ));
    check_unique_and_minimal(&made, Variant::Standard, true);
}

#[test]
fn the_rating_filter_holds_and_the_rating_is_rates() {
    let opts = GenerateOptions {
        rating: Some((2.6, 3.0)),
        ..GenerateOptions::default()
    };
    let rate_opts = Options {
        strategies: StrategySet::ALL,
        ..Options::default()
    };
    for i in 0..3 {
        let made = generate(5, i, &opts).unwrap();
        let rating = rate(&made.puzzle, &rate_opts);
        assert_eq!(Some(&rating), made.rating.as_ref());
        match rating {
            Rating::Steps {
                hardest: Some(h), ..
            } => assert!((2.6..=3.0).contains(&h.score), "{}", h.score),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_filter_nothing_passes_gives_up_at_the_cap() {
    let opts = GenerateOptions {
        rating: Some((50.0, 60.0)),
        max_tries: 7,
        ..GenerateOptions::default()
    };
    assert_eq!(generate(6, 0, &opts), Err(GaveUp { tries: 7 }));
}
