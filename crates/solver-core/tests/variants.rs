//! The constraint model on variant puzzles (issue 21): jigsaw, windoku, anti-knight, anti-king,
//! killer, extra regions and one diagonal. Every answer is checked by a second route that reads
//! the `Puzzle` directly and shares no code with the solver (`fits`, a naive checker):
//!
//! - planted solutions: a valid solution made by the naive search (or, for jigsaw, a standard
//!   solution whose regions are reshaped by swapping equal digits between them), a random part
//!   of it kept as givens; every route (the verdict engine, search with eliminate alone, with
//!   the course's strategies, with the whole ladder) finds a solution the naive checker accepts, the planted one
//!   when the count is one, and no strategy step at the root removes a digit of it;
//! - the traced path, as `propagate trace` writes it: planted puzzles of every kind with few
//!   givens (killer puzzles none but a handful), solved with the whole ladder and traced; no
//!   strategy step at a node on the way to the planted solution removes a planted digit, and the
//!   trace's JSON, with its puzzle, passes the validator;
//! - brute force on small cases: a planted solution with a dozen boxes emptied, or with a given
//!   changed, counted to two by naive enumeration, and by every route (none, one and several
//!   all occur).

use solver_core::puzzle::{Constraint, ModelError, Puzzle};
use solver_core::trace::Reason;
use solver_core::verdict::{verdict_in, verdict_in_with, Deductions};
use solver_core::*;

/// A small deterministic generator (xorshift), so the cases are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

// ---- the naive checker: the puzzle's rules read directly ----------------------------------------

/// Whether box `i`'s digit in `g` (0 for none) breaks no rule of `p` with the other filled boxes.
fn fits(p: &Puzzle, g: &[u8; 81], i: usize) -> bool {
    let d = g[i];
    let (r, c) = (i / 9, i % 9);
    let region = |k: usize| match &p.regions {
        Some(regions) => regions[k] as usize,
        None => k / 27 * 3 + k % 9 / 3,
    };
    let has = |x: &Constraint| p.constraints.contains(x);
    for (j, &e) in g.iter().enumerate() {
        if j == i || e != d {
            continue;
        }
        let (r2, c2) = (j / 9, j % 9);
        let (dr, dc) = (r.abs_diff(r2), c.abs_diff(c2));
        let window = |k: usize| {
            let (a, b) = (k / 9, k % 9);
            let w = |x: usize| match x {
                1..=3 => Some(0),
                5..=7 => Some(1),
                _ => None,
            };
            Some((w(a)?, w(b)?))
        };
        let same = r == r2
            || c == c2
            || region(i) == region(j)
            || (has(&Constraint::Diagonal) && r == c && r2 == c2)
            || (has(&Constraint::AntiDiagonal) && r + c == 8 && r2 + c2 == 8)
            || (has(&Constraint::Windoku) && window(i).is_some() && window(i) == window(j))
            || (has(&Constraint::AntiKnight) && dr * dc == 2)
            || (has(&Constraint::AntiKing) && dr <= 1 && dc <= 1)
            || p.constraints.iter().any(|x| match x {
                Constraint::ExtraRegion(cells) | Constraint::Cage { cells, .. } => {
                    cells.contains(&Cell(i as u8)) && cells.contains(&Cell(j as u8))
                }
                _ => false,
            });
        if same {
            return false;
        }
    }
    for x in &p.constraints {
        if let Constraint::Cage {
            cells,
            sum: Some(sum),
        } = x
        {
            if !cells.contains(&Cell(i as u8)) {
                continue;
            }
            let total: u16 = cells.iter().map(|c| g[c.index()] as u16).sum();
            let empty = cells.iter().filter(|c| g[c.index()] == 0).count() as u16;
            if (empty == 0 && total != *sum) || total + empty > *sum {
                return false;
            }
        }
    }
    true
}

/// Whether `g` is a full solution of `p` keeping its givens.
fn solves(p: &Puzzle, g: &[u8; 81]) -> bool {
    (0..81).all(|i| {
        (1..=9).contains(&g[i]) && (p.givens[i] == 0 || p.givens[i] == g[i]) && fits(p, g, i)
    })
}

