//! The one list of strategies, in ladder order. A strategy's position here is its number
//! everywhere: its bit in a [`StrategySet`], its kind code in the packed trace, its colour on
//! the page. The facade, the CLI and the page learn every strategy from [`REGISTRY`].

use crate::grid::Grid;
use crate::strategy::{self, At, Pass, Strategy};
use crate::topology::Topology;
#[cfg(feature = "ladder")]
use crate::trace::Erased;
use crate::trace::{
    ChainNode, Contradiction, Evidence, NoTrace, Position, Sink, StepCounts, StrategySet,
    MAX_STRATEGIES,
};
use serde::Serialize;

/// A strategy as data: what the facade hands the page (`strategies()`).
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Info {
    pub id: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    /// The caption template ([`Strategy`] says how it is filled).
    pub caption: &'static str,
    /// The caption of its steps whose evidence is a forcing step's branches, where it differs
    /// ([`Strategy::FORCING_CAPTION`]; empty: `caption`). `forcingCaption` in JSON.
    #[serde(rename = "forcingCaption")]
    pub forcing_caption: &'static str,
    /// Its position on the ladder (in this list).
    pub order: Position,
    /// One of the course's own strategies.
    pub course: bool,
    /// Its difficulty on Sudoku Explainer's scale (the technique's base rating).
    pub rating: f32,
    /// It acts only on a killer's cages ([`Strategy::CAGES`]): no classic or diagonal puzzle
    /// needs it.
    pub cages: bool,
    /// It makes no step, only ends a branch ([`Strategy::NO_STEP`]): no puzzle with one
    /// solution needs it. `noStep` in JSON, as the facade's `strategies()` names it.
    #[serde(rename = "noStep")]
    pub no_step: bool,
}

