// The search tree as an indented outline in `#search-tree` (a WAI-ARIA tree).
//
// One row per node, in preorder, indented by depth: "B2 = 5", its choices, ✓ on the path to
// the solution, ✗ and the contradiction on a dead end. Subtrees fold (the ▾/▸ toggle, or ←/→).
// Rows have a fixed height and are positioned absolutely, so only the rows in view (and a margin)
// need to exist: a tree of up to DRAW_ALL rows is drawn whole (the rows in view first, the rest
// FILL_PER_FRAME a frame), one of tens of thousands stays as cheap as the rows on screen. Every
// row is `[data-node="ID"]` (a hook for scripts and tests).
//
// The whole search is shown, each dead end with its contradiction; the nodes the player has not
// reached yet are faded (`.future`).
//
// Keyboard: the tree is one tab stop; ↑/↓ move, ←/→ fold and unfold (or go to the parent or
// first child), Home/End the first and last row, Enter or Space jumps the player to that node.
// The active row is announced through aria-activedescendant.

import { visibleNodes, shownAs, nodeLabel, shortContradiction, describeNode, deadSubtrees, descendants } from '../trace/tree.js';
import { digitsText } from '../trace/digits.js';

/** Row height in px; must match `.tree-row` in style.css. */
export const ROW_HEIGHT = 26;
/** Up to this many visible rows are all drawn; beyond, only those near the view. */
const DRAW_ALL = 1200;
/**
 * Rows of such a tree built per frame once those in view are: building all of them in the frame
 * that shows a new trace made it a long task (top95's line 21, 239 rows: 56-64 ms of style,
 * layout and paint in that one frame, bench/web/browser.js's first-frame runs).
 */
const FILL_PER_FRAME = 16;
/**
 * Rows drawn above and below the view when windowing. Small: a jump far away rebuilds the whole
 * window in one frame (a margin of 40 rows made that frame a long task, bench/web/browser.js).
 */
const MARGIN = 12;
/**
 * Rows of that margin built per frame, nearest the view first; none while the player moves
 * quickly (see FOLLOW_QUICK_MS): random jumps built about 25 rows a frame, half of them margin.
 */
const MARGIN_PER_FRAME = 6;
/**
 * The tree follows the player at most once per FOLLOW_MS; the last position is always drawn.
 * While the player moves every frame or nearly (moves less than QUICK_MS apart: playing fast,
 * scrubbing, a held arrow key), at most once per FOLLOW_QUICK_MS: each time the current node
 * leaves the view, the rows in view are built again, which cost about as much as the board's
 * whole frame (bench/web/browser.js), and the tree cannot be read at that speed anyway.
 */
const FOLLOW_MS = 100;
const FOLLOW_QUICK_MS = 250;
const QUICK_MS = 50;
/**
 * The most a row is indented, in px: a deep tree gets a finer step (at least MIN_STEP px per
 * level; rows deeper than that allows stop moving right, and keep their depth in aria-level).
 */
const MAX_INDENT = 140;
const MIN_STEP = 4;
const MAX_STEP = 14;

