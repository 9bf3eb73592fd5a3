// Entry point: wires the input, the solver worker, the replay, the player, the board and the
// controls together. State lives here; every other module is either pure or owns one element.

import { Board } from './render.js';
import { Replay } from './replay.js';
import { Player, SPEEDS } from './player.js';
import { explainStep, describeOutcome, topology } from './explain.js';
import { withChanges, withAllChanges } from './packed.js';
import { encodeState, decodeState } from './url.js';
import { SAMPLES } from './samples.js';
import { SolverClient, Cancelled } from './solver.js';
import { bindControls, captionLive } from './controls.js';
import { drawTimelineMap } from './timeline.js';
import { buildTree } from './tree.js';
import { TreeView } from './tree-view.js';
import { chartModel, summarise } from './compare.js';
import { drawCompareChart } from './compare-view.js';
import { display } from './display.js';

/** Caps for the page: a trace beyond these is reported as capped rather than exhausting memory. */
const LIMITS = { maxNodes: 200_000, maxSteps: 50_000 };

const $ = (id) => document.getElementById(id);
const el = {
  input: $('puzzle-input'),
  error: $('input-error'),
  loadError: $('load-error'),
  samples: $('samples'),
  diagonal: $('diagonal'),
  strategies: [$('strategy-eliminate'), $('strategy-only-choice'), $('strategy-naked-twins')],
  solve: $('solve'),
  cancel: $('cancel'),
  play: $('play'),
  timeline: $('timeline'),
  timelineMap: $('timeline-map'),
  position: $('position'),
  caption: $('caption'),
  kind: $('step-kind'),
  depth: $('depth'),
  verdict: $('verdict'),
  speed: $('speed'),
  exportTrace: $('export-trace'),
  exportGrid: $('export-grid'),
  copyLink: $('copy-link'),
  heatmap: $('heatmap'),
  heatLegend: $('heat-legend'),
  treeFold: $('tree-fold'),
  treeSummary: $('tree-summary'),
  compare: $('compare'),
  compareStatus: $('compare-status'),
  compareChart: $('compare-chart'),
};

const board = new Board($('board'));
const treeView = new TreeView($('search-tree'), {
  // A node jumps the player to its guess step (the root: to the start).
  onSelect: (node) => run && run.player.seek(node.position),
  onSummary: (text) => {
    el.treeSummary.textContent = text;
  },
  // The tree draws in the page's frame, first (see drawFrame).
  requestFrame: () => requestDraw(),
});
const solver = new SolverClient({
  createWorker: () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }),
  onLoadError: (message) => {
    el.loadError.hidden = false;
    el.loadError.textContent = `Sorry: ${message}. Reload the page to try again; if it keeps failing, your browser may not support WebAssembly with SIMD in workers (Chrome and Edge 91+, Firefox 89+, Safari 16.4+).`;
  },
});

/** The last input that parsed: what the board shows when there is no trace. */
let valid = null; // { text, diagonal, initial: string[81] }
/** The solved trace of `valid` under the current options, with its replay and player. */
let run = null; // { trace, replay, player, topo, givens }
let parseSeq = 0;
let pendingStep = 0;

function options() {
  return {
    diagonal: el.diagonal.checked,
    strategies: el.strategies.filter((c) => c.checked).map((c) => c.value),
  };
}

// ---- URL ------------------------------------------------------------------------------------

let urlTimer = null;
function saveUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    const o = options();
    const fragment = encodeState({
      puzzle: el.input.value.trim(),
      diagonal: o.diagonal,
      strategies: o.strategies,
      step: run && !run.player.playing ? run.replay.position : 0,
    });
    history.replaceState(null, '', fragment ? `#${fragment}` : location.pathname + location.search);
  }, 150);
}

// ---- Drawing --------------------------------------------------------------------------------

function drawPuzzle() {
  if (!valid) return;
  board.draw({
    cells: valid.initial,
    givens: valid.initial.map((c) => c.length === 1),
    diagonal: diagonalBoxes(),
    diagonalMode: el.diagonal.checked,
    highlight: null,
  });
}

function diagonalBoxes() {
  if (run) return run.topo.diagonal;
  const set = new Set();
  for (let i = 0; i < 9; i++) {
    set.add(i * 9 + i);
    set.add(i * 9 + (8 - i));
  }
  return set;
}