/// Lists the strategies once: from the list come [`REGISTRY`], [`COUNT`] and [`round`], which
/// runs a set's strategies in list order, each a direct call of its own generic pass. The
/// course's strategies (the search's hot path) are compiled for each sink; every other
/// strategy's pass is compiled once, for [`Erased`], and reaches the sink through its vtable.
macro_rules! registry {
    ($($module:ident :: $ty:ident),+ $(,)?) => {
        /// Each strategy's position, by its type's name.
        #[repr(u8)]
        enum Ladder {
            $($ty,)+
        }

        /// Every strategy, in ladder order.
        pub static REGISTRY: &[Info] = &[$(Info {
            id: <strategy::$module::$ty as Strategy>::ID,
            label: <strategy::$module::$ty as Strategy>::LABEL,
            description: <strategy::$module::$ty as Strategy>::DESCRIPTION,
            caption: <strategy::$module::$ty as Strategy>::CAPTION,
            forcing_caption: <strategy::$module::$ty as Strategy>::FORCING_CAPTION,
            order: Ladder::$ty as Position,
            course: <strategy::$module::$ty as Strategy>::COURSE,
            rating: <strategy::$module::$ty as Strategy>::RATING,
            cages: <strategy::$module::$ty as Strategy>::CAGES,
            no_step: <strategy::$module::$ty as Strategy>::NO_STEP,
        }),+];

        impl StrategySet {
            /// The strategies that hold only where the puzzle has one solution.
            pub const UNIQUENESS: StrategySet = StrategySet::from_bits(
                0 $(| if <strategy::$module::$ty as Strategy>::UNIQUENESS {
                    1u64 << (Ladder::$ty as u32)
                } else {
                    0
                })+,
            );

            /// The strategies Sudoku Explainer has no technique for ([`Strategy::NOT_IN_SE`]),
            /// which the rating's walk leaves out.
            pub const NOT_IN_SE: StrategySet = StrategySet::from_bits(
                0 $(| if <strategy::$module::$ty as Strategy>::NOT_IN_SE {
                    1u64 << (Ladder::$ty as u32)
                } else {
                    0
                })+,
            );

            /// The strategies whose chains score as their own technique ([`Strategy::OWN_SCORE`]).
            pub const OWN_SCORE: StrategySet = StrategySet::from_bits(
                0 $(| if <strategy::$module::$ty as Strategy>::OWN_SCORE {
                    1u64 << (Ladder::$ty as u32)
                } else {
                    0
                })+,
            );
        }

        /// One round of `reduce_puzzle`: the strategies of `set`, in ladder order. Whether any
        /// made a step; the counts take every step as it is made, those of a pass cut short by
        /// a contradiction too.
        #[inline(always)]
        pub(crate) fn round<S: Sink>(
            set: StrategySet,
            grid: &mut Grid,
            topo: &Topology,
            sink: &mut S,
            at: At,
            counts: &mut StepCounts,
        ) -> Result<bool, Contradiction> {
            let mut changed = false;
            grid.prepare(topo);
            $(
                let position = Ladder::$ty as Position;
                if set.contains(position)
                    && !(changed && <strategy::$module::$ty as Strategy>::LAST_RESORT)
                {
                    let before = counts.get(position);
                    if <strategy::$module::$ty as Strategy>::COURSE {
                        let mut pass = Pass::new(sink, at, position, counts.of(position));
                        <strategy::$module::$ty as Strategy>::apply(grid, topo, &mut pass)?;
                    } else {
                        // Without the `ladder` feature (Cargo.toml) only the course's three run.
                        #[cfg(feature = "ladder")]
                        {
                            let mut erased = Erased::new(sink);
                            let mut pass =
                                Pass::new(&mut erased, at, position, counts.of(position));
                            <strategy::$module::$ty as Strategy>::apply(grid, topo, &mut pass)?;
                        }
                    }
                    changed |= counts.get(position) != before;
                }
            )+
            Ok(changed)
        }

        /// One pass of the strategy at `position` alone, through `pass` (whose position it
        /// must be): what [`round`] calls for one strategy.
        #[inline]
        pub(crate) fn apply_at<S: Sink>(
            position: Position,
            grid: &mut Grid,
            topo: &Topology,
            pass: &mut Pass<'_, S>,
        ) -> Result<(), Contradiction> {
            $(
                if position == Ladder::$ty as Position {
                    return if <strategy::$module::$ty as Strategy>::COURSE {
                        <strategy::$module::$ty as Strategy>::apply(grid, topo, pass)
                    } else {
                        // Without the `ladder` feature (Cargo.toml) only the course's three run.
                        #[cfg(feature = "ladder")]
                        {
                            pass.erased(|pass| {
                                <strategy::$module::$ty as Strategy>::apply(grid, topo, pass)
                            })
                        }
                        #[cfg(not(feature = "ladder"))]
                        Ok(())
                    };
                }
            )+
            Ok(())
        }

        /// The score of a step of the strategy at `position` ([`Strategy::score`]): `grid` is
        /// the grid before the step.
        pub fn step_score(
            position: Position,
            grid: &Grid,
            evidence: &Evidence,
            chain: &[ChainNode],
        ) -> f32 {
            $(
                if position == Ladder::$ty as Position {
                    return <strategy::$module::$ty as Strategy>::score(grid, evidence, chain);
                }
            )+
            0.0
        }
    };
}

