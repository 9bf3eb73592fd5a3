//! The rating, as Sudoku Explainer rates a puzzle: from the puzzle, take the easiest step
//! available, again and again; the rating is the hardest step so taken. The walk from step to
//! step ([`Walk`]) is also the hint's next step. docs/ratings.md gives the rules.
//!
//! Every strategy's step scores its `RATING` (the chains and forcing steps adding their
//! length's, the wings scoring by their size: `Strategy::score`), but for the singles, whose
//! score in Sudoku Explainer depends on the step: Sudoku Explainer removes a placed digit from the peers with
//! every placement, unrated, and rates the placement. Here `eliminate` makes those removals and
//! `only_choice` the hidden singles; so
//! - an `eliminate` step from a box given or placed is bookkeeping, scored 0, and taken before
//!   anything else (Sudoku Explainer's grid never shows a placed digit among its peers);
//! - an `only_choice` step is a hidden single: 1.2 in a square, 1.5 in a row, column or diagonal
//!   (a diagonal is a line), 1.0 where the unit's other boxes are all placed (a full house);
//! - an `eliminate` step from a box that removals left with one candidate is that box's
//!   placement: a hidden single (scored as above) where its digit has no other place in one of
//!   its units, a naked single (2.3) otherwise.
//!
//! Singles are taken easiest first (a hidden single before a naked single), and a naked single
//! before any strategy rated above 2.3.

use crate::digits::Digits;
use crate::easiest::{first_step_at, Found};
use crate::grid::Grid;
use crate::limits::Limit;
use crate::registry::{info, position};
use crate::strategy::At;
use crate::topology::{Cell, Topology, Unit, MAX_UNITS};
use crate::trace::{Contradiction, Evidence, NoTrace, Position, Sink, StrategySet};
use crate::Options;

/// A hidden single in a unit whose other boxes are all placed.
pub const FULL_HOUSE: f32 = 1.0;
/// A hidden single in a square.
pub const HIDDEN_SINGLE_SQUARE: f32 = 1.2;
/// A hidden single in a row, a column or a diagonal.
pub const HIDDEN_SINGLE_LINE: f32 = 1.5;
/// A box left one candidate by removals.
pub const NAKED_SINGLE: f32 = 2.3;

/// What a step of the walk is, in Sudoku Explainer's terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Technique {
    /// An `eliminate` step from a box given or placed: candidate bookkeeping.
    Bookkeeping,
    /// A hidden single in a unit whose other boxes are all placed.
    FullHouse,
    /// A hidden single in a square, or (`region`) in another house that is not a line: a
    /// jigsaw region, a windoku window, an extra region, a nine-box cage. Scored as in a square;
    /// only its label says which.
    HiddenSingleSquare { region: bool },
    /// A hidden single in a row, a column or a diagonal.
    HiddenSingleLine,
    /// A box left one candidate by removals, whose digit has other places in each of its units.
    NakedSingle,
    /// A pointing, claiming, hidden pair or hidden triple that leaves a hidden single at once:
    /// one of Sudoku Explainer's direct techniques (`crate::direct`), scored below the strategy.
    Direct(Position),
    /// A step of any other strategy of the registry.
    Strategy(Position),
}

impl Technique {
    /// Its score on Sudoku Explainer's scale.
    pub fn score(self) -> f32 {
        match self {
            Technique::Bookkeeping => 0.0,
            Technique::FullHouse => FULL_HOUSE,
            Technique::HiddenSingleSquare { .. } => HIDDEN_SINGLE_SQUARE,
            Technique::HiddenSingleLine => HIDDEN_SINGLE_LINE,
            Technique::NakedSingle => NAKED_SINGLE,
            Technique::Direct(p) => crate::direct::score(info(p).id).unwrap_or(info(p).rating),
            Technique::Strategy(p) => info(p).rating,
        }
    }

    /// Its id: the strategy's registry id, or the single's (`full_house`,
    /// `hidden_single_square`, `hidden_single_line`, `naked_single`, `bookkeeping`).
    pub fn id(self) -> &'static str {
        match self {
            Technique::Bookkeeping => "bookkeeping",
            Technique::FullHouse => "full_house",
            Technique::HiddenSingleSquare { .. } => "hidden_single_square",
            Technique::HiddenSingleLine => "hidden_single_line",
            Technique::NakedSingle => "naked_single",
            Technique::Direct(p) => crate::direct::id(info(p).id),
            Technique::Strategy(p) => info(p).id,
        }
    }

    /// The registry position of the strategy whose step it is (`eliminate` for bookkeeping and
    /// a naked single, `only_choice` for a hidden single and a full house).
    pub fn position(self) -> Position {
        let id = match self {
            Technique::Strategy(p) | Technique::Direct(p) => return p,
            Technique::Bookkeeping | Technique::NakedSingle => "eliminate",
            _ => "only_choice",
        };
        position(id).unwrap_or_default()
    }

    /// Its name in words: the strategy's label, or the single's (a hidden single's by its
    /// unit's kind: "in a square", "in a region" for a jigsaw region or an extra one, "in a
    /// line" for a row, a column or a diagonal).
    pub fn label(self) -> &'static str {
        match self {
            Technique::Bookkeeping => "Candidate bookkeeping",
            Technique::FullHouse => "Full house",
            Technique::HiddenSingleSquare { region: false } => "Hidden single in a square",
            Technique::HiddenSingleSquare { region: true } => "Hidden single in a region",
            Technique::HiddenSingleLine => "Hidden single in a line",
            Technique::NakedSingle => "Naked single",
            Technique::Direct(p) => crate::direct::label(info(p).id),
            Technique::Strategy(p) => info(p).label,
        }
    }
}

/// A step of the walk, found and not yet made: what it is, and the strategy's step.
#[derive(Clone, Debug, PartialEq)]
pub struct Next {
    pub technique: Technique,
    pub found: Found,
}

impl Next {
    /// The step's own score: a single's by its technique ([`Technique::score`]), another
    /// strategy's step by [`Found::score`] (the one function that scores a step of the walk:
    /// a chain by its links and length, a forcing step by its branches' nodes; docs/ratings.md
    /// "Chains").
    pub fn score(&self) -> f32 {
        match self.technique {
            Technique::Strategy(_) => self.found.score(),
            t => t.score(),
        }
    }
}

