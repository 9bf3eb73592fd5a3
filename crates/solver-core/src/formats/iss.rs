//! The constraint strings of sigh's Interactive Sudoku Solver (ISS), read into a [`Puzzle`] and
//! written from one.
//!
//! A string is items `.Type~arg~arg…` one after the other (white space anywhere is dropped, as
//! ISS drops it). Read: givens `.~R1C1_5~R1C2_3`, `.Cage~SUM~R1C1~R1C2` (an empty sum or 0
//! for none, as ISS builds it), `.Jigsaw~LAYOUT` (81 characters, one per box in row order, each region's own
//! character; a legacy shape argument before it is skipped) with `.NoBoxes` (without it the
//! jigsaw's regions are extra regions besides the squares), `.AllDifferent~…` of nine boxes (an
//! extra region), `.Windoku`, `.AntiKnight`, `.AntiKing`, `.Diagonal~-1` (A1..I9, ISS's `╲`),
//! `.Diagonal~1` (A9..I1, `╱`), `.Shape~9x9`. Any other type is refused by name: Propagate
//! does not read it, and solving without it would give a wrong answer.
//!
//! Written: `.NoBoxes.Jigsaw~…` for regions, the constraints in order, then the givens as one
//! `.~R1C1_5~…` item.

use super::error::{FormatError, FormatKind};
use super::{gather_windoku, parse_rc, rc};
use crate::puzzle::{Constraint, Puzzle};
use crate::topology::Cell;

/// An item as an error's field shows it: its first 40 characters.
fn shown(item: &str) -> String {
    let mut s: String = format!(".{item}").chars().take(40).collect();
    if s.chars().count() < item.chars().count() + 1 {
        s.push('…');
    }
    s
}

#[cold]
#[inline(never)]
fn bad(item: &str, detail: impl Into<String>) -> FormatError {
    FormatError::new(FormatKind::Field, detail).field(shown(item))
}

/// A box argument, or an error naming the item.
fn cell_arg(item: &str, arg: &str) -> Result<Cell, FormatError> {
    parse_rc(arg).ok_or_else(|| {
        let a: String = arg.chars().take(20).collect();
        bad(item, format!("{a:?} is not a box R1C1..R9C9"))
    })
}

/// Distinct boxes, at most nine.
fn cells_arg(item: &str, args: &[&str]) -> Result<Vec<Cell>, FormatError> {
    let mut cells = Vec::new();
    for arg in args {
        let cell = cell_arg(item, arg)?;
        if cells.contains(&cell) {
            return Err(bad(item, format!("box {cell} is listed twice")).cell(cell));
        }
        cells.push(cell);
    }
    if cells.is_empty() {
        return Err(bad(item, "no boxes"));
    }
    if cells.len() > 9 {
        return Err(bad(
            item,
            format!("{} boxes: at most 9 hold different digits", cells.len()),
        ));
    }
    Ok(cells)
}

