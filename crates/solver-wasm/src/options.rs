//! The options objects JavaScript passes, read field by field into [`SolveOptions`] and
//! [`OpenOptions`]: `diagonal` a boolean, `strategies` an array of strings, `maxNodes`,
//! `maxSteps` and `maxBytes` whole numbers (safe integers or BigInts). A field that is absent
//! or `undefined` takes its default, as does `null` for all but `diagonal`; other fields are
//! ignored. Read by hand rather than through serde: serde's deserializer and the float
//! formatting its messages need were a large part of the page's wasm.

#[cfg(feature = "full")]
use crate::OpenOptions;
use crate::SolveOptions;
use js_sys::{Array, Number, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// The options for solving: `{ diagonal, strategies, maxNodes, maxSteps }`.
pub fn solve_options(options: &JsValue) -> Result<SolveOptions, String> {
    object(options)?;
    let diagonal = match field(options, "diagonal") {
        None => false,
        Some(v) => v
            .as_bool()
            .ok_or_else(|| wrong("diagonal", &v, "true or false"))?,
    };
    let strategies = match nullable(options, "strategies") {
        None => None,
        Some(v) => {
            let list = v
                .dyn_ref::<Array>()
                .ok_or_else(|| wrong("strategies", &v, "an array of strategy ids"))?;
            let mut names = Vec::new();
            for item in list.iter() {
                names.push(
                    item.as_string()
                        .ok_or_else(|| wrong("strategies", &item, "strategy ids (strings)"))?,
                );
            }
            Some(names)
        }
    };
    Ok(SolveOptions {
        diagonal,
        strategies,
        max_nodes: whole(options, "maxNodes", u64::MAX)?,
        max_steps: whole(options, "maxSteps", usize::MAX as u64)?.map(|n| n as usize),
    })
}

#[cfg(feature = "full")]
/// The caps for opening a trace: `{ maxSteps, maxBytes }`.
pub fn open_options(options: &JsValue) -> Result<OpenOptions, String> {
    object(options)?;
    Ok(OpenOptions {
        max_steps: whole(options, "maxSteps", usize::MAX as u64)?.map(|n| n as usize),
        max_bytes: whole(options, "maxBytes", u64::MAX)?,
    })
}

fn object(options: &JsValue) -> Result<(), String> {
    if options.is_object() {
        Ok(())
    } else {
        Err(format!(
            "expected an object of options, found {}",
            shown(options)
        ))
    }
}

/// The field `key`, unless it is absent or `undefined`.
fn field(options: &JsValue, key: &str) -> Option<JsValue> {
    Reflect::get(options, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined())
}

/// The field `key`, unless it is absent, `undefined` or `null`.
fn nullable(options: &JsValue, key: &str) -> Option<JsValue> {
    field(options, key).filter(|v| !v.is_null())
}

/// The field `key` as a whole number from 0 to `max`, if it is given.
fn whole(options: &JsValue, key: &str, max: u64) -> Result<Option<u64>, String> {
    let Some(v) = nullable(options, key) else {
        return Ok(None);
    };
    let n = if v.is_bigint() {
        u64::try_from(v.clone()).ok()
    } else if Number::is_safe_integer(&v) {
        v.as_f64().filter(|&f| f >= 0.0).map(|f| f as u64)
    } else {
        None
    };
    match n.filter(|&n| n <= max) {
        Some(n) => Ok(Some(n)),
        None => Err(wrong(key, &v, &format!("a whole number from 0 to {max}"))),
    }
}

fn wrong(key: &str, value: &JsValue, expected: &str) -> String {
    format!("{key} is {}: expected {expected}", shown(value))
}

/// A short description of a JavaScript value for a message: a number or string as it is (a
/// string cut short), anything else by its type.
fn shown(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        let mut q: String = s.chars().take(40).collect();
        if q.len() < s.len() {
            q.push('…');
        }
        return format!("{q:?}");
    }
    if value.as_f64().is_some() {
        if let Some(text) = value
            .unchecked_ref::<Number>()
            .to_string_with_radix(10)
            .ok()
            .and_then(|s| s.as_string())
        {
            return text;
        }
    }
    if value.is_null() {
        return "null".into();
    }
    if Array::is_array(value) {
        return "an array".into();
    }
    match value.js_typeof().as_string().as_deref() {
        Some("object") => "an object".into(),
        Some(other) => format!("a {other}"),
        None => "a value".into(),
    }
}

#[cfg(feature = "full")]
/// The `givens` of a hint's options: the puzzle's givens as text (any grid form), if given.
pub fn givens(options: &JsValue) -> Result<Option<String>, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    match nullable(options, "givens") {
        None => Ok(None),
        Some(v) => v
            .as_string()
            .map(Some)
            .ok_or_else(|| wrong("givens", &v, "the puzzle's givens as text")),
    }
}

/// The `walk` flag of the solve's options (absent, `undefined` or `null`: false).
pub fn walk(options: &JsValue) -> Result<bool, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(false);
    }
    match nullable(options, "walk") {
        None => Ok(false),
        Some(v) => v
            .as_bool()
            .ok_or_else(|| wrong("walk", &v, "true or false")),
    }
}

#[cfg(feature = "full")]
/// What [`crate::generate`] is asked for: `{ seed, diagonal, symmetric, needs, ratingMin,
/// ratingMax, maxTries }`.
#[derive(Debug, Default, PartialEq)]
pub struct MakeOptions {
    pub seed: u64,
    pub diagonal: bool,
    pub symmetric: bool,
    /// A registry id.
    pub needs: Option<String>,
    pub rating_min: Option<f64>,
    pub rating_max: Option<f64>,
    pub max_tries: Option<u64>,
}

#[cfg(feature = "full")]
/// Reads [`MakeOptions`]: `seed` and `maxTries` whole numbers, `diagonal` and `symmetric`
/// booleans, `needs` a registry id, `ratingMin` and `ratingMax` numbers (each absent, or `null`:
/// no bound).
pub fn make_options(options: &JsValue) -> Result<MakeOptions, String> {
    object(options)?;
    let flag = |key: &str| match nullable(options, key) {
        None => Ok(false),
        Some(v) => v.as_bool().ok_or_else(|| wrong(key, &v, "true or false")),
    };
    let number = |key: &str| match nullable(options, key) {
        None => Ok(None),
        Some(v) => match v.as_f64().filter(|f| f.is_finite()) {
            Some(f) => Ok(Some(f)),
            None => Err(wrong(key, &v, "a number")),
        },
    };
    let needs = match nullable(options, "needs") {
        None => None,
        Some(v) => Some(
            v.as_string()
                .ok_or_else(|| wrong("needs", &v, "a strategy id"))?,
        ),
    };
    Ok(MakeOptions {
        seed: whole(options, "seed", u64::MAX)?.unwrap_or(0),
        diagonal: flag("diagonal")?,
        symmetric: flag("symmetric")?,
        needs,
        rating_min: number("ratingMin")?,
        rating_max: number("ratingMax")?,
        max_tries: whole(options, "maxTries", u64::from(u32::MAX))?,
    })
}
