//! The wasm-bindgen facade over `solver-core`: grid text and options in (or a trace file to
//! check), the trace out, or a thrown JavaScript `Error` carrying the core's message and, as
//! properties, what it says ([`errors`]). It converts and nothing more; every rule lives in the
//! core, and the page only replays what comes out of here.
//!
//! Only the `#[wasm_bindgen]` functions below are callable from JavaScript: exactly what the
//! page's worker imports (e2e/facade.test.js holds the built module to that), and with the
//! `bench` feature the benchmarks' calls ([`bench`]: not in the page's build).
//! [`SolveOptions`] and [`to_core`] are plain Rust so that they can be tested natively.
//!
//! The page loads two modules built from this crate (ARCHITECTURE.md): the first, without the
//! `full` feature (crates/solver-wasm-first), holds what showing and solving a grid needs:
//! [`strategies`], [`parse`], [`solve_packed`] with the course's strategies ([`solves_with`]),
//! [`verdict`] and [`open_puzzle`] (`null` for a grid), which refuse a text in a shared form,
//! another strategy and the rating's walk with the error kind `second_module`; the second, this
//! crate with its default features, holds every call, for every puzzle.

#[cfg(feature = "bench")]
pub mod bench;
pub mod errors;
mod js;
pub mod json_text;
mod options;
pub mod packed;
pub mod shared;

#[cfg(feature = "full")]
use errors::check_error;
use errors::ErrorData;
use js::Obj;
#[cfg(feature = "full")]
use json_text::Json;
#[cfg(feature = "full")]
use solver_core::check::{check, check_size, text_of, CheckLimits};
#[cfg(feature = "full")]
use solver_core::generate::GenerateOptions;
use solver_core::{Limits, Options, StrategySet, Variant, REGISTRY};
use wasm_bindgen::prelude::*;

/// The options JavaScript passes to [`solve_packed`], e.g.
/// `{ diagonal: true, strategies: ["eliminate", "only_choice"], maxNodes: 100000 }`, the
/// strategies by their registry ids ([`strategies`]). A missing field takes the core's default;
/// `strategies: []` means pure search.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    pub diagonal: bool,
    pub strategies: Option<Vec<String>>,
    pub max_nodes: Option<u64>,
    pub max_steps: Option<usize>,
}

/// The core's [`Options`] for these JavaScript options, or a message naming what is wrong.
pub fn to_core(js: &SolveOptions) -> Result<Options, String> {
    let variant = if js.diagonal {
        Variant::Diagonal
    } else {
        Variant::Standard
    };
    let strategies = match &js.strategies {
        None => StrategySet::default(),
        Some(names) => StrategySet::parse_names(names).map_err(|e| e.to_string())?,
    };
    let d = Limits::default();
    if let Some(n) = js.max_steps.filter(|&n| n > Limits::MAX_STEPS) {
        return Err(format!(
            "maxSteps {n} is too large: a trace keeps at most {} steps, which bounds its memory",
            Limits::MAX_STEPS
        ));
    }
    let limits = Limits {
        max_nodes: js.max_nodes.unwrap_or(d.max_nodes),
        max_steps: js.max_steps.unwrap_or(d.max_steps),
    };
    Ok(Options {
        variant,
        strategies,
        limits,
    })
}

fn variant(diagonal: bool) -> Variant {
    if diagonal {
        Variant::Diagonal
    } else {
        Variant::Standard
    }
}

/// The options JavaScript passed and `text` read under them: what every call that solves
/// starts from, the grid and, for a variant puzzle beyond diagonal Sudoku, its topology
/// (`shared::model`: a grid the parser reads, or a puzzle in a shared form). Throws like
/// [`core_options`] and [`parse`].
pub(crate) fn parsed(
    text: &str,
    options: JsValue,
) -> Result<(Options, solver_core::Grid, Option<shared::Model>), JsValue> {
    let mut opts = core_options(options)?;
    let (grid, topo, variant) = shared::model(text, opts.variant).map_err(|e| e.to_js())?;
    opts.variant = variant;
    Ok((opts, grid, topo))
}

/// Whether this module solves with the strategies of `set`: any set with the `full` feature;
/// without it (the first module: solver-core without its `ladder` feature, whose rounds run the
/// course's strategies alone) only the course's, a solve with another being the second module's
/// ([`beyond_the_course`]).
pub fn solves_with(set: StrategySet) -> bool {
    cfg!(feature = "full") || set.is_course()
}

/// The error of a solve the first module leaves to the second (kind `second_module`).
pub fn beyond_the_course() -> ErrorData {
    ErrorData::second_module("a solve with strategies beyond the course's")
}

/// The core's options for the options object JavaScript passed (absent: the defaults).
pub(crate) fn core_options(options: JsValue) -> Result<Options, JsValue> {
    let js: SolveOptions = if options.is_undefined() || options.is_null() {
        SolveOptions::default()
    } else {
        options::solve_options(&options)
            .map_err(|e| ErrorData::options(None, format!("bad options: {e}")).to_js())?
    };
    if let Some(names) = &js.strategies {
        StrategySet::parse_names(names)
            .map_err(|e| ErrorData::options(Some("strategies"), e.to_string()).to_js())?;
    }
    to_core(&js).map_err(|e| ErrorData::options(None, e).to_js())
}

#[cfg(feature = "full")]
/// The caps [`open_trace`] takes, e.g. `{ maxSteps: 50000 }`: `maxSteps` defaults to the
/// core's step cap, `maxBytes` to what `maxSteps` allows (`CheckLimits::for_limits`). Other
/// fields are ignored, so the page can pass the object it solves with.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct OpenOptions {
    pub max_steps: Option<usize>,
    pub max_bytes: Option<u64>,
}

