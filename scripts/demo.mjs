#!/usr/bin/env node
// `npm run demo`: builds the demo if it is out of date (builds.mjs), then serves
// packages/web/dist-demo with a plain static file server and prints the address. The
// demo needs no API server: every call is answered in the browser (docs/demo.md).
//   npm run demo [-- --port 8095] [--base /some/path/]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, builds, ROOT } from './builds.mjs';
import { serveStatic } from './static-server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.DEMO_PORT ?? '8095' },
    base: { type: 'string', default: '/' },
  },
});
await buildAll({ only: ['demo'] });
const server = await serveStatic({
  dir: path.join(ROOT, builds.demo.out),
  base: values.base,
  port: Number(values.port),
});
console.log(`The demo is at ${server.url} (Ctrl+C stops it)`);
