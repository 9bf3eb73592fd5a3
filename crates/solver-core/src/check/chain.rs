//! A strategy step's chain, checked against the candidates in force before the step: its nodes
//! are candidates there (a group's digit a candidate of each of its boxes; a group is 2 or 3
//! boxes of one line inside one square), each once; its links alternate, strong first, and each
//! is what it says (a strong link really strong there, a weak one really weak). An open chain
//! ends on a strong link, and every candidate the step removes is weakly linked to both its
//! ends, one of which is true. A loop (format 4: as many links as nodes, the last closing it)
//! has an even number of nodes, so its closing link is weak; each of its weak links then holds
//! both ways (exactly one of its two nodes is true), and every candidate the step removes is
//! weakly linked to both nodes of one of its weak links. Groups and loops are format 4's.
//!
//! A node may also be an **almost locked set** (format 4): the boxes of an ALS (2 to 8 boxes
//! that all see each other, holding one digit more than they are boxes), its digit a candidate
//! of at least one of them, true when one of them holds it. Two nodes of the same ALS with two
//! of its digits are strongly linked (without one digit, the set's other digits fill it, so the
//! other one is in it). Weak links and eliminations read a node by its **places**: the boxes of
//! the node where its digit fits. In a loop, two strongly linked nodes of one ALS are exactly
//! one true, so the set holds its other digits: each leaves every box outside the set that sees
//! all its places there (a doubly linked ALS-XZ).

use super::errors::{bad, replay, Fail};
use super::raw::RawChain;
use crate::digits::{Digit, Digits};
use crate::topology::{Cell, Topology};
use crate::trace::{ChainNode, Change, Link, MAX_CHAIN_NODES};

/// The chain, checked (module doc), as the trace holds it.
#[inline(never)]
pub(super) fn chain(
    raw: &RawChain,
    state: &[Digits; 81],
    topo: &Topology,
    format: u32,
) -> Result<Vec<ChainNode>, Fail> {
    let n = raw.nodes.len();
    if !(2..=MAX_CHAIN_NODES).contains(&n) {
        return Err(bad(
            "chain.nodes",
            format!("lists {n} nodes: a chain has 2 to {MAX_CHAIN_NODES}"),
        ));
    }
    let is_loop = raw.links.len() == n;
    if raw.links.len() != n - 1 && !is_loop {
        return Err(bad(
            "chain.links",
            format!(
                "lists {} links for {n} nodes: a link joins each node to the next ({} links), and a loop's last node back to the first ({n})",
                raw.links.len(),
                n - 1
            ),
        ));
    }
    if is_loop && format < 4 {
        return Err(bad(
            "chain.links",
            format!("a loop in a trace of format {format}: loops are format 4's"),
        ));
    }
    let mut nodes = Vec::with_capacity(n);
    for (i, node) in raw.nodes.iter().enumerate() {
        let field = format!("chain.nodes[{i}]");
        let (boxes, digit) = (&node.boxes[..], node.digit);
        let missing: Vec<Cell> = boxes
            .iter()
            .copied()
            .filter(|c| !state[c.index()].contains(digit))
            .collect();
        // A group has the digit in every box; an ALS node in one at least.
        let mut present = missing.is_empty();
        if node.group {
            if format < 4 {
                return Err(bad(
                    field,
                    format!("a group in a trace of format {format}: groups are format 4's"),
                ));
            }
            let shape = group_shape(boxes, topo);
            let als = is_als(boxes, state, topo);
            if let (Err(why), false) = (&shape, als) {
                return Err(bad(
                    field,
                    format!("{why}, or are the boxes of an almost locked set (boxes that all see each other, holding one digit more than they are boxes)"),
                ));
            }
            if shape.is_err() || !present {
                present = als && missing.len() < boxes.len();
            }
        }
        if !present {
            let cell = missing[0];
            return Err(replay(
                field,
                format!(
                    "{cell}={digit}: {cell} holds \"{}\" at this point of the replay",
                    state[cell.index()]
                ),
            )
            .cell(cell));
        }
        let here = ChainNode::group(boxes, digit, raw.links.get(i).copied());
        if let Some(other) = nodes
            .iter()
            .find(|m: &&ChainNode| m.digit == digit && m.boxes().iter().any(|c| boxes.contains(c)))
        {
            return Err(bad(
                field,
                format!(
                    "{} shares a candidate with {}, earlier in the chain: a candidate is in a chain once",
                    name(&here),
                    name(other)
                ),
            )
            .cell(boxes[0]));
        }
        nodes.push(here);
    }
    if n % 2 != 0 {
        let why = if is_loop {
            "a loop's links alternate all the way round, so it has an even number of nodes"
        } else {
            "a chain ends on a strong link"
        };
        return Err(bad(
            "chain.links",
            format!("lists {} links for {n} nodes: {why}", raw.links.len()),
        ));
    }
    for (i, &link) in raw.links.iter().enumerate() {
        let want = if i % 2 == 0 { Link::Strong } else { Link::Weak };
        if link != want {
            return Err(bad(
                format!("chain.links[{i}]"),
                format!(
                    "is {}: a chain's links alternate, strong first ({} here)",
                    link.name(),
                    want.name()
                ),
            ));
        }
        let (a, b) = (&nodes[i], &nodes[(i + 1) % n]);
        let (holds, why) = match link {
            Link::Strong => (
                strong(a, b, state, topo),
                "not the only places of a digit in a unit, nor the only two digits of a box or of an almost locked set",
            ),
            Link::Weak => (
                weak(a, b, state, topo),
                "not one box, nor one digit in two places every box of which sees every box of the other",
            ),
        };
        if !holds {
            return Err(replay(
                format!("chain.links[{i}]"),
                format!("to {} is not {}: {why}", name(b), link.name()),
            )
            .cell(b.cell()));
        }
    }
    Ok(nodes)
}

