// The strategies' palette (style.css's `--kind-K`, given out by panels/strategy-view.js): one
// colour for every strategy a StrategySet can hold, in each theme, each distinct, each with an
// ink that reads on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PALETTE_SIZE } from '../../panels/strategy-view.js';

const css = readFileSync(new URL('../../style.css', import.meta.url), 'utf8');
const dark = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
const light = css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)'));

function palette(text) {
  const out = [];
  for (let k = 0; k < PALETTE_SIZE; k++) {
    const colour = text.match(new RegExp(`--kind-${k}: (#[0-9a-f]{3,6});`));
    const ink = text.match(new RegExp(`--kind-${k}-ink: (#[0-9a-f]{3,6});`));
    out.push({ k, colour: colour && colour[1], ink: ink && ink[1] });
  }
  return out;
}

function luminance(hex) {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('the palette has a colour for every strategy a StrategySet holds (packed.js: 64)', () => {
  const packed = readFileSync(new URL('../../trace/packed.js', import.meta.url), 'utf8');
  assert.equal(PALETTE_SIZE, Number(packed.match(/const GUESS = (\d+);/)[1]));
});

for (const [name, text] of [['light', light], ['dark', dark]]) {
  test(`the ${name} theme sets every colour and its ink, all colours distinct, ink at 4.5:1 or more`, () => {
    const p = palette(text);
    for (const { k, colour, ink } of p) {
      assert.ok(colour, `--kind-${k} is not set in the ${name} theme`);
      assert.ok(ink, `--kind-${k}-ink is not set in the ${name} theme`);
      assert.ok(contrast(colour, ink) >= 4.5, `--kind-${k}: ${ink} on ${colour} is ${contrast(colour, ink).toFixed(2)}:1`);
    }
    assert.equal(new Set(p.map((x) => x.colour)).size, PALETTE_SIZE);
  });
}
