// Entry point: makes the page's rooms and wires the elements to them. Every action on the puzzle
// goes to the session (session.js), which owns the current puzzle and tells the page what to
// show through `view` below; the stage (stage.js) draws the run, the link (link.js) keeps the
// address bar, the result and comparison panels show their answers.

import { Board } from '../board/board.js';
import { SPEEDS } from '../playback/player.js';
import { SAMPLES } from './samples.js';
import { SolverClient } from './solver.js';
import { bindControls } from '../playback/controls.js';
import { buildTree } from '../trace/tree.js';
import { TreePanel } from '../panels/tree-panel.js';
import { Session } from './session.js';
import { Stage } from '../playback/stage.js';
import { Link } from './link.js';
import { ResultPanel } from '../panels/result-panel.js';
import { ComparePanel } from '../panels/compare-panel.js';
import { NewPuzzlePanel } from '../panels/new-puzzle-panel.js';
import { downloadTrace, downloadGrid } from './downloads.js';
import { StrategyView } from '../panels/strategy-view.js';
import { GridTyping } from '../board/typing.js';
import { WhyPanel } from '../panels/why-panel.js';
import { OpenTrace } from './open-trace.js';
import { PuzzleEdits } from '../board/edits.js';
import { PlayMode } from '../play/play.js';
import { GameStore } from '../play/store.js';
import { SharedPuzzles } from './shared-puzzle.js';

/** Caps for the page: a trace beyond these is reported as capped rather than exhausting memory. */
// maxBytes: the largest trace file opened, the facade's own default for maxSteps (1 KiB a step
// plus 1 MiB), given here so that a `?trace=` download stops at the same size.
const LIMITS = { maxNodes: 200_000, maxSteps: 50_000, maxBytes: 50_000 * 1024 + (1 << 20) };

const $ = (id) => document.getElementById(id);
const el = {
  input: $('puzzle-input'),
  error: $('input-error'),
  loadError: $('load-error'),
  samples: $('samples'),
  diagonal: $('diagonal'),
  strategyList: $('strategy-list'),
  solve: $('solve'),
  cancel: $('cancel'),
  play: $('play'),
  timeline: $('timeline'),
  timelineMap: $('timeline-map'),
  position: $('position'),
  caption: $('caption'),
  kind: $('step-kind'),
  depth: $('depth'),
  speed: $('speed'),
  exportTrace: $('export-trace'),
  exportGrid: $('export-grid'),
  copyLink: $('copy-link'),
  linkStatus: $('link-status'),
  heatmap: $('heatmap'),
  heatLegend: $('heat-legend'),
  treeFold: $('tree-fold'),
  treeSummary: $('tree-summary'),
  undo: $('undo'),
  redo: $('redo'),
  clear: $('clear'),
};

/** The strategy checkboxes, in ladder order. */
const strategyBoxes = () => [...el.strategyList.querySelectorAll('input[type="checkbox"][data-strategy]')];
/** The strategies as the page shows them, from the registry (set by start, before any input). */
let strategies = null;
/** The parser's error for the input on screen (the facade's, naming its boxes), or null. */
let rejection = null;

const solver = new SolverClient({
  createWorker: () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }),
  onLoadError: (message) => {
    el.loadError.hidden = false;
    el.loadError.textContent = `Sorry: ${message}. Reload the page to try again; if it keeps failing, your browser may not support WebAssembly with SIMD in workers (Chrome and Edge 91+, Firefox 89+, Safari 16.4+).`;
  },
});

// A forcing step's branch picker under the caption, below the transport: shown only on such a
// step, it moves nothing the learner aims at while a trace plays.
const board = new Board($('board'), { rules: $('puzzle-rules'), branchesAfter: $('caption') });
const treePanel = new TreePanel($('search-tree'), {
  // A node jumps the player to its guess step (the root: to the start).
  onSelect: (node) => session.player && session.player.seek(node.position),
  onSummary: (text) => {
    el.treeSummary.textContent = text;
  },
  // The tree draws in the stage's frame, first.
  requestFrame: () => stage.requestDraw(),
});
const results = new ResultPanel({ engine: $('engine-verdict'), rating: $('rating'), verdict: $('verdict'), stats: $('stats'), claim: $('verdict-claim'), source: $('verdict-source'), ratingStep: $('rating-step') }, (id) => strategies.labelOf(id));
const comparison = new ComparePanel({ button: $('compare'), status: $('compare-status'), chart: $('compare-chart') }, LIMITS, (id) => strategies.labelOf(id));
const stage = new Stage({
  el,
  board,
  treePanel,
  current: () => session.run,
  // The learner's game is on the board: a frame of the solver's asked for before it was is not
  // drawn over it (leaving the game draws the run again: `watch` below).
  covered: () => play.active,
  palette: () => strategies.palette(),
  paintBadge: (badge, kind) => strategies.paintBadge(badge, kind),
});

