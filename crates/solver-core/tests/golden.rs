//! The seed documents' printed results, reproduced exactly. Each fixture under `tests/golden/`
//! is a verbatim slice of a seed document (named after it).

use solver_core::registry::position;
use solver_core::strategy::eliminate::Eliminate;
use solver_core::strategy::only_choice::OnlyChoice;
use solver_core::strategy::{At, Pass, Strategy};
use solver_core::trace::{NoTrace, StepCounts};
use solver_core::*;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARDER: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY_382: &str =
    "483.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.382";
const SPANISH_HARD: &str =
    "2.............62....1....7......8...3...9...7...6..4...4....8....52.............3";

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/golden/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The course's `display` blocks in a fixture: 9 rows and 2 dash lines each.
fn blocks(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains('|') || l.starts_with('-'))
        .collect();
    assert_eq!(lines.len() % 11, 0, "a fixture holds whole boards");
    lines
        .chunks(11)
        .map(|b| b.iter().map(|l| format!("{l}\n")).collect())
        .collect()
}

/// Every `'A1': '45'` pair of a printed dictionary, in order.
fn dict(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('\'') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('\'') else { break };
        let key = &after[..j];
        let after = &after[j + 1..];
        if key.len() == 2 && after.starts_with(": '") {
            let v = &after[3..];
            if let Some(k) = v.find('\'') {
                out.push((key.to_string(), v[..k].to_string()));
                rest = &v[k + 1..];
                continue;
            }
            break; // a truncated last entry
        }
        rest = after;
    }
    out
}

fn grid(s: &str) -> Grid {
    parse(s, Variant::Standard).unwrap()
}

fn topo() -> &'static Topology {
    Topology::of(Variant::Standard)
}

fn eliminate(mut g: Grid) -> Grid {
    let (id, mut sink, mut steps) = (position("eliminate").unwrap(), NoTrace, 0);
    let mut pass = Pass::new(&mut sink, At::default(), id, &mut steps);
    Eliminate::apply(&mut g, topo(), &mut pass).unwrap();
    g
}

fn only_choice(mut g: Grid) -> Grid {
    let id = position("only_choice").unwrap();
    OnlyChoice::apply(
        &mut g,
        topo(),
        &mut Pass::new(&mut NoTrace, At::default(), id, &mut 0),
    )
    .unwrap();
    g
}

fn reduce(mut g: Grid) -> Grid {
    let s = StrategySet::first(2);
    reduce_puzzle(
        &mut g,
        topo(),
        s,
        &mut NoTrace,
        At::default(),
        &mut StepCounts::default(),
    )
    .unwrap();
    g
}

fn solve_with(puzzle: &str, strategies: StrategySet) -> (Grid, Stats) {
    let opts = Options {
        strategies,
        ..Options::default()
    };
    let r = solve(&grid(puzzle), &opts);
    match r.found {
        Found::Solution(g) => (g, r.stats),
        other => panic!("expected a solution, got {other:?}"),
    }
}

const COURSE: StrategySet = StrategySet::first(2);

/// One check for every printed dictionary: each printed box holds exactly those candidates.
fn check_dict(g: &Grid, printed: &[(String, String)]) {
    assert!(
        printed.len() >= 70,
        "fixture holds {} entries",
        printed.len()
    );
    for (label, want) in printed {
        let cell = Cell::from_label(label).unwrap();
        assert_eq!(g.get(cell).to_string(), *want, "box {label}");
    }
}

#[test]
fn seed_002_eliminate_dictionary_is_one_pass() {
    let printed = dict(&fixture("002_eliminate_dict.txt"));
    assert_eq!(printed.len(), 81);
    check_dict(&eliminate(grid(EASY)), &printed);
}

#[test]
fn seed_002_display_of_eliminate_is_a_second_pass() {
    let [b] = &blocks(&fixture("002_display_eliminate_twice.txt"))[..] else {
        panic!()
    };
    assert_eq!(eliminate(eliminate(grid(EASY))).display(), *b);
}

