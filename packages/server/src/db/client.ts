import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import { pgliteDb, pgliteListen } from './pglite.ts';
import { retryingTransaction } from './retry.ts';
import * as schema from './schema.ts';
import { CURRENT_POOL, type Db, type Listen, type Schema } from './executor.ts';

export * from './executor.ts';

export { MIGRATIONS_FOLDER };

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Applies drizzle-kit's SQL migrations from packages/server/drizzle. On PostgreSQL under
   * an advisory lock: of instances starting together one migrates, the others wait and
   * then find nothing left to apply.
   */
  migrate(): Promise<void>;
  listen: Listen;
  /** This process's connections by state (PostgreSQL; null on PGlite, which has one in-process connection). */
  poolUsage(): Promise<PoolUsage | null>;
  close(): Promise<void>;
}

export interface PoolUsage {
  max: number;
  /** Open connections of this process by pg_stat_activity state (active, idle, idle in transaction …). */
  byState: Record<string, number>;
}

export type DatabaseOptions =
  | { kind: 'pglite' /** Data directory; omit for an in-memory database. */; dataDir?: string }
  | { kind: 'postgres'; url: string; max?: number /** For LISTEN; `url` by default. */; listenUrl?: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres')
    return openPostgres(options.url, options.max ?? 10, options.listenUrl ?? options.url);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = pgliteDb(client);
  return {
    kind: 'pglite',
    db,
    migrate: () =>
      migratePglite(db as unknown as Parameters<typeof migratePglite>[0], {
        migrationsFolder: MIGRATIONS_FOLDER,
      }),
    listen: pgliteListen(client),
    poolUsage: async () => null,
    close: () => client.close(),
  };
}

export { pgliteListen };

/** Pools this process opened (tests open several). */
let poolsOpened = 0;

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
function openPostgres(url: string, max: number, listenUrl: string): Database {
  // Names this pool's connections, so pg_stat_activity can tell its usage.
  const applicationName = `portal-${hostname().slice(0, 40)}-${process.pid}-${++poolsOpened}`;
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
      connection: { application_name: applicationName },
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

  // A transaction PostgreSQL aborted for a deadlock or serialization failure runs again,
  // each time on the pool current then (ADR 033).
  const transaction = retryingTransaction({
    transaction: (...args: Parameters<Drizzle['transaction']>) => current.db.transaction(...args),
  });

  // The app holds this one object; every property is read from the current pool's drizzle.
  const db = new Proxy({} as Drizzle, {
    get(_target, property) {
      if (property === CURRENT_POOL) return current.db;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(current.db, property, current.db);
      return typeof value === 'function' ? value.bind(current.db) : value;
    },
    has: (_target, property) => Reflect.has(current.db, property),
    getPrototypeOf: () => Object.getPrototypeOf(current.db),
  });

  return {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: async () => {
      // A connection of its own holds the lock (the pool may have a single one); if this
      // process dies while migrating, its connection closes and the lock goes with it.
      const lock = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(current.db, { migrationsFolder: MIGRATIONS_FOLDER });
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    listen: (channel, onNotify, onListening) => listenOn(listenUrl, channel, onNotify, onListening),
    poolUsage: async () => {
      const rows = await current.client<{ state: string | null; n: number }[]>`
        select state, count(*)::int as n from pg_stat_activity
        where application_name = ${applicationName} and pid <> pg_backend_pid() group by state`;
      const byState: Record<string, number> = {};
      for (const row of rows) byState[row.state ?? 'unknown'] = row.n;
      return { max, byState };
    },
    close: async () => {
      ended = true;
      if (renewal) clearTimeout(renewal);
      await current.client.end({ timeout: 5 });
    },
  };
}

/** The advisory lock key of migrations (any fixed bigint that nothing else of the portal uses). */
const MIGRATION_LOCK = 4_771_202_612;

/**
 * LISTEN on a connection of its own, kept open. postgres-js's own `listen` re-listens after a
 * lost connection but tells no one it was lost, and gives up for good when the first try
 * after it fails; here a lost connection is told at once and LISTEN is tried again, every
 * second, until it is back.
 */
async function listenOn(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: (listening: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let established = false;
  let retry: NodeJS.Timeout | null = null;
  const statement = `listen "${channel.replace(/"/g, '""')}"`;
  // `onnotify` is the option postgres-js's own `listen` is built on; its types leave it out.
  const notifications = {
    onnotify: (name: string, payload: string) => {
      if (name === channel) onNotify(payload);
    },
  };
  const listener = postgres(url, {
    ...notifications,
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 5,
    onnotice: () => {},
    onclose: () => {
      // Before the first LISTEN the caller gets the error instead.
      if (stopped || !established) return;
      onListening(false);
      relistenSoon();
    },
  });
  function relistenSoon() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (stopped) return;
      listener.unsafe(statement).then(
        () => onListening(true),
        () => relistenSoon(),
      );
    }, 1000);
    retry.unref();
  }
  try {
    await listener.unsafe(statement);
  } catch (error) {
    await listener.end({ timeout: 1 }).catch(() => {});
    throw error;
  }
  established = true;
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await listener.end({ timeout: 5 }).catch(() => {});
  };
}
