// The stage: the board, the caption, the transport and the timeline, drawn once per animation
// frame. The player of the run on screen reports every move (scrubbing sends several a frame);
// only the latest is drawn, in the page's one animation frame: the search tree first (its scroll
// write reads layout, clean at that point), then the board, then the texts and the `body` hooks
// (`data-position`, `data-length`, `data-playing`: what is drawn, for scripts and tests).

import { explainStep, describeTraceOutcome } from '../trace/explain.js';
import { withChanges } from '../trace/packed.js';
import { count } from '../trace/digits.js';
import { captionLive } from './controls.js';
import { drawTimelineMap } from './timeline.js';

/**
 * While the player plays fast (a move every frame or nearly), the timeline's thumb and the
 * "step N of M" text are written only once they would move THUMB_PX device pixels or THUMB_MS
 * have passed: either write lays the page out, and a frame with any layout in it costs about
 * 1.6 ms more of the main thread than one without (bench/web/browser.js). Stepping, scrubbing, a
 * pause or the end of the trace write them at once. The caption likewise, at most every
 * CAPTION_MS while playing.
 */
const THUMB_PX = 3;
const THUMB_MS = 100;
const CAPTION_MS = 100;

const START = 'The puzzle as given, with every candidate. Play or step forward to watch it solve.';

