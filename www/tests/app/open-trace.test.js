// Open trace (app/open-trace.js): the ?trace= address checked and its download read up to the cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { traceAddress, fileName, readCapped, OpenTrace } from '../../app/open-trace.js';

const BASE = 'http://127.0.0.1:8080/?trace=x.json';

test('a trace parameter is a path relative to the page, on its own origin', () => {
  assert.deepEqual(traceAddress('propagate-trace.json', BASE), { url: 'http://127.0.0.1:8080/propagate-trace.json' });
  assert.deepEqual(traceAddress('runs/a%20b.json', 'http://127.0.0.1:8080/app/index.html'), { url: 'http://127.0.0.1:8080/app/runs/a%20b.json' });
  assert.equal(fileName('http://127.0.0.1:8080/runs/a%20b.json?x=1'), 'a b.json');
});

test('anything else is refused, naming the trace parameter', () => {
  for (const p of ['', ' ', 'http://example.com/t.json', 'javascript:alert(1)', 'data:application/json,{}', '//example.com/t.json', '/abs.json', 'a\\b.json', 'HTTPS://x/y']) {
    const r = traceAddress(p, BASE);
    assert.ok(r.error, `${JSON.stringify(p)} refused`);
    assert.match(r.error, /trace parameter/);
  }
  // Climbing out of the page's folder stays on its origin: allowed, the server decides.
  assert.deepEqual(traceAddress('../t.json', 'http://127.0.0.1:8080/app/'), { url: 'http://127.0.0.1:8080/t.json' });
  // A long parameter is not echoed whole.
  assert.ok(traceAddress(`http://x/${'a'.repeat(5000)}`, BASE).error.length < 300);
});

/** A response whose body comes in `chunks` of `size` bytes, counting the chunks read. */
function streamed(chunks, size, headers = {}) {
  const read = { chunks: 0, cancelled: false };
  let left = chunks;
  const body = new ReadableStream({
    pull(controller) {
      if (left-- <= 0) return controller.close();
      read.chunks++;
      controller.enqueue(new Uint8Array(size).fill(32));
    },
    cancel() {
      read.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { response: new Response(body, { headers }), read };
}

test('a ?trace= download is read whole up to the cap, and no further', async () => {
  const small = streamed(3, 1000);
  const blob = await readCapped(small.response, 5000);
  assert.equal(blob.size, 3000);
  // A body longer than the cap stops at the first chunk past it; the rest is never pulled.
  const big = streamed(1_000_000, 1000);
  await assert.rejects(readCapped(big.response, 5000), /too large: more than 5000 bytes \(a trace is read up to 5000 bytes\)/);
  assert.ok(big.read.chunks <= 7, `${big.read.chunks} chunks read`);
  assert.ok(big.read.cancelled, 'the download is cancelled');
  // A Content-Length over the cap is refused before any of the body is read.
  const said = streamed(10, 1000, { 'content-length': '10000' });
  await assert.rejects(readCapped(said.response, 5000), /too large: 10000 bytes/);
  assert.equal(said.read.chunks, 0);
});

test('a stray % in the trace parameter is refused, naming the parameter; a file name with one is kept as it is', () => {
  for (const p of ['%.json', 'a%2.json', 'runs/%zz.json', '%']) {
    const r = traceAddress(p, BASE);
    assert.ok(r.error, `${JSON.stringify(p)} refused`);
    assert.match(r.error, /^The page's trace parameter .* is refused: .*%/);
  }
  assert.equal(fileName('http://127.0.0.1:8080/%.json'), '%.json');
  assert.deepEqual(traceAddress('a%25b.json', BASE), { url: 'http://127.0.0.1:8080/a%25b.json' });
});

/** Just enough of the elements OpenTrace is given. */
function elements() {
  const on = () => {};
  return { input: { addEventListener: on }, drop: { addEventListener: on, classList: { add: on, remove: on } }, status: { textContent: '' }, error: { textContent: '' } };
}

test('a ?trace= download is opened with the generation it began at: an edit meanwhile wins, and the page says the file was not opened', async () => {
  const realFetch = globalThis.fetch;
  let release;
  const gate = new Promise((ok) => { release = ok; });
  globalThis.fetch = async () => {
    await gate;
    return new Response('{}');
  };
  try {
    let gen = 1;
    const calls = [];
    const el = elements();
    const opener = new OpenTrace({
      ...el,
      mark: () => gen,
      open: async (file, since) => {
        calls.push({ name: file.name, since });
        return since === gen ? { run: {} } : { cancelled: 'edited' };
      },
    });
    const done = opener.fromAddress('?trace=t.json', BASE);
    assert.equal(el.status.textContent, 'Fetching t.json…');
    gen = 2; // the puzzle edited while it downloads
    release();
    await done;
    assert.ok(calls.every((c) => c.since === 1), 'handed over with the generation it began at');
    assert.match(el.status.textContent, /^t\.json was not opened: the puzzle was edited while it was fetched; the edit is kept\.$/);
    assert.equal(el.error.textContent, '');
  } finally {
    globalThis.fetch = realFetch;
  }
});

test('an open that a solve cancelled says so', async () => {
  const el = elements();
  const opener = new OpenTrace({ ...el, open: async () => ({ cancelled: 'stopped' }) });
  await opener.play(new File(['{}'], 'big.json'));
  assert.match(el.status.textContent, /^Opening big\.json was cancelled: a solve started before it was read\. Open it again to play it\.$/);
  // Two files one after the other: the first one's answer does not overwrite the second's.
  let finish;
  const slow = new Promise((ok) => { finish = ok; });
  const two = new OpenTrace({ ...el, open: (file) => (file.name === 'a.json' ? slow : Promise.resolve({ run: {} })) });
  const first = two.play(new File(['{}'], 'a.json'));
  await two.play(new File(['{}'], 'b.json'));
  finish({ cancelled: 'stopped' });
  await first;
  assert.equal(el.status.textContent, 'Playing b.json.');
});
