//! The course's solver, ported line by line from the seed documents (000, 002 and 004 print it),
//! on a representation of its own: `values[box]` is the box's candidates as a string ("2379"),
//! boxes in the course's `boxes` order (A1..I9), units in its `unitlist` order. It shares no code
//! with the core: it is the oracle the core's course rung is checked against.
//!
//! What the seeds leave open, and how it is settled here:
//! - the strategy set: `reduce_puzzle` runs those enabled, in the course's order (eliminate, only
//!   choice, naked twins);
//! - `naked_twins`, printed only in one student's form (seed 001): [`Twins`] chooses it;
//! - a complete grid is accepted only when every unit holds nine different digits (seed 003's
//!   search without pruning needs it; with eliminate on, it never rejects a grid);
//! - `search` counts its calls, as seed 003 counts "instances", and stops when a guess would
//!   make a call past `max_nodes` (Propagate's node cap).

#![allow(dead_code)]

pub const DIGITS: &str = "123456789";
const ROWS: &[u8] = b"ABCDEFGHI";

/// Which `naked_twins`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Twins {
    /// The project's specification: every pair of twins in the input is found first (units in
    /// order, pairs in unit order), then each removes its two digits from the rest of its unit.
    Aind,
    /// Seed 001 as printed: twins are peers with the same two candidates; their digits leave
    /// the boxes that are peers of both, and only those with more than two candidates.
    Seed001,
    /// /work/shared/bench/course_solver.py: unit by unit, each unit's pairs as found, seeing
    /// the changes made so far.
    Bench,
}

/// Which `eliminate`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eliminate {
    /// Seeds 002 and 004: the boxes solved at the start of the pass.
    Seed002,
    /// Seed 000: `for key, val in values.items()`, which also sees boxes solved during the pass.
    Seed000,
}

/// When `reduce_puzzle` stops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stall {
    /// The seeds' rule: a round that solves no new box (`solved_values_before ==
    /// solved_values_after`).
    Solved,
    /// A round that changes no candidate.
    Changes,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub diagonal: bool,
    pub eliminate: bool,
    pub only_choice: bool,
    pub naked_twins: bool,
    pub twins: Twins,
    pub eliminate_form: Eliminate,
    pub stall: Stall,
    /// Not the course's: `only_choice` fails the node when a digit has no place in a unit.
    pub no_place: bool,
    pub max_nodes: u64,
}

impl Config {
    /// The seeds' code with the given strategies (bits 1, 2, 4: eliminate, only choice, naked
    /// twins), the project's naked twins.
    pub fn course(diagonal: bool, strategies: u8) -> Config {
        Config {
            diagonal,
            eliminate: strategies & 1 != 0,
            only_choice: strategies & 2 != 0,
            naked_twins: strategies & 4 != 0,
            twins: Twins::Aind,
            eliminate_form: Eliminate::Seed002,
            stall: Stall::Solved,
            no_place: false,
            max_nodes: 10_000_000,
        }
    }
}

pub type Values = Vec<String>;

/// What `search` came to, and how many calls it made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub nodes: u64,
    /// The solution as 81 digits, if found.
    pub solution: Option<String>,
    pub capped: bool,
    /// Every guess in the order made: (box index in A1..I9, digit).
    pub guesses: Vec<(usize, char)>,
}

pub struct Course {
    pub config: Config,
    pub boxes: Vec<String>,
    pub unitlist: Vec<Vec<usize>>,
    pub peers: Vec<Vec<usize>>,
    counter: u64,
    capped: bool,
    guesses: Vec<(usize, char)>,
}

fn cross(rows: &[u8], cols: &[u8]) -> Vec<usize> {
    let mut v = Vec::new();
    for &r in rows {
        for &c in cols {
            v.push((r - b'A') as usize * 9 + (c - b'1') as usize);
        }
    }
    v
}

