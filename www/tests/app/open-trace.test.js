// Open trace (app/open-trace.js): the ?trace= address checked and its download read up to the cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { traceAddress, fileName, readCapped } from '../../app/open-trace.js';

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
