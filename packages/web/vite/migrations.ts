import { createRequire } from 'node:module';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Plugin } from 'vite';
import { DEMO_MODE } from './demo-build.ts';

const ID = 'virtual:portal-migrations';

/**
 * Only in the demo build: the server's migrations (packages/server/drizzle) as the module
 * `virtual:portal-migrations`, read by drizzle's own reader as the server's migrator reads
 * them (statements split at the breakpoints, the journal's timestamps, each file's hash), so
 * the demo's database in the browser is made by the very same SQL (docs/demo.md).
 */
export function portalMigrations(): Plugin {
  const journal = createRequire(import.meta.url).resolve('@portal/server/drizzle/meta/_journal.json');
  const folder = path.dirname(path.dirname(journal));
  return {
    name: 'portal:migrations',
    apply: (_config, env) => env.mode === DEMO_MODE,
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      this.addWatchFile(journal);
      return `export default ${JSON.stringify(readMigrationFiles({ migrationsFolder: folder }))};`;
    },
  };
}