/// Reads an ISS constraint string.
#[inline(never)]
pub fn read(text: &str) -> Result<Puzzle, FormatError> {
    let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(body) = s.strip_prefix('.') else {
        return Err(FormatError::new(
            FormatKind::Field,
            "an ISS constraint string starts with \".\"",
        ));
    };
    let mut givens = [0u8; 81];
    let mut constraints: Vec<Constraint> = Vec::new();
    let mut layout: Option<[u8; 81]> = None;
    let mut no_boxes = false;
    for item in body.split('.') {
        let mut parts = item.split('~');
        let kind = parts.next().unwrap_or("");
        let args: Vec<&str> = parts.collect();
        let once = |constraints: &mut Vec<Constraint>, c: Constraint| {
            if !constraints.contains(&c) {
                constraints.push(c);
            }
        };
        match kind {
            "" if item.is_empty() => {}
            "" => {
                for arg in &args {
                    let (cell, values) = arg.split_once('_').unwrap_or((arg, ""));
                    let cell = cell_arg(item, cell)?;
                    let value = match values.as_bytes() {
                        [d @ b'1'..=b'9'] => d - b'0',
                        _ if values.contains('_') => {
                            return Err(FormatError::unsupported(
                                "Given",
                                format!(
                                    "box {cell} is given several candidates (Given {values}), which Propagate does not read"
                                ),
                            )
                            .field(shown(item))
                            .cell(cell))
                        }
                        _ => {
                            return Err(bad(item, format!("box {cell}: {values:?} is not a digit 1-9"))
                                .cell(cell))
                        }
                    };
                    let before = givens[cell.index()];
                    if before != 0 && before != value {
                        return Err(
                            bad(item, format!("box {cell} is given {before} and {value}"))
                                .cell(cell),
                        );
                    }
                    givens[cell.index()] = value;
                }
            }
            "Cage" => {
                let Some((sum, cells)) = args.split_first() else {
                    return Err(bad(
                        item,
                        "a cage has a sum (or an empty one) and its boxes",
                    ));
                };
                // ISS reads an empty sum as 0 and builds a cage of sum 0 as its boxes all
                // different, with no sum (its `SudokuBuilder`): a cage without a sum.
                let sum = match sum.trim() {
                    "" => None,
                    t => Some(
                        t.parse::<u16>()
                            .ok()
                            .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
                            .ok_or_else(|| {
                                bad(item, format!("the sum {t:?} is not a whole number"))
                            })?,
                    )
                    .filter(|&s| s != 0),
                };
                let cells = cells_arg(item, cells)?;
                constraints.push(Constraint::Cage { cells, sum });
            }
            "AllDifferent" => {
                let cells = cells_arg(item, &args)?;
                if cells.len() != 9 {
                    return Err(FormatError::unsupported(
                        "AllDifferent",
                        format!(
                            "{} boxes all different: Propagate reads sets of nine (an extra region)",
                            cells.len()
                        ),
                    )
                    .field(shown(item)));
                }
                constraints.push(Constraint::ExtraRegion(cells));
            }
            "Jigsaw" => {
                let text = match args.as_slice() {
                    [layout] | [_, layout] => *layout,
                    _ => return Err(bad(item, "a jigsaw has one layout of 81 characters")),
                };
                layout = Some(read_layout(item, text)?);
            }
            "NoBoxes" => no_boxes = true,
            "Windoku" => once(&mut constraints, Constraint::Windoku),
            "AntiKnight" => once(&mut constraints, Constraint::AntiKnight),
            "AntiKing" => once(&mut constraints, Constraint::AntiKing),
            "Diagonal" => match args.as_slice() {
                ["1"] => once(&mut constraints, Constraint::AntiDiagonal),
                ["-1"] => once(&mut constraints, Constraint::Diagonal),
                _ => return Err(bad(item, "a diagonal is ~1 (╱, A9..I1) or ~-1 (╲, A1..I9)")),
            },
            "Shape" => {
                let spec = args.join("~");
                if !["9x9", "9x9~9", "9x9~1-9", ""].contains(&spec.as_str()) {
                    return Err(FormatError::new(
                        FormatKind::Size,
                        format!(
                            "the shape {spec:?}: Propagate reads 9×9 puzzles of digits 1-9 only"
                        ),
                    )
                    .field(shown(item)));
                }
            }
            other => {
                let name: String = other.chars().take(40).collect();
                return Err(FormatError::unsupported(
                    &name,
                    format!(
                        "the puzzle uses {name}, which Propagate does not read: solving it without it would give a wrong answer"
                    ),
                )
                .field(shown(item)));
            }
        }
    }
    let regions = match (layout, no_boxes) {
        (Some(l), true) => (!super::fpuzzles::is_squares(&l)).then_some(l),
        (Some(l), false) => {
            // Regions besides the squares: nine extra regions.
            if !super::fpuzzles::is_squares(&l) {
                for k in 0..9u8 {
                    let cells: Vec<Cell> = Cell::all().filter(|c| l[c.index()] == k).collect();
                    constraints.push(Constraint::ExtraRegion(cells));
                }
            }
            None
        }
        (None, true) => return Err(FormatError::unsupported(
            "NoBoxes",
            "a grid without regions (NoBoxes and no jigsaw layout), which Propagate does not read",
        )
        .field(".NoBoxes")),
        (None, false) => None,
    };
    gather_windoku(&mut constraints);
    Ok(Puzzle {
        givens,
        regions,
        constraints,
        title: None,
        author: None,
    })
}