#[cfg(feature = "full")]
/// The core's caps for a trace for these JavaScript options.
pub fn check_limits(js: &OpenOptions) -> CheckLimits {
    let d = Limits::default();
    let mut limits = CheckLimits::for_limits(&Limits {
        max_steps: js.max_steps.unwrap_or(d.max_steps),
        ..d
    });
    if let Some(bytes) = js.max_bytes {
        limits.max_bytes = bytes;
    }
    limits
}

#[cfg(feature = "full")]
fn open_options(options: JsValue) -> Result<CheckLimits, JsValue> {
    let js: OpenOptions = if options.is_undefined() || options.is_null() {
        OpenOptions::default()
    } else {
        options::open_options(&options)
            .map_err(|e| ErrorData::options(None, format!("bad options: {e}")).to_js())?
    };
    Ok(check_limits(&js))
}

// ---- The JavaScript API -------------------------------------------------------------------

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "console_error_panic_hook")]
    console_error_panic_hook::set_once();
}

/// The strategies, in ladder order, as plain objects
/// `{ id, label, description, caption, forcingCaption, order, course, rating, cages, noStep }`
/// (`forcingCaption`: the caption of its steps with a forcing step's branches, where it
/// differs, else ""; `cages`: it acts only on a killer's cages, so New puzzle does not offer it): everything the page shows of a
/// strategy comes from here (`caption` is the template docs/trace-format.md describes).
#[wasm_bindgen]
pub fn strategies() -> Result<JsValue, JsValue> {
    Ok(js::array(REGISTRY.iter().map(|s| {
        Obj::new()
            .set("id", s.id)
            .set("label", s.label)
            .set("description", s.description)
            .set("caption", s.caption)
            .set("forcingCaption", s.forcing_caption)
            .num("order", s.order)
            .set("course", s.course)
            .num("rating", s.rating)
            .set("cages", s.cages)
            .set("noStep", s.no_step)
            .done()
    })))
}

/// Parses a grid in any format the core accepts and returns the candidates of its 81 boxes,
/// A1..I9, as 9-bit masks (digit d is bit d - 1: `8` for a given 4, `511` for an empty box),
/// a `Uint16Array`, as the packed trace hands candidates over. A puzzle shared by another site
/// ([`open_puzzle`]'s forms) reads as its givens in its own rule and constraints (both
/// diagonals added with `diagonal`), as every call that solves reads it.
/// Throws an `Error` whose message is the core's: what is wrong and where.
#[wasm_bindgen]
pub fn parse(text: &str, diagonal: bool) -> Result<Vec<u16>, JsValue> {
    let (grid, _, _) = shared::model(text, variant(diagonal)).map_err(|e| e.to_js())?;
    Ok(grid.cells().iter().map(|d| d.bits()).collect())
}

/// The boxes each box sees in the puzzle `text` reads as (as [`parse`] reads it; both
/// diagonals added with `diagonal`): a house, a pairwise exclusion such as anti-knight, or a
/// killer cage in common. A `Uint8Array`: for each box A1..I9 in turn, the count of its peers,
/// then their indexes (0 for A1). What play mode fills a variant's candidates from. Throws like
/// [`parse`].
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn peers(text: &str, diagonal: bool) -> Result<Vec<u8>, JsValue> {
    let (_, model, variant) = shared::model(text, variant(diagonal)).map_err(|e| e.to_js())?;
    let topo = model
        .as_ref()
        .map_or(solver_core::Topology::of(variant), |m| &m.0);
    Ok(shared::peers(topo))
}

#[cfg(feature = "full")]
/// Opens a puzzle as other sites share it (f-puzzles JSON, an f-puzzles or SudokuPad link, an
/// ISS string; links repaired as `solver_core::formats::link` says): `null` when `text` is in
/// none of these forms (a grid, for [`parse`]), else `{ text, diagonal, title, author, puzzle }`:
/// the text the page keeps (the givens as an 81-character line for Sudoku and diagonal Sudoku,
/// else the puzzle's ISS string), the rule, `title` and `author` (strings or `null`), and
/// `puzzle`, the constraints as JSON text in the shape of a trace's `puzzle`
/// (`shared::puzzle_json`), `null` for Sudoku and diagonal Sudoku. Throws an `Error` for a
/// puzzle refused, with `kind` `puzzle_*` (`puzzle_unsupported`: a constraint Propagate does
/// not know, by name; `puzzle_model`: a cage or region not well formed) or `conflict`, `field`,
/// `boxes`, `line`, `column` ([`errors`]).
#[wasm_bindgen(js_name = openPuzzle)]
pub fn open_puzzle(text: &str) -> Result<JsValue, JsValue> {
    match shared::open(text) {
        None => Ok(JsValue::NULL),
        Some(Ok(p)) => Ok(Obj::new()
            .set("text", p.text)
            .set("diagonal", p.diagonal)
            .str_or_null("title", p.title.as_deref())
            .str_or_null("author", p.author.as_deref())
            .str_or_null("puzzle", p.puzzle.as_deref())
            .done()),
        Some(Err(e)) => Err(e.to_js()),
    }
}

/// [`open_puzzle`] in the first module: `null` for a grid (a text in no shared form), else
/// an error of kind `second_module`: the second module opens it.
#[cfg(not(feature = "full"))]
#[wasm_bindgen(js_name = openPuzzle)]
pub fn open_puzzle(text: &str) -> Result<JsValue, JsValue> {
    if shared::in_shared_form(text) {
        Err(shared::shared_form_elsewhere().to_js())
    } else {
        Ok(JsValue::NULL)
    }
}

#[cfg(feature = "full")]
/// The f-puzzles link of the page's puzzle: a shared puzzle's, or a grid's solved boxes as
/// givens; both diagonals with `diagonal`. Throws like [`parse`].
#[wasm_bindgen(js_name = exportPuzzle)]
pub fn export_puzzle(text: &str, diagonal: bool) -> Result<String, JsValue> {
    shared::export(text, diagonal).map_err(|e| e.to_js())
}