/// The naive search: the solutions of `p` counted up to `max` (boxes in order, digits in
/// `order`), and the first found.
fn naive(p: &Puzzle, max: u32, order: &[u8; 9]) -> (u32, Option<[u8; 81]>) {
    fn go(
        p: &Puzzle,
        g: &mut [u8; 81],
        max: u32,
        order: &[u8; 9],
        found: &mut (u32, Option<[u8; 81]>),
    ) {
        // The empty box with the fewest digits that fit, the first on a tie.
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..81 {
            if g[i] != 0 {
                continue;
            }
            let mut fit = Vec::new();
            for &d in order {
                g[i] = d;
                if fits(p, g, i) {
                    fit.push(d);
                }
            }
            g[i] = 0;
            if best.as_ref().is_none_or(|(_, b)| fit.len() < b.len()) {
                let stop = fit.len() <= 1;
                best = Some((i, fit));
                if stop {
                    break;
                }
            }
        }
        let Some((i, fit)) = best else {
            found.0 += 1;
            found.1.get_or_insert(*g);
            return;
        };
        for d in fit {
            g[i] = d;
            go(p, g, max, order, found);
            g[i] = 0;
            if found.0 >= max {
                return;
            }
        }
    }
    let mut g = p.givens;
    if (0..81).any(|i| g[i] != 0 && !fits(p, &g, i)) {
        return (0, None);
    }
    let mut found = (0, None);
    go(p, &mut g, max, order, &mut found);
    found
}

// ---- planting -----------------------------------------------------------------------------------

const STANDARD: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn empty(constraints: Vec<Constraint>) -> Puzzle {
    let mut p = Puzzle::classic([0; 81]);
    p.constraints = constraints;
    p
}

/// A random solution of the rules of `p` (its givens ignored), by the naive search.
fn random_solution(p: &Puzzle, rng: &mut Rng) -> [u8; 81] {
    let mut rules = p.clone();
    rules.givens = [0; 81];
    let mut order = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut order);
    naive(&rules, 1, &order)
        .1
        .expect("the rules have a solution")
}

/// Jigsaw regions that a standard solution keeps: its squares, reshaped by swapping boxes of
/// equal digits between regions (each region still holds 1–9 once).
fn jigsaw(solution: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    let mut regions: [u8; 81] = std::array::from_fn(|k| (k / 27 * 3 + k % 9 / 3) as u8);
    for _ in 0..40 {
        let a = rng.below(81);
        let b = rng.below(81);
        if solution[a] == solution[b] && regions[a] != regions[b] {
            regions.swap(a, b);
        }
    }
    regions
}

/// Killer cages over a solution: boxes grown into groups of different digits, 1 to 5 boxes
/// each, every box in one cage, each summing to the solution's digits.
fn cages(solution: &[u8; 81], rng: &mut Rng) -> Vec<Constraint> {
    let mut owner = [usize::MAX; 81];
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let k = out.len();
        let mut cells = vec![start];
        owner[start] = k;
        let size = 1 + rng.below(5);
        while cells.len() < size {
            let from = cells[rng.below(cells.len())];
            let (r, c) = (from / 9, from % 9);
            let next = match rng.below(4) {
                0 if r > 0 => from - 9,
                1 if r < 8 => from + 9,
                2 if c > 0 => from - 1,
                3 if c < 8 => from + 1,
                _ => continue,
            };
            let digits: Vec<u8> = cells.iter().map(|&x| solution[x]).collect();
            if owner[next] != usize::MAX || digits.contains(&solution[next]) {
                if rng.below(8) == 0 {
                    break;
                }
                continue;
            }
            owner[next] = k;
            cells.push(next);
        }
        let sum = cells.iter().map(|&x| solution[x] as u16).sum();
        out.push(Constraint::Cage {
            cells: cells.into_iter().map(|x| Cell(x as u8)).collect(),
            sum: Some(sum),
        });
    }
    out
}