impl Course {
    pub fn new(config: Config) -> Course {
        let cols = DIGITS.as_bytes();
        let boxes = (0..81)
            .map(|i| format!("{}{}", ROWS[i / 9] as char, i % 9 + 1))
            .collect();
        let mut unitlist: Vec<Vec<usize>> = Vec::new();
        for r in 0..9 {
            unitlist.push(cross(&ROWS[r..r + 1], cols));
        }
        for c in 0..9 {
            unitlist.push(cross(ROWS, &cols[c..c + 1]));
        }
        for rs in [b"ABC", b"DEF", b"GHI"] {
            for cs in [b"123", b"456", b"789"] {
                unitlist.push(cross(rs, cs));
            }
        }
        if config.diagonal {
            unitlist.push((0..9).map(|i| i * 9 + i).collect());
            unitlist.push((0..9).map(|i| i * 9 + (8 - i)).collect());
        }
        let peers = (0..81)
            .map(|s| {
                let mut p: Vec<usize> = unitlist
                    .iter()
                    .filter(|u| u.contains(&s))
                    .flatten()
                    .copied()
                    .filter(|&b| b != s)
                    .collect();
                p.sort();
                p.dedup();
                p
            })
            .collect();
        Course {
            config,
            boxes,
            unitlist,
            peers,
            counter: 0,
            capped: false,
            guesses: Vec::new(),
        }
    }