/// The verdict engine's answer, without a trace (`solver_core::verdict`: its own search, not the
/// course's), for the variant and node cap of `options` (its strategies and step cap are
/// ignored): `{ engine: "verdict", verdict, solutions, solution, capped, nodes, max }`.
/// `verdict` is `solved` (a solution found), `no_solution` (the search ended without one) or
/// `capped` (the node cap stopped it before either); `solutions` counts up to 2 (1: unique,
/// 2: two or more), a lower bound when `capped` is true; `solution` is the first one found as 81
/// digits or `null` (with several, the course's search may meet another first); `nodes` the
/// engine's search nodes, `max` the node cap. Throws like [`solve_packed`].
#[wasm_bindgen]
pub fn verdict(text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let (opts, grid, topo) = parsed(text, options)?;
    let max = opts.limits.max_nodes;
    let v = match &topo {
        #[cfg(feature = "full")]
        Some((topo, _)) => solver_core::verdict::verdict_in(&grid, topo, 2, max),
        #[cfg(not(feature = "full"))]
        Some(never) => match *never {},
        None => solver_core::verdict::verdict(&grid, opts.variant, 2, max),
    };
    Ok(VerdictJs::of(v, max).to_js())
}

/// [`verdict`]'s object.
#[derive(Debug, PartialEq, Eq)]
pub struct VerdictJs {
    pub engine: &'static str,
    pub verdict: &'static str,
    pub solutions: u32,
    pub solution: Option<String>,
    pub capped: bool,
    pub nodes: u64,
    pub max: u64,
}

impl VerdictJs {
    /// The engine's answer under the node cap `max`, in the words of a trace's outcome.
    pub fn of(v: solver_core::verdict::Verdict, max: u64) -> Self {
        let verdict = if v.solutions > 0 {
            "solved"
        } else if v.capped {
            "capped"
        } else {
            "no_solution"
        };
        VerdictJs {
            engine: "verdict",
            verdict,
            solutions: v.solutions,
            solution: v.first.map(|s| s.to_string()),
            capped: v.capped,
            nodes: v.nodes,
            max,
        }
    }

    /// The object, its fields in declaration order.
    pub fn to_js(&self) -> JsValue {
        Obj::new()
            .set("engine", self.engine)
            .set("verdict", self.verdict)
            .num("solutions", self.solutions)
            .str_or_null("solution", self.solution.as_deref())
            .set("capped", self.capped)
            .num("nodes", self.nodes as f64)
            .num("max", self.max as f64)
            .done()
    }
}

/// A trace packed for a fast crossing into JavaScript ([`packed::Packed`], whose doc comment
/// gives the encoding): `json` (the trace with `"units": []` and `"steps": []`), `units` and
/// `kinds` (JSON text, the same for every trace of a variant), the steps as numbers, `steps()`
/// (Uint32Array, [`packed::STEP_WORDS`] per step), their evidence, `evidenceUnits()` and
/// `evidenceBoxes()` (Uint8Array) with `unitEnds()` and `boxEnds()` (Uint32Array), their chains,
/// `chainNodes()` (Uint16Array) with `chainEnds()` (Uint32Array), and their
/// changes, `boxes()` (Uint8Array), `before()` and `after()` (Uint16Array, 9-bit masks) and
/// `ends()` (Uint32Array). Each array is handed over once (a second call gives an empty one): it
/// moves out of wasm memory into JavaScript with a single copy. www/trace/packed.js's `takePacked`
/// takes them all and frees this; www/app/worker.js transfers them to the page, where
/// `unpackTrace` puts the trace together.
/// `text`: for a trace file of a variant puzzle (one with a `puzzle`), the puzzle as the page
/// keeps it, its ISS string with `initial`'s solved boxes as givens; else empty.
#[wasm_bindgen]
pub struct PackedTrace(packed::Packed, String);

#[wasm_bindgen]
impl PackedTrace {
    #[wasm_bindgen(getter)]
    pub fn json(&self) -> String {
        self.0.json.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn units(&self) -> String {
        self.0.units.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn kinds(&self) -> String {
        self.0.kinds.clone()
    }
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.1.clone()
    }
    pub fn steps(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.0.steps)
    }
    #[wasm_bindgen(js_name = evidenceUnits)]
    pub fn evidence_units(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.0.evidence_units)
    }
    #[wasm_bindgen(js_name = unitEnds)]
    pub fn unit_ends(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.0.unit_ends)
    }
    #[wasm_bindgen(js_name = evidenceBoxes)]
    pub fn evidence_boxes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.0.evidence_boxes)
    }
    #[wasm_bindgen(js_name = boxEnds)]
    pub fn box_ends(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.0.box_ends)
    }
    #[wasm_bindgen(js_name = chainNodes)]
    pub fn chain_nodes(&mut self) -> Vec<u16> {
        std::mem::take(&mut self.0.chain_nodes)
    }
    #[wasm_bindgen(js_name = chainEnds)]
    pub fn chain_ends(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.0.chain_ends)
    }
    /// The forcing steps' branches, as JSON text (`packed.rs`).
    #[wasm_bindgen(getter)]
    pub fn forcing(&self) -> String {
        self.0.forcing.clone()
    }
    pub fn boxes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.0.boxes)
    }
    pub fn before(&mut self) -> Vec<u16> {
        std::mem::take(&mut self.0.before)
    }
    pub fn after(&mut self) -> Vec<u16> {
        std::mem::take(&mut self.0.after)
    }
    pub fn ends(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.0.ends)
    }
}

