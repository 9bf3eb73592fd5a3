//! The trace in the form that crosses into JavaScript fast: every change of every step moved out
//! of the steps into four flat arrays, and the rest of the trace (steps without their changes) as
//! JSON text.
//!
//! A trace is mostly changes (a 50,000-step trace holds about 300,000), and building each as a
//! JavaScript object from wasm (serde-wasm-bindgen) and then cloning it from the worker to the
//! page cost about 15× the solve itself (measured by `e2e/bench-browser.js`). Packed, the
//! worker transfers the arrays without a copy, the page parses the JSON text (what `JSON.parse`
//! does fastest) and rebuilds `changes` from the arrays (`www/packed.js`): the same trace, field
//! for field, as `docs/trace-format.md` describes.

use solver_core::{Digits, Trace};

/// A trace, packed. Change `j` (over all steps, in order) is box `boxes[j]` (0..81, A1..I9) going
/// from candidates `before[j]` to `after[j]`, each a 9-bit mask (bit `d - 1` for digit `d`); the
/// changes of step `k` are `ends[k - 1]..ends[k]` (from 0 for the first step). `json` is the trace
/// as `serde_json` writes it, with `"changes": []` in every step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    pub json: String,
    pub boxes: Vec<u8>,
    pub before: Vec<u16>,
    pub after: Vec<u16>,
    pub ends: Vec<u32>,
}

fn mask(d: Digits) -> u16 {
    d.iter().fold(0, |m, digit| m | 1 << (digit - 1))
}

/// Packs a trace (taking its changes).
pub fn pack(mut trace: Trace) -> Packed {
    let changes = std::mem::take(&mut trace.changes);
    let boxes = changes.iter().map(|c| c.cell.0).collect();
    let before = changes.iter().map(|c| mask(c.before)).collect();
    let after = changes.iter().map(|c| mask(c.after)).collect();
    let mut ends = Vec::with_capacity(trace.steps.len());
    for step in &mut trace.steps {
        ends.push(step.changes.end);
        step.changes = 0..0; // `"changes": []`
    }
    let json = serde_json::to_string(&trace).expect("a trace always serializes");
    Packed {
        json,
        boxes,
        before,
        after,
        ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};
    use solver_core::{parse, solve_traced, Options, Strategies, Variant};

    const BOXES: [&str; 9] = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];

    fn digits(m: u16) -> String {
        (1..=9u16)
            .filter(|d| m & 1 << (d - 1) != 0)
            .map(|d| d.to_string())
            .collect()
    }

    /// What www/packed.js does, in Rust: the changes put back into the JSON.
    fn unpack(p: &Packed) -> Value {
        let mut v: Value = serde_json::from_str(&p.json).unwrap();
        let steps = v["steps"].as_array_mut().unwrap();
        assert_eq!(steps.len(), p.ends.len());
        let mut from = 0;
        for (step, &end) in steps.iter_mut().zip(&p.ends) {
            assert_eq!(step["changes"], json!([]));
            let changes: Vec<Value> = (from..end as usize)
                .map(|j| {
                    let b = p.boxes[j] as usize;
                    json!({ "box": format!("{}{}", BOXES[b / 9], b % 9 + 1),
                            "before": digits(p.before[j]), "after": digits(p.after[j]) })
                })
                .collect();
            step["changes"] = Value::Array(changes);
            from = end as usize;
        }
        v
    }

    #[test]
    fn unpacking_gives_the_trace_back_field_for_field() {
        let cases = [
            (
                "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
                Variant::Standard,
                Strategies::ALL,
            ),
            (
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                Variant::Standard,
                Strategies::ALL,
            ),
            (
                "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3",
                Variant::Diagonal,
                Strategies::ALL,
            ),
            (
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                Variant::Standard,
                Strategies {
                    eliminate: true,
                    only_choice: false,
                    naked_twins: false,
                },
            ),
            (
                ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........",
                Variant::Standard,
                Strategies::NONE,
            ),
        ];
        for (text, variant, strategies) in cases {
            let mut opts = Options {
                variant,
                strategies,
                ..Options::default()
            };
            opts.limits.max_steps = 5_000;
            opts.limits.max_nodes = 20_000;
            let trace = solve_traced(&parse(text, variant).unwrap(), &opts);
            let expected = serde_json::to_value(&trace).unwrap();
            let packed = pack(trace);
            assert_eq!(packed.boxes.len(), packed.before.len());
            assert_eq!(packed.boxes.len(), packed.after.len());
            assert_eq!(unpack(&packed), expected, "{text}");
        }
    }
}