/// A group: 2 or 3 different boxes that share a line and a square (a unit that is not a line).
fn group_shape(boxes: &[Cell], topo: &Topology) -> Result<(), String> {
    let list = || {
        boxes
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if boxes.len() < 2 || boxes.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!(
            "a group of {}: a group is 2 or 3 different boxes, in A1..I9 order",
            list()
        ));
    }
    let shared = |line: bool| {
        topo.units_of(boxes[0])
            .iter()
            .any(|&u| topo.is_line(u) == line && boxes.iter().all(|c| topo.unit(u).contains(c)))
    };
    if !shared(true) || !shared(false) {
        return Err(format!(
            "a group of {}: a group's boxes lie in one line inside one square",
            list()
        ));
    }
    Ok(())
}

/// A node in Eureka's words: `A1=5`, or a group `{A2 A3}=5`.
fn name(n: &ChainNode) -> String {
    let boxes: Vec<String> = n.boxes().iter().map(Cell::to_string).collect();
    if n.is_group() {
        format!("{{{}}}={}", boxes.join(" "), n.digit)
    } else {
        format!("{}={}", boxes[0], n.digit)
    }
}

/// Every candidate the step removes cannot be true (module doc): for an open chain it is weakly
/// linked to both ends, one of which is true; for a loop, to both nodes of one weak link, one
/// of which is true.
#[inline(never)]
pub(super) fn eliminations(
    nodes: &[ChainNode],
    changes: &[Change],
    state: &[Digits; 81],
    topo: &Topology,
) -> Result<(), Fail> {
    let n = nodes.len();
    let is_loop = ChainNode::is_loop(nodes);
    for (j, c) in changes.iter().enumerate() {
        for digit in c.before.without(c.after).iter() {
            let x = ChainNode::new(c.cell, digit, None);
            let sees = |k: usize| weak(&x, &nodes[k % n], state, topo);
            if is_loop {
                if (1..n).step_by(2).any(|k| sees(k) && sees(k + 1))
                    || locked_in_als(&x, nodes, state, topo)
                {
                    continue;
                }
                return Err(replay(
                    format!("changes[{j}].after"),
                    format!(
                        "removes {}={digit}, which is not weakly linked to both nodes of one of the loop's weak links (in a loop exactly one of those two is true, and only what sees both goes), nor sees every place of another digit of one of its almost locked sets",
                        c.cell
                    ),
                )
                .cell(c.cell));
            }
            for k in [0, n - 1] {
                if !sees(k) {
                    return Err(replay(
                        format!("changes[{j}].after"),
                        format!(
                            "removes {}={digit}, which does not see the chain's end {}: one of the chain's ends is true, and only what sees both goes",
                            c.cell,
                            name(&nodes[k])
                        ),
                    )
                    .cell(c.cell));
                }
            }
        }
    }
    Ok(())
}

