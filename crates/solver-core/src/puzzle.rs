//! A puzzle as the constraint model states it: a 9×9 grid, its givens, its regions and a list of
//! constraints. The readers of shared puzzles (f-puzzles JSON and links, SudokuPad links, the
//! Interactive Sudoku Solver's strings) produce it, the writers read it, and the solver builds
//! its topology from it. Plain data: it says what the puzzle is, not how it is solved.

use crate::digits::Digits;
use crate::grid::Grid;
use crate::topology::{
    box_bit, classic_houses, Cage, Cell, House, TooManyHouses, Topology, BOXES, MAX_UNITS, SIZE,
};
use std::borrow::Cow;

/// A variant puzzle: givens, regions and constraints beyond rows and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The given digit of each box, A1..I9: 1..=9, or 0 for an empty box.
    pub givens: [u8; 81],
    /// The nine regions that hold 1–9 once each besides rows and columns: `None` for the 3×3
    /// squares, `Some` for jigsaw Sudoku with each box's region number (0..9, each used by
    /// exactly nine boxes).
    pub regions: Option<[u8; 81]>,
    /// Every other constraint, in the order the source gave them.
    pub constraints: Vec<Constraint>,
    /// The puzzle's title and author, when the source names them.
    pub title: Option<String>,
    pub author: Option<String>,
}

/// One constraint of the model besides rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The main diagonal A1..I9 holds 1–9 once each (f-puzzles `diagonal-`).
    Diagonal,
    /// The anti-diagonal A9..I1 holds 1–9 once each (f-puzzles `diagonal+`).
    AntiDiagonal,
    /// Windoku: the four 3×3 squares B2-D4, B6-D8, F2-H4 and F6-H8 each hold 1–9 once.
    Windoku,
    /// A further house: nine boxes that hold 1–9 once each (f-puzzles `extraregion`).
    ExtraRegion(Vec<Cell>),
    /// No two boxes a chess knight's move apart hold the same digit.
    AntiKnight,
    /// No two boxes a chess king's move apart (diagonally adjacent included) hold the same digit.
    AntiKing,
    /// A killer cage: 1–9 boxes whose digits differ, summing to `sum` when it is given.
    Cage { cells: Vec<Cell>, sum: Option<u16> },
}

impl Constraint {
    /// Every kind's name in a trace (docs/trace-format.md, `puzzle.constraints`), in declaration
    /// order: the one spelling of a constraint kind.
    pub const NAMES: [&'static str; 7] = [
        "diagonal",
        "anti-diagonal",
        "windoku",
        "extra-region",
        "anti-knight",
        "anti-king",
        "cage",
    ];

    /// Its kind's name in a trace (one of [`Constraint::NAMES`]).
    pub fn name(&self) -> &'static str {
        Constraint::NAMES[match self {
            Constraint::Diagonal => 0,
            Constraint::AntiDiagonal => 1,
            Constraint::Windoku => 2,
            Constraint::ExtraRegion(_) => 3,
            Constraint::AntiKnight => 4,
            Constraint::AntiKing => 5,
            Constraint::Cage { .. } => 6,
        }]
    }

    /// The constraint of a kind without boxes named `name` (`"windoku"`, `"anti-knight"`, …);
    /// `None` for `extra-region` and `cage`, which need their boxes, and for unknown names.
    pub fn plain(name: &str) -> Option<Constraint> {
        [
            Constraint::Diagonal,
            Constraint::AntiDiagonal,
            Constraint::Windoku,
            Constraint::AntiKnight,
            Constraint::AntiKing,
        ]
        .into_iter()
        .find(|c| c.name() == name)
    }
}

impl Puzzle {
    /// A classic puzzle with these givens and no constraint beyond rows, columns and squares.
    pub fn classic(givens: [u8; 81]) -> Puzzle {
        Puzzle {
            givens,
            regions: None,
            constraints: Vec::new(),
            title: None,
            author: None,
        }
    }
}