export class TreePanel {
  /**
   * @param {HTMLElement} root the `#search-tree` element
   * @param {{onSelect: (node: object) => void, onSummary?: (text: string) => void,
   *   requestFrame?: () => void}} options
   *   onSelect is called with the node a person clicked or chose by keyboard; requestFrame asks
   *   for an animation frame that calls flush() before anything else is drawn.
   */
  constructor(root, { onSelect, onSummary = () => {}, requestFrame = null }) {
    this.root = root;
    this.onSelect = onSelect;
    this.onSummary = onSummary;
    root.setAttribute('role', 'tree');
    root.tabIndex = 0;
    this.inner = document.createElement('div');
    this.inner.className = 'tree-inner';
    root.replaceChildren(this.inner);
    this.tree = null;
    this.collapsed = new Set();
    this.rows = []; // visible nodes, in preorder
    this.index = new Map(); // node id -> row index
    this.drawn = new Map(); // node id -> element
    this.rowState = new WeakMap(); // element -> what #draw last set on it (future, current, active)
    this.window = [0, 0];
    this.complete = true; // every row of the window is drawn
    this.current = 0;
    this.position = Infinity;
    this.active = null;
    this.scrollTop = 0;
    this.height = root.clientHeight || 400;
    // A draw is asked for with requestFrame (the page's own animation frame, which calls flush
    // first), or else with one of ours.
    this.scheduled = false;
    this.requestFrame = requestFrame || (() => requestAnimationFrame(() => this.flush()));
    this.dirty = false;
    this.follow = true;
    this.followed = -Infinity; // when the view last followed the player (performance.now())
    this.toFollow = false; // the current node changed since
    this.moved = -Infinity; // when setCurrent last moved the player
    this.timer = null; // the next follow
    this.marginTimer = null; // the margin's next rows

    root.addEventListener('scroll', () => {
      this.scrollTop = root.scrollTop;
      if (this.rows.length > DRAW_ALL || !this.complete) this.#schedule();
    });
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        this.height = root.clientHeight || this.height;
        this.#schedule();
      }).observe(root);
    }
    root.addEventListener('click', (ev) => {
      const row = ev.target.closest('[data-node]');
      if (!row || !this.tree) return;
      const id = Number(row.dataset.node);
      if (ev.target.closest('.twisty')) {
        this.toggle(id);
        return;
      }
      this.active = id;
      this.onSelect(this.tree.byId.get(id));
      this.#schedule();
    });
    root.addEventListener('keydown', (ev) => this.#key(ev));
    root.addEventListener('focus', () => {
      if (this.tree && (this.active === null || !this.index.has(this.active))) this.active = this.#shown(this.current);
      this.#schedule();
    });
  }

  /** Shows the tree of a new trace (or nothing, for null). */
  setTree(tree) {
    this.tree = tree;
    this.step = tree ? Math.max(MIN_STEP, Math.min(MAX_STEP, Math.floor(MAX_INDENT / Math.max(1, tree.maxDepth)))) : MAX_STEP;
    this.collapsed = new Set();
    this.current = 0;
    this.active = null;
    this.root.scrollTop = 0;
    this.scrollTop = 0;
    this.#layout();
    this.root.dataset.count = tree ? String(tree.nodes.length) : '0';
    if (tree) {
      const s = tree.nodes.length;
      const path = tree.solution === null ? '' : `; the path to the solution is ${tree.byId.get(tree.solution).depth} guesses long`;
      this.onSummary(s === 1
        ? 'No guesses: propagation alone decided this puzzle.'
        : `${s} nodes, ${tree.deadEnds} dead ends, depth up to ${tree.maxDepth}${path}.`);
    } else {
      this.onSummary('Solve a puzzle to see its search.');
    }
  }

  /**
   * The player is at `position`, in node `id`: that node is highlighted and scrolled into view,
   * and the nodes its guesses have not reached yet are faded.
   */
  setCurrent(id, position = Infinity) {
    if (id === this.current && position === this.position && !this.dirty) return;
    // The view scrolls to a new current node only when a follow is due: any other draw (a scroll
    // event's, the margin's) only moves the highlight; otherwise the scroll event of one follow
    // would draw the next, and while jumping the tree would follow every frame.
    if (id !== this.current) this.toFollow = true;
    this.current = id;
    this.position = position;
    const now = performance.now();
    const quick = now - this.moved < QUICK_MS;
    this.moved = now;
    const wait = this.followed + (quick ? FOLLOW_QUICK_MS : FOLLOW_MS) - now;
    if (wait <= 0) this.#followNow();
    else if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.#followNow();
      }, wait);
    }
  }

  #followNow() {
    if (this.toFollow) this.follow = true;
    this.toFollow = false;
    this.followed = performance.now();
    this.#schedule();
  }

  /** Folds or unfolds the subtree under node `id`. */
  toggle(id) {
    const n = this.tree && this.tree.byId.get(id);
    if (!n || n.children.length === 0) return;
    if (this.collapsed.has(id)) this.collapsed.delete(id);
    else this.collapsed.add(id);
    this.#layout();
  }

  /** Folds every dead end that has children, leaving the path and each first failure. */
  collapseDeadEnds() {
    if (!this.tree) return;
    this.collapsed = new Set(deadSubtrees(this.tree));
    this.follow = true;
    this.#layout();
  }

  expandAll() {
    this.collapsed = new Set();
    this.follow = true;
    this.#layout();
  }

  #shown(id) {
    return this.tree ? shownAs(this.tree, id, this.collapsed) : 0;
  }

  #layout() {
    this.rows = this.tree ? visibleNodes(this.tree, this.collapsed) : [];
    this.index = new Map(this.rows.map((n, i) => [n.id, i]));
    this.inner.style.height = `${this.rows.length * ROW_HEIGHT}px`;
    this.inner.replaceChildren();
    this.drawn.clear();
    this.window = [0, 0];
    this.dirty = true;
    this.#schedule();
  }

  /**
   * Draws now if a draw is scheduled. The page calls this at the start of its own frame, before
   * anything else is written: the draw's scroll write then finds the layout clean.
   */
  flush() {
    if (!this.scheduled) return;
    this.scheduled = false;
    this.#draw();
  }

  #schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    this.requestFrame();
  }

  /** Draws the rows in the window and moves the highlights; reads no layout. */
  #draw() {
    this.dirty = false;
    const shown = this.#shown(this.current);
    if (this.follow && this.index.has(shown)) {
      const i = this.index.get(shown);
      const top = i * ROW_HEIGHT;
      if (top < this.scrollTop || top + ROW_HEIGHT > this.scrollTop + this.height) {
        this.scrollTop = Math.max(0, Math.round(top - this.height / 2 + ROW_HEIGHT / 2));
        this.root.scrollTop = this.scrollTop;
      }
    }
    this.follow = false;
    const n = this.rows.length;
    let from = 0;
    let to = n;
    // The rows that must be drawn in this frame: those in view (and the active one). The margin
    // around them is only there for hand scrolling, so after a jump it is built a few rows a frame
    // (MARGIN_PER_FRAME): building the whole window at once made the frame after each jump a
    // long one (style and layout of about 45 new rows).
    const first = Math.floor(this.scrollTop / ROW_HEIGHT);
    const last = Math.ceil((this.scrollTop + this.height) / ROW_HEIGHT);
    const need = [Math.min(n, Math.max(0, first)), Math.min(n, last)];
    if (n > DRAW_ALL) {
      from = Math.max(0, first - MARGIN);
      to = Math.min(n, last + MARGIN);
    }
    // The active row must exist for aria-activedescendant, wherever it is.
    const a = this.active !== null && this.index.has(this.active) ? this.index.get(this.active) : -1;
    const activeAt = a >= 0 && (a < from || a >= to) ? a : -1;
    if (from !== this.window[0] || to !== this.window[1] || activeAt !== this.window[2] || !this.complete) {
      for (const [id, el] of this.drawn) {
        const i = this.index.get(id);
        if (i === undefined || ((i < from || i >= to) && i !== activeAt)) {
          el.remove();
          this.drawn.delete(id);
        }
      }
      // Rows go into the DOM in row order (scripts and screen readers read it in order), each
      // before the next drawn row: those are in the window, up to the last one drawn, or the
      // active row beyond it.
      const order = { to, activeAt, lastDrawn: -1 };
      for (const id of this.drawn.keys()) {
        const i = this.index.get(id);
        if (i < to && i > order.lastDrawn) order.lastDrawn = i;
      }
      if (activeAt >= 0) this.#build(activeAt, order);
      for (let i = need[0]; i < need[1]; i++) this.#build(i, order);
      // While the player moves quickly the margin waits: the next follow would replace it.
      const quick = performance.now() - this.moved < FOLLOW_QUICK_MS;
      let budget = n <= DRAW_ALL ? FILL_PER_FRAME : quick ? 0 : MARGIN_PER_FRAME;
      for (let d = 0; budget > 0 && (need[1] + d < to || need[0] - 1 - d >= from); d++) {
        if (need[1] + d < to && this.#build(need[1] + d, order)) budget--;
        if (need[0] - 1 - d >= from && this.#build(need[0] - 1 - d, order)) budget--;
      }
      this.window = [from, to, activeAt];
      this.complete = this.drawn.size >= to - from + (activeAt >= 0 ? 1 : 0);
      if (!this.complete && !quick) this.#schedule();
      else if (!this.complete && this.marginTimer === null) {
        this.marginTimer = setTimeout(() => {
          this.marginTimer = null;
          this.#schedule();
        }, FOLLOW_QUICK_MS);
      }
    }
    const byId = this.tree ? this.tree.byId : new Map();
    for (const [id, el] of this.drawn) {
      const future = byId.get(id).position > this.position;
      // Only rows whose state changed are touched: writing every row on every frame (even the
      // same values) cost more than the board itself while playing (bench/web/browser.js).
      const state = (future ? 1 : 0) | (id === shown ? 2 : 0) | (id === this.active ? 4 : 0);
      if (this.rowState.get(el) === state) continue;
      this.rowState.set(el, state);
      if ((el.dataset.future === 'true') !== future) {
        el.dataset.future = String(future);
        el.classList.toggle('future', future);
      }
      el.classList.toggle('current', id === shown);
      if (id === shown) el.setAttribute('aria-current', 'step');
      else el.removeAttribute('aria-current');
      el.classList.toggle('active', id === this.active);
      el.setAttribute('aria-selected', String(id === this.active));
    }
    if (this.active !== null && this.drawn.has(this.active)) {
      this.root.setAttribute('aria-activedescendant', this.drawn.get(this.active).id);
    } else {
      this.root.removeAttribute('aria-activedescendant');
    }
    this.root.dataset.current = String(this.current);
    this.root.dataset.position = String(this.position);
  }

  /**
   * Builds row `i` into the tree, in row order, unless it is drawn; true if it was built.
   * `order`: the window's end, the active row outside it (or -1), the last row drawn in it.
   */
  #build(i, order) {
    const node = this.rows[i];
    if (!node || this.drawn.has(node.id)) return false;
    const el = this.#row(node, i);
    this.drawn.set(node.id, el);
    const { to, activeAt } = order;
    if (i === activeAt) {
      // Outside the window: before all of it, or after.
      if (i < to) this.inner.prepend(el);
      else this.inner.append(el);
    } else {
      let next = null;
      for (let j = i + 1; j <= order.lastDrawn && !next; j++) next = this.drawn.get(this.rows[j].id) || null;
      if (!next && activeAt >= to) next = this.drawn.get(this.rows[activeAt].id) || null;
      this.inner.insertBefore(el, next);
      order.lastDrawn = Math.max(order.lastDrawn, i);
    }
    return true;
  }

  #row(node, i) {
    const el = document.createElement('div');
    el.className = 'tree-row';
    el.id = `tree-node-${node.id}`;
    el.dataset.node = String(node.id);
    el.setAttribute('role', 'treeitem');
    el.setAttribute('aria-level', String(node.depth + 1));
    el.style.top = `${i * ROW_HEIGHT}px`;
    el.style.paddingLeft = `${4 + Math.min(node.depth * this.step, MAX_INDENT)}px`;
    if (node.onPath) el.classList.add('on-path');
    if (node.end === 'dead') {
      el.classList.add('dead');
      el.dataset.contradiction = node.contradiction ? node.contradiction.kind : '';
    }
    if (node.end === 'solution') el.classList.add('solution');
    el.title = describeNode(node);

    const twisty = document.createElement('span');
    twisty.className = 'twisty';
    twisty.setAttribute('aria-hidden', 'true');
    if (node.children.length) {
      const folded = this.collapsed.has(node.id);
      el.setAttribute('aria-expanded', String(!folded));
      twisty.textContent = folded ? '▸' : '▾';
    }
    const icon = document.createElement('span');
    icon.className = 'icon';
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = node.end === 'solution' ? '★' : node.end === 'dead' ? '✗' : node.onPath ? '✓' : '•';
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = nodeLabel(node);
    el.append(twisty, icon, label);
    if (node.id !== 0) {
      const meta = document.createElement('span');
      meta.className = 'meta';
      meta.textContent = `of ${digitsText(node.choices)}`;
      el.append(' ', meta);
    }
    if (node.end === 'dead') {
      const why = document.createElement('span');
      why.className = 'why';
      why.textContent = shortContradiction(node.contradiction);
      el.append(' ', why);
    } else if (node.end === 'solution') {
      const why = document.createElement('span');
      why.className = 'why';
      why.textContent = 'solved';
      el.append(' ', why);
    }
    if (this.collapsed.has(node.id)) {
      const more = document.createElement('span');
      more.className = 'more';
      more.textContent = `+${descendants(this.tree, node.id)}`;
      el.append(' ', more);
    }
    // Screen readers get the words shown (a name holds its visible label: WCAG 2.5.3, so speech
    // input can say them), then the whole sentence rather than the symbols. The spaces between
    // the parts (not rendered: the row is a flex box) keep the shown words apart in that label.
    const shown = [...el.children].filter((c) => c.getAttribute('aria-hidden') !== 'true').map((c) => c.textContent).join(' ');
    el.setAttribute('aria-label', `${shown}: ${describeNode(node)}`);
    return el;
  }

  #key(ev) {
    if (!this.tree || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const rows = this.rows;
    const at = this.index.get(this.active ?? this.#shown(this.current)) ?? 0;
    const node = rows[at];
    let next = null;
    switch (ev.key) {
      case 'ArrowDown':
        next = rows[Math.min(rows.length - 1, at + 1)];
        break;
      case 'ArrowUp':
        next = rows[Math.max(0, at - 1)];
        break;
      case 'Home':
        next = rows[0];
        break;
      case 'End':
        next = rows[rows.length - 1];
        break;
      case 'ArrowRight':
        if (this.collapsed.has(node.id)) this.toggle(node.id);
        else if (node.children.length) next = this.tree.byId.get(node.children[0]);
        else next = node;
        break;
      case 'ArrowLeft':
        if (node.children.length && !this.collapsed.has(node.id)) this.toggle(node.id);
        else if (node.parent !== null) next = this.tree.byId.get(node.parent);
        else next = node;
        break;
      case 'Enter':
      case ' ':
        this.onSelect(node);
        break;
      default:
        return;
    }
    // Handled here: the page's own keys (←/→ step, Space play) do not also fire.
    ev.preventDefault();
    ev.stopPropagation();
    this.active = (next || node).id;
    if (next) this.#scrollTo(this.index.get(this.active));
    this.#schedule();
  }

  #scrollTo(i) {
    const top = i * ROW_HEIGHT;
    if (top < this.scrollTop) this.scrollTop = top;
    else if (top + ROW_HEIGHT > this.scrollTop + this.height) this.scrollTop = top + ROW_HEIGHT - this.height;
    else return;
    this.root.scrollTop = this.scrollTop;
  }
}
