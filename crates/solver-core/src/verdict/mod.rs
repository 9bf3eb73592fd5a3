//! The verdict engine: how many solutions a grid has (counted up to a bound) and the first one
//! it meets, as fast as it can, with no trace and free of the course's search order.
//!
//! Answers are exact: the solutions are those of the course's search (every assignment of one
//! candidate per box with no digit twice in a unit), counted the same way; only which solution
//! comes first may differ when there are several. The course's search stays the one that traces
//! and that `--strategies` runs.
//!
//! Design (`board`): per digit three 27-bit bands, band-wise locked candidates and hidden
//! singles, naked singles by a bit-sliced count, triads at the root, guesses on the first box
//! with two candidates when there is one (else the first with the fewest). A node is one
//! propagation to a fixpoint; a guess copies the board (320 bytes), the last alternative of a
//! guess continues on the original. Plain scalar code natively (building for the host's own CPU,
//! AVX2, BMI2, POPCNT, measured no faster); in wasm, where LLVM leaves them scalar, the
//! bit-sliced counts are 128-bit SIMD (`simd_wasm`, built when the target has simd128).

mod board;
mod general;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd_wasm;
mod tables;

use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{Topology, Variant};
use crate::Count;
use board::Board;
pub use general::Deductions;

/// What the verdict engine found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Solutions found, at most the number asked for.
    pub solutions: u32,
    /// The first solution found, if any.
    pub first: Option<Solution>,
    /// True when the node cap stopped the search before the count was known.
    pub capped: bool,
    /// Search nodes visited, the root included.
    pub nodes: u64,
}

/// A solution: the digit of each box, A1..I9, as the ASCII characters `'1'..='9'` (the
/// 81-character line).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Solution(pub [u8; 81]);

impl Solution {
    /// The 81-character line.
    pub fn as_bytes(&self) -> &[u8; 81] {
        &self.0
    }

    /// The solution as a grid of solved boxes.
    pub fn to_grid(&self) -> Grid {
        let mut cells = [Digits::NONE; 81];
        for (c, &d) in cells.iter_mut().zip(self.0.iter()) {
            *c = Digits::single(d - b'0');
        }
        Grid::from_cells(cells)
    }
}

impl std::fmt::Display for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Always ASCII digits, so always UTF-8.
        f.write_str(std::str::from_utf8(&self.0).map_err(|_| std::fmt::Error)?)
    }
}

impl Verdict {
    /// The count as [`crate::count_solutions`] reports it for the same bound `max`.
    pub fn count(&self, max: u32) -> Count {
        if self.capped {
            Count::Capped(self.solutions)
        } else if self.solutions >= max {
            Count::AtLeast(self.solutions)
        } else {
            Count::Exactly(self.solutions)
        }
    }
}

/// Counts the solutions of `grid` up to `max` (at least 1 is looked for) and keeps the first,
/// visiting at most `max_nodes` nodes (the root always, even with `max_nodes` 0).
pub fn verdict(grid: &Grid, variant: Variant, max: u32, max_nodes: u64) -> Verdict {
    let mut cells = [0u16; 81];
    for (c, d) in cells.iter_mut().zip(grid.cells()) {
        *c = d.bits();
    }
    verdict_of_masks(&cells, variant, max, max_nodes)
}

/// [`verdict`] on a candidate grid given as 81 masks (bit `d` for digit `d + 1`).
pub fn verdict_of_masks(cells: &[u16; 81], variant: Variant, max: u32, max_nodes: u64) -> Verdict {
    let mut s = Search {
        want: max.max(1),
        solutions: 0,
        first: None,
        capped: false,
        nodes: 0,
        max_nodes,
    };
    let mut board = Board::new(cells);
    match variant {
        Variant::Standard => s.run::<false>(&mut board, 0),
        Variant::Diagonal => s.run::<true>(&mut board, 0),
    }
    Verdict {
        solutions: s.solutions,
        first: s.first.map(Solution),
        capped: s.capped,
        nodes: s.nodes,
    }
}

/// [`verdict`] on any topology: the bit board for the classic shapes, the general path
/// (`general`) for every other.
pub fn verdict_in(grid: &Grid, topo: &Topology, max: u32, max_nodes: u64) -> Verdict {
    verdict_in_with(grid, topo, max, max_nodes, Deductions::Cages)
}

/// [`verdict_in`] with the general path's deductions chosen: the same answers either way
/// (tests compare them), `Deductions::Plain` with more nodes on killers.
pub fn verdict_in_with(
    grid: &Grid,
    topo: &Topology,
    max: u32,
    max_nodes: u64,
    deductions: Deductions,
) -> Verdict {
    if topo.is_classic() {
        return verdict(grid, topo.variant, max, max_nodes);
    }
    let mut cells = [0u16; 81];
    for (c, d) in cells.iter_mut().zip(grid.cells()) {
        *c = d.bits();
    }
    let mut s = Search {
        want: max.max(1),
        solutions: 0,
        first: None,
        capped: false,
        nodes: 0,
        max_nodes,
    };
    let model = general::Model::new(topo, deductions);
    s.run_general(&model, &mut general::State::new(&cells));
    Verdict {
        solutions: s.solutions,
        first: s.first.map(Solution),
        capped: s.capped,
        nodes: s.nodes,
    }
}

/// Triads (`board`) are looked for at the nodes above this depth only (the root): deeper, where
/// most nodes are and most boxes are placed, they cost more time than the nodes they save.
const TRIAD_DEPTH: u32 = 1;

struct Search {
    want: u32,
    solutions: u32,
    first: Option<[u8; 81]>,
    capped: bool,
    nodes: u64,
    max_nodes: u64,
}

impl Search {
    #[inline(always)]
    fn done(&self) -> bool {
        self.capped | (self.solutions >= self.want)
    }

    /// Depth-first from `board`, which it uses up; the last alternative of each guess continues
    /// in this frame on `board` itself, the others each on a copy (taken by reference, so that
    /// a guess costs one copy of the board).
    fn run<const DIAGONAL: bool>(&mut self, board: &mut Board, mut depth: u32) {
        loop {
            // The root is always visited (docs/limits.md), so a puzzle that propagation alone
            // solves or refutes gets its verdict even with `max_nodes` 0.
            if self.nodes >= self.max_nodes.max(1) {
                self.capped = true;
                return;
            }
            self.nodes += 1;
            if !board.propagate::<DIAGONAL>(depth < TRIAD_DEPTH) {
                return;
            }
            if board.complete() {
                self.solutions += 1;
                if self.first.is_none() {
                    self.first = Some(board.digits());
                }
                return;
            }
            let (b, bit) = choose(board);
            let mut digits = board.candidates(b, bit);
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = *board;
                child.assign(d, b, bit);
                self.run::<DIAGONAL>(&mut child, depth + 1);
                if self.done() {
                    return;
                }
            }
            board.assign(digits.trailing_zeros() as usize, b, bit);
            depth += 1;
        }
    }
}

/// The box to guess on: the first with two candidates, else the first with the fewest.
#[inline(always)]
fn choose(board: &Board) -> (usize, usize) {
    for b in 0..3 {
        let m = board.bivalue[b];
        if m != 0 {
            return (b, m.trailing_zeros() as usize);
        }
    }
    let mut best = (0, 0, u32::MAX);
    for b in 0..3 {
        let mut s = board.unsolved[b];
        while s != 0 {
            let bit = s.trailing_zeros() as usize;
            s &= s - 1;
            let n = board.candidates(b, bit).count_ones();
            if n < best.2 {
                best = (b, bit, n);
            }
        }
    }
    (best.0, best.1)
}
