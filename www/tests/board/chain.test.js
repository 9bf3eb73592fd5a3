// A chain laid out on the board (board/chain.js): rings on the candidates, arrows between them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chainShapes, markCentre } from '../../board/chain.js';

/** Boxes 60 pixels apart, their marks areas 54 wide, inset 3 (a mark's cell is 18). */
const areas = Array.from({ length: 81 }, (_, i) => ({ x: (i % 9) * 60 + 3, y: Math.floor(i / 9) * 60 + 3, w: 54, h: 54 }));

/** The numbers of a path or points text. */
const numbers = (text) => text.match(/-?\d+(\.\d+)?/g).map(Number);

test('a digit\'s mark: 1-2-3 on the top row of the box, 7-8-9 on the bottom', () => {
  assert.deepEqual(markCentre(areas[0], 1), { x: 12, y: 12 });
  assert.deepEqual(markCentre(areas[0], 5), { x: 30, y: 30 });
  assert.deepEqual(markCentre(areas[10], 9), { x: 108, y: 108 });
});

test('each node ringed, each link a straight arrow from ring to ring, strong and weak kept apart', () => {
  const chain = { nodes: [{ box: 0, digit: 1 }, { box: 8, digit: 1 }, { box: 80, digit: 1 }], links: ['strong', 'weak'] };
  const { rings, arrows } = chainShapes(chain, areas);
  assert.equal(rings.length, 3);
  assert.deepEqual(rings[0], { x: 12, y: 12, r: 7.56 });
  assert.deepEqual(arrows.map((a) => a.link), ['strong', 'weak']);
  // Along row A, from A1's ring to A9's: the line ends where the head starts, the tip on the ring.
  const [x1, y1, x2, y2] = numbers(arrows[0].d);
  assert.match(arrows[0].d, /^M[\d.]+,[\d.]+ L/);
  assert.deepEqual([x1, y1], [19.56, 12]);
  const tip = 492 - 7.56;
  assert.deepEqual([x2, y2], [Math.round((tip - 7.56 * 0.9) * 100) / 100, 12]);
  assert.deepEqual(numbers(arrows[0].head).slice(0, 2), [tip, 12]);
  // Down column 9: vertical.
  const down = numbers(arrows[1].d);
  assert.equal(down[0], down[2]);
  assert.ok(down[3] > down[1]);
});

test('a link inside one box bends out beside its marks, its head on the second ring', () => {
  const chain = { nodes: [{ box: 'A1', digit: 1 }, { box: 'A1', digit: 2 }], links: ['strong'] };
  const { rings, arrows } = chainShapes(chain, areas, (name) => (name === 'A1' ? 0 : -1));
  assert.equal(arrows.length, 1);
  assert.match(arrows[0].d, / Q/);
  const [x1, y1, cx, cy, x2, y2] = numbers(arrows[0].d);
  // 1 and 2 sit side by side: the bend goes up, out of the marks' row.
  assert.ok(cy < 12 - 7, `control point above: ${cy}`);
  assert.ok(y1 < 12 && y2 < 12, 'both ends leave the rings upwards');
  assert.ok(x1 < cx && cx < 30 + 1, `${x1} ${cx} ${x2}`);
  const [tx, ty] = numbers(arrows[0].head);
  assert.ok(Math.abs(Math.hypot(tx - rings[1].x, ty - rings[1].y) - rings[1].r) < 0.02, 'the tip on the ring');
});

test('a group is one capsule around its candidates, and a link reaches its nearest one', () => {
  // A1=1 = {A5 A6}=1 – C4=1 = C1=1 – A1=1: a loop with a group.
  const chain = {
    nodes: [{ box: 0, digit: 1 }, { boxes: [4, 5], digit: 1 }, { box: 21, digit: 1 }, { box: 18, digit: 1 }],
    links: ['strong', 'weak', 'strong', 'weak'],
  };
  const { rings, arrows } = chainShapes(chain, areas);
  // A5's and A6's mark of 1 are at x 252 and 312, y 12.
  assert.deepEqual(rings[1], { x: 252 - 7.56, y: 12 - 7.56, w: 60 + 2 * 7.56, h: 2 * 7.56, r: 7.56 });
  assert.equal(rings[0].w, undefined);
  // Four arrows: the loop's last closes back on A1.
  assert.equal(arrows.length, 4);
  // From A1 the strong link reaches the group's nearest candidate, A5's (x 252).
  assert.deepEqual(numbers(arrows[0].head).slice(0, 2), [252 - 7.56, 12]);
  // C1's mark (12, 132) back to A1's (12, 12): straight up, the tip on A1's ring.
  assert.deepEqual(numbers(arrows[3].head).slice(0, 2), [12, 12 + 7.56]);
});

test('a forcing branch is a net: an arrow per parent of each node, a candidate off struck through', () => {
  // A1=1 leads to B1≠1 (weak) and A2≠1 (weak); A2≠1 and B1≠1 both lead to B2=1 (strong).
  const net = {
    nodes: [{ box: 0, digit: 1, on: true }, { box: 9, digit: 1, on: false }, { box: 1, digit: 1, on: false }, { box: 10, digit: 1, on: true }],
    edges: [{ from: 0, to: 1, link: 'weak' }, { from: 0, to: 2, link: 'weak' }, { from: 2, to: 3, link: 'strong' }, { from: 1, to: 3, link: 'strong' }],
  };
  const { rings, arrows } = chainShapes(net, areas);
  assert.equal(rings.length, 4);
  assert.deepEqual(rings.map((r) => !!r.off), [false, true, true, false]);
  assert.deepEqual(arrows.map((a) => a.link), ['weak', 'weak', 'strong', 'strong']);
  // The last arrow from B1 (12, 72) to B2 (72, 72): rightwards, its tip on B2's ring.
  assert.deepEqual(numbers(arrows[3].head).slice(0, 2), [72 - 7.56, 72]);
  // A node a technique derived (`by`) is ringed apart, and the net names no arrow into it.
  const by = chainShapes({ nodes: [...net.nodes, { box: 20, digit: 1, on: false, by: 'pointing' }], edges: net.edges }, areas);
  assert.deepEqual(by.rings.map((r) => !!r.by), [false, false, false, false, true]);
  assert.equal(by.arrows.length, 4);
  // A plain chain's nodes (no `on`) are never struck through.
  const chain = chainShapes({ nodes: [{ box: 0, digit: 1 }, { box: 8, digit: 1 }], links: ['strong'] }, areas);
  assert.ok(chain.rings.every((r) => !r.off));
});