/// What makes a [`Puzzle`] not one the model can solve, naming the box, region, cage or
/// constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// A given outside 0..=9.
    Given {
        cell: Cell,
        value: u8,
    },
    /// A jigsaw region number outside 0..9.
    RegionNumber {
        cell: Cell,
        value: u8,
    },
    /// A jigsaw region (numbered from 1) without exactly nine boxes.
    RegionSize {
        region: u8,
        boxes: usize,
    },
    /// An extra region (numbered from 1 among the extra regions) without nine different boxes.
    ExtraRegion {
        index: usize,
        boxes: usize,
    },
    /// A cage (numbered from 1 among the cages) without 1–9 boxes, or naming a box twice.
    CageSize {
        index: usize,
        boxes: usize,
    },
    CageRepeats {
        index: usize,
        cell: Cell,
    },
    /// A cage sharing a box with an earlier one (`other`, numbered as `index`): killer cages
    /// do not overlap.
    CageOverlap {
        index: usize,
        other: usize,
        cell: Cell,
    },
    /// A cage whose sum no set of that many different digits makes (`min`..=`max`).
    CageSum {
        index: usize,
        sum: u16,
        min: u16,
        max: u16,
    },
    /// More houses than a topology holds.
    TooManyHouses {
        count: usize,
    },
    /// Two givens that see each other hold the same digit.
    Conflict {
        a: Cell,
        b: Cell,
        digit: u8,
    },
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Given { cell, value } => {
                write!(
                    f,
                    "the given in {cell} is {value}: expected 1 to 9, or 0 for none"
                )
            }
            ModelError::RegionNumber { cell, value } => {
                write!(f, "{cell} is in region {value}: expected 0 to 8")
            }
            ModelError::RegionSize { region, boxes } => {
                write!(f, "region {region} has {boxes} boxes: a region has 9")
            }
            ModelError::ExtraRegion { index, boxes } => write!(
                f,
                "extra region {index} has {boxes} different boxes: an extra region has 9"
            ),
            ModelError::CageSize { index, boxes } => {
                write!(f, "cage {index} has {boxes} boxes: a cage has 1 to 9")
            }
            ModelError::CageRepeats { index, cell } => {
                write!(f, "cage {index} names {cell} twice")
            }
            ModelError::CageOverlap { index, other, cell } => write!(
                f,
                "cage {index} overlaps cage {other} at {cell}: killer cages do not share boxes"
            ),
            ModelError::CageSum {
                index,
                sum,
                min,
                max,
            } => write!(
                f,
                "cage {index} sums to {sum}: different digits in its boxes sum to {min} to {max}"
            ),
            ModelError::TooManyHouses { count } => write!(
                f,
                "the puzzle has {count} houses: at most {MAX_UNITS} are supported"
            ),
            ModelError::Conflict { a, b, digit } => {
                write!(f, "{a} and {b} see each other and are both given {digit}")
            }
        }
    }
}

impl std::error::Error for ModelError {}

/// Windoku's four extra squares: their top-left boxes' rows and columns.
const WINDOWS: [(usize, usize); 4] = [(1, 1), (1, 5), (5, 1), (5, 5)];

