//! The calls only the benchmarks make (bench/web/browser.js, bench/web/handover.js,
//! bench/web/verdict-wasm.js): a solve or a count repeated inside wasm, answering only counts, so that
//! a batch times the work without the crossing into JavaScript. Built with the `bench` feature,
//! which the page's build (index.html, Trunk.toml) leaves out; `cargo xtask bench-browser`
//! builds with it (crates/xtask).

use crate::errors::parse_error;
use crate::{core_options, parsed};
use wasm_bindgen::prelude::*;

/// Solves like [`crate::solve_packed`] (the full trace kept) and returns only `[steps, nodes]`:
/// the cost of the solve without that of handing the trace to JavaScript, for
/// `bench/web/browser.js`. `times` (default 1) solves the parsed grid that many times in a row
/// inside wasm, as `propagate bench --traced` does natively (parse outside the timing, each
/// trace dropped in turn), so that a batch's time is the solves' alone, without a crossing from
/// JavaScript each.
#[wasm_bindgen(js_name = solveTracedCount)]
pub fn solve_traced_count(
    text: &str,
    options: JsValue,
    times: Option<u32>,
) -> Result<Vec<u32>, JsValue> {
    let (opts, grid, _) = parsed(text, options)?;
    if !crate::solves_with(opts.strategies) {
        return Err(crate::beyond_the_course().to_js());
    }
    let mut counts = vec![0, 0];
    for _ in 0..times.unwrap_or(1).max(1) {
        let t = solver_core::solve_traced(&grid, &opts);
        counts = vec![t.steps.len() as u32, t.stats.nodes as u32];
    }
    Ok(counts)
}

/// The verdict engine `times` times (default 1) on the parsed grid, inside wasm, and only
/// `[solutions, nodes]` of the last: the engine's cost without the crossing into JavaScript, for
/// `bench/web/verdict-wasm.js` (against the native `verdict_time` example). Counts up to 2, under
/// the node cap of `options`. Throws like [`crate::verdict`].
#[wasm_bindgen(js_name = verdictCount)]
pub fn verdict_count(
    text: &str,
    options: JsValue,
    times: Option<u32>,
) -> Result<Vec<u32>, JsValue> {
    let (opts, grid, _) = parsed(text, options)?;
    // Nothing allocated per run, as in the native `verdict_time`: the answer is the last one.
    let mut last = (0, 0);
    for _ in 0..times.unwrap_or(1).max(1) {
        let v = solver_core::verdict::verdict(&grid, opts.variant, 2, opts.limits.max_nodes);
        last = (v.solutions, v.nodes as u32);
    }
    Ok(vec![last.0, last.1])
}

/// The verdict engine over several puzzles, inside wasm: parses and counts every puzzle of
/// `lines` (one a line, blank lines skipped) in turn (up to 2 solutions, under the node cap of
/// `options`), so that no puzzle runs twice back to back (branch predictors cannot learn one
/// puzzle), and returns `[solutions, nodes]` summed. For `bench/web/verdict-wasm.js` (against
/// `verdict_time --set`). Throws like [`crate::verdict`] on the first puzzle that does.
#[wasm_bindgen(js_name = verdictCountSet)]
pub fn verdict_count_set(lines: &str, options: JsValue) -> Result<Vec<u32>, JsValue> {
    let opts = core_options(options)?;
    let mut sum = (0, 0);
    for text in lines.lines().filter(|l| !l.trim().is_empty()) {
        let grid = solver_core::parse(text, opts.variant).map_err(parse_error)?;
        let v = solver_core::verdict::verdict(&grid, opts.variant, 2, opts.limits.max_nodes);
        sum = (sum.0 + v.solutions, sum.1 + v.nodes as u32);
    }
    Ok(vec![sum.0, sum.1])
}

#[cfg(feature = "full")]
/// A variant puzzle in the Interactive Sudoku Solver's constraint-string form, read, its
/// topology built and counted up to 2 solutions by the verdict engine's general path
/// (`verdict_in`, default node cap), `times` times (default 1), inside wasm; returns
/// `[solutions, nodes, capped]` of the last. For `bench/variants/wasm_time.mjs` (against the
/// native `variant_time`). Throws the reader's or the model's message. `stage` 1, 2 or 3
/// stops each run after reading the string, building the topology or the grid (the phases'
/// costs, `STAGE` in `wasm_time.mjs`), returning `[0, 0, 0]`.
#[wasm_bindgen(js_name = variantCount)]
pub fn variant_count(
    text: &str,
    times: Option<u32>,
    stage: Option<u32>,
) -> Result<Vec<u32>, JsValue> {
    let err = |e: String| JsValue::from(js_sys::Error::new(&e));
    let max_nodes = solver_core::Limits::default().max_nodes;
    let stage = stage.unwrap_or(0);
    let mut last = vec![0, 0, 0];
    for _ in 0..times.unwrap_or(1).max(1) {
        let puzzle = solver_core::formats::iss::read(text).map_err(|e| err(e.to_string()))?;
        if stage == 1 {
            std::hint::black_box(&puzzle);
            continue;
        }
        let topo = puzzle.topology().map_err(|e| err(e.to_string()))?;
        if stage == 2 {
            std::hint::black_box(&topo);
            continue;
        }
        let grid = puzzle.grid(&topo).map_err(|e| err(e.to_string()))?;
        if stage == 3 {
            std::hint::black_box(&grid);
            continue;
        }
        let v = solver_core::verdict::verdict_in(&grid, &topo, 2, max_nodes);
        last = vec![v.solutions, v.nodes as u32, u32::from(v.capped)];
    }
    Ok(last)
}

#[cfg(feature = "full")]
/// One puzzle that needs the rung `id` (a registry id, as `propagate generate --needs`), made as
/// `propagate generate --needs ID --seed SEED --threads 1` makes its first puzzle (puzzle 0 of
/// the run seeded `seed`, rated), inside wasm; returns `[tries, gave_up]`. For
/// `bench/web/generate-needs.mjs` (against the native CLI, seed by seed). Throws on an unknown id.
#[wasm_bindgen(js_name = generateNeeds)]
pub fn generate_needs(id: &str, seed: u32, max_tries: Option<u32>) -> Result<Vec<u32>, JsValue> {
    use solver_core::generate::{generate, GenerateOptions};
    let needs = solver_core::registry::position(&id.replace('-', "_"))
        .ok_or_else(|| JsValue::from(js_sys::Error::new(&format!("unknown strategy '{id}'"))))?;
    let opts = GenerateOptions {
        needs: Some(needs),
        max_tries: max_tries.unwrap_or(GenerateOptions::MAX_TRIES),
        ..GenerateOptions::default()
    };
    Ok(match generate(u64::from(seed), 0, &opts) {
        Ok(g) => vec![g.tries, 0],
        Err(g) => vec![g.tries, 1],
    })
}
