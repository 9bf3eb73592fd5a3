//! A hint from a position: the next step of the rating's walk (the easiest step available,
//! `crate::rating::Walk`), told in three levels as the trainers tell it: the technique to look
//! for, where (the units or the box, and the digit), and the step itself, captioned as the
//! page captions a trace's step. A wrong digit, or a removed candidate the solution needs, is
//! pointed out instead of any hint built on it.

use crate::digits::Digits;
use crate::easiest::Found;
use crate::grid::Grid;
use crate::rating::{unique, Next, Technique, Walk};
use crate::registry::info;
use crate::topology::{Cell, Topology, Unit};
use crate::trace::{ChainNode, Conclude, Forcing, Link, NetNode, NoTrace, StrategySet};
use crate::verdict::verdict_in;

/// Nodes the verdict engine may visit to find the solution mistakes are told against.
const SOLUTION_NODES: u64 = 2_000_000;

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// Boxes that disagree with the puzzle's unique solution: `wrong`, solved as another digit;
    /// `removed`, not solved, and without the digit the solution puts there.
    Mistakes {
        wrong: Vec<Cell>,
        removed: Vec<Cell>,
    },
    /// The grid has no solution, and no givens were given to tell which box is wrong.
    NoSolution,
    /// Every box is solved: nothing left to hint.
    Solved,
    /// No strategy of the ladder applies: the position needs a guess.
    Stuck,
    /// The next step.
    Step(Box<HintStep>),
}

/// The next step, and its three levels.
#[derive(Clone, Debug, PartialEq)]
pub struct HintStep {
    pub technique: Technique,
    /// The step, as the strategy makes it.
    pub found: Found,
    /// The candidates of each changed box before the step (the changes' `before`), in the
    /// order of `found.changes()`.
    pub before: Vec<Digits>,
    /// (1) the technique to look for, (2) where, (3) the step captioned.
    pub levels: [String; 3],
    /// The grid the hint was built on (after the givens' bookkeeping, for a puzzle without
    /// pencil marks), with the step made.
    pub after: Grid,
}

/// The hint for `grid` in the topology `topo` (a classic shape's, or a variant puzzle's: its
/// units are named as the topology names them). `givens`, when the caller knows which boxes are
/// the puzzle's givens: the mistakes are then told against the givens' unique solution, box by
/// box; without, against the grid's own (a grid without a solution is [`Hint::NoSolution`]).
///
/// A grid whose unsolved boxes all hold every digit (a puzzle as typed, no pencil marks) gets
/// the givens' candidate bookkeeping first, silently, as a trainer shows its candidates; a
/// candidate grid is hinted as it is, bookkeeping steps included.
pub fn hint(grid: &Grid, givens: Option<&Grid>, topo: &Topology) -> Hint {
    if let Some(mistakes) = mistakes(grid, givens, topo) {
        return mistakes;
    }
    let mut g = *grid;
    // No mistake: the grid holds the givens' solution. The uniqueness strategies step when it
    // holds no other.
    let one = unique(grid, topo, StrategySet::ALL, SOLUTION_NODES);
    let mut walk = Walk::new(&g, topo, StrategySet::ALL, one);
    let plain = g
        .cells()
        .iter()
        .all(|d| d.solved().is_some() || *d == Digits::ALL);
    loop {
        if g.is_complete() {
            return Hint::Solved;
        }
        let next = match walk.next(&g) {
            Ok(Some(next)) => next,
            Ok(None) => return Hint::Stuck,
            Err(_) => return Hint::NoSolution,
        };
        if plain && next.technique == Technique::Bookkeeping {
            walk.take(&mut g, &next, &mut NoTrace);
            continue;
        }
        let before = next
            .found
            .changes()
            .iter()
            .map(|&(c, _)| g.get(c))
            .collect();
        let levels = levels(&next, topo);
        let mut after = g;
        walk.take(&mut after, &next, &mut NoTrace);
        return Hint::Step(Box::new(HintStep {
            technique: next.technique,
            found: next.found,
            before,
            levels,
            after,
        }));
    }
}