/// Whether `x` (outside the set) sees every place of its digit in an almost locked set whose
/// two nodes, of two other digits, are strongly linked in the loop `nodes`. In a loop each link
/// holds both ways, so exactly one of those two nodes is true: the set lacks one of their two
/// digits, so it holds every other digit of its own, `x`'s among them.
fn locked_in_als(
    x: &ChainNode,
    nodes: &[ChainNode],
    state: &[Digits; 81],
    topo: &Topology,
) -> bool {
    let n = nodes.len();
    (0..n).step_by(2).any(|k| {
        let (a, b) = (&nodes[k], &nodes[(k + 1) % n]);
        let set = a.boxes();
        a.is_group()
            && set == b.boxes()
            && x.digit != a.digit
            && x.digit != b.digit
            && !set.contains(&x.cell())
            && set.iter().any(|c| state[c.index()].contains(x.digit))
            && weak(x, &ChainNode::group(set, x.digit, None), state, topo)
    })
}

/// At least one of the two is true: the only two digits of one box (two single-box nodes), two
/// digits of one almost locked set (two nodes of its boxes), or one digit whose places in a unit
/// are exactly the two nodes' boxes (either may be a group).
pub(crate) fn strong(a: &ChainNode, b: &ChainNode, state: &[Digits; 81], topo: &Topology) -> bool {
    if !a.is_group() && !b.is_group() && a.cell() == b.cell() {
        let (x, y) = (a.digit, b.digit);
        return x != y && state[a.cell().index()] == Digits::single(x).with(y);
    }
    if a.is_group() && a.boxes() == b.boxes() {
        return a.digit != b.digit && is_als(a.boxes(), state, topo);
    }
    let digit: Digit = a.digit;
    if b.digit != digit || a.boxes().iter().any(|c| b.boxes().contains(c)) {
        return false;
    }
    let both = || a.boxes().iter().chain(b.boxes());
    topo.units_of(a.cell()).iter().any(|&u| {
        let unit = topo.unit(u);
        both().all(|c| unit.contains(c))
            && unit
                .iter()
                .filter(|c| state[c.index()].contains(digit))
                .all(|c| both().any(|x| x == c))
    })
}

/// At most one of the two is true: one box with two digits (two single-box nodes), or one digit
/// in two nodes whose places (the boxes where the digit fits) share no box, every place of one
/// seeing every place of the other.
pub(crate) fn weak(a: &ChainNode, b: &ChainNode, state: &[Digits; 81], topo: &Topology) -> bool {
    if !a.is_group() && !b.is_group() && a.cell() == b.cell() {
        return a.digit != b.digit;
    }
    fn places<'a>(n: &'a ChainNode, state: &'a [Digits; 81]) -> impl Iterator<Item = Cell> + 'a {
        n.boxes()
            .iter()
            .copied()
            .filter(move |c| state[c.index()].contains(n.digit))
    }
    a.digit == b.digit
        && places(a, state).all(|x| places(b, state).all(|y| topo.peers(x).contains(&y)))
}