#[test]
fn seed_002_only_choice_dictionary_after_two_eliminate_passes() {
    let printed = dict(&fixture("002_only_choice_dict.txt"));
    check_dict(&only_choice(eliminate(eliminate(grid(EASY)))), &printed);
}

#[test]
fn seed_002_display_of_only_choice_is_a_second_pass() {
    let [b] = &blocks(&fixture("002_display_only_choice_twice.txt"))[..] else {
        panic!()
    };
    assert_eq!(
        only_choice(only_choice(eliminate(eliminate(grid(EASY))))).display(),
        *b
    );
}

#[test]
fn seed_002_reduce_puzzle_stalls_on_the_harder_grid() {
    let [b] = &blocks(&fixture("002_display_reduce_harder.txt"))[..] else {
        panic!()
    };
    assert_eq!(reduce(grid(HARDER)).display(), *b);
}

#[test]
fn seed_002_search_solves_the_harder_grid() {
    let [b] = &blocks(&fixture("002_display_search_harder.txt"))[..] else {
        panic!()
    };
    assert_eq!(solve_with(HARDER, COURSE).0.display(), *b);
}

#[test]
fn seed_000_reduce_puzzle_solves_the_easy_grid() {
    let [b] = &blocks(&fixture("000_display_reduce_easy.txt"))[..] else {
        panic!()
    };
    let g = reduce(grid(EASY));
    assert!(g.is_complete());
    assert_eq!(g.display(), *b);
}

#[test]
fn seed_004_grid_values_and_eliminate() {
    let [start, after] = &blocks(&fixture("004_display_grid_and_eliminate.txt"))[..] else {
        panic!()
    };
    assert_eq!(grid(EASY_382).display(), *start);
    assert_eq!(eliminate(grid(EASY_382)).display(), *after);
    // The printed candidate grid reads back as the same grid.
    assert_eq!(grid(start), grid(EASY_382));
}

#[test]
fn seed_004_only_choice_after_eliminate() {
    let [before, after] = &blocks(&fixture("004_display_eliminate_and_only_choice.txt"))[..] else {
        panic!()
    };
    let g = eliminate(grid(EASY_382));
    assert_eq!(g.display(), *before);
    assert_eq!(only_choice(g).display(), *after);
    assert_eq!(grid(after), only_choice(g));
}

#[test]
fn seed_004_reduce_stalls_and_search_solves() {
    let [shown, reduced] = &blocks(&fixture("004_display_grid_and_reduce.txt"))[..] else {
        panic!()
    };
    assert_eq!(
        grid(shown),
        grid(SPANISH_HARD),
        "the '.' display layout parses"
    );
    assert_eq!(reduce(grid(SPANISH_HARD)).display(), *reduced);
    let [shown, solution] = &blocks(&fixture("004_display_grid_and_solution.txt"))[..] else {
        panic!()
    };
    assert_eq!(grid(shown), grid(SPANISH_HARD));
    assert_eq!(solve_with(SPANISH_HARD, COURSE).0.display(), *solution);
}

#[test]
fn seed_003_search_instances_with_and_without_pruning() {
    // "Solution Found after 1 instances" with eliminate and only choice.
    let (g, stats) = solve_with(EASY, COURSE);
    assert_eq!(
        g.to_line(),
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    );
    assert_eq!(stats.nodes, 1);
    // "searching without pruning took a total of 4227 instances".
    // The seed's puzzle: the solution with A7, B8, E6 and I9 empty.
    let solution =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let nearly: String = solution
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if ["A7", "B8", "E6", "I9"].contains(&Cell(i as u8).to_string().as_str()) {
                '.'
            } else {
                c
            }
        })
        .collect();
    let nearly = nearly.as_str();
    let (g, stats) = solve_with(nearly, StrategySet::NONE);
    assert_eq!(
        g.to_line(),
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    );
    assert_eq!(stats.nodes, 4227);
    assert_eq!(solve_with(nearly, COURSE).1.nodes, 1);
}