/// Parses and solves a grid, returning the trace packed ([`PackedTrace`]): what the page's worker
/// calls. With `walk: true` in `options`, the trace is the rating's walk instead
/// (`solver_core::rating::walk_trace`: the easiest steps from the puzzle, every strategy on, one
/// node; a variant puzzle's carries its `puzzle`), whose steps [`rate`]'s `step` indexes; the walk of a puzzle the easiest steps do not
/// solve is an options error naming `walk`. Throws an `Error` for a grid that does not parse or
/// options that are not valid.
#[wasm_bindgen(js_name = solvePacked)]
pub fn solve_packed(text: &str, options: JsValue) -> Result<PackedTrace, JsValue> {
    let walk = options::walk(&options)
        .map_err(|e| ErrorData::options(Some("walk"), format!("bad options: {e}")).to_js())?;
    let (opts, grid, topo) = parsed(text, options)?;
    if !solves_with(opts.strategies) {
        return Err(beyond_the_course().to_js());
    }
    let trace = match &topo {
        #[cfg(feature = "full")]
        Some((topo, puzzle)) => {
            let mut trace = if walk {
                walk_trace(&grid, topo, &opts)?
            } else {
                solver_core::search::solve_traced_in(&grid, topo, &opts)
            };
            // The trace carries the puzzle (format 4's `puzzle`), whose constraints the page draws.
            trace.puzzle = solver_core::Trace::puzzle_of(puzzle, topo);
            trace
        }
        #[cfg(not(feature = "full"))]
        Some(never) => match *never {},
        None if walk => walk_trace(&grid, solver_core::Topology::of(opts.variant), &opts)?,
        None => solver_core::solve_traced(&grid, &opts),
    };
    Ok(PackedTrace(packed::pack(trace), String::new()))
}

/// The rating's walk of a grid in a topology as a trace (`solve_packed`'s `walk: true`).
#[cfg(feature = "full")]
fn walk_trace(
    grid: &solver_core::Grid,
    topo: &solver_core::Topology,
    opts: &Options,
) -> Result<solver_core::Trace, JsValue> {
    solver_core::rating::walk_trace_in(grid, topo, opts).ok_or_else(|| {
        let message = "the easiest steps do not solve this puzzle: it has no walk to show";
        ErrorData::options(Some("walk"), message.to_string()).to_js()
    })
}

/// Without the `full` feature the rating's walk is the second module's.
#[cfg(not(feature = "full"))]
fn walk_trace(
    _: &solver_core::Grid,
    _: &solver_core::Topology,
    _: &Options,
) -> Result<solver_core::Trace, JsValue> {
    Err(ErrorData::second_module("the rating's walk").to_js())
}

#[cfg(feature = "full")]
/// Opens a trace file made elsewhere (`propagate trace`, a learner's code through
/// python/PySudoku.py) for the page to play: checks the `File`'s size against the cap before
/// reading anything (a file too large is never loaded), reads its bytes with `FileReaderSync`
/// (so only in a worker: the page's worker hands it the `File` itself) and their text as
/// `propagate check` does (`solver_core::check::text_of`), checks it with the core
/// (`solver_core::check`, docs/trace-format.md "Validation") and returns it packed exactly as
/// [`solve_packed`] does. `options` gives the caps ([`OpenOptions`]). Throws an `Error` whose
/// properties say what is wrong and where (`kind`, `step`, `field`, `boxes`, `line`, `column`:
/// [`errors`]).
#[wasm_bindgen(js_name = openTrace)]
pub fn open_trace(file: web_sys::File, options: JsValue) -> Result<PackedTrace, JsValue> {
    let limits = open_options(options)?;
    check_size(file.size() as u64, &limits).map_err(check_error)?;
    // Its bytes, decoded by the core as `propagate check` decodes a file (a UTF-8 byte order
    // mark skipped, UTF-16 refused by name): not by the browser's text decoder, which reads
    // UTF-16 and replaces bytes that are not UTF-8.
    let bytes = web_sys::FileReaderSync::new()
        .and_then(|reader| reader.read_as_array_buffer(&file))
        .map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec())
        .map_err(|e| {
            let why = e
                .dyn_ref::<js_sys::Error>()
                .map_or_else(|| format!("{e:?}"), |e| String::from(e.message()));
            ErrorData::new("trace_read", format!("the file could not be read: {why}")).to_js()
        })?;
    let text = text_of(&bytes).map_err(check_error)?;
    let trace = check(text, &limits).map_err(check_error)?;
    let text = shared::text_of_trace(&trace);
    Ok(PackedTrace(packed::pack(trace), text))
}

#[cfg(feature = "full")]
/// How hard the puzzle is, as Sudoku Explainer rates (`solver_core::rate`: the easiest step
/// again and again, the hardest so taken; docs/ratings.md), with the variant and node cap of
/// `options` (its strategies are ignored); a variant puzzle is rated in its own topology on the
/// same scale (`solver_core::rate_in`). One of:
/// - `{ kind: "steps", technique, label, strategy, score, step, steps }`: easiest steps solve
///   it. The hardest: `technique` (a registry id, or `full_house`, `hidden_single_square`,
///   `hidden_single_line`, `naked_single`, or a direct technique: `direct_pointing`,
///   `direct_claiming`, `direct_hidden_pairs`, `direct_hidden_triples`), `label` (its name in
///   words), `strategy` (the registry id of the strategy whose step it is: `only_choice` for a
///   hidden single, `eliminate` for a naked single, `pointing` for a direct pointing), `score` (Sudoku Explainer's scale, to one decimal), `step` (its index
///   among the steps taken, 0 first); `steps` the steps taken in all. For a grid given complete
///   `technique`, `label`, `strategy` and `step` are `null` and `score` 0.
/// - `{ kind: "search", nodes }`: the easiest steps stall (no strategy applies); the search
///   under every strategy solved it in `nodes`.
/// - `{ kind: "no_solution" }`, or `{ kind: "capped", limit, max }` (that search stopped at the
///   node cap).
///
/// Throws like [`solve_packed`].
#[wasm_bindgen]
pub fn rate(text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let (opts, grid, topo) = parsed(text, options)?;
    let rating = match &topo {
        Some((topo, _)) => solver_core::rate_in(&grid, topo, &opts),
        None => solver_core::rate(&grid, &opts),
    };
    Ok(RatingJs::of(rating, &opts).to_js())
}