/// The rules of one variant puzzle and a solution of them.
fn planted(kind: usize, rng: &mut Rng) -> (Puzzle, [u8; 81]) {
    let standard: [u8; 81] = std::array::from_fn(|i| STANDARD.as_bytes()[i] - b'0');
    match kind {
        0 => {
            let mut p = empty(vec![]);
            p.regions = Some(jigsaw(&standard, rng));
            (p, standard)
        }
        1..=5 => {
            let constraints = match kind {
                1 => vec![Constraint::Windoku],
                2 => vec![Constraint::AntiKnight],
                3 => vec![Constraint::AntiKing],
                4 => vec![Constraint::AntiDiagonal, Constraint::AntiKnight],
                _ => vec![
                    Constraint::Diagonal,
                    Constraint::ExtraRegion(
                        [3, 13, 23, 27, 37, 47, 57, 67, 77]
                            .map(|i| Cell(i as u8))
                            .to_vec(),
                    ),
                ],
            };
            let p = empty(constraints);
            let s = random_solution(&p, rng);
            (p, s)
        }
        _ => {
            let mut p = empty(vec![]);
            p.constraints = cages(&standard, rng);
            (p, standard)
        }
    }
}

const KINDS: [&str; 7] = [
    "jigsaw",
    "windoku",
    "anti-knight",
    "anti-king",
    "anti-diagonal + anti-knight",
    "diagonal + extra region",
    "killer",
];

/// Every route's count up to two, checked against `want` (a count up to two), each solution
/// found checked by the naive checker, and the planted solution when it is the only one.
fn check_routes(p: &Puzzle, want: u32, planted: Option<&[u8; 81]>, what: &str) {
    let topo = p.topology().unwrap_or_else(|e| panic!("{what}: {e}"));
    let grid = match p.grid(&topo) {
        Ok(grid) => grid,
        Err(ModelError::Conflict { .. }) => {
            assert_eq!(want, 0, "{what}: conflicting givens, yet solutions");
            return;
        }
        Err(e) => panic!("{what}: {e}"),
    };
    let v = verdict_in(&grid, &topo, 2, u64::MAX);
    assert!(!v.capped);
    assert_eq!(v.solutions, want, "{what}: verdict engine");
    if let Some(first) = v.first {
        let g = first.0.map(|b| b - b'0');
        assert!(
            solves(p, &g),
            "{what}: the verdict engine's solution breaks a rule"
        );
        if want == 1 {
            if let Some(s) = planted {
                assert_eq!(&g, s, "{what}: not the planted solution");
            }
        }
    }
    // Search with eliminate alone (no search without propagation: it fills every box before
    // it checks one), the course's strategies, the whole ladder.
    let ladder = [StrategySet::first(1), StrategySet::COURSE, StrategySet::ALL];
    for strategies in ladder {
        let opts = Options {
            strategies,
            ..Options::default()
        };
        let count = count_solutions_in(&grid, &topo, &opts, 2);
        let n = match count {
            Count::Exactly(n) | Count::AtLeast(n) => n,
            Count::Capped(_) => panic!("{what}: capped with {strategies:?}"),
        };
        assert_eq!(n, want, "{what}: search with {strategies:?}");
        let solve = solve_in(&grid, &topo, &opts);
        match solve.found {
            Found::Solution(g) => {
                let digits: [u8; 81] = std::array::from_fn(|i| {
                    g.get(Cell(i as u8)).solved().expect("a solution is solved")
                });
                assert!(solves(p, &digits), "{what}: {strategies:?} breaks a rule");
            }
            Found::None(_) => assert_eq!(want, 0, "{what}: {strategies:?} found none"),
            Found::Capped(_) => panic!("{what}: capped"),
        }
    }
}