/// The walk from a grid by easiest steps: which boxes are placed (given, or placed by a single
/// taken), so that `eliminate`'s steps can be told apart as bookkeeping or singles. A walk
/// follows one grid: [`Walk::next`] and [`Walk::take`] on the grid it was made from, as its
/// steps change it.
#[derive(Clone, Debug)]
pub struct Walk<'t> {
    topo: &'t Topology,
    set: StrategySet,
    placed: u128,
    /// The placed boxes whose digit a peer may still hold: all but those `eliminate` stepped
    /// from (its step removed the digit from every peer, and the walk's grid only loses
    /// candidates), which bookkeeping need not look at again.
    held: u128,
    eliminate: Option<Position>,
    only_choice: Option<Position>,
    /// The strategies' passes: `at.unique` when the grid is known to have exactly one
    /// solution, so that the uniqueness strategies step.
    at: At,
    /// How many steps [`Walk::take`] has made.
    pub steps: u32,
    /// The hidden singles of the grid last looked at (`Walk::only_choice_first`).
    singles: std::cell::RefCell<Singles>,
}

/// Per unit, the digits with one place there, that place not solved as it: where only choice
/// can step, but for the grid's records of settled units. Kept for the grid whose places
/// `places` holds, and found again only for the digits and units whose places changed since.
#[derive(Clone, Debug)]
struct Singles {
    /// Whether `places` and `solved` are a grid's (none yet).
    kept: bool,
    places: [u128; 9],
    solved: u128,
    /// Per unit, the digits (bit `d - 1`).
    digits: [u16; MAX_UNITS],
    /// The units with one digit or more.
    some: u64,
}

impl Singles {
    const NONE: Singles = Singles {
        kept: false,
        places: [0; 9],
        solved: 0,
        digits: [0; MAX_UNITS],
        some: 0,
    };

    /// Makes the singles `grid`'s.
    fn update(&mut self, grid: &Grid, topo: &Topology) {
        let solved = grid.solved_boxes();
        // Per digit, the units to look at again.
        let mut again = [0u64; 9];
        if !self.kept {
            let all = topo.all_units().fold(0u64, |m, u| m | 1 << u.0);
            again = [all; 9];
            self.kept = true;
        } else {
            for (d, units) in again.iter_mut().enumerate() {
                let now = grid.places(d as u8 + 1);
                for c in ones(now ^ self.places[d]) {
                    *units |= topo.unit_bits(c);
                }
            }
            // A box whose solved state differs from the last look changes whether its digits' one
            // place counts.
            for c in ones(solved ^ self.solved) {
                for d in grid.get(c).iter() {
                    again[d as usize - 1] |= topo.unit_bits(c);
                }
            }
        }
        for (d, &units) in again.iter().enumerate() {
            let now = grid.places(d as u8 + 1);
            self.places[d] = now;
            let mut units = units;
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let places = now & topo.boxes(Unit(u as u8));
                let single = places != 0 && places & (places - 1) == 0 && places & solved == 0;
                let bit = 1u16 << d;
                let digits = &mut self.digits[u];
                *digits = if single {
                    *digits | bit
                } else {
                    *digits & !bit
                };
                if *digits == 0 {
                    self.some &= !(1 << u);
                } else {
                    self.some |= 1 << u;
                }
            }
        }
        self.solved = solved;
    }
}

