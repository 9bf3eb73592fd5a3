//! The forcing rungs' soundness, the planted-solution property: random candidate grids around a
//! planted solution (each box its solution's digit and random others), each forcing strategy's
//! steps taken again and again; no step removes a planted digit or places another, and every
//! step's branches pass the trace validator's check (`check::check_forcing`) against the
//! candidates before it.

use solver_core::check::check_forcing;
use solver_core::easiest::first_step;
use solver_core::registry::position;
use solver_core::strategy::At;
use solver_core::topology::{Cell, Topology, Variant};
use solver_core::trace::NoTrace;
use solver_core::{Digits, Grid};

const STANDARD_BASE: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
const DIAGONAL_BASE: &str =
    "267945381853716249491823576576438192384192657129657438642379815935281764718564923";

const FORCING: [&str; 6] = [
    "digit_forcing_chains",
    "cell_forcing_chains",
    "unit_forcing_chains",
    "dynamic_forcing_chains",
    "forcing_nets",
    "nested_forcing_nets",
];

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

/// A solution: the standard base relabelled, rows within bands, bands, columns within stacks
/// and stacks permuted; the diagonal base only relabelled (which keeps its diagonals).
fn solution(rng: &mut Rng, variant: Variant) -> [u8; 81] {
    let mut relabel: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut relabel);
    let base = match variant {
        Variant::Standard => STANDARD_BASE,
        Variant::Diagonal => DIAGONAL_BASE,
    }
    .as_bytes();
    let perm = |rng: &mut Rng| -> [usize; 9] {
        if variant == Variant::Diagonal {
            return std::array::from_fn(|i| i);
        }
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = [0usize; 9];
        for (b, &band) in bands.iter().enumerate() {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            for (k, &r) in inner.iter().enumerate() {
                out[b * 3 + k] = band * 3 + r;
            }
        }
        out
    };
    let (rows, cols) = (perm(rng), perm(rng));
    std::array::from_fn(|i| relabel[(base[rows[i / 9] * 9 + cols[i % 9]] - b'1') as usize])
}

/// A candidate grid around `sol`: some boxes solved, the others their digit and random others,
/// then the solved boxes' digits removed from their peers.
fn state(rng: &mut Rng, sol: &[u8; 81], topo: &Topology) -> Grid {
    let solved = 0.2 + rng.below(40) as f64 / 100.0;
    let extra = 0.3 + rng.below(50) as f64 / 100.0;
    let mut cells: [Digits; 81] = std::array::from_fn(|i| {
        let mut ds = Digits::single(sol[i]);
        if !rng.chance(solved) {
            for d in 1..=9 {
                if rng.chance(extra) {
                    ds = ds.with(d);
                }
            }
        }
        ds
    });
    for c in Cell::all() {
        if let Some(d) = cells[c.index()].solved() {
            for &p in topo.peers(c) {
                cells[p.index()] = cells[p.index()].without(Digits::single(d));
            }
        }
    }
    Grid::from_cells(cells)
}

#[test]
fn forcing_steps_keep_the_planted_solution_and_pass_the_check() {
    let states: u64 = std::env::var("FORCING_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    for id in FORCING {
        let p = position(id).expect("a forcing rung");
        // The nets ask the basic techniques (and the nested, chains) inside every branch: fewer.
        let states = if id.ends_with("nets") {
            states / 2
        } else {
            states
        };
        let mut rng = Rng(0x5EED ^ p as u64);
        let (mut steps, mut placed) = (0, 0);
        for k in 0..states {
            let variant = if k % 4 == 3 {
                Variant::Diagonal
            } else {
                Variant::Standard
            };
            let topo = Topology::of(variant);
            let sol = solution(&mut rng, variant);
            let mut g = state(&mut rng, &sol, topo);
            for _ in 0..3 {
                let Ok(Some(found)) = first_step(p, &g, topo) else {
                    break;
                };
                let before = *g.cells();
                let changes = found.changes();
                assert_eq!(changes.len(), 1, "{id}: one box a step");
                let (cell, after) = changes[0];
                assert!(
                    after.contains(sol[cell.index()]),
                    "{id}: state {k} {}: {cell} left \"{after}\", the solution's {} gone",
                    Grid::from_cells(before).to_line(),
                    sol[cell.index()]
                );
                placed += usize::from(after.len() == 1 && before[cell.index()].len() > 1);
                let f = found.forcing().expect("a forcing step's branches");
                if let Err((field, why)) = check_forcing(topo, &before, f, (cell, after)) {
                    panic!("{id}: state {k}: {field}: {why}");
                }
                // Sudoku Explainer's rules: a Nishio chain follows its premise's digit only; a
                // static cell chain starts from a box of three candidates or more.
                let premise = &f.chains[0][0];
                if id == "digit_forcing_chains" {
                    assert!(
                        f.chains.iter().flatten().all(|n| n.digit == premise.digit),
                        "{id}: state {k}: a node of another digit than {}",
                        premise.digit
                    );
                }
                if id == "cell_forcing_chains" {
                    assert!(before[premise.cell.index()].len() >= 3, "{id}: state {k}");
                }
                steps += 1;
                found.take(&mut g, &mut NoTrace, At::default());
            }
        }
        assert!(
            steps as u64 >= states / 4,
            "{id}: {steps} steps over {states} states"
        );
        eprintln!("{id}: {steps} steps ({placed} placements) over {states} states");
    }
}

/// 3D Medusa's box emptied by a colour (its forcing steps; its chains are the table's) on the
/// same random planted states: it never removes a planted digit, and every branch passes the
/// validator's check. Its steps come only where no chain removes anything: each state is
/// first taken as far as the chains go.
#[test]
fn medusas_emptied_boxes_keep_the_planted_solution_and_pass_the_check() {
    let states: u64 = std::env::var("FORCING_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400)
        * 5;
    let p = position("medusa").unwrap();
    let mut rng = Rng(0x3D3D);
    let mut emptied = 0;
    for k in 0..states {
        let variant = if k % 4 == 3 {
            Variant::Diagonal
        } else {
            Variant::Standard
        };
        let topo = Topology::of(variant);
        let sol = solution(&mut rng, variant);
        let mut g = state(&mut rng, &sol, topo);
        for _ in 0..40 {
            let Ok(Some(found)) = first_step(p, &g, topo) else {
                break;
            };
            let before = *g.cells();
            for &(cell, after) in found.changes() {
                assert!(
                    after.contains(sol[cell.index()]),
                    "medusa: state {k} {}: {cell} left \"{after}\"",
                    Grid::from_cells(before).to_line()
                );
            }
            if let Some(f) = found.forcing() {
                let changes = found.changes();
                assert_eq!(changes.len(), 1, "medusa: one box a forcing step");
                if let Err((field, why)) = check_forcing(topo, &before, f, changes[0]) {
                    panic!("medusa: state {k}: {field}: {why}");
                }
                emptied += 1;
            }
            found.take(&mut g, &mut NoTrace, At::default());
        }
    }
    eprintln!("medusa: {emptied} boxes emptied by a colour over {states} states");
    assert!(emptied >= states / 10, "{emptied} over {states} states");
}
