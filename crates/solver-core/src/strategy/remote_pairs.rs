//! `remote_pairs`: boxes holding only the same two digits, each seeing the next, form a chain
//! along which the two digits alternate. Two boxes of the chain an odd number of links apart
//! hold one digit each, so both digits leave every box that sees those two.

use super::{sees, Pass, Strategy};
use crate::grid::Grid;
use crate::topology::{Cell, Topology};
use crate::trace::{Contradiction, Evidence, Sink, MAX_EVIDENCE_BOXES};

pub struct RemotePairs;

impl Strategy for RemotePairs {
    const ID: &'static str = "remote_pairs";
    const LABEL: &'static str = "Remote pairs";
    const DESCRIPTION: &'static str = "A chain of boxes holding only the same two digits, each seeing the next, alternates them: two boxes an odd number of links apart hold both digits, which leave every box seeing both ends.";
    const CAPTION: &'static str = "{boxes} hold only {digits}, each seeing the next, so the two digits alternate along the chain and its ends {box1} and the last hold one each: {digits} leave {changed}";
    const COURSE: bool = false;
    /// Not in Sudoku Explainer (it finds remote pairs as chains); SunnieShine's Sudoku Studio,
    /// on SE's scale, gives a remote pair 5.2.
    const RATING: f32 = 5.2;
    const NOT_IN_SE: bool = true;

    /// For each start box holding two candidates (A1..I9 order), a breadth-first search over
    /// the boxes with the same two that see each other (peers in A1..I9 order); each box
    /// reached at an odd number of links of 3 or more (so the two ends do not see each other:
    /// one link is a naked pair), with at most [`MAX_EVIDENCE_BOXES`] boxes on the path, in
    /// the order reached, is an end. "Sees" is "shares a unit", so in diagonal Sudoku the
    /// diagonals count. Each chain's changes are made when it is found, and the search starts
    /// again from the same box after it. One step per chain that removed something. Evidence:
    /// no units; the chain's boxes from the start to the end (a shortest path); the two digits.
    fn apply<S: Sink>(
        grid: &mut Grid,
        topo: &Topology,
        pass: &mut Pass<'_, S>,
    ) -> Result<(), Contradiction> {
        for start in Cell::all() {
            while next(grid, topo, pass, start)? {}
        }
        Ok(())
    }
}

/// Finds the first chain from `start` that removes something, makes its changes and closes
/// its step; whether there was one.
#[inline(never)]
fn next<S: Sink>(
    grid: &mut Grid,
    topo: &Topology,
    pass: &mut Pass<'_, S>,
    start: Cell,
) -> Result<bool, Contradiction> {
    let pair = grid.get(start);
    if !pair.is_pair() {
        return Ok(false);
    }
    // Breadth first: `from[c]` the box `c` was reached from, `links[c]` its distance.
    let mut from = [u8::MAX; 81];
    let mut links = [u8::MAX; 81];
    let mut queue = [Cell(0); 81];
    let (mut head, mut tail) = (0, 1);
    queue[0] = start;
    links[start.index()] = 0;
    while head < tail {
        let c = queue[head];
        head += 1;
        for &p in topo.peers(c) {
            if grid.get(p) != pair || links[p.index()] != u8::MAX {
                continue;
            }
            links[p.index()] = links[c.index()] + 1;
            from[p.index()] = c.0;
            queue[tail] = p;
            tail += 1;
            let n = links[p.index()] as usize;
            if n < 3 || n % 2 == 0 || n + 1 > MAX_EVIDENCE_BOXES {
                continue;
            }
            let mut chain = [Cell(0); MAX_EVIDENCE_BOXES];
            let mut at = p;
            for k in (0..=n).rev() {
                chain[k] = at;
                if k > 0 {
                    at = Cell(from[at.index()]);
                }
            }
            let chain = &chain[..=n];
            let mut changed = false;
            let mut emptied = None;
            for &t in topo.peers(start) {
                let before = grid.get(t);
                let after = before.without(pair);
                if after == before || chain.contains(&t) || !sees(topo, t, p) {
                    continue;
                }
                grid.set(t, after, pass.sink());
                changed = true;
                if after.is_empty() && emptied.is_none() {
                    emptied = Some(t);
                }
            }
            if changed {
                pass.step(Evidence::new(&[], chain, pair));
                if let Some(cell) = emptied {
                    return Err(Contradiction::EmptyBox { cell });
                }
                return Ok(true);
            }
        }
    }
    Ok(false)
}
