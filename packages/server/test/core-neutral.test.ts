import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The core (src/core.ts) runs in a browser too (docs/architecture.md, "The core and the Node
// shell"): bundled for the browser it must reach no Node builtin and no package that only
// runs on Node. A failure names the import chain from core.ts to what it reached.

const SRC = path.resolve(import.meta.dirname, '../src');
const CORE = path.join(SRC, 'core.ts');

/** Packages that need Node (or a server) to run; the core must not reach them. */
const NODE_ONLY = [
  'fastify',
  '@fastify/*',
  'fastify-type-provider-zod',
  'fast-json-stringify',
  'postgres',
  'ioredis',
  'pino',
  'pino-pretty',
  'prom-client',
  'nodemailer',
  '@node-rs/argon2',
  'drizzle-orm/postgres-js',
  'drizzle-orm/postgres-js/*',
  'drizzle-orm/pglite/migrator',
  'drizzle-orm/migrator',
  'helmet',
];

/**
 * Made for the browser and Node alike, not followed: PGlite loads its Node-only helpers (the
 * file system, zlib) by dynamic import only when it runs in Node; the demo runs it in a
 * browser (docs/demo.md).
 */
const BOTH = ['@electric-sql/pglite'];

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function forbidden(specifier: string): boolean {
  if (specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]!))
    return true;
  return NODE_ONLY.some((name) =>
    name.endsWith('/*') ? specifier.startsWith(name.slice(0, -1)) : specifier === name,
  );
}

const shown = (file: string) => path.relative(path.resolve(SRC, '../../..'), file) || file;

/** Bundles core.ts for the browser; answers each forbidden import with the chain that reached it. */
async function forbiddenImports(entry: string): Promise<{ reached: string[]; files: string[] }> {
  const importerOf = new Map<string, string>();
  const found: string[] = [];
  const chain = (file: string): string[] => {
    const files = [file];
    for (let at = importerOf.get(file); at && !files.includes(at); at = importerOf.get(at)) files.unshift(at);
    return files.map(shown);
  };
  const guard: Plugin = {
    name: 'node-guard',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === 'guarded') return undefined;
        if (BOTH.includes(args.path)) return { path: args.path, external: true };
        if (forbidden(args.path)) {
          found.push([...chain(args.importer), args.path].join('\n  → '));
          return { path: args.path, external: true };
        }
        const result = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'guarded',
        });
        if (result.path && !importerOf.has(result.path)) importerOf.set(result.path, args.importer);
        return result.errors.length ? undefined : result;
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    metafile: true,
    absWorkingDir: path.resolve(SRC, '../../..'),
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
    plugins: [guard],
  });
  return { reached: [...new Set(found)], files: Object.keys(result.metafile.inputs) };
}

/** Node's globals, which a browser lacks (`globalThis.setImmediate`, tested first, is fine). */
const NODE_GLOBAL = /(?<![.\w])((Buffer|process|NodeJS)\.|setImmediate\(|require\()/;

describe('the core', () => {
  it('bundles for the browser without Node builtins or Node-only packages', async () => {
    const { reached, files } = await forbiddenImports(CORE);
    expect(reached, `core.ts reaches Node-only imports:\n${reached.join('\n')}`).toEqual([]);
    const own = files.filter((file) => file.startsWith('packages/server/src/'));
    expect(own).toContain('packages/server/src/modules/auth/service.ts');
    const globals = own.flatMap((file) =>
      readFileSync(path.resolve(SRC, '../../..', file), 'utf8')
        .split('\n')
        .filter((line) => NODE_GLOBAL.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(globals, 'Node globals in the core').toEqual([]);
  }, 60_000);

  it('would name the chain to a Node import', async () => {
    // The guard itself: the Node shell's app.ts reaches fastify through its own imports.
    const { reached } = await forbiddenImports(path.join(SRC, 'app.ts'));
    expect(reached.some((line) => line.includes('packages/server/src/app.ts\n  → fastify'))).toBe(true);
  }, 60_000);
});
