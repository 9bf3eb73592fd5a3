//! A forcing step's branches (format 4, `chains` with `conclude`), checked against the
//! candidates in force before the step:
//! - the premises: one branch whose premise is a candidate there, on or off (`contradiction`);
//!   or (`agree`) a candidate on and the same candidate off, every digit of a box on, or every
//!   place of a digit in a unit on;
//! - every other node is a candidate there and follows from its parents, earlier nodes of its
//!   branch: an off from an on in the same box (another digit) or of the same digit in a box
//!   that sees it (a weak link); an on from offs that are every other digit of its box, or every
//!   other place of its digit in one of its units (a strong link); a node a technique derived
//!   inside a net (`by`) is what that technique removes from the branch's grid so far (the
//!   state with every earlier node of the branch applied), or, for a forcing chain nested in the
//!   branch, a candidate whose "on" contradicts over that grid's own links;
//! - the conclusion: a `contradiction` branch holds a candidate on and off, or every digit of a
//!   box off, or every place of a digit in a unit off, and the step removes the premise (its
//!   "on") or places it (its "off"); in an `agree` step every branch ends on the same literal,
//!   which the step makes (a removal, or the box set to the digit); one box changes.

use crate::digits::Digits;
use crate::grid::Grid;
use crate::registry::{apply_once, position};
use crate::strategy::implication::{lit, Depth, End, Engine};
use crate::topology::{Cell, Topology};
use crate::trace::{Conclude, Forcing, NetNode};

/// What is wrong, and where: the field (`chains[b].nodes[i]`, ...) and why.
pub type ForcingFail = (String, String);

fn fail(field: impl Into<String>, why: impl Into<String>) -> ForcingFail {
    (field.into(), why.into())
}

fn name(n: &NetNode) -> String {
    format!("{}{}{}", n.cell, if n.on { "=" } else { "≠" }, n.digit)
}

/// Checks `f` against `before`, the candidates before its step, whose one change is `change`
/// (the box, its candidates after). Module doc.
pub fn check_forcing(
    topo: &Topology,
    before: &[Digits; 81],
    f: &Forcing,
    change: (Cell, Digits),
) -> Result<(), ForcingFail> {
    if f.chains.is_empty() || f.chains.iter().any(|c| c.is_empty()) {
        return Err(fail(
            "chains",
            "a forcing step has a branch or more, none empty",
        ));
    }
    for (b, chain) in f.chains.iter().enumerate() {
        branch(topo, before, chain, b)?;
    }
    let premises: Vec<&NetNode> = f.chains.iter().map(|c| &c[0]).collect();
    let (cell, after) = change;
    let was = before[cell.index()];
    match f.conclude {
        Conclude::Contradiction => {
            if f.chains.len() != 1 {
                return Err(fail("chains", "a contradiction has one branch"));
            }
            let chain = &f.chains[0];
            if !contradicts(topo, before, chain) {
                return Err(fail(
                    "chains[0]",
                    "holds no contradiction: no candidate on and off, no box or unit emptied",
                ));
            }
            made(premises[0], !premises[0].on, cell, was, after)
        }
        Conclude::Agree => {
            if f.chains.len() < 2 {
                return Err(fail("chains", "an agreement has two branches or more"));
            }
            covers(topo, before, &premises)?;
            let last = f.chains[0].last().unwrap();
            for (b, chain) in f.chains.iter().enumerate() {
                let l = chain.last().unwrap();
                if (l.cell, l.digit, l.on) != (last.cell, last.digit, last.on) {
                    return Err(fail(
                        format!("chains[{b}]"),
                        format!("ends on {}, branch 0 on {}", name(l), name(last)),
                    ));
                }
            }
            made(last, last.on, cell, was, after)
        }
    }
}

/// The step makes `n`'s candidate on (`on`) or off: the one change.
fn made(n: &NetNode, on: bool, cell: Cell, was: Digits, after: Digits) -> Result<(), ForcingFail> {
    let want = if on {
        Digits::single(n.digit)
    } else {
        was.without(Digits::single(n.digit))
    };
    if cell != n.cell || after != want || was == want {
        return Err(fail(
            "changes",
            format!(
                "the branches conclude {}{}{}, the step changes {cell} from \"{was}\" to \"{after}\"",
                n.cell,
                if on { "=" } else { "≠" },
                n.digit
            ),
        ));
    }
    Ok(())
}

/// The premises of an agreement cover every case: a candidate on and off, a box's digits, or a
/// digit's places in a unit.
fn covers(topo: &Topology, before: &[Digits; 81], ps: &[&NetNode]) -> Result<(), ForcingFail> {
    if ps.len() == 2
        && (ps[0].cell, ps[0].digit) == (ps[1].cell, ps[1].digit)
        && ps[0].on != ps[1].on
    {
        return Ok(());
    }
    if ps.iter().all(|p| p.on) {
        let c = ps[0].cell;
        let digits = ps.iter().fold(Digits::default(), |d, p| d.with(p.digit));
        if ps.iter().all(|p| p.cell == c)
            && digits == before[c.index()]
            && ps.len() as u32 == digits.len()
        {
            return Ok(());
        }
        let d = ps[0].digit;
        let cells = ps.iter().fold(0u128, |s, p| s | 1 << p.cell.0);
        if ps.iter().all(|p| p.digit == d) && cells.count_ones() as usize == ps.len() {
            for u in topo.all_units() {
                let places = Cell::all()
                    .filter(|c| topo.boxes(u) >> c.0 & 1 != 0 && before[c.index()].contains(d))
                    .fold(0u128, |s, c| s | 1 << c.0);
                if places == cells {
                    return Ok(());
                }
            }
        }
    }
    Err(fail(
        "chains",
        "the premises are not every case: a candidate on and off, every digit of a box, or every place of a digit in a unit",
    ))
}

