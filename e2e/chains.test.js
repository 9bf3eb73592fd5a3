// End to end, chains (docs/trace-format.md, "Chains"): a puzzle whose trace holds a chain step,
// played to that step. The caption says the chain in the community's notation (from the step's
// evidence, www/trace/explain.js), the board draws it (www/board/chain.js: a ring per node, an
// arrow per link, strong solid and weak dashed, over the board's boxes), the legend under the
// caption says what solid and dashed mean, and the why panel follows the chain's links. Each case
// was found with `propagate trace --strategies eliminate,only-choice,naked-twins,<technique>`;
// `position` is the player's position showing its first chain step. Screenshots (desktop 1280
// and phone 390, light and dark) go to e2e/screenshots/ to be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { here, launch, open as openOn, setPuzzle, waitForPosition } from './harness.js';

const SHOTS = join(here, 'screenshots');
const COURSE = ['eliminate', 'only_choice', 'naked_twins'];

const CASES = [
  {
    id: 'x_chain', diagonal: false, position: 20, whyBox: 'I3',
    puzzle: '48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....',
    caption: 'X-chain: r1c3=7 = r1c6=7 – r3c4=7 = r6c4=7 – r6c7=7 = r9c7=7: one of A3 and I7 is 7, so 7 leaves I3',
    links: ['strong', 'weak', 'strong', 'weak', 'strong'],
  },
  {
    id: 'xy_chain', diagonal: false, position: 69, whyBox: 'C9',
    puzzle: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    caption: 'XY-chain: r3c2=9 = r3c2=5 – r5c2=5 = r5c2=9 – r4c1=9 = r4c1=8 – r4c9=8 = r4c9=9: whichever digit each box of the chain takes, C2 or D9 is 9, so 9 leaves C9',
    links: ['strong', 'weak', 'strong', 'weak', 'strong', 'weak', 'strong'],
  },
];

let browser;

before(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  if (browser) await browser.close();
});

/** The chain as drawn: each link's kind and its line's ends, the rings, the legend's display. */
function drawn(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#board .chain-layer');
    const board = document.getElementById('board').getBoundingClientRect();
    const links = [...svg.querySelectorAll('path.link')].map((l) => {
      const r = l.getBoundingClientRect();
      const style = getComputedStyle(l);
      return {
        link: l.dataset.link,
        dashed: style.strokeDasharray !== 'none' && style.strokeDasharray !== '',
        inside: r.left >= board.left - 1 && r.right <= board.right + 1 && r.top >= board.top - 1 && r.bottom <= board.bottom + 1,
        length: Math.hypot(r.width, r.height),
      };
    });
    const rings = svg.querySelectorAll('circle.node').length;
    const heads = svg.querySelectorAll('polygon.head').length;
    const legend = document.getElementById('chain-legend');
    return { links, rings, heads, legend: getComputedStyle(legend).display !== 'none', legendText: legend.textContent };
  });
}

for (const c of CASES) {
  test(`${c.id}${c.diagonal ? ' (diagonal)' : ''}: the chain captioned, drawn as arrows, followed by the why panel`, async () => {
    const { page, problems } = await openOn(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setPuzzle(page, c.puzzle, { diagonal: c.diagonal, strategies: [...COURSE, c.id] });
    await page.click('#solve');
    await waitForPosition(page, { min: c.position });
    await page.locator('#timeline').fill(String(c.position));
    await waitForPosition(page, { at: c.position, playing: false });
    await page.waitForFunction((want) => document.getElementById('caption').textContent === want, c.caption);

    const d = await drawn(page);
    assert.deepEqual(d.links.map((l) => l.link), c.links, 'one arrow per link, in the chain\'s order');
    for (const l of d.links) {
      assert.equal(l.dashed, l.link === 'weak', `a ${l.link} link is ${l.link === 'weak' ? 'dashed' : 'solid'}`);
      assert.ok(l.inside && l.length > 4, 'each arrow on the board, of some length');
    }
    assert.equal(d.rings, c.links.length + 1, 'a ring per node');
    assert.equal(d.heads, c.links.length, 'an arrowhead per link');
    assert.ok(d.legend, 'the legend shows while a chain is drawn');
    assert.match(d.legendText, /solid arrow is a strong link.*dashed arrow a weak link/);
    await page.screenshot({ path: join(SHOTS, `chain-${c.id}-1280.png`) });

    // The why panel, from a node's box: the step's history follows the chain, link by link.
    await page.click(`[data-box="${c.whyBox}"]`);
    await page.waitForFunction((box) => document.getElementById('why-summary')?.textContent.includes(box), c.whyBox);
    const lost = page.locator(`#why-lost button[data-step="${c.position}"]`);
    if (await lost.count()) {
      await lost.first().click();
      await page.waitForFunction(() => document.querySelectorAll('#why-history li[data-link]').length > 0);
      const links = await page.$$eval('#why-history li[data-link]', (els) => els.map((e) => e.dataset.link));
      assert.deepEqual(links, ['start', ...c.links], 'the history lists the chain\'s nodes with their links');
    }

    // Dark theme and phone width: still drawn, still inside the board.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.querySelector('#board .chain-layer path.link'));
    const phone = await drawn(page);
    assert.deepEqual(phone.links.map((l) => l.link), c.links);
    for (const l of phone.links) assert.ok(l.inside && l.length > 2, 'each arrow on the board at phone width');
    await page.locator('#board').screenshot({ path: join(SHOTS, `chain-${c.id}-390-dark.png`) });

    // A step without a chain draws none, and the legend goes.
    await page.locator('#timeline').fill(String(c.position - 1));
    await waitForPosition(page, { at: c.position - 1, playing: false });
    const before = await drawn(page);
    assert.equal(before.links.length, 0);
    assert.ok(!before.legend);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
