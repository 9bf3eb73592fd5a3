// A step's chain on the board (docs/trace-format.md, "Chains"): an SVG layer over the marks
// (`.chain-layer`), each node a ring around its candidate's pencil mark (a group's a capsule around
// its candidates; a loop's last arrow closes it on the first node), each link an arrow from
// one node to the next: a strong link solid, a weak link dashed (told apart without colour), each
// over a halo in the panel's colour so it reads across digits and fills in either theme. Drawn for
// any step that has a chain, whatever its strategy. A forcing step's branches (explain.js's
// branchNet) are drawn as nets: an arrow from each node to each node it leads to, each premise a
// thick ring numbered by its branch, a candidate off (≠) a ring struck through, a node a technique
// derived inside a net a dotted ring with no arrow into it; buttons (after the element the page
// gives: the caption) show one branch alone or all of them (`.branch-picker`). The layer is
// aria-hidden (the caption says the chain in words, and the legend under the caption says what solid and
// dashed mean).
//
// `chainShapes` (pure) lays the chain out from each box's marks area; `BoardChain` draws it.

import { literalText } from '../trace/explain.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Where the pencil mark of `digit` sits in a box whose marks area is `{ x, y, w, h }` (a 3x3
 * grid, 1-2-3 on top, as canvas.js draws them): its centre.
 */
export function markCentre(area, digit) {
  const k = digit - 1;
  return { x: area.x + ((k % 3) + 0.5) * (area.w / 3), y: area.y + (Math.floor(k / 3) + 0.5) * (area.h / 3) };
}

/**
 * The shapes of a chain (`{ nodes: [{ box, digit } or { boxes, digit }], links }`, `box` an
 * index 0..80 or a name resolved by `boxOf`), or of a forcing branch's net (`{ nodes: [{ box,
 * digit, on, by? }], edges: [{ from, to, link }] }`): `rings`, each node's ring, `{ x, y, r }` around
 * one candidate (`off`: a node off, struck through; `by`: a node a technique derived, no arrow
 * into it), or for a group (2-3 boxes, or an almost
 * locked set's 2-8, one digit) `{ x, y, w, h, r }`, a capsule around its candidates (top-left
 * corner, size, corner radius); and `arrows`, each link's `{ link, d, head }`: `d` an SVG path
 * from the edge of one node towards the next, and `head` the arrowhead's three points
 * (`"x,y x,y x,y"`), its tip on the next node. A chain's link i goes from node i to node i + 1;
 * a net's edge from `from` to `to`. A link leaves and reaches a group at the candidate of the
 * group nearest the other end. A loop (as many links as nodes) has its last arrow from the last
 * node back to the first. A link between two marks of one box (a strong link in a box of two
 * candidates) bends out of the box's marks, so that it shows beside the rings; a longer link is
 * straight. `areas[i]`: box i's marks area.
 */