/** What the session tells the page to show. */
const view = {
  edited(input, { puzzleChanged }) {
    showInput(input);
    if (puzzleChanged) rejection = null;
    clearRun();
    el.linkStatus.textContent = '';
    if (puzzleChanged) comparison.clear();
    else comparison.draw(input.strategies);
    if (!session.run) typing.show(input);
    opener.edited();
    if (puzzleChanged) opener.forgetAddress();
    if (!input.text.trim()) {
      clearError();
      stage.say('ready', 'Ready', 'Pick or paste a puzzle, then press Solve.');
    } else if (!puzzleChanged && session.isAccepted) {
      stage.say('ready', 'Ready', 'Press Solve (or Play) to watch it solve with these strategies.');
    }
    play.refresh();
    link.save();
  },
  parsed(accepted) {
    rejection = null;
    clearError();
    stage.say('ready', 'Ready', 'Press Solve (or Play) to watch it solve.');
    stage.showPuzzle(accepted);
    play.refresh();
    link.save();
  },
  rejected(message, error) {
    rejection = error;
    el.error.textContent = message;
    el.input.setAttribute('aria-invalid', 'true');
    if (!session.run) typing.show(session.input, error);
    // Under the board too: on a phone the text box's error is out of sight of the grid.
    typing.say(message, { error: true });
  },
  refused(message) {
    results.clear();
    if (message) {
      el.error.textContent = message;
      el.input.setAttribute('aria-invalid', 'true');
    }
    // The focus stays where the user was (Solve, Play, the grid), or goes to the box the error
    // names, where a digit, Backspace or Ctrl+Z fixes it; never into the text box, where the
    // page's undo keys are the browser's and which on a phone is far from the board.
    if (rejection) typing.focusNamed(rejection);
  },
  busy(solving) {
    el.cancel.hidden = !solving;
    el.solve.disabled = solving;
    el.solve.textContent = solving ? 'Solving…' : 'Solve';
    if (solving) results.clear('Solving…', { engineMessage: 'Asking…' });
  },
  verdict(answer) {
    results.showVerdict(answer);
  },
  rated(rating) {
    results.showRating(rating);
  },
  solved(run) {
    el.exportTrace.disabled = false;
    el.exportGrid.disabled = false;
    stage.showRun(run);
    treePanel.setTree(buildTree(run.trace));
    setFolded(false);
    results.show(run.trace, { file: run.file, walk: run.walk });
    why.setRun(run);
  },
  failed(message) {
    el.error.textContent = message;
    results.clear('Could not solve.', { keepEngine: true });
  },
  cancelled() {
    results.clear('Cancelled.', { keepEngine: true });
  },
  moved(run, change) {
    // The board is the learner's game: the solver does not play behind it (a Solve that
    // answers after the learner went back to the game stays paused at its start).
    if (play.active) {
      if (change.playing) run.player.pause();
      return;
    }
    stage.moved(run, change);
    why.moved(change.playing);
    if (!change.playing) link.save();
  },
  comparing(on) {
    comparison.busy(on);
  },
  compared(found) {
    comparison.show(found, session.input.strategies);
  },
  compareFailed(message) {
    comparison.failed(message);
  },
  opening(on) {
    $('open-trace').disabled = on;
  },
};

const session = new Session({ solver, limits: LIMITS, view, speed: 8 });
const link = new Link({ session, known: () => strategies.known, button: el.copyLink, status: el.linkStatus, extra: () => play.linkPart() });