function setCaption(kind, label, text, depth) {
  if (el.kind.dataset.kind !== kind) el.kind.dataset.kind = kind;
  setText(el.kind, label);
  setText(el.caption, text);
  setText(el.depth, `depth ${depth}`);
  if (el.depth.dataset.depth !== String(depth)) el.depth.dataset.depth = String(depth);
}

/**
 * The player moved (or started or stopped). Scrubbing sends two or more moves a frame, so this
 * only notes the latest; everything drawn, and the hooks for scripts and tests, is written once
 * per animation frame by drawFrame, for the position then current.
 */
function onPlayerChange(change) {
  latest = { r: run, ...change };
  requestDraw();
  if (!change.playing) saveUrl();
}

/** The player's latest change not drawn yet, and the frame that will draw it. */
let latest = null;
let frame = null;
let inFrame = false;

/** Asks for a drawFrame at the next animation frame (not for this one while it runs). */
function requestDraw() {
  if (frame === null && !inFrame) frame = requestAnimationFrame(drawFrame);
}

/**
 * The page's one animation frame: the search tree first, if it is due (its scroll write reads
 * layout, which is clean at the start of a frame; after the board's writes it laid the whole page
 * out an extra time, inside the frame), then the board at the latest position, then the texts.
 */
function drawFrame() {
  frame = null;
  const c = latest;
  latest = null;
  const current = c && c.r === run;
  inFrame = true;
  if (current) treeView.setCurrent(c.step ? c.step.node : 0, c.position);
  inFrame = false;
  treeView.flush();
  if (!current) return;
  const { r, position, length, step, playing } = c;
  // The step drawn is trace.steps[position - 1]; its changes are made now (a lazy unpack).
  const h = step ? explainStep(withChanges(r.trace, position - 1), r.topo, r.registry) : null;
  // Drawn at once, in this frame (board.draw would ask for another animation frame to draw in).
  board.drawNow({
    cells: r.replay.state,
    givens: r.givens,
    diagonal: r.topo.diagonal,
    diagonalMode: r.trace.variant === 'diagonal',
    highlight: h,
    position,
  });
  // Hooks for scripts and tests: the position drawn, the trace's length, and whether the player
  // runs; written with everything else, so a script that waits for them finds the page drawn.
  document.body.dataset.position = String(position);
  document.body.dataset.length = String(length);
  document.body.dataset.playing = String(playing);
  writeThumb(position, length, playing && board.fast);
  const label = playing ? 'Pause' : 'Play';
  if (el.play.getAttribute('aria-label') !== label) el.play.setAttribute('aria-label', label);
  el.play.classList.toggle('playing', playing);
  // Read captions aloud only when the learner steps or plays slowly.
  const live = captionLive(playing, r.player.speed);
  if (el.caption.getAttribute('aria-live') !== live) el.caption.setAttribute('aria-live', live);
  // While playing, the caption (new text: a layout of the page) is written at most every
  // CAPTION_MS; the last step's caption always lands, and a pause writes it at once.
  clearTimeout(captionTimer);
  const wait = playing ? captionAt + CAPTION_MS - performance.now() : 0;
  if (wait > 0) captionTimer = setTimeout(() => run === r && writeCaption(r, h, position, length, playing), wait);
  else writeCaption(r, h, position, length, playing);
}

/**
 * While the player plays fast (a move every frame or nearly), the timeline's thumb and the
 * "step N of M" text are written only once they would move THUMB_PX device pixels or THUMB_MS
 * have passed: either write lays the page out, and a frame with any layout in it cost about 1.6 ms
 * more of the main thread than one without (the layout, then a hit test under the mouse, and
 * repainting and re-layerizing the page; e2e/bench-browser.js). Stepping, scrubbing, a pause or
 * the end of the trace write them at once.
 */
const THUMB_PX = 3;
const THUMB_MS = 100;
let thumbAt = -Infinity;
let thumbWritten = -1;
let trackPx = 0; // the timeline's width in device pixels (a ResizeObserver keeps it)

function writeThumb(position, length, quick) {
  const now = performance.now();
  const moved = (Math.abs(position - thumbWritten) / Math.max(1, length)) * trackPx;
  if (quick && now - thumbAt < THUMB_MS && moved < THUMB_PX) return;
  thumbAt = now;
  thumbWritten = position;
  el.timeline.value = String(position);
  setText(el.position, `step ${position} of ${length}`);
}

/**
 * Sizes the "step N of M" text (style.css: its box is sized by itself, not by its text) to its
 * longest text for a trace of `length` steps ("step M of M": the digits are tabular), and shows
 * `text`. Once per trace: the one layout it costs is not in a frame.
 */
