//! The facade's results as JavaScript values, built by hand: plain objects and arrays, as
//! `JSON.parse` would give them (no `Map`s, numbers as numbers, `null` for what is absent). The
//! small objects are set field by field ([`Obj`]); a trace and the ladder's comparison are
//! written as JSON text ([`crate::json_text`]) and parsed by the engine's own `JSON.parse`.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

/// A plain object being filled.
pub struct Obj(Object);

impl Obj {
    pub fn new() -> Self {
        Obj(Object::new())
    }

    /// Sets `key` to `value`.
    pub fn set(self, key: &str, value: impl Into<JsValue>) -> Self {
        Reflect::set(&self.0, &JsValue::from_str(key), &value.into())
            .expect("setting a field of a plain object does not throw");
        self
    }

    /// Sets `key` to a number (a whole number up to 2^53 is exact).
    pub fn num(self, key: &str, n: impl Into<f64>) -> Self {
        self.set(key, JsValue::from_f64(n.into()))
    }

    /// Sets `key` to a string, or to `null` for `None`.
    pub fn str_or_null(self, key: &str, s: Option<&str>) -> Self {
        self.set(key, s.map_or(JsValue::NULL, JsValue::from_str))
    }

    pub fn done(self) -> JsValue {
        self.0.into()
    }
}

impl Default for Obj {
    fn default() -> Self {
        Obj::new()
    }
}

/// An array of `items`.
pub fn array(items: impl IntoIterator<Item = JsValue>) -> JsValue {
    items.into_iter().collect::<Array>().into()
}

/// The value of JSON text this crate wrote.
#[cfg(feature = "full")]
pub fn parsed(json: &str) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(json)
}
