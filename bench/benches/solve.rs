//! Untraced (`solve`) and traced (`solve_traced`) solving over the puzzle sets:
//! easy (easy50), hard (top95), diagonal, and a slice of the 17-clue set.
//! `cargo bench -p propagate-bench --bench solve`; throughput is in puzzles per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use propagate_bench::puzzle_lines;
use solver_core::*;
use std::hint::black_box;
use std::time::Duration;

const DIAGONAL_EXAMPLE: &str =
    "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3";

const EO: StrategySet = StrategySet::first(2);

fn grids(lines: &[String], variant: Variant) -> Vec<Grid> {
    lines.iter().map(|l| parse(l, variant).unwrap()).collect()
}

/// The course's diagonal example and eight puzzles cut from its solution (about 28 givens
/// each, at pseudo-random places; some have more than one solution).
fn diagonal_puzzles() -> Vec<Grid> {
    let example = parse(DIAGONAL_EXAMPLE, Variant::Diagonal).unwrap();
    let o = Options {
        variant: Variant::Diagonal,
        ..Options::default()
    };
    let Found::Solution(solution) = solve(&example, &o).found else {
        panic!("the diagonal example has a solution");
    };
    let mut out = vec![example];
    let mut seed = 0x2545_f491_u32;
    for _ in 0..8 {
        let cells = std::array::from_fn(|i| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            if seed >> 29 < 3 {
                solution.get(Cell(i as u8))
            } else {
                Digits::ALL
            }
        });
        out.push(Grid::from_cells(cells));
    }
    out
}

fn group(c: &mut Criterion, name: &str, puzzles: &[Grid], opts: Options) {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(puzzles.len() as u64));
    g.bench_function("untraced", |b| {
        b.iter(|| {
            for p in puzzles {
                black_box(solve(black_box(p), &opts));
            }
        })
    });
    if opts.strategies == StrategySet::COURSE {
        let eo = Options {
            strategies: EO,
            ..opts
        };
        g.bench_function("untraced_eliminate_only_choice", |b| {
            b.iter(|| {
                for p in puzzles {
                    black_box(solve(black_box(p), &eo));
                }
            })
        });
    }
    g.bench_function("traced", |b| {
        b.iter(|| {
            for p in puzzles {
                black_box(solve_traced(black_box(p), &opts));
            }
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let standard = Options::default();
    let diagonal = Options {
        variant: Variant::Diagonal,
        ..Options::default()
    };
    group(
        c,
        "easy",
        &grids(&puzzle_lines("easy50.txt", usize::MAX), Variant::Standard),
        standard,
    );
    group(
        c,
        "hard",
        &grids(&puzzle_lines("top95.txt", usize::MAX), Variant::Standard),
        standard,
    );
    group(c, "diagonal", &diagonal_puzzles(), diagonal);
    group(
        c,
        "17_clue",
        &grids(&puzzle_lines("17_clue_49158.txt", 1000), Variant::Standard),
        standard,
    );
}

criterion_group!(solve_benches, benches);
criterion_main!(solve_benches);