    /// `grid_values`: '.' or '0' for an empty box.
    pub fn grid_values(&self, grid: &str) -> Values {
        let values: Values = grid
            .chars()
            .filter_map(|c| match c {
                '.' | '0' => Some(DIGITS.to_string()),
                '1'..='9' => Some(c.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(values.len(), 81, "not a grid: {grid}");
        values
    }

    pub fn eliminate(&self, values: &mut Values) {
        match self.config.eliminate_form {
            Eliminate::Seed002 => {
                let solved_values: Vec<usize> = (0..81).filter(|&b| values[b].len() == 1).collect();
                for b in solved_values {
                    let digit = values[b].clone();
                    for &peer in &self.peers[b] {
                        values[peer] = values[peer].replace(&digit, "");
                    }
                }
            }
            Eliminate::Seed000 => {
                for b in 0..81 {
                    let val = values[b].clone();
                    if val.len() == 1 {
                        for &peer in &self.peers[b] {
                            values[peer] = values[peer].replace(&val, "");
                        }
                    }
                }
            }
        }
    }

    /// False only with `no_place` on, for a digit that fits no box of a unit.
    pub fn only_choice(&self, values: &mut Values) -> bool {
        for unit in &self.unitlist {
            for d in DIGITS.chars() {
                let dplaces: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&b| values[b].contains(d))
                    .collect();
                if dplaces.len() == 1 {
                    values[dplaces[0]] = d.to_string();
                }
                if dplaces.is_empty() && self.config.no_place {
                    return false;
                }
            }
        }
        true
    }

    pub fn naked_twins(&self, values: &mut Values) {
        match self.config.twins {
            Twins::Aind => {
                let mut found = Vec::new();
                for unit in &self.unitlist {
                    let pairs: Vec<usize> = unit
                        .iter()
                        .copied()
                        .filter(|&b| values[b].len() == 2)
                        .collect();
                    for (i, &a) in pairs.iter().enumerate() {
                        for &b in &pairs[i + 1..] {
                            if values[a] == values[b] {
                                found.push((unit, a, b, values[a].clone()));
                            }
                        }
                    }
                }
                for (unit, a, b, digits) in found {
                    for &other in unit {
                        if other != a && other != b {
                            for d in digits.chars() {
                                values[other] = values[other].replace(d, "");
                            }
                        }
                    }
                }
            }
            Twins::Seed001 => {
                let potential: Vec<usize> = (0..81).filter(|&b| values[b].len() == 2).collect();
                let mut twins = Vec::new();
                for &b1 in &potential {
                    for &b2 in &self.peers[b1] {
                        if sorted(&values[b1]) == sorted(&values[b2]) {
                            twins.push((b1, b2));
                        }
                    }
                }
                for (b1, b2) in twins {
                    for &p in self.peers[b1].iter().filter(|p| self.peers[b2].contains(p)) {
                        if values[p].len() > 2 {
                            for d in values[b1].clone().chars() {
                                values[p] = values[p].replace(d, "");
                            }
                        }
                    }
                }
            }
            Twins::Bench => {
                for unit in &self.unitlist {
                    let pairs: Vec<usize> = unit
                        .iter()
                        .copied()
                        .filter(|&b| values[b].len() == 2)
                        .collect();
                    for (i, &a) in pairs.iter().enumerate() {
                        for &b in &pairs[i + 1..] {
                            if values[a] == values[b] {
                                for &other in unit {
                                    if other != a && other != b {
                                        for d in values[a].clone().chars() {
                                            values[other] = values[other].replace(d, "");
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn solved(values: &Values) -> usize {
        values.iter().filter(|v| v.len() == 1).count()
    }

    fn total(values: &Values) -> usize {
        values.iter().map(|v| v.len()).sum()
    }

    /// `reduce_puzzle`: `None` is the course's `False`.
    pub fn reduce_puzzle(&self, mut values: Values) -> Option<Values> {
        let mut stalled = false;
        while !stalled {
            let solved_values_before = Self::solved(&values);
            let total_before = Self::total(&values);
            if self.config.eliminate {
                self.eliminate(&mut values);
            }
            if self.config.only_choice && !self.only_choice(&mut values) {
                return None;
            }
            if self.config.naked_twins {
                self.naked_twins(&mut values);
            }
            let solved_values_after = Self::solved(&values);
            stalled = match self.config.stall {
                Stall::Solved => solved_values_before == solved_values_after,
                Stall::Changes => total_before == Self::total(&values),
            };
            if values.iter().any(|v| v.is_empty()) {
                return None;
            }
        }
        Some(values)
    }

    fn consistent(&self, values: &Values) -> bool {
        self.unitlist.iter().all(|u| {
            let mut seen: Vec<&String> = u.iter().map(|&b| &values[b]).collect();
            seen.sort();
            seen.dedup();
            seen.len() == 9
        })
    }

    fn search(&mut self, values: Values) -> Option<Values> {
        self.counter += 1;
        let values = self.reduce_puzzle(values)?;
        if values.iter().all(|v| v.len() == 1) {
            return self.consistent(&values).then_some(values);
        }
        // min((len(values[s]), s) for s in boxes if len(values[s]) > 1)
        let (_, s) = (0..81)
            .filter(|&s| values[s].len() > 1)
            .map(|s| (values[s].len(), s))
            .min()
            .unwrap();
        for value in values[s].clone().chars() {
            if self.counter >= self.config.max_nodes {
                self.capped = true;
                return None;
            }
            let mut new_sudoku = values.clone();
            new_sudoku[s] = value.to_string();
            self.guesses.push((s, value));
            let attempt = self.search(new_sudoku);
            if attempt.is_some() || self.capped {
                return attempt;
            }
        }
        None
    }

    /// `solve`, counting search calls.
    pub fn solve(&mut self, grid: &str) -> Run {
        self.counter = 0;
        self.capped = false;
        self.guesses.clear();
        let values = self.grid_values(grid);
        let found = self.search(values);
        Run {
            nodes: self.counter,
            solution: found.map(|v| v.concat()),
            capped: self.capped,
            guesses: std::mem::take(&mut self.guesses),
        }
    }
}

fn sorted(s: &str) -> Vec<char> {
    let mut v: Vec<char> = s.chars().collect();
    v.sort();
    v
}

/// The puzzles of a file in `puzzles/`, one a line (comments and blank lines skipped).
pub fn puzzles(name: &str) -> Vec<String> {
    let path = format!("{}/../../puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l[..81].to_string())
        .collect()
}