export function chainShapes(chain, areas, boxOf = (b) => b) {
  const marks = chain.nodes.map((n) => (n.boxes || [n.box]).map((b) => markCentre(areas[boxOf(b)], n.digit)));
  const cell = areas.length ? Math.min(areas[0].w, areas[0].h) / 3 : 0;
  const r = cell * 0.42;
  const rings = marks.map((ms, i) => {
    if (ms.length === 1) {
      const ring = { x: round(ms[0].x), y: round(ms[0].y), r: round(r) };
      if (chain.nodes[i].on === false) ring.off = true;
      if (chain.nodes[i].by) ring.by = true;
      return ring;
    }
    const xs = ms.map((m) => m.x);
    const ys = ms.map((m) => m.y);
    const [x0, y0] = [Math.min(...xs) - r, Math.min(...ys) - r];
    return { x: round(x0), y: round(y0), w: round(Math.max(...xs) + r - x0), h: round(Math.max(...ys) + r - y0), r: round(r) };
  });
  const middle = (ms) => ({ x: ms.reduce((s, m) => s + m.x, 0) / ms.length, y: ms.reduce((s, m) => s + m.y, 0) / ms.length });
  const nearest = (ms, p) => ms.reduce((best, m) => (Math.hypot(m.x - p.x, m.y - p.y) < Math.hypot(best.x - p.x, best.y - p.y) ? m : best));
  const n = marks.length;
  const edges = chain.edges || (n > 1 ? chain.links.map((link, i) => ({ from: i, to: (i + 1) % n, link })) : []);
  const arrows = [];
  for (const { from, to, link } of edges) {
    const a = nearest(marks[from], middle(marks[to]));
    const b = nearest(marks[to], a);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    // The bend: none for a link longer than a box, else sideways by most of the distance.
    const bend = len > 3 * cell ? 0 : Math.max(len, cell) * 0.9;
    const cx = (a.x + b.x) / 2 + (dy / len) * bend;
    const cy = (a.y + b.y) / 2 - (dx / len) * bend;
    // Leave the first ring towards the control point, reach the second from it.
    const [ux0, uy0] = unit(cx - a.x, cy - a.y);
    const [ux1, uy1] = unit(b.x - cx, b.y - cy);
    const x1 = a.x + ux0 * r;
    const y1 = a.y + uy0 * r;
    const tipX = b.x - ux1 * r;
    const tipY = b.y - uy1 * r;
    const h = r * 0.9;
    const bx = tipX - ux1 * h;
    const by = tipY - uy1 * h;
    const px = -uy1 * h * 0.5;
    const py = ux1 * h * 0.5;
    const head = [[tipX, tipY], [bx + px, by + py], [bx - px, by - py]].map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
    const d = bend
      ? `M${round(x1)},${round(y1)} Q${round(cx)},${round(cy)} ${round(bx)},${round(by)}`
      : `M${round(x1)},${round(y1)} L${round(bx)},${round(by)}`;
    arrows.push({ link, d, head });
  }
  return { rings, arrows };
}

/** A vector's direction, of length 1. */
function unit(x, y) {
  const len = Math.hypot(x, y) || 1;
  return [x / len, y / len];
}

function round(v) {
  return Math.round(v * 100) / 100;
}

