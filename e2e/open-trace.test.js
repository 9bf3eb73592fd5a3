// Issue 16, part 3 (the page): Open trace. A trace file chosen with #open-trace, dropped on the
// board, or named by `?trace=` plays with every control; a malformed, hostile or oversized file
// gets an error naming what is wrong, and the puzzle and run on screen are kept. A learner's own
// run, written and served by python/PySudoku.py (python/tests/course_files.py writes the course's
// project), plays to the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, copyFileSync, readFileSync, openSync, closeSync, ftruncateSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { here, launch, open, waitForPosition, setPuzzle, DIST } from './harness.js';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const HARDER = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** Norvig's puzzle with no solution: with eliminate alone, its trace stops at the page's 50,000 steps. */
const IMPOSSIBLE = '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........';
const REPO = join(here, '..');

let browser;
let scratch;
before(async () => {
  browser = await launch();
  scratch = mkdtempSync(join(tmpdir(), 'propagate-open-'));
});
after(async () => {
  if (browser) await browser.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const length = async (page) => Number(await page.evaluate(() => document.body.dataset.length));

/** The trace of `puzzle` as the page downloads it. */
async function downloadedTrace(page, puzzle, options) {
  await setPuzzle(page, puzzle, options);
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, min: 1, playing: false });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-trace')]);
  const path = join(scratch, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return path;
}

/** The page's state that must survive a refused file: the text, the run and its position. */
const kept = (page) => page.evaluate(() => ({
  text: document.getElementById('puzzle-input').value,
  length: document.body.dataset.length,
  position: document.body.dataset.position,
}));

/** Drops a file with `name` and `content` on the board, as a person dragging it from a file manager. */
async function dropFile(page, name, content) {
  await page.evaluate(({ name: n, content: c }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([c], n, { type: 'application/json' }));
    const board = document.getElementById('board');
    for (const type of ['dragover', 'drop']) board.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, { name, content });
}

for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]]) test(`a trace chosen with Open trace plays with every control; dropping one on the board does too (${name})`, async () => {
  const { page, problems } = await open(browser);
  await page.setViewportSize({ width, height });
  const file = await downloadedTrace(page, HARDER, { strategies: ['eliminate', 'only_choice'] });
  const steps = await length(page);
  const nodes = await page.textContent('#stat-nodes');
  await setPuzzle(page, EASY);
  await page.setInputFiles('#open-trace', file);
  await page.waitForFunction((n) => document.body.dataset.length === String(n), steps);
  assert.equal(await page.inputValue('#puzzle-input'), HARDER, 'the trace\'s puzzle is the puzzle now');
  assert.equal(await page.textContent('#stat-nodes'), nodes);
  assert.match(await page.textContent('#open-status'), /Playing/);
  assert.equal(await page.$$eval('#search-tree [data-node]', (xs) => xs.length) > 1, true, 'its search tree');
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, playing: false });
  assert.match(await page.textContent('#verdict'), /Solved/);
  await page.click('#step-back');
  await waitForPosition(page, { fromEnd: 1, playing: false });
  // A link holds the puzzle, not the trace: Copy link says so, and leaves the step out.
  await page.click('#copy-link');
  await page.waitForFunction(() => document.getElementById('link-status').textContent !== '');
  assert.match(await page.textContent('#link-status'), /^This link opens the puzzle of .+\.json solved by Propagate, not the trace itself: to share the trace, share the file\.$/);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /step=[1-9]/);
  // Undo goes back to the puzzle before the trace.
  await page.click('#undo');
  await page.waitForFunction((t) => document.getElementById('puzzle-input').value === t, EASY);
  // Dropped on the board.
  await dropFile(page, 'dropped.json', readFileSync(file, 'utf8'));
  await page.waitForFunction((n) => document.body.dataset.length === String(n), steps);
  assert.equal(await page.inputValue('#puzzle-input'), HARDER);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a malformed, a hostile and an oversized trace are refused with what and where; the puzzle and run are kept', async () => {
  const { page, problems } = await open(browser);
  const file = await downloadedTrace(page, EASY);
  const good = JSON.parse(readFileSync(file, 'utf8'));
  await page.click('#step-back');
  await waitForPosition(page, { fromEnd: 1, playing: false });
  const before = await kept(page);

  const refused = async (name, content, pattern) => {
    await page.setInputFiles('#open-trace', typeof content === 'string' ? { name, mimeType: 'application/json', buffer: Buffer.from(content) } : content.path);
    await page.waitForFunction(() => document.getElementById('open-error').textContent !== '', null, { timeout: 20000 });
    const message = await page.textContent('#open-error[role="alert"]');
    assert.match(message, pattern, `${name}: ${message}`);
    assert.deepEqual(await kept(page), before, `${name}: the puzzle and run on screen are kept`);
    await page.$eval('#open-error', (e) => { e.textContent = ''; });
  };

  await refused('cut.json', '{"format": 2, "variant": "standard"', /cut\.json/);
  // A change whose `before` is not the replayed state: the error names the step and the field.
  const bad = structuredClone(good);
  bad.steps[3].changes[0].before = '9';
  await refused('before.json', JSON.stringify(bad), /^before\.json, step 4: [\s\S]*changes\[0\]\.before/);
  const unknown = structuredClone(good);
  unknown.steps[0].kind = 'magic';
  await refused('kind.json', JSON.stringify(unknown), /^kind\.json, step 1: [\s\S]*kind/);
  // Hostile: nesting deep enough to overflow a recursive reader, and a wrong format version.
  await refused('deep.json', '['.repeat(200000), /deep\.json/);
  await refused('format.json', JSON.stringify({ ...good, format: 99 }), /format/);
  // 100 MB: refused by its size, before it is read.
  const huge = join(scratch, 'huge.json');
  const fd = openSync(huge, 'w');
  ftruncateSync(fd, 100 * 1024 * 1024);
  closeSync(fd);
  const t0 = Date.now();
  await refused('huge.json', { path: huge }, /^huge\.json: [\s\S]*too large: 104857600 bytes/);
  assert.ok(Date.now() - t0 < 10000, 'refused quickly, without reading 100 MB');
  // Two files dropped at once: neither is opened.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['{}'], 'a.json'));
    dt.items.add(new File(['{}'], 'b.json'));
    document.getElementById('board').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  assert.match(await page.textContent('#open-error'), /one trace file/);
  assert.deepEqual(await kept(page), before);
  assert.deepEqual(problems, []);
  await page.close();
});

