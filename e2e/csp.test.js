// The Content-Security-Policy reaches the worker (issue 13). A <meta> tag covers the page only;
// a worker takes its policy from its own script's response, so the policy is served as a
// response header: by Trunk (Trunk.toml, [serve] headers), by static hosts (`_headers`, copied
// into dist/) and by the e2e server, which reads that file as such a host would (server.js).
// The header adds `frame-ancestors 'none'`, which a meta tag cannot carry (browsers ignore it
// there): no other site may put the page in a frame. In Debian's Chromium, on the built page
// (harness.js).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, open, here, DIST } from './harness.js';
import { serve, parseHeaders } from './server.js';

const ROOT = join(here, '..');
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

/** The policy of index.html's meta tag. */
function metaPolicy(html) {
  const tag = html.match(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/);
  assert.ok(tag, 'index.html has a Content-Security-Policy meta tag');
  return tag[1];
}

/** The Content-Security-Policy a `_headers` file gives every path (`/*`). */
function headersPolicy(text) {
  const all = parseHeaders(text).filter((r) => r.pattern.test('/') && r.pattern.test('/www/app/worker.js'));
  const found = all.flatMap((r) => r.headers).filter(([name]) => name.toLowerCase() === 'content-security-policy');
  assert.equal(found.length, 1, 'one Content-Security-Policy for every path');
  return found[0][1];
}

/** What the header says beyond the meta tag: the one directive a meta tag cannot carry. */
const FRAMING = "; frame-ancestors 'none'";

let browser;
let elsewhere;

before(async () => {
  browser = await launch();
  // Another origin (another port), which records what reaches it.
  elsewhere = await serve(here);
});

after(async () => {
  if (browser) await browser.close();
  if (elsewhere) await elsewhere.close();
});

test("one policy: the meta tag, _headers (source and dist/) and Trunk.toml agree, the header with frame-ancestors 'none'", () => {
  const policy = metaPolicy(readFileSync(join(ROOT, 'index.html'), 'utf8'));
  assert.match(policy, /connect-src 'self'/);
  assert.doesNotMatch(policy, /frame-ancestors/, 'a meta tag cannot carry frame-ancestors');
  const header = policy + FRAMING;
  assert.equal(headersPolicy(readFileSync(join(ROOT, '_headers'), 'utf8')), header, '_headers');
  assert.ok(existsSync(join(DIST, '_headers')), 'the build copies _headers into dist/');
  assert.equal(headersPolicy(readFileSync(join(DIST, '_headers'), 'utf8')), header, 'dist/_headers');
  assert.equal(metaPolicy(readFileSync(join(DIST, 'index.html'), 'utf8')), policy, 'dist/index.html');
  const trunk = readFileSync(join(ROOT, 'Trunk.toml'), 'utf8');
  const served = trunk.match(/^headers\s*=\s*\{\s*"Content-Security-Policy"\s*=\s*"([^"]*)"\s*\}/m);
  assert.ok(served, 'Trunk.toml serves the policy as a header');
  assert.equal(served[1], header, 'Trunk.toml');
});

test('the page, the worker and the modules it imports come with the policy as a header', async () => {
  const policy = metaPolicy(readFileSync(join(DIST, 'index.html'), 'utf8')) + FRAMING;
  for (const path of ['', 'index.html', 'www/app/worker.js', 'www/app/modules.js', 'www/app/main.js', 'solver-wasm-first.js', 'solver-wasm-first_bg.wasm', 'solver-wasm.js', 'solver-wasm_bg.wasm']) {
    const res = await fetch(browser.server.url + path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('content-security-policy'), policy, path);
    await res.arrayBuffer();
  }
});

/** Runs a cross-origin fetch in `scope` (the page or its worker); says what came of it. */
const tryFetch = (scope, url) =>
  scope.evaluate(async (u) => {
    try {
      // `no-cors`: without a policy the request goes out and resolves (opaque), so only the
      // policy can stop it.
      await fetch(u, { mode: 'no-cors', cache: 'no-store' });
      return 'fetched';
    } catch (e) {
      return `blocked (${e.name})`;
    }
  }, url);

test('a cross-origin fetch from the worker is blocked, and the worker still solves', async () => {
  const { page, problems } = await open(browser);
  // The board's candidates came from the worker, so it is running (and its wasm loaded).
  const workers = page.workers();
  assert.equal(workers.length, 1, 'one worker');
  const worker = workers[0];
  assert.match(worker.url(), /\/www\/app\/worker\.js$/);

  assert.equal(await tryFetch(page, `${elsewhere.url}from-page`), 'blocked (TypeError)', 'from the page');
  assert.equal(await tryFetch(worker, `${elsewhere.url}from-worker`), 'blocked (TypeError)', 'from the worker');
  // A same-origin fetch from the worker is allowed: the block is the policy, not the fetch.
  assert.equal(await tryFetch(worker, `${browser.server.url}www/app/worker.js?probe`), 'fetched');
  assert.deepEqual(elsewhere.requests, [], 'nothing reached the other origin');

  // The worker compiles and runs the wasm under its policy ('wasm-unsafe-eval').
  await page.fill('#puzzle-input', EASY);
  await page.click('#solve');
  await page.waitForFunction(() => /Solved/.test(document.getElementById('verdict').textContent), null, { timeout: 20_000 });
  // A blocked fetch is reported on the console as a violation; nothing else went wrong.
  assert.deepEqual(problems.filter((p) => !/Content Security Policy|Refused to connect/.test(p)), []);
  await page.close();
});

test('another site cannot put the page in a frame; its own page still frames (the check can tell)', async () => {
  // Another origin (another port) whose page frames the app, and a page of its own.
  const dir = mkdtempSync(join(tmpdir(), 'propagate-framer-'));
  writeFileSync(join(dir, 'own.html'), '<!doctype html><title>own</title><p id="own">framed</p>');
  writeFileSync(join(dir, 'frame.html'), `<!doctype html><title>framer</title>
    <iframe id="app" src="${browser.server.url}" onload="document.body.dataset.app = 'loaded'"></iframe>
    <iframe id="own" src="own.html" onload="document.body.dataset.own = 'loaded'"></iframe>`);
  const framer = await serve(dir);
  const page = await browser.context.newPage();
  const refused = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refused.push(m.text());
  });
  try {
    await page.goto(`${framer.url}frame.html`);
    await page.waitForFunction(() => document.body.dataset.app === 'loaded' && document.body.dataset.own === 'loaded');
    const frameOf = async (id) => (await page.$(`#${id}`)).contentFrame();
    const own = await frameOf('own');
    assert.equal(await own.evaluate(() => document.getElementById('own')?.textContent), 'framed');
    const app = await frameOf('app');
    assert.notEqual(app.url(), browser.server.url, 'the app did not load in the frame');
    const inside = await app.evaluate(() => Boolean(document.getElementById('puzzle-input'))).catch(() => false);
    assert.equal(inside, false, 'no page inside the frame');
    assert.equal(refused.length, 1, `Chromium says why: ${refused.join(' | ')}`);
  } finally {
    await page.close();
    await framer.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
