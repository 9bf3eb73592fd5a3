//! Untraced solving (`solve`, `count_solutions`, the strategies with the `NoTrace` sink) against
//! the traced (`solve_traced`, with a `Recorder`): same verdict, same solution, same search tree
//! (nodes, guesses, backtracks, depth) and step counts for every puzzle set, both variants and
//! every combination of strategies; and solution counts against a count written out here.

use proptest::prelude::*;
use solver_core::strategy::At;
use solver_core::trace::{NoTrace, StepCounts};
use solver_core::*;

mod common;
use common::*;

const DIAGONAL_EXAMPLE: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";

fn lines(name: &str, take: usize) -> Vec<String> {
    let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(take)
        .map(String::from)
        .collect()
}

/// The sets of the brief: all of top95, hardest and easy50, a slice of the two big ones.
fn puzzle_sets() -> Vec<String> {
    let mut v = lines("top95.txt", usize::MAX);
    v.extend(lines("hardest.txt", usize::MAX));
    v.extend(lines("easy50.txt", usize::MAX));
    v.extend(lines("magictour_top1465.txt", 300));
    v.extend(lines("17_clue_49158.txt", 300));
    v
}

/// Reads a line as a standard grid, so that givens which clash on a diagonal still load: solved
/// in diagonal mode they are contradictions, a good test of those.
fn grid(line: &str) -> Grid {
    parse(line, Variant::Standard).unwrap()
}

fn opts(variant: Variant, strategies: StrategySet, max_nodes: u64) -> Options {
    Options {
        variant,
        strategies,
        limits: Limits {
            max_nodes,
            max_steps: usize::MAX,
        },
    }
}

/// `solve` and `solve_traced` agree on everything, step counts included.
fn check_agree(g: &Grid, o: &Options, what: &str) {
    let untraced = solve(g, o);
    let traced = solve_traced(g, o);
    let ctx = || format!("{what} {:?} {:?}\n{}", o.variant, o.strategies, g.to_line());
    match (&untraced.found, &traced.outcome) {
        (Found::Solution(s), Outcome::Solved { solution, .. }) => {
            assert_eq!(&s.to_line(), solution, "{}", ctx());
            assert!(s.is_complete(), "{}", ctx());
        }
        (Found::None(a), Outcome::NoSolution { contradiction: b }) => {
            assert_eq!(a, b, "{}", ctx())
        }
        (Found::Capped(a), Outcome::Capped { limit: b, .. }) => assert_eq!(a, b, "{}", ctx()),
        (a, b) => panic!("verdicts differ: untraced {a:?}, traced {b:?}: {}", ctx()),
    }
    assert_eq!(untraced.stats, traced.stats, "{}", ctx());
}

/// Counts solutions up to `max` with the traced code's `reduce_puzzle` and the course's search
/// rule, written out here independently of the crate's searchers. Also returns the nodes.
fn reference_count(g: &Grid, o: &Options, max: u32) -> (Count, u64) {
    struct R<'a> {
        o: &'a Options,
        topo: &'static Topology,
        nodes: u64,
        found: u32,
        max: u32,
        capped: bool,
    }
    impl R<'_> {
        /// True to stop the whole search.
        fn visit(&mut self, mut g: Grid) -> bool {
            self.nodes += 1;
            let mut counts = StepCounts::default();
            let reduced = reduce_puzzle(
                &mut g,
                self.topo,
                self.o.strategies,
                &mut NoTrace,
                At::default(),
                &mut counts,
            );
            if reduced.is_err() {
                return false;
            }
            let unsolved = Cell::all().filter(|&c| g.get(c).len() > 1);
            let Some(cell) = unsolved.min_by_key(|&c| (g.get(c).len(), c)) else {
                self.found += 1;
                return self.found >= self.max;
            };
            for d in g.get(cell).iter() {
                if self.nodes >= self.o.limits.max_nodes {
                    self.capped = true;
                    return true;
                }
                let mut child = g;
                child.set(cell, Digits::single(d), &mut NoTrace);
                if self.visit(child) {
                    return true;
                }
            }
            false
        }
    }
    let mut r = R {
        o,
        topo: Topology::of(o.variant),
        nodes: 0,
        found: 0,
        max: max.max(1),
        capped: false,
    };
    r.visit(*g);
    let count = if r.capped {
        Count::Capped(r.found)
    } else if r.found >= max {
        Count::AtLeast(r.found)
    } else {
        Count::Exactly(r.found)
    };
    (count, r.nodes)
}

