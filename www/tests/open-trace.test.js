import { test } from 'node:test';
import assert from 'node:assert/strict';
import { traceAddress, fileName } from '../open-trace.js';

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