/// A jigsaw layout: 81 characters, nine kinds of nine each; regions numbered in order of first
/// appearance.
fn read_layout(item: &str, text: &str) -> Result<[u8; 81], FormatError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 81 {
        return Err(bad(
            item,
            format!("the layout has {} characters: one per box, 81", chars.len()),
        ));
    }
    let mut names: Vec<char> = Vec::new();
    let mut layout = [0u8; 81];
    for (i, c) in chars.iter().enumerate() {
        let k = match names.iter().position(|n| n == c) {
            Some(k) => k,
            None => {
                names.push(*c);
                names.len() - 1
            }
        };
        if k >= 9 {
            return Err(bad(item, "the layout has more than nine regions").cell(Cell(i as u8)));
        }
        layout[i] = k as u8;
    }
    for (k, name) in names.iter().enumerate() {
        let n = layout.iter().filter(|&&x| x as usize == k).count();
        if n != 9 {
            return Err(bad(
                item,
                format!("region {name:?} has {n} boxes: each of the nine regions has 9"),
            ));
        }
    }
    if names.len() != 9 {
        return Err(bad(
            item,
            format!("{} regions: a jigsaw has nine", names.len()),
        ));
    }
    Ok(layout)
}

/// Writes a puzzle as an ISS constraint string.
#[inline(never)]
pub fn write(p: &Puzzle) -> String {
    let mut out = String::new();
    let cells = |cells: &[Cell]| {
        cells
            .iter()
            .map(|&c| format!("~{}", rc(c)))
            .collect::<String>()
    };
    if let Some(regions) = &p.regions {
        out.push_str(".NoBoxes.Jigsaw~");
        // Numbered by first appearance, as ISS writes layouts.
        let mut order: Vec<u8> = Vec::new();
        for &r in regions.iter() {
            let k = order.iter().position(|&o| o == r).unwrap_or_else(|| {
                order.push(r);
                order.len() - 1
            });
            out.push((b'0' + k as u8) as char);
        }
    }
    for c in &p.constraints {
        match c {
            Constraint::Diagonal => out.push_str(".Diagonal~-1"),
            Constraint::AntiDiagonal => out.push_str(".Diagonal~1"),
            Constraint::Windoku => out.push_str(".Windoku"),
            Constraint::AntiKnight => out.push_str(".AntiKnight"),
            Constraint::AntiKing => out.push_str(".AntiKing"),
            Constraint::ExtraRegion(cs) => out.push_str(&format!(".AllDifferent{}", cells(cs))),
            Constraint::Cage { cells: cs, sum } => {
                let sum = sum.map_or(String::new(), |s| s.to_string());
                out.push_str(&format!(".Cage~{sum}{}", cells(cs)));
            }
        }
    }
    let givens: String = Cell::all()
        .filter(|c| (1..=9).contains(&p.givens[c.index()]))
        .map(|c| format!("~{}_{}", rc(c), p.givens[c.index()]))
        .collect();
    if !givens.is_empty() {
        out.push('.');
        out.push_str(&givens);
    }
    if out.is_empty() {
        // A puzzle with nothing in it still reads back: the default shape.
        out.push_str(".Shape~9x9");
    }
    out
}
