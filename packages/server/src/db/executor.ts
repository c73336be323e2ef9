import type { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/*
 * The database as the use cases see it, whichever driver is behind it (PGlite in the
 * browser or a process, postgres-js in production): types and the helpers repositories
 * call. Opening a database is db/client.ts's (Node), which re-exports all of this.
 */

export type Schema = typeof schema;
/** Both drivers share the PostgreSQL query builder; code below the factory sees only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs on: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Calls `onNotify` with the payload of each NOTIFY on `channel`, after the notifying transaction
 * committed; resolves once LISTEN is in place, to the unsubscribe. Later, `onListening(false)`
 * says the listening connection was lost (what is notified until `onListening(true)` is lost
 * too) and `onListening(true)` that it listens again. PGlite, in the same process, never loses it.
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onListening?: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

/** Names the pool a PostgreSQL `db` uses now (its proxy answers it); PGlite's `db` has one for good. */
export const CURRENT_POOL = Symbol('current pool');

/**
 * A prepared query, prepared on first use (building the app must not touch the database)
 * and again whenever the PostgreSQL pool behind `db` was replaced: a prepared query belongs
 * to the pool it was prepared on, which ends after a replacement.
 */
export function preparedOnCurrentPool<Q>(db: Db, prepare: () => Q): () => Q {
  let query: Q | null = null;
  let preparedOn: unknown = null;
  return () => {
    const pool = (db as unknown as Record<symbol, unknown>)[CURRENT_POOL] ?? db;
    if (query === null || pool !== preparedOn) {
      query = prepare();
      preparedOn = pool;
    }
    return query;
  };
}

/** PGlite's parsers as drizzle sets them: dates and instants stay strings, as on postgres-js. */
const PGLITE_ARRAY_ROWS = {
  rowMode: 'array' as const,
  parsers: { 1082: (value: string) => value, 1114: (value: string) => value, 1184: (value: string) => value },
};

/** What rawQuery calls of a postgres-js client (named here, so the core needs no types of it). */
interface PostgresJs {
  unsafe(
    text: string,
    params: readonly unknown[],
    options: { prepare: boolean },
  ): { values(): Promise<unknown[][]> };
}

/**
 * A fixed SQL text run on the pool's driver itself, rows as arrays: no query building and
 * no drizzle row mapping (GET /v2/membership, ADR 025). Values come as both drivers give
 * them under drizzle's settings: text, booleans, integers, json and jsonb parsed, dates and
 * instants as strings. postgres-js prepares the text once per connection. Always the current
 * pool's driver (openPostgres replaces pools).
 */
export function rawQuery(db: Db, text: string): (params: readonly unknown[]) => Promise<unknown[][]> {
  return async (params) => {
    const pool = (db as unknown as Record<symbol, unknown>)[CURRENT_POOL] ?? db;
    const client = (pool as { $client: unknown }).$client;
    if (typeof (client as PostgresJs).unsafe === 'function')
      return (client as PostgresJs).unsafe(text, params, { prepare: true }).values();
    const result = await (client as PGlite).query<unknown[]>(text, params as unknown[], PGLITE_ARRAY_ROWS);
    return result.rows;
  };
}

/** The rows of a raw query, whichever driver ran it (postgres-js answers an array, PGlite `{ rows }`). */
export async function selectRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** `select 1`, for the health check. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
