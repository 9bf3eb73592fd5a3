//! Property tests (issues 2 and 5). Puzzles are made by planting a hidden solution: a known
//! solution moved by symmetries that keep it valid, then a random subset of its boxes kept as
//! givens. So the right answer is known by construction, whatever the solver does.
//!
//! - every solution is valid for the variant and keeps the givens;
//! - the trace replays from `initial` to the final candidates, every step checked against its
//!   evidence, and backwards to `initial`;
//! - `solve` and `solve_traced` agree on verdict, solution and search effort;
//! - no strategy step at the root removes a digit of the planted solution;
//! - the parser and the solver never panic, on arbitrary text, byte soup, near-misses of the
//!   grid format and arbitrary candidate grids, and always answer within the caps.
//!
//! Failures are kept in `proptest-regressions/properties.txt` (committed) and re-run first.

mod common;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use solver_core::trace::{Reason, Step};
use solver_core::*;
use std::collections::HashMap;

/// The easy grid's solution (seed 002) and the diagonal example's solution (seed 001).
const STANDARD_BASE: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const DIAGONAL_BASE: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

/// `cases` per property, unless `PROPTEST_CASES` asks for more (a long run: see docs/limits.md).
fn config(cases: u32) -> ProptestConfig {
    let from_env = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok());
    let cases = from_env.unwrap_or(cases);
    ProptestConfig {
        cases,
        // Two properties discard some draws (`prop_assume!`); let that scale with the cases.
        max_global_rejects: cases.saturating_mul(4).max(1024),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties.txt",
        ))),
        ..ProptestConfig::default()
    }
}

// ---- planting ----------------------------------------------------------------------------------

type Solution = [u8; 81];

fn base(text: &str) -> Solution {
    std::array::from_fn(|i| text.as_bytes()[i] - b'0')
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle()
}