/// An almost locked set: 2 to 8 different boxes, in A1..I9 order, that all see each other and
/// hold, between them, one digit more than they are boxes.
fn is_als(boxes: &[Cell], state: &[Digits; 81], topo: &Topology) -> bool {
    let digits = boxes.iter().fold(0, |all, c| all | state[c.index()].bits());
    (2..=8).contains(&boxes.len())
        && boxes.windows(2).all(|w| w[0] < w[1])
        && boxes
            .iter()
            .enumerate()
            .all(|(i, &x)| boxes[i + 1..].iter().all(|&y| topo.sees(x, y)))
        && digits.count_ones() as usize == boxes.len() + 1
}

#[cfg(test)]
mod tests {
    use super::super::raw::{RawChain, RawNode};
    use super::*;
    use crate::topology::Variant;

    fn cell(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell((b[0] - b'A') * 9 + (b[1] - b'1'))
    }

    /// Every box holds every digit, but 1 fits row A only in A2 and A6, row B only in B1, B4
    /// and B5.
    fn state() -> [Digits; 81] {
        let mut s = [Digits::from_bits(0x1ff); 81];
        for c in Cell::all() {
            let name = c.to_string();
            let row = name.as_bytes()[0];
            let keep = match row {
                b'A' => ["A2", "A6"].contains(&name.as_str()),
                b'B' => ["B1", "B4", "B5"].contains(&name.as_str()),
                _ => true,
            };
            if !keep {
                s[c.index()] = s[c.index()].without(Digits::single(1));
            }
        }
        s
    }

    fn raw(nodes: &[&[&str]], links: &[Link]) -> RawChain {
        RawChain {
            nodes: nodes
                .iter()
                .map(|b| RawNode {
                    boxes: b.iter().map(|n| cell(n)).collect(),
                    group: b.len() > 1,
                    digit: 1,
                })
                .collect(),
            links: links.to_vec(),
        }
    }

    const S: Link = Link::Strong;
    const W: Link = Link::Weak;

    /// B1=1 = {B4 B5}=1 – A6=1 = A2=1 – B1=1: a loop with a group.
    fn grouped_loop() -> RawChain {
        raw(&[&["B1"], &["B4", "B5"], &["A6"], &["A2"]], &[S, W, S, W])
    }

    fn change(name: &str) -> Change {
        let before = Digits::from_bits(0x1ff);
        Change {
            cell: cell(name),
            before,
            after: before.without(Digits::single(1)),
        }
    }

    #[test]
    fn a_loop_with_a_group_reads_and_removes_along_its_weak_links() {
        let topo = Topology::of(Variant::Standard);
        let nodes = chain(&grouped_loop(), &state(), topo, 4).unwrap();
        assert!(ChainNode::is_loop(&nodes));
        assert_eq!(nodes[1].boxes(), &[cell("B4"), cell("B5")]);
        // C5 sees B4, B5 and A6 (their square); C3 sees A2 and B1.
        eliminations(&nodes, &[change("C5"), change("C3")], &state(), topo).unwrap();
        // D1 sees B1, not A2.
        let e = eliminations(&nodes, &[change("D1")], &state(), topo).unwrap_err();
        assert_eq!(e.cell, Some(cell("D1")), "{e}");
        // Read as an open chain (no closing link) it is one link short of ending strong.
        let open = raw(&[&["B1"], &["B4", "B5"], &["A6"], &["A2"]], &[S, W, S]);
        let nodes = chain(&open, &state(), topo, 4).unwrap();
        assert!(!ChainNode::is_loop(&nodes));
        // Its ends B1 and A2 share square A1-C3: C3 goes, C5 does not.
        eliminations(&nodes, &[change("C3")], &state(), topo).unwrap();
        assert!(eliminations(&nodes, &[change("C5")], &state(), topo).is_err());
    }

