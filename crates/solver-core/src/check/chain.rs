//! A strategy step's chain (format 3), checked against the candidates in force before the step:
//! its nodes are candidates there, each once; its links alternate, strong at both ends, and each
//! is what it says (a strong link really strong there, a weak one really weak); and every
//! candidate the step removes sees both of the chain's ends, one of which is true.

use super::errors::{bad, replay, Fail};
use super::raw::RawChain;
use crate::digits::Digits;
use crate::topology::{Cell, Topology};
use crate::trace::{ChainNode, Change, Link, MAX_CHAIN_NODES};

/// The chain, checked (module doc), as the trace holds it.
#[inline(never)]
pub(super) fn chain(
    raw: &RawChain,
    state: &[Digits; 81],
    topo: &Topology,
) -> Result<Vec<ChainNode>, Fail> {
    let n = raw.nodes.len();
    if !(2..=MAX_CHAIN_NODES).contains(&n) {
        return Err(bad(
            "chain.nodes",
            format!("lists {n} nodes: a chain has 2 to {MAX_CHAIN_NODES}"),
        ));
    }
    if raw.links.len() != n - 1 {
        return Err(bad(
            "chain.links",
            format!(
                "lists {} links for {n} nodes: a link joins each node to the next",
                raw.links.len()
            ),
        ));
    }
    for (i, &(cell, digit)) in raw.nodes.iter().enumerate() {
        if !state[cell.index()].contains(digit) {
            return Err(replay(
                format!("chain.nodes[{i}]"),
                format!(
                    "{cell}={digit}: {cell} holds \"{}\" at this point of the replay",
                    state[cell.index()]
                ),
            )
            .cell(cell));
        }
        if raw.nodes[..i].contains(&(cell, digit)) {
            return Err(bad(
                format!("chain.nodes[{i}]"),
                format!("{cell}={digit} is in the chain twice"),
            )
            .cell(cell));
        }
    }
    for (i, &link) in raw.links.iter().enumerate() {
        let want = if i % 2 == 0 { Link::Strong } else { Link::Weak };
        if link != want {
            return Err(bad(
                format!("chain.links[{i}]"),
                format!(
                    "is {}: a chain's links alternate, strong first and last ({} here)",
                    link.name(),
                    want.name()
                ),
            ));
        }
        let (a, b) = (raw.nodes[i], raw.nodes[i + 1]);
        let (holds, why) = match link {
            Link::Strong => (
                strong(a, b, state, topo),
                "not the only two places of a digit in a unit, nor the only two digits of a box",
            ),
            Link::Weak => (
                weak(a, b, topo),
                "not one box, nor one digit in two boxes that see each other",
            ),
        };
        if !holds {
            let (name, (c, d)) = (link.name(), b);
            return Err(replay(
                format!("chain.links[{i}]"),
                format!("to {c}={d} is not {name}: {why}"),
            )
            .cell(c));
        }
    }
    if n % 2 != 0 {
        return Err(bad(
            "chain.links",
            format!("lists {} links: a chain ends on a strong link", n - 1),
        ));
    }
    Ok(raw
        .nodes
        .iter()
        .enumerate()
        .map(|(i, &(cell, digit))| ChainNode {
            cell,
            digit,
            next: raw.links.get(i).copied(),
        })
        .collect())
}

/// Every candidate the step removes cannot be true with either end of the chain true: one of
/// the ends is.
#[inline(never)]
pub(super) fn eliminations(
    nodes: &[ChainNode],
    changes: &[Change],
    topo: &Topology,
) -> Result<(), Fail> {
    let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
    for (j, c) in changes.iter().enumerate() {
        for digit in c.before.without(c.after).iter() {
            let x = (c.cell, digit);
            for end in [first, last] {
                if !weak(x, (end.cell, end.digit), topo) {
                    return Err(replay(
                        format!("changes[{j}].after"),
                        format!(
                            "removes {}={digit}, which does not see the chain's end {}={}: one of the chain's ends is true, and only what sees both goes",
                            c.cell, end.cell, end.digit
                        ),
                    )
                    .cell(c.cell));
                }
            }
        }
    }
    Ok(())
}

/// At least one of the two candidates is true: the only two digits of one box, or the only two
/// places of one digit in a unit.
pub(crate) fn strong(
    (a, x): (Cell, u8),
    (b, y): (Cell, u8),
    state: &[Digits; 81],
    topo: &Topology,
) -> bool {
    if a == b {
        return x != y && state[a.index()] == Digits::single(x).with(y);
    }
    x == y
        && topo.units_of(a).iter().any(|&u| {
            let places = topo.unit(u).iter().filter(|c| state[c.index()].contains(x));
            topo.unit(u).contains(&b) && places.count() == 2
        })
}

/// At most one of the two candidates is true: one box with two digits, or one digit in two boxes
/// that see each other.
pub(crate) fn weak((a, x): (Cell, u8), (b, y): (Cell, u8), topo: &Topology) -> bool {
    if a == b {
        x != y
    } else {
        x == y && topo.peers(a).contains(&b)
    }
}