/// Planted puzzles of every kind: every route agrees with the naive count, and the ladder's
/// steps at the root never remove a planted digit.
#[test]
fn planted_puzzles_are_solved_by_every_route() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (kind, name) in KINDS.iter().enumerate() {
        for case in 0..5 {
            let (rules, solution) = planted(kind, &mut rng);
            assert!(solves(&rules, &solution), "{name}: the planted solution");
            let mut p = rules.clone();
            // Search without the cage rung sees a cage's sum only once it is full: more givens
            // for killer puzzles keep its trees small.
            let keep = if kind == 6 { 40 } else { 24 } + rng.below(16);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &i in &order[..keep] {
                p.givens[i] = solution[i];
            }
            let what = format!("{name} case {case}");
            let want = naive(&p, 2, &[1, 2, 3, 4, 5, 6, 7, 8, 9]).0;
            assert!(
                want >= 1,
                "{what}: the naive search misses the planted solution"
            );
            check_routes(&p, want, Some(&solution), &what);

            // No step at the root removes a planted digit.
            let topo = p.topology().unwrap();
            let grid = p.grid(&topo).unwrap();
            let opts = Options {
                strategies: StrategySet::ALL,
                ..Options::default()
            };
            let trace = solve_traced_in(&grid, &topo, &opts);
            for step in trace.steps.iter().take_while(|s| s.node == 0) {
                if let Reason::Strategy { .. } = step.reason {
                    for ch in trace.changes_of(step) {
                        let d = solution[ch.cell.index()];
                        assert!(
                            ch.after.contains(d),
                            "{what}: {:?} removes {d}",
                            step.reason
                        );
                    }
                }
            }
            assert_eq!(
                trace.replay().map(|_| ()),
                Ok(()),
                "{what}: the trace replays"
            );
        }
    }
}

/// Planted puzzles of every kind through the traced path: the whole ladder, traced as the CLI's
/// `trace` writes it (the puzzle in the trace). Along the guesses that agree with the planted
/// solution, every strategy step keeps the planted digits; the JSON passes the validator, which
/// derives the killer steps again.
#[test]
fn traced_ladder_keeps_planted_digits_and_its_trace_checks() {
    use solver_core::check::{check, CheckLimits};
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let mut killer_steps = [0usize; 2];
    for (kind, name) in KINDS.iter().enumerate() {
        for case in 0..4 {
            let (rules, solution) = planted(kind, &mut rng);
            let mut p = rules.clone();
            let keep = if kind == 6 {
                rng.below(8)
            } else {
                22 + rng.below(10)
            };
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            for &i in &order[..keep] {
                p.givens[i] = solution[i];
            }
            let what = format!("{name} traced case {case}");
            let topo = p.topology().unwrap();
            let grid = p.grid(&topo).unwrap();
            let mut opts = Options {
                strategies: StrategySet::ALL,
                ..Options::default()
            };
            opts.limits.max_nodes = 20_000;
            let mut trace = solve_traced_in(&grid, &topo, &opts);
            trace.puzzle = Trace::puzzle_of(&p, &topo);
            // The nodes whose guesses all agree with the planted solution.
            let mut planted_nodes = std::collections::HashSet::from([0u32]);
            for step in &trace.steps {
                match step.reason {
                    Reason::Guess {
                        cell,
                        digit,
                        parent,
                        ..
                    } if planted_nodes.contains(&parent) && solution[cell.index()] == digit => {
                        planted_nodes.insert(step.node);
                    }
                    Reason::Strategy { position, .. } if planted_nodes.contains(&step.node) => {
                        let id = solver_core::registry::info(position).id;
                        if id == "cage_combinations" {
                            killer_steps[0] += 1;
                        }
                        if id == "rule_of_45" {
                            killer_steps[1] += 1;
                        }
                        for ch in trace.changes_of(step) {
                            let d = solution[ch.cell.index()];
                            assert!(
                                ch.after.contains(d),
                                "{what}: {id} removes {d} from {}",
                                ch.cell
                            );
                        }
                    }
                    _ => {}
                }
            }
            let json = serde_json::to_string(&trace).unwrap();
            if let Err(e) = check(&json, &CheckLimits::default()) {
                panic!("{what}: the validator refuses the trace: {e}");
            }
        }
    }
    assert!(
        killer_steps.iter().all(|&n| n > 0),
        "the killer rungs step on the way: {killer_steps:?}"
    );
}