/// The mistakes in `grid`, if any (see [`hint`]).
fn mistakes(grid: &Grid, givens: Option<&Grid>, topo: &Topology) -> Option<Hint> {
    let solution = givens
        .map(|g| verdict_in(g, topo, 2, SOLUTION_NODES))
        .filter(|v| v.solutions == 1 && !v.capped)
        .and_then(|v| v.first);
    let Some(solution) = solution else {
        let own = verdict_in(grid, topo, 1, SOLUTION_NODES);
        return (own.solutions == 0 && !own.capped).then_some(Hint::NoSolution);
    };
    let mut wrong = Vec::new();
    let mut removed = Vec::new();
    for (i, &d) in solution.as_bytes().iter().enumerate() {
        let cell = Cell(i as u8);
        let digit = d - b'0';
        let here = grid.get(cell);
        if here.contains(digit) {
            continue;
        }
        if here.solved().is_some() {
            wrong.push(cell);
        } else {
            removed.push(cell);
        }
    }
    (!wrong.is_empty() || !removed.is_empty()).then_some(Hint::Mistakes { wrong, removed })
}

/// The three levels of a step, its units named as `topo` names them.
fn levels(next: &Next, topo: &Topology) -> [String; 3] {
    let e = &next.found.evidence;
    let digits: Vec<String> = e.digits().iter().map(|d| d.to_string()).collect();
    let digit_words = match digits.len() {
        1 => format!("digit {}", digits[0]),
        _ => format!("digits {}", list_words(&digits)),
    };
    let place = match next.technique {
        // A step of eliminate is about one box, wherever its units are.
        Technique::Bookkeeping | Technique::NakedSingle => {
            format!(
                "box {}",
                e.boxes().first().map_or(String::new(), Cell::to_string)
            )
        }
        _ if e.units().is_empty() => {
            let boxes: Vec<String> = e.boxes().iter().map(Cell::to_string).collect();
            format!("boxes {}", list_words(&boxes))
        }
        _ => {
            let units: Vec<String> = e
                .units()
                .iter()
                .map(|&u| topo.name(u).to_string())
                .collect();
            list_words(&units)
        }
    };
    let changed: Vec<Cell> = next.found.changes().iter().map(|&(c, _)| c).collect();
    [
        format!("Look for: {}", next.technique.label()),
        format!("Where: {place}, {digit_words}"),
        caption_in(
            next.found.position,
            e,
            &changed,
            next.found.chain(),
            next.found.forcing(),
            topo,
        ),
    ]
}

/// A strategy step's caption as the page writes it (`www/trace/explain.js`, `explainStep`):
/// "LABEL: " and the strategy's `CAPTION` template filled with the step's evidence and the
/// boxes it changed. The one writer of that text outside the page.
pub fn caption(
    position: crate::trace::Position,
    evidence: &crate::trace::Evidence,
    changed: &[Cell],
    chain: &[ChainNode],
) -> String {
    let s = info(position);
    format!(
        "{}: {}",
        s.label,
        fill_caption(s.caption, evidence, changed, chain)
    )
}

/// The most literals a line of a forcing branch shows in a caption; a longer line keeps its
/// first and last [`FOLD_KEEP`] and says how many it leaves out between.
pub const FOLD_AFTER: usize = 7;
/// The literals kept at each end of a folded line.
pub const FOLD_KEEP: usize = 3;

/// A forcing node as a literal: `r1c3=5` (on) or `r1c3≠5` (off).
fn literal(n: &NetNode) -> String {
    format!(
        "r{}c{}{}{}",
        n.cell.row() + 1,
        n.cell.col() + 1,
        if n.on { '=' } else { '≠' },
        n.digit
    )
}

/// The lines of a forcing branch (docs/trace-format.md, "Forcing steps"), each from its premise to
/// one of its ends (a node no later node follows from: the concluded literal, or a node of the
/// contradiction), each node reached from its first parent: the nodes' indices.
pub fn branch_lines(branch: &[NetNode]) -> Vec<Vec<usize>> {
    let mut followed = vec![false; branch.len()];
    for n in branch {
        for &p in &n.parents {
            if let Some(f) = followed.get_mut(p as usize) {
                *f = true;
            }
        }
    }
    (0..branch.len())
        .filter(|&i| !followed[i])
        .map(|end| {
            let mut line = vec![end];
            let mut at = end;
            while let Some(&p) = branch[at].parents.first() {
                if p as usize >= at {
                    break;
                }
                at = p as usize;
                line.push(at);
            }
            line.reverse();
            line
        })
        .collect()
}

