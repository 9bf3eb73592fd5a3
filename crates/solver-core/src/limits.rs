//! The caps that keep a solve's time and memory bounded, and which of them stopped one.
//! docs/limits.md states each with the figures behind it.

use serde::{Serialize, Serializer};

/// Which cap stopped a solve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    Nodes,
    Steps,
}

impl Limit {
    /// Every cap, in declaration order.
    pub const ALL: [Limit; 2] = [Limit::Nodes, Limit::Steps];

    /// The cap named `name` in a trace.
    pub fn from_name(name: &str) -> Option<Limit> {
        Limit::ALL.into_iter().find(|limit| limit.name() == name)
    }

    /// The cap's name in a trace (and in the facade's rating): the one spelling of it.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Nodes => "nodes",
            Limit::Steps => "steps",
        }
    }
}

impl Serialize for Limit {
    /// As its [`Limit::name`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Caps that keep time and memory bounded. Reaching one is reported as such, never as a verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Search nodes visited, the root included.
    pub max_nodes: u64,
    /// Steps kept in a trace; a trace never keeps more than [`Limits::MAX_STEPS`].
    pub max_steps: usize,
}

impl Limits {
    /// The most steps any trace keeps, whatever `max_steps` asks for: the memory bound on a
    /// trace (a step changes at most 81 boxes). docs/limits.md, "Trace memory", has the bytes.
    pub const MAX_STEPS: usize = 1_000_000;

    /// The cap in force for `limit` (`max_steps` above [`Limits::MAX_STEPS`] is that).
    pub fn max(&self, limit: Limit) -> u64 {
        match limit {
            Limit::Nodes => self.max_nodes,
            Limit::Steps => self.max_steps.min(Self::MAX_STEPS) as u64,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // Enough for every puzzle the course and the benchmark sets hold, Norvig's impossible
            // puzzle included, while bounding a solve to seconds (docs/limits.md).
            max_nodes: 10_000_000,
            max_steps: 500_000,
        }
    }
}
