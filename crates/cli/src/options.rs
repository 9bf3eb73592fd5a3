//! The flags several subcommands share: the variant, the strategies, the caps.

use clap::Args;
use solver_core::{Limits, Options, Strategies, Variant};

/// The strategies used when `--strategies` is not given. One constant, so a change of the
/// default (say, to a faster complete set) is one edit, and `--help` shows it.
pub const DEFAULT_STRATEGIES: &str = "eliminate,only-choice,naked-twins";

/// The strategy names `--strategies` accepts, in the order `reduce_puzzle` runs them.
pub const STRATEGY_NAMES: &str = "eliminate, only-choice, naked-twins (or none)";

/// Reads a comma-separated list of strategies. `none` or an empty list is pure search. The
/// course's spellings with `_` are accepted too.
pub fn parse_strategies(text: &str) -> Result<Strategies, String> {
    let mut s = Strategies::NONE;
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match name.replace('_', "-").as_str() {
            "eliminate" => s.eliminate = true,
            "only-choice" => s.only_choice = true,
            "naked-twins" => s.naked_twins = true,
            "none" => {}
            "all" => s = Strategies::ALL,
            other => {
                return Err(format!(
                "unknown strategy '{other}': expected a comma-separated list of {STRATEGY_NAMES}"
            ))
            }
        }
    }
    Ok(s)
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

    /// Strategies reduce_puzzle repeats at every search node, comma-separated: eliminate,
    /// only-choice, naked-twins. `none` (or an empty list) is pure depth-first search. The
    /// default, all three, is the fastest complete set measured (docs/benchmarks.md).
    #[arg(long, short = 's', value_name = "LIST", default_value = DEFAULT_STRATEGIES,
          value_parser = parse_strategies)]
    pub strategies: Strategies,

    /// Stop a puzzle's search after this many nodes and report it as capped (never as a verdict).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_nodes)]
    pub max_nodes: u64,
}

impl SolveArgs {
    pub fn options(&self) -> Options {
        Options {
            variant: self.variant.variant(),
            strategies: self.strategies,
            limits: Limits {
                max_nodes: self.max_nodes,
                ..Limits::default()
            },
        }
    }
}

/// The names of the enabled strategies as `--strategies` spells them, or `none`.
pub fn strategies_label(s: Strategies) -> String {
    let names: Vec<String> = s.names().iter().map(|n| n.replace('_', "-")).collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_all_three() {
        assert_eq!(parse_strategies(DEFAULT_STRATEGIES), Ok(Strategies::ALL));
    }

    #[test]
    fn none_and_empty_are_pure_search() {
        assert_eq!(parse_strategies("none"), Ok(Strategies::NONE));
        assert_eq!(parse_strategies(""), Ok(Strategies::NONE));
    }

    #[test]
    fn course_spelling_and_subsets() {
        let s = parse_strategies("only_choice, eliminate").unwrap();
        assert!(s.eliminate && s.only_choice && !s.naked_twins);
        assert_eq!(strategies_label(s), "eliminate,only-choice");
    }

    #[test]
    fn unknown_names_are_refused() {
        let e = parse_strategies("eliminate,hidden-pairs").unwrap_err();
        assert!(e.contains("'hidden-pairs'"), "{e}");
    }
}