#[cfg(feature = "full")]
/// [`rate`]'s object: `kind` (the variant's name in snake case), then the variant's fields.
#[derive(Debug, PartialEq)]
pub enum RatingJs {
    Steps {
        technique: Option<&'static str>,
        label: Option<&'static str>,
        strategy: Option<&'static str>,
        score: f64,
        step: Option<u32>,
        steps: u32,
    },
    Search {
        nodes: u64,
    },
    NoSolution,
    Capped {
        limit: &'static str,
        max: u64,
    },
}

#[cfg(feature = "full")]
impl RatingJs {
    /// The core's rating in the page's words; `opts` gives the cap a capped search reached.
    pub fn of(r: solver_core::Rating, opts: &Options) -> Self {
        use solver_core::Rating;
        match r {
            Rating::Steps { hardest, steps } => RatingJs::Steps {
                technique: hardest.map(|h| h.technique.id()),
                label: hardest.map(|h| h.technique.label()),
                strategy: hardest.map(|h| REGISTRY[h.technique.position() as usize].id),
                // The scale has one decimal; the f32 widened as it is would show 2.299999952.
                score: hardest.map_or(0.0, |h| (f64::from(h.score) * 10.0).round() / 10.0),
                step: hardest.map(|h| h.step),
                steps,
            },
            Rating::NoSolution => RatingJs::NoSolution,
            Rating::Search { nodes } => RatingJs::Search { nodes },
            Rating::Capped(limit) => RatingJs::Capped {
                limit: limit.name(),
                max: opts.limits.max(limit),
            },
        }
    }

    pub fn to_js(&self) -> JsValue {
        match *self {
            RatingJs::Steps {
                technique,
                label,
                strategy,
                score,
                step,
                steps,
            } => {
                let o = Obj::new()
                    .set("kind", "steps")
                    .str_or_null("technique", technique)
                    .str_or_null("label", label)
                    .str_or_null("strategy", strategy)
                    .num("score", score);
                match step {
                    Some(k) => o.num("step", k),
                    None => o.set("step", JsValue::NULL),
                }
                .num("steps", steps)
            }
            RatingJs::Search { nodes } => {
                Obj::new().set("kind", "search").num("nodes", nodes as f64)
            }
            RatingJs::NoSolution => Obj::new().set("kind", "no_solution"),
            RatingJs::Capped { limit, max } => Obj::new()
                .set("kind", "capped")
                .set("limit", limit)
                .num("max", max as f64),
        }
        .done()
    }
}

#[cfg(feature = "full")]
/// A hint from the position `text` (any grid form `parse` reads), with the variant of `options`
/// and, as `options.givens`, the puzzle's givens as text when the caller knows them (a variant
/// puzzle's text, its ISS string: the position is then read and hinted in its topology, its
/// units named as a trace of it names them)
/// (`solver_core::hint`: the next step of the rating's easiest path, docs/ratings.md). One of:
/// - `{ kind: "step", technique, label, levels, step, candidates }`: `technique` and `label` as
///   [`rate`] names a step's; `levels` the three texts, one per level: the technique to look
///   for, where (units or a box, and the digits), the step captioned as the page captions a
///   trace's step; `step` the step as the page's trace decoder makes a strategy step
///   (`www/trace/packed.js`): `{ kind, units, boxes, digits, node: 0, depth: 0, changes }`,
///   `kind` the strategy's registry id, `units` unit names, `boxes` box names, `digits` a
///   9-bit mask, `changes` `[{ box, before, after }]` with masks, `chainNodes` the step's chain
///   (empty for a step without one) as a `Uint16Array` of nodes in the packed trace's encoding
///   ([`packed::chain_words`], which `www/trace/packed.js`'s `chainOfNodes` reads), `forcing` a
///   forcing step's branches as the packed trace's `forcing` text of a trace of this one step
///   (`[]` for another step; `www/trace/packed.js`'s `forcingOfText` reads it); `candidates` the grid after
///   the step, a `Uint16Array` of 81 masks as [`parse`] gives them.
/// - `{ kind: "mistakes", wrong, removed }`: box names; `wrong` hold a digit the givens'
///   unique solution does not put there, `removed` lost the digit it puts there.
/// - `{ kind: "no_solution" }` (the grid has none, and no givens tell which box is wrong),
///   `{ kind: "solved" }`, `{ kind: "stuck" }` (no strategy of the ladder applies: a guess).
///
/// Throws like [`solve_packed`]; givens that do not parse throw the parser's error.
#[wasm_bindgen]
pub fn hint(text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let givens = options::givens(&options)
        .map_err(|e| ErrorData::options(Some("givens"), format!("bad options: {e}")).to_js())?;
    let opts = core_options(options)?;
    let (grid, givens, model, variant) =
        shared::hint_input(text, givens.as_deref(), opts.variant).map_err(|e| e.to_js())?;
    let topo = model
        .as_ref()
        .map_or(solver_core::Topology::of(variant), |m| &m.0);
    Ok(hint_js(
        &solver_core::hint(&grid, givens.as_ref(), topo),
        topo,
    ))
}

#[cfg(feature = "full")]
/// A hint's forcing step's branches as the packed trace hands a trace's over (its `forcing`
/// text, [`json_text::Json::forcing_steps`]): a list of this one step, as step 0; `[]` for a
/// step without.
fn forcing_text(f: Option<&solver_core::trace::Forcing>) -> String {
    let steps: Vec<_> = f
        .map(|f| solver_core::trace::Forcing {
            step: 0,
            ..f.clone()
        })
        .into_iter()
        .collect();
    let mut json = json_text::Json::new();
    json.forcing_steps(&steps);
    json.finish()
}