/// Whether a branch holds a contradiction.
fn contradicts(topo: &Topology, before: &[Digits; 81], chain: &[NetNode]) -> bool {
    let mut on = [0u128; 9];
    let mut off = [0u128; 9];
    for n in chain {
        let s = if n.on { &mut on } else { &mut off };
        s[n.digit as usize - 1] |= 1 << n.cell.0;
    }
    if (0..9).any(|d| on[d] & off[d] != 0) {
        return true;
    }
    for c in Cell::all() {
        let ds = before[c.index()];
        if !ds.is_empty() && ds.iter().all(|d| off[d as usize - 1] >> c.0 & 1 != 0) {
            return true;
        }
    }
    for u in topo.all_units() {
        for d in 1..=9u8 {
            let places = Cell::all()
                .filter(|c| topo.boxes(u) >> c.0 & 1 != 0 && before[c.index()].contains(d))
                .fold(0u128, |s, c| s | 1 << c.0);
            if places != 0 && places & !off[d as usize - 1] == 0 {
                return true;
            }
        }
    }
    false
}

/// One branch: its premise, then each node from its parents (module doc).
fn branch(
    topo: &Topology,
    before: &[Digits; 81],
    chain: &[NetNode],
    b: usize,
) -> Result<(), ForcingFail> {
    let at = |i: usize| format!("chains[{b}].nodes[{i}]");
    for (i, n) in chain.iter().enumerate() {
        if !before[n.cell.index()].contains(n.digit) {
            return Err(fail(
                at(i),
                format!(
                    "{}: {} holds \"{}\" before the step",
                    name(n),
                    n.cell,
                    before[n.cell.index()]
                ),
            ));
        }
        if i == 0 {
            if !n.parents.is_empty() || n.by.is_some() {
                return Err(fail(at(0), "the premise follows from nothing"));
            }
            continue;
        }
        if n.parents.is_empty() || n.parents.iter().any(|&p| p as usize >= i) {
            return Err(fail(
                at(i),
                "a node's parents are earlier nodes of its branch",
            ));
        }
        let parents: Vec<&NetNode> = n.parents.iter().map(|&p| &chain[p as usize]).collect();
        let ok = match n.by {
            None if !n.on => parents.iter().any(|p| {
                p.on && ((p.cell == n.cell && p.digit != n.digit)
                    || (p.digit == n.digit && topo.sees(p.cell, n.cell)))
            }),
            None => {
                let off =
                    |c: Cell, d: u8| parents.iter().any(|p| !p.on && p.cell == c && p.digit == d);
                let cell_single = before[n.cell.index()]
                    .iter()
                    .all(|d| d == n.digit || off(n.cell, d));
                let unit_single = topo.units_of(n.cell).iter().any(|&u| {
                    topo.unit(u).iter().all(|&c| {
                        c == n.cell || !before[c.index()].contains(n.digit) || off(c, n.digit)
                    })
                });
                cell_single || unit_single
            }
            // A nested net adds the contradictions of one scan together, each found on the
            // grid before the scan: the node follows from the nodes before its run of nested
            // nodes, or from more of them (any earlier nodes are the branch's facts, so every
            // prefix is sound; a removal can break a static link, so a longer one may not do).
            Some(p) if !n.on && Some(p) == position("digit_forcing_chains") => {
                let mut start = i;
                while start > 0 && chain[start - 1].by == Some(p) {
                    start -= 1;
                }
                (start..=i)
                    .rev()
                    .any(|k| inner(topo, before, &chain[..k], p, n))
            }
            Some(p) => !n.on && inner(topo, before, &chain[..i], p, n),
        };
        if !ok {
            return Err(fail(
                at(i),
                format!("{} does not follow from its parents", name(n)),
            ));
        }
    }
    Ok(())
}

/// Whether the technique at `p` removes `n` from the branch's grid after `earlier`.
fn inner(
    topo: &Topology,
    before: &[Digits; 81],
    earlier: &[NetNode],
    p: crate::trace::Position,
    n: &NetNode,
) -> bool {
    let mut cells = *before;
    for e in earlier {
        let c = &mut cells[e.cell.index()];
        *c = if e.on {
            Digits::single(e.digit)
        } else {
            c.without(Digits::single(e.digit))
        };
    }
    let g = Grid::from_cells(cells);
    if Some(p) == position("digit_forcing_chains") {
        let mut engine = Engine::new(&g, topo, Depth::Static);
        return g.get(n.cell).contains(n.digit)
            && engine.run(lit(n.cell, n.digit, true)) == End::Contradiction;
    }
    let mut after = g;
    // A net asks its pass's first step; any removal of the pass is as sound.
    if apply_once(p, &mut after, topo).is_err() && !after.get(n.cell).contains(n.digit) {
        return true;
    }
    g.get(n.cell).contains(n.digit) && !after.get(n.cell).contains(n.digit)
}