// In order of difficulty: each strategy's `RATING` is at least the one before it
// (`ratings_never_decrease`). The course's three keep their order among themselves, so a round of
// only them is the course's.
registry! {
    eliminate::Eliminate,
    only_choice::OnlyChoice,
    no_place::NoPlace,
    pointing::Pointing,
    claiming::Claiming,
    cage_combinations::CageCombinations,
    rule_of_45::RuleOf45,
    naked_twins::NakedTwins,
    x_wing::XWing,
    hidden_pairs::HiddenPairs,
    finned_x_wing::FinnedXWing,
    naked_triples::NakedTriples,
    swordfish::Swordfish,
    hidden_triples::HiddenTriples,
    finned_swordfish::FinnedSwordfish,
    skyscraper::Skyscraper,
    two_string_kite::TwoStringKite,
    turbot_fish::TurbotFish,
    xy_wing::XyWing,
    empty_rectangle::EmptyRectangle,
    xyz_wing::XyzWing,
    w_wing::WWing,
    unique_rectangles::UniqueRectangles,
    hidden_rectangles::HiddenRectangles,
    unique_rectangles_type3::UniqueRectanglesType3,
    naked_quads::NakedQuads,
    jellyfish::Jellyfish,
    remote_pairs::RemotePairs,
    hidden_quads::HiddenQuads,
    finned_jellyfish::FinnedJellyfish,
    three_strong_links::ThreeStrongLinks,
    wxyz_wing::WxyzWing,
    als_xz::AlsXz,
    bug_plus_one::BugPlusOne,
    four_strong_links::FourStrongLinks,
    als_xy_wing::AlsXyWing,
    vwxyz_wing::VwxyzWing,
    five_strong_links::FiveStrongLinks,
    uvwxyz_wing::UvwxyzWing,
    six_strong_links::SixStrongLinks,
    simple_colouring::SimpleColouring,
    x_chain::XChain,
    xy_chain::XyChain,
    x_cycles::XCycles,
    medusa::Medusa,
    aic::Aic,
    tuvwxyz_wing::TuvwxyzWing,
    digit_forcing_chains::DigitForcingChains,
    cell_forcing_chains::CellForcingChains,
    unit_forcing_chains::UnitForcingChains,
    dynamic_forcing_chains::DynamicForcingChains,
    forcing_nets::ForcingNets,
    nested_forcing_nets::NestedForcingNets,
}

/// How many strategies the registry holds.
pub const COUNT: usize = REGISTRY.len();

const _: () = assert!(COUNT <= MAX_STRATEGIES, "a StrategySet holds 64 strategies");

/// The registry position of the strategy with this id.
pub const fn position(id: &str) -> Option<Position> {
    let mut i = 0;
    while i < COUNT {
        if eq(REGISTRY[i].id.as_bytes(), id.as_bytes()) {
            return Some(i as Position);
        }
        i += 1;
    }
    None
}

const fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// One pass of the strategy at `position` over `grid`, untraced, knowing nothing of the
/// puzzle's solutions (a uniqueness strategy does nothing: [`apply_once_at`]).
pub fn apply_once(
    position: Position,
    grid: &mut Grid,
    topo: &Topology,
) -> Result<(), Contradiction> {
    apply_once_at(position, grid, topo, At::default())
}

/// One pass of the strategy at `position` over `grid`, untraced, where `at` says what the solve
/// knows (`At::root` asks the verdict engine whether the puzzle has one solution, which a
/// uniqueness strategy needs): the CLI's `apply`.
pub fn apply_once_at(
    position: Position,
    grid: &mut Grid,
    topo: &Topology,
    at: At,
) -> Result<(), Contradiction> {
    let one = StrategySet::NONE.with(position);
    round(
        one,
        grid,
        topo,
        &mut NoTrace,
        at,
        &mut StepCounts::default(),
    )
    .map(|_| ())
}

/// The registry entry of a position.
pub fn info(position: Position) -> &'static Info {
    &REGISTRY[position as usize]
}