    #[test]
    fn groups_and_loops_are_checked() {
        let topo = Topology::of(Variant::Standard);
        let refused = |c: &RawChain, format| chain(c, &state(), topo, format).unwrap_err();
        // Format 3 has neither.
        let e = refused(&grouped_loop(), 3);
        assert_eq!(e.field.as_deref(), Some("chain.links"), "{e}");
        let open = raw(&[&["B1"], &["B4", "B5"], &["A6"], &["A2"]], &[S, W, S]);
        let e = refused(&open, 3);
        assert_eq!(e.field.as_deref(), Some("chain.nodes[1]"), "{e}");
        // A group across squares, and one out of order.
        let e = refused(
            &raw(&[&["B1"], &["B4", "B7"], &["A6"], &["A2"]], &[S, W, S]),
            4,
        );
        assert!(e.detail.contains("one line inside one square"), "{e}");
        let e = refused(
            &raw(&[&["B1"], &["B5", "B4"], &["A6"], &["A2"]], &[S, W, S]),
            4,
        );
        assert!(e.detail.contains("A1..I9 order"), "{e}");
        // A strong link to part of the group only: B1 and B4 are not all of row B's places.
        let e = refused(
            &raw(&[&["B1"], &["B4"], &["A6"], &["A2"]], &[S, W, S, W]),
            4,
        );
        assert_eq!(e.field.as_deref(), Some("chain.links[0]"), "{e}");
        // A weak link from a group to a box one of its boxes does not see: B5 and E4.
        let e = refused(
            &raw(&[&["B1"], &["B4", "B5"], &["E4"], &["A2"]], &[S, W, S]),
            4,
        );
        assert_eq!(e.field.as_deref(), Some("chain.links[1]"), "{e}");
        // A loop of an odd number of nodes.
        let e = refused(&raw(&[&["B1"], &["B4", "B5"], &["A6"]], &[S, W, S]), 4);
        assert_eq!(e.field.as_deref(), Some("chain.links"), "{e}");
        // A box in two nodes of the same digit (a group and a single box).
        let e = refused(
            &raw(&[&["B4", "B5"], &["B5"], &["A6"], &["A2"]], &[S, W, S]),
            4,
        );
        assert_eq!(e.field.as_deref(), Some("chain.nodes[1]"), "{e}");
    }

    /// Sudopedia's ALS-XZ: G1 = {4,9}; D2, E2, F2, H2 = {3,4}, {3,5}, {5,6}, {6,9}; every
    /// other box every digit.
    fn als_state() -> [Digits; 81] {
        let mut s = [Digits::from_bits(0x1ff); 81];
        for (name, digits) in [
            ("G1", 0b1_0000_1000),
            ("D2", 0b1100),
            ("E2", 0b10100),
            ("F2", 0b11_0000),
            ("H2", 0b1_0010_0000),
        ] {
            s[cell(name).index()] = Digits::from_bits(digits);
        }
        s
    }

    fn als_raw(nodes: &[(&[&str], Digit)], links: &[Link]) -> RawChain {
        RawChain {
            nodes: nodes
                .iter()
                .map(|&(b, digit)| RawNode {
                    boxes: b.iter().map(|n| cell(n)).collect(),
                    group: b.len() > 1,
                    digit,
                })
                .collect(),
            links: links.to_vec(),
        }
    }

