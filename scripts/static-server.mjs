// A plain static file server for the demo build (`npm run demo`, the demo's browser
// tests): files of one folder under one base path, nothing else. No SPA fallback, no
// API, no compression: what any static host does, so the demo is tested as it will run.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  // The demo's PostgreSQL (PGlite): browsers compile WebAssembly only when served as such.
  '.wasm': 'application/wasm',
};

/**
 * Serves `dir` at `base` (e.g. `/demo-base/`) on `port` of 127.0.0.1. `requests` lists every
 * request path it saw, so a test can tell that none went to the API.
 * @returns {Promise<{ url: string, requests: string[], close: () => Promise<void> }>}
 */
export async function serveStatic({ dir, base = '/', port = 0, host = '127.0.0.1' }) {
  const root = path.resolve(dir);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const requests = [];
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    if (pathname === prefix.slice(0, -1)) {
      response.writeHead(301, { location: prefix }).end();
      return;
    }
    const relative = pathname.startsWith(prefix) ? pathname.slice(prefix.length) || 'index.html' : null;
    const file = relative === null ? undefined : path.join(root, relative);
    if (!file?.startsWith(root + path.sep) || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-cache',
      });
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address();
  return {
    url: `http://${host}:${bound}${prefix}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
