// Compiles the server once for `node`: src/main.ts (the server), src/import.ts (the import
// command) and src/door-key.ts, bundled with the workspace packages @portal/contract,
// @portal/domain, @portal/db-schema and @portal/demo-data (TypeScript sources) into dist/.
// Code splitting puts what runs only outside production (src/dev/outside-production.ts, with
// @portal/demo-data) in chunks that only its dynamic import loads, so production loads no demo
// data (docs/operations.md, "What production loads"; test/production-bundle.test.ts).
// The server's npm dependencies stay external and load from node_modules; the migrations
// (drizzle/) and the PT sandbox's widget.js (packages/demo-data) are read from the
// repository at run time (src/paths.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;

export const SERVER_ENTRY_POINTS = [
  'src/main.ts',
  'src/import.ts',
  'src/door-key.ts',
  'src/sepa-export.ts',
  'src/sepa-return.ts',
];

export async function buildServer({ outdir = path.join(root, 'dist') } = {}) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir,
    outbase: 'src',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external,
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
}

if (process.argv[1] === import.meta.filename) await buildServer();
