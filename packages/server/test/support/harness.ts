import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { OperatorId } from '@portal/contract';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../../src/app.ts';
import { type MutableClock, mutableClock } from '../../src/clock.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Lifecycle } from '../../src/http/lifecycle.ts';
import { type Db, type Listen, MIGRATIONS_FOLDER, openDatabase, pgliteListen } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import type { Metrics } from '../../src/metrics.ts';
import { seedIfEmpty } from '../../src/db/seed.ts';
import { DEMO_PASSWORD, demoUsername, type Persona } from '@portal/demo-data';
import { nodePasswordHasher } from '../../src/adapters/passwords/node.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases every suite runs on: PGlite (in memory, fresh per app) always, and
 * PostgreSQL too when DATABASE_URL is set (a uniquely named database per app, dropped at
 * the end). Use as `describe.each(databases())('… on %s', (kind) => …)`.
 */
export function databases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface OpenedDb {
  db: Db;
  /** The database's LISTEN, as main.ts passes it to the app. */
  listen: Listen;
  close(): Promise<void>;
}

// initdb and migrations run once per test worker; each app gets a clone (much faster).
let template: Promise<PGlite> | null = null;
function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = new PGlite();
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return client;
  })();
  return template;
}

async function openPglite(from: Promise<PGlite> = pgliteTemplate()): Promise<OpenedDb> {
  const client = (await (await from).clone()) as PGlite;
  return {
    db: drizzle({ client, schema }) as unknown as Db,
    listen: pgliteListen(client),
    close: () => client.close(),
  };
}

// The demo seed depends only on the clock it is seeded at, and it is most of what an app's
// start costs on PGlite (about a second and a half): seeded once per worker and clock, each
// app gets a clone of that, as it gets a clone of the migrated template.
const seededTemplates = new Map<string, Promise<PGlite>>();
function seededPgliteTemplate(now: string): Promise<PGlite> {
  let seeded = seededTemplates.get(now);
  if (!seeded) {
    seeded = (async () => {
      const client = (await (await pgliteTemplate()).clone()) as PGlite;
      await seedIfEmpty(drizzle({ client, schema }) as unknown as Db, mutableClock(now), nodePasswordHasher);
      return client;
    })();
    seededTemplates.set(now, seeded);
  }
  return seeded;
}

async function openPostgres(): Promise<OpenedDb> {
  const url = process.env.DATABASE_URL!;
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 4 });
  await database.migrate();
  return {
    db: database.db,
    listen: database.listen,
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** A fresh, migrated database of `kind` (not seeded), for tests that build their app themselves. */
export function openTestDatabase(kind: DatabaseKind): Promise<OpenedDb> {
  return kind === 'pglite' ? openPglite() : openPostgres();
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', PORT: '8080', WEB_DIST: '/nonexistent/web-dist' }),
    logLevel: 'silent',
    ...overrides,
  };
}

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  /** Its database's LISTEN (OpenedDb). */
  listen: Listen;
  clock: MutableClock;
  /** Moves the wall clock used by rate limiting. */
  advanceWall(ms: number): void;
  signIn(persona: Persona, operator: OperatorId, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** The portal clock (PORTAL_CLOCK) at start; default 2026-11-22T10:00:00Z. */
  now?: string;
  seed?: boolean;
  config?: Partial<Config>;
  /** Makes the metrics the app counts in, on its database (metrics.test.ts reads them). */
  metrics?: (db: Db) => Metrics;
  /** Drain state shared with the test (health/ready, Connection: close). */
  lifecycle?: Lifecycle;
  /**
   * Gives the app the database's notifications, as main.ts does, so GET /v2/membership
   * answers from its cache per session (ADR 029). Off by default: on PostgreSQL a test's own
   * writes to the database reach the app only when their notification has.
   */
  readModelCache?: boolean;
}

export async function startApp(kind: DatabaseKind, options: StartOptions = {}): Promise<TestApp> {
  const now = options.now ?? '2026-11-22T10:00:00Z';
  const clock = mutableClock(now);
  const seed = options.seed !== false;
  const opened =
    seed && kind === 'pglite' ? await openPglite(seededPgliteTemplate(now)) : await openTestDatabase(kind);
  if (seed && kind === 'postgres') await seedIfEmpty(opened.db, clock, nodePasswordHasher);
  let wall = Date.now();
  const app = await buildApp({
    db: opened.db,
    clock,
    config: testConfig(options.config),
    wallClock: () => wall,
    logger: false,
    ...(options.metrics ? { metrics: options.metrics(opened.db) } : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
    ...(options.readModelCache ? { listen: opened.listen } : {}),
  });
  await app.ready();
  return {
    kind,
    app,
    db: opened.db,
    listen: opened.listen,
    clock,
    advanceWall: (ms) => {
      wall += ms;
    },
    async signIn(persona, operator, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { username: demoUsername(persona, operator), password, operator_id: operator },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${persona}@${operator} failed: ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A password reset request for a username nobody has: counted by the reset limit, mails nothing. */
export const requestUnknownReset = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset',
    payload: {
      operator_id: 'de',
      username: 'nobody@de.example',
      url: 'http://de.localhost:8080',
      locale: 'en-DE',
    },
  });