impl<'t> Walk<'t> {
    /// A walk from `grid` with the strategies of `set`: the boxes solved in `grid` count as
    /// placed (givens, or digits the learner placed). `unique`: `grid` is known to have exactly
    /// one solution (the verdict engine said so, [`unique`]); only then do the uniqueness
    /// strategies of `set` step (every grid of the walk holds that one solution and no other).
    pub fn new(grid: &Grid, topo: &'t Topology, set: StrategySet, unique: bool) -> Walk<'t> {
        let has = |id| position(id).filter(|&p| set.contains(p));
        Walk {
            topo,
            set,
            placed: grid.solved_boxes(),
            held: grid.solved_boxes(),
            eliminate: has("eliminate"),
            only_choice: has("only_choice"),
            at: At {
                unique,
                ..At::default()
            },
            steps: 0,
            singles: std::cell::RefCell::new(Singles::NONE),
        }
    }

    /// Places the boxes left one candidate whose digit no peer holds any more: singles that
    /// need no step (nothing is left to remove). The easiest technique among them (a single's
    /// score as its placement would have it), if any.
    pub fn place_silent(&mut self, grid: &Grid) -> Option<Technique> {
        let mut pending = grid.solved_boxes() & !self.placed;
        let mut easiest: Option<Technique> = None;
        while pending != 0 {
            let cell = Cell(pending.trailing_zeros() as u8);
            pending &= pending - 1;
            if self.held_by_a_peer(grid, cell) {
                continue;
            }
            let t = self.single_of(grid, cell);
            self.placed |= 1 << cell.index();
            if easiest.is_none_or(|e| t.score() < e.score()) {
                easiest = Some(t);
            }
        }
        easiest
    }

    /// The easiest step available on `grid` (not made): bookkeeping first, then the singles
    /// (easiest first), then the other strategies in ladder order, the naked single among them
    /// at its score. `None` when no strategy of the set makes a step; the error is a
    /// contradiction met before any step.
    pub fn next(&self, grid: &Grid) -> Result<Option<Next>, Contradiction> {
        // A box without candidates is no digit's place.
        let anywhere = (1..=9).fold(0u128, |m, d| m | grid.places(d));
        let empty = !anywhere & ((1u128 << 81) - 1);
        if empty != 0 {
            let cell = Cell(empty.trailing_zeros() as u8);
            return Err(Contradiction::EmptyBox { cell });
        }
        let pending = grid.solved_boxes() & !self.placed;
        if let Some(e) = self.eliminate {
            if let Some(found) = self.eliminate_from(grid, e, self.placed & self.held) {
                return Ok(Some(Next {
                    technique: Technique::Bookkeeping,
                    found,
                }));
            }
        }
        // The singles: a pending box's placement, or only choice's.
        let mut best: Option<Next> = None;
        if let Some(e) = self.eliminate {
            let easiest = ones(pending)
                .map(|c| (self.single_of(grid, c), c))
                .filter(|(t, _)| *t != Technique::NakedSingle)
                .min_by(|a, b| a.0.score().total_cmp(&b.0.score()));
            if let Some((technique, cell)) = easiest {
                if let Some(found) = self.eliminate_from(grid, e, 1 << cell.index()) {
                    best = Some(Next { technique, found });
                }
            }
        }
        if let Some(o) = self.only_choice {
            if let Some(next) = self.hidden_single(grid, o) {
                if best
                    .as_ref()
                    .is_none_or(|b| next.technique.score() < b.technique.score())
                {
                    best = Some(next);
                }
            }
        }
        if best.is_some() {
            return Ok(best);
        }
        // Sudoku Explainer's order below the other techniques: direct pointing and claiming,
        // the direct hidden pair, the naked single, the direct hidden triple.
        if let Some(next) = self.direct(grid, &["pointing", "claiming", "hidden_pairs"]) {
            return Ok(Some(next));
        }
        let mut naked_tried = false;
        for p in self.set.positions() {
            if Some(p) == self.eliminate || Some(p) == self.only_choice {
                continue;
            }
            if !naked_tried && info(p).rating > NAKED_SINGLE {
                naked_tried = true;
                if let Some(next) = self.naked_single(grid, pending)? {
                    return Ok(Some(next));
                }
                if let Some(next) = self.direct(grid, &["hidden_triples"]) {
                    return Ok(Some(next));
                }
            }
            if let Some(found) = first_step_at(p, grid, self.topo, self.at)? {
                let next = Next {
                    technique: Technique::Strategy(p),
                    found,
                };
                if next.found.forcing().is_some() {
                    return self.easier_forcing(grid, p, next).map(Some);
                }
                // A step through an almost locked set (SE's larger wings) or of strong links is
                // no chain of SE's: SE takes each such technique's easiest step before any chain.
                if !next.found.scored_as_chain() {
                    return Ok(Some(next));
                }
                return self.easier_after(grid, p, next).map(Some);
            }
        }
        if !naked_tried {
            if let Some(next) = self.naked_single(grid, pending)? {
                return Ok(Some(next));
            }
            return Ok(self.direct(grid, &["hidden_triples"]));
        }
        Ok(None)
    }

    /// `next`, the step of the strategy at `p`, or an easier one of a later strategy of the
    /// set: a step scored past its strategy's base (a chain, by its length) may be harder than
    /// a later strategy's whose base is lower (a short XY-chain after a long X-chain), and
    /// Sudoku Explainer takes the easiest chain of every kind (its chains are one technique,
    /// their steps sorted by score). The first of the easiest chain step. Only chains: SE takes
    /// its forcing chains technique by technique (Nishio, cell and region, dynamic), each
    /// technique's easiest step.
    fn easier_after(
        &self,
        grid: &Grid,
        p: Position,
        mut next: Next,
    ) -> Result<Next, Contradiction> {
        let mut score = next.score();
        for q in self.set.positions().filter(|&q| q > p) {
            if info(q).rating >= score {
                break;
            }
            if let Some(found) = first_step_at(q, grid, self.topo, self.at)? {
                let other = Next {
                    technique: Technique::Strategy(q),
                    found,
                };
                if other.found.scored_as_chain() && other.score() < score {
                    score = other.score();
                    next = other;
                }
            }
        }
        Ok(next)
    }

    /// `next`, the forcing step of the strategy at `p`, or an easier one of a later forcing
    /// strategy of the same base: Sudoku Explainer's cell and region forcing chains are one
    /// technique (its multiple chains), whose steps it sorts by score, then by complexity, then
    /// cells before regions (docs/ratings.md, "Forcing chains and nets").
    fn easier_forcing(
        &self,
        grid: &Grid,
        p: Position,
        mut next: Next,
    ) -> Result<Next, Contradiction> {
        let base = info(p).rating;
        let key = |n: &Next| (n.score(), n.found.forcing().map_or(0, |f| f.nodes));
        let mut best = key(&next);
        for q in self.set.positions().filter(|&q| q > p) {
            if info(q).rating != base {
                break;
            }
            if let Some(found) = first_step_at(q, grid, self.topo, self.at)? {
                let other = Next {
                    technique: Technique::Strategy(q),
                    found,
                };
                if other.found.forcing().is_some() && key(&other) < best {
                    best = key(&other);
                    next = other;
                }
            }
        }
        Ok(next)
    }

    /// The first direct step (`crate::direct`) of the strategies `ids` of the set, in order.
    fn direct(&self, grid: &Grid, ids: &[&str]) -> Option<Next> {
        ids.iter()
            .filter(|id| position(id).is_some_and(|p| self.set.contains(p)))
            .find_map(|id| crate::direct::find(id, grid, self.topo, self.placed))
            .map(|found| Next {
                technique: Technique::Direct(found.position),
                found,
            })
    }

    /// Makes `next` on `grid` (its changes through [`Grid::set`], its step closed in `sink`),
    /// and places the box of a single.
    pub fn take<S: Sink>(&mut self, grid: &mut Grid, next: &Next, sink: &mut S) {
        // Eliminate's step (`eliminate_from`) removes its box's digit from peers holding it.
        match next.found.evidence.digits().solved() {
            Some(digit) if Some(next.found.position) == self.eliminate => {
                next.found.take_removal(grid, digit, sink, At::default())
            }
            _ => next.found.take(grid, sink, At::default()),
        }
        self.steps += 1;
        let Some(&cell) = next.found.evidence.boxes().first() else {
            return;
        };
        // A single places its box; eliminate's step leaves no peer holding its box's digit.
        let single = !matches!(
            next.technique,
            Technique::Bookkeeping | Technique::Strategy(_) | Technique::Direct(_)
        );
        if Some(next.found.position) == self.eliminate {
            self.held &= !(1 << cell.index());
        } else if single {
            self.held |= 1 << cell.index();
        }
        if single {
            self.placed |= 1 << cell.index();
        }
    }

    /// `eliminate`'s first step from the solved boxes among `sources`, the others skipped: the
    /// step its pass makes first (it takes the solved boxes in A1..I9 order and steps at the
    /// first whose digit a peer holds, removing it from those peers in A1..I9 order), built
    /// here without running the pass (whose further removals the walk would drop).
    fn eliminate_from(&self, grid: &Grid, eliminate: Position, sources: u128) -> Option<Found> {
        let mut pending = grid.solved_boxes() & sources;
        while pending != 0 {
            let cell = Cell(pending.trailing_zeros() as u8);
            pending &= pending - 1;
            let Some(digit) = grid.get(cell).solved() else {
                continue;
            };
            let holding = grid.places(digit) & self.topo.peer_boxes(cell);
            if holding != 0 {
                let gone = Digits::single(digit);
                // Room for a standard or diagonal box's peers (20, 26) without counting them.
                let mut changes = Vec::with_capacity(32);
                changes.extend(ones(holding).map(|peer| (peer, grid.get(peer).without(gone))));
                let evidence = Evidence::new(self.topo.units_of(cell), &[cell], gone);
                return Some(Found::new(eliminate, evidence, changes));
            }
        }
        None
    }

    /// Only choice's first step, in a square if there is one (a lower score), else in any unit.
    fn hidden_single(&self, grid: &Grid, only: Position) -> Option<Next> {
        // The pass's grid is prepared for the topology (a copy only where that changes it).
        let copy;
        let prepared = if grid.is_prepared(self.topo) {
            grid
        } else {
            let mut g = *grid;
            g.prepare(self.topo);
            copy = g;
            &copy
        };
        // The squares first: the lines the grid's records can hold (the first 32 units) left out.
        let (unit, digit, cell) = self
            .only_choice_first(prepared, only, |u| self.topo.is_line(u) && u.0 < 32)
            .or_else(|| self.only_choice_first(grid, only, |_| false))?;
        let placed = Digits::single(digit);
        let evidence = Evidence::new(&[unit], &[cell], placed);
        let found = Found::new(only, evidence, vec![(cell, placed)]);
        let technique = self.single_in(unit, cell);
        Some(Next { technique, found })
    }

    /// Only choice's first step on `grid` in the units but those `skip` leaves out: its pass
    /// takes the units it has not settled in order, and in each the digits that lost a place
    /// there in ascending order, and steps at the first digit with one place, not solved,
    /// placing it there. That unit, digit and box, found without running the pass (whose
    /// further placements the walk would drop).
    fn only_choice_first(
        &self,
        grid: &Grid,
        only: Position,
        skip: impl Fn(Unit) -> bool,
    ) -> Option<(Unit, u8, Cell)> {
        let count = self.topo.units.len();
        let mut singles = self.singles.borrow_mut();
        singles.update(grid, self.topo);
        // The units in order with a digit of one place there, that place not solved as it;
        // of those, the first the pass visits (unsettled) where such a digit lost a place.
        let mut some = singles.some;
        while some != 0 {
            let unit = Unit(some.trailing_zeros() as u8);
            some &= some - 1;
            if skip(unit) || grid.next_unsettled(only, unit.0, count) != Some(unit) {
                continue;
            }
            let todo = grid.moved(unit) & singles.digits[unit.0 as usize];
            if todo != 0 {
                let digit = todo.trailing_zeros() as u8 + 1;
                let cell =
                    Cell((grid.places(digit) & self.topo.boxes(unit)).trailing_zeros() as u8);
                return Some((unit, digit, cell));
            }
        }
        None
    }

    /// The first pending box's placement, a naked single.
    fn naked_single(&self, grid: &Grid, pending: u128) -> Result<Option<Next>, Contradiction> {
        let Some(e) = self.eliminate else {
            return Ok(None);
        };
        for cell in ones(pending) {
            if let Some(found) = self.eliminate_from(grid, e, 1 << cell.index()) {
                let technique = self.single_of(grid, cell);
                return Ok(Some(Next { technique, found }));
            }
        }
        Ok(None)
    }

    /// What placing `cell`, solved, is: a hidden single in the unit where its digit has no
    /// other place that scores lowest, else a naked single.
    fn single_of(&self, grid: &Grid, cell: Cell) -> Technique {
        let Some(digit) = grid.get(cell).solved() else {
            return Technique::NakedSingle;
        };
        let others = grid.places(digit) & !(1u128 << cell.index());
        // The first of the lowest score (a full house, the lowest of all, ends the look).
        let (mut best, mut lowest) = (Technique::NakedSingle, f32::INFINITY);
        for &u in self.topo.units_of(cell) {
            if others & self.topo.boxes(u) != 0 {
                continue;
            }
            let t = self.single_in(u, cell);
            if t.score() < lowest {
                (best, lowest) = (t, t.score());
                if t == Technique::FullHouse {
                    break;
                }
            }
        }
        best
    }

    /// A hidden single of `cell` in `unit`: a full house when the unit's other boxes are all
    /// placed, else by the unit's kind.
    fn single_in(&self, unit: Unit, cell: Cell) -> Technique {
        let alone = self.topo.boxes(unit) & !self.placed & !(1u128 << cell.index()) == 0;
        if alone {
            Technique::FullHouse
        } else if !self.topo.is_line(unit) {
            Technique::HiddenSingleSquare {
                region: !self.topo.is_square(unit),
            }
        } else {
            Technique::HiddenSingleLine
        }
    }

    fn held_by_a_peer(&self, grid: &Grid, cell: Cell) -> bool {
        let Some(digit) = grid.get(cell).solved() else {
            return true;
        };
        grid.places(digit) & self.topo.peer_boxes(cell) != 0
    }
}

/// The boxes of a mask, A1..I9.
fn ones(mut mask: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = Cell(mask.trailing_zeros() as u8);
            mask &= mask - 1;
            c
        })
    })
}

