import type { PGlite } from '@electric-sql/pglite';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db, Listen } from './executor.ts';
import { retryingTransaction } from './retry.ts';
import * as schema from './schema.ts';

/**
 * The portal's database on a PGlite client, wherever PGlite runs (Node: db/client.ts; the
 * browser: the demo). PGlite's single connection never deadlocks; the same retry rule
 * anyway (ADR 033).
 */
export function pgliteDb(client: PGlite): Db {
  const db = drizzle({ client, schema });
  db.transaction = retryingTransaction(db);
  return db as unknown as Db;
}

/**
 * Applies migrations as drizzle's migrator reads them from packages/server/drizzle
 * (statements, journal time, hash), for a host without files: the demo bundles them.
 */
export async function applyMigrations(db: Db, migrations: MigrationMeta[]): Promise<void> {
  const { dialect, session } = db as unknown as {
    dialect: { migrate(m: MigrationMeta[], s: unknown, c: object): Promise<void> };
    session: unknown;
  };
  await dialect.migrate(migrations, session, {});
}

/**
 * PGlite's LISTEN. In the same process: a notification is handed over before the query that
 * sent it resolves, and the connection is never lost.
 */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, onNotify) => {
    const off = await client.listen(channel, (payload) => onNotify(payload));
    return () => off();
  };
}
