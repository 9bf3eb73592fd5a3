// A step's chain on the board (docs/trace-format.md, "Chains"): an SVG layer over the marks
// (`.chain-layer`), each node a ring around its candidate's pencil mark, each link an arrow from
// one node to the next: a strong link solid, a weak link dashed (told apart without colour), each
// over a halo in the panel's colour so it reads across digits and fills in either theme. Drawn for
// any step that has a chain, whatever its strategy; the layer is aria-hidden (the caption says the
// chain in words, and the legend under the board says what solid and dashed mean).
//
// `chainShapes` (pure) lays the chain out from each box's marks area; `BoardChain` draws it.

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
 * The shapes of a chain (`{ nodes: [{ box, digit }], links }`, `box` an index 0..80 or a name
 * resolved by `boxOf`): `rings`, each node's `{ x, y, r }`, and `arrows`, each link's
 * `{ link, x1, y1, x2, y2, head }`: a line from the edge of one ring to the edge of the next, and
 * `head` the arrowhead's three points (`"x,y x,y x,y"`) at its end. `areas[i]`: box i's marks
 * area.
 */
export function chainShapes(chain, areas, boxOf = (b) => b) {
  const centres = chain.nodes.map((n) => markCentre(areas[boxOf(n.box)], n.digit));
  const r = areas.length ? Math.min(areas[0].w, areas[0].h) / 6 : 0;
  const rings = centres.map((c) => ({ x: c.x, y: c.y, r }));
  const arrows = [];
  for (let i = 0; i + 1 < centres.length; i++) {
    const a = centres[i];
    const b = centres[i + 1];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const x1 = a.x + ux * r;
    const y1 = a.y + uy * r;
    const x2 = b.x - ux * r;
    const y2 = b.y - uy * r;
    // The head: a triangle r long and 0.9 r wide, its tip on the next ring.
    const bx = x2 - ux * r;
    const by = y2 - uy * r;
    const px = -uy * r * 0.45;
    const py = ux * r * 0.45;
    const head = [[x2, y2], [bx + px, by + py], [bx - px, by - py]].map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
    arrows.push({ link: chain.links[i], x1: round(x1), y1: round(y1), x2: round(bx), y2: round(by), head });
  }
  return { rings, arrows };
}

function round(v) {
  return Math.round(v * 100) / 100;
}

export class BoardChain {
  /** @param {HTMLElement} root the board element (the layer covers it) */
  constructor(root) {
    this.root = root;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'chain-layer');
    this.svg.setAttribute('aria-hidden', 'true');
    this.areas = null; // each box's marks area, in CSS pixels of the board
    this.chain = null; // the chain drawn (or to draw once measured)
    this.drawn = null;
  }

  /** The boxes' marks areas (`{ x, y, w, h }` in CSS pixels) and the board's size, after a resize. */
  measure(areas, width, height) {
    this.areas = areas;
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.drawn = null;
    this.show(this.chain);
  }

  /** Draws `chain` (box names as `boxOf` resolves them), or nothing for null. */
  show(chain, boxOf = (b) => b) {
    this.chain = chain;
    this.boxOf = boxOf;
    if (chain === this.drawn) return;
    this.drawn = chain;
    this.svg.replaceChildren();
    this.root.classList.toggle('has-chain', !!chain);
    if (!chain || !this.areas) return;
    const { rings, arrows } = chainShapes(chain, this.areas, boxOf);
    const el = (name, attrs) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      this.svg.append(e);
      return e;
    };
    for (const a of arrows) {
      el('line', { class: `halo ${a.link}`, x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2 });
      el('polygon', { class: 'halo', points: a.head });
    }
    rings.forEach((c, i) => el('circle', { class: i === 0 ? 'node first' : 'node', cx: round(c.x), cy: round(c.y), r: round(c.r) }));
    for (const a of arrows) {
      el('line', { class: `link ${a.link}`, 'data-link': a.link, x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2 });
      el('polygon', { class: 'head', points: a.head });
    }
  }
}