    /// A doubly linked ALS-XZ: A1 = {4,9}; A5, A6 = {4,5}, {5,9}; the loop A1:9 = A1:4 -
    /// {A5 A6}:4 = {A5 A6}:9 - A1:9. Each set lacks 4 or 9 and holds its other digits: 5 is in
    /// A5 or A6.
    #[test]
    fn a_loop_locks_the_other_digits_of_its_almost_locked_sets() {
        let topo = Topology::of(Variant::Standard);
        let mut state = [Digits::from_bits(0x1ff); 81];
        for (name, digits) in [
            ("A1", 0b1_0000_1000),
            ("A5", 0b1_1000),
            ("A6", 0b1_0001_0000),
        ] {
            state[cell(name).index()] = Digits::from_bits(digits);
        }
        let b: &[&str] = &["A5", "A6"];
        let ring = als_raw(&[(&["A1"], 9), (&["A1"], 4), (b, 4), (b, 9)], &[S, W, S, W]);
        let nodes = chain(&ring, &state, topo, 4).unwrap();
        let gone = |name: &str, d: Digit| Change {
            cell: cell(name),
            before: Digits::from_bits(0x1ff),
            after: Digits::from_bits(0x1ff).without(Digits::single(d)),
        };
        // 5 from B4 (square A4-C6 sees A5 and A6), 4 and 9 from A2 (the loop's weak links).
        eliminations(
            &nodes,
            &[gone("B4", 5), gone("A2", 4), gone("A2", 9)],
            &state,
            topo,
        )
        .unwrap();
        // D5 sees A5, not A6; 7 is no digit of the set.
        assert!(eliminations(&nodes, &[gone("D5", 5)], &state, topo).is_err());
        assert!(eliminations(&nodes, &[gone("B4", 7)], &state, topo).is_err());
        // An open chain locks nothing: 5 stays.
        let open = als_raw(&[(&["A1"], 9), (&["A1"], 4), (b, 4), (b, 9)], &[S, W, S]);
        let nodes = chain(&open, &state, topo, 4).unwrap();
        assert!(eliminations(&nodes, &[gone("B4", 5)], &state, topo).is_err());
    }

    #[test]
    fn an_almost_locked_set_is_a_node_and_its_digits_are_strongly_linked() {
        let topo = Topology::of(Variant::Standard);
        let b: &[&str] = &["D2", "E2", "F2", "H2"];
        let xz = als_raw(&[(&["G1"], 4), (&["G1"], 9), (b, 9), (b, 4)], &[S, W, S]);
        let nodes = chain(&xz, &als_state(), topo, 4).unwrap();
        let gone = |name: &str| Change {
            cell: cell(name),
            before: Digits::from_bits(0x1ff),
            after: Digits::from_bits(0x1ff).without(Digits::single(4)),
        };
        // 4 sits in G1 or D2 (B's only place of 4): D1 and G2 see both.
        eliminations(&nodes, &[gone("D1"), gone("G2")], &als_state(), topo).unwrap();
        // E3 sees D2, not G1.
        assert!(eliminations(&nodes, &[gone("E3")], &als_state(), topo).is_err());
        // Three of the four boxes hold five digits: not almost locked.
        let short: &[&str] = &["D2", "E2", "H2"];
        let e = chain(
            &als_raw(
                &[(&["G1"], 4), (&["G1"], 9), (short, 9), (short, 4)],
                &[S, W, S],
            ),
            &als_state(),
            topo,
            4,
        )
        .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("chain.nodes[2]"), "{e}");
        assert!(e.detail.contains("almost locked set"), "{e}");
        // A digit none of the set's boxes holds.
        let e = chain(
            &als_raw(&[(&["G1"], 4), (&["G1"], 9), (b, 9), (b, 7)], &[S, W, S]),
            &als_state(),
            topo,
            4,
        )
        .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("chain.nodes[3]"), "{e}");
        // Two ALS nodes of one digit are no strong link (the ALS link joins two digits).
        let e = chain(
            &als_raw(&[(&["G1"], 4), (&["G1"], 9), (b, 9), (b, 9)], &[S, W, S]),
            &als_state(),
            topo,
            4,
        )
        .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("chain.nodes[3]"), "{e}");
        // A weak link by a digit whose places do not all see each other: 4 in G1 and D2.
        let e = chain(
            &als_raw(&[(&["G1"], 9), (&["G1"], 4), (b, 4), (b, 3)], &[S, W, S]),
            &als_state(),
            topo,
            4,
        )
        .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("chain.links[1]"), "{e}");
    }
}
