//! The strategies, one row each in `table.rs` (every registry strategy, in ladder order), and
//! what the table drives:
//! - each row's hand-worked cases, in both variants, every step also checked against its
//!   evidence (`evidence.rs`, by the row's shape);
//! - the planted-solution property: on random candidate grids around a planted solution, no
//!   strategy, alone or with the whole ladder, removes a digit of the solution or meets a
//!   contradiction, and every step is what its evidence says;
//! - that every strategy that makes steps makes them on planted grids (the property is not
//!   vacuous);
//! - and the whole ladder on the puzzle sets, against the course's strategies.
//!
//! solver-wasm's packed tests take their technique cases from the same table. A new technique
//! costs one row (and a shape in `evidence.rs` if its evidence has a new one).

#[path = "../common/mod.rs"]
mod common;
mod evidence;
mod table;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use solver_core::strategy::At;
use solver_core::trace::{Reason, Recorder, StepCounts};
use solver_core::*;
use table::{Row, Shape, TABLE};

// ---- running a strategy --------------------------------------------------------------------

/// The table's row of the strategy at this registry position.
fn row_of(position: trace::Position) -> &'static Row {
    let id = registry::info(position).id;
    TABLE
        .iter()
        .find(|r| r.id == id)
        .unwrap_or_else(|| panic!("no row for {id} in tests/techniques/table.rs"))
}

/// The set of one strategy.
fn only(id: &str) -> StrategySet {
    StrategySet::NONE.with(registry::position(id).expect("a registry id"))
}

/// What `reduce_puzzle` did: each strategy step as `id | units | boxes | digits | changes`, and
/// the contradiction that stopped it.
#[derive(Debug, PartialEq)]
struct Run {
    steps: Vec<String>,
    end: Option<Contradiction>,
}

/// `reduce_puzzle` with `set` on `cells`, traced, every step checked against its evidence by
/// its row's shape; with a planted `solution`, also that no change removes the solution's
/// digit.
fn run(
    cells: &[Digits; 81],
    variant: Variant,
    set: StrategySet,
    solution: Option<&[u8; 81]>,
) -> Result<Run, TestCaseError> {
    let topo = Topology::of(variant);
    let mut g = Grid::from_cells(*cells);
    let mut rec = Recorder::new(100_000);
    // As a solve does: whether the grid has one solution, asked of the verdict engine when a
    // uniqueness strategy is on.
    let root = At::root(&g, variant, set, 1_000_000);
    let end = reduce_puzzle(
        &mut g,
        topo,
        set,
        &mut rec,
        root,
        &mut StepCounts::default(),
    );
    let recorded = rec.finish_all();
    let (steps, changes) = (&recorded.steps, &recorded.changes);
    // Each step's chain, by step index.
    let chain_of = |k: usize| {
        recorded
            .chains
            .iter()
            .find(|c| c.step as usize == k)
            .map(|c| &recorded.chain_nodes[c.nodes.start as usize..c.nodes.end as usize])
    };
    let mut state = *cells;
    let mut lines = Vec::new();
    for (k, s) in steps.iter().enumerate() {
        let changes = &changes[s.changes.start as usize..s.changes.end as usize];
        match s.reason {
            Reason::Stop { .. } => {
                prop_assert!(!g.is_complete(), "a stop on a finished grid");
            }
            Reason::Strategy { position, evidence } => {
                let row = row_of(position);
                let seen = evidence::Seen {
                    id: row.id,
                    units: evidence.units(),
                    boxes: evidence.boxes(),
                    digits: evidence.digits(),
                    changes,
                    state: &state,
                    chain: chain_of(k),
                    sum: evidence.sum(),
                    combinations: evidence.combinations(),
                };
                evidence::check(row.shape, &seen, topo)?;
                // A forcing step's branches, as the trace validator checks them.
                if let Some(f) = recorded.forcing.iter().find(|f| f.step as usize == k) {
                    prop_assert_eq!(changes.len(), 1, "{} changes one box", row.id);
                    let change = (changes[0].cell, changes[0].after);
                    if let Err((field, why)) = check::check_forcing(topo, &state, f, change) {
                        prop_assert!(false, "{}: {}: {}", row.id, field, why);
                    }
                }
                if let Some(solution) = solution {
                    for c in changes {
                        let d = solution[c.cell.index()];
                        prop_assert!(
                            c.after.contains(d),
                            "{} removed {} from {}",
                            row.id,
                            d,
                            c.cell
                        );
                    }
                }
                let units: Vec<&str> = evidence.units().iter().map(|u| u.name()).collect();
                let boxes: Vec<String> = evidence.boxes().iter().map(|b| b.to_string()).collect();
                let changed: Vec<String> = changes
                    .iter()
                    .map(|c| format!("{}-{}", c.cell, c.before.without(c.after)))
                    .collect();
                let mut line = format!(
                    "{} | {} | {} | {} | {}",
                    row.id,
                    units.join(", "),
                    boxes.join(" "),
                    evidence.digits(),
                    changed.join(" ")
                );
                if let Some(chain) = chain_of(k) {
                    line.push_str(" | ");
                    line.push_str(&table::chain_text(
                        chain
                            .iter()
                            .map(|n| (node_boxes(n), n.digit, n.next.map(|l| l.name()))),
                    ));
                }
                lines.push(line);
            }
            ref other => prop_assert!(false, "reduce_puzzle made a search step: {:?}", other),
        }
        for c in changes {
            state[c.cell.index()] = c.after;
        }
    }
    prop_assert_eq!(&state, g.cells());
    Ok(Run {
        steps: lines,
        end: end.err(),
    })
}

