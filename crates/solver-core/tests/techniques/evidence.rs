//! Every step checked against the evidence its strategy documents (docs/trace-format.md), by
//! the shape of its row in the table: the state before the step must make the step's reason
//! true, and the step must change only what that reason allows.

use crate::table::Shape;
use proptest::prelude::*;
use solver_core::trace::{ChainNode, Change, Link};
use solver_core::*;

/// One strategy step: its evidence and changes, and the candidates before it.
pub struct Seen<'a> {
    pub id: &'a str,
    pub units: &'a [Unit],
    pub boxes: &'a [Cell],
    pub digits: Digits,
    pub changes: &'a [Change],
    pub state: &'a [Digits; 81],
    /// The step's chain, if it has one.
    pub chain: Option<&'a [ChainNode]>,
    /// A killer step's sum and combinations.
    pub sum: Option<u16>,
    pub combinations: &'a [Digits],
}

/// Whether the step is what its evidence says, for a strategy of this shape.
pub fn check(shape: Shape, step: &Seen, topo: &Topology) -> Result<(), TestCaseError> {
    let Seen {
        id,
        units,
        boxes,
        digits,
        changes,
        state,
        chain,
        ..
    } = *step;
    let removed = |c: &Change| c.before.without(c.after);
    let in_unit = |u: Unit, b: Cell| topo.unit(u).contains(&b);
    let sees = |a: Cell, b: Cell| a != b && topo.peers(a).contains(&b);
    let at = |c: Cell| state[c.index()];
    // Where `d` fits in `u`, in unit order.
    let places = |u: Unit, d: Digit| -> Vec<Cell> {
        topo.unit(u)
            .iter()
            .copied()
            .filter(|&c| at(c).contains(d))
            .collect()
    };
    prop_assert!(
        !changes.is_empty(),
        "{} made a step that changes nothing",
        id
    );
    for c in changes {
        prop_assert!(c.after.without(c.before).is_empty(), "{} only removes", id);
        prop_assert_eq!(at(c.cell), c.before, "{} at {}", id, c.cell);
    }
    let distinct = |boxes: &[Cell]| {
        let mut b = boxes.to_vec();
        b.sort();
        b.dedup();
        b.len() == boxes.len()
    };
    match shape {
        Shape::Eliminate => {
            prop_assert_eq!((boxes.len(), digits.len()), (1, 1));
            let (source, d) = (boxes[0], digits);
            prop_assert_eq!(units, topo.units_of(source));
            prop_assert_eq!(at(source), d, "{} is solved", source);
            for c in changes {
                prop_assert!(sees(c.cell, source), "{} is a peer of {}", c.cell, source);
                prop_assert_eq!(removed(c), d);
            }
        }
        Shape::OnlyChoice => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (1, 1, 1));
            let (unit, cell, d) = (units[0], boxes[0], digits.solved().unwrap());
            prop_assert_eq!(changes.len(), 1);
            prop_assert_eq!(changes[0].cell, cell);
            prop_assert_eq!(changes[0].after, digits);
            prop_assert_eq!(places(unit, d), vec![cell], "{} fits once in {}", d, unit);
        }
        Shape::NoStep => prop_assert!(false, "{} makes no step", id),
        Shape::CageCombinations => {
            // Its boxes are one of the topology's cages; it changes only them, removing its
            // digits, keeping at most the combinations' digits or setting one of them.
            prop_assert!(units.is_empty());
            let cage = topo.cages().iter().find(|c| c.cells == boxes);
            prop_assert!(cage.is_some(), "{:?} is a cage", boxes);
            let union = step
                .combinations
                .iter()
                .fold(Digits::NONE, |m, c| Digits::from_bits(m.bits() | c.bits()));
            prop_assert_eq!(step.sum, cage.unwrap().sum);
            let mut gone = Digits::NONE;
            for c in changes {
                prop_assert!(boxes.contains(&c.cell), "{} is in the cage", c.cell);
                prop_assert!(c.after.without(union) == Digits::NONE || c.after.len() == 1);
                gone = Digits::from_bits(gone.bits() | removed(c).bits());
            }
            prop_assert_eq!(gone, digits);
        }
        Shape::RuleOf45 => {
            // One to four houses; one or two boxes left over, the only ones it changes, keeping
            // digits of the combinations of its sum.
            prop_assert!((1..=4).contains(&units.len()));
            prop_assert!((1..=2).contains(&boxes.len()));
            prop_assert!(step.sum.is_some());
            let union = step
                .combinations
                .iter()
                .fold(Digits::NONE, |m, c| Digits::from_bits(m.bits() | c.bits()));
            for c in changes {
                prop_assert!(boxes.contains(&c.cell), "{} is left over", c.cell);
                prop_assert!(c.after.without(union).is_empty());
            }
        }
        Shape::Locked { from_square } => {
            prop_assert_eq!((units.len(), digits.len()), (2, 1));
            let (inside, line) = (units[0], units[1]);
            let square = |u: Unit| (18..27).contains(&u.0);
            prop_assert_eq!(square(inside), from_square);
            prop_assert_eq!(square(line), !from_square);
            let d = digits.solved().unwrap();
            prop_assert_eq!(
                places(inside, d),
                boxes.to_vec(),
                "the boxes are where {} fits in {}",
                d,
                inside
            );
            prop_assert!(boxes.len() >= 2);
            for &b in boxes {
                prop_assert!(in_unit(line, b), "{} is in {}", b, line);
            }
            for c in changes {
                prop_assert!(in_unit(line, c.cell) && !in_unit(inside, c.cell));
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::NakedSubset(n) => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (1, n, n as u32));
            prop_assert!(distinct(boxes));
            for &b in boxes {
                prop_assert!(in_unit(units[0], b));
                // `naked_twins` finds its twins at the start of its pass: an earlier step of
                // the pass may have narrowed a twin since, never widened it.
                prop_assert!(!at(b).is_empty() && at(b).without(digits).is_empty());
            }
            for c in changes {
                prop_assert!(in_unit(units[0], c.cell) && !boxes.contains(&c.cell));
                prop_assert_eq!(c.after, c.before.without(digits));
            }
        }
        Shape::HiddenSubset(n) => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (1, n, n as u32));
            prop_assert!(distinct(boxes));
            for &b in boxes {
                prop_assert!(in_unit(units[0], b));
            }
            for d in digits.iter() {
                for c in places(units[0], d) {
                    prop_assert!(boxes.contains(&c), "{} fits {} outside the boxes", d, c);
                }
            }
            for c in changes {
                prop_assert!(boxes.contains(&c.cell));
                prop_assert_eq!(c.after.bits(), c.before.bits() & digits.bits());
            }
        }
        Shape::Fish(n) => {
            prop_assert_eq!((units.len(), digits.len()), (2 * n, 1));
            let d = digits.solved().unwrap();
            let (base, cover) = units.split_at(n);
            let rows = base[0].0 < 9;
            for u in base {
                prop_assert_eq!(u.0 < 9, rows, "base lines are all rows or all columns");
            }
            for u in cover {
                prop_assert_eq!(u.0 < 9, !rows, "cover lines cross the base lines");
                prop_assert!(u.0 < 18);
            }
            let mut fits: Vec<Cell> = base.iter().flat_map(|&u| places(u, d)).collect();
            fits.sort();
            prop_assert_eq!(
                boxes,
                &fits[..],
                "the boxes are where the digit fits in the base"
            );
            for b in boxes {
                prop_assert!(
                    cover.iter().any(|&u| in_unit(u, *b)),
                    "{} in a cover line",
                    b
                );
            }
            for c in changes {
                prop_assert!(cover.iter().any(|&u| in_unit(u, c.cell)));
                prop_assert!(!base.iter().any(|&u| in_unit(u, c.cell)));
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::Chain {
            single_digit,
            bivalue,
        } => {
            // An alternating chain, strong first, each link what it says in the state before the
            // step (a node may be a group: 2 or 3 boxes of one line in one square, the digit a
            // candidate of each). Open: strong last, one of its ends is true, and what it removes
            // is weakly linked to both. A loop (its last node links back to the first): even, so
            // each weak link holds both ways, and what it removes is weakly linked to both nodes
            // of one of them.
            let chain = chain.unwrap_or_default();
            let n = chain.len();
            let is_loop = ChainNode::is_loop(chain);
            prop_assert!(n >= 4 && n % 2 == 0, "{} nodes", n);
            let (first, last) = (chain[0], chain[n - 1]);
            prop_assert_eq!(boxes, &[first.cell(), last.cell()][..]);
            prop_assert!(units.is_empty());
            let mut gone = Digits::NONE;
            for c in changes {
                gone = Digits::from_bits(gone.bits() | removed(c).bits());
            }
            prop_assert_eq!(digits, gone);
            // Weakly linked: one box, two digits; or one digit, every box of one seeing every
            // box of the other.
            let weak = |a: &ChainNode, b: &ChainNode| {
                if !a.is_group() && !b.is_group() && a.cell() == b.cell() {
                    a.digit != b.digit
                } else {
                    a.digit == b.digit
                        && a.boxes()
                            .iter()
                            .all(|&x| b.boxes().iter().all(|&y| sees(x, y)))
                }
            };
            for (i, a) in chain.iter().enumerate() {
                for &c in a.boxes() {
                    prop_assert!(at(c).contains(a.digit), "{}={} a candidate", c, a.digit);
                }
                if a.is_group() {
                    let bs = a.boxes();
                    prop_assert!(bs.len() <= 3 && distinct(bs));
                    let shared = |line: bool| {
                        topo.units_of(bs[0])
                            .iter()
                            .any(|&u| topo.is_line(u) == line && bs.iter().all(|&c| in_unit(u, c)))
                    };
                    prop_assert!(
                        shared(true) && shared(false),
                        "a group in a line and a square"
                    );
                }
                if i + 1 == n && !is_loop {
                    prop_assert_eq!(a.next, None);
                    continue;
                }
                let b = &chain[(i + 1) % n];
                let strong = i % 2 == 0;
                prop_assert_eq!(a.next, Some(if strong { Link::Strong } else { Link::Weak }));
                if single_digit {
                    prop_assert!(a.digit == b.digit);
                }
                if bivalue {
                    prop_assert!(!a.is_group() && at(a.cell()).is_pair());
                }
                if strong && !a.is_group() && !b.is_group() && a.cell() == b.cell() {
                    prop_assert_eq!(at(a.cell()), Digits::single(a.digit).with(b.digit));
                } else if strong {
                    prop_assert!(a.digit == b.digit);
                    let both: Vec<Cell> = a.boxes().iter().chain(b.boxes()).copied().collect();
                    prop_assert!(distinct(&both));
                    let only = topo.units_of(a.cell()).iter().any(|&u| {
                        let mut p = places(u, a.digit);
                        let mut w = both.clone();
                        p.sort();
                        w.sort();
                        p == w
                    });
                    prop_assert!(only, "{:?} and {:?}: the only places", a, b);
                } else {
                    prop_assert!(weak(a, b), "{:?} - {:?}: weak", a, b);
                }
            }
            for c in changes {
                for d in removed(c).iter() {
                    let x = ChainNode::new(c.cell, d, None);
                    let ok = if is_loop {
                        (1..n)
                            .step_by(2)
                            .any(|k| weak(&x, &chain[k]) && weak(&x, &chain[(k + 1) % n]))
                    } else {
                        weak(&x, &first) && weak(&x, &last)
                    };
                    prop_assert!(
                        ok,
                        "{}={} is weakly linked to what the chain makes true",
                        c.cell,
                        d
                    );
                }
            }
        }
        Shape::AlsChain { sets } => {
            // Z(A) = X(A) - X(B) = Y(B) ... = Z(last): each set two nodes on its boxes (all of
            // them, or one box of two candidates), the set an ALS; each weak link one digit whose
            // places in the two sets share no box and all see each other; what goes is the first
            // digit, from boxes outside the first and last sets seeing all its places in both.
            let chain = chain.unwrap_or_default();
            prop_assert_eq!(chain.len(), 2 * sets);
            prop_assert!(units.is_empty());
            let (first, last) = (chain[0], chain[2 * sets - 1]);
            prop_assert_eq!(boxes, &[first.cell(), last.cell()][..]);
            let places = |n: &ChainNode| -> Vec<Cell> {
                n.boxes()
                    .iter()
                    .copied()
                    .filter(|&c| at(c).contains(n.digit))
                    .collect()
            };
            if last.next.is_some() {
                // A doubly linked ALS-XZ: the loop y(A) = x(A) - x(B) = y(B) - y(A).
                prop_assert_eq!(sets, 2);
                let (y, x) = (chain[0].digit, chain[1].digit);
                let (a, b) = (chain[0].boxes(), chain[2].boxes());
                prop_assert!(chain[1].boxes() == a && chain[3].boxes() == b);
                prop_assert!(chain[2].digit == x && chain[3].digit == y && x != y);
                prop_assert!(!a.iter().any(|c| b.contains(c)));
                let digits_of = |bs: &[Cell]| {
                    bs.iter().fold(Digits::NONE, |m, &c| {
                        Digits::from_bits(m.bits() | at(c).bits())
                    })
                };
                for bs in [a, b] {
                    prop_assert_eq!(
                        digits_of(bs).len() as usize,
                        bs.len() + 1,
                        "{:?}: an ALS",
                        bs
                    );
                    for (i, &p) in bs.iter().enumerate() {
                        for &q in &bs[i + 1..] {
                            prop_assert!(sees(p, q), "{} sees {}", p, q);
                        }
                    }
                }
                for (p, q) in [(&chain[1], &chain[2]), (&chain[3], &chain[0])] {
                    for u in places(p) {
                        for v in places(q) {
                            prop_assert!(sees(u, v), "{} sees {}: restricted", u, v);
                        }
                    }
                }
                let mut removed_all = Digits::NONE;
                for c in changes {
                    for d in removed(c).iter() {
                        removed_all = removed_all.with(d);
                        let group = |bs: &[Cell]| ChainNode::group(bs, d, None);
                        let holders: Vec<Cell> = if d == x || d == y {
                            let mut h = places(&group(a));
                            h.extend(places(&group(b)));
                            prop_assert!(!a.contains(&c.cell) && !b.contains(&c.cell));
                            h
                        } else {
                            let set = if !a.contains(&c.cell)
                                && !places(&group(a)).is_empty()
                                && places(&group(a)).iter().all(|&h| sees(c.cell, h))
                            {
                                a
                            } else {
                                b
                            };
                            prop_assert!(!set.contains(&c.cell));
                            places(&group(set))
                        };
                        prop_assert!(!holders.is_empty());
                        for h in holders {
                            prop_assert!(sees(c.cell, h), "{} sees {} ({})", c.cell, h, d);
                        }
                    }
                }
                prop_assert_eq!(digits, removed_all);
                return Ok(());
            }
            prop_assert_eq!(first.digit, last.digit);
            prop_assert_eq!(digits, Digits::single(first.digit));
            for k in 0..sets {
                let (a, b) = (&chain[2 * k], &chain[2 * k + 1]);
                prop_assert_eq!(a.boxes(), b.boxes());
                prop_assert!(a.digit != b.digit);
                let bs = a.boxes();
                prop_assert!(distinct(bs));
                let all = bs.iter().fold(Digits::NONE, |m, &c| {
                    Digits::from_bits(m.bits() | at(c).bits())
                });
                prop_assert_eq!(all.len() as usize, bs.len() + 1, "{:?}: an ALS", bs);
                prop_assert!(all.contains(a.digit) && all.contains(b.digit));
                for (i, &x) in bs.iter().enumerate() {
                    for &y in &bs[i + 1..] {
                        prop_assert!(sees(x, y), "{} sees {}", x, y);
                    }
                }
                prop_assert_eq!(a.next, Some(Link::Strong));
                if k + 1 < sets {
                    let c = &chain[2 * k + 2];
                    prop_assert_eq!(b.next, Some(Link::Weak));
                    prop_assert_eq!(b.digit, c.digit);
                    prop_assert!(!c.boxes().iter().any(|x| bs.contains(x)));
                    for x in places(b) {
                        for y in places(c) {
                            prop_assert!(sees(x, y), "{} sees {}: restricted", x, y);
                        }
                    }
                } else {
                    prop_assert_eq!(b.next, None);
                }
            }
            let z = first.digit;
            let mut holders = places(&first);
            holders.extend(places(&last));
            for c in changes {
                prop_assert_eq!(removed(c), Digits::single(z));
                prop_assert!(!first.boxes().contains(&c.cell) && !last.boxes().contains(&c.cell));
                for &h in &holders {
                    prop_assert!(sees(c.cell, h), "{} sees {}", c.cell, h);
                }
            }
        }
        Shape::XyWing => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (2, 3, 1));
            let (p, a, b) = (boxes[0], boxes[1], boxes[2]);
            prop_assert!(in_unit(units[0], p) && in_unit(units[0], a));
            prop_assert!(in_unit(units[1], p) && in_unit(units[1], b));
            let (pd, ad, bd) = (at(p), at(a), at(b));
            prop_assert!(pd.len() == 2 && ad.len() == 2 && bd.len() == 2);
            prop_assert_eq!(ad.without(pd), digits);
            prop_assert_eq!(bd.without(pd), digits);
            prop_assert!(ad != bd);
            for c in changes {
                prop_assert!(
                    sees(c.cell, a) && sees(c.cell, b),
                    "{} sees both pincers",
                    c.cell
                );
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::StrongLinks { parallel } => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (3, 4, 1));
            let d = digits.solved().unwrap();
            prop_assert!(distinct(boxes));
            let (l1, l2, via) = (units[0], units[1], units[2]);
            prop_assert!(l1.0 < 18 && l2.0 < 18, "the links are in lines");
            prop_assert_eq!((l1.0 < 9) == (l2.0 < 9), parallel);
            let pair = |a: Cell, b: Cell| if a < b { vec![a, b] } else { vec![b, a] };
            let sorted = |u: Unit| {
                let mut p = places(u, d);
                p.sort();
                p
            };
            prop_assert_eq!(
                sorted(l1),
                pair(boxes[0], boxes[1]),
                "{} fits {} twice",
                d,
                l1
            );
            prop_assert_eq!(
                sorted(l2),
                pair(boxes[2], boxes[3]),
                "{} fits {} twice",
                d,
                l2
            );
            prop_assert!(in_unit(via, boxes[1]) && in_unit(via, boxes[2]));
            for c in changes {
                prop_assert!(sees(c.cell, boxes[0]) && sees(c.cell, boxes[3]));
                prop_assert!(!boxes.contains(&c.cell));
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::EmptyRectangle => {
            prop_assert_eq!((units.len(), digits.len()), (4, 1));
            let d = digits.solved().unwrap();
            let (square, line, other, link) = (units[0], units[1], units[2], units[3]);
            prop_assert!((18..27).contains(&square.0));
            prop_assert!(line.0 < 18 && other.0 < 18 && link.0 < 18);
            prop_assert!((line.0 < 9) != (other.0 < 9), "a row and a column");
            prop_assert!((line.0 < 9) != (link.0 < 9), "the link crosses P's line");
            prop_assert!(boxes.len() >= 4);
            let (p, q, inside) = (boxes[0], boxes[1], &boxes[2..]);
            prop_assert_eq!(places(square, d), inside.to_vec());
            for &b in inside {
                prop_assert!(in_unit(line, b) || in_unit(other, b));
            }
            prop_assert!(inside.iter().any(|&b| !in_unit(line, b)));
            prop_assert!(inside.iter().any(|&b| !in_unit(other, b)));
            prop_assert!(in_unit(line, p) && in_unit(link, p) && !in_unit(square, p));
            prop_assert!(!in_unit(square, q));
            let mut ends = places(link, d);
            ends.sort();
            let mut pq = vec![p, q];
            pq.sort();
            prop_assert_eq!(ends, pq, "{} fits {} only in P and Q", d, link);
            let rest: Vec<Cell> = inside
                .iter()
                .copied()
                .filter(|&b| !in_unit(line, b))
                .collect();
            for c in changes {
                prop_assert!(c.cell != q && !rest.contains(&c.cell));
                prop_assert!(sees(c.cell, q), "{} sees {}", c.cell, q);
                for &b in &rest {
                    prop_assert!(sees(c.cell, b), "{} sees {}", c.cell, b);
                }
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::XyzWing => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (2, 3, 1));
            let (p, a, b) = (boxes[0], boxes[1], boxes[2]);
            prop_assert!(in_unit(units[0], p) && in_unit(units[0], a));
            prop_assert!(in_unit(units[1], p) && in_unit(units[1], b));
            let (pd, ad, bd) = (at(p), at(a), at(b));
            prop_assert!(pd.len() == 3 && ad.len() == 2 && bd.len() == 2 && ad != bd);
            prop_assert!(ad.without(pd).is_empty() && bd.without(pd).is_empty());
            prop_assert_eq!(Digits::from_bits(ad.bits() & bd.bits()), digits);
            for c in changes {
                for &w in boxes {
                    prop_assert!(sees(c.cell, w), "{} sees {}", c.cell, w);
                }
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::WWing => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (3, 4, 1));
            prop_assert!(distinct(boxes));
            let (c1, s1, s2, c2) = (boxes[0], boxes[1], boxes[2], boxes[3]);
            let pair = at(c1);
            prop_assert!(pair.is_pair() && at(c2) == pair && !sees(c1, c2));
            prop_assert!(pair.without(digits).len() == 1 && digits.without(pair).is_empty());
            let x = pair.without(digits).solved().unwrap();
            let mut link = places(units[0], x);
            link.sort();
            let mut ends = vec![s1, s2];
            ends.sort();
            prop_assert_eq!(link, ends, "{} fits {} only in the link", x, units[0]);
            prop_assert!(in_unit(units[1], c1) && in_unit(units[1], s1));
            prop_assert!(in_unit(units[2], c2) && in_unit(units[2], s2));
            for c in changes {
                prop_assert!(sees(c.cell, c1) && sees(c.cell, c2));
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::FinnedFish(n) => {
            prop_assert_eq!((units.len(), digits.len()), (2 * n + 1, 1));
            let d = digits.solved().unwrap();
            let (base, rest) = units.split_at(n);
            let (cover, square) = (&rest[..n], rest[n]);
            let rows = base[0].0 < 9;
            for u in base {
                prop_assert_eq!(u.0 < 9, rows, "base lines are all rows or all columns");
            }
            for u in cover {
                prop_assert!(
                    u.0 < 18 && (u.0 < 9) != rows,
                    "cover lines cross the base lines"
                );
            }
            prop_assert!((18..27).contains(&square.0));
            let in_cover = |b: Cell| cover.iter().any(|&u| in_unit(u, b));
            let mut fins: Vec<Cell> = base
                .iter()
                .flat_map(|&u| places(u, d))
                .filter(|&b| !in_cover(b))
                .collect();
            fins.sort();
            prop_assert_eq!(boxes, &fins[..], "the boxes are the fins");
            prop_assert!(!fins.is_empty());
            for &f in &fins {
                prop_assert!(in_unit(square, f), "{} in {}", f, square);
            }
            for &u in base {
                prop_assert!(
                    places(u, d).into_iter().any(in_cover),
                    "{} meets the cover",
                    u
                );
            }
            for c in changes {
                prop_assert!(in_cover(c.cell) && !base.iter().any(|&u| in_unit(u, c.cell)));
                for &f in &fins {
                    prop_assert!(sees(c.cell, f), "{} sees {}", c.cell, f);
                }
                prop_assert_eq!(removed(c), digits);
            }
        }
        Shape::RemotePairs => {
            prop_assert!(units.is_empty() && digits.len() == 2);
            prop_assert!(boxes.len() >= 4 && boxes.len() % 2 == 0 && distinct(boxes));
            for w in boxes.windows(2) {
                prop_assert!(sees(w[0], w[1]), "{} sees {}", w[0], w[1]);
            }
            for &b in boxes {
                prop_assert_eq!(at(b), digits);
            }
            let (first, last) = (boxes[0], boxes[boxes.len() - 1]);
            prop_assert!(!sees(first, last));
            for c in changes {
                prop_assert!(!boxes.contains(&c.cell));
                prop_assert!(sees(c.cell, first) && sees(c.cell, last));
                prop_assert!(removed(c).without(digits).is_empty());
            }
        }
        Shape::WxyzWing => {
            // A pivot and three boxes it sees, four digits between them, each digit's boxes
            // all seeing each other but one digit's at most (z): z goes, or with no z, each
            // digit goes from the boxes seeing all its places there.
            prop_assert_eq!((units.len(), boxes.len()), (3, 4));
            prop_assert!(!digits.is_empty());
            prop_assert!(distinct(boxes));
            let p = boxes[0];
            for k in 0..3 {
                prop_assert!(in_unit(units[k], p) && in_unit(units[k], boxes[k + 1]));
            }
            let union = boxes.iter().fold(Digits::NONE, |m, &b| {
                Digits::from_bits(m.bits() | at(b).bits())
            });
            prop_assert_eq!(union.len(), 4);
            let holders = |d: Digit| -> Vec<Cell> {
                boxes
                    .iter()
                    .copied()
                    .filter(|&b| at(b).contains(d))
                    .collect()
            };
            let restricted = |d: Digit| {
                let h = holders(d);
                h.iter()
                    .enumerate()
                    .all(|(k, &x)| h[k + 1..].iter().all(|&y| sees(x, y)))
            };
            let loose: Vec<Digit> = union.iter().filter(|&d| !restricted(d)).collect();
            match loose[..] {
                [z] => prop_assert_eq!(digits, Digits::single(z), "only {} is unrestricted", z),
                [] => prop_assert!(digits.without(union).is_empty()),
                _ => prop_assert!(false, "{:?} unrestricted", loose),
            }
            for c in changes {
                prop_assert!(!boxes.contains(&c.cell));
                prop_assert!(!removed(c).is_empty() && removed(c).without(digits).is_empty());
                for d in removed(c).iter() {
                    for h in holders(d) {
                        prop_assert!(sees(c.cell, h), "{} sees {}", c.cell, h);
                    }
                }
            }
        }
        Shape::UniqueRectangleSubset => {
            prop_assert!(units.len() == 1 && (5..=7).contains(&boxes.len()));
            prop_assert!(distinct(boxes));
            let unit = units[0];
            let (floors, rest) = boxes.split_at(2);
            let (roofs, subset) = rest.split_at(2);
            let pair = at(floors[0]);
            prop_assert!(pair.is_pair() && at(floors[1]) == pair, "two floors");
            let mut rows: Vec<usize> = boxes[..4].iter().map(|b| b.row()).collect();
            let mut cols: Vec<usize> = boxes[..4].iter().map(|b| b.col()).collect();
            rows.sort();
            rows.dedup();
            cols.sort();
            cols.dedup();
            prop_assert!(rows.len() == 2 && cols.len() == 2, "a rectangle");
            for u in topo.all_units() {
                let inside: Vec<Cell> = boxes[..4]
                    .iter()
                    .copied()
                    .filter(|&b| in_unit(u, b))
                    .collect();
                let paired = match inside[..] {
                    [] => true,
                    [a, b] => a.row() == b.row() || a.col() == b.col(),
                    _ => false,
                };
                prop_assert!(paired, "{} holds the corners in pairs", u);
            }
            for &r in roofs {
                prop_assert!(
                    pair.without(at(r)).is_empty() && at(r) != pair,
                    "{} a roof",
                    r
                );
                prop_assert!(in_unit(unit, r));
            }
            let extra = Digits::from_bits(at(roofs[0]).bits() | at(roofs[1]).bits()).without(pair);
            let held = subset
                .iter()
                .fold(extra, |m, &c| Digits::from_bits(m.bits() | at(c).bits()));
            prop_assert_eq!(held, digits);
            prop_assert_eq!(digits.len() as usize, subset.len() + 1);
            for &c in subset {
                prop_assert!(in_unit(unit, c) && at(c).len() > 1);
            }
            for c in changes {
                prop_assert!(in_unit(unit, c.cell) && !boxes.contains(&c.cell));
                prop_assert_eq!(
                    removed(c),
                    Digits::from_bits(c.before.bits() & digits.bits())
                );
            }
        }
        Shape::HiddenRectangle => {
            prop_assert_eq!((units.len(), boxes.len(), digits.len()), (2, 4, 1));
            prop_assert!(distinct(boxes));
            let [floor, by_row, by_col, x] = [boxes[0], boxes[1], boxes[2], boxes[3]];
            let pair = at(floor);
            prop_assert!(
                pair.is_pair() && pair.contains(digits.solved().unwrap()),
                "a floor"
            );
            prop_assert!(x.row() != floor.row() && x.col() != floor.col(), "opposite");
            prop_assert!(by_row.row() == x.row() && by_row.col() == floor.col());
            prop_assert!(by_col.col() == x.col() && by_col.row() == floor.row());
            for u in topo.all_units() {
                let inside: Vec<Cell> = boxes.iter().copied().filter(|&b| in_unit(u, b)).collect();
                let paired = match inside[..] {
                    [] => true,
                    [a, b] => a.row() == b.row() || a.col() == b.col(),
                    _ => false,
                };
                prop_assert!(paired, "{} holds the corners in pairs", u);
            }
            let a = digits.solved().unwrap();
            for (u, y) in [(units[0], by_row), (units[1], by_col)] {
                prop_assert!(in_unit(u, x) && in_unit(u, y));
                prop_assert!(at(y).contains(a), "{} holds {}", y, a);
                for p in places(u, a) {
                    prop_assert!(p == x || p == y, "{} fits {} only in {} and {}", a, u, x, y);
                }
            }
            prop_assert_eq!(changes.len(), 1);
            prop_assert_eq!(changes[0].cell, x);
            prop_assert_eq!(removed(&changes[0]), pair.without(digits));
        }
        Shape::BugPlusOne => {
            prop_assert_eq!((boxes.len(), digits.len()), (1, 1));
            let (plus, d) = (boxes[0], digits.solved().unwrap());
            prop_assert_eq!(at(plus).len(), 3, "{} holds three digits", plus);
            prop_assert!(at(plus).contains(d));
            for c in Cell::all() {
                prop_assert!(c == plus || at(c).len() <= 2, "{} holds two at most", c);
            }
            let two = at(plus).without(digits);
            for u in topo.all_units() {
                for e in 1..=9u8 {
                    let n = topo
                        .unit(u)
                        .iter()
                        .filter(|&&c| {
                            let here = if c == plus { two } else { at(c) };
                            here.len() == 2 && here.contains(e)
                        })
                        .count();
                    let solved = topo.unit(u).iter().any(|&c| at(c) == Digits::single(e));
                    prop_assert!(n == 0 || (n == 2 && !solved), "{} in {}: a grave", e, u);
                }
            }
            for &u in units {
                prop_assert!(in_unit(u, plus));
                let n = places(u, d).iter().filter(|&&c| at(c).len() > 1).count();
                prop_assert_eq!(n, 3, "{} three times in {}", d, u);
            }
            prop_assert_eq!(changes.len(), 1);
            prop_assert_eq!(changes[0].cell, plus);
            prop_assert_eq!(changes[0].after, digits);
        }
        Shape::Medusa if chain.is_some() => check(
            Shape::Chain {
                single_digit: false,
                bivalue: false,
            },
            step,
            topo,
        )?,
        Shape::Medusa => check(Shape::Forcing, step, topo)?,
        Shape::Forcing => {
            // One box changed: a candidate removed or the box set to one digit; the premises'
            // boxes, at most one unit (a unit's premises, all in it), no chain of format 3.
            prop_assert_eq!(changes.len(), 1);
            prop_assert!(!boxes.is_empty() && distinct(boxes));
            prop_assert!(units.len() <= 1);
            prop_assert!(chain.is_none());
            for &u in units {
                for &b in boxes {
                    prop_assert!(in_unit(u, b), "{} in {}", b, u);
                }
            }
            let c = &changes[0];
            prop_assert!(removed(c).len() == 1 || c.after.len() == 1);
            let _ = (digits, id, at(c.cell));
        }
        Shape::UniqueRectangle => {
            prop_assert!(units.len() <= 1 && boxes.len() == 4 && digits.len() == 2);
            prop_assert!(distinct(boxes));
            let mut rows: Vec<usize> = boxes.iter().map(|b| b.row()).collect();
            let mut cols: Vec<usize> = boxes.iter().map(|b| b.col()).collect();
            rows.sort();
            rows.dedup();
            cols.sort();
            cols.dedup();
            prop_assert!(rows.len() == 2 && cols.len() == 2, "a rectangle");
            for u in topo.all_units() {
                let inside: Vec<Cell> = boxes.iter().copied().filter(|&b| in_unit(u, b)).collect();
                let paired = match inside[..] {
                    [] => true,
                    [a, b] => a.row() == b.row() || a.col() == b.col(),
                    _ => false,
                };
                prop_assert!(paired, "{} holds the corners in pairs", u);
            }
            for &b in boxes {
                prop_assert!(digits.without(at(b)).is_empty(), "{} holds {}", b, digits);
            }
            let floors = boxes.iter().filter(|&&b| at(b) == digits).count();
            prop_assert!(boxes[..floors].iter().all(|&b| at(b) == digits));
            let roofs = &boxes[floors..];
            for c in changes {
                if roofs.contains(&c.cell) {
                    // Types 1 and 4: the roof loses digits of the pair.
                    prop_assert!(removed(c).without(digits).is_empty());
                    if units.is_empty() {
                        prop_assert_eq!((floors, removed(c)), (3, digits), "type 1");
                    } else {
                        prop_assert_eq!(floors, 2);
                        let linked = digits.without(removed(c)).solved().unwrap();
                        let mut link = places(units[0], linked);
                        link.sort();
                        let mut r = roofs.to_vec();
                        r.sort();
                        prop_assert_eq!(link, r, "type 4: {} only in the roofs", linked);
                    }
                } else {
                    // Type 2: the roofs' one extra digit leaves the boxes seeing both.
                    prop_assert!(units.is_empty() && floors == 2);
                    prop_assert!(at(roofs[0]) == at(roofs[1]) && at(roofs[0]).len() == 3);
                    prop_assert_eq!(removed(c), at(roofs[0]).without(digits));
                    prop_assert!(sees(c.cell, roofs[0]) && sees(c.cell, roofs[1]));
                }
            }
        }
    }
    Ok(())
}