fn check_count(g: &Grid, o: &Options, what: &str) {
    let first = solve(g, o).found;
    for max in [1, 2, 3] {
        let (want, _) = reference_count(g, o, max);
        let ctx = || {
            format!(
                "{what} max {max} {:?} {:?}\n{}",
                o.variant,
                o.strategies,
                g.to_line()
            )
        };
        assert_eq!(count_solutions(g, o, max), want, "{}", ctx());
        // One search for both: `solve`'s verdict and `count_solutions`' count.
        assert_eq!(
            solve_and_count(g, o, max),
            (first.clone(), want),
            "{}",
            ctx()
        );
    }
}

const EO: StrategySet = StrategySet::first(2);

/// Eliminate and only choice, with or without naked twins, under the course's rules and with
/// the `no_place` rung (the full fixpoint).
fn only_choice_sets() -> [StrategySet; 4] {
    let no_place = solver_core::registry::position("no_place").unwrap();
    [
        EO,
        StrategySet::COURSE,
        EO.with(no_place),
        StrategySet::COURSE.with(no_place),
    ]
}

/// With eliminate and only choice (the sets solve quickly), every puzzle, both variants.
#[test]
fn puzzle_sets_agree_with_only_choice() {
    for line in puzzle_sets() {
        let g = grid(&line);
        for variant in [Variant::Standard, Variant::Diagonal] {
            for s in only_choice_sets() {
                let o = opts(variant, s, Limits::default().max_nodes);
                check_agree(&g, &o, &line);
            }
        }
    }
}

/// Without only choice, search grows large on hard puzzles: a node cap keeps it short, and
/// checks that both paths stop at the same node.
#[test]
fn puzzle_sets_agree_without_only_choice() {
    for line in puzzle_sets() {
        let g = grid(&line);
        for variant in [Variant::Standard, Variant::Diagonal] {
            for s in every_strategy_set()
                .into_iter()
                .filter(|s| !has(*s, "only_choice"))
            {
                check_agree(&g, &opts(variant, s, 300), &line);
            }
            let only_choice = StrategySet::parse_list("only_choice").unwrap();
            check_agree(&g, &opts(variant, only_choice, 100), &line);
        }
    }
}

/// Counting up to 1, 2 and 3 solutions, against the reference count.
#[test]
fn puzzle_sets_count_like_the_traced_reduce() {
    for line in puzzle_sets().iter().step_by(4) {
        let g = grid(line);
        for variant in [Variant::Standard, Variant::Diagonal] {
            for s in only_choice_sets() {
                check_count(&g, &opts(variant, s, 2_000_000), line);
            }
            check_count(&g, &opts(variant, StrategySet::NONE, 200), line);
        }
    }
}

/// A few-blank puzzle: `solution` with the boxes at `blanks` emptied.
fn blanked(solution: &str, blanks: impl IntoIterator<Item = usize>) -> String {
    let mut b = solution.as_bytes().to_vec();
    for i in blanks {
        b[i] = b'.';
    }
    String::from_utf8(b).unwrap()
}