/// The hardest step of a walk: what it is, its score, and its index among the walk's steps
/// (0 first; a single placed without a step of its own counts at the step that left its box
/// one candidate).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Hardest {
    pub technique: Technique,
    pub score: f32,
    pub step: u32,
}

/// How hard a puzzle is.
#[derive(Clone, Debug, PartialEq)]
pub enum Rating {
    /// Easiest steps alone solve it: the hardest step taken (`None` for a grid given complete),
    /// and the walk's steps in all.
    Steps {
        hardest: Option<Hardest>,
        steps: u32,
    },
    /// Easiest steps stall before the end: no strategy of the registry applies. The search
    /// under every strategy solved it in these nodes.
    Search { nodes: u64 },
    /// No solution: the walk meets a contradiction, or the search does.
    NoSolution,
    /// The search under every strategy reached a cap of `opts.limits`.
    Capped(Limit),
}

/// The strategies the rating walks with: every strategy of the registry but those Sudoku
/// Explainer has no technique for ([`StrategySet::NOT_IN_SE`]), so that the walk takes the
/// steps Sudoku Explainer takes.
pub const RATED: StrategySet =
    StrategySet::from_bits(StrategySet::ALL.bits() & !StrategySet::NOT_IN_SE.bits());

/// Whether `grid` has exactly one solution in `topo`, as the verdict engine counts (within
/// `max_nodes`): asked once per walk, only when `set` holds a uniqueness strategy, whose steps
/// the answer allows.
pub fn unique(grid: &Grid, topo: &Topology, set: StrategySet, max_nodes: u64) -> bool {
    set.bits() & StrategySet::UNIQUENESS.bits() != 0
        && crate::verdict::verdict_in(grid, topo, 2, max_nodes).count(2) == crate::Count::Exactly(1)
}

/// Rates `grid` with every strategy of the registry (the variant and caps of `opts`); the
/// uniqueness strategies take part when the verdict engine finds one solution ([`unique`]).
pub fn rate(grid: &Grid, opts: &Options) -> Rating {
    rate_with(grid, opts, &mut NoTrace)
}