#[cfg(feature = "full")]
/// [`hint`]'s object for the core's hint, its units named as `topo` names them.
fn hint_js(h: &solver_core::Hint, topo: &solver_core::Topology) -> JsValue {
    use solver_core::Hint;
    let names = |cells: &[solver_core::Cell]| {
        js::array(cells.iter().map(|c| JsValue::from_str(&c.to_string())))
    };
    match h {
        Hint::Step(s) => {
            let e = &s.found.evidence;
            let changes =
                s.found
                    .changes()
                    .iter()
                    .zip(&s.before)
                    .map(|(&(cell, after), before)| {
                        Obj::new()
                            .set("box", cell.to_string())
                            .num("before", before.bits())
                            .num("after", after.bits())
                            .done()
                    });
            // The chain as the packed trace hands a step's over (packed.rs's one encoding).
            let mut chain = Vec::new();
            for n in s.found.chain() {
                packed::chain_words(n, &mut chain);
            }
            let step = Obj::new()
                .set("kind", REGISTRY[s.found.position as usize].id)
                .set(
                    "units",
                    js::array(e.units().iter().map(|&u| JsValue::from_str(topo.name(u)))),
                )
                .set("boxes", names(e.boxes()))
                .num("digits", e.digits().bits())
                .num("node", 0)
                .num("depth", 0)
                .set("changes", js::array(changes))
                .set("chainNodes", js_sys::Uint16Array::from(&chain[..]))
                .set("forcing", forcing_text(s.found.forcing()))
                .done();
            let candidates: Vec<u16> = s.after.cells().iter().map(|d| d.bits()).collect();
            Obj::new()
                .set("kind", "step")
                .set("technique", s.technique.id())
                .set("label", s.technique.label())
                .set(
                    "levels",
                    js::array(s.levels.iter().map(|l| JsValue::from_str(l))),
                )
                .set("step", step)
                .set("candidates", js_sys::Uint16Array::from(&candidates[..]))
                .done()
        }
        Hint::Mistakes { wrong, removed } => Obj::new()
            .set("kind", "mistakes")
            .set("wrong", names(wrong))
            .set("removed", names(removed))
            .done(),
        Hint::NoSolution => Obj::new().set("kind", "no_solution").done(),
        Hint::Solved => Obj::new().set("kind", "solved").done(),
        Hint::Stuck => Obj::new().set("kind", "stuck").done(),
    }
}

#[cfg(feature = "full")]
/// The core's generator options for what JavaScript asked ([`options::MakeOptions`]): the seed,
/// and the options with the rating always taken (the page shows it), or a message naming the
/// field that is wrong.
pub fn make_options(
    js: &options::MakeOptions,
) -> Result<(u64, GenerateOptions), (&'static str, String)> {
    let needs = match &js.needs {
        None => None,
        Some(id) => Some(solver_core::registry::position(id).ok_or_else(|| {
            let ids: Vec<&str> = REGISTRY.iter().map(|s| s.id).collect();
            (
                "needs",
                format!("unknown strategy '{id}': expected {}", ids.join(", ")),
            )
        })?),
    };
    if let Some(position) = needs {
        solver_core::generate::never_needed(position).map_err(|e| ("needs", e.to_string()))?;
    }
    let rating = match (js.rating_min, js.rating_max) {
        (None, None) => None,
        (lo, hi) => {
            let (lo, hi) = (lo.unwrap_or(f64::NEG_INFINITY), hi.unwrap_or(f64::INFINITY));
            if lo > hi {
                // Said without the numbers: formatting a float is a large part of a wasm.
                return Err((
                    "ratingMin",
                    "the rating range is empty: ratingMin is above ratingMax".to_string(),
                ));
            }
            Some((lo as f32, hi as f32))
        }
    };
    Ok((
        js.seed,
        GenerateOptions {
            variant: variant(js.diagonal),
            symmetric: js.symmetric,
            needs,
            rating,
            max_tries: js
                .max_tries
                .map_or(GenerateOptions::MAX_TRIES, |n| n.max(1) as u32),
            rate: true,
        },
    ))
}

#[cfg(feature = "full")]
/// A new puzzle (`solver_core::generate`: a random solved grid, givens removed while it stays
/// unique, so minimal), the first of the stream of `options.seed`
/// ([`options::make_options`]: `seed`, `diagonal`, `symmetric`, `needs` a registry id the
/// puzzle cannot be solved without, `ratingMin` / `ratingMax` its score's range, `maxTries`
/// the puzzles made before giving up, by default the CLI's). `progress` is called with the
/// puzzles made so far before each try after the first. Returns `{ puzzle, tries, rating }`:
/// `puzzle` its 81 characters (`.` empty), `tries` the puzzles made for it, `rating` as
/// [`rate`] gives it. Throws an `Error` of kind `gave_up` when no puzzle passed in `maxTries`,
/// or `options` naming the field that is not valid.
#[wasm_bindgen]
pub fn generate(options: JsValue, progress: &js_sys::Function) -> Result<JsValue, JsValue> {
    let bad = |field: &'static str, e: String| {
        ErrorData::options(Some(field), format!("bad options: {e}")).to_js()
    };
    let js = options::make_options(&options).map_err(|e| bad("generate", e))?;
    let (seed, opts) = make_options(&js).map_err(|(field, e)| bad(field, e))?;
    let made = solver_core::generate::generate_until(seed, 0, &opts, |tries| {
        // The page's worker posts the count; what it returns does not stop the search (a
        // cancel terminates the worker).
        let _ = progress.call1(&JsValue::NULL, &JsValue::from(tries));
        true
    })
    .map_err(|g| ErrorData::new("gave_up", g.to_string()).to_js())?;
    let rate_opts = Options {
        variant: opts.variant,
        strategies: StrategySet::ALL,
        ..Options::default()
    };
    let rating = made
        .rating
        .map_or(JsValue::NULL, |r| RatingJs::of(r, &rate_opts).to_js());
    Ok(Obj::new()
        .set("puzzle", made.puzzle.to_line())
        .num("tries", made.tries)
        .set("rating", rating)
        .done())
}