/// Pure search and every other combination, in full, on puzzles with few blanks: the solutions
/// of easy50 with 4 to 14 boxes emptied (a fixed spread), and seed 003's 4227-node example.
#[test]
fn few_blanks_agree_for_every_strategy_set() {
    let solutions: Vec<String> = lines("easy50.txt", 12)
        .iter()
        .map(|l| match solve(&grid(l), &Options::default()).found {
            Found::Solution(g) => g.to_line(),
            other => panic!("{other:?}"),
        })
        .collect();
    for (n, solution) in solutions.iter().enumerate() {
        for k in [4, 8, 14] {
            let line = blanked(solution, (0..k).map(|i| (n * 7 + i * 29) % 81));
            let g = grid(&line);
            for variant in [Variant::Standard, Variant::Diagonal] {
                for s in every_strategy_set() {
                    let o = opts(variant, s, 20_000);
                    check_agree(&g, &o, &line);
                    check_count(&g, &o, &line);
                }
            }
        }
    }
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let seed_003 = blanked(solution, [6, 16, 41, 80]);
    let o = opts(Variant::Standard, StrategySet::NONE, 2_000_000);
    check_agree(&grid(&seed_003), &o, "seed 003");
    assert_eq!(solve(&grid(&seed_003), &o).stats.nodes, 4227);
}

/// A diagonal solution, from the course's diagonal example.
fn diagonal_solution() -> String {
    let o = Options {
        variant: Variant::Diagonal,
        ..Options::default()
    };
    match solve(&parse(DIAGONAL_EXAMPLE, Variant::Diagonal).unwrap(), &o).found {
        Found::Solution(g) => g.to_line(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn diagonal_example_agrees() {
    let g = parse(DIAGONAL_EXAMPLE, Variant::Diagonal).unwrap();
    for s in every_strategy_set()
        .into_iter()
        .filter(|s| has(*s, "only_choice"))
    {
        // Only choice without eliminate is capped here, at about 3 steps a node: 200,000
        // nodes keep its trace under `Limits::MAX_STEPS`, so both solves stop at the node cap.
        let o = opts(Variant::Diagonal, s, 200_000);
        check_agree(&g, &o, "diagonal example");
        check_count(&g, &o, "diagonal example");
    }
    for s in every_strategy_set()
        .into_iter()
        .filter(|s| !has(*s, "only_choice"))
    {
        check_agree(&g, &opts(Variant::Diagonal, s, 2_000), "diagonal example");
    }
}

/// A grid that starts with an empty box, or with candidates beyond givens, takes the same path.
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
        for s in every_strategy_set() {
            let o = opts(variant, s, 3_000);
            check_agree(&narrowed, &o, "narrowed");
            check_agree(&emptied, &o, "emptied");
        }
    }
}

/// A known solution of each variant, as digits.
fn solution_of(variant: Variant) -> Vec<u8> {
    let line = match variant {
        Variant::Standard => {
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
                .to_string()
        }
        Variant::Diagonal => diagonal_solution(),
    };
    line.bytes().map(|b| b - b'0').collect()
}

fn variant_strategy() -> impl Strategy<Value = (Variant, StrategySet)> {
    (any::<bool>(), 0u8..16).prop_map(|(diag, b)| {
        let variant = if diag {
            Variant::Diagonal
        } else {
            Variant::Standard
        };
        let s = course_set(b);
        (variant, s)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random subsets of a solution's boxes kept (so some puzzles have many solutions), with
    /// digits relabelled, and sometimes wrong givens added (so some have none).
    #[test]
    fn random_grids_agree(
        (variant, s) in variant_strategy(),
        keep in proptest::collection::vec(any::<bool>(), 81),
        relabel in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        wrong in proptest::collection::vec((0usize..81, 1u8..=9), 0..3),
        density in 0u8..4,
    ) {
        let solution = solution_of(variant);
        let mut cells = [Digits::ALL; 81];
        for i in 0..81 {
            // Keep about 3/4, 1/2 (and twice out of four, all flagged) of the boxes.
            if keep[i] || (density >= 2 && (i * 7 + density as usize) % 3 != 0) {
                cells[i] = Digits::single(relabel[solution[i] as usize - 1]);
            }
        }
        for (i, d) in wrong {
            cells[i] = Digits::single(d);
        }
        let g = Grid::from_cells(cells);
        let o = opts(variant, s, 2_000);
        check_agree(&g, &o, "random");
        check_count(&g, &o, "random");
    }
}