const why = new WhyPanel({
  summary: $('why-summary'),
  lost: $('why-lost'),
  history: $('why-history'),
  historyHeading: $('why-history-heading'),
  seek: (position) => session.player && session.player.seek(position),
});
const typing = new GridTyping({
  board,
  pad: $('digit-pad'),
  status: $('grid-status'),
  puzzle: () => ({ text: session.input.text, accepted: session.isAccepted ? session.accepted : null, last: session.accepted }),
  edit: (text) => edits.edit({ text }),
  select: (box) => why.select(box),
  draw: (puzzle, marked) => stage.showPuzzle(puzzle, marked),
});
const edits = new PuzzleEdits({
  session,
  undo: el.undo,
  redo: el.redo,
  clear: el.clear,
  say: (text) => typing.say(text),
  restore: (state) => play.restore(state),
  clearing: () => play.clear(),
});
const play = new PlayMode({
  el: { mode: $('play-mode'), tools: $('play-tools'), pencil: $('pencil-mode'), fill: $('fill-marks'), check: $('check'), result: $('check-result'), help: $('play-help'), gridHelp: $('grid-help'),
    hint: $('hint'), hintPanel: $('hint-panel'), hintStatus: $('hint-status'), hintLevels: $('hint-levels'), hintMore: $('hint-more'), hintApply: $('hint-apply') },
  board,
  typing,
  session,
  edits,
  store: new GameStore(storage()),
  verdict: (text, diagonal) => solver.verdict(text, { diagonal, maxNodes: LIMITS.maxNodes }),
  hint: (text, options) => solver.hint(text, options),
  say: (kind, label, text) => stage.say(kind, label, text),
  // The solver's side again: the run at its step, or the puzzle as parsed.
  watch: () => {
    if (session.run) session.run.player.seek(session.run.replay.position);
    else if (session.isAccepted) {
      stage.showPuzzle(session.accepted);
      stage.say('ready', 'Ready', 'Press Solve (or Play) to watch it solve.');
    }
  },
  changed: () => link.save(),
});
// Said once, as news rather than an error of the puzzle's (the next parse clears those).
if (play.store.error) typing.say(`${play.store.error}.`);

/** The page's localStorage, or null where the browser refuses it. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
const opener = new OpenTrace({
  input: $('open-trace'),
  drop: $('board'),
  status: $('open-status'),
  error: $('open-error'),
  maxBytes: LIMITS.maxBytes,
  // An edit after the mark wins over the file asked for at it (a slow `?trace=` download).
  mark: () => session.gen,
  open: async (file, since) => {
    const before = session.input;
    const result = await session.open(file, { since });
    // A trace opened is an edit: its puzzle, rule and strategies replace the input whole; and
    // it is the solver's side that shows it (a game in progress is kept).
    if (result && result.run) {
      edits.record(before, session.input);
      play.leave();
    }
    return result;
  },
});

const shared = new SharedPuzzles({
  solver,
  input: el.input,
  button: $('export-fpuzzles'),
  link: $('fpuzzles-link'),
  status: $('shared-status'),
  edit: (input) => edits.edit(input),
  current: () => (session.isAccepted ? session.accepted : null),
});

/** The strategies ticked, in ladder order. */
function readStrategies() {
  return strategyBoxes().filter((c) => c.checked).map((c) => c.value);
}

/**
 * Puts `input` in the controls, writing only what differs (a link, a sample, Undo change them);
 * the sample menu names the sample on screen, if it is one.
 */
function showInput(input) {
  const sample = SAMPLES.find((s) => s.puzzle === input.text && s.diagonal === input.diagonal);
  el.samples.value = sample ? sample.id : '';
  if (el.input.value !== input.text) el.input.value = input.text;
  if (el.diagonal.checked !== input.diagonal) el.diagonal.checked = input.diagonal;
  for (const c of strategyBoxes()) {
    const on = input.strategies.includes(c.value);
    if (c.checked !== on) c.checked = on;
  }
}

function clearError() {
  typing.clearError();
  el.error.textContent = '';
  el.input.removeAttribute('aria-invalid');
}

function clearRun() {
  stage.clearRun();
  why.setRun(null);
  results.clear();
  el.exportTrace.disabled = true;
  el.exportGrid.disabled = true;
  treePanel.setTree(null);
  setFolded(false);
}

function setFolded(folded) {
  el.treeFold.setAttribute('aria-pressed', String(folded));
  el.treeFold.textContent = folded ? 'Unfold all' : 'Fold dead ends';
}

function toggleFold() {
  const folded = el.treeFold.getAttribute('aria-pressed') !== 'true';
  if (folded) treePanel.collapseDeadEnds();
  else treePanel.expandAll();
  setFolded(folded);
}

/**
 * A link opened or changed: its puzzle, options and step, applied whole. A link changed by hand
 * is an edit (Undo goes back); the page's first puzzle is where the history starts. One without
 * a puzzle (no `p=`, or one too long to read) opens the first sample on the first load, and
 * later changes nothing on screen: the address bar is given the view on screen, so a reload
 * keeps it.
 */
function openLink(state, { first = false } = {}) {
  openLinkState(state, first);
  if (state.error) link.refused(state.error);
}

