//! Errors as data: what the facade throws is a JavaScript `Error` whose message is the core's,
//! carrying what the message says as properties, so that the page marks the boxes of a conflict
//! or a bad character, or jumps to the step of a bad trace, without reading the message's words.
//!
//! | property | holds | set for |
//! |---|---|---|
//! | `kind` | what went wrong, a word (below) | every error |
//! | `line`, `column` | where in the text, 1-based | a bad character, an empty box field; JSON that does not read |
//! | `boxes` | the boxes concerned, by name (`["A3", "D3"]`) | a bad character inside the grid, an empty box, a conflict (its two boxes); a trace error about a box |
//! | `unit` | a unit's name (`"column 3"`) | a conflict |
//! | `digit` | a digit 1-9 | a conflict |
//! | `step` | the index in the trace's `steps` (0 for the first) | a trace error in a step |
//! | `field` | the field, a path inside the step or from the top of the trace (`changes[3].before`, `units[4].name`), or the option's name (`strategies`) | trace and option errors |
//!
//! A property the error does not have is absent (not `null`). The kinds: parse errors `empty`,
//! `too_long`, `wrong_count`, `invalid_character`, `empty_candidates`, `conflict`; trace errors
//! as `solver_core::check::CheckKind::name` gives them (`trace_too_large`, `trace_json`,
//! `trace_format`, `trace_field`, `trace_too_many_steps`, `trace_replay`), and `trace_read` for a
//! file the browser could not read; `options` for options that are not valid; `second_module`
//! for a request the page's first module leaves to its second ([`ErrorData::second_module`]),
//! which the page's worker then asks instead: the page never shows it.
//!
//! [`ErrorData`] is plain Rust, testable natively; [`ErrorData::to_js`] builds the `Error`.

#[cfg(feature = "full")]
use solver_core::check::CheckError;
use solver_core::ParseError;
use wasm_bindgen::JsValue;

/// An error's message and the properties it carries (the table above).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorData {
    pub message: String,
    pub kind: &'static str,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub boxes: Vec<String>,
    pub unit: Option<String>,
    pub digit: Option<u8>,
    pub step: Option<usize>,
    pub field: Option<String>,
}

impl ErrorData {
    /// An error of `kind` with only a message.
    pub fn new(kind: &'static str, message: impl Into<String>) -> ErrorData {
        ErrorData {
            message: message.into(),
            kind,
            ..ErrorData::default()
        }
    }

    /// An option that is not valid; `field` is the option's name when it is known.
    pub fn options(field: Option<&str>, message: impl Into<String>) -> ErrorData {
        ErrorData {
            field: field.map(String::from),
            ..ErrorData::new("options", message)
        }
    }

    /// A request the page's first module (the crate without its `full` feature) does not answer:
    /// `what` needs the second. The page's worker asks the second module on this kind.
    pub fn second_module(what: &str) -> ErrorData {
        ErrorData::new(
            "second_module",
            format!("{what} is in the page's second module"),
        )
    }

    /// A JavaScript `Error` with the message and, as its own properties, the rest.
    pub fn to_js(&self) -> JsValue {
        let e = js_sys::Error::new(&self.message);
        let set = |key: &str, value: JsValue| {
            // Setting a property on a fresh Error object cannot fail.
            let _ = js_sys::Reflect::set(&e, &JsValue::from_str(key), &value);
        };
        set("kind", JsValue::from_str(self.kind));
        if let Some(n) = self.line {
            set("line", JsValue::from(n as f64));
        }
        if let Some(n) = self.column {
            set("column", JsValue::from(n as f64));
        }
        if !self.boxes.is_empty() {
            let boxes: js_sys::Array = self.boxes.iter().map(|b| JsValue::from_str(b)).collect();
            set("boxes", boxes.into());
        }
        if let Some(u) = &self.unit {
            set("unit", JsValue::from_str(u));
        }
        if let Some(d) = self.digit {
            set("digit", JsValue::from(d));
        }
        if let Some(n) = self.step {
            set("step", JsValue::from(n as f64));
        }
        if let Some(f) = &self.field {
            set("field", JsValue::from_str(f));
        }
        e.into()
    }
}

