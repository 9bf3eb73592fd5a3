//! The page's first wasm module: the facade (`solver-wasm`) without its `full` feature, what the
//! page needs to show and solve a Sudoku or diagonal Sudoku grid (`strategies`, `parse`,
//! `solvePacked`, `verdict`, and `openPuzzle`, `null` for a grid). Trunk builds this crate to `dist/solver-wasm-first.js` and
//! `dist/solver-wasm-first_bg.wasm`, and the facade with every call to `dist/solver-wasm.js`,
//! the second module, which the page's worker (www/app/worker.js) loads when a request needs it.
//! This crate holds no code: linking the facade is what makes its `#[wasm_bindgen]` exports this
//! module's.

pub use solver_wasm;