/// A strategy name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl std::fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = REGISTRY.iter().map(|s| s.id).collect();
        write!(
            f,
            "unknown strategy '{}': expected {}, all or none",
            self.0,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownStrategy {}

impl StrategySet {
    /// Every strategy of the registry.
    pub const ALL: StrategySet = StrategySet::first(COUNT);
    /// The course's own strategies.
    pub const COURSE: StrategySet = {
        let mut bits = 0;
        let mut i = 0;
        while i < COUNT {
            if REGISTRY[i].course {
                bits |= 1u64 << i;
            }
            i += 1;
        }
        StrategySet::from_bits(bits)
    };

    /// Only the course's own strategies (or none): `reduce_puzzle` then follows the course's
    /// round rule.
    pub const fn is_course(self) -> bool {
        self.bits() & !StrategySet::COURSE.bits() == 0
    }

    /// The first `n` rungs of the ladder.
    pub const fn first(n: usize) -> StrategySet {
        StrategySet::from_bits(if n >= 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// The ids of the strategies in the set, in ladder order.
    pub fn names(self) -> Vec<&'static str> {
        self.positions().map(|p| info(p).id).collect()
    }

    /// The set of these names: registry ids, written with `_` or `-`; `all` is the whole
    /// registry and `none` adds nothing (no names at all is pure search).
    pub fn parse_names<I, N>(names: I) -> Result<StrategySet, UnknownStrategy>
    where
        I: IntoIterator<Item = N>,
        N: AsRef<str>,
    {
        let mut set = StrategySet::NONE;
        for name in names {
            let name = name.as_ref().trim();
            let id = name.replace('-', "_");
            match id.as_str() {
                "all" => set = StrategySet::ALL,
                "none" => {}
                _ => match position(&id) {
                    Some(p) => set = set.with(p),
                    None => return Err(UnknownStrategy(name.to_string())),
                },
            }
        }
        Ok(set)
    }

    /// [`StrategySet::parse_names`] of a comma-separated list (empty parts ignored).
    pub fn parse_list(text: &str) -> Result<StrategySet, UnknownStrategy> {
        StrategySet::parse_names(text.split(',').filter(|n| !n.trim().is_empty()))
    }
}

impl Default for StrategySet {
    /// The course's strategies.
    fn default() -> Self {
        StrategySet::COURSE
    }
}

impl Serialize for StrategySet {
    /// As the list of its ids, in ladder order.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.positions().map(|p| info(p).id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_the_list_order() {
        for (i, s) in REGISTRY.iter().enumerate() {
            assert_eq!(s.order as usize, i);
            assert_eq!(position(s.id), Some(i as Position));
        }
        assert_eq!(position("nope"), None);
        let ids: Vec<&str> = REGISTRY.iter().map(|s| s.id).collect();
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len());
        let unique = ids.clone();
        assert_eq!(ids, unique);
    }

    #[test]
    fn ratings_never_decrease() {
        for pair in REGISTRY.windows(2) {
            assert!(
                pair[0].rating <= pair[1].rating,
                "{} ({}) before {} ({})",
                pair[0].id,
                pair[0].rating,
                pair[1].id,
                pair[1].rating
            );
        }
        // The course's three in the course's order.
        let course: Vec<&str> = REGISTRY.iter().filter(|s| s.course).map(|s| s.id).collect();
        assert_eq!(course, ["eliminate", "only_choice", "naked_twins"]);
    }

    #[test]
    fn names_parse_with_either_spelling() {
        let s = StrategySet::parse_list("only-choice, eliminate").unwrap();
        assert_eq!(s.names(), ["eliminate", "only_choice"]);
        assert_eq!(StrategySet::parse_list("all").unwrap(), StrategySet::ALL);
        assert_eq!(StrategySet::parse_list("none").unwrap(), StrategySet::NONE);
        assert_eq!(StrategySet::parse_list("").unwrap(), StrategySet::NONE);
        let e = StrategySet::parse_list("eliminate,twins-of-doom").unwrap_err();
        assert_eq!(e, UnknownStrategy("twins-of-doom".into()));
        assert!(e
            .to_string()
            .starts_with("unknown strategy 'twins-of-doom': expected eliminate, "));
    }

    #[test]
    fn the_ladder_prefixes() {
        assert_eq!(StrategySet::first(0), StrategySet::NONE);
        assert_eq!(StrategySet::first(COUNT), StrategySet::ALL);
        assert_eq!(StrategySet::first(1).names(), [REGISTRY[0].id]);
    }
}
