//! The topology as flat index tables for the fast path, derived once per variant from
//! [`Topology`] so that both paths share one definition of units and peers.

use super::reduce::SCRATCH;
use crate::topology::{Cell, Topology, Variant};
use std::sync::OnceLock;

/// Units, peers and the units of each box as plain indices and bit masks.
pub(crate) struct Tables {
    /// How many units: 27, or 29 in diagonal mode.
    pub n_units: usize,
    /// The boxes of each unit, in the course's order.
    pub units: [[u8; 9]; 29],
    /// Bit `u` set for every unit `u` the box belongs to (none for the scratch slot).
    pub units_of: [u32; 82],
    /// The peers of each box (20, 26 or 32), padded to 32 with the scratch slot.
    pub peers: [[u8; 32]; 81],
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
            units_of: [0; 82],
            peers: [[SCRATCH as u8; 32]; 81],
        };
        for (u, cells) in topo.units.iter().enumerate() {
            for (i, c) in cells.iter().enumerate() {
                t.units[u][i] = c.0;
                t.units_of[c.index()] |= 1 << u;
            }
        }
        for cell in Cell::all() {
            for (i, p) in topo.peers(cell).iter().enumerate() {
                t.peers[cell.index()][i] = p.0;
            }
        }
        t
    }
}
