#!/usr/bin/env node
// `npm start`: builds what is out of date (the web app, the compiled server; see
// builds.mjs), then runs the compiled server in this process, as production does with
// `node packages/server/dist/main.js`.
// First: on a Node.js older than the portal's (ADR 034) it ends here, before building.
import '../packages/server/src/node-version.mjs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildAll, ROOT } from './builds.mjs';

await buildAll();
await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/main.js')).href);
