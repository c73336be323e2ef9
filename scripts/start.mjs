#!/usr/bin/env node
// `npm start`: builds what is out of date (the web app, the compiled server; see
// builds.mjs), then runs the compiled server in this process, as production does with
// `node packages/server/dist/main.js`.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildAll, ROOT } from './builds.mjs';

await buildAll();
await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/main.js')).href);