#[cfg(feature = "full")]
/// Parses a grid and solves it under every rung of the ladder (no strategy, then each prefix of
/// the registry), with the variant and node cap of `options` (its strategies
/// are ignored), a variant puzzle in its own topology. Returns `[{ strategies: [...], verdict, stats }, ...]`, one per set, as
/// `solver_core::compare_strategies` gives them. Throws like [`solve_packed`].
#[wasm_bindgen]
pub fn compare(text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let (opts, grid, topo) = parsed(text, options)?;
    let rungs = match &topo {
        Some((topo, _)) => solver_core::compare_strategies_in(&grid, topo, &opts),
        None => solver_core::compare_strategies(&grid, &opts),
    };
    let mut json = Json::new();
    json.comparisons(&rungs);
    js::parsed(&json.finish())
}

#[cfg(all(test, feature = "full"))]
mod tests {
    use super::*;

    /// A hint's forcing text is a packed trace's of one step: each forcing step of a trace,
    /// written alone, is its fields as the trace's JSON has them, as step 0; no step, `[]`.
    #[test]
    fn a_hint_s_forcing_text_is_a_packed_trace_s_of_one_step() {
        let grid = solver_core::parse(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            Variant::Standard,
        )
        .unwrap();
        let opts = Options {
            strategies: StrategySet::ALL,
            ..Options::default()
        };
        let trace = solver_core::search::solve_traced(&grid, &opts);
        let full: serde_json::Value = serde_json::to_value(&trace).unwrap();
        assert!(!trace.forcing.is_empty());
        for f in &trace.forcing {
            let step = &full["steps"][f.step as usize];
            let want = serde_json::json!([{
                "step": 0, "conclude": step["conclude"], "complexity": step["complexity"],
                "chains": step["chains"],
            }]);
            let got: serde_json::Value = serde_json::from_str(&forcing_text(Some(f))).unwrap();
            assert_eq!(got, want);
        }
        assert_eq!(forcing_text(None), "[]");
    }

    #[test]
    fn missing_options_take_the_core_defaults() {
        let o = to_core(&SolveOptions::default()).unwrap();
        assert_eq!(o, Options::default());
    }

    #[test]
    fn max_steps_above_the_bound_on_a_trace_is_refused() {
        let at = SolveOptions {
            max_steps: Some(Limits::MAX_STEPS),
            ..Default::default()
        };
        assert_eq!(to_core(&at).unwrap().limits.max_steps, Limits::MAX_STEPS);
        let over = SolveOptions {
            max_steps: Some(Limits::MAX_STEPS + 1),
            ..Default::default()
        };
        assert_eq!(
            to_core(&over).unwrap_err(),
            format!(
                "maxSteps {} is too large: a trace keeps at most {} steps, which bounds its memory",
                Limits::MAX_STEPS + 1,
                Limits::MAX_STEPS
            )
        );
    }