/// [`rate`] on any topology (a variant puzzle's); the options' variant is not read. Sudoku
/// Explainer rates classic puzzles only: on a variant the same walk is scored on the same
/// scale (docs/ratings.md).
pub fn rate_in(grid: &Grid, topo: &Topology, opts: &Options) -> Rating {
    rate_walk(grid, topo, RATED, opts, &mut NoTrace)
}

/// [`rate_in`] with the walk taking the steps of `set` instead of [`RATED`]'s: with every
/// strategy ([`StrategySet::ALL`]) the ones Sudoku Explainer lacks step too, at their own
/// scores, so the rating can be lower than Sudoku Explainer's; with fewer, the walk stalls
/// sooner (the search then rates the puzzle). The search is under every strategy either way.
pub fn rate_among(grid: &Grid, topo: &Topology, set: StrategySet, opts: &Options) -> Rating {
    rate_walk(grid, topo, set, opts, &mut NoTrace)
}

/// [`rate`], reporting the walk's steps to `sink` (a [`crate::trace::Recorder`] keeps them:
/// [`Hardest::step`] is an index into its steps).
pub fn rate_with<S: Sink>(grid: &Grid, opts: &Options, sink: &mut S) -> Rating {
    rate_walk(grid, Topology::of(opts.variant), RATED, opts, sink)
}

fn rate_walk<S: Sink>(
    grid: &Grid,
    topo: &Topology,
    set: StrategySet,
    opts: &Options,
    sink: &mut S,
) -> Rating {
    walk(grid, topo, set, opts, sink).unwrap_or_else(|| rate_by_search(grid, topo, opts))
}

/// The rating's walk of the easiest steps of `set`: `None` when it stalls before the solution
/// (the search then rates the puzzle).
fn walk<S: Sink>(
    grid: &Grid,
    topo: &Topology,
    set: StrategySet,
    opts: &Options,
    sink: &mut S,
) -> Option<Rating> {
    let mut g = *grid;
    let count = crate::verdict::verdict_in(grid, topo, 2, opts.limits.max_nodes).count(2);
    let several = match count {
        crate::Count::Exactly(n) | crate::Count::AtLeast(n) | crate::Count::Capped(n) => n >= 2,
    };
    if several {
        // Deductions never finish a puzzle with two solutions: the walk would only stall.
        return None;
    }
    let one = set.bits() & StrategySet::UNIQUENESS.bits() != 0 && count == crate::Count::Exactly(1);
    let mut walk = Walk::new(&g, topo, set, one);
    let mut hardest: Option<Hardest> = None;
    let harder = |technique: Technique, score: f32, step: u32, hardest: &mut Option<Hardest>| {
        if score > hardest.map_or(0.0, |h| h.score) {
            *hardest = Some(Hardest {
                technique,
                score,
                step,
            });
        }
    };
    loop {
        if let Some(t) = walk.place_silent(&g) {
            harder(t, t.score(), walk.steps.saturating_sub(1), &mut hardest);
        }
        if g.is_complete() {
            if g.duplicate(topo).is_some() {
                return Some(Rating::NoSolution);
            }
            return Some(Rating::Steps {
                hardest,
                steps: walk.steps,
            });
        }
        match walk.next(&g) {
            Err(_) => return Some(Rating::NoSolution),
            Ok(None) => break,
            Ok(Some(next)) => {
                harder(next.technique, next.score(), walk.steps, &mut hardest);
                walk.take(&mut g, &next, sink);
            }
        }
    }
    None
}

/// The rating of a puzzle the walk does not finish: the search's node count with every strategy.
fn rate_by_search(grid: &Grid, topo: &Topology, opts: &Options) -> Rating {
    let all = Options {
        strategies: StrategySet::ALL,
        ..*opts
    };
    let r = crate::search::solve_in(grid, topo, &all);
    match r.found {
        crate::result::Found::Solution(_) => Rating::Search {
            nodes: r.stats.nodes,
        },
        crate::result::Found::None(_) => Rating::NoSolution,
        crate::result::Found::Capped(limit) => Rating::Capped(limit),
    }
}

/// The walk [`rate`] takes, as a trace (every strategy of the registry on, one node, the steps
/// in the order taken, so that [`Hardest::step`] is an index into its steps): `None` when the
/// walk does not solve the puzzle (the rating is then the search's) or outgrows
/// `opts.limits.max_steps`. The solution is unique: every step is a deduction from the puzzle.
pub fn walk_trace(grid: &Grid, opts: &Options) -> Option<crate::trace::Trace> {
    walk_trace_in(grid, Topology::of(opts.variant), opts)
}

