//! The verdict engine's general path: any topology the bit board is not built for (jigsaw
//! regions, windoku, extra regions, pairwise exclusions, killer cages). The same answers as the
//! classic path (the count of solutions up to a bound, the first solution, the node cap), on
//! 81 candidate masks: naked singles over every box a solved box sees, hidden singles over every
//! house, and each cage's digits kept to the combinations that fit it; guesses on the first box
//! with the fewest candidates.

use super::Search;
use crate::topology::{Topology, BOXES};

/// A cage with a sum as the search uses it: its boxes and the digit sets (9-bit masks) of its
/// size that add up to its sum.
struct SumCage {
    cells: Vec<usize>,
    combos: Vec<u16>,
}

/// What the search reads of the topology.
pub(super) struct Model<'a> {
    topo: &'a Topology,
    cages: Vec<SumCage>,
}

impl<'a> Model<'a> {
    pub(super) fn new(topo: &'a Topology) -> Model<'a> {
        let cages = topo
            .cages()
            .iter()
            .filter_map(|cage| {
                let sum = cage.sum?;
                let n = cage.cells.len() as u32;
                let combos = (1u16..512)
                    .filter(|m| m.count_ones() == n && digit_sum(*m) == sum)
                    .collect();
                Some(SumCage {
                    cells: cage.cells.iter().map(|c| c.index()).collect(),
                    combos,
                })
            })
            .collect();
        Model { topo, cages }
    }
}

/// The sum of the digits of a 9-bit mask (bit `d - 1` for digit `d`).
pub(crate) fn digit_sum(mask: u16) -> u16 {
    (0..9).filter(|b| mask >> b & 1 != 0).map(|b| b + 1).sum()
}

/// A node's state: the candidates, and the solved boxes whose digit already left their peers.
#[derive(Copy, Clone)]
pub(super) struct State {
    cells: [u16; BOXES],
    cleared: u128,
}

impl State {
    pub(super) fn new(cells: &[u16; BOXES]) -> State {
        State {
            cells: cells.map(|c| c & 0x1ff),
            cleared: 0,
        }
    }

    fn solved(&self) -> u128 {
        let mut m = 0u128;
        for (i, &c) in self.cells.iter().enumerate() {
            if c != 0 && c & (c - 1) == 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// Propagates to a fixpoint; false on a contradiction.
    fn propagate(&mut self, model: &Model) -> bool {
        let topo = model.topo;
        loop {
            if self.cells.contains(&0) {
                return false;
            }
            // Naked singles: each solved box's digit leaves every box it sees.
            let mut todo = self.solved() & !self.cleared;
            let mut changed = false;
            while todo != 0 {
                let i = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let bit = self.cells[i];
                self.cleared |= 1 << i;
                let mut peers = topo.peer_boxes(crate::topology::Cell(i as u8));
                while peers != 0 {
                    let j = peers.trailing_zeros() as usize;
                    peers &= peers - 1;
                    let c = self.cells[j];
                    if c & bit != 0 {
                        let after = c & !bit;
                        if after == 0 {
                            return false;
                        }
                        self.cells[j] = after;
                        if after & (after - 1) == 0 {
                            todo |= 1 << j;
                        }
                        changed = true;
                    }
                }
            }
            // Hidden singles, and a digit with no place, in every house.
            for cells in &topo.units {
                let (mut once, mut twice, mut fixed) = (0u16, 0u16, 0u16);
                for c in cells {
                    let m = self.cells[c.index()];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                if once != 0x1ff {
                    return false;
                }
                let mut single = once & !twice & !fixed;
                while single != 0 {
                    let bit = single & single.wrapping_neg();
                    single &= single - 1;
                    if let Some(c) = cells.iter().find(|c| self.cells[c.index()] & bit != 0) {
                        self.cells[c.index()] = bit;
                        changed = true;
                    }
                }
            }
            // Cages: the digits of no combination that fits leave the cage; a digit every
            // combination needs, with one place in the cage, goes there.
            for cage in &model.cages {
                let (mut union, mut fixed) = (0u16, 0u16);
                for &i in &cage.cells {
                    let m = self.cells[i];
                    union |= m;
                    if m & (m - 1) == 0 {
                        fixed |= m;
                    }
                }
                let (mut allowed, mut needed) = (0u16, 0x1ffu16);
                for &combo in &cage.combos {
                    if combo & fixed == fixed
                        && combo & !union == 0
                        && cage.cells.iter().all(|&i| self.cells[i] & combo != 0)
                    {
                        allowed |= combo;
                        needed &= combo;
                    }
                }
                if allowed == 0 {
                    return false;
                }
                for &i in &cage.cells {
                    let m = self.cells[i];
                    if m & !allowed != 0 {
                        if m & allowed == 0 {
                            return false;
                        }
                        self.cells[i] = m & allowed;
                        changed = true;
                    }
                }
                let mut need = needed & !fixed;
                while need != 0 {
                    let bit = need & need.wrapping_neg();
                    need &= need - 1;
                    let mut places = cage.cells.iter().filter(|&&i| self.cells[i] & bit != 0);
                    if let (Some(&i), None) = (places.next(), places.next()) {
                        self.cells[i] = bit;
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The unsolved box with the fewest candidates (the first on a tie), if any.
    fn choose(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (i, &c) in self.cells.iter().enumerate() {
            let n = c.count_ones();
            if n > 1 && best.is_none_or(|(m, _)| n < m) {
                best = Some((n, i));
                if n == 2 {
                    break;
                }
            }
        }
        best.map(|(_, i)| i)
    }

    fn digits(&self) -> [u8; BOXES] {
        self.cells.map(|c| b'0' + c.trailing_zeros() as u8 + 1)
    }
}

impl Search {
    /// Depth-first from `state`, as the classic path's `run`: a node is one propagation.
    pub(super) fn run_general(&mut self, model: &Model, state: &mut State) {
        loop {
            if self.nodes >= self.max_nodes.max(1) {
                self.capped = true;
                return;
            }
            self.nodes += 1;
            if !state.propagate(model) {
                return;
            }
            let Some(i) = state.choose() else {
                // Every box solved, every constraint kept: propagation checked each house and
                // each box's peers, and a full cage keeps only a combination of its sum.
                self.solutions += 1;
                if self.first.is_none() {
                    self.first = Some(state.digits());
                }
                return;
            };
            let mut digits = state.cells[i];
            while digits & (digits - 1) != 0 {
                let bit = digits & digits.wrapping_neg();
                digits &= digits - 1;
                let mut child = *state;
                child.cells[i] = bit;
                self.run_general(model, &mut child);
                if self.done() {
                    return;
                }
            }
            state.cells[i] = digits;
        }
    }
}
