//! The name tables of the trace's enums (`Variant`, `ContradictionKind`, `StopRule`, `Limit`):
//! each name reads back as its value, the names are distinct, and serde writes exactly them.

use solver_core::{Cell, Contradiction, ContradictionKind, Digits, Limit, StopRule, Unit, Variant};

/// Each value's name reads back as that value; no two share a name; other text is no name.
fn round_trips<T: Copy + PartialEq + std::fmt::Debug>(
    all: &[T],
    name: fn(T) -> &'static str,
    from_name: fn(&str) -> Option<T>,
) {
    for (i, &v) in all.iter().enumerate() {
        assert_eq!(from_name(name(v)), Some(v), "{v:?}");
        for &w in &all[..i] {
            assert_ne!(name(v), name(w), "{v:?} and {w:?}");
        }
    }
    for other in ["", "Standard", "empty-box", "nodes ", "unknown"] {
        assert_eq!(from_name(other), None, "{other:?}");
    }
}

#[test]
fn every_name_reads_back_as_its_value() {
    round_trips(&Variant::ALL, Variant::name, Variant::from_name);
    round_trips(
        &ContradictionKind::ALL,
        ContradictionKind::name,
        ContradictionKind::from_name,
    );
    round_trips(&StopRule::ALL, StopRule::name, StopRule::from_name);
    round_trips(&Limit::ALL, Limit::name, Limit::from_name);
}

#[test]
fn serde_writes_the_tables_names() {
    for v in Variant::ALL {
        assert_eq!(serde_json::to_value(v).unwrap(), v.name());
    }
    for r in StopRule::ALL {
        assert_eq!(serde_json::to_value(r).unwrap(), r.name());
    }
    for l in Limit::ALL {
        assert_eq!(serde_json::to_value(l).unwrap(), l.name());
    }
    let (a1, b2) = (Cell(0), Cell(10));
    let all = [
        Contradiction::EmptyBox { cell: a1 },
        Contradiction::NoPlace {
            unit: Unit(0),
            digit: 3,
        },
        Contradiction::Duplicate {
            unit: Unit(18),
            digit: 4,
            boxes: [a1, b2],
        },
        Contradiction::Exhausted {
            cell: b2,
            choices: Digits::single(2).with(7),
        },
        Contradiction::Clash {
            digit: 5,
            boxes: [a1, b2],
        },
        Contradiction::CageSum { cell: b2 },
    ];
    let texts = [
        r#"{"kind":"empty_box","box":"A1"}"#,
        r#"{"kind":"no_place","unit":"row A","digit":3}"#,
        r#"{"kind":"duplicate","unit":"square A1-C3","digit":4,"boxes":["A1","B2"]}"#,
        r#"{"kind":"exhausted","box":"B2","choices":"27"}"#,
        r#"{"kind":"clash","digit":5,"boxes":["A1","B2"]}"#,
        r#"{"kind":"cage_sum","box":"B2"}"#,
    ];
    for ((c, kind), text) in all.iter().zip(ContradictionKind::ALL).zip(texts) {
        assert_eq!(c.kind(), kind);
        assert_eq!(c.name(), kind.name());
        assert_eq!(serde_json::to_string(c).unwrap(), text);
    }
}

/// The validator reads each name by its table and, for one that is no name, lists the table's.
#[test]
fn the_validator_lists_the_tables_names() {
    use solver_core::check::{check, CheckLimits};
    use solver_core::{parse, solve_traced, Options, StrategySet};
    let solve = |puzzle: &str, strategies, max_nodes| {
        let mut opts = Options {
            strategies,
            ..Options::default()
        };
        opts.limits.max_nodes = max_nodes;
        let trace = solve_traced(&parse(puzzle, Variant::Standard).unwrap(), &opts);
        serde_json::to_value(&trace).unwrap()
    };
    let detail = |doc: &serde_json::Value| {
        let text = serde_json::to_string(doc).unwrap();
        check(&text, &CheckLimits::default()).unwrap_err().detail
    };
    let hard = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.";
    let searched = solve(hard, StrategySet::COURSE, 200_000);
    assert!(check(&searched.to_string(), &CheckLimits::default()).is_ok());
    let steps = searched["steps"].as_array().unwrap();
    let first = |kind: &str| steps.iter().position(|s| s["kind"] == kind).unwrap();

    let mut doc = searched.clone();
    doc["variant"] = "hexagonal".into();
    assert_eq!(
        detail(&doc),
        r#""hexagonal" is not a variant: expected "standard" or "diagonal""#
    );
    let mut doc = searched.clone();
    doc["steps"][first("backtrack")]["contradiction"]["kind"] = "gap".into();
    assert_eq!(
        detail(&doc),
        r#""gap" is not a contradiction: expected empty_box, no_place, duplicate, exhausted, clash or cage_sum"#
    );
    let mut doc = searched.clone();
    doc["steps"][first("stop")]["rule"] = "never".into();
    assert_eq!(
        detail(&doc),
        r#""never" is not a rule: expected course or fixpoint"#
    );
    let mut capped = solve(&".".repeat(81), StrategySet::NONE, 5);
    assert_eq!(capped["outcome"]["limit"], Limit::Nodes.name());
    capped["outcome"]["limit"] = "time".into();
    assert_eq!(
        detail(&capped),
        r#""time" is not a cap: expected "nodes" or "steps""#
    );
}