/// [`walk_trace`] on any topology (a variant puzzle's; the options' variant is not read): its
/// `units` are the topology's, and the caller sets its `puzzle`.
pub fn walk_trace_in(grid: &Grid, topo: &Topology, opts: &Options) -> Option<crate::trace::Trace> {
    use crate::trace::{Outcome, Reason, Recorder, Stats, Trace};
    let mut rec = Recorder::new(opts.limits.max_steps);
    let rating = walk(grid, topo, RATED, opts, &mut rec);
    if !matches!(rating, Some(Rating::Steps { .. })) || rec.full() {
        return None;
    }
    let crate::trace::Recorded {
        steps,
        changes,
        chains,
        chain_nodes,
        forcing,
    } = rec.finish_all();
    let mut solved = *grid;
    for c in &changes {
        solved.set(c.cell, c.after, &mut NoTrace);
    }
    let mut stats = Stats {
        nodes: 1,
        ..Stats::default()
    };
    for step in &steps {
        if let Reason::Strategy { position, .. } = step.reason {
            *stats.steps.of(position) += 1;
        }
    }
    Some(Trace {
        format: crate::check::FORMAT,
        variant: topo.variant,
        puzzle: None,
        strategies: StrategySet::ALL,
        units: Trace::units_of(topo),
        initial: grid.cells().to_vec(),
        steps,
        changes,
        chains,
        chain_nodes,
        forcing,
        outcome: Outcome::Solved {
            solution: solved.to_line(),
            solutions: 1,
        },
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{Reason, Recorder};
    use crate::{parse, Digits, Variant};

    fn rate_of(p: &str) -> Rating {
        rate(&parse(p, Variant::Standard).unwrap(), &Options::default())
    }

    fn hardest(p: &str) -> (&'static str, f32) {
        match rate_of(p) {
            Rating::Steps {
                hardest: Some(h), ..
            } => (h.technique.id(), h.score),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_singles_score_as_sudoku_explainer_scores_them() {
        // Seed 003's easy puzzle, and easy50's 2nd: hidden singles in squares suffice.
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert_eq!(hardest(easy), ("hidden_single_square", 1.2));
        // One box empty: its digit has no other place in its units, all of whose other
        // boxes are placed: a full house.
        let one =
            "48392165796734582125187649354813297672956413813679824537268951481425376969541738.";
        assert_eq!(hardest(one), ("full_house", 1.0));
        // A complete grid takes no step.
        let full =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        assert_eq!(
            rate_of(full),
            Rating::Steps {
                hardest: None,
                steps: 0
            }
        );
    }

    #[test]
    fn a_hidden_pair_that_leaves_a_hidden_single_is_direct() {
        // easy50's 3rd and 9th: Sudoku Explainer rates them 2.0, a direct hidden pair (its
        // removals leave a digit one place in the pair's house), taken before a naked single.
        for p in [
            "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......",
            "...9....2.5.1234...3....16.9.8.......7.....9.......2.5.91....5...7439.2.4....7...",
        ] {
            assert_eq!(hardest(p), ("direct_hidden_pairs", 2.0), "{p}");
        }
        // Without the direct forms the same walk takes a naked single first.
        let topo = Topology::of(Variant::Standard);
        let g = parse(
            "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......",
            Variant::Standard,
        )
        .unwrap();
        let mut walk = Walk::new(&g, topo, StrategySet::ALL, false);
        let mut g2 = g;
        let mut direct = None;
        while let Some(next) = walk.next(&g2).unwrap() {
            if let Technique::Direct(p) = next.technique {
                direct = Some((p, next.found.clone()));
                break;
            }
            walk.take(&mut g2, &next, &mut NoTrace);
            walk.place_silent(&g2);
        }
        // The direct step is a hidden pair of its unit: its two digits fit only its two boxes
        // there; as in Sudoku Explainer it removes only the digit the pair leaves one place in
        // the unit (which fitted more before), from the pair's boxes.
        let (p, found) = direct.unwrap();
        assert_eq!(info(p).id, "hidden_pairs");
        let e = found.evidence;
        let (&[unit], boxes) = (e.units(), e.boxes()) else {
            panic!("{e:?}");
        };
        assert_eq!(boxes.len(), 2);
        let places = |g: &Grid, d| {
            topo.unit(unit)
                .iter()
                .filter(|&&c| g.get(c).contains(d))
                .count()
        };
        for d in e.digits().iter() {
            assert!(topo
                .unit(unit)
                .iter()
                .all(|c| boxes.contains(c) || !g2.get(*c).contains(d)));
        }
        let mut after = g2;
        found.take(&mut after, &mut NoTrace, crate::strategy::At::default());
        let single: Vec<_> = (1..=9)
            .filter(|&d| places(&g2, d) > 1 && places(&after, d) == 1)
            .collect();
        assert_eq!(single.len(), 1, "{single:?}");
        assert!(!found.changes().is_empty());
        for &(c, d) in found.changes() {
            assert!(boxes.contains(&c));
            assert_eq!(g2.get(c).without(d), Digits::single(single[0]));
        }
    }

    #[test]
    fn a_claiming_is_direct_only_by_a_hidden_single_in_a_parallel_line() {
        // easy50's 6th and 25th: Sudoku Explainer rates them 2.6 and 2.0; a claiming whose
        // removal leaves a hidden single in a column crossing the claiming row is no direct
        // claiming for it (it looks in the other rows through the square only).
        let p = "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6";
        assert_eq!(hardest(p), ("pointing", 2.6));
        let p = "36..2..89...361............8.3...6.24..6.3..76.7...1.8............418...97..3..14";
        assert_eq!(hardest(p), ("direct_hidden_pairs", 2.0));
        // (Sudoku Explainer takes no direct claiming on the 200 first 17-clue puzzles, nor this
        // walk on the first 3,000.)
    }

    #[test]
    fn the_walk_takes_no_technique_sudoku_explainer_lacks() {
        // top95's 7th: Sudoku Explainer needs a skyscraper (4.0); a finned X-wing, which it
        // does not have, would make the same removals earlier at 3.4.
        let p = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..";
        assert_eq!(hardest(p), ("skyscraper", 4.0));
        let finned = position("finned_x_wing").unwrap();
        assert!(StrategySet::NOT_IN_SE.contains(finned) && !RATED.contains(finned));
        assert!(RATED.contains(position("skyscraper").unwrap()));
        // The hint's walk, which explains, still takes it.
        let topo = Topology::of(Variant::Standard);
        let mut g = parse(p, Variant::Standard).unwrap();
        let mut walk = Walk::new(&g, topo, StrategySet::ALL, false);
        let mut finned_steps = 0;
        while let Some(next) = walk.next(&g).unwrap() {
            finned_steps += (next.technique == Technique::Strategy(finned)) as u32;
            walk.take(&mut g, &next, &mut NoTrace);
            walk.place_silent(&g);
        }
        assert!(finned_steps > 0);
    }

    #[test]
    fn a_wing_scores_by_its_size_as_sudoku_explainer_scores_it() {
        // Puzzles Sudoku Explainer rates by a wing (docs/ratings-vs-se.tsv), rated the same
        // here: top95's WXYZ-wing whose set's largest box holds three candidates (5.6, where
        // the rung's one rating is 5.5), and a UVWXYZ-wing (6.6), taken before any chain.
        let wxyz =
            "8..7....4.5....6............3.97...8....43..5....2.9....6......2...6...7.71..83.2";
        assert_eq!(hardest(wxyz), ("wxyz_wing", 5.6));
        let uvwxyz =
            "1.......3.6.3..7...7...5..121.7...9...7........8.1..2....8.64....9.2..6....4.....";
        assert_eq!(hardest(uvwxyz), ("uvwxyz_wing", 6.6));
    }

    #[test]
    fn the_walk_takes_the_easiest_chain_of_every_kind() {
        // At each step of the walks over top95's first 30 puzzles, no strategy after the one
        // taken has a first step scoring less (a long X-chain's 6.9 against a short
        // XY-chain's 6.6); some step there needs the rule. A forcing step is SE's chaining
        // rule's easiest: only a later rung of the same base (cell and unit chains) may not
        // score less.
        let topo = Topology::of(Variant::Standard);
        let text = include_str!("../../../puzzles/top95.txt");
        let mut passed_over = 0;
        for line in text.lines().take(30) {
            let mut g = parse(line, Variant::Standard).unwrap();
            let mut walk = Walk::new(&g, topo, RATED, false);
            while let Some(next) = walk.next(&g).unwrap() {
                if let Technique::Strategy(p) = next.technique {
                    let forcing = next.found.forcing().is_some();
                    for q in RATED.positions().filter(|&q| q > p) {
                        if forcing && info(q).rating != info(p).rating {
                            break;
                        }
                        if let Some(found) = first_step_at(q, &g, topo, At::default()).unwrap() {
                            let other = Next {
                                technique: Technique::Strategy(q),
                                found,
                            };
                            assert!(other.score() >= next.score(), "{line}: {q}");
                        }
                    }
                    let first = RATED
                        .positions()
                        .filter(|&q| Some(q) != walk.eliminate && Some(q) != walk.only_choice)
                        .find(|&q| first_step_at(q, &g, topo, At::default()).unwrap().is_some());
                    passed_over += (first != Some(p)) as u32;
                }
                walk.take(&mut g, &next, &mut NoTrace);
                walk.place_silent(&g);
            }
        }
        assert!(passed_over > 0);
    }

    #[test]
    fn the_hardest_step_is_the_rating() {
        // Seed 003's harder puzzle: pointing is the hardest step on its easiest path.
        let harder =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let (id, score) = hardest(harder);
        assert!(score >= 2.6, "{id} {score}");
        // top95's 20th needs guessing under every rung below the forcing rungs; with them, a
        // forcing rung's step (scored 7.5 or more) is its hardest.
        let top95_20 =
            "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56";
        let first_forcing = position("digit_forcing_chains").unwrap();
        let (id, score) = hardest(top95_20);
        let at = position(id).unwrap();
        assert!(at >= first_forcing && score >= 7.5, "{id} {score}");
        let below = StrategySet::ALL
            .positions()
            .filter(|&p| p < first_forcing)
            .fold(StrategySet::NONE, StrategySet::with);
        let mut g = parse(top95_20, Variant::Standard).unwrap();
        let mut walk = Walk::new(&g, Topology::of(Variant::Standard), below, true);
        walk.place_silent(&g);
        while let Some(next) = walk.next(&g).unwrap() {
            walk.take(&mut g, &next, &mut NoTrace);
            walk.place_silent(&g);
        }
        assert!(!g.is_complete(), "the rungs below the forcing rungs stall");
        // No box of row A can hold 9.
        let no_nine = ["12345678"; 9].join(" ") + &" .".repeat(72);
        assert_eq!(rate_of(&no_nine), Rating::NoSolution);
    }

    #[test]
    fn the_hardest_step_is_found_in_the_walk_s_trace() {
        let harder =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = parse(harder, Variant::Standard).unwrap();
        let mut rec = Recorder::new(100_000);
        let rating = rate_with(&grid, &Options::default(), &mut rec);
        let Rating::Steps {
            hardest: Some(h),
            steps,
        } = rating
        else {
            panic!("{rating:?}");
        };
        assert_eq!(rec.steps.len(), steps as usize);
        let Technique::Strategy(p) = h.technique else {
            panic!("{h:?}");
        };
        match rec.steps[h.step as usize].reason {
            Reason::Strategy { position, .. } => assert_eq!(position, p),
            ref other => panic!("{other:?}"),
        }
        // No earlier step scores as much.
        assert_eq!(rating_of_prefix(&grid, h.step), Some(h.step));
        // The walk as a trace: the same steps, its replay the solution.
        let trace = walk_trace(&grid, &Options::default()).unwrap();
        assert_eq!(trace.steps.len(), steps as usize);
        assert_eq!(trace.stats.nodes, 1);
        assert!(matches!(
            trace.steps[h.step as usize].reason,
            Reason::Strategy { position, .. } if position == p
        ));
        assert!(trace.replay().is_ok());
        // The walk replayed from the puzzle is the solution.
        let mut g = grid;
        for c in &rec.changes {
            g.set(c.cell, c.after, &mut NoTrace);
        }
        assert!(g.is_complete());
        assert!(g
            .check_solves(&grid, Topology::of(Variant::Standard))
            .is_ok());
    }

    /// The uniqueness strategies at each step of a walk from `grid` told `unique`, and
    /// whether the walk finished the grid.
    fn uniqueness_steps(grid: &Grid, unique: bool) -> (usize, bool) {
        let topo = Topology::of(Variant::Standard);
        let mut g = *grid;
        let mut walk = Walk::new(&g, topo, StrategySet::ALL, unique);
        let mut steps = 0;
        while let Some(next) = walk.next(&g).unwrap() {
            if StrategySet::UNIQUENESS.contains(next.technique.position()) {
                steps += 1;
            }
            walk.take(&mut g, &next, &mut NoTrace);
            walk.place_silent(&g);
        }
        (steps, g.is_complete())
    }

    #[test]
    fn uniqueness_rates_a_puzzle_with_one_solution_only() {
        // top95's 73rd: one solution, and the walk stalls at step 44 but for a unique
        // rectangle (4.5), after which the ladder finishes it.
        let one =
            "249.6...3.3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3...";
        assert_eq!(hardest(one), ("unique_rectangles", 4.5));
        let grid = parse(one, Variant::Standard).unwrap();
        assert!(unique(
            &grid,
            Topology::of(Variant::Standard),
            StrategySet::ALL,
            1_000_000
        ));
        // Told nothing of uniqueness, the walk takes no uniqueness step (the chains past the
        // rectangle may finish it all the same).
        assert_eq!(uniqueness_steps(&grid, false).0, 0);
        // The same without the given at A7: more than one solution. A walk wrongly told the
        // puzzle is unique finds a unique rectangle in it; the rating asks the verdict engine,
        // takes none, and searches.
        let many =
            "249.6.....3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3...";
        let grid = parse(many, Variant::Standard).unwrap();
        assert!(!unique(
            &grid,
            Topology::of(Variant::Standard),
            StrategySet::ALL,
            1_000_000
        ));
        assert!(uniqueness_steps(&grid, true).0 > 0);
        let mut rec = Recorder::new(100_000);
        assert!(matches!(
            rate_with(&grid, &Options::default(), &mut rec),
            Rating::Search { .. }
        ));
        assert!(!rec.steps.iter().any(|s| matches!(
            s.reason,
            Reason::Strategy { position, .. } if StrategySet::UNIQUENESS.contains(position)
        )));
        // Without a uniqueness strategy in the set the verdict engine is not asked.
        assert!(!unique(
            &parse(one, Variant::Standard).unwrap(),
            Topology::of(Variant::Standard),
            StrategySet::from_bits(StrategySet::ALL.bits() & !StrategySet::UNIQUENESS.bits()),
            1_000_000
        ));
    }

    /// The index of the first step of the walk scoring at least as much as the step `step`.
    fn rating_of_prefix(grid: &Grid, step: u32) -> Option<u32> {
        let topo = Topology::of(Variant::Standard);
        let mut g = *grid;
        let mut walk = Walk::new(&g, topo, StrategySet::ALL, false);
        let mut scores = Vec::new();
        while let Some(next) = walk.next(&g).unwrap() {
            walk.place_silent(&g);
            scores.push(next.score());
            walk.take(&mut g, &next, &mut NoTrace);
            walk.place_silent(&g);
        }
        let target = scores[step as usize];
        scores.iter().position(|&s| s >= target).map(|i| i as u32)
    }

    /// The walk builds eliminate's and only choice's first step itself, without running their
    /// pass: at every state of some walks (standard and diagonal), each is the step the
    /// strategy's own pass makes first, as `first_step` finds it on a grid whose other sources
    /// are marked done (eliminate) or whose other units are settled (only choice, squares first).
    #[test]
    fn the_walks_own_singles_are_the_passes_first_steps() {
        use crate::easiest::first_step;
        let puzzles = [
            (
                Variant::Standard,
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            ),
            (
                Variant::Standard,
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            ),
            (
                Variant::Standard,
                "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
            ),
            (
                Variant::Diagonal,
                "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3",
            ),
        ];
        let mut checked = [0usize; 2];
        for (variant, p) in puzzles {
            let topo = Topology::of(variant);
            let mut g = parse(p, variant).unwrap();
            let mut walk = Walk::new(&g, topo, RATED, false);
            let (e, o) = (walk.eliminate.unwrap(), walk.only_choice.unwrap());
            for _ in 0..400 {
                // Eliminate, from each solved box alone and from all of them.
                let solved = g.solved_boxes();
                let sources = ones(solved).map(|c| 1u128 << c.index()).chain([solved]);
                for sources in sources {
                    let mut scratch = g;
                    scratch.prepare(topo);
                    for c in ones(solved & !sources) {
                        scratch.mark_eliminated(c);
                    }
                    let want = first_step(e, &scratch, topo).unwrap();
                    assert_eq!(walk.eliminate_from(&g, e, sources), want, "{p}");
                    checked[0] += 1;
                }
                // Only choice, in the squares, then in any unit.
                let mut squares = g;
                squares.prepare(topo);
                for u in topo.all_units().filter(|&u| topo.is_line(u)) {
                    squares.settle(o, u);
                }
                for (grid, lines) in [(&squares, false), (&g, true)] {
                    let want = first_step(o, grid, topo).unwrap().map(|f| {
                        let digit = f.evidence.digits().iter().next().unwrap();
                        (f.evidence.units()[0], digit, f.evidence.boxes()[0])
                    });
                    let got =
                        walk.only_choice_first(grid, o, |u| !lines && topo.is_line(u) && u.0 < 32);
                    assert_eq!(got, want, "{p}");
                    checked[1] += 1;
                }
                match walk.next(&g).unwrap() {
                    Some(next) => {
                        walk.take(&mut g, &next, &mut NoTrace);
                        walk.place_silent(&g);
                    }
                    None => break,
                }
            }
        }
        assert!(checked[0] > 1000 && checked[1] > 300, "{checked:?}");
    }

    #[test]
    fn bookkeeping_comes_first_and_a_hidden_single_before_a_naked_one() {
        let topo = Topology::of(Variant::Standard);
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let mut g = parse(easy, Variant::Standard).unwrap();
        let mut walk = Walk::new(&g, topo, StrategySet::ALL, false);
        let mut seen = Vec::new();
        while let Some(next) = walk.next(&g).unwrap() {
            seen.push(next.technique);
            walk.take(&mut g, &next, &mut NoTrace);
            walk.place_silent(&g);
        }
        assert!(g.is_complete());
        // The givens' bookkeeping first, all of it: one step per given that removes something.
        let first_other = seen
            .iter()
            .position(|t| *t != Technique::Bookkeeping)
            .unwrap();
        assert!(first_other > 20, "{first_other}");
        assert!(!seen.contains(&Technique::NakedSingle), "{seen:?}");
    }
}

/// The walk and the ladder on variant puzzles: their own topology, checked by the validator.
#[cfg(test)]
mod variant_tests {
    use super::*;
    use crate::check::{check, CheckLimits};

    /// The page's killer sample (www/app/samples.js).
    const KILLER: &str = ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9";

    #[test]
    fn a_killers_walk_is_a_trace_the_validator_accepts() {
        let puzzle = crate::formats::read(KILLER).unwrap().unwrap();
        let topo = puzzle.topology().unwrap();
        let grid = puzzle.grid(&topo).unwrap();
        let opts = Options::default();
        let mut trace = walk_trace_in(&grid, &topo, &opts).expect("the easiest steps solve it");
        trace.puzzle = crate::trace::Trace::puzzle_of(&puzzle, &topo);
        let v = crate::verdict::verdict_in(&grid, &topo, 2, 100_000);
        match &trace.outcome {
            crate::trace::Outcome::Solved { solution, .. } => {
                assert_eq!(*solution, v.first.unwrap().to_string())
            }
            other => panic!("{other:?}"),
        }
        // Its step the rating names is one of the walk's, and the validator checks every step
        // against the killer's cages.
        let Rating::Steps {
            hardest: Some(h),
            steps,
        } = rate_in(&grid, &topo, &opts)
        else {
            panic!("the walk rates it");
        };
        assert_eq!(steps as usize, trace.steps.len());
        assert!((h.step as usize) < trace.steps.len());
        let json = serde_json::to_string(&trace).unwrap();
        let back = check(&json, &CheckLimits::default()).unwrap();
        assert_eq!(back.steps.len(), trace.steps.len());
        assert!(back.puzzle.is_some());
    }

    #[test]
    fn the_ladder_on_a_killer_needs_its_cages() {
        let puzzle = crate::formats::read(KILLER).unwrap().unwrap();
        let topo = puzzle.topology().unwrap();
        let grid = puzzle.grid(&topo).unwrap();
        let mut opts = Options::default();
        opts.limits.max_nodes = 2_000;
        let rungs = crate::compare::compare_strategies_in(&grid, &topo, &opts);
        assert_eq!(rungs.len(), crate::registry::COUNT + 1);
        // A killer without givens: the rungs below the cages' combinations search blind (their
        // cap stops them), every rung with it solves.
        let cage = crate::registry::position("cage_combinations").unwrap() as usize;
        for (k, c) in rungs.iter().enumerate() {
            let want = if k > cage { "solved" } else { "capped" };
            assert_eq!(c.verdict, want, "rung {k}: {c:?}");
        }
        // On the standard topology the same grid (no givens) is another puzzle altogether.
        let classic = crate::compare::compare_strategies(&grid, &opts);
        assert_eq!(classic[crate::registry::COUNT].verdict, "solved");
        assert_ne!(classic[cage + 1].stats, rungs[cage + 1].stats);
    }
}