/// Small cases counted by brute force: a dozen boxes emptied (one or several solutions), or a
/// given changed (often none).
#[test]
fn small_cases_agree_with_brute_force() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut seen = [0u32; 3];
    for (kind, name) in KINDS.iter().enumerate() {
        for case in 0..8 {
            let (rules, solution) = planted(kind, &mut rng);
            let mut p = rules.clone();
            p.givens = solution;
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            // A dozen boxes emptied, or most of them (often several solutions then).
            let emptied = if case % 4 == 2 { 56 } else { 10 + rng.below(8) };
            for &i in &order[..emptied] {
                p.givens[i] = 0;
            }
            if case % 2 == 1 {
                // A wrong given: one kept box changed to another digit.
                let i = order[emptied];
                p.givens[i] = (p.givens[i] + rng.below(8) as u8) % 9 + 1;
            }
            let what = format!("{name} small case {case}");
            let want = naive(&p, 2, &[1, 2, 3, 4, 5, 6, 7, 8, 9]).0;
            seen[want as usize] += 1;
            let planted = (case % 2 == 0).then_some(&solution);
            check_routes(&p, want, planted, &what);
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "none, one and several all occur: {seen:?}"
    );
}

/// The topology's houses and peers for each constraint.
#[test]
fn topologies_count_their_houses_and_peers() {
    let at = |s: &str| Cell::from_label(s).unwrap();
    let topo = |constraints: Vec<Constraint>| empty(constraints).topology().unwrap();
    let windoku = topo(vec![Constraint::Windoku]);
    assert_eq!(windoku.units.len(), 31);
    assert_eq!(windoku.name(Unit(27)), "window B2-D4");
    assert_eq!(windoku.name(Unit(30)), "window F6-H8");
    // B2's window adds C4, D3 and D4 to its peers (the others share its row, column or square).
    assert_eq!(windoku.peers(at("B2")).len(), 20 + 3);
    let knight = topo(vec![Constraint::AntiKnight]);
    assert_eq!(knight.units.len(), 27);
    assert_eq!(knight.peers(at("E5")).len(), 28);
    assert!(knight.sees(at("E5"), at("F7")) && knight.sees(at("F7"), at("E5")));
    assert!(!knight.sees(at("E5"), at("F8")));
    let king = topo(vec![Constraint::AntiKing]);
    assert_eq!(king.peers(at("E5")).len(), 20);
    assert_eq!(king.peers(at("C3")).len(), 20 + 3);
    let classic = topo(vec![Constraint::Diagonal, Constraint::AntiDiagonal]);
    assert!(classic.is_classic() && classic.variant == Variant::Diagonal);
    let one = topo(vec![Constraint::AntiDiagonal]);
    assert!(!one.is_classic());
    assert_eq!(one.units.len(), 28);
    assert_eq!(one.name(Unit(27)), "diagonal A9-I1");
    assert!(topo(vec![]).is_classic());
    let killer = topo(vec![Constraint::Cage {
        cells: vec![at("C4"), at("D5")],
        sum: Some(15),
    }]);
    assert!(killer.sees(at("C4"), at("D5")) && !killer.sees(at("C4"), at("D6")));
    assert_eq!(killer.cages().len(), 1);
    let nine: Vec<Cell> = ["A1", "A2", "B1", "B2", "C3", "E5", "F6", "H8", "I9"]
        .map(at)
        .to_vec();
    let nine = topo(vec![Constraint::Cage {
        cells: nine,
        sum: Some(45),
    }]);
    assert_eq!(nine.units.len(), 28);
    assert_eq!(nine.name(Unit(27)), "cage 1");
}

