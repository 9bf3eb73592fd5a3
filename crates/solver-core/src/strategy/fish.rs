//! The fish searches: `search`, which `x_wing` (two lines), `swordfish` (three) and
//! `jellyfish` (four) run: for a digit, `n` rows (or columns) in which it fits in only `n`
//! columns (or rows) between them; and `finned`, which `finned_x_wing`, `finned_swordfish` and
//! `finned_jellyfish` run: the same but for fins in one square.

use super::subsets::{self, ones};
use super::Pass;
use crate::digits::{Digit, Digits};
use crate::grid::Grid;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{Contradiction, Evidence, Sink};

/// A fish of `n` lines: for a digit, `n` base lines (rows, or columns) in which the digit fits
/// in only `n` cover lines (columns, or rows) between them. Each base line takes the digit in one
/// of the cover lines, and no two take the same one, so the `n` cover lines get their digit from
/// the base lines: the digit leaves the rest of the cover lines.
///
/// Only rows and columns are base and cover lines. In diagonal Sudoku a diagonal meets every
/// row and every column once, so it cannot stand in a set of disjoint lines of one direction;
/// the fish of rows and columns still hold there (and take their eliminations only along the
/// cover lines).
///
/// Digits 1..9; for each, rows as base lines first, then columns; the sets of base lines in
/// colexicographic order (those of lower lines first). A base line takes part only where the
/// digit fits 2..`n` of its boxes (one box is a single, for the lower rungs); a set that holds
/// a smaller fish is a fish of `n` lines all the same (a swordfish may hold an X-wing): the sets
/// are `subsets::next_set`'s. Each fish's changes are made when it is found,
/// and the lines are read again after it. One step per fish that removed something. Evidence: the base lines, then the cover lines (each ascending);
/// the boxes where the digit fits in the base lines (A1..I9 order); the digit.
pub(super) fn search<S: Sink>(
    grid: &mut Grid,
    pass: &mut Pass<'_, S>,
    n: usize,
) -> Result<(), Contradiction> {
    for digit in 1..=9 as Digit {
        let bit = Digits::single(digit);
        for columns in [false, true] {
            // `lines[i]`: where in base line `i` the digit fits (bit `j` for cross line `j`).
            let read = |grid: &Grid| -> [u16; 9] {
                let mut lines = [0u16; 9];
                for (i, line) in lines.iter_mut().enumerate() {
                    for j in 0..9 {
                        let cell = if columns { at(j, i) } else { at(i, j) };
                        *line |= ((grid.get(cell).bits() & bit.bits() != 0) as u16) << j;
                    }
                }
                lines
            };
            let mut lines = read(grid);
            let mut from = 0;
            while let Some((base, cover)) = subsets::next_set(n, &lines, 0, from) {
                from = base + 1;
                let mut changed = false;
                let mut emptied = None;
                for j in ones(cover) {
                    for i in ones(0x1ff & !base) {
                        let cell = if columns { at(j, i) } else { at(i, j) };
                        let before = grid.get(cell);
                        if before.bits() & bit.bits() != 0 {
                            let after = before.without(bit);
                            grid.set(cell, after, pass.sink());
                            changed = true;
                            if after.is_empty() && emptied.is_none() {
                                emptied = Some(cell);
                            }
                        }
                    }
                }
                if !changed {
                    continue;
                }
                let line =
                    |k: usize, as_column: bool| Unit(k as u8 + if as_column { 9 } else { 0 });
                let mut units = [Unit(0); 2 * 4];
                let mut n_units = 0;
                for i in ones(base) {
                    units[n_units] = line(i, columns);
                    n_units += 1;
                }
                for j in ones(cover) {
                    units[n_units] = line(j, !columns);
                    n_units += 1;
                }
                // At most `n` boxes a base line: 16 for a jellyfish.
                let mut boxes = [Cell(0); 4 * 4];
                let mut n_boxes = 0;
                for cell in Cell::all() {
                    let (r, c) = (cell.row(), cell.col());
                    let (i, j) = if columns { (c, r) } else { (r, c) };
                    if base >> i & 1 == 1 && lines[i] >> j & 1 == 1 {
                        boxes[n_boxes] = cell;
                        n_boxes += 1;
                    }
                }
                pass.step(Evidence::new(&units[..n_units], &boxes[..n_boxes], bit));
                if let Some(cell) = emptied {
                    return Err(Contradiction::EmptyBox { cell });
                }
                lines = read(grid);
            }
        }
    }
    Ok(())
}