export class BoardChain {
  /**
   * @param {HTMLElement} root the board element (the layer covers it)
   * @param {HTMLElement} [pickerAfter] the element the branch picker follows (the board by default)
   */
  constructor(root, pickerAfter = root) {
    this.root = root;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'chain-layer');
    this.svg.setAttribute('aria-hidden', 'true');
    // A forcing step's branches: a button for all, then one per branch (its premise).
    this.picker = document.createElement('div');
    this.picker.className = 'branch-picker';
    this.picker.setAttribute('role', 'group');
    this.picker.setAttribute('aria-label', 'Branches drawn on the board');
    this.picker.hidden = true;
    this.picker.addEventListener('click', (ev) => {
      const b = ev.target.closest('button[data-branch]');
      if (!b) return;
      this.branch = b.dataset.branch === 'all' ? null : Number(b.dataset.branch);
      this.drawn = null;
      this.show(this.chain, this.boxOf);
    });
    pickerAfter.after(this.picker);
    this.areas = null; // each box's marks area, in CSS pixels of the board
    this.chain = null; // the chain drawn (or to draw once measured)
    this.boxOf = (b) => b; // a node's box index from its `box`
    this.branch = null; // the one branch of a forcing step drawn, or null for all
    this.key = ''; // which branches the picker is for (branchesKey)
    this.drawn = null;
  }

  /** The boxes' marks areas (`{ x, y, w, h }` in CSS pixels) and the board's size, after a resize. */
  measure(areas, width, height) {
    this.areas = areas;
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.drawn = null;
    this.show(this.chain, this.boxOf);
  }

  /**
   * Draws `chain` (box names as `boxOf` resolves them), or a forcing step's branches (a list of
   * nets: all of them, or the one picked), or nothing for null.
   */
  show(chain, boxOf = (b) => b) {
    const key = branchesKey(chain);
    if (key !== this.key) {
      // Other branches (a highlight made again for the same step keeps the branch picked):
      // all of them first, and the picker's buttons for them.
      this.key = key;
      this.branch = null;
      this.#pickerFor(Array.isArray(chain) ? chain : null);
    }
    this.chain = chain;
    this.boxOf = boxOf;
    if (chain === this.drawn) return;
    this.drawn = chain;
    this.svg.replaceChildren();
    this.root.classList.toggle('has-chain', !!chain);
    this.root.classList.toggle('has-branches', Array.isArray(chain));
    for (const b of this.picker.querySelectorAll('button')) {
      b.setAttribute('aria-pressed', String(b.dataset.branch === (this.branch === null ? 'all' : String(this.branch))));
    }
    if (!chain || !this.areas) return;
    if (!Array.isArray(chain)) this.draw(chain, boxOf, 0);
    else chain.forEach((one, i) => (this.branch === null || this.branch === i) && this.draw(one, boxOf, chain.length > 1 ? i + 1 : 0));
  }

  /** The picker's buttons for a forcing step's branches (none for one branch or a plain chain). */
  #pickerFor(branches) {
    this.picker.replaceChildren();
    this.picker.hidden = !branches || branches.length < 2;
    if (this.picker.hidden) return;
    const button = (key, text) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.branch = key;
      b.textContent = text;
      this.picker.append(b);
    };
    button('all', 'All branches');
    branches.forEach((net, i) => {
      const p = net.nodes[0];
      button(String(i), `${i + 1}: ${p ? literalText(p) : ''}`);
    });
  }

  /** Draws one chain's arrows and rings; `number`, a forcing branch's (from 1) by its premise, or 0. */
  draw(chain, boxOf, number) {
    const { rings, arrows } = chainShapes(chain, this.areas, boxOf);
    const el = (name, attrs) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      this.svg.append(e);
      return e;
    };
    for (const a of arrows) {
      el('path', { class: `halo ${a.link}`, d: a.d });
      el('polygon', { class: 'halo', points: a.head });
    }
    rings.forEach((c, i) => {
      const cls = i === 0 ? 'node first' : 'node';
      if (c.w === undefined) el('circle', { class: `${cls}${c.off ? ' off' : ''}${c.by ? ' by' : ''}`, cx: c.x, cy: c.y, r: c.r });
      else el('rect', { class: `${cls} group`, x: c.x, y: c.y, width: c.w, height: c.h, rx: c.r });
      // A candidate off: its ring struck through, as ≠ strikes =.
      if (c.off) {
        const k = c.r * 0.7;
        el('line', { class: 'strike', x1: round(c.x - k), y1: round(c.y + k), x2: round(c.x + k), y2: round(c.y - k) });
      }
    });
    for (const a of arrows) {
      el('path', { class: `link ${a.link}`, 'data-link': a.link, d: a.d });
      el('polygon', { class: 'head', points: a.head });
    }
    if (number && rings.length) {
      // The branch's number beside its premise's ring, over a halo: top left for an odd
      // number, bottom right for an even one (a candidate on and off, two branches' premises
      // on one ring, keep both numbers apart).
      const c = rings[0];
      const side = number % 2 ? -1 : 1;
      const x = round(c.x + side * c.r * 1.2);
      const y = round(c.y + side * c.r * 1.2);
      el('text', { class: 'badge', x, y, 'font-size': round(Math.max(c.r * 1.6, 11)) }).textContent = String(number);
    }
  }
}

/** Which forcing branches `chain` holds, as text ('' for a plain chain or none): each branch's nodes. */
function branchesKey(chain) {
  if (!Array.isArray(chain)) return '';
  return chain.map((net) => net.nodes.map((n) => `${n.box}${n.on ? '=' : '!'}${n.digit}`).join(' ')).join(';');
}