/// A malformed puzzle is refused with what and where.
#[test]
fn malformed_puzzles_are_refused_naming_the_part() {
    let at = |s: &str| Cell::from_label(s).unwrap();
    let err = |p: Puzzle| p.topology().unwrap_err().to_string();
    let mut p = empty(vec![]);
    let mut regions: [u8; 81] = std::array::from_fn(|k| (k / 27 * 3 + k % 9 / 3) as u8);
    regions[0] = 1;
    p.regions = Some(regions);
    assert_eq!(err(p), "region 1 has 8 boxes: a region has 9");
    let p = empty(vec![Constraint::Cage {
        cells: vec![at("A1"), at("A2")],
        sum: Some(18),
    }]);
    assert_eq!(
        err(p),
        "cage 1 sums to 18: different digits in its boxes sum to 3 to 17"
    );
    let p = empty(vec![Constraint::Cage {
        cells: vec![at("A1"), at("A1")],
        sum: None,
    }]);
    assert_eq!(err(p), "cage 1 names A1 twice");
    let p = empty(vec![
        Constraint::Cage {
            cells: vec![at("A1"), at("A2")],
            sum: Some(3),
        },
        Constraint::Cage {
            cells: vec![at("A3"), at("A2")],
            sum: Some(4),
        },
    ]);
    assert_eq!(
        err(p),
        "cage 2 overlaps cage 1 at A2: killer cages do not share boxes"
    );
    let p = empty(vec![Constraint::ExtraRegion(vec![at("A1"); 9])]);
    assert_eq!(
        err(p),
        "extra region 1 has 1 different boxes: an extra region has 9"
    );
    let mut p = empty(vec![Constraint::AntiKnight]);
    p.givens[at("E5").index()] = 4;
    p.givens[at("F7").index()] = 4;
    let topo = p.topology().unwrap();
    assert_eq!(
        p.grid(&topo).unwrap_err().to_string(),
        "E5 and F7 see each other and are both given 4"
    );
}