// ---- the table -------------------------------------------------------------------------------

/// A new strategy in the registry without a row fails here.
#[test]
fn the_table_has_a_row_for_every_registry_strategy() {
    let rows: Vec<&str> = TABLE.iter().map(|r| r.id).collect();
    let registry: Vec<&str> = REGISTRY.iter().map(|s| s.id).collect();
    assert_eq!(
        rows, registry,
        "one row per registry strategy, in ladder order, in tests/techniques/table.rs"
    );
    for row in TABLE {
        // A killer rung steps only where there are cages: its cases are tests/killer.rs's.
        if matches!(row.shape, Shape::CageCombinations | Shape::RuleOf45) {
            continue;
        }
        if row.shape == Shape::NoStep {
            assert!(
                row.cases.iter().any(|c| c.end.is_some()),
                "{}: a case with its contradiction",
                row.id
            );
            continue;
        }
        // The packed cases (solver-wasm) take each strategy's step in each variant from these.
        for diagonal in [false, true] {
            assert!(
                row.cases
                    .iter()
                    .any(|c| c.end.is_none() && !c.steps(diagonal).is_empty()),
                "{}: a case with steps and no contradiction in {} Sudoku",
                row.id,
                if diagonal { "diagonal" } else { "standard" }
            );
        }
    }
}