function sizePosition(length, text) {
  el.position.textContent = `step ${length} of ${length}`;
  const range = document.createRange();
  range.selectNodeContents(el.position);
  el.position.style.width = `${Math.ceil(range.getBoundingClientRect().width) + 1}px`;
  el.position.textContent = text;
}

/** The thumb and text at the position drawn, now (a key on the timeline moves from there). */
function syncThumb() {
  if (run) writeThumb(run.replay.position, run.replay.length, false);
}

/** Writes `text` into `node` unless it is there already (an equal write still costs a layout). */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

const CAPTION_MS = 100;
let captionTimer;
let captionAt = -Infinity;

function writeCaption(r, h, position, length, playing) {
  captionAt = performance.now();
  if (h) setCaption(h.kind, h.label, h.caption, h.depth);
  else setCaption('start', 'Start', 'The puzzle as given, with every candidate. Play or step forward to watch it solve.', 0);
  if (position === length && length >= 0 && !playing) {
    const v = describeOutcome(r.trace.outcome);
    if (position > 0 || v.verdict !== 'solved') setCaption(`end-${v.verdict}`, 'Done', `${h ? `${h.caption}. ` : ''}${v.text}.`, h ? h.depth : 0);
  }
}

function showStats(trace) {
  const s = trace.stats || {};
  const steps = s.steps || {};
  const set = (id, v) => {
    $(id).textContent = v === undefined || v === null ? '–' : String(v);
  };
  set('stat-eliminate', steps.eliminate);
  set('stat-only_choice', steps.only_choice);
  set('stat-naked_twins', steps.naked_twins);
  set('stat-nodes', s.nodes);
  set('stat-guesses', s.guesses);
  set('stat-backtracks', s.backtracks);
  set('stat-max_depth', s.max_depth);
  set('stat-steps', trace.steps.length);
  const v = describeOutcome(trace.outcome);
  el.verdict.dataset.verdict = v.verdict;
  el.verdict.textContent = v.text;
}

function clearStats(message = 'Not solved yet.') {
  for (const dd of document.querySelectorAll('#stats dd')) dd.textContent = '–';
  el.verdict.dataset.verdict = '';
  el.verdict.textContent = message;
}

// ---- Input ----------------------------------------------------------------------------------

function dropRun() {
  if (run) run.player.pause();
  run = null;
  el.timeline.disabled = true;
  el.timeline.max = '0';
  el.timeline.value = '0';
  sizePosition(0, 'step 0 of 0');
  thumbWritten = -1;
  el.play.classList.remove('playing');
  drawTimelineMap(el.timelineMap, []);
  clearStats();
  el.exportTrace.disabled = true;
  el.exportGrid.disabled = true;
  treeView.setTree(null);
  setFolded(false);
  delete document.body.dataset.position;
  delete document.body.dataset.length;
  document.body.dataset.playing = 'false';
}

/** Parses the input (in the worker) and redraws; bad input keeps the last valid grid. */
async function onInput() {
  const text = el.input.value;
  const diagonal = el.diagonal.checked;
  const seq = ++parseSeq;
  if (solver.busy || solver.comparing) solver.cancel();
  dropRun();
  clearComparison();
  setBusy(false);
  saveUrl();
  if (!text.trim()) {
    el.error.textContent = '';
    setCaption('ready', 'Ready', 'Pick or paste a puzzle, then press Solve.', 0);
    return;
  }
  try {
    const initial = await solver.parse(text, diagonal);
    if (seq !== parseSeq) return;
    valid = { text, diagonal, initial };
    el.error.textContent = '';
    el.input.removeAttribute('aria-invalid');
    setCaption('ready', 'Ready', 'Press Solve (or Play) to watch it solve.', 0);
    drawPuzzle();
  } catch (e) {
    if (seq !== parseSeq || e instanceof Cancelled || e.loadError) return;
    el.error.textContent = e.message;
    el.input.setAttribute('aria-invalid', 'true');
  }
}

let inputTimer = null;
function onInputDebounced() {
  clearTimeout(inputTimer);
  inputTimer = setTimeout(onInput, 120);
}

// ---- Solving --------------------------------------------------------------------------------

function setBusy(busy) {
  el.cancel.hidden = !busy;
  el.solve.disabled = busy;
  el.solve.textContent = busy ? 'Solving…' : 'Solve';
}