/// Killer puzzles from the Interactive Sudoku Solver's examples and collections (sigh, MIT;
/// bench/variants/puzzles.tsv), read from its constraint strings: the verdict engine proves each
/// unique and finds ISS's solution. Its general path keeps the 45 rule's sums (innies and
/// outies of houses and bands) besides the cages, so these check that those sums are right.
/// TAREK_ALL#22 has a cage of sum 0 (R5C5), ISS's cage without a sum.
const ISS_KILLERS: [(&str, &str, &str); 4] = [
    (
        "Killer sudoku [gaps]",
        ".Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9",
        "215647398368952174794381652586274931142593867973816425821739546659428713437165289",
    ),
    (
        "HS_KILLERS#2",
        ".Cage~14~R1C1~R1C2~R2C1.Cage~15~R1C3~R1C4.Cage~12~R1C5~R2C5~R3C5.Cage~13~R1C6~R1C7.Cage~10~R1C8~R1C9~R2C9.Cage~18~R2C2~R2C3~R3C2~R3C3.Cage~13~R2C4~R3C4~R4C4.Cage~22~R2C7~R2C8~R3C7~R3C8.Cage~13~R3C1~R4C1.Cage~15~R3C9~R4C9.Cage~10~R4C2~R5C2~R6C2.Cage~10~R4C8~R5C8~R6C8.Cage~18~R5C5~R5C6~R5C7.Cage~15~R6C1~R7C1.Cage~13~R6C9~R7C9.Cage~19~R7C2~R7C3~R8C2~R8C3.Cage~18~R7C7~R7C8~R8C7~R8C8.Cage~13~R8C1~R9C1~R9C2.Cage~14~R8C9~R9C8~R9C9.Cage~13~R9C3~R9C4.Cage~15~R9C6~R9C7",
        "279648531581739426463251798956483217128975643734162859812597364697324185345816972",
    ),
    (
        "TAREK_ALL#2",
        ".Cage~16~R1C1~R1C2~R1C3~R2C1.Cage~23~R1C4~R1C5~R2C3~R2C4.Cage~19~R1C6~R1C7~R2C5~R2C6.Cage~17~R1C8~R1C9~R2C8~R2C9.Cage~24~R2C2~R3C1~R3C2~R4C1.Cage~20~R2C7~R3C7~R3C8.Cage~16~R3C3~R4C2~R4C3.Cage~18~R3C4~R3C5~R4C4.Cage~10~R3C6~R4C6~R4C7.Cage~21~R3C9~R4C8~R4C9~R5C8.Cage~14~R4C5~R5C5~R5C6.Cage~15~R5C1~R6C1~R7C1.Cage~15~R5C2~R5C3~R6C2.Cage~14~R5C4~R6C4~R6C5.Cage~12~R5C7~R6C6~R6C7.Cage~18~R5C9~R6C8~R6C9~R7C8.Cage~14~R6C3~R7C3~R7C4.Cage~12~R7C2~R8C2~R8C3.Cage~16~R7C5~R8C4~R8C5.Cage~17~R7C6~R7C7~R8C6.Cage~26~R7C9~R8C9~R9C8~R9C9.Cage~15~R8C1~R9C1~R9C2.Cage~14~R8C7~R8C8~R9C6~R9C7.Cage~19~R9C3~R9C4~R9C5",
        "372594681461827935895631472183952746246718593759346128624189357937265814518473269",
    ),
    (
        "TAREK_ALL#22",
        ".Cage~13~R1C1~R1C2~R2C1.Cage~5~R1C3~R1C4.Cage~19~R1C5~R2C5~R3C5~R4C5.Cage~14~R1C6~R1C7.Cage~17~R1C8~R1C9~R2C9.Cage~28~R2C2~R2C3~R2C4~R3C2~R4C2.Cage~21~R2C6~R2C7~R2C8~R3C8~R4C8.Cage~10~R3C1~R4C1.Cage~19~R3C3~R3C4~R4C3~R4C4.Cage~22~R3C6~R3C7~R4C6~R4C7~R5C6.Cage~13~R3C9~R4C9.Cage~17~R5C1~R5C2~R5C3.Cage~23~R5C4~R6C3~R6C4~R7C3~R7C4.Cage~0~R5C5.Cage~12~R5C7~R5C8~R5C9.Cage~12~R6C1~R7C1.Cage~28~R6C2~R7C2~R8C2~R8C3~R8C4.Cage~20~R6C5~R7C5~R8C5~R9C5.Cage~23~R6C6~R6C7~R7C6~R7C7.Cage~26~R6C8~R7C8~R8C6~R8C7~R8C8.Cage~13~R6C9~R7C9.Cage~9~R8C1~R9C1~R9C2.Cage~10~R8C9~R9C8~R9C9.Cage~16~R9C3~R9C4.Cage~9~R9C6~R9C7",
        "462315978387694152951827634126473589845961723793258416538149267674532891219786345",
    ),
];