impl Puzzle {
    /// The puzzle's topology: rows, columns, the squares (or its jigsaw regions), then the
    /// diagonals, windoku's windows, the extra regions and the 9-box cages as houses; anti-knight
    /// and anti-king as pairwise exclusions; the cages. Standard and diagonal Sudoku get their
    /// classic topology. An error names the region or cage that is not well formed.
    pub fn topology(&self) -> Result<Topology, ModelError> {
        let mut houses = classic_houses(false);
        if let Some(regions) = &self.regions {
            let mut members: [Vec<Cell>; SIZE] = Default::default();
            for (i, &r) in regions.iter().enumerate() {
                let cell = Cell(i as u8);
                if r as usize >= SIZE {
                    return Err(ModelError::RegionNumber { cell, value: r });
                }
                members[r as usize].push(cell);
            }
            for (r, cells) in members.iter().enumerate() {
                let region = r as u8 + 1;
                let cells: [Cell; SIZE] =
                    cells
                        .as_slice()
                        .try_into()
                        .map_err(|_| ModelError::RegionSize {
                            region,
                            boxes: cells.len(),
                        })?;
                houses[2 * SIZE + r] = House {
                    cells,
                    name: Cow::Owned(format!("region {region}")),
                    line: false,
                };
            }
        }
        let has = |c: &Constraint| self.constraints.contains(c);
        let at = |r: usize, c: usize| Cell((r * SIZE + c) as u8);
        if has(&Constraint::Diagonal) {
            houses.push(House {
                cells: std::array::from_fn(|i| at(i, i)),
                name: Cow::Borrowed("diagonal A1-I9"),
                line: true,
            });
        }
        if has(&Constraint::AntiDiagonal) {
            houses.push(House {
                cells: std::array::from_fn(|i| at(i, SIZE - 1 - i)),
                name: Cow::Borrowed("diagonal A9-I1"),
                line: true,
            });
        }
        if has(&Constraint::Windoku) {
            for (r0, c0) in WINDOWS {
                let cells: [Cell; SIZE] = std::array::from_fn(|i| at(r0 + i / 3, c0 + i % 3));
                let name = format!("window {}-{}", cells[0], cells[SIZE - 1]);
                houses.push(House {
                    cells,
                    name: Cow::Owned(name),
                    line: false,
                });
            }
        }
        let mut index = 0;
        for c in &self.constraints {
            if let Constraint::ExtraRegion(cells) = c {
                index += 1;
                let mut sorted = cells.clone();
                sorted.sort();
                sorted.dedup();
                let valid = sorted.len() == cells.len() && sorted.iter().all(|c| c.index() < BOXES);
                let cells: [Cell; SIZE] = match sorted.as_slice().try_into() {
                    Ok(cells) if valid => cells,
                    _ => {
                        return Err(ModelError::ExtraRegion {
                            index,
                            boxes: sorted.len(),
                        })
                    }
                };
                houses.push(House {
                    cells,
                    name: Cow::Owned(format!("extra region {index}")),
                    line: false,
                });
            }
        }
        let mut sees = [0u128; BOXES];
        let moves: &[(i32, i32)] = &[(1, 2), (2, 1), (2, -1), (1, -2)];
        let king: &[(i32, i32)] = &[(1, -1), (1, 0), (1, 1), (0, 1)];
        for (constraint, steps) in [
            (Constraint::AntiKnight, moves),
            (Constraint::AntiKing, king),
        ] {
            if !has(&constraint) {
                continue;
            }
            for r in 0..SIZE as i32 {
                for c in 0..SIZE as i32 {
                    for (dr, dc) in steps {
                        let (r2, c2) = (r + dr, c + dc);
                        if (0..SIZE as i32).contains(&r2) && (0..SIZE as i32).contains(&c2) {
                            let (a, b) = (at(r as usize, c as usize), at(r2 as usize, c2 as usize));
                            sees[a.index()] |= box_bit(b.index());
                            sees[b.index()] |= box_bit(a.index());
                        }
                    }
                }
            }
        }
        let mut cages = Vec::new();
        for c in &self.constraints {
            let Constraint::Cage { cells, sum } = c else {
                continue;
            };
            let index = cages.len() + 1;
            if cells.is_empty() || cells.len() > SIZE || cells.iter().any(|c| c.index() >= BOXES) {
                return Err(ModelError::CageSize {
                    index,
                    boxes: cells.len(),
                });
            }
            let mut boxes = 0u128;
            for &cell in cells {
                if boxes >> cell.index() & 1 != 0 {
                    return Err(ModelError::CageRepeats { index, cell });
                }
                boxes |= box_bit(cell.index());
            }
            if let Some(earlier) = cages.iter().position(|c: &Cage| c.boxes & boxes != 0) {
                let shared = cages[earlier].boxes & boxes;
                return Err(ModelError::CageOverlap {
                    index,
                    other: earlier + 1,
                    cell: Cell(shared.trailing_zeros() as u8),
                });
            }
            let n = cells.len() as u16;
            // The least and the most `n` different digits sum to.
            let (min, max) = (n * (n + 1) / 2, n * (19 - n) / 2);
            if let Some(sum) = *sum {
                if sum < min || sum > max {
                    return Err(ModelError::CageSum {
                        index,
                        sum,
                        min,
                        max,
                    });
                }
            }
            let mut sorted = cells.clone();
            sorted.sort();
            if let Ok(cells) = <[Cell; SIZE]>::try_from(sorted.as_slice()) {
                houses.push(House {
                    cells,
                    name: Cow::Owned(format!("cage {index}")),
                    line: false,
                });
            }
            cages.push(Cage {
                cells: sorted,
                boxes,
                sum: *sum,
            });
        }
        Topology::general(houses, &sees, cages)
            .map_err(|TooManyHouses(count)| ModelError::TooManyHouses { count })
    }

    /// The puzzle's givens as a grid of candidates for `topo` (the puzzle's topology): every
    /// box all digits but for the givens. An error names a given out of range, or two givens
    /// that see each other holding the same digit.
    pub fn grid(&self, topo: &Topology) -> Result<Grid, ModelError> {
        let mut cells = [Digits::ALL; BOXES];
        for (i, &value) in self.givens.iter().enumerate() {
            let cell = Cell(i as u8);
            match value {
                0 => {}
                1..=9 => cells[i] = Digits::single(value),
                _ => return Err(ModelError::Given { cell, value }),
            }
        }
        // The givens of each digit, bit `i` for box `i`.
        let mut given = [0u128; SIZE];
        for (i, &value) in self.givens.iter().enumerate() {
            if value != 0 {
                given[value as usize - 1] |= box_bit(i);
            }
        }
        for (i, &value) in self.givens.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let a = Cell(i as u8);
            // The first box after `a` that sees it and is given the same digit.
            let after = !(box_bit(i) | (box_bit(i) - 1));
            let same = topo.peer_boxes(a) & given[value as usize - 1] & after;
            if same != 0 {
                return Err(ModelError::Conflict {
                    a,
                    b: Cell(same.trailing_zeros() as u8),
                    digit: value,
                });
            }
        }
        Ok(Grid::from_cells(cells))
    }
}
