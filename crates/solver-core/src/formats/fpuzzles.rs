//! f-puzzles JSON, read into a [`Puzzle`] and written from one.
//!
//! Read: `size` (9 only), `grid` (9 rows of 9 cells: `value` with `given: true` is a given,
//! `region` a jigsaw region, 0–8), `diagonal-` (A1..I9), `diagonal+` (A9..I1), `antiknight`,
//! `antiking`, `killercage` (`cells` as `"R1C1"`, `value` its sum as text or a number, or none),
//! `extraregion` (nine boxes each; the four windoku squares together are windoku, as f-puzzles
//! has no windoku of its own), `title`, `author`. `ruleset`, `solution`, `disabledlogic`,
//! `truecandidatesoptions` and the cells' colours and pencil marks say nothing about the
//! solution and are skipped. Any other field that is not empty (`false`, `null`, `[]`, `{}`,
//! `""`) is a constraint Propagate does not read, and the puzzle is refused naming it; the
//! cosmetics (`cage`, `line`, `text`, `circle`, `rectangle`) too, since setters draw rules
//! with them.
//!
//! Written: the same fields, so that a puzzle read and written again reads the same.

use super::error::{FormatError, FormatKind};
use super::{gather_windoku, json_string, parse_rc, rc};
use crate::check::errors::Fail;
use crate::check::reader::{Kind, Reader};
use crate::puzzle::{Constraint, Puzzle};
use crate::topology::Cell;

/// The most rows or cells in a row read before the size is known: f-puzzles grids go to 16.
const MAX_SIDE: usize = 32;

/// One cell of `grid` as read.
#[derive(Clone, Copy, Default)]
struct CellIn {
    value: Option<u64>,
    given: bool,
    /// `None`: no `region` field; `Some(None)`: `region: null`.
    region: Option<Option<u64>>,
}

/// An error to give instead of the reader's: a refused constraint or a size.
struct Refusal {
    kind: FormatKind,
    constraint: Option<String>,
}

/// What the constraint fields Propagate does not read stand for, for the message.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("arrow", "arrows"),
    ("thermometer", "thermometers"),
    ("difference", "kropki white dots"),
    ("ratio", "kropki black dots"),
    ("xv", "XV sums"),
    ("littlekillersum", "little killer sums"),
    ("sandwichsum", "sandwich sums"),
    ("even", "even cells"),
    ("odd", "odd cells"),
    ("minimum", "minimum cells"),
    ("maximum", "maximum cells"),
    ("palindrome", "palindromes"),
    ("renban", "renban lines"),
    ("whispers", "German whispers"),
    ("betweenline", "between lines"),
    ("lockout", "lockout lines"),
    ("clone", "clones"),
    ("quadruple", "quadruples"),
    ("nonconsecutive", "the nonconsecutive rule"),
    ("disjointgroups", "disjoint groups"),
    ("cage", "cosmetic cages (which may carry a rule)"),
    ("line", "cosmetic lines (which may carry a rule)"),
    ("text", "cosmetic text (which may carry a rule)"),
    ("circle", "cosmetic circles (which may carry a rule)"),
    ("rectangle", "cosmetic rectangles (which may carry a rule)"),
];