export class Stage {
  /**
   * @param {{ el: object, board: import('../board/board.js').Board, treePanel: import('../panels/tree-panel.js').TreePanel,
   *           current: () => object | null, covered?: () => boolean, palette: () => object, paintBadge: Function }} options
   *   `current` gives the run on screen (a move of any other run is not drawn); `covered` is
   *   true while the board and the caption show something else (the learner's game): no move is
   *   drawn then, not even one asked for before (its owner draws the run's position again when
   *   it uncovers the board); `palette` the
   *   step kinds' colours for the timeline's strip, `paintBadge(badge, kind)` colours the
   *   caption's badge (strategy-view.js).
   */
  constructor({ el, board, treePanel, current, covered = () => false, palette, paintBadge }) {
    this.el = el;
    this.covered = covered;
    this.board = board;
    this.treePanel = treePanel;
    this.current = current;
    this.palette = palette;
    this.paintBadge = paintBadge;
    this.latest = null; // the player's latest change not drawn yet: { run, ...change }
    this.frame = null;
    this.inFrame = false;
    this.thumbAt = -Infinity;
    this.thumbWritten = -1;
    this.trackPx = 0; // the timeline's width in device pixels (a ResizeObserver keeps it)
    this.captionTimer = null;
    this.captionAt = -Infinity;
    if (typeof matchMedia === 'function') {
      // The strip's colours are the theme's (style.css): drawn again when the theme changes.
      matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
        const run = this.current();
        drawTimelineMap(el.timelineMap, run ? run.trace.steps : [], this.palette());
      });
    }
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(([e]) => {
        this.trackPx = e.contentRect.width * (window.devicePixelRatio || 1);
      }).observe(el.timeline);
    }
  }

  /**
   * The puzzle as parsed (or as typed on the grid), with no run: its givens and every candidate.
   * `conflict`: boxes (indexes) to mark as a conflict, as a dead end's boxes are marked.
   */
  showPuzzle(accepted, conflict = null) {
    this.board.draw({
      cells: accepted.initial,
      givens: Array.from(accepted.initial, (c) => count(c) === 1),
      diagonal: DIAGONAL_BOXES,
      diagonalMode: accepted.diagonal,
      puzzle: accepted.puzzle || null,
      highlight: conflict && conflict.size
        ? { kind: 'backtrack', cause: conflict, unit: new Set(), removed: new Map(), placed: new Map(), restored: new Set() }
        : null,
    });
  }

  /** A caption outside a run: what the page waits for. */
  say(kind, label, text) {
    this.#setCaption(kind, label, text, 0);
  }

  /** A new run on screen: the timeline, its strip and the "step N of M" box sized for it. */
  showRun(run) {
    const el = this.el;
    el.timeline.disabled = false;
    el.timeline.max = String(run.replay.length);
    this.#sizePosition(run.replay.length, el.position.textContent);
    drawTimelineMap(el.timelineMap, run.trace.steps, this.palette());
  }

  /** No run on screen. */
  clearRun() {
    const el = this.el;
    clearTimeout(this.captionTimer);
    el.timeline.disabled = true;
    el.timeline.max = '0';
    el.timeline.value = '0';
    this.#sizePosition(0, 'step 0 of 0');
    this.thumbWritten = -1;
    el.play.classList.remove('playing');
    if (el.play.getAttribute('aria-label') !== 'Play') el.play.setAttribute('aria-label', 'Play');
    drawTimelineMap(el.timelineMap, [], this.palette());
    delete document.body.dataset.position;
    delete document.body.dataset.length;
    document.body.dataset.playing = 'false';
  }

  /** The player of `run` moved (or started or stopped): drawn at the next frame, if still on screen. */
  moved(run, change) {
    this.latest = { run, ...change };
    this.requestDraw();
  }

  /** Asks for a frame at the next animation frame (not for this one while it runs). */
  requestDraw() {
    if (this.frame === null && !this.inFrame) this.frame = requestAnimationFrame(() => this.#drawFrame());
  }

  /** The thumb and text at the position drawn, now (a key on the timeline moves from there). */
  syncThumb() {
    const run = this.current();
    if (run) this.#writeThumb(run.replay.position, run.replay.length, false);
  }

  /** The caption's aria-live for the run's player (called when its speed changes). */
  syncLive(player) {
    this.el.caption.setAttribute('aria-live', captionLive(player.playing, player.speed));
  }

  #drawFrame() {
    this.frame = null;
    const c = this.latest;
    this.latest = null;
    const run = this.current();
    const current = c && c.run === run;
    this.inFrame = true;
    if (current) this.treePanel.setCurrent(c.step ? c.step.node : 0, c.position);
    this.inFrame = false;
    this.treePanel.flush();
    if (!current || this.covered()) return;
    const { position, length, step, playing } = c;
    const el = this.el;
    // The step drawn is trace.steps[position - 1]; its changes are made now (a lazy unpack).
    const h = step ? explainStep(withChanges(run.trace, position - 1), run.topo, run.registry) : null;
    // Drawn at once, in this frame (board.draw would ask for another animation frame to draw in).
    this.board.drawNow({
      cells: run.replay.state,
      givens: run.givens,
      diagonal: run.topo.diagonal,
      diagonalMode: run.trace.variant === 'diagonal',
      puzzle: run.puzzle,
      highlight: h,
      position,
    });
    // Written with everything else, so a script that waits for them finds the page drawn.
    document.body.dataset.position = String(position);
    document.body.dataset.length = String(length);
    document.body.dataset.playing = String(playing);
    this.#writeThumb(position, length, playing && this.board.fast);
    const label = playing ? 'Pause' : 'Play';
    if (el.play.getAttribute('aria-label') !== label) el.play.setAttribute('aria-label', label);
    el.play.classList.toggle('playing', playing);
    // Read captions aloud only when the learner steps or plays slowly.
    const live = captionLive(playing, run.player.speed);
    if (el.caption.getAttribute('aria-live') !== live) el.caption.setAttribute('aria-live', live);
    // While playing, the caption (new text: a layout of the page) is written at most every
    // CAPTION_MS; the last step's caption always lands, and a pause writes it at once.
    clearTimeout(this.captionTimer);
    const wait = playing ? this.captionAt + CAPTION_MS - performance.now() : 0;
    if (wait > 0) this.captionTimer = setTimeout(() => this.current() === run && !this.covered() && this.#writeCaption(run, h, position, length, playing), wait);
    else this.#writeCaption(run, h, position, length, playing);
  }

  #writeThumb(position, length, quick) {
    const now = performance.now();
    const moved = (Math.abs(position - this.thumbWritten) / Math.max(1, length)) * this.trackPx;
    if (quick && now - this.thumbAt < THUMB_MS && moved < THUMB_PX) return;
    this.thumbAt = now;
    this.thumbWritten = position;
    this.el.timeline.value = String(position);
    setText(this.el.position, `step ${position} of ${length}`);
  }

  /**
   * Sizes the "step N of M" text (style.css: its box is sized by itself, not by its text) to its
   * longest text for a trace of `length` steps ("step M of M": the digits are tabular), and shows
   * `text`. Once per trace: the one layout it costs is not in a frame.
   */
  #sizePosition(length, text) {
    const p = this.el.position;
    p.textContent = `step ${length} of ${length}`;
    const range = document.createRange();
    range.selectNodeContents(p);
    p.style.width = `${Math.ceil(range.getBoundingClientRect().width) + 1}px`;
    p.textContent = text;
  }

  #writeCaption(run, h, position, length, playing) {
    this.captionAt = performance.now();
    if (h) this.#setCaption(h.kind, h.label, h.caption, h.depth);
    else this.#setCaption('start', 'Start', START, 0);
    if (position === length && length >= 0 && !playing) {
      const v = describeTraceOutcome(run.trace);
      if (position > 0 || v.verdict !== 'solved') this.#setCaption(`end-${v.verdict}`, 'Done', `${h ? `${h.caption}. ` : ''}${v.text}.`, h ? h.depth : 0);
    }
  }

  #setCaption(kind, label, text, depth) {
    const el = this.el;
    clearTimeout(this.captionTimer);
    if (el.kind.dataset.kind !== kind) {
      el.kind.dataset.kind = kind;
      this.paintBadge(el.kind, kind);
    }
    setText(el.kind, label);
    setText(el.caption, text);
    setText(el.depth, `depth ${depth}`);
    if (el.depth.dataset.depth !== String(depth)) el.depth.dataset.depth = String(depth);
  }
}

/** The boxes of the two diagonals, tinted in diagonal mode before a trace gives its units. */
const DIAGONAL_BOXES = new Set(Array.from({ length: 9 }, (_, i) => [i * 9 + i, i * 9 + (8 - i)]).flat());

/** Writes `text` into `node` unless it is there already (an equal write still costs a layout). */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