/// A forcing step's branches in the notation people use, as `chainsText` in
/// `www/trace/explain.js` writes them: each branch's lines (`branch_lines`), a literal each
/// (`r1c1=5`, `r2c1≠5`) joined by ` ⇒ `, a line of more than [`FOLD_AFTER`] literals folded
/// (` ⇒ … (4 more) ⇒ `), a branch whose nodes are not all on its lines (a net) followed by how
/// many more it needs, `; ` between lines; then what they show: `: either way r3c3≠4` (the
/// branches agree) or `: contradiction, so r1c1≠5` (the premise's opposite). The one writer of
/// that text in the core.
pub fn forcing_text(f: &Forcing) -> String {
    let mut lines = Vec::new();
    for branch in &f.chains {
        let all = branch_lines(branch);
        let mut on_line = vec![false; branch.len()];
        for line in &all {
            for &i in line {
                on_line[i] = true;
            }
        }
        let more = on_line.iter().filter(|&&x| !x).count();
        let count = all.len();
        for (k, line) in all.into_iter().enumerate() {
            let words: Vec<String> = line.iter().map(|&i| literal(&branch[i])).collect();
            let mut text = if words.len() > FOLD_AFTER {
                format!(
                    "{} ⇒ … ({} more) ⇒ {}",
                    words[..FOLD_KEEP].join(" ⇒ "),
                    words.len() - 2 * FOLD_KEEP,
                    words[words.len() - FOLD_KEEP..].join(" ⇒ ")
                )
            } else {
                words.join(" ⇒ ")
            };
            if k + 1 == count && more > 0 {
                text.push_str(&format!(
                    " (with {more} more node{})",
                    if more == 1 { "" } else { "s" }
                ));
            }
            lines.push(text);
        }
    }
    let end = match f.conclude {
        Conclude::Agree => f
            .chains
            .first()
            .and_then(|b| b.last())
            .map(|n| format!("either way {}", literal(n))),
        Conclude::Contradiction => f.chains.first().and_then(|b| b.first()).map(|n| {
            let opposite = NetNode {
                on: !n.on,
                ..n.clone()
            };
            format!("contradiction, so {}", literal(&opposite))
        }),
    };
    match end {
        Some(end) => format!("{}: {end}", lines.join("; ")),
        None => lines.join("; "),
    }
}

/// A step's chain in the notation the puzzle community uses, as `chainText` in
/// `www/trace/explain.js` writes it: `r2c1=1 = r2c4=1 – r5c4=1`, each node its row, column and
/// digit (a group's boxes run together where they share a row, `r1c23=5`, or a column, else
/// listed), a strong link ` = `, a weak link ` – `; a loop ends on its closing link and its
/// first node again.
pub fn chain_text(chain: &[ChainNode]) -> String {
    let rc = |c: Cell| format!("r{}c{}", c.row() + 1, c.col() + 1);
    let place = |n: &ChainNode| -> String {
        let b = n.boxes();
        if b.len() == 1 {
            rc(b[0])
        } else if b.iter().all(|c| c.row() == b[0].row()) {
            let cols: String = b.iter().map(|c| (c.col() + 1).to_string()).collect();
            format!("r{}c{cols}", b[0].row() + 1)
        } else if b.iter().all(|c| c.col() == b[0].col()) {
            let rows: String = b.iter().map(|c| (c.row() + 1).to_string()).collect();
            format!("r{rows}c{}", b[0].col() + 1)
        } else {
            b.iter().map(|&c| rc(c)).collect::<Vec<_>>().join(",")
        }
    };
    let node = |n: &ChainNode| format!("{}={}", place(n), n.digit);
    let link = |l: Option<Link>| {
        if l == Some(Link::Strong) {
            " = "
        } else {
            " – "
        }
    };
    let mut out = String::new();
    for (i, n) in chain.iter().enumerate() {
        if i > 0 {
            out.push_str(link(chain[i - 1].next));
        }
        out.push_str(&node(n));
    }
    if let (Some(first), Some(last)) = (chain.first(), chain.last()) {
        if last.next.is_some() {
            out.push_str(link(last.next));
            out.push_str(&node(first));
        }
    }
    out
}

