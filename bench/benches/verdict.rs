//! The verdict engine over the puzzle sets: the first solution (`max` 1) and the count up to 2,
//! on top95, a slice of magictour_top1465 and of the 17-clue set, and the diagonal reading of
//! top95. `cargo bench -p propagate-bench --bench verdict`; throughput is in puzzles per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use propagate_bench::puzzle_lines;
use solver_core::verdict::verdict;
use solver_core::*;
use std::hint::black_box;
use std::time::Duration;

fn grids(name: &str, take: usize) -> Vec<Grid> {
    puzzle_lines(name, take)
        .iter()
        .map(|l| parse(l, Variant::Standard).unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let sets = [
        ("top95", grids("top95.txt", usize::MAX)),
        ("magictour_300", grids("magictour_top1465.txt", 300)),
        ("17_clue_2000", grids("17_clue_49158.txt", 2000)),
    ];
    let mut g = c.benchmark_group("verdict");
    g.measurement_time(Duration::from_secs(5));
    for (name, set) in &sets {
        g.throughput(Throughput::Elements(set.len() as u64));
        for (what, max) in [("first", 1), ("count2", 2)] {
            g.bench_function(format!("{name}/{what}"), |b| {
                b.iter(|| {
                    for grid in set {
                        black_box(verdict(black_box(grid), Variant::Standard, max, u64::MAX));
                    }
                })
            });
        }
    }
    let top95 = &sets[0].1;
    g.throughput(Throughput::Elements(top95.len() as u64));
    g.bench_function("top95_diagonal/count2", |b| {
        b.iter(|| {
            for grid in top95 {
                black_box(verdict(black_box(grid), Variant::Diagonal, 2, u64::MAX));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