    #[test]
    fn strategies_by_name_and_none_for_pure_search() {
        let o = to_core(&SolveOptions {
            diagonal: true,
            strategies: Some(vec!["naked_twins".into(), "eliminate".into()]),
            max_nodes: Some(10),
            max_steps: None,
        })
        .unwrap();
        assert_eq!(o.variant, Variant::Diagonal);
        assert_eq!(o.strategies.names(), ["eliminate", "naked_twins"]);
        assert_eq!(o.limits.max_nodes, 10);
        assert_eq!(o.limits.max_steps, Limits::default().max_steps);
        let none = to_core(&SolveOptions {
            strategies: Some(vec![]),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(none.strategies, StrategySet::NONE);
    }

    #[test]
    fn an_unknown_strategy_is_named_in_the_error() {
        let e = to_core(&SolveOptions {
            strategies: Some(vec!["guessing".into()]),
            ..Default::default()
        });
        let ids: Vec<&str> = REGISTRY.iter().map(|s| s.id).collect();
        assert_eq!(
            e.unwrap_err(),
            format!(
                "unknown strategy 'guessing': expected {}, all or none",
                ids.join(", ")
            )
        );
    }

    #[test]
    fn open_options_default_to_the_core_and_bytes_follow_steps() {
        let d = check_limits(&OpenOptions::default());
        assert_eq!(d, CheckLimits::default());
        let page = check_limits(&OpenOptions {
            max_steps: Some(50_000),
            max_bytes: None,
        });
        assert_eq!(page.max_steps, 50_000);
        assert_eq!(page.max_bytes, 50_000 * 1024 + (1 << 20));
        assert!(
            page.max_bytes < 100 << 20,
            "a 100 MB file is refused under the page's caps"
        );
        let own = check_limits(&OpenOptions {
            max_steps: Some(10),
            max_bytes: Some(7),
        });
        assert_eq!((own.max_steps, own.max_bytes), (10, 7));
    }

    #[test]
    fn the_registry_as_the_page_reads_it() {
        let json = serde_json::to_value(REGISTRY).unwrap();
        let first = &json[0];
        for key in ["id", "label", "description", "caption", "order", "course"] {
            assert!(first.get(key).is_some(), "{key} in {first}");
        }
        assert_eq!(json.as_array().unwrap().len(), REGISTRY.len());
        assert_eq!(json[1]["order"], 1);
    }

    #[test]
    fn the_verdict_object_names_the_engine_and_words_its_answer_as_a_trace_outcome() {
        use solver_core::verdict::{Solution, Verdict};
        let solution = Solution([b'1'; 81]);
        let of = |solutions, first: Option<Solution>, capped| {
            VerdictJs::of(
                Verdict {
                    solutions,
                    first,
                    capped,
                    nodes: 7,
                },
                100,
            )
        };
        let unique = of(1, Some(solution), false);
        assert_eq!(
            (
                unique.engine,
                unique.verdict,
                unique.solutions,
                unique.capped
            ),
            ("verdict", "solved", 1, false)
        );
        assert_eq!(unique.solution.as_deref(), Some("1".repeat(81).as_str()));
        assert_eq!((unique.nodes, unique.max), (7, 100));
        // A solution found, then the count stopped by the cap: solved, uniqueness not known.
        let counted = of(1, Some(solution), true);
        assert_eq!((counted.verdict, counted.capped), ("solved", true));
        assert_eq!(of(0, None, true).verdict, "capped");
        let none = of(0, None, false);
        assert_eq!((none.verdict, none.solution), ("no_solution", None));
    }

    #[test]
    fn the_verdict_engine_under_a_tiny_node_cap_is_capped() {
        let grid = solver_core::parse(&".".repeat(81), Variant::Standard).unwrap();
        let v = VerdictJs::of(
            solver_core::verdict::verdict(&grid, Variant::Standard, 2, 1),
            1,
        );
        assert_eq!((v.verdict, v.solutions, v.capped), ("capped", 0, true));
    }

    #[test]
    fn ratings_in_the_pages_words() {
        let rate_of = |p: &str, max_nodes: u64| {
            let opts = to_core(&SolveOptions {
                max_nodes: Some(max_nodes),
                ..Default::default()
            })
            .unwrap();
            RatingJs::of(
                solver_core::rate(&solver_core::parse(p, opts.variant).unwrap(), &opts),
                &opts,
            )
        };
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        assert_eq!(
            rate_of(easy, 1000),
            RatingJs::Steps {
                technique: Some("hidden_single_square"),
                label: Some("Hidden single in a square"),
                strategy: Some("only_choice"),
                score: 1.2,
                step: Some(32),
                steps: 94,
            }
        );
        let norvig =
            ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
        assert_eq!(rate_of(norvig, 200_000), RatingJs::NoSolution);
        let empty = ".".repeat(81);
        assert_eq!(
            rate_of(&empty, 1),
            RatingJs::Capped {
                limit: "nodes",
                max: 1
            }
        );
        match rate_of(&empty, 1000) {
            RatingJs::Search { nodes } => assert!(nodes >= 1),
            other => panic!("the empty grid needs search: {other:?}"),
        }
        let complete =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        assert_eq!(
            rate_of(complete, 10),
            RatingJs::Steps {
                technique: None,
                label: None,
                strategy: None,
                score: 0.0,
                step: None,
                steps: 0,
            }
        );
    }

    /// A variant is rated in its own topology, in the page's words: the killer sample's hardest
    /// step is named by the registry; the same grid (no givens) in Sudoku's topology is
    /// another puzzle, which the easiest steps do not solve.
    #[test]
    fn a_variant_is_rated_in_its_topology() {
        let killer = ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9";
        let opts = to_core(&SolveOptions::default()).unwrap();
        let (grid, model, _) = shared::model(killer, opts.variant).unwrap();
        let topo = model.unwrap().0;
        match RatingJs::of(solver_core::rate_in(&grid, &topo, &opts), &opts) {
            RatingJs::Steps {
                strategy: Some(id),
                steps,
                step: Some(k),
                ..
            } => {
                assert!(REGISTRY.iter().any(|s| s.id == id), "{id}");
                assert!(k < steps, "{k} of {steps}");
            }
            other => panic!("the killer's walk solves it: {other:?}"),
        }
        let small = Options {
            limits: Limits {
                max_nodes: 1,
                ..Limits::default()
            },
            ..opts
        };
        assert!(!matches!(
            RatingJs::of(solver_core::rate(&grid, &small), &small),
            RatingJs::Steps { .. }
        ));
    }

    #[test]
    fn generate_options_name_the_rung_and_bound_the_rating() {
        use options::MakeOptions;
        let (seed, o) = make_options(&MakeOptions {
            seed: 7,
            diagonal: true,
            symmetric: true,
            needs: Some("x_wing".into()),
            rating_min: Some(2.0),
            rating_max: None,
            max_tries: Some(50),
        })
        .unwrap();
        assert_eq!(seed, 7);
        assert_eq!(o.variant, Variant::Diagonal);
        assert!(o.symmetric && o.rate);
        assert_eq!(o.needs, solver_core::registry::position("x_wing"));
        assert_eq!(o.rating, Some((2.0, f32::INFINITY)));
        assert_eq!(o.max_tries, 50);
        let plain = make_options(&MakeOptions::default()).unwrap().1;
        assert!(plain.unfiltered());
        assert_eq!(plain.max_tries, GenerateOptions::MAX_TRIES);
        let unknown = make_options(&MakeOptions {
            needs: Some("guessing".into()),
            ..Default::default()
        });
        assert_eq!(unknown.unwrap_err().0, "needs");
        let cages = make_options(&MakeOptions {
            needs: Some("cage_combinations".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(cages.0, "needs");
        assert!(cages.1.contains("cage-combinations"), "{}", cages.1);
        let empty = make_options(&MakeOptions {
            rating_min: Some(4.0),
            rating_max: Some(3.0),
            ..Default::default()
        });
        assert_eq!(empty.unwrap_err().0, "ratingMin");
    }

    /// The page's tests read the registry from www/tests/fixtures/strategies.json, which must be
    /// what `strategies()` gives. After a change: `UPDATE_FIXTURES=1 cargo test -p solver-wasm`.
    #[test]
    fn the_pages_registry_fixture_is_the_registry() {
        let out = serde_json::to_string_pretty(REGISTRY).unwrap() + "\n";
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../www/tests/fixtures/strategies.json"
        );
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(path, &out).unwrap();
        }
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            on_disk == out,
            "{path} is stale: run UPDATE_FIXTURES=1 cargo test -p solver-wasm"
        );
    }
}