/// [`caption`] with the units named as `topo` names them (a variant's `region 3`, `cage 2`),
/// a forcing step's `{chains}` filled from `forcing` (its template the strategy's
/// `FORCING_CAPTION` where it has one, as `explainStep` chooses).
pub fn caption_in(
    position: crate::trace::Position,
    evidence: &crate::trace::Evidence,
    changed: &[Cell],
    chain: &[ChainNode],
    forcing: Option<&Forcing>,
    topo: &Topology,
) -> String {
    let s = info(position);
    let template = match forcing {
        Some(_) if !s.forcing_caption.is_empty() => s.forcing_caption,
        _ => s.caption,
    };
    format!(
        "{}: {}",
        s.label,
        fill(template, evidence, changed, chain, forcing, &|u| topo
            .name(u)
            .to_string())
    )
}

/// Fills a caption template (the placeholders `crate::strategy::Strategy` lists), as
/// `fillCaption` in `www/trace/explain.js` does (`{chain}` from `chain`, [`chain_text`];
/// `{chains}` only in [`caption_in`], from a forcing step's branches, [`forcing_text`]): lists in words ("A1, B2 and C3"); a numbered
/// placeholder past the evidence's items, or `{digit}` without digits, is left as it is.
pub fn fill_caption(
    template: &str,
    e: &crate::trace::Evidence,
    changed: &[Cell],
    chain: &[ChainNode],
) -> String {
    fill(template, e, changed, chain, None, &|u| u.name().to_string())
}

