//! The flags several subcommands share: the variant, the strategies, the caps. Strategy names
//! come from the core's registry and are read by its one parser.

use clap::Args;
use solver_core::{Limits, Options, StrategySet, Variant, REGISTRY};
use std::fmt;

/// A set of strategies as `--strategies` reads and shows it: registry ids, comma-separated,
/// written with `-` (`only-choice`; `_` is read too), `all` for the whole ladder, `none` for
/// pure search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StrategyList(pub StrategySet);

impl Default for StrategyList {
    /// The core's default: the course's strategies.
    fn default() -> Self {
        StrategyList(StrategySet::default())
    }
}

impl fmt::Display for StrategyList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<String> = self.0.names().iter().map(|n| n.replace('_', "-")).collect();
        f.write_str(&names.join(","))
    }
}

/// Reads `--strategies` (the core's parser); the error names what is accepted.
pub fn parse_strategies(text: &str) -> Result<StrategyList, String> {
    StrategySet::parse_list(text)
        .map(StrategyList)
        .map_err(|e| e.to_string().replace('_', "-"))
}

/// Every strategy id as `--strategies` spells it, in ladder order.
pub fn strategy_names() -> String {
    let names: Vec<String> = REGISTRY.iter().map(|s| s.id.replace('_', "-")).collect();
    names.join(", ")
}

/// The variant flag.
#[derive(Args, Debug, Clone, Copy)]
pub struct VariantArg {
    /// Diagonal Sudoku: the two main diagonals are units too (29 units).
    #[arg(long, short = 'd')]
    pub diagonal: bool,
}

impl VariantArg {
    pub fn variant(self) -> Variant {
        if self.diagonal {
            Variant::Diagonal
        } else {
            Variant::Standard
        }
    }
}

/// What to solve with: the variant, the strategies and the node cap.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    #[command(flatten)]
    pub variant: VariantArg,

    /// Strategies reduce_puzzle repeats at every search node, comma-separated, from the
    /// ladder (`propagate --help` lists it); `all` is the whole ladder, `none` (or an empty
    /// list) pure depth-first search. Given, `solve` answers with the course's search
    /// instead of the verdict engine.
    #[arg(long, short = 's', value_name = "LIST", default_value_t = StrategyList::default(),
          value_parser = parse_strategies)]
    pub strategies: StrategyList,

    /// True when `--strategies` was on the command line (set by `main` from clap's matches).
    #[arg(skip)]
    pub strategies_given: bool,

    /// Stop a puzzle's search after this many nodes and report it as capped (never as a verdict).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_nodes)]
    pub max_nodes: u64,
}

impl SolveArgs {
    /// True when the course's search is asked for by name (`--strategies` given).
    pub fn course_search(&self) -> bool {
        self.strategies_given
    }

    pub fn options(&self) -> Options {
        Options {
            variant: self.variant.variant(),
            strategies: self.strategies.0,
            limits: Limits {
                max_nodes: self.max_nodes,
                ..Limits::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(text: &str) -> StrategySet {
        parse_strategies(text).unwrap().0
    }

    #[test]
    fn the_default_is_the_cores_and_reads_back() {
        let d = StrategyList::default();
        assert_eq!(d.0, Options::default().strategies);
        assert_eq!(list(&d.to_string()), d.0);
    }

    #[test]
    fn none_and_empty_are_pure_search() {
        assert_eq!(list("none"), StrategySet::NONE);
        assert_eq!(list(""), StrategySet::NONE);
        assert_eq!(StrategyList(StrategySet::NONE).to_string(), "none");
        assert_eq!(list("all"), StrategySet::ALL);
    }

    #[test]
    fn either_spelling_and_subsets_in_ladder_order() {
        let [a, b] = [REGISTRY[1].id, REGISTRY[0].id];
        let s = list(&format!("{}, {b}", a.replace('_', "-")));
        assert_eq!(s.names(), [b, a]);
        assert_eq!(
            StrategyList(s).to_string(),
            format!("{},{}", b.replace('_', "-"), a.replace('_', "-"))
        );
    }

    #[test]
    fn unknown_names_are_refused() {
        let e = parse_strategies("eliminate,quantum-twins").unwrap_err();
        assert!(
            e.starts_with("unknown strategy 'quantum-twins': expected "),
            "{e}"
        );
        assert!(e.contains(&strategy_names()), "{e}");
    }
}