impl From<&ParseError> for ErrorData {
    fn from(e: &ParseError) -> ErrorData {
        let mut d = ErrorData::new("", e.to_string());
        match *e {
            ParseError::Empty => d.kind = "empty",
            ParseError::TooLong { .. } => d.kind = "too_long",
            ParseError::WrongCount { .. } => d.kind = "wrong_count",
            ParseError::InvalidCharacter {
                line, column, cell, ..
            } => {
                d.kind = "invalid_character";
                d.line = Some(line);
                d.column = Some(column);
                d.boxes = cell.iter().map(|c| c.to_string()).collect();
            }
            ParseError::EmptyCandidates { cell, line, column } => {
                d.kind = "empty_candidates";
                d.line = Some(line);
                d.column = Some(column);
                d.boxes = vec![cell.to_string()];
            }
            ParseError::Conflict { a, b, digit, unit } => {
                d.kind = "conflict";
                d.boxes = vec![a.to_string(), b.to_string()];
                d.unit = Some(unit.to_string());
                d.digit = Some(digit);
            }
        }
        d
    }
}

#[cfg(feature = "full")]
impl From<&CheckError> for ErrorData {
    fn from(e: &CheckError) -> ErrorData {
        ErrorData {
            message: e.to_string(),
            kind: e.kind.name(),
            line: e.line,
            column: e.column,
            boxes: e.cell.iter().map(|c| c.to_string()).collect(),
            unit: None,
            digit: None,
            step: e.step,
            field: e.field.clone(),
        }
    }
}

/// The thrown value for a grid that does not parse.
pub fn parse_error(e: ParseError) -> JsValue {
    ErrorData::from(&e).to_js()
}

/// The thrown value for a trace that does not check.
#[cfg(feature = "full")]
pub fn check_error(e: CheckError) -> JsValue {
    ErrorData::from(&e).to_js()
}

#[cfg(all(test, feature = "full"))]
mod tests {
    use super::*;
    use solver_core::check::{check, CheckLimits};
    use solver_core::{parse, Variant};

    #[test]
    fn a_conflict_carries_its_boxes_unit_and_digit() {
        let mut line = ".".repeat(81);
        line.replace_range(2..3, "3");
        line.replace_range(29..30, "3"); // D3: column 3
        let e = parse(&line, Variant::Standard).unwrap_err();
        let d = ErrorData::from(&e);
        assert_eq!(d.kind, "conflict");
        assert_eq!(d.boxes, ["A3", "D3"]);
        assert_eq!(d.unit.as_deref(), Some("column 3"));
        assert_eq!(d.digit, Some(3));
        assert_eq!(d.message, e.to_string());
        assert_eq!((d.line, d.step, d.field.as_deref()), (None, None, None));
    }

    #[test]
    fn a_bad_character_carries_line_column_and_box() {
        let text = format!("{}\n{}x{}", ".".repeat(9), ".".repeat(4), ".".repeat(67));
        let e = parse(&text, Variant::Standard).unwrap_err();
        let d = ErrorData::from(&e);
        assert_eq!(d.kind, "invalid_character");
        assert_eq!((d.line, d.column), (Some(2), Some(5)));
        assert_eq!(d.boxes, ["B5"]);
        let e = parse(&".".repeat(100), Variant::Standard).unwrap_err();
        assert_eq!(ErrorData::from(&e).kind, "wrong_count");
    }

    #[test]
    fn a_trace_error_carries_step_field_and_box() {
        let grid = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            Variant::Standard,
        )
        .unwrap();
        let t = solver_core::solve_traced(&grid, &Default::default());
        let mut v = serde_json::to_value(&t).unwrap();
        let b = v["steps"][2]["changes"][1]["box"]
            .as_str()
            .unwrap()
            .to_string();
        v["steps"][2]["changes"][1]["before"] = serde_json::json!("");
        let e = check(&v.to_string(), &CheckLimits::default()).unwrap_err();
        let d = ErrorData::from(&e);
        assert_eq!(d.kind, "trace_replay");
        assert_eq!(d.step, Some(2));
        assert_eq!(d.field.as_deref(), Some("changes[1].before"));
        assert_eq!(d.boxes, [b]);
        assert_eq!(d.message, e.to_string());
    }
}