#[test]
fn iss_killers_are_unique_with_iss_solutions() {
    for (name, text, solution) in ISS_KILLERS {
        let p = solver_core::formats::iss::read(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let topo = p.topology().unwrap_or_else(|e| panic!("{name}: {e}"));
        let grid = p.grid(&topo).unwrap_or_else(|e| panic!("{name}: {e}"));
        let v = verdict_in(&grid, &topo, 2, u64::MAX);
        assert_eq!(v.solutions, 1, "{name}");
        let first = v.first.expect("a solution");
        assert_eq!(
            String::from_utf8_lossy(first.as_bytes()),
            solution,
            "{name}"
        );
    }
}

/// The verdict engine's cage interactions (`Deductions::Cages`, what `verdict_in` uses) against
/// its plain propagation (each cage and sum on its own), a slower reference, on generated
/// killers: cages over a planted solution, some of them dropped so that puzzles with one,
/// several and (with a given changed) no solution all occur. The counts
/// to two agree, and each first solution found solves the puzzle.
#[test]
fn cage_interactions_count_as_the_plain_propagation_does() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let standard: [u8; 81] = std::array::from_fn(|i| STANDARD.as_bytes()[i] - b'0');
    let mut seen = [0u32; 3];
    for case in 0..60 {
        let mut p = empty(cages(&standard, &mut rng));
        // Drop a few cages: more solutions, and the 45 rule's sums over what is left.
        let drop = rng.below(16);
        for _ in 0..drop {
            let k = rng.below(p.constraints.len());
            p.constraints.remove(k);
        }
        if case % 5 == 4 {
            let i = rng.below(81);
            p.givens[i] = standard[i] % 9 + 1;
        }
        let what = format!("case {case}");
        let topo = p.topology().unwrap_or_else(|e| panic!("{what}: {e}"));
        let Ok(grid) = p.grid(&topo) else { continue };
        let plain = verdict_in_with(&grid, &topo, 2, u64::MAX, Deductions::Plain);
        let cages = verdict_in_with(&grid, &topo, 2, u64::MAX, Deductions::Cages);
        assert_eq!(cages.solutions, plain.solutions, "{what}: the counts");
        seen[cages.solutions.min(2) as usize] += 1;
        for v in [&plain, &cages] {
            if let Some(first) = &v.first {
                let digits: [u8; 81] = std::array::from_fn(|i| first.as_bytes()[i] - b'0');
                assert!(solves(&p, &digits), "{what}: the first solution");
            }
        }
        if cages.solutions == 1 {
            assert_eq!(cages.first, plain.first, "{what}: the one solution");
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "none, one and several all occur: {seen:?}"
    );
}

/// A hidden single's label follows its unit's kind in the puzzle's topology: "in a region" in
/// a jigsaw region or a windoku window, "in a line" on a diagonal (Sudoku Explainer's scale
/// takes a diagonal as a line), "in a square" in a square; scored by whether the unit is a line
/// (1.2 off a line, 1.5 on one). The hint's levels name the unit as the topology does.
#[test]
fn a_hidden_single_is_labelled_by_its_unit_s_kind() {
    use solver_core::hint::{hint, Hint};
    let at = |s: &str| Cell::from_label(s).unwrap();
    // Every box holds 1-9 but the boxes of `unit` other than `keep`, which lose 5: 5's hidden
    // single in `unit`, the only single on the grid.
    let single = |p: &Puzzle, unit: &str, keep: &str| {
        let topo = p.topology().unwrap();
        let u = topo.unit_named(unit).unwrap();
        let mut cells = [Digits::ALL; 81];
        for &c in topo.unit(u) {
            if c != at(keep) {
                cells[c.index()] = Digits::ALL.without(Digits::single(5));
            }
        }
        let Hint::Step(step) = hint(&Grid::from_cells(cells), None, &topo) else {
            panic!("a hint step on {unit}")
        };
        (
            step.technique.label(),
            step.technique.score(),
            step.levels[..2].to_vec(),
        )
    };
    // A jigsaw: the squares, but A3 and A4 swapped between the first two.
    let mut regions = [0u8; 81];
    for (i, r) in regions.iter_mut().enumerate() {
        *r = ((i / 27) * 3 + (i % 9) / 3) as u8;
    }
    regions.swap(at("A3").index(), at("A4").index());
    let mut jigsaw = empty(vec![]);
    jigsaw.regions = Some(regions);
    assert_eq!(
        single(&jigsaw, "region 1", "B2"),
        (
            "Hidden single in a region",
            1.2,
            vec![
                "Look for: Hidden single in a region".to_string(),
                "Where: region 1, digit 5".to_string()
            ]
        )
    );
    let windoku = empty(vec![Constraint::Windoku]);
    let (label, score, levels) = single(&windoku, "window B2-D4", "C3");
    assert_eq!((label, score), ("Hidden single in a region", 1.2));
    assert_eq!(levels[1], "Where: window B2-D4, digit 5");
    let diagonal = empty(vec![Constraint::Diagonal]);
    let (label, score, _) = single(&diagonal, "diagonal A1-I9", "E5");
    assert_eq!((label, score), ("Hidden single in a line", 1.5));
    let classic = empty(vec![]);
    let (label, score, levels) = single(&classic, "square A1-C3", "B2");
    assert_eq!((label, score), ("Hidden single in a square", 1.2));
    assert_eq!(levels[1], "Where: square A1-C3, digit 5");
}
