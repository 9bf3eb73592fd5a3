// End-to-end tests of the New puzzle panel (issue 23): a puzzle that needs a given rung is made
// in the worker, loaded, unique by the verdict shown, and needs the rung by the facade's own
// ladder comparison; Cancel stops a generation with the page live; a request no puzzle passes
// says so after its try budget. In Debian's Chromium, on the built page (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open } from './harness.js';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
});

/** How long the main thread takes to run an animation frame callback, in ms. */
const frameDelay = (page) =>
  page.evaluate(() => new Promise((done) => {
    const t0 = performance.now();
    requestAnimationFrame(() => done(performance.now() - t0));
  }));

/**
 * The facade's ladder comparison of `text` (crates/solver-wasm's `compare`: each prefix of the
 * registry solved), from the built module loaded in the page itself, apart from the page's worker.
 */
const ladder = (page, text) =>
  page.evaluate(async (t) => {
    const m = await import('/solver-wasm.js');
    await m.default({ module_or_path: '/solver-wasm_bg.wasm' });
    return m.compare(t, {}).map((c) => ({ last: c.strategies[c.strategies.length - 1] || null, verdict: c.verdict, guesses: c.stats.guesses }));
  }, text);

test('a puzzle that needs X-wing: made with progress, loaded, unique, and the ladder needs X-wing for it', async () => {
  const { page, problems } = await open(browser);
  const before = await page.inputValue('#puzzle-input');
  // The rungs come from the registry, by label.
  const rungs = await page.$$eval('#new-needs option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(rungs[0], ['', 'any technique']);
  assert.ok(rungs.some(([v, t]) => v === 'x_wing' && t === 'X-wing'), JSON.stringify(rungs));
  await page.selectOption('#new-needs', 'x_wing');
  await page.click('#new-make');
  await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'made', null, { timeout: 60_000 });
  const status = await page.textContent('#new-status');
  assert.match(status, /^New puzzle that needs X-wing, found in [\d,]+ tr(y|ies): /);
  assert.equal(await page.isHidden('#new-cancel'), true);
  assert.equal(await page.isEnabled('#new-make'), true);
  const text = await page.inputValue('#puzzle-input');
  assert.match(text, /^[1-9.]{81}$/);
  assert.notEqual(text, before);
  // Loaded on the board as the puzzle, its givens where the text has digits.
  await page.waitForFunction((t) => [...document.querySelectorAll('[data-box]')].map((e) => e.dataset.value || '.').join('') === t, text);
  // Unique, by the verdict engine's answer the page shows on Solve.
  await page.click('#solve');
  await page.waitForFunction(() => /unique/.test(document.getElementById('engine-verdict').textContent));
  assert.match(await page.textContent('#engine-verdict'), /^Solved: the solution is unique/);
  // Needs X-wing: the ladder up to the rung before it guesses, up to X-wing it does not.
  const rungsRun = await ladder(page, text);
  const at = rungsRun.findIndex((r) => r.last === 'x_wing');
  assert.ok(at > 0, JSON.stringify(rungsRun));
  assert.ok(rungsRun[at - 1].guesses > 0, `without X-wing the ladder guesses: ${JSON.stringify(rungsRun[at - 1])}`);
  assert.equal(rungsRun[at].guesses, 0, `with X-wing it does not: ${JSON.stringify(rungsRun[at])}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Cancel stops a generation: the page stays live, says so, and keeps the puzzle it had', async () => {
  const { page, problems } = await open(browser);
  const before = await page.inputValue('#puzzle-input');
  // A puzzle that needs Eliminate rates 2.3 at most, so none is rated 9 to 10: the generation
  // runs its whole budget unless stopped.
  await page.selectOption('#new-needs', 'eliminate');
  await page.fill('#new-rating-min', '9');
  await page.fill('#new-rating-max', '10');
  await page.click('#new-make');
  assert.equal(await page.isVisible('#new-cancel'), true);
  assert.equal(await page.isDisabled('#new-make'), true);
  // Its tries so far, as the worker reports them.
  await page.waitForFunction(() => /[1-9][\d,]* tries so far/.test(document.getElementById('new-status').textContent));
  assert.match(await page.textContent('#new-status'), /^Making a puzzle that needs /);
  assert.ok((await frameDelay(page)) < 1000, 'the page draws frames while the worker makes puzzles');
  // The page works meanwhile: a sample solves.
  await page.click('#solve');
  await page.waitForFunction(() => /unique/.test(document.getElementById('engine-verdict').textContent));
  await page.click('#new-cancel');
  await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'cancelled');
  assert.equal(await page.textContent('#new-status'), 'Cancelled: no puzzle was made.');
  assert.equal(await page.isHidden('#new-cancel'), true);
  assert.equal(await page.isEnabled('#new-make'), true);
  assert.equal(await page.inputValue('#puzzle-input'), before);
  // The next generation starts a fresh worker and works.
  await page.fill('#new-rating-min', '');
  await page.fill('#new-rating-max', '');
  await page.selectOption('#new-needs', '');
  await page.check('#new-symmetric');
  await page.click('#new-make');
  await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'made', null, { timeout: 60_000 });
  const text = await page.inputValue('#puzzle-input');
  for (let i = 0; i < 81; i++) assert.equal(text[i] === '.', text[80 - i] === '.', `symmetric givens: box ${i} and ${80 - i}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a request no puzzle passes says so after its try budget; a bad rating is refused at once', async () => {
  const { page, problems } = await open(browser);
  await page.fill('#new-rating-min', '5');
  await page.fill('#new-rating-max', '3');
  await page.click('#new-make');
  assert.equal(await page.getAttribute('#new-status', 'data-state'), 'error');
  assert.match(await page.textContent('#new-status'), /lowest is above the highest/);
  assert.equal(await page.getAttribute('#new-rating-min', 'aria-invalid'), 'true');
  // As above: no puzzle that needs Eliminate is rated 9 to 10.
  await page.fill('#new-rating-min', '9');
  await page.fill('#new-rating-max', '10');
  await page.selectOption('#new-needs', 'eliminate');
  const t0 = Date.now();
  await page.click('#new-make');
  await page.waitForFunction(() => document.getElementById('new-status').dataset.state === 'gave-up', null, { timeout: 120_000 });
  const said = await page.textContent('#new-status');
  assert.match(said, /^No puzzle that needs .+ turned up in 20,000 tries, so none was made\./);
  assert.match(said, /no puzzle needs/);
  // A rung that makes no step (it only ends a branch) is not offered: no unique puzzle needs it.
  const offered = await page.$$eval('#new-needs option', (els) => els.map((e) => e.value));
  assert.ok(offered.includes('eliminate') && !offered.includes('no_place'), `offered: ${offered}`);
  console.log(`needs eliminate rated 9 to 10 gave up after 20,000 tries in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  assert.deepEqual(problems, []);
  await page.close();
});
