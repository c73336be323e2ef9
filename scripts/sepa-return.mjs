#!/usr/bin/env node
// `npm run sepa:return -- --operator <op> ...`: compiles the server when it is out of date, then
// runs its SEPA return command (packages/server/src/sepa-return.ts) with the same arguments. A
// relative file name is taken from where npm was run.
import '../packages/server/src/node-version.mjs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildAll, ROOT } from './builds.mjs';

const built = await buildAll({ only: ['server'] });
if (built.length) console.error('');
await import(pathToFileURL(path.join(ROOT, 'packages/server/dist/sepa-return.js')).href);