/// [`fill_caption`], each unit named by `name`.
fn fill(
    template: &str,
    e: &crate::trace::Evidence,
    changed: &[Cell],
    chain: &[ChainNode],
    forcing: Option<&Forcing>,
    unit_name: &dyn Fn(Unit) -> String,
) -> String {
    let units: Vec<String> = e.units().iter().map(|&u| unit_name(u)).collect();
    let boxes: Vec<String> = e.boxes().iter().map(Cell::to_string).collect();
    let digits: Vec<String> = e.digits().iter().map(|d| d.to_string()).collect();
    let changed: Vec<String> = changed.iter().map(Cell::to_string).collect();
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let Some(close) = after.find('}') else {
            out.push_str(after);
            return out;
        };
        let whole = &after[..=close];
        let name = &after[1..close];
        let nth = |prefix: &str, items: &[String]| -> Option<String> {
            let k: usize = name.strip_prefix(prefix)?.parse().ok()?;
            k.checked_sub(1).and_then(|i| items.get(i)).cloned()
        };
        let filled = match name {
            "units" => Some(list_words(&units)),
            "boxes" => Some(list_words(&boxes)),
            "digits" => Some(list_words(&digits)),
            "changed" => Some(list_words(&changed)),
            "digit" => digits.first().cloned(),
            "chain" => (!chain.is_empty()).then(|| chain_text(chain)),
            "chains" => forcing.map(forcing_text),
            "sum" => e.sum().map(|s| s.to_string()),
            "combinations" if e.sum().is_some() => Some(combinations_words(e.combinations())),
            "arithmetic" => arithmetic(e, &units, &boxes),
            _ if is_numbered(name, "unit") => nth("unit", &units),
            _ if is_numbered(name, "box") => nth("box", &boxes),
            _ => None,
        };
        match filled {
            Some(text) => out.push_str(&text),
            None => out.push_str(whole),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `prefix` followed by digits only (`unit2`, `box10`), as the page's pattern reads them.
fn is_numbered(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A 45 rule step's sum worked out in words (`None` without a sum and a cage total), the one
/// writer of that text with `arithmetic` in `www/trace/explain.js`: "rows A and B hold
/// 2 × 45 = 90; the cages inside them sum to 77, so the innie C5 is 90 − 77 = 13" (innies),
/// "the cages covering row A sum to 52 and row A holds 45, so the outies B3 and B4 sum to
/// 52 − 45 = 7" (outies). Solved boxes left over count with their digits: "− 4 (solved)".
fn arithmetic(e: &crate::trace::Evidence, units: &[String], boxes: &[String]) -> Option<String> {
    let (sum, cages) = (i32::from(e.sum()?), e.cages()?);
    let n = units.len() as i32;
    let (houses, c) = (45 * n, i32::from(cages.sum));
    let names = list_words(units);
    let (hold, them) = if n == 1 {
        (format!("holds {houses}"), "it")
    } else {
        (format!("hold {n} × 45 = {houses}"), "them")
    };
    let (start, mut terms, base) = if cages.outies {
        (
            format!("the cages covering {names} sum to {c} and {names} {hold}"),
            format!("{c} − {houses}"),
            c - houses,
        )
    } else {
        (
            format!("{names} {hold}; the cages inside {them} sum to {c}"),
            format!("{houses} − {c}"),
            houses - c,
        )
    };
    let solved = sum - base;
    if solved > 0 {
        terms.push_str(&format!(" + {solved} (solved)"));
    } else if solved < 0 {
        terms.push_str(&format!(" − {} (solved)", -solved));
    }
    let side = if cages.outies { "outie" } else { "innie" };
    let what = if boxes.len() == 1 {
        format!("the {side} {} is", boxes[0])
    } else {
        format!("the {side}s {} sum to", list_words(boxes))
    };
    Some(format!("{start}, so {what} {terms} = {sum}"))
}

/// A sum's combinations in words: "{6,9} or {7,8}", "{1,2,4}".
fn combinations_words(combinations: &[crate::digits::Digits]) -> String {
    let sets: Vec<String> = combinations
        .iter()
        .map(|c| {
            let digits: Vec<String> = c.iter().map(|d| d.to_string()).collect();
            format!("{{{}}}", digits.join(","))
        })
        .collect();
    match sets.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Items in words: "A", "A and B", "A, B and C".
fn list_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::position;
    use crate::topology::Unit;
    use crate::trace::Evidence;
    use crate::verdict::verdict;
    use crate::{parse, Variant};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn topo() -> &'static Topology {
        Topology::of(Variant::Standard)
    }

    #[test]
    fn chains_are_written_as_the_page_writes_them() {
        let (s, w) = (Some(Link::Strong), Some(Link::Weak));
        let open = [
            ChainNode::new(Cell(0), 4, s),
            ChainNode::new(Cell(4), 4, w),
            ChainNode::group(&[Cell(40), Cell(41)], 4, s),
            ChainNode::group(&[Cell(44), Cell(53)], 4, None),
        ];
        assert_eq!(chain_text(&open), "r1c1=4 = r1c5=4 – r5c56=4 = r56c9=4");
        // A loop: the last node's link closes it back to the first.
        let lp = [
            ChainNode::new(Cell(0), 1, s),
            ChainNode::new(Cell(0), 2, w),
            ChainNode::group(&[Cell(10), Cell(20)], 2, w),
        ];
        assert_eq!(chain_text(&lp), "r1c1=1 = r1c1=2 – r2c2,r3c3=2 – r1c1=1");
        let e = Evidence::new(&[], &[], Digits::single(4));
        assert_eq!(
            fill_caption("{chain}: {digit} leaves {changed}", &e, &[Cell(8)], &open),
            "r1c1=4 = r1c5=4 – r5c56=4 = r56c9=4: 4 leaves A9"
        );
        assert_eq!(fill_caption("{chain}", &e, &[], &[]), "{chain}");
    }

    /// A forcing node for the tests: box `b` (0..81), `digit`, on or off, its parents.
    fn node(b: u8, digit: u8, on: bool, parents: &[u16]) -> NetNode {
        NetNode {
            cell: Cell(b),
            digit,
            on,
            by: None,
            parents: parents.to_vec(),
        }
    }

    #[test]
    fn forcing_branches_are_written_as_the_page_writes_them() {
        // A verity: A1 is 5 or 7; either way C3 loses 4.
        let agree = Forcing {
            step: 0,
            conclude: Conclude::Agree,
            nodes: 5,
            chains: vec![
                vec![
                    node(0, 5, true, &[]),
                    node(1, 5, false, &[0]),
                    node(20, 4, false, &[1]),
                ],
                vec![node(0, 7, true, &[]), node(20, 4, false, &[0])],
            ],
        };
        assert_eq!(
            forcing_text(&agree),
            "r1c1=5 ⇒ r1c2≠5 ⇒ r3c3≠4; r1c1=7 ⇒ r3c3≠4: either way r3c3≠4"
        );
        // A contradiction whose two ends are lines of their own, one long (folded), and a
        // node with two parents (a net: one of them on no line).
        let mut long = vec![node(0, 5, true, &[])];
        for i in 1..9u16 {
            long.push(node(i as u8, 5, i % 2 == 0, &[i - 1]));
        }
        long.push(node(40, 1, false, &[0]));
        long.push(node(41, 1, false, &[9, 8]));
        long.push(node(50, 2, true, &[0]));
        let contradiction = Forcing {
            step: 0,
            conclude: Conclude::Contradiction,
            nodes: long.len() as u32,
            chains: vec![long],
        };
        assert_eq!(
            branch_lines(&contradiction.chains[0]),
            vec![vec![0, 9, 10], vec![0, 11]]
        );
        assert_eq!(
            forcing_text(&contradiction),
            "r1c1=5 ⇒ r5c5≠1 ⇒ r5c6≠1; r1c1=5 ⇒ r6c6=2 (with 8 more nodes): contradiction, so r1c1≠5"
        );
        let folded = Forcing {
            chains: vec![contradiction.chains[0][..9].to_vec()],
            ..contradiction
        };
        assert_eq!(
            forcing_text(&folded),
            "r1c1=5 ⇒ r1c2≠5 ⇒ r1c3=5 ⇒ … (3 more) ⇒ r1c7=5 ⇒ r1c8≠5 ⇒ r1c9=5: contradiction, so r1c1≠5"
        );
        let e = Evidence::new(&[], &[Cell(0)], Digits::single(5));
        let dfc = position("digit_forcing_chains").unwrap();
        let caption = caption_in(dfc, &e, &[Cell(0)], &[], Some(&folded), topo());
        assert!(caption.ends_with(&forcing_text(&folded)), "{caption}");
        assert!(!caption.contains('{'), "{caption}");
    }

    #[test]
    fn captions_fill_as_the_page_fills_them() {
        let e = Evidence::new(
            &[Unit(18), Unit(0)],
            &[Cell(0), Cell(1), Cell(2)],
            Digits::from_bits(0b1010),
        );
        let t =
            "{units} | {boxes} | {digits} | {digit} | {unit2} | {box3} | {box4} | {changed} | {x}";
        assert_eq!(
            fill_caption(t, &e, &[Cell(9)], &[]),
            "square A1-C3 and row A | A1, A2 and A3 | 2 and 4 | 2 | row A | A3 | {box4} | B1 | {x}"
        );
        let only = position("only_choice").unwrap();
        let e = Evidence::new(&[Unit(0)], &[Cell(4)], Digits::single(3));
        assert_eq!(
            caption(only, &e, &[Cell(4)], &[]),
            "Only choice: in row A, 3 fits only in A5, so A5 is 3"
        );
    }

    #[test]
    fn a_puzzle_s_first_hint_is_a_single_after_the_givens_bookkeeping() {
        let grid = parse(EASY, Variant::Standard).unwrap();
        let Hint::Step(step) = hint(&grid, None, topo()) else {
            panic!("a step");
        };
        assert_eq!(
            step.technique,
            Technique::HiddenSingleSquare { region: false }
        );
        assert_eq!(step.found.position, position("only_choice").unwrap());
        assert_eq!(step.levels[0], "Look for: Hidden single in a square");
        assert!(
            step.levels[1].starts_with("Where: square "),
            "{:?}",
            step.levels
        );
        assert!(
            step.levels[2].starts_with("Only choice: in square "),
            "{:?}",
            step.levels
        );
        // The step is made on the grid after the bookkeeping: it places one digit there.
        let (cell, after) = step.found.changes()[0];
        assert_eq!(step.after.get(cell), after);
        assert_eq!(after.len(), 1);
        assert!(step.before[0].len() > 1);
    }

    #[test]
    fn a_candidate_grid_is_hinted_as_it_is() {
        // A1 = 4 and nothing else known.
        let mut fields: Vec<String> = (0..81).map(|_| "123456789".to_string()).collect();
        fields[0] = "4".into();
        let grid = parse(&fields.join(" "), Variant::Standard).unwrap();
        // Every other box still holds every digit: read as a puzzle, its bookkeeping done
        // silently, after which no strategy applies to a single given.
        assert_eq!(hint(&grid, None, topo()), Hint::Stuck);
        let mut fields: Vec<String> = (0..81).map(|_| "123456789".to_string()).collect();
        fields[0] = "4".into();
        fields[1] = "12356789".into();
        let grid = parse(&fields.join(" "), Variant::Standard).unwrap();
        let Hint::Step(step) = hint(&grid, None, topo()) else {
            panic!("a step");
        };
        // With pencil marks (A2 lost its 4), the grid is hinted as it is: A1's bookkeeping.
        assert_eq!(step.technique, Technique::Bookkeeping);
        assert_eq!(step.levels[1], "Where: box A1, digit 4");
    }

    /// The grid a walk told `unique` reaches from `puzzle` just before its first uniqueness
    /// step.
    fn before_uniqueness(puzzle: &str) -> Grid {
        let mut g = parse(puzzle, Variant::Standard).unwrap();
        let mut walk = Walk::new(&g, topo(), StrategySet::ALL, true);
        while let Some(next) = walk.next(&g).unwrap() {
            if StrategySet::UNIQUENESS.contains(next.technique.position()) {
                return g;
            }
            walk.take(&mut g, &next, &mut NoTrace);
            walk.place_silent(&g);
        }
        panic!("no uniqueness step");
    }

    #[test]
    fn a_unique_rectangle_is_hinted_where_the_puzzle_has_one_solution() {
        // top95's 73rd has one solution: where the walk needs a unique rectangle, so does the
        // hint.
        let one =
            "249.6...3.3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3...";
        let givens = parse(one, Variant::Standard).unwrap();
        let Hint::Step(step) = hint(&before_uniqueness(one), Some(&givens), topo()) else {
            panic!("a step");
        };
        assert_eq!(step.found.position, position("unique_rectangles").unwrap());
        // Without the given at A7 it has more than one: the same pattern is no hint.
        let many =
            "249.6.....3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3...";
        let givens = parse(many, Variant::Standard).unwrap();
        match hint(&before_uniqueness(many), Some(&givens), topo()) {
            Hint::Step(step) => assert!(!StrategySet::UNIQUENESS.contains(step.found.position)),
            other => assert_eq!(other, Hint::Stuck),
        }
    }

    #[test]
    fn mistakes_come_before_any_hint() {
        let givens = parse(EASY, Variant::Standard).unwrap();
        let solution = verdict(&givens, Variant::Standard, 2, 1000).first.unwrap();
        // A1 placed wrong, A2 without its digit.
        let mut grid = givens;
        let s = solution.as_bytes();
        let wrong = if s[0] == b'1' { 2 } else { 1 };
        grid.set(Cell(0), Digits::single(wrong), &mut NoTrace);
        grid.set(
            Cell(1),
            Digits::ALL.without(Digits::single(s[1] - b'0')),
            &mut NoTrace,
        );
        assert_eq!(
            hint(&grid, Some(&givens), topo()),
            Hint::Mistakes {
                wrong: vec![Cell(0)],
                removed: vec![Cell(1)]
            }
        );
        // Without the givens: the grid with a wrong digit has no solution... or another one;
        // either way no hint is built on a grid without a solution.
        match hint(&grid, None, topo()) {
            Hint::NoSolution | Hint::Step(_) | Hint::Stuck => {}
            other => panic!("{other:?}"),
        }
        // The solution itself: nothing left.
        assert_eq!(
            hint(&solution.to_grid(), Some(&givens), topo()),
            Hint::Solved
        );
    }
}

/// Hints in variant puzzles: the walk on the puzzle's own topology, its units named as the
/// topology names them, mistakes told against the variant's solution.
#[cfg(test)]
mod variant_tests {
    use super::*;
    use crate::parse::parse_in;
    use crate::puzzle::Puzzle;

    /// The page's jigsaw and killer samples (www/app/samples.js).
    const JIGSAW: &str = ".NoBoxes.Jigsaw~000000012345505012345555112345511112344466212334666222334466667388887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9";
    const KILLER: &str = ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9";

    fn open(text: &str) -> (Puzzle, Topology, Grid) {
        let puzzle = crate::formats::read(text).unwrap().unwrap();
        let topo = puzzle.topology().unwrap();
        let grid = puzzle.grid(&topo).unwrap();
        (puzzle, topo, grid)
    }

    /// Hints taken and applied from the givens until the grid is solved: every step is one of
    /// the puzzle's own deductions (the end is its unique solution).
    fn walk_to_the_end(topo: &Topology, givens: &Grid) -> (Grid, Vec<HintStep>) {
        let mut g = *givens;
        let mut steps = Vec::new();
        for _ in 0..2_000 {
            match hint(&g, Some(givens), topo) {
                Hint::Step(s) => {
                    g = s.after;
                    steps.push(*s);
                }
                Hint::Solved => return (g, steps),
                other => panic!("after {} hints: {other:?}", steps.len()),
            }
        }
        panic!("no end");
    }

    #[test]
    fn a_jigsaw_is_hinted_to_its_solution_in_its_regions() {
        let (_, topo, givens) = open(JIGSAW);
        let (end, steps) = walk_to_the_end(&topo, &givens);
        let solution = crate::verdict::verdict_in(&givens, &topo, 2, 100_000);
        assert_eq!(solution.solutions, 1);
        assert_eq!(end.to_line(), solution.first.unwrap().to_string());
        // Its units are the jigsaw's regions, named as its trace names them: never a square.
        let levels: Vec<&str> = steps.iter().map(|s| s.levels[1].as_str()).collect();
        assert!(levels.iter().any(|l| l.contains("region ")), "{levels:?}");
        assert!(!steps
            .iter()
            .any(|s| s.levels[1].contains("square") || s.levels[2].contains("square")));
    }

    #[test]
    fn a_killer_is_hinted_with_its_cages_to_its_solution() {
        let (_, topo, givens) = open(KILLER);
        let (end, steps) = walk_to_the_end(&topo, &givens);
        let v = crate::verdict::verdict_in(&givens, &topo, 2, 100_000);
        assert_eq!(end.to_line(), v.first.unwrap().to_string());
        let cage = crate::registry::position("cage_combinations").unwrap();
        let first = steps
            .iter()
            .find(|s| s.found.position == cage)
            .expect("a killer's walk uses its cages");
        // The caption names the cage's boxes, as the step's evidence holds them.
        let boxes: Vec<String> = first
            .found
            .evidence
            .boxes()
            .iter()
            .map(Cell::to_string)
            .collect();
        assert!(
            boxes.iter().all(|b| first.levels[2].contains(b.as_str())),
            "{boxes:?} in {}",
            first.levels[2]
        );
    }

    #[test]
    fn mistakes_in_a_variant_are_told_against_its_own_solution() {
        let (_, topo, givens) = open(JIGSAW);
        let solution = crate::verdict::verdict_in(&givens, &topo, 2, 100_000)
            .first
            .unwrap();
        let s = solution.as_bytes();
        // The first empty box, filled with a digit the solution does not put there.
        let i = (0..81).find(|&i| givens.get(Cell(i)).len() > 1).unwrap();
        let wrong = if s[i as usize] == b'1' { 2 } else { 1 };
        let mut g = givens;
        g.set(Cell(i), Digits::single(wrong), &mut NoTrace);
        assert_eq!(
            hint(&g, Some(&givens), &topo),
            Hint::Mistakes {
                wrong: vec![Cell(i)],
                removed: vec![]
            }
        );
    }

    #[test]
    fn a_position_is_read_in_the_variants_houses() {
        let (_, topo, _) = open(JIGSAW);
        // A1 and B2 share a square but not a region in the jigsaw above: the same digit there
        // is a conflict in Sudoku, none in the jigsaw.
        let mut line = vec![b'.'; 81];
        line[0] = b'4';
        line[10] = b'4';
        let line = String::from_utf8(line).unwrap();
        assert_ne!(
            topo.shared_unit(Cell(0), Cell(10)).map(|u| topo.name(u)),
            Some("square A1-C3")
        );
        assert!(crate::parse(&line, crate::Variant::Standard).is_err());
        let g = parse_in(&line, &topo).unwrap();
        assert_eq!(g.get(Cell(10)), Digits::single(4));
        // A1 and A2 share row A there too.
        let mut row = line.into_bytes();
        row[1] = b'4';
        let e = parse_in(std::str::from_utf8(&row).unwrap(), &topo).unwrap_err();
        assert!(matches!(e, crate::ParseError::Conflict { .. }), "{e}");
    }
}
