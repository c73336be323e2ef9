import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * packages/server, found from this module whether it runs from its source (tsx, Vitest:
 * `src/`) or bundled into `dist/` (node on the compiled server): the first folder up that
 * holds the drizzle migrations.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`packages/server not found above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
/** The repository root, so default paths work whatever the process's cwd is. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/**
 * drizzle-kit's SQL migrations, applied on start: each journal entry whose `when` is later
 * than the last one the database recorded (file names may change, `when` never: docs/operations.md).
 */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
