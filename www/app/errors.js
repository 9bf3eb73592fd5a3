// Errors as data across the worker: the facade throws Errors carrying what their message says
// as properties (crates/solver-wasm/src/errors.rs: kind, line, column, boxes, unit, digit, step,
// field). An Error's own properties do not survive postMessage's structured clone in every
// browser, so the worker sends them as a plain object (`errorData`) and the page's side rebuilds
// an Error with them (`errorFrom`).

/** The properties an error of the facade may carry, besides its message. */
export const ERROR_PROPERTIES = ['kind', 'line', 'column', 'boxes', 'unit', 'digit', 'step', 'field'];

/** `{message, kind, line, ...}`: the message and each property `e` has, as a plain object. */
export function errorData(e) {
  const data = { message: String((e && e.message) || e) };
  if (e && typeof e === 'object') {
    for (const key of ERROR_PROPERTIES) {
      const v = e[key];
      if (v !== undefined && v !== null) data[key] = Array.isArray(v) ? [...v] : v;
    }
  }
  return data;
}

/** An Error rebuilt from what `errorData` sent (a bare message string is read too). */
export function errorFrom(data) {
  if (data === null || typeof data !== 'object') return new Error(String(data));
  const err = new Error(String(data.message));
  for (const key of ERROR_PROPERTIES) {
    if (data[key] !== undefined) err[key] = data[key];
  }
  return err;
}