function openLinkState(state, first) {
  const sample = state.puzzle ? null : SAMPLES[0];
  if (!first && !state.puzzle) {
    link.save();
    return;
  }
  const input = {
    text: sample ? sample.puzzle : state.puzzle,
    diagonal: sample ? sample.diagonal : state.diagonal,
    strategies: state.strategies,
  };
  if (first) session.edit(input, { now: true });
  else edits.edit(input);
  if (state.playError) typing.say(`${state.playError}: it was not opened.`);
  if (state.play) {
    play.openLink(input.text, input.diagonal, state.play);
    return;
  }
  if (!first) play.leave({ quiet: true });
  if (session.run) session.run.player.seek(state.step);
  else if (state.step > 0) session.solve({ at: state.step });
}

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

const newPuzzle = new NewPuzzlePanel({
  needs: $('new-needs'), diagonal: $('new-diagonal'), symmetric: $('new-symmetric'), ratingMin: $('new-rating-min'), ratingMax: $('new-rating-max'),
  make: $('new-make'), cancel: $('new-cancel'), status: $('new-status'),
}, {
  generate: (options, onProgress) => solver.generate(options, onProgress),
  cancel: () => solver.cancelGenerate(),
  // A puzzle made is an edit, as a sample chosen is: Undo goes back.
  load: (text, diagonal) => {
    play.leave({ quiet: true });
    edits.edit({ text, diagonal });
  },
  labelOf: (id) => strategies.labelOf(id),
});

function wire() {
  // Each is one edit (typing: one while it goes on), recorded whole for Undo.
  el.input.addEventListener('input', () => edits.edit({ text: el.input.value }, { group: 'text', now: false }));
  el.samples.addEventListener('change', () => {
    const s = SAMPLES.find((x) => x.id === el.samples.value);
    if (s) edits.edit({ text: s.puzzle, diagonal: s.diagonal });
  });
  el.diagonal.addEventListener('change', () => edits.edit({ diagonal: el.diagonal.checked }));
  el.strategyList.addEventListener('change', () => edits.edit({ strategies: readStrategies() }, { now: false }));
  el.solve.addEventListener('click', () => {
    play.leave();
    session.withRun((p) => {
      p.seek(0);
      p.play();
    });
  });
  el.cancel.addEventListener('click', () => session.cancel());
  el.exportTrace.addEventListener('click', () => session.run && downloadTrace(session.run));
  el.exportGrid.addEventListener('click', () => session.run && downloadGrid(session.run));
  el.copyLink.addEventListener('click', () => link.copy());
  el.speed.addEventListener('change', () => {
    session.setSpeed(Number(el.speed.value));
    if (session.player) stage.syncLive(session.player);
  });
  el.heatmap.addEventListener('change', () => {
    board.setHeatmap(el.heatmap.checked);
    el.heatLegend.hidden = !el.heatmap.checked;
  });
  el.treeFold.addEventListener('click', toggleFold);
  // A key on the timeline moves the thumb from the position drawn.
  el.timeline.addEventListener('keydown', () => stage.syncThumb());
  $('compare').addEventListener('click', () => session.compare());
  // The rating's step: the rating's walk on the board, at the step (session.js's `walk`).
  $('rating-step').addEventListener('click', () => {
    play.leave();
    if (results.rating && results.rating.step !== null) session.walk(results.rating.step);
  });

  // The transport watches the solver: a game in progress is kept for later.
  const watching = (action) => (...args) => {
    play.leave();
    action(...args);
  };
  bindControls({
    play: watching(() => session.withRun((p) => p.toggle())),
    stepForward: watching(() => session.withRun((p) => p.stepForward())),
    stepBack: watching(() => session.player && session.player.stepBack()),
    toStart: watching(() => session.player && session.player.toStart()),
    toEnd: watching(() => session.withRun((p) => p.toEnd())),
    seek: watching((k) => session.player && session.player.seek(k)),
  });

  window.addEventListener('hashchange', () => openLink(link.read()));
  shared.wire();
}

async function start() {
  fillControls();
  let registry;
  try {
    registry = await solver.strategies();
  } catch (e) {
    // A worker that cannot load has said so (#load-error); anything else is a bug, said too.
    if (!e.loadError) solver.onLoadError(`the solver did not list its strategies (${e.message})`);
    return;
  }
  strategies = new StrategyView(registry);
  strategies.buildCheckboxes(el.strategyList);
  strategies.buildLegend($('legend'));
  strategies.buildStats($('stats'));
  newPuzzle.fillRungs(registry);
  wire();
  openLink(link.read(), { first: true });
  opener.fromAddress();
  shared.fromAddress();
}

start();
