// Shared by the end-to-end files: Chromium with a fresh profile, the built page served locally,
// and waiting for the player. PROPAGATE_DIST names the built site (default ../dist).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './server.js';

export const here = dirname(fileURLToPath(import.meta.url));
export const DIST = process.env.PROPAGATE_DIST || join(here, '..', 'dist');

/** Serves the built page and starts Chromium; `close()` undoes both. */
export async function launch({ permissions = [] } = {}) {
  assert.ok(existsSync(join(DIST, 'index.html')), `no built page at ${DIST}: run trunk build first`);
  const server = await serve(DIST);
  const profile = mkdtempSync(join(tmpdir(), 'propagate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    acceptDownloads: true,
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
    permissions,
  });
  return {
    server,
    context,
    async close() {
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page on the app, with console errors, uncaught exceptions and failed loads collected. */
export async function open({ server, context }, hash = '') {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(server.url + (hash ? `#${hash}` : ''));
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  return { page, problems };
}

/**
 * Waits until the player is `at` a position (or `fromEnd` steps before the end), the trace has
 * at least `min` steps, and it is `playing` or not, as far as each is given; and the board has
 * drawn that position.
 */
export async function waitForPosition(page, spec) {
  await page.waitForFunction(({ at, fromEnd, min, playing }) => {
    const b = document.body.dataset;
    if (b.position === undefined) return false;
    const p = Number(b.position);
    const n = Number(b.length);
    if (at !== undefined && p !== at) return false;
    if (fromEnd !== undefined && p !== n - fromEnd) return false;
    if (min !== undefined && n < min) return false;
    if (playing !== undefined && (b.playing === 'true') !== playing) return false;
    return document.getElementById('board').dataset.position === b.position;
  }, spec);
}

/**
 * Sets the puzzle, diagonal mode and exactly these strategies (trace names, by the checkboxes'
 * data-strategy hooks: every other one is unchecked), and waits for the grid.
 */
export async function setPuzzle(page, text, { diagonal = false, strategies = ['eliminate', 'only_choice', 'naked_twins'] } = {}) {
  await page.fill('#puzzle-input', text);
  await page.setChecked('#diagonal', diagonal);
  await page.waitForSelector('#strategy-list input[data-strategy]');
  const ids = await page.$$eval('#strategy-list input[data-strategy]', (els) => els.map((e) => e.dataset.strategy));
  for (const id of ids) await page.setChecked(`#strategy-list input[data-strategy="${id}"]`, strategies.includes(id));
  const values = [...text].map((c) => (c === '.' || c === '0' ? '' : c)).join(',');
  await page.waitForFunction((v) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value).join(',') === v, values);
}

/** The share link's `play=` and `marks=` (docs/play-format.md) of a candidate grid over its puzzle. */
export function gameLink(puzzle, grid) {
  const fields = grid.split(/\s+/);
  const abc = '0123456789abcdefghijklmnopqrstuv';
  let play = '';
  let marks = '';
  fields.forEach((f, i) => {
    const mine = puzzle[i] === '.' && f.length === 1;
    play += mine ? f : '.';
    const m = puzzle[i] === '.' && f.length > 1 ? [...f].reduce((a, d) => a | (1 << (Number(d) - 1)), 0) : 0;
    marks += abc[m >> 5] + abc[m & 31];
  });
  return `p=${puzzle}&play=${play}&marks=${marks}`;
}
