//! `Grid::check_solves`: what counts as a solution of a puzzle.

use solver_core::{parse, Grid, Topology, Variant};

const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn grid(s: &str) -> Grid {
    parse(s, Variant::Standard).unwrap()
}

#[test]
fn the_solution_checks() {
    let topo = Topology::of(Variant::Standard);
    assert_eq!(grid(SOLUTION).check_solves(&grid(PUZZLE), topo), Ok(()));
}

#[test]
fn a_changed_given_fails() {
    let topo = Topology::of(Variant::Standard);
    // A valid grid (digits 3 and 4 swapped everywhere) that does not keep the givens.
    let swapped: String = SOLUTION
        .chars()
        .map(|c| match c {
            '3' => '4',
            '4' => '3',
            c => c,
        })
        .collect();
    let e = grid(&swapped)
        .check_solves(&grid(PUZZLE), topo)
        .unwrap_err();
    assert!(e.contains("A3"), "{e}");
}

#[test]
fn an_unsolved_box_or_a_repeated_digit_fails() {
    let topo = Topology::of(Variant::Standard);
    let empty = Grid::default();
    let mut holed = SOLUTION.to_string();
    holed.replace_range(0..1, ".");
    assert!(grid(&holed)
        .check_solves(&empty, topo)
        .unwrap_err()
        .contains("A1 is not solved"));
    // Swapping two boxes of row A keeps rows valid but breaks two columns (the parser would
    // refuse such a grid, so it is built box by box).
    let mut cells = *grid(SOLUTION).cells();
    cells.swap(0, 1);
    let e = Grid::from_cells(cells)
        .check_solves(&empty, topo)
        .unwrap_err();
    assert!(e.starts_with("column 1 holds only"), "{e}");
}

#[test]
fn diagonal_units_are_checked_in_diagonal_mode() {
    // A valid standard Sudoku whose main diagonal repeats digits.
    let d = Topology::of(Variant::Diagonal);
    let s = Topology::of(Variant::Standard);
    let g = grid(SOLUTION);
    assert_eq!(g.check_solves(&Grid::default(), s), Ok(()));
    assert!(g
        .check_solves(&Grid::default(), d)
        .unwrap_err()
        .contains("diagonal"));
}
