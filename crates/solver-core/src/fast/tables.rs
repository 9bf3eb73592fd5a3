//! The topology as flat index tables for the fast path, derived once per variant from
//! [`Topology`] so that both paths share one definition of units and peers.

use crate::topology::{Cell, Topology, Variant};
use std::sync::OnceLock;

/// Units, peers and the units of each box as plain indices and bit masks.
pub(crate) struct Tables {
    /// How many units: 27, or 29 in diagonal mode.
    pub n_units: usize,
    /// The boxes of each unit, in the course's order.
    pub units: [[u8; 9]; 29],
    /// Bit `u` set for every unit `u` the box belongs to.
    pub units_of: [u32; 81],
    /// The peers of each box (20, 26 or 32), padded; `peers_len` says how many.
    pub peers: [[u8; 32]; 81],
    pub peers_len: [u8; 81],
}

impl Tables {
    pub fn of(variant: Variant) -> &'static Tables {
        static STANDARD: OnceLock<Tables> = OnceLock::new();
        static DIAGONAL: OnceLock<Tables> = OnceLock::new();
        let slot = match variant {
            Variant::Standard => &STANDARD,
            Variant::Diagonal => &DIAGONAL,
        };
        slot.get_or_init(|| Tables::build(Topology::of(variant)))
    }

    fn build(topo: &Topology) -> Tables {
        let mut t = Tables {
            n_units: topo.units.len(),
            units: [[0; 9]; 29],
            units_of: [0; 81],
            peers: [[0; 32]; 81],
            peers_len: [0; 81],
        };
        for (u, cells) in topo.units.iter().enumerate() {
            for (i, c) in cells.iter().enumerate() {
                t.units[u][i] = c.0;
                t.units_of[c.index()] |= 1 << u;
            }
        }
        for cell in Cell::all() {
            let peers = topo.peers(cell);
            t.peers_len[cell.index()] = peers.len() as u8;
            for (i, p) in peers.iter().enumerate() {
                t.peers[cell.index()][i] = p.0;
            }
        }
        t
    }

    #[inline(always)]
    pub fn peers(&self, cell: usize) -> &[u8] {
        &self.peers[cell][..self.peers_len[cell] as usize]
    }
}