/// Every row's hand-worked cases, each alone with its strategy in both variants: the steps and
/// the contradiction the table gives, every step what its evidence says. All failures are
/// reported together.
#[test]
fn every_case_of_the_table() {
    let mut failures = Vec::new();
    let mut runs = 0;
    for row in TABLE {
        for case in row.cases {
            for variant in [Variant::Standard, Variant::Diagonal] {
                runs += 1;
                let diagonal = variant == Variant::Diagonal;
                let grid = parse(&case.text(), variant).unwrap();
                let want = (case.steps(diagonal).to_vec(), case.end.map(str::to_string));
                let what = format!("{} / {} ({variant:?})", row.id, case.name);
                match run(grid.cells(), variant, only(row.id), None) {
                    Err(e) => failures.push(format!("{what}: {e}")),
                    Ok(r) => {
                        let got = (r.steps, r.end.map(|c| c.to_string()));
                        if got.0 != want.0 || got.1 != want.1 {
                            failures.push(format!("{what}:\n got  {got:#?}\n want {want:#?}"));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(runs >= 2 * TABLE.len());
}

// ---- a planted solution ----------------------------------------------------------------------

/// The easy grid's solution (seed 002) and the diagonal example's solution (seed 001).
const STANDARD_BASE: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const DIAGONAL_BASE: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle()
}

/// A move that keeps a grid of the variant valid: a relabelling of the digits (`d` becomes
/// `relabel[d - 1] + 1`) and where each box's content comes from (standard: rows within bands, bands,
/// columns within stacks, stacks, transposition; diagonal: transposition and turning upside
/// down, which keep the diagonals' set).
fn symmetry(variant: Variant) -> BoxedStrategy<(Vec<usize>, [usize; 81])> {
    match variant {
        Variant::Standard => (
            permutation(9),
            prop::array::uniform3(permutation(3)),
            permutation(3),
            prop::array::uniform3(permutation(3)),
            permutation(3),
            any::<bool>(),
        )
            .prop_map(|(relabel, rows, bands, cols, stacks, transpose)| {
                let row = |r: usize| bands[r / 3] * 3 + rows[r / 3][r % 3];
                let col = |c: usize| stacks[c / 3] * 3 + cols[c / 3][c % 3];
                let from = std::array::from_fn(|i| {
                    let (r, c) = if transpose {
                        (i % 9, i / 9)
                    } else {
                        (i / 9, i % 9)
                    };
                    row(r) * 9 + col(c)
                });
                (relabel, from)
            })
            .boxed(),
        Variant::Diagonal => (permutation(9), any::<bool>(), any::<bool>())
            .prop_map(|(relabel, flip, transpose)| {
                let from = std::array::from_fn(|i| {
                    let (mut r, c) = if transpose {
                        (i % 9, i / 9)
                    } else {
                        (i / 9, i % 9)
                    };
                    if flip {
                        r = 8 - r;
                    }
                    r * 9 + c
                });
                (relabel, from)
            })
            .boxed(),
    }
}

/// A solved grid of the variant: the base moved by a [`symmetry`].
fn solution(variant: Variant) -> BoxedStrategy<[u8; 81]> {
    let base = match variant {
        Variant::Standard => STANDARD_BASE,
        Variant::Diagonal => DIAGONAL_BASE,
    };
    let b: [u8; 81] = std::array::from_fn(|i| base.as_bytes()[i] - b'0');
    symmetry(variant)
        .prop_map(move |(relabel, from)| {
            std::array::from_fn(|i| relabel[b[from[i]] as usize - 1] as u8 + 1)
        })
        .boxed()
}

/// The solution of the `bug_plus_one` row's first case (a generated diagonal puzzle, seed 7).
const GRAVE_SOLUTION: &str =
    "946581723852743916137692854529316487783425169614978235295134678371869542468257391";

/// A row's first case, a grid around `solution` (81 digits) holding the row's pattern with one
/// solution, moved by a [`symmetry`] of the variant, and now and then a box holding one digit
/// more (which most often spoils the pattern): grids holding the patterns the uniqueness
/// strategies look for, around their planted solution.
fn moved(
    id: &'static str,
    solution: &'static str,
    variant: Variant,
) -> impl Strategy<Value = ([u8; 81], [Digits; 81])> {
    let row = TABLE.iter().find(|r| r.id == id).unwrap();
    let grid = parse(&row.cases[0].text(), Variant::Diagonal).unwrap();
    let cells = *grid.cells();
    let s: [u8; 81] = std::array::from_fn(|i| solution.as_bytes()[i] - b'0');
    let extra = prop_oneof![30 => Just(0u16), 1 => (0u16..9).prop_map(|d| 1 << d)];
    (symmetry(variant), prop::collection::vec(extra, 81)).prop_map(
        move |((relabel, from), extra)| {
            let digit = |d: u8| relabel[d as usize - 1] as u8 + 1;
            let solution: [u8; 81] = std::array::from_fn(|i| digit(s[from[i]]));
            let cells = std::array::from_fn(|i| {
                cells[from[i]]
                    .iter()
                    .fold(Digits::from_bits(extra[i]), |m, d| m.with(digit(d)))
            });
            (solution, cells)
        },
    )
}

/// The `bug_plus_one` row's first case (a grave and one box more), [`moved`].
fn graves(variant: Variant) -> impl Strategy<Value = ([u8; 81], [Digits; 81])> {
    moved("bug_plus_one", GRAVE_SOLUTION, variant)
}

/// The `unique_rectangles_type3` row's first case (a rectangle whose roofs make a naked pair
/// with a box of their square), [`moved`].
fn rectangle_subsets(variant: Variant) -> impl Strategy<Value = ([u8; 81], [Digits; 81])> {
    moved("unique_rectangles_type3", DIAGONAL_BASE, variant)
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

/// A planted solution solved but for one to three rectangles opened (the four corners of rows
/// `r1`, `r2` and columns `c1`, `c2` given the digits of `r1`'s two corners besides their own)
/// and now and then a box holding one digit more: grids that often have one solution and hold
/// the patterns the uniqueness strategies look for (which act only on such grids).
fn opened(variant: Variant) -> impl Strategy<Value = ([u8; 81], [Digits; 81])> {
    let extra = prop_oneof![12 => Just(0u16), 1 => (0u16..9).prop_map(|d| 1 << d)];
    let corner = 0usize..9;
    (
        solution(variant),
        prop::collection::vec(
            (corner.clone(), corner.clone(), corner.clone(), corner),
            1..4,
        ),
        prop::collection::vec(extra, 81),
    )
        .prop_map(|(s, rectangles, extra)| {
            let mut cells: [Digits; 81] =
                std::array::from_fn(|i| Digits::from_bits(extra[i]).with(s[i]));
            for (r1, r2, c1, c2) in rectangles {
                let pair = Digits::single(s[r1 * 9 + c1]).with(s[r1 * 9 + c2]);
                for i in [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2] {
                    cells[i] = Digits::from_bits(cells[i].bits() | pair.bits());
                }
            }
            (s, cells)
        })
}

fn is_diagonal(s: &[u8; 81]) -> bool {
    let main: u16 = (0..9).map(|i| 1u16 << s[i * 9 + i]).fold(0, |a, b| a | b);
    let anti: u16 = (0..9)
        .map(|i| 1u16 << s[i * 9 + 8 - i])
        .fold(0, |a, b| a | b);
    main == 0x3fe && anti == 0x3fe
}

/// Each row's strategy alone, then the whole ladder, on a grid holding a planted solution:
/// no contradiction, no digit of the solution removed, every step what its evidence says.
fn keeps_the_solution(
    variant: Variant,
    solution: &[u8; 81],
    cells: &[Digits; 81],
) -> Result<(), TestCaseError> {
    let sets = TABLE.iter().map(|r| only(r.id)).chain([StrategySet::ALL]);
    for set in sets {
        let r = run(cells, variant, set, Some(solution))?;
        prop_assert!(
            r.end.is_none(),
            "{:?} with {:?} on a grid with a solution",
            r.end,
            set.names()
        );
    }
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
    #![proptest_config(config(300))]

    /// No strategy, alone or with the whole ladder, removes a digit of a planted solution, and
    /// every step is what its evidence says.
    #[test]
    fn no_strategy_removes_a_planted_digit(
        (solution, cells) in prop_oneof![
            planted(Variant::Standard),
            planted(Variant::Diagonal),
            opened(Variant::Standard),
            opened(Variant::Diagonal),
            graves(Variant::Standard),
            graves(Variant::Diagonal),
        ],
        diagonal in any::<bool>(),
    ) {
        // A diagonal solution is a standard one too; a standard one is diagonal only by chance.
        let variant = if diagonal && is_diagonal(&solution) { Variant::Diagonal } else { Variant::Standard };
        keeps_the_solution(variant, &solution, &cells)?;
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// The chain strategies alone, on thousands more planted grids than the whole table's
    /// property draws: a chain's links and eliminations are the easiest to get subtly wrong.
    #[test]
    fn no_chain_removes_a_planted_digit(
        (solution, cells) in prop_oneof![planted(Variant::Standard), planted(Variant::Diagonal)],
        diagonal in any::<bool>(),
    ) {
        let variant = if diagonal && is_diagonal(&solution) { Variant::Diagonal } else { Variant::Standard };
        for row in TABLE
            .iter()
            .filter(|r| {
                matches!(
                    r.shape,
                    Shape::Chain { .. } | Shape::AlsChain { .. } | Shape::Medusa
                )
            })
        {
            let r = run(&cells, variant, only(row.id), Some(&solution))?;
            prop_assert!(r.end.is_none(), "{:?} with {} on a grid with a solution", r.end, row.id);
        }
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// The uniqueness strategies alone, on thousands of planted grids holding their patterns
    /// (rectangles opened, graves moved), most with one solution: the verdict engine asked
    /// once per grid, as a solve asks it.
    #[test]
    fn no_uniqueness_strategy_removes_a_planted_digit(
        (solution, cells) in prop_oneof![
            opened(Variant::Standard),
            opened(Variant::Diagonal),
            graves(Variant::Standard),
            graves(Variant::Diagonal),
            rectangle_subsets(Variant::Standard),
            rectangle_subsets(Variant::Diagonal),
        ],
        diagonal in any::<bool>(),
    ) {
        let variant = if diagonal && is_diagonal(&solution) { Variant::Diagonal } else { Variant::Standard };
        for row in TABLE.iter().filter(|r| StrategySet::UNIQUENESS.contains(registry::position(r.id).unwrap())) {
            let r = run(&cells, variant, only(row.id), Some(&solution))?;
            prop_assert!(r.end.is_none(), "{:?} with {} on a grid with a solution", r.end, row.id);
        }
    }
}

/// The standard base relabelled (1..9 as 8 1 4 6 7 5 3 2 9), solved but for A5, I8 and I9,
/// which hold a few digits more: a planted grid the generator above seldom makes, checked on
/// every run.
#[test]
fn a_planted_grid_solved_but_for_three_boxes() {
    let relabel = [8u8, 1, 4, 6, 7, 5, 3, 2, 9];
    let solution: [u8; 81] =
        std::array::from_fn(|i| relabel[usize::from(STANDARD_BASE.as_bytes()[i] - b'1')]);
    let mut cells = solution.map(Digits::single);
    for (i, extra) in [(4, 5424u16), (79, 550), (80, 11248)] {
        cells[i] = Digits::from_bits(extra & 0x1ff).with(solution[i]);
    }
    keeps_the_solution(Variant::Standard, &solution, &cells).unwrap();
}

/// The property above is not vacuous: over planted grids drawn from a fixed seed, every
/// strategy that makes steps makes some on its own.
#[test]
fn every_strategy_steps_on_planted_grids() {
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    // The killer rung steps on killer grids only (tests/killer.rs, tests/variants.rs).
    let classic = |r: &&Row| {
        !matches!(
            r.shape,
            Shape::NoStep | Shape::CageCombinations | Shape::RuleOf45
        )
    };
    for row in TABLE.iter().filter(classic) {
        let mut runner = TestRunner::new_with_rng(
            Config::default(),
            TestRng::deterministic_rng(RngAlgorithm::ChaCha),
        );
        let steps = std::cell::Cell::new(0usize);
        // The uniqueness strategies act only on grids with one solution.
        let grids = if matches!(row.shape, Shape::UniqueRectangle | Shape::HiddenRectangle) {
            opened(Variant::Standard).boxed()
        } else if row.shape == Shape::UniqueRectangleSubset {
            rectangle_subsets(Variant::Standard).boxed()
        } else if row.shape == Shape::BugPlusOne {
            graves(Variant::Standard).boxed()
        } else {
            planted(Variant::Standard).boxed()
        };
        runner
            .run(&grids, |(_, cells)| {
                let r = run(&cells, Variant::Standard, only(row.id), None)?;
                steps.set(steps.get() + r.steps.len());
                Ok(())
            })
            .unwrap();
        assert!(
            steps.get() > 0,
            "{} made no step on 256 planted grids",
            row.id
        );
    }
}

// ---- the whole ladder --------------------------------------------------------------------------

/// Every strategy on, on the puzzle sets, through search: the same solution as the course's
/// strategies give, a trace that replays to it, and the strategies past the course's at work.
#[test]
fn the_whole_ladder_solves_the_puzzle_sets_like_the_course() {
    let beyond = StrategySet::from_bits(StrategySet::ALL.bits() & !StrategySet::COURSE.bits());
    let mut past_course = 0;
    for file in ["easy50.txt", "hardest.txt", "top95.txt"] {
        for line in common::puzzles(file) {
            let g = parse(&line, Variant::Standard).unwrap();
            let with = |strategies| Options {
                strategies,
                ..Options::default()
            };
            let course = solve(&g, &with(StrategySet::COURSE));
            let all = solve_traced(&g, &with(StrategySet::ALL));
            let (Found::Solution(a), Outcome::Solved { solution, .. }) =
                (&course.found, &all.outcome)
            else {
                panic!("{line}: {:?} {:?}", course.found, all.outcome)
            };
            assert_eq!(&a.to_line(), solution, "{line}");
            let end = all.replay().expect("the trace replays");
            let replayed: String = end
                .iter()
                .map(|d| (b'0' + d.solved().unwrap()) as char)
                .collect();
            assert_eq!(&replayed, solution, "{line}");
            past_course += beyond
                .positions()
                .map(|p| all.stats.steps.get(p))
                .sum::<u64>();
        }
    }
    assert!(past_course > 0, "no strategy past the course's made a step");
}

/// A chain node's box, or a group's boxes as `{A2 A3}`, for the table's chain text.
fn node_boxes(n: &solver_core::trace::ChainNode) -> String {
    let boxes: Vec<String> = n.boxes().iter().map(|c| c.to_string()).collect();
    if n.is_group() {
        format!("{{{}}}", boxes.join(" "))
    } else {
        boxes.join(" ")
    }
}
