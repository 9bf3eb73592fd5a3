// A tiny static file server for the built page (dist/), on 127.0.0.1 and a free port. It sends
// the response headers that the served directory's `_headers` file (the static hosts' format,
// copied into dist/ by Trunk) gives for each path, as such a host would: the page's
// Content-Security-Policy among them.
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * The rules of a `_headers` file: `[{ pattern: RegExp, headers: [[name, value], ...] }]`. A line
 * that starts in column 1 is a path (`*` matches any run of characters), the indented
 * `Name: value` lines under it are its headers; `#` starts a comment line.
 */
export function parseHeaders(text) {
  const rules = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const glob = line.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
      rules.push({ pattern: new RegExp(`^${glob}$`), headers: [] });
    } else if (rules.length > 0) {
      const colon = line.indexOf(':');
      if (colon > 0) rules.at(-1).headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** The headers `rules` give `path`, every matching rule's in order. */
function headersFor(rules, path) {
  const out = {};
  for (const { pattern, headers } of rules) {
    if (pattern.test(path)) for (const [name, value] of headers) out[name.toLowerCase()] = value;
  }
  return out;
}

/**
 * Serves `dir`; resolves to { url, close(), requests } once listening. Paths in `missing`
 * answer 404 whatever is on disk (to test how the page copes).
 */
export function serve(dir, { port = 0, missing = [] } = {}) {
  const root = resolve(dir);
  const requests = [];
  const headersFile = join(root, '_headers');
  const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    if (missing.includes(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        ...headersFor(rules, path),
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      ok({ url: `http://127.0.0.1:${p}/`, requests, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

// `node server.js DIR [PORT]` serves a directory by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await serve(process.argv[2] || '../dist', { port: Number(process.argv[3] || 0) });
  console.log(url);
}