/// A finned fish of `n` lines: for a digit, `n` base lines (rows, or columns) in which it fits
/// in `n` cover lines (columns, or rows) but for some boxes, the fins, all in one square. Either
/// a fin holds the digit, or the fish without its fins holds and the cover lines take the digit
/// in the base lines: so the digit leaves every box of the cover lines outside the base lines
/// that sees every fin. A sashimi fish is one whose base line keeps one box or none without its
/// fins (a box of the fish's body missing); the reasoning is the same.
///
/// Digits 1..9; for each, rows as base lines first, then columns; the sets of base lines in
/// colexicographic order, each line fitting the digit in 2 boxes or more; for each, the sets of
/// cover lines in that order, each base line meeting one of them. Each fish's changes are made
/// when it is found, and the digit's lines are read again after it. One step per fish that
/// removed something. Evidence: the base lines, the cover lines (each ascending), the fins'
/// square; the fins (A1..I9 order); the digit.
pub(super) fn finned<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    n: usize,
) -> Result<(), Contradiction> {
    for digit in 1..=9 as Digit {
        let bit = Digits::single(digit);
        for columns in [false, true] {
            while next_finned(grid, topo, pass, bit, columns, n)? {}
        }
    }
    Ok(())
}

/// Finds the first finned fish of `n` lines of `bit` that removes something, makes its changes
/// and closes its step; whether there was one.
#[inline(never)]
fn next_finned<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    bit: Digits,
    columns: bool,
    n: usize,
) -> Result<bool, Contradiction> {
    // Box `j` of base line `i`.
    let cell = |i: usize, j: usize| if columns { at(j, i) } else { at(i, j) };
    let mut lines = [0u16; 9];
    for (i, line) in lines.iter_mut().enumerate() {
        for j in 0..9 {
            *line |= ((grid.get(cell(i, j)).bits() & bit.bits() != 0) as u16) << j;
        }
    }
    // The base lines fitting the digit in 2 boxes or more; the sets of `n` lines are visited
    // ascending (colexicographic order), only those of such lines as bases.
    let mut fitting = 0u16;
    for (i, line) in lines.iter().enumerate() {
        fitting |= ((line.count_ones() >= 2) as u16) << i;
    }
    for base in subsets::sets_of(n, 0, fitting) {
        let union = ones(base).fold(0u16, |m, i| m | lines[i]);
        // Fins in one stack: the cover lines hold every line of `union` outside it, so those are
        // `n` at most (a quick test that turns most sets of base lines away).
        if ![0o7u16, 0o70, 0o700]
            .iter()
            .any(|s| union & s != 0 && (union & !s).count_ones() as usize <= n)
        {
            continue;
        }
        for cover in subsets::sets_of(n, 0, 0x1ff) {
            let outside = union & !cover;
            // Fins in one square lie in one stack (band) of three cross lines.
            if outside == 0
                || ![0o7u16, 0o70, 0o700].iter().any(|s| outside & !s == 0)
                || ones(base).any(|i| lines[i] & cover == 0)
                // The digit must fit somewhere in the cover lines outside the base lines.
                || ones(0x1ff & !base).all(|i| lines[i] & cover == 0)
            {
                continue;
            }
            let mut fins = [Cell(0); 9];
            let mut n = 0;
            for i in ones(base) {
                for j in ones(lines[i] & !cover) {
                    if n < fins.len() {
                        fins[n] = cell(i, j);
                    }
                    n += 1;
                }
            }
            if n > fins.len() {
                continue;
            }
            let fins = &mut fins[..n];
            fins.sort();
            let Some(&square) = topo
                .units_of(fins[0])
                .iter()
                .find(|u| (18..27).contains(&u.0))
            else {
                continue;
            };
            if !fins.iter().all(|f| topo.unit(square).contains(f)) {
                continue;
            }
            let mut changed = false;
            let mut emptied = None;
            for j in ones(cover) {
                for i in ones(0x1ff & !base) {
                    // `lines` is the grid's until a fish is found (the search then ends).
                    if lines[i] >> j & 1 == 0 {
                        continue;
                    }
                    let c = cell(i, j);
                    let before = grid.get(c);
                    if !fins.iter().all(|&f| super::sees(topo, c, f)) {
                        continue;
                    }
                    let after = before.without(bit);
                    grid.set(c, after, pass.sink());
                    changed = true;
                    if after.is_empty() && emptied.is_none() {
                        emptied = Some(c);
                    }
                }
            }
            if !changed {
                continue;
            }
            let line = |k: usize, as_column: bool| Unit(k as u8 + if as_column { 9 } else { 0 });
            let mut units = [Unit(0); 9];
            let mut k = 0;
            for i in ones(base) {
                units[k] = line(i, columns);
                k += 1;
            }
            for j in ones(cover) {
                units[k] = line(j, !columns);
                k += 1;
            }
            units[k] = square;
            pass.step(Evidence::new(&units[..=k], fins, bit));
            if let Some(c) = emptied {
                return Err(Contradiction::EmptyBox { cell: c });
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// The box in row `r`, column `c`.
fn at(r: usize, c: usize) -> Cell {
    Cell((r * 9 + c) as u8)
}
