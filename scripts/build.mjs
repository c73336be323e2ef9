#!/usr/bin/env node
// `npm run build`: builds the web app (Vite) and compiles the server (esbuild, into
// packages/server/dist), each stamped so `npm start` does not build them again.
//   node scripts/build.mjs [web|server|demo …] [--if-outdated]
// The demo build (packages/web/dist-demo) is made only when named: `npm run build:demo`.
import { buildAll, builds, defaultBuilds } from './builds.mjs';

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in builds));
if (unknown.length) {
  console.error(`unknown build: ${unknown.join(', ')} (known: ${Object.keys(builds).join(', ')})`);
  process.exit(2);
}
const built = await buildAll({
  only: names.length ? names : defaultBuilds,
  force: !args.includes('--if-outdated'),
});
if (built.length === 0) console.log('Everything is up to date.');