test('?trace= refuses an address off the page\'s own site, naming the parameter, and keeps the puzzle', async () => {
  for (const param of ['http://example.com/t.json', '//example.com/t.json', '/etc/passwd', 'a\\b.json']) {
    const page = await browser.context.newPage();
    await page.goto(`${browser.server.url}?trace=${encodeURIComponent(param)}`);
    await page.waitForFunction(() => document.getElementById('open-error').textContent !== '');
    assert.match(await page.textContent('#open-error'), /trace parameter/);
    await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
    assert.notEqual(await page.inputValue('#puzzle-input'), '', `${param}: the sample is still there`);
    await page.close();
  }
});

test('?trace= of a file over the page\'s cap stops downloading it and says so, keeping the puzzle', async () => {
  const page = await browser.context.newPage();
  // 60 MB, past the page's cap (50,000 steps: 1 KiB a step plus 1 MiB), served without a
  // Content-Length, so only reading it shows its size.
  let served = 0;
  await page.route('**/huge-trace.json', (route) => {
    const body = Buffer.alloc(60 << 20, 32);
    served = body.length;
    return route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  await page.goto(`${browser.server.url}?trace=huge-trace.json`);
  await page.waitForFunction(() => document.getElementById('open-error').textContent !== '');
  assert.match(await page.textContent('#open-error'), /^The trace huge-trace\.json could not be fetched: it is too large: (more than )?\d+ bytes \(a trace is read up to 52248576 bytes\)\.$/);
  assert.equal(served, 60 << 20);
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  assert.notEqual(await page.inputValue('#puzzle-input'), '', 'the sample is still there');
  await page.close();
});

test('a learner\'s own run: solution.py with python/PySudoku.py serves the page and ?trace=, which plays to the end', async () => {
  const project = join(scratch, 'learner');
  mkdirSync(project, { recursive: true });
  execFileSync('python3', ['-c', `import sys; sys.path.insert(0, ${JSON.stringify(join(REPO, 'python', 'tests'))}); import course_files; course_files.write_project(${JSON.stringify(project)}, course_files.HARDER)`]);
  copyFileSync(join(REPO, 'python', 'PySudoku.py'), join(project, 'PySudoku.py'));
  // BROWSER=true: Python's webbrowser "opens" the address with /bin/true; this test opens it.
  const child = spawn('python3', ['solution.py'], { cwd: project, env: { ...process.env, PROPAGATE_DIST: DIST, BROWSER: 'true' } });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  try {
    const url = await new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no address from PySudoku: ${out}`)), 30000);
      const look = () => {
        const m = /(http:\/\/127\.0\.0\.1:\d+\/\?trace=\S+?\.json)/.exec(out);
        if (m) {
          clearTimeout(timer);
          ok(m[1]);
        }
      };
      child.stdout.on('data', look);
      child.on('exit', () => fail(new Error(`PySudoku ended: ${out}`)));
    });
    const page = await browser.context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => Number(document.body.dataset.length) > 0, null, { timeout: 30000 });
    const n = await length(page);
    assert.match(await page.textContent('#open-status'), /Playing propagate-trace\.json/);
    // Played to the end with the transport, one assignment per step, first assignment first.
    await page.click('#play');
    await page.selectOption('#speed', { index: (await page.$$eval('#speed option', (o) => o.length)) - 1 });
    await waitForPosition(page, { at: n, playing: false });
    assert.match(await page.textContent('#verdict'), /Solved/);
    const solution = await page.$$eval('[data-box]', (bs) => bs.map((b) => b.dataset.value).join(''));
    assert.match(solution, /^[1-9]{81}$/);
    for (let k = 0; k < 81; k++) if (HARDER[k] !== '.') assert.equal(solution[k], HARDER[k]);
    // The why panel reads the learner's steps too.
    await page.focus('[data-box="A2"]');
    await page.waitForSelector('#why-lost button[data-step]');
    // An edit after it: the address bar drops ?trace=, so a reload keeps the edit.
    await page.keyboard.press('9');
    await page.waitForFunction(() => !location.search.includes('trace') && document.getElementById('puzzle-input').value[1] === '9');
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    child.kill('SIGINT');
  }
});

test('a ?trace= download that ends after the puzzle was cleared, typed and solved does not replace them, and says so; a reload keeps the typed puzzle', async () => {
  const { page: maker } = await open(browser);
  const file = await downloadedTrace(maker, HARDER);
  await maker.close();
  const page = await browser.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  // A slow server: the trace is held until the test lets it go.
  let release;
  const gate = new Promise((ok) => { release = ok; });
  await page.route('**/slow-trace.json', async (route) => {
    await gate;
    await route.fulfill({ status: 200, contentType: 'application/json', body: readFileSync(file) }).catch(() => {});
  });
  await page.goto(`${browser.server.url}?trace=slow-trace.json`);
  await page.waitForFunction(() => document.getElementById('open-status').textContent === 'Fetching slow-trace.json…');
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  await page.click('#clear');
  await setPuzzle(page, EASY);
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  const steps = await length(page);
  release();
  await page.waitForFunction(() => /not opened/.test(document.getElementById('open-status').textContent));
  assert.equal(await page.textContent('#open-status'), 'slow-trace.json was not opened: the puzzle was edited while it was fetched; the edit is kept.');
  await page.waitForTimeout(500); // time for a late open to land, if there were one
  assert.equal(await page.inputValue('#puzzle-input'), EASY, 'the typed puzzle stays');
  assert.equal(await length(page), steps, 'its run stays');
  assert.equal(await page.textContent('#open-error'), '');
  // The address bar holds the typed puzzle, not the trace: a reload keeps the puzzle.
  await page.waitForFunction(() => !location.search.includes('trace') && location.hash.includes('p='));
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-box="A3"]')?.dataset.candidates);
  await page.waitForTimeout(300);
  assert.equal(await page.inputValue('#puzzle-input'), EASY);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a trace file whose claim is forged: the engine's answer shows beside it, and a flag says what the file claims and what the puzzle has", async () => {
  const { page, problems } = await open(browser);
  const several = JSON.parse(readFileSync(await downloadedTrace(page, '.'.repeat(81)), 'utf8'));
  assert.equal(several.outcome.solutions, 2);
  const unique = JSON.parse(readFileSync(await downloadedTrace(page, EASY), 'utf8'));
  assert.equal(unique.outcome.solutions, 1);
  const openAs = async (name, trace) => {
    await page.setInputFiles('#open-trace', { name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trace)) });
    await page.waitForFunction((n) => document.getElementById('open-status').textContent === `Playing ${n}.`, name);
    await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved');
  };
  for (const [name, trace, solutions, engine, flag] of [
    ['forged-unique.json', several, 1, /^Solved, but the solution is not unique: two or more/, "The file claims a unique solution, but the puzzle has two or more solutions (the verdict engine's answer above)."],
    ['forged-several.json', unique, 2, /^Solved: the solution is unique/, "The file claims two or more solutions, but the puzzle has a unique solution (the verdict engine's answer above)."],
  ]) {
    await openAs(name, { ...trace, outcome: { ...trace.outcome, solutions } });
    assert.match(await page.textContent('#engine-verdict'), engine);
    await page.waitForFunction(() => !document.getElementById('verdict-claim').hidden);
    assert.equal(await page.textContent('#verdict-claim'), flag);
    assert.ok(await page.isVisible('#verdict-claim'));
    // The file's own outcome is labelled as the file's.
    assert.match(await page.textContent('#verdict-label'), new RegExp(name.replace('.', '\\.')));
  }
  // An honest file: the engine agrees, no flag.
  await openAs('honest.json', unique);
  assert.match(await page.textContent('#engine-verdict'), /^Solved: the solution is unique/);
  assert.equal(await page.isVisible('#verdict-claim'), false);
  // Propagate's own solve: its label again, no flag.
  await setPuzzle(page, HARDER);
  await page.click('#solve');
  await waitForPosition(page, { min: 1 });
  assert.doesNotMatch(await page.textContent('#verdict-label'), /honest/);
  assert.equal(await page.isVisible('#verdict-claim'), false);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Learner traces of EASY made by python/PySudoku.py from the course's solution (course_files.py): solved, and one whose result changed the given A3 to 9. */
function learnerTraces() {
  const script = `
import sys, json, tempfile, warnings
sys.path[:0] = [${JSON.stringify(join(REPO, 'python'))}, ${JSON.stringify(join(REPO, 'python', 'tests'))}]
import PySudoku, course_files
grid = course_files.EASY
utils, solution = course_files.load_project(tempfile.mkdtemp(), grid)
values = utils.grid2values(grid)
result = solution.solve(grid)
out = {'solved': PySudoku.trace_from_history(values, result, utils.history)}
wrong = dict(result)
wrong['A3'] = '9'
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    out['changed'] = PySudoku.trace_from_history(values, wrong, {})
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script], { encoding: 'utf8' }));
}

test("a learner's trace: a solved one says its count is not made (your own code), the engine answers; the why panel says what an assign step did to a given", async () => {
  const { page, problems } = await open(browser);
  const { solved, changed } = learnerTraces();
  await page.setInputFiles('#open-trace', { name: 'learner.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(solved)) });
  await page.waitForFunction(() => document.getElementById('open-status').textContent === 'Playing learner.json.');
  assert.equal(await page.textContent('#verdict'), 'Solved; whether the solution is unique is not counted: this trace comes from your own code');
  await page.waitForFunction(() => document.getElementById('engine-verdict').dataset.verdict === 'solved');
  assert.match(await page.textContent('#engine-verdict'), /^Solved: the solution is unique/);
  assert.equal(await page.isVisible('#verdict-claim'), false, 'a count not made is no claim');
  // The given A3 (3) set to 9 by the learner's code: at the end the why panel says so.
  await page.setInputFiles('#open-trace', { name: 'changed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(changed)) });
  await page.waitForFunction(() => document.getElementById('open-status').textContent === 'Playing changed.json.');
  assert.match(await page.textContent('#verdict'), /^Not solved: your code's final grid is not a solution/);
  await page.click('#to-end');
  await waitForPosition(page, { fromEnd: 0, playing: false });
  assert.equal(await page.getAttribute('[data-box="A3"]', 'data-value'), '9');
  await page.focus('[data-box="A3"]');
  await page.waitForFunction(() => /A3/.test(document.getElementById('why-summary').textContent));
  const summary = await page.textContent('#why-summary');
  assert.doesNotMatch(summary, /is a given/);
  assert.equal(summary, 'A3 was given 3; at step 1 it holds 9:');
  assert.match(await page.textContent('#why-lost'), /^3: step 1, /);
  // At the start, before the assign step, it is the given.
  await page.click('#to-start');
  await waitForPosition(page, { at: 0, playing: false });
  await page.focus('[data-box="A3"]');
  await page.waitForFunction(() => document.getElementById('why-summary').textContent === 'A3 is a given: 3.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('Solve while a large trace file is being read cancels the opening and says so; the puzzle on screen is solved', async (t) => {
  const { page, problems } = await open(browser);
  const file = await downloadedTrace(page, IMPOSSIBLE, { strategies: ['eliminate'] });
  t.diagnostic(`the file: ${(statSync(file).size / 1e6).toFixed(1)} MB, ${await length(page)} steps`);
  await setPuzzle(page, EASY);
  await page.setInputFiles('#open-trace', file);
  await page.click('#solve');
  await page.waitForFunction(() => /cancelled/.test(document.getElementById('open-status').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('#open-status'), /^Opening \d+-propagate-trace-standard\.json was cancelled: a solve started before it was read\. Open it again to play it\.$/);
  await waitForPosition(page, { min: 1 });
  assert.equal(await page.inputValue('#puzzle-input'), EASY);
  assert.equal(await page.textContent('#open-error'), '');
  assert.deepEqual(problems, []);
  await page.close();
});
