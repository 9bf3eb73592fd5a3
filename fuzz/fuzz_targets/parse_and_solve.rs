//! Any bytes, read as text the way the CLI reads them, parsed in both variants; a grid that
//! parses is solved traced and untraced under small caps. Nothing may panic; an error message is
//! one short line; the two solves agree; the trace replays; a solution is valid.

#![no_main]

use libfuzzer_sys::fuzz_target;
use solver_core::*;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Which strategies: from the bytes, so the fuzzer can steer it.
    let bits = data.iter().fold(0u8, |a, b| a ^ b);
    let strategies = Strategies {
        eliminate: bits & 1 != 0,
        only_choice: bits & 2 != 0,
        naked_twins: bits & 4 != 0,
    };
    for variant in [Variant::Standard, Variant::Diagonal] {
        let grid = match parse(&text, variant) {
            Ok(g) => g,
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.len() < 200 && !msg.contains('\n'), "{msg:?}");
                continue;
            }
        };
        let opts = Options {
            variant,
            strategies,
            limits: Limits {
                max_nodes: 2_000,
                max_steps: 20_000,
            },
        };
        let fast = solve(&grid, &opts);
        let trace = solve_traced(&grid, &opts);
        assert!(fast.stats.nodes <= opts.limits.max_nodes);
        assert!(trace.steps.len() <= opts.limits.max_steps);
        let end = trace.replay().expect("the trace replays");
        match (&fast.found, &trace.outcome) {
            (Found::Solution(s), Outcome::Solved { solution, .. }) => {
                assert_eq!(&s.to_line(), solution);
                assert_eq!(&end, s.cells());
                let topo = Topology::of(variant);
                assert!(s.is_complete() && s.duplicate(topo).is_none());
                assert!(Cell::all().all(|c| grid.get(c).contains(s.get(c).solved().unwrap())));
            }
            (Found::None(a), Outcome::NoSolution { contradiction: b }) => assert_eq!(a, b),
            (_, Outcome::Capped { limit: Limit::Steps, .. }) => {}
            (Found::Capped(a), Outcome::Capped { limit: b, .. }) => assert_eq!(a, b),
            (a, b) => panic!("verdicts differ: {a:?} / {b:?}"),
        }
    }
});