/** Solves the current valid input; resolves to the run, or null if there is nothing to solve. */
async function solve() {
  clearTimeout(inputTimer);
  if (parseSeq === 0 || el.input.value !== (valid && valid.text) || el.diagonal.checked !== (valid && valid.diagonal)) {
    await onInput();
  }
  if (!valid || el.error.textContent) {
    el.input.focus();
    return null;
  }
  if (run) return run;
  const o = options();
  setBusy(true);
  clearStats('Solving…');
  try {
    const trace = await solver.solve(valid.text, { ...o, ...LIMITS });
    const registry = await solver.strategies();
    const replay = new Replay(trace);
    const player = new Player(replay, { onChange: onPlayerChange, speed: Number(el.speed.value) });
    run = { trace, replay, player, registry, topo: topology(trace), givens: trace.initial.map((c) => c.length === 1) };
    el.timeline.disabled = false;
    el.exportTrace.disabled = false;
    el.exportGrid.disabled = false;
    el.timeline.max = String(replay.length);
    sizePosition(replay.length, el.position.textContent);
    treeView.setTree(buildTree(trace));
    setFolded(false);
    drawTimelineMap(el.timelineMap, trace.steps);
    showStats(trace);
    player.seek(pendingStep);
    pendingStep = 0;
    return run;
  } catch (e) {
    if (e instanceof Cancelled) {
      clearStats('Cancelled.');
    } else if (!e.loadError) {
      el.error.textContent = e.message;
      clearStats('Could not solve.');
    }
    return null;
  } finally {
    setBusy(solver.busy);
  }
}

