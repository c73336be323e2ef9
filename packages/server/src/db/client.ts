import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers share the PostgreSQL query builder; code below the factory sees only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs on: the database or an open transaction. */
export type Executor = Db | Tx;

export { MIGRATIONS_FOLDER };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies drizzle-kit's SQL migrations from packages/server/drizzle. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite' /** Data directory; omit for an in-memory database. */; dataDir?: string }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.max ?? 10);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** While the database stays away, a pool that never connected is replaced at most this often. */
const RENEW_WHILE_DOWN_MS = 250;

/**
 * PostgreSQL through postgres-js, with a pool that is replaced after its connections
 * closed (docs/security.md, finding 3). postgres-js 3.4 can leave a pool slot dead for
 * good when a connection is cut while a query runs on it (every later query on that slot
 * waits for connect_timeout: porsager/postgres#1130, #1193), so after a restart of
 * PostgreSQL some requests would keep failing. Instead, the first closed connection of a
 * pool that had connected replaces it at once; while the database stays away, pools that
 * never connected are replaced at most every 250 ms. An old pool finishes its queries and
 * ends. `db` always uses the current pool.
 */
function openPostgres(url: string, max: number): Database {
  type Drizzle = ReturnType<typeof drizzlePostgres<Schema>>;
  type Pool = { client: postgres.Sql; db: Drizzle; connected: boolean };
  let ended = false;
  let renewal: NodeJS.Timeout | null = null;
  let lastRenewal = 0;

  const connect = (): Pool => {
    const pool = {} as Pool;
    pool.connected = false;
    pool.client = postgres(url, {
      max,
      onnotice: () => {},
      // While PostgreSQL is down or restarting a query fails (503) instead of waiting:
      // connecting gives up after 5 s, and a failed connection is retried after at most a
      // second (the driver's default backoff grows to 20 s, which a query would wait).
      connect_timeout: 5,
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      // The server reports its parameters on every connection that got through.
      onparameter: () => {
        pool.connected = true;
      },
      onclose: () => {
        if (pool === current) renewSoon(pool.connected ? 0 : RENEW_WHILE_DOWN_MS);
      },
    });
    pool.db = drizzlePostgres({ client: pool.client, schema }) as Drizzle;
    return pool;
  };
  let current = connect();

  function renewSoon(interval: number) {
    if (ended || renewal) return;
    renewal = setTimeout(renew, Math.max(0, lastRenewal + interval - Date.now()));
    renewal.unref();
  }
  function renew() {
    renewal = null;
    if (ended) return;
    lastRenewal = Date.now();
    const old = current;
    current = connect();
    void old.client.end({ timeout: 30 }).catch(() => {});
  }

  // The app holds this one object; every property is read from the current pool's drizzle.
  const db = new Proxy({} as Drizzle, {
    get(_target, property) {
      if (property === CURRENT_POOL) return current.db;
      const value = Reflect.get(current.db, property, current.db);
      return typeof value === 'function' ? value.bind(current.db) : value;
    },
    has: (_target, property) => Reflect.has(current.db, property),
    getPrototypeOf: () => Object.getPrototypeOf(current.db),
  });

  return {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: () => migratePostgres(current.db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      ended = true;
      if (renewal) clearTimeout(renewal);
      await current.client.end({ timeout: 5 });
    },
  };
}

/** Names the pool a PostgreSQL `db` uses now (its proxy answers it); PGlite's `db` has one for good. */
const CURRENT_POOL = Symbol('current pool');

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