/// A solved standard grid: the base with its digits relabelled, rows permuted within bands,
/// bands permuted, the same for columns and stacks, and maybe transposed.
fn standard_solution() -> impl Strategy<Value = Solution> {
    (
        permutation(9),
        prop::array::uniform3(permutation(3)),
        permutation(3),
        prop::array::uniform3(permutation(3)),
        permutation(3),
        any::<bool>(),
    )
        .prop_map(|(relabel, rows, bands, cols, stacks, transpose)| {
            let b = base(STANDARD_BASE);
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
}

/// A solved diagonal grid: the diagonal example's solution moved only by symmetries that keep
/// both diagonals: digit relabelling, the same permutation of rows and of columns among those
/// that commute with reflection about the centre (swap rows 1/3 with 7/9, swap rows 4 and 6,
/// swap bands 1 and 3), upside down (which swaps the two diagonals), and transposition.
fn diagonal_solution() -> impl Strategy<Value = Solution> {
    (permutation(9), any::<[bool; 5]>()).prop_map(|(relabel, [s1, s2, s3, flip, transpose])| {
        let mut p: [usize; 9] = std::array::from_fn(|i| i);
        if s1 {
            p.swap(0, 2);
            p.swap(6, 8);
        }
        if s2 {
            p.swap(3, 5);
        }
        if s3 {
            p = std::array::from_fn(|i| p[(2 - i / 3) * 3 + i % 3]);
        }
        let b = base(DIAGONAL_BASE);
        std::array::from_fn(|i| {
            let (mut r, c) = if transpose {
                (i % 9, i / 9)
            } else {
                (i / 9, i % 9)
            };
            if flip {
                r = 8 - r;
            }
            relabel[b[p[r] * 9 + p[c]] as usize - 1] as u8 + 1
        })
    })
}

fn solution_of(variant: Variant) -> BoxedStrategy<Solution> {
    match variant {
        Variant::Standard => standard_solution().boxed(),
        Variant::Diagonal => diagonal_solution().boxed(),
    }
}

/// A planted puzzle: the solution, and which boxes are givens (each kept with probability
/// `density`, itself drawn from `densities`).
#[derive(Clone, Debug)]
struct Planted {
    variant: Variant,
    solution: Solution,
    keep: Vec<bool>,
}

impl Planted {
    fn puzzle(&self) -> Grid {
        let line: String = (0..81)
            .map(|i| {
                if self.keep[i] {
                    (b'0' + self.solution[i]) as char
                } else {
                    '.'
                }
            })
            .collect();
        parse(&line, self.variant).expect("a planted puzzle parses")
    }
    fn digit(&self, c: Cell) -> u8 {
        self.solution[c.index()]
    }
}

fn planted(variant: Variant, densities: std::ops::Range<f64>) -> impl Strategy<Value = Planted> {
    (solution_of(variant), densities)
        .prop_flat_map(|(solution, density)| {
            (
                Just(solution),
                prop::collection::vec(prop::bool::weighted(density), 81),
            )
        })
        .prop_map(move |(solution, keep)| Planted {
            variant,
            solution,
            keep,
        })
}

fn strategies_from(bits: u8) -> StrategySet {
    common::course_set(bits)
}

/// Any of the 16 sets of the course's three strategies and `no_place`.
fn any_strategies() -> impl Strategy<Value = StrategySet> {
    (0u8..16).prop_map(strategies_from)
}

/// Any set of the registry's strategies, the whole ladder's included.
fn any_registry_strategies() -> impl Strategy<Value = StrategySet> {
    any::<u64>().prop_map(|b| StrategySet::from_bits(b & StrategySet::ALL.bits()))
}

/// Those sets with `eliminate`, which search can afford on sparse puzzles.
fn eliminating_strategies() -> impl Strategy<Value = StrategySet> {
    (0u8..8).prop_map(|b| strategies_from(b << 1 | 1))
}

fn options(variant: Variant, strategies: StrategySet, max_nodes: u64, max_steps: usize) -> Options {
    Options {
        variant,
        strategies,
        limits: Limits {
            max_nodes,
            max_steps,
        },
    }
}

// ---- checks ------------------------------------------------------------------------------------

/// Complete, every unit of the variant holds 1-9, and every box within the puzzle's candidates.
fn check_solution(puzzle: &Grid, solution: &Grid, variant: Variant) -> Result<(), TestCaseError> {
    let topo = Topology::of(variant);
    for u in topo.all_units() {
        let mut seen = Digits::NONE;
        for &c in topo.unit(u) {
            let d = solution.get(c).solved();
            prop_assert!(d.is_some(), "{c} unsolved in {}", solution.to_line());
            seen = seen.with(d.unwrap());
        }
        prop_assert_eq!(seen, Digits::ALL, "{} in {}", u, solution.to_line());
    }
    for c in Cell::all() {
        let d = solution.get(c).solved().unwrap();
        prop_assert!(puzzle.get(c).contains(d), "{c} = {d} is not a candidate");
    }
    Ok(())
}

/// Replays a trace forwards, checking every step against its reason and evidence (the checker
/// the trace format promises is possible), then backwards to `initial`. Returns the final state.
fn check_trace(t: &Trace, variant: Variant) -> Result<[Digits; 81], TestCaseError> {
    let topo = Topology::of(variant);
    let initial: [Digits; 81] = std::array::from_fn(|i| t.initial[i]);
    let mut state = initial;
    // The state each node was guessed from, to check that a backtrack restores it.
    let mut guessed_from: HashMap<u32, [Digits; 81]> = HashMap::new();
    let mut depth_of: HashMap<u32, u32> = HashMap::from([(0, 0)]);
    let mut next_node = 1;
    for (i, step) in t.steps.iter().enumerate() {
        let Step {
            reason,
            node,
            depth,
            ..
        } = step;
        let changes = t.changes_of(step);
        let stop = matches!(reason, Reason::Stop { .. });
        prop_assert_eq!(
            changes.is_empty(),
            stop,
            "step {}: only a stop changes nothing",
            i
        );
        let mut seen = std::collections::HashSet::new();
        for ch in changes {
            prop_assert!(seen.insert(ch.cell), "step {i}: {} changed twice", ch.cell);
            prop_assert_eq!(
                state[ch.cell.index()],
                ch.before,
                "step {} box {}",
                i,
                ch.cell
            );
            prop_assert!(ch.before != ch.after, "step {i}: {} unchanged", ch.cell);
        }
        let removes = |ch: &solver_core::trace::Change, digits: Digits| {
            ch.after == ch.before.without(digits) && ch.before != ch.after
        };
        let strategy = match reason {
            Reason::Strategy { position, evidence } => {
                Some((solver_core::registry::info(*position).id, evidence))
            }
            _ => None,
        };
        match (reason, strategy) {
            (_, Some(("eliminate", ev))) => {
                prop_assert_eq!(ev.boxes().len(), 1);
                prop_assert_eq!(ev.digits().len(), 1);
                let (source, digit) = (ev.boxes()[0], ev.digits().solved().unwrap());
                prop_assert_eq!(ev.units(), topo.units_of(source));
                prop_assert_eq!(state[source.index()], Digits::single(digit), "step {}", i);
                for ch in changes {
                    prop_assert!(topo.peers(source).contains(&ch.cell), "step {i}");
                    prop_assert!(removes(ch, Digits::single(digit)), "step {i}");
                }
            }
            (_, Some(("only_choice", ev))) => {
                prop_assert_eq!(
                    (ev.units().len(), ev.boxes().len(), ev.digits().len()),
                    (1, 1, 1)
                );
                let (unit, cell, digit) =
                    (ev.units()[0], ev.boxes()[0], ev.digits().solved().unwrap());
                prop_assert_eq!(changes.len(), 1);
                prop_assert_eq!(changes[0].cell, cell);
                prop_assert_eq!(changes[0].after, Digits::single(digit));
                let places: Vec<Cell> = topo
                    .unit(unit)
                    .iter()
                    .copied()
                    .filter(|c| state[c.index()].contains(digit))
                    .collect();
                prop_assert_eq!(
                    places,
                    vec![cell],
                    "step {}: {} fits once in {}",
                    i,
                    digit,
                    unit
                );
            }
            (_, Some(("naked_twins", ev))) => {
                prop_assert_eq!((ev.units().len(), ev.boxes().len()), (1, 2));
                let (unit, twins, digits) =
                    (ev.units()[0], [ev.boxes()[0], ev.boxes()[1]], ev.digits());
                prop_assert_eq!(digits.len(), 2);
                prop_assert!(twins[0] != twins[1]);
                for twin in twins {
                    prop_assert!(topo.unit(unit).contains(&twin));
                    // Found at the start of the pass; earlier steps of the pass may have
                    // narrowed a twin since, never widened it.
                    let now = state[twin.index()];
                    prop_assert!(
                        !now.is_empty() && now.without(digits).is_empty(),
                        "step {i}"
                    );
                }
                for ch in changes {
                    let outside = topo.unit(unit).contains(&ch.cell) && !twins.contains(&ch.cell);
                    prop_assert!(outside, "step {i}: {} is in {unit}, not a twin", ch.cell);
                    prop_assert!(removes(ch, digits), "step {i}");
                }
            }
            (
                &Reason::Guess {
                    cell,
                    digit,
                    choices,
                    parent,
                },
                _,
            ) => {
                prop_assert_eq!(*node, next_node, "step {}: nodes are numbered in order", i);
                next_node += 1;
                prop_assert_eq!(changes.len(), 1);
                prop_assert_eq!(changes[0].cell, cell);
                prop_assert_eq!(changes[0].before, choices);
                prop_assert_eq!(changes[0].after, Digits::single(digit));
                prop_assert!(choices.len() >= 2 && choices.contains(digit));
                let parent_depth = depth_of.get(&parent).copied();
                prop_assert_eq!(parent_depth.map(|d| d + 1), Some(*depth), "step {}", i);
                depth_of.insert(*node, *depth);
                guessed_from.insert(*node, state);
            }
            // The rungs past the course's: each step's evidence is checked by its shape in
            // tests/techniques/evidence.rs; here, that it only removes candidates.
            (_, Some((_, _))) => {
                for ch in changes {
                    prop_assert!(ch.after.without(ch.before).is_empty(), "step {i}");
                }
            }
            (Reason::Backtrack { .. }, _) => {}
            (
                &Reason::Stop {
                    rule,
                    rounds,
                    removed,
                    pending,
                },
                _,
            ) => {
                let course = t.strategies.is_course();
                prop_assert!(
                    course || !pending,
                    "step {i}: a fixpoint stop with more to do"
                );
                prop_assert_eq!(
                    rule,
                    if course {
                        StopRule::Course
                    } else {
                        StopRule::Fixpoint
                    }
                );
                prop_assert!(rounds >= 1);
                prop_assert!(
                    course || removed == 0,
                    "step {i}: a fixpoint round removed {removed}"
                );
                prop_assert!(
                    state.iter().any(|d| d.len() > 1),
                    "step {i}: a stop on a finished grid"
                );
                // Search goes on from the stalled grid: a guess from this node comes next.
                if let Some(next) = t.steps.get(i + 1) {
                    prop_assert!(
                        matches!(next.reason, Reason::Guess { parent, .. } if parent == *node),
                        "step {}: a stop is followed by a guess from node {}",
                        i,
                        node
                    );
                }
            }
            (other, _) => prop_assert!(false, "step {i}: a step solving does not make: {other:?}"),
        }
        for ch in changes {
            state[ch.cell.index()] = ch.after;
        }
        if let Reason::Backtrack { parent, .. } = reason {
            let from = guessed_from.get(node);
            prop_assert_eq!(
                from,
                Some(&state),
                "step {}: backtrack restores node {}",
                i,
                node
            );
            prop_assert_eq!(
                depth_of.get(node).map(|d| d - 1),
                depth_of.get(parent).copied()
            );
        } else {
            prop_assert_eq!(depth_of.get(node), Some(depth), "step {}", i);
        }
    }
    prop_assert_eq!(
        t.replay(),
        Ok(state),
        "Trace::replay agrees with the checker"
    );
    // Backwards: every `before`, last change first, leads back to `initial`.
    let mut back = state;
    for step in t.steps.iter().rev() {
        for ch in t.changes_of(step).iter().rev() {
            prop_assert_eq!(back[ch.cell.index()], ch.after);
            back[ch.cell.index()] = ch.before;
        }
    }
    prop_assert_eq!(back, initial);
    Ok(state)
}

/// `solve` and `solve_traced` agree: verdict, solution, nodes, guesses, backtracks, depth; and
/// the trace's solution count agrees with `count_solutions`. Returns the untraced result.
fn check_agree(g: &Grid, o: &Options) -> Result<(Solve, Trace), TestCaseError> {
    let fast = solve(g, o);
    let t = solve_traced(g, o);
    match (&fast.found, &t.outcome) {
        (
            Found::Solution(s),
            Outcome::Solved {
                solution,
                solutions,
            },
        ) => {
            prop_assert_eq!(&s.to_line(), solution);
            let counted = match count_solutions(g, o, 2) {
                Count::Exactly(n) | Count::AtLeast(n) => n,
                Count::Capped(_) => 0,
            };
            prop_assert_eq!(*solutions, counted);
        }
        (Found::None(a), Outcome::NoSolution { contradiction }) => {
            prop_assert_eq!(a, contradiction)
        }
        // The trace may run out of steps where the untraced solve does not.
        (
            _,
            Outcome::Capped {
                limit: Limit::Steps,
                ..
            },
        ) => {}
        (Found::Capped(a), Outcome::Capped { limit, max }) => {
            prop_assert_eq!(a, limit);
            prop_assert_eq!(*max, o.limits.max(*limit));
        }
        (a, b) => prop_assert!(false, "verdicts differ: {:?} vs {:?}", a, b),
    }
    if !matches!(
        t.outcome,
        Outcome::Capped {
            limit: Limit::Steps,
            ..
        }
    ) {
        let (f, s) = (fast.stats, t.stats);
        prop_assert_eq!(
            (f.nodes, f.guesses, f.backtracks, f.max_depth),
            (s.nodes, s.guesses, s.backtracks, s.max_depth)
        );
    }
    prop_assert!(fast.stats.nodes <= o.limits.max_nodes.max(1));
    prop_assert!(t.steps.len() <= o.limits.max_steps);
    Ok((fast, t))
}

// ---- planted puzzles -----------------------------------------------------------------------------

/// The generators make valid grids (for their variant), or every other property is void.
#[test]
fn planted_solutions_are_valid() {
    let mut runner = proptest::test_runner::TestRunner::new(config(64));
    for variant in [Variant::Standard, Variant::Diagonal] {
        runner
            .run(&solution_of(variant), |s| {
                let line: String = s.iter().map(|d| (b'0' + d) as char).collect();
                let g = parse(&line, variant).map_err(|e| TestCaseError::fail(e.to_string()))?;
                check_solution(&g, &g, variant)
            })
            .unwrap();
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// With enough givens, every strategy set finds a valid solution that keeps the givens, the
    /// trace replays to it exactly, and the untraced solve agrees.
    #[test]
    fn every_strategy_set_solves_planted_puzzles(
        p in planted(Variant::Standard, 0.45..0.95),
        s in eliminating_strategies(),
    ) {
        let g = p.puzzle();
        let o = options(p.variant, s, 200_000, 1_000_000);
        let (fast, t) = check_agree(&g, &o)?;
        let Found::Solution(sol) = fast.found else {
            return Err(TestCaseError::fail(format!("{:?} for a solvable puzzle", fast.found)));
        };
        check_solution(&g, &sol, p.variant)?;
        let end = check_trace(&t, p.variant)?;
        prop_assert_eq!(&end, sol.cells(), "the trace ends on the solution");
    }

    /// Diagonal puzzles planted on diagonal solutions: the same, under diagonal rules.
    #[test]
    fn diagonal_planted_puzzles_solve_under_diagonal_rules(
        p in planted(Variant::Diagonal, 0.3..0.9),
        s in eliminating_strategies(),
    ) {
        let g = p.puzzle();
        let o = options(p.variant, s, 200_000, 1_000_000);
        let (fast, t) = check_agree(&g, &o)?;
        let Found::Solution(sol) = fast.found else {
            return Err(TestCaseError::fail(format!("{:?} for a solvable puzzle", fast.found)));
        };
        check_solution(&g, &sol, Variant::Diagonal)?;
        prop_assert_eq!(&check_trace(&t, p.variant)?, sol.cells());
    }

    /// Sparse puzzles (down to a fifth of the boxes given) with the course's strategies. The
    /// course's depth-first search has a heavy tail on puzzles this open (one draw in about
    /// 140,000, with 11 givens, is still unsolved after 10 million nodes), so a capped search
    /// passes when the cap is honest: nothing claimed, the trace agreeing, and the puzzle
    /// solvable by the verdict engine.
    #[test]
    fn sparse_planted_puzzles_solve(
        p in planted(Variant::Standard, 0.2..0.45),
    ) {
        let g = p.puzzle();
        let o = options(p.variant, StrategySet::COURSE, 200_000, 1_000_000);
        let (fast, t) = check_agree(&g, &o)?;
        if fast.found == Found::Capped(Limit::Nodes) {
            let v = solver_core::verdict::verdict(&g, p.variant, 1, 10_000_000);
            prop_assert!(v.first.is_some(), "the verdict engine solves what the course capped");
            return Ok(());
        }
        let Found::Solution(sol) = fast.found else {
            return Err(TestCaseError::fail(format!("{:?} for a solvable puzzle", fast.found)));
        };
        check_solution(&g, &sol, p.variant)?;
        prop_assert_eq!(&check_trace(&t, p.variant)?, sol.cells());
    }

    /// Strategy sets without `eliminate` are little more than pure search: only a few boxes open.
    #[test]
    fn strategy_sets_without_eliminate_solve_nearly_full_puzzles(
        p in prop_oneof![
            planted(Variant::Standard, 0.93..0.99),
            planted(Variant::Diagonal, 0.93..0.99),
        ],
        bits in 0u8..4,
    ) {
        let s = strategies_from(bits << 1);
        let g = p.puzzle();
        prop_assume!(Cell::all().filter(|&c| g.get(c).len() > 1).count() <= 5);
        let o = options(p.variant, s, 200_000, 1_000_000);
        let (fast, t) = check_agree(&g, &o)?;
        let Found::Solution(sol) = fast.found else {
            return Err(TestCaseError::fail(format!("{:?} for a solvable puzzle", fast.found)));
        };
        check_solution(&g, &sol, p.variant)?;
        prop_assert_eq!(&check_trace(&t, p.variant)?, sol.cells());
    }

    /// No strategy, in any combination, removes a digit of the planted solution at the root
    /// (before any guess): the course's strategies and every rung past them alike are sound.
    #[test]
    fn root_steps_keep_the_planted_solution(
        p in prop_oneof![
            planted(Variant::Standard, 0.2..0.9),
            planted(Variant::Diagonal, 0.2..0.9),
        ],
        s in prop_oneof![any_strategies(), any_registry_strategies()],
    ) {
        let g = p.puzzle();
        // One node: the root's propagation only.
        let t = solve_traced(&g, &options(p.variant, s, 1, 1_000_000));
        check_trace(&t, p.variant)?;
        let mut root_steps = 0;
        for step in t.steps.iter().filter(|st| st.node == 0) {
            let search = matches!(step.reason, Reason::Guess { .. } | Reason::Backtrack { .. });
            prop_assert!(!search, "no search step at the root");
            root_steps += 1;
            for ch in t.changes_of(step) {
                let d = p.digit(ch.cell);
                prop_assert!(
                    !ch.before.contains(d) || ch.after.contains(d),
                    "{:?} removed {} from {}, which the planted solution needs",
                    step.reason, d, ch.cell
                );
            }
        }
        prop_assert_eq!(root_steps, t.steps.len());
        prop_assert!(!matches!(t.outcome, Outcome::NoSolution { .. }), "{:?}", t.outcome);
    }

    /// Planted candidate grids: every box holds its planted digit and some others, so a solution
    /// exists; a verdict of "no solution" is wrong. With one box's digit left out, whatever the
    /// verdict, a solution found must be valid.
    #[test]
    fn candidate_grids_around_a_planted_solution(
        solution in standard_solution(),
        extra in prop::collection::vec(prop_oneof![3 => Just(0u16), 1 => 0u16..512], 81),
        drop_one in prop::option::weighted(0.3, 0usize..81),
        s in eliminating_strategies(),
    ) {
        let mut cells: [Digits; 81] = std::array::from_fn(|i| {
            Digits::from_bits(extra[i]).with(solution[i])
        });
        if let Some(i) = drop_one {
            cells[i] = cells[i].without(Digits::single(solution[i]));
            prop_assume!(!cells[i].is_empty());
        }
        let text = Grid::from_cells(cells).display();
        // Through the parser, as a user would paste it; a one-digit box may conflict.
        let Ok(g) = parse(&text, Variant::Standard) else {
            prop_assume!(false);
            unreachable!()
        };
        prop_assert_eq!(g.cells(), &cells);
        let o = options(Variant::Standard, s, 20_000, 200_000);
        let (fast, t) = check_agree(&g, &o)?;
        check_trace(&t, Variant::Standard)?;
        match fast.found {
            Found::Solution(sol) => check_solution(&g, &sol, Variant::Standard)?,
            Found::None(c) => prop_assert!(drop_one.is_some(), "no solution ({c}) but one exists"),
            Found::Capped(_) => {}
        }
    }
}

// ---- no panics -----------------------------------------------------------------------------------

/// Parses `text` in both variants: an answer, quickly, with a short one-line message; a grid
/// that parses is then solved within small caps, traced and untraced, and the two agree.
fn parse_and_solve(text: &str) -> Result<(), TestCaseError> {
    for variant in [Variant::Standard, Variant::Diagonal] {
        let start = std::time::Instant::now();
        let parsed = parse(text, variant);
        prop_assert!(
            start.elapsed().as_millis() < 500,
            "parse took {:?}",
            start.elapsed()
        );
        match parsed {
            Err(e) => {
                let msg = e.to_string();
                prop_assert!(msg.len() < 200 && !msg.contains('\n'), "{:?}", msg);
            }
            Ok(g) => {
                for bits in [1u8, 3, 7, 0] {
                    let o = options(variant, strategies_from(bits), 300, 3_000);
                    let (fast, t) = check_agree(&g, &o)?;
                    check_trace(&t, variant)?;
                    if let Found::Solution(sol) = fast.found {
                        check_solution(&g, &sol, variant)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Text near the grid format: a planted puzzle written as a line, a display layout or a
/// candidate grid, then a few characters inserted, deleted or replaced.
fn near_miss() -> impl Strategy<Value = String> {
    let layout = (standard_solution(), 0.0f64..1.0, 0u8..3).prop_map(|(sol, density, style)| {
        let fields: Vec<String> = sol
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                if (i * 7919 % 100) as f64 / 100.0 < density {
                    d.to_string()
                } else if style == 2 {
                    Digits::ALL
                        .without(Digits::single((i % 9 + 1) as u8))
                        .to_string()
                } else {
                    ".".into()
                }
            })
            .collect();
        match style {
            0 => fields.concat(),
            1 => fields
                .chunks(9)
                .enumerate()
                .map(|(r, row)| {
                    let sep = if r == 2 || r == 5 {
                        "------+-------+------\r\n"
                    } else {
                        ""
                    };
                    format!(
                        "{} | {} | {}\r\n{sep}",
                        row[..3].join(" "),
                        row[3..6].join(" "),
                        row[6..].join(" ")
                    )
                })
                .collect(),
            _ => fields.join(" "),
        }
    });
    let edit = (
        any::<prop::sample::Index>(),
        0u8..3,
        prop_oneof![
            Just('.'),
            Just('0'),
            Just('5'),
            Just('-'),
            Just('|'),
            Just('+'),
            Just(' '),
            Just('\n'),
            Just('\r'),
            Just('\u{feff}'),
            Just('é'),
            Just('５'),
            Just('\u{7}'),
            any::<char>(),
        ],
    );
    (layout, prop::collection::vec(edit, 0..4)).prop_map(|(mut text, edits)| {
        for (at, op, ch) in edits {
            let bounds: Vec<usize> = text
                .char_indices()
                .map(|(i, _)| i)
                .chain([text.len()])
                .collect();
            let i = bounds[at.index(bounds.len())];
            let next = bounds.iter().copied().find(|&b| b > i);
            match (op, next) {
                (0, _) => text.insert(i, ch),
                (1, Some(n)) => text.replace_range(i..n, ""),
                (_, Some(n)) => text.replace_range(i..n, &ch.to_string()),
                _ => text.push(ch),
            }
        }
        text
    })
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        parse_and_solve(&text)?;
    }

    #[test]
    fn byte_soup_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        parse_and_solve(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn grid_alphabet_soup_never_panics(text in "[0-9.|+ \\t\\r\\n-]{60,200}") {
        parse_and_solve(&text)?;
    }

    #[test]
    fn near_misses_of_the_grid_format_never_panic(text in near_miss()) {
        parse_and_solve(&text)?;
    }
}

/// Any candidate mask for a box, biased towards the shapes that matter: all digits, one digit,
/// two (twins), and now and then none at all (possible through `Grid::from_cells`, not `parse`).
fn any_box() -> impl Strategy<Value = Digits> {
    prop_oneof![
        4 => Just(Digits::ALL),
        4 => (1u8..=9).prop_map(Digits::single),
        2 => (1u8..=9, 1u8..=9).prop_map(|(a, b)| Digits::single(a).with(b)),
        2 => (1u16..512).prop_map(Digits::from_bits),
        1 => Just(Digits::NONE),
    ]
}

proptest! {
    #![proptest_config(config(600))]

    /// Any grid at all, contradictory or not, in either variant, with any strategies: an
    /// answer within the caps, the same traced and untraced, a trace that checks, and a
    /// solution (if any) that is valid and within the candidates.
    #[test]
    fn arbitrary_candidate_grids_get_a_verdict_within_the_caps(
        cells in prop::collection::vec(any_box(), 81),
        s in any_strategies(),
        diagonal in any::<bool>(),
        max_nodes in 0u64..400,
        max_steps in 0usize..4_000,
    ) {
        let variant = if diagonal { Variant::Diagonal } else { Variant::Standard };
        let g = Grid::from_cells(std::array::from_fn(|i| cells[i]));
        let o = options(variant, s, max_nodes, max_steps);
        let (fast, t) = check_agree(&g, &o)?;
        check_trace(&t, variant)?;
        match fast.found {
            Found::Solution(sol) => check_solution(&g, &sol, variant)?,
            Found::None(_) | Found::Capped(_) => {}
        }
    }
}