/// Fields that say nothing about the solution.
const SKIPPED: &[&str] = &[
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Reads f-puzzles JSON.
#[inline(never)]
pub fn read(text: &str) -> Result<Puzzle, FormatError> {
    let mut r = Reader::of(text, "f-puzzles JSON");
    let mut size: Option<u64> = None;
    let mut grid: Option<Vec<Vec<CellIn>>> = None;
    let mut title = None;
    let mut author = None;
    let mut constraints: Vec<Constraint> = Vec::new();
    let mut refusal: Option<Refusal> = None;
    let result = r.entries("an f-puzzles puzzle (a JSON object)", &mut |r, key| {
        r.path_push(key.clone());
        match &*key {
            "size" => size = Some(r.uint(u64::from(u32::MAX))?),
            "title" => title = text_field(r)?,
            "author" => author = text_field(r)?,
            "grid" => grid = Some(read_grid(r, &mut refusal)?),
            "diagonal-" | "diagonal+" | "antiknight" | "antiking" => {
                if !r.null()? && r.boolean()? {
                    constraints.push(match &*key {
                        "diagonal-" => Constraint::Diagonal,
                        "diagonal+" => Constraint::AntiDiagonal,
                        "antiknight" => Constraint::AntiKnight,
                        _ => Constraint::AntiKing,
                    });
                }
            }
            "killercage" => read_cages(r, &mut constraints, &mut refusal)?,
            "extraregion" => read_extra_regions(r, &mut constraints)?,
            k if SKIPPED.contains(&k) => r.skip()?,
            k => {
                if !is_empty_value(r)? {
                    let what = UNSUPPORTED
                        .iter()
                        .find(|(name, _)| *name == k)
                        .map_or("a constraint", |(_, what)| what);
                    refusal = Some(Refusal {
                        kind: FormatKind::Unsupported,
                        constraint: Some(k.to_string()),
                    });
                    return Err(r.fail(format!(
                        "the puzzle uses {what} (\"{k}\"), which Propagate does not read: solving it without them would give a wrong answer"
                    )));
                }
            }
        }
        r.path_pop();
        Ok(())
    });
    if let Err(e) = result.and_then(|()| r.end()) {
        let mut e = FormatError::from(e);
        if let Some(refusal) = refusal {
            e.kind = refusal.kind;
            e.constraint = refusal.constraint;
            // A refused constraint is not a JSON error: where it is, not the line, matters.
            if e.kind == FormatKind::Unsupported {
                (e.line, e.column) = (None, None);
            }
        }
        return Err(e);
    }
    match size {
        None => {
            return Err(FormatError::new(
                FormatKind::Field,
                "missing: an f-puzzles puzzle has a size",
            )
            .field("size"))
        }
        Some(9) => {}
        Some(n) => {
            return Err(FormatError::new(
                FormatKind::Size,
                format!("is {n}: Propagate reads 9×9 puzzles only"),
            )
            .field("size"))
        }
    }
    let grid = grid.ok_or_else(|| {
        FormatError::new(FormatKind::Field, "missing: an f-puzzles puzzle has a grid").field("grid")
    })?;
    let (givens, regions) = givens_and_regions(&grid)?;
    gather_windoku(&mut constraints);
    Ok(Puzzle {
        givens,
        regions,
        constraints,
        title,
        author,
    })
}

/// A string, or nothing for `null`.
fn text_field(r: &mut Reader<'_>) -> Result<Option<String>, Fail> {
    if r.null()? {
        return Ok(None);
    }
    Ok(Some(r.string("a string")?.into_owned()))
}

/// Whether the next value is empty (`null`, `false`, `0`, `""`, `[]`, `{}`); reads it.
fn is_empty_value(r: &mut Reader<'_>) -> Result<bool, Fail> {
    Ok(match r.peek()? {
        Kind::Null => r.null()?,
        Kind::Bool => !r.boolean()?,
        Kind::Number => r.number()?.bytes().all(|b| matches!(b, b'0' | b'.' | b'-')),
        Kind::String => r.string("")?.is_empty(),
        Kind::List => r.list("a list", usize::MAX, &mut |r, _| r.skip())? == 0,
        Kind::Object => {
            let mut n = 0;
            r.entries("an object", &mut |r, _| {
                n += 1;
                r.skip()
            })?;
            n == 0
        }
    })
}

fn read_grid(r: &mut Reader<'_>, refusal: &mut Option<Refusal>) -> Result<Vec<Vec<CellIn>>, Fail> {
    let mut rows = Vec::new();
    r.list("a list of rows", MAX_SIDE, &mut |r, _| {
        let mut row = Vec::new();
        r.list("a list of cells", MAX_SIDE, &mut |r, _| {
            let mut cell = CellIn::default();
            r.entries("a cell (an object)", &mut |r, key| {
                r.path_push(key.clone());
                match &*key {
                    "value" => {
                        if !r.null()? {
                            cell.value = Some(r.uint(u64::from(u32::MAX))?);
                        }
                    }
                    "given" => cell.given = !r.null()? && r.boolean()?,
                    "region" => {
                        cell.region = Some(if r.null()? {
                            None
                        } else {
                            Some(r.uint(u64::from(u32::MAX))?)
                        });
                    }
                    "givenPencilMarks" => {
                        if !is_empty_value(r)? {
                            *refusal = Some(Refusal {
                                kind: FormatKind::Unsupported,
                                constraint: Some("givenPencilMarks".to_string()),
                            });
                            return Err(r.fail(
                                "given pencil marks limit a box's digits, which Propagate does not read"
                                    .to_string(),
                            ));
                        }
                    }
                    // Colours, pencil marks, highlights: nothing about the solution.
                    _ => r.skip()?,
                }
                r.path_pop();
                Ok(())
            })?;
            row.push(cell);
            Ok(())
        })?;
        rows.push(row);
        Ok(())
    })?;
    Ok(rows)
}

/// `R1C1`, or an error at the reader saying what it found.
fn read_cell(r: &mut Reader<'_>) -> Result<Cell, Fail> {
    let text = r.string("a box such as \"R1C1\"")?;
    parse_rc(&text).ok_or_else(|| {
        r.fail(format!(
            "is {}: expected a box R1C1..R9C9",
            crate::check::errors::quote(&text)
        ))
    })
}

/// A list of distinct boxes.
fn read_cells(r: &mut Reader<'_>) -> Result<Vec<Cell>, Fail> {
    let mut cells: Vec<Cell> = Vec::new();
    r.list("a list of boxes", 81, &mut |r, _| {
        let cell = read_cell(r)?;
        if cells.contains(&cell) {
            return Err(r.fail(format!("box {cell} is listed twice")));
        }
        cells.push(cell);
        Ok(())
    })?;
    Ok(cells)
}

fn read_cages(
    r: &mut Reader<'_>,
    constraints: &mut Vec<Constraint>,
    refusal: &mut Option<Refusal>,
) -> Result<(), Fail> {
    if r.null()? {
        return Ok(());
    }
    r.list("a list of cages", 81, &mut |r, _| {
        let mut cells: Option<Vec<Cell>> = None;
        let mut sum: Option<u16> = None;
        r.entries("a cage (an object)", &mut |r, key| {
            r.path_push(key.clone());
            match &*key {
                "cells" => cells = Some(read_cells(r)?),
                "value" => sum = read_sum(r)?,
                _ => r.skip()?,
            }
            r.path_pop();
            Ok(())
        })?;
        let cells = cells.unwrap_or_default();
        if cells.is_empty() {
            *refusal = Some(Refusal {
                kind: FormatKind::Unsupported,
                constraint: Some("killercage".to_string()),
            });
            return Err(
                r.fail("a killer cage without boxes, which Propagate does not read".to_string())
            );
        }
        if cells.len() > 9 {
            return Err(r.fail(format!(
                "a cage of {} boxes: a cage holds at most 9 different digits",
                cells.len()
            )));
        }
        constraints.push(Constraint::Cage { cells, sum });
        Ok(())
    })?;
    Ok(())
}

/// A cage's sum: text (`"15"`, `""` for none) or a number.
fn read_sum(r: &mut Reader<'_>) -> Result<Option<u16>, Fail> {
    match r.peek()? {
        Kind::Null => {
            r.null()?;
            Ok(None)
        }
        Kind::Number => Ok(Some(r.uint(u64::from(u16::MAX))? as u16)),
        _ => {
            let text = r.string("the cage's sum, as text or a number")?;
            let t = text.trim();
            if t.is_empty() {
                return Ok(None);
            }
            match t.parse::<u16>() {
                Ok(n) if t.bytes().all(|b| b.is_ascii_digit()) => Ok(Some(n)),
                _ => Err(r.fail(format!(
                    "is {}: expected the cage's sum, a whole number, or nothing",
                    crate::check::errors::quote(&text)
                ))),
            }
        }
    }
}

fn read_extra_regions(r: &mut Reader<'_>, constraints: &mut Vec<Constraint>) -> Result<(), Fail> {
    if r.null()? {
        return Ok(());
    }
    r.list("a list of extra regions", 81, &mut |r, _| {
        let mut cells: Option<Vec<Cell>> = None;
        r.entries("an extra region (an object)", &mut |r, key| {
            r.path_push(key.clone());
            match &*key {
                "cells" => cells = Some(read_cells(r)?),
                _ => r.skip()?,
            }
            r.path_pop();
            Ok(())
        })?;
        let cells = cells.unwrap_or_default();
        if cells.len() != 9 {
            return Err(r.fail(format!(
                "an extra region of {} boxes: Propagate reads extra regions of nine boxes",
                cells.len()
            )));
        }
        constraints.push(Constraint::ExtraRegion(cells));
        Ok(())
    })?;
    Ok(())
}

/// The givens and the regions (`None` when they are the 3×3 squares) of a grid read whole.
fn givens_and_regions(grid: &[Vec<CellIn>]) -> Result<([u8; 81], Option<[u8; 81]>), FormatError> {
    if grid.len() != 9 {
        return Err(FormatError::new(
            FormatKind::Field,
            format!("{} rows: a 9×9 grid has 9", grid.len()),
        )
        .field("grid"));
    }
    let mut givens = [0u8; 81];
    let mut regions = [0u8; 81];
    let mut jigsaw = false;
    for (row, cells) in grid.iter().enumerate() {
        if cells.len() != 9 {
            return Err(FormatError::new(
                FormatKind::Field,
                format!("{} cells: a row of a 9×9 grid has 9", cells.len()),
            )
            .field(format!("grid[{row}]")));
        }
        for (col, c) in cells.iter().enumerate() {
            let cell = Cell((row * 9 + col) as u8);
            let at = |field: &str| format!("grid[{row}][{col}].{field}");
            if c.given {
                match c.value {
                    Some(v @ 1..=9) => givens[cell.index()] = v as u8,
                    Some(v) => {
                        return Err(FormatError::new(
                            FormatKind::Field,
                            format!("is {v}: a given is a digit 1-9"),
                        )
                        .field(at("value"))
                        .cell(cell))
                    }
                    None => {
                        return Err(FormatError::new(
                            FormatKind::Field,
                            "missing: a given box has a value",
                        )
                        .field(at("value"))
                        .cell(cell))
                    }
                }
            }
            regions[cell.index()] = match c.region {
                None => ((row / 3) * 3 + col / 3) as u8,
                Some(None) => {
                    return Err(FormatError::new(
                        FormatKind::Field,
                        "is null: a box in no region, which Propagate does not read (every box is in one of nine regions)",
                    )
                    .field(at("region"))
                    .cell(cell))
                }
                Some(Some(k @ 0..=8)) => {
                    jigsaw = true;
                    k as u8
                }
                Some(Some(k)) => {
                    return Err(FormatError::new(
                        FormatKind::Field,
                        format!("is {k}: a region is numbered 0-8"),
                    )
                    .field(at("region"))
                    .cell(cell))
                }
            };
        }
    }
    if !jigsaw {
        return Ok((givens, None));
    }
    for k in 0..9u8 {
        let n = regions.iter().filter(|&&x| x == k).count();
        if n != 9 {
            return Err(FormatError::new(
                FormatKind::Field,
                format!("region {k} has {n} boxes: each of the nine regions has 9"),
            )
            .field("grid"));
        }
    }
    Ok((givens, (!is_squares(&regions)).then_some(regions)))
}

/// Whether every region is one of the 3×3 squares, whatever its number.
pub(crate) fn is_squares(regions: &[u8; 81]) -> bool {
    Cell::all().all(|cell| {
        let square = |c: Cell| (c.row() / 3, c.col() / 3);
        let top_left = Cell((square(cell).0 * 27 + square(cell).1 * 3) as u8);
        regions[cell.index()] == regions[top_left.index()]
    }) && {
        let mut seen = [false; 9];
        (0..9).all(|s| {
            let k = regions[(s / 3) * 27 + (s % 3) * 3] as usize;
            !std::mem::replace(&mut seen[k], true)
        })
    }
}

/// Writes a puzzle as f-puzzles JSON: `size`, `title` and `author` when known, `grid` (a
/// given as `{"value":5,"given":true}`, each box's `region` for jigsaw), then the constraints,
/// one field per kind in the order each kind first appears (windoku as its four extra regions).
#[inline(never)]
pub fn write(p: &Puzzle) -> String {
    let mut out = String::from("{\"size\":9");
    if let Some(t) = &p.title {
        out.push_str(&format!(",\"title\":{}", json_string(t)));
    }
    if let Some(a) = &p.author {
        out.push_str(&format!(",\"author\":{}", json_string(a)));
    }
    out.push_str(",\"grid\":[");
    for row in 0..9 {
        if row > 0 {
            out.push(',');
        }
        out.push('[');
        for col in 0..9 {
            if col > 0 {
                out.push(',');
            }
            let i = row * 9 + col;
            let mut fields = Vec::new();
            if (1..=9).contains(&p.givens[i]) {
                fields.push(format!("\"value\":{},\"given\":true", p.givens[i]));
            }
            if let Some(regions) = &p.regions {
                fields.push(format!("\"region\":{}", regions[i]));
            }
            out.push('{');
            out.push_str(&fields.join(","));
            out.push('}');
        }
        out.push(']');
    }
    out.push(']');
    let cells = |cells: &[Cell]| {
        cells
            .iter()
            .map(|&c| format!("\"{}\"", rc(c)))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut done: Vec<&str> = Vec::new();
    for c in &p.constraints {
        let key = key_of(c);
        if done.contains(&key) {
            continue;
        }
        done.push(key);
        match c {
            Constraint::Diagonal
            | Constraint::AntiDiagonal
            | Constraint::AntiKnight
            | Constraint::AntiKing => out.push_str(&format!(",\"{key}\":true")),
            Constraint::Cage { .. } => {
                let items: Vec<String> = p
                    .constraints
                    .iter()
                    .filter_map(|c| match c {
                        Constraint::Cage { cells: cs, sum } => Some(match sum {
                            Some(s) => format!("{{\"cells\":[{}],\"value\":\"{s}\"}}", cells(cs)),
                            None => format!("{{\"cells\":[{}]}}", cells(cs)),
                        }),
                        _ => None,
                    })
                    .collect();
                out.push_str(&format!(",\"killercage\":[{}]", items.join(",")));
            }
            Constraint::ExtraRegion(_) | Constraint::Windoku => {
                let mut items: Vec<String> = Vec::new();
                for c in &p.constraints {
                    match c {
                        Constraint::ExtraRegion(cs) => {
                            items.push(format!("{{\"cells\":[{}]}}", cells(cs)))
                        }
                        Constraint::Windoku => {
                            for w in super::windoku_windows() {
                                items.push(format!("{{\"cells\":[{}]}}", cells(&w)));
                            }
                        }
                        _ => {}
                    }
                }
                out.push_str(&format!(",\"extraregion\":[{}]", items.join(",")));
            }
        }
    }
    out.push('}');
    out
}

/// The f-puzzles field a constraint is written in.
fn key_of(c: &Constraint) -> &'static str {
    match c {
        Constraint::Diagonal => "diagonal-",
        Constraint::AntiDiagonal => "diagonal+",
        Constraint::AntiKnight => "antiknight",
        Constraint::AntiKing => "antiking",
        Constraint::Cage { .. } => "killercage",
        Constraint::ExtraRegion(_) | Constraint::Windoku => "extraregion",
    }
}