/** Offers `text` as a file download named `name`. */
function download(text, type, name) {
  const blob = new Blob([text], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the current trace as a JSON file (docs/trace-format.md). */
function exportTrace() {
  if (!run) return;
  download(JSON.stringify(withAllChanges(run.trace)), 'application/json', `propagate-trace-${run.trace.variant}.json`);
}

/** Saves the grid at the end of the trace (the solution, when solved) in the course's layout. */
function exportGrid() {
  if (!run) return;
  download(display(run.replay.final), 'text/plain', `propagate-grid-${run.trace.variant}.txt`);
}

// ---- Search tree and comparison -------------------------------------------------------------

function setFolded(folded) {
  el.treeFold.setAttribute('aria-pressed', String(folded));
  el.treeFold.textContent = folded ? 'Unfold all' : 'Fold dead ends';
}

function toggleFold() {
  const folded = el.treeFold.getAttribute('aria-pressed') !== 'true';
  if (folded) treeView.collapseDeadEnds();
  else treeView.expandAll();
  setFolded(folded);
}

/** The last comparison: which input it was for, and its results. */
let compared = null; // { text, diagonal, results }

function drawComparison() {
  if (!compared) {
    drawCompareChart(el.compareChart, null);
    return;
  }
  const model = chartModel(compared.results, { current: options().strategies.join(',') });
  drawCompareChart(el.compareChart, model);
  const capped = compared.results.some((c) => c.verdict === 'capped');
  // Shown: how to read the chart. Announced too: the node counts.
  const said = document.createElement('span');
  said.className = 'sr-only';
  said.textContent = ` Search nodes: ${summarise(model)}.`;
  el.compareStatus.replaceChildren(
    `Bars on a log scale.${capped ? ` Search stops at the page's cap of ${LIMITS.maxNodes.toLocaleString('en-US')} nodes.` : ''}`,
    said,
  );
}

function clearComparison() {
  compared = null;
  el.compareStatus.textContent = '';
  drawComparison();
}

async function compare() {
  clearTimeout(inputTimer);
  if (parseSeq === 0 || el.input.value !== (valid && valid.text) || el.diagonal.checked !== (valid && valid.diagonal)) {
    await onInput();
  }
  if (!valid || el.error.textContent) {
    el.input.focus();
    return;
  }
  const asked = valid;
  el.compare.disabled = true;
  el.compare.textContent = 'Comparing…';
  el.compareStatus.textContent = 'Solving under four strategy sets…';
  try {
    const results = await solver.compare(asked.text, { diagonal: asked.diagonal, maxNodes: LIMITS.maxNodes });
    if (valid !== asked) return;
    compared = { text: asked.text, diagonal: asked.diagonal, results };
    drawComparison();
  } catch (e) {
    if (e instanceof Cancelled) el.compareStatus.textContent = '';
    else if (!e.loadError) el.compareStatus.textContent = `Could not compare: ${e.message}`;
  } finally {
    el.compare.disabled = false;
    el.compare.textContent = 'Compare strategies';
  }
}

async function copyLink() {
  clearTimeout(urlTimer);
  const o = options();
  const fragment = encodeState({
    puzzle: el.input.value.trim(),
    diagonal: o.diagonal,
    strategies: o.strategies,
    step: run ? run.replay.position : 0,
  });
  history.replaceState(null, '', `#${fragment}`);
  try {
    await navigator.clipboard.writeText(location.href);
    el.copyLink.textContent = 'Link copied';
  } catch {
    el.copyLink.textContent = 'Link is in the address bar';
  }
  setTimeout(() => {
    el.copyLink.textContent = 'Copy link';
  }, 2000);
}

async function withRun(action) {
  const r = run || (await solve());
  if (r) action(r.player);
}

// ---- Wiring ---------------------------------------------------------------------------------

function fillControls() {
  for (const s of SAMPLES) {
    const opt = document.createElement('option');
    opt.value = s.id;
    opt.textContent = s.name;
    el.samples.append(opt);
  }
  for (const sp of SPEEDS) {
    const opt = document.createElement('option');
    opt.value = String(sp);
    opt.textContent = `${sp} steps/s`;
    if (sp === 8) opt.selected = true;
    el.speed.append(opt);
  }
}

function start() {
  fillControls();
  const state = decodeState(location.hash);
  const first = state.puzzle ? null : SAMPLES[0];
  el.input.value = state.puzzle || first.puzzle;
  el.diagonal.checked = state.puzzle ? state.diagonal : first.diagonal;
  for (const c of el.strategies) c.checked = state.strategies.includes(c.value);
  el.samples.value = first ? first.id : '';
  pendingStep = state.step;

  el.input.addEventListener('input', () => {
    el.samples.value = '';
    onInputDebounced();
  });
  el.samples.addEventListener('change', () => {
    const s = SAMPLES.find((x) => x.id === el.samples.value);
    if (!s) return;
    el.input.value = s.puzzle;
    el.diagonal.checked = s.diagonal;
    onInput();
  });
  el.diagonal.addEventListener('change', onInput);
  for (const c of el.strategies) {
    c.addEventListener('change', () => {
      if (solver.busy) solver.cancel();
      dropRun();
      saveUrl();
      drawPuzzle();
      drawComparison();
      if (valid) setCaption('ready', 'Ready', 'Press Solve (or Play) to watch it solve with these strategies.', 0);
    });
  }
  el.solve.addEventListener('click', () => withRun((p) => { p.seek(0); p.play(); }));
  el.cancel.addEventListener('click', () => solver.cancel());
  el.exportTrace.addEventListener('click', exportTrace);
  el.exportGrid.addEventListener('click', exportGrid);
  el.copyLink.addEventListener('click', copyLink);
  el.speed.addEventListener('change', () => {
    if (!run) return;
    run.player.setSpeed(Number(el.speed.value));
    el.caption.setAttribute('aria-live', captionLive(run.player.playing, run.player.speed));
  });
  el.heatmap.addEventListener('change', () => {
    board.setHeatmap(el.heatmap.checked);
    el.heatLegend.hidden = !el.heatmap.checked;
  });
  el.treeFold.addEventListener('click', toggleFold);
  // A key on the timeline moves the thumb from the position drawn (see writeThumb).
  el.timeline.addEventListener('keydown', syncThumb);
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(([e]) => {
      trackPx = e.contentRect.width * (window.devicePixelRatio || 1);
    }).observe(el.timeline);
  }
  el.compare.addEventListener('click', compare);

  bindControls({
    play: () => withRun((p) => p.toggle()),
    stepForward: () => withRun((p) => p.stepForward()),
    stepBack: () => run && run.player.stepBack(),
    toStart: () => run && run.player.toStart(),
    toEnd: () => withRun((p) => p.toEnd()),
    seek: (k) => run && run.player.seek(k),
  });

  window.addEventListener('hashchange', () => {
    const s = decodeState(location.hash);
    if (s.puzzle && s.puzzle !== el.input.value.trim()) {
      el.input.value = s.puzzle;
      el.diagonal.checked = s.diagonal;
      for (const c of el.strategies) c.checked = s.strategies.includes(c.value);
      pendingStep = s.step;
      onInput().then(() => pendingStep && solve());
    }
  });

  onInput().then(() => {
    if (pendingStep > 0) solve();
  });
}

start();
