// A chain laid out on the board (board/chain.js): rings on the candidates, arrows between them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chainShapes, markCentre } from '../../board/chain.js';

/** Boxes 60 pixels apart, their marks areas 54 wide, inset 3. */
const areas = Array.from({ length: 81 }, (_, i) => ({ x: (i % 9) * 60 + 3, y: Math.floor(i / 9) * 60 + 3, w: 54, h: 54 }));

test('a digit\'s mark: 1-2-3 on the top row of the box, 7-8-9 on the bottom', () => {
  assert.deepEqual(markCentre(areas[0], 1), { x: 12, y: 12 });
  assert.deepEqual(markCentre(areas[0], 5), { x: 30, y: 30 });
  assert.deepEqual(markCentre(areas[10], 9), { x: 108, y: 108 });
});

test('each node ringed, each link an arrow from ring to ring, strong and weak kept apart', () => {
  const chain = { nodes: [{ box: 0, digit: 1 }, { box: 8, digit: 1 }, { box: 80, digit: 1 }], links: ['strong', 'weak'] };
  const { rings, arrows } = chainShapes(chain, areas);
  assert.equal(rings.length, 3);
  assert.deepEqual(rings[0], { x: 12, y: 12, r: 9 });
  assert.deepEqual(arrows.map((a) => a.link), ['strong', 'weak']);
  // Along row A: from the edge of A1's ring; the line stops a head's length short of I... of A9's ring.
  const a = arrows[0];
  assert.deepEqual([a.x1, a.y1], [21, 12]);
  assert.deepEqual([a.x2, a.y2], [492 - 9 - 9, 12]);
  assert.equal(a.head, '483,12 474,16.05 474,7.95');
  // Down column 9: vertical.
  assert.equal(arrows[1].x1, arrows[1].x2);
  assert.ok(arrows[1].y2 > arrows[1].y1);
});

test('box names resolve through boxOf; a link inside one box joins two of its marks', () => {
  const chain = { nodes: [{ box: 'A1', digit: 1 }, { box: 'A1', digit: 3 }], links: ['strong'] };
  const { arrows } = chainShapes(chain, areas, (name) => (name === 'A1' ? 0 : -1));
  assert.equal(arrows.length, 1);
  assert.equal(arrows[0].y1, arrows[0].y2);
  assert.ok(arrows[0].x1 < arrows[0].x2);
});
