import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeliverySettings } from '../src/adapters/delivery/config.ts';
import { createTransports } from '../src/adapters/delivery/index.ts';
import { createDeliveryWorker } from '../src/adapters/delivery/worker.ts';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.ts';
import { createMetrics } from '../src/metrics.ts';
import { type ChildProcess, fork } from 'node:child_process';

const silent = { warn() {}, error() {}, info() {} } as never;
const url = process.env.DATABASE_URL;
const migrationCount = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/**
 * Three instances on one PostgreSQL database, each with its own pool (only PostgreSQL
 * has several processes on one database; PGlite is one process's own).
 */
describe.skipIf(!url)('three instances on one PostgreSQL database', () => {
  const name = `portal_instances_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;
  let instances: Database[] = [];
  let sink: ChildProcess;
  let sinkPort = 0;
  const sinkIds = () =>
    new Promise<string[]>((resolve) => {
      sink.once('message', (m) => resolve((m as { ids: string[] }).ids));
      sink.send('ids');
    });

  beforeAll(async () => {
    await admin!.unsafe(`create database "${name}"`);
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 4 })),
    );
    sink = fork(path.join(import.meta.dirname, 'support/smtp-sink-process.mjs'));
    sinkPort = await new Promise<number>((resolve) =>
      sink.once('message', (m) => resolve((m as { port: number }).port)),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((db) => db.close()));
    sink?.send('close');
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  it('migrates a fresh database once when all three start together: one migrates, the others wait', async () => {
    const results = await Promise.allSettled(instances.map((db) => db.migrate()));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const [{ n }] = (await instances[0]!.db.execute<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
    )) as unknown as [{ n: number }];
    expect(n).toBe(migrationCount);
  });

  it('reports each instance’s pool usage as a metric: its own connections only', async () => {
    const sleep = 'select pg_sleep(0.1)' as never;
    await Promise.all(
      instances.flatMap((instance) => [instance.db.execute(sleep), instance.db.execute(sleep)]),
    );
    const instance = instances[1]!;
    const text = await createMetrics({ db: instance.db, poolUsage: instance.poolUsage }).registry.metrics();
    expect(text).toMatch(/^portal_db_pool_max 4$/m);
    const own = [...text.matchAll(/^portal_db_pool_connections\{state="[^"]+"\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    const [all] = (await instance.db.execute(
      'select count(*)::int as n from pg_stat_activity where datname = current_database()' as never,
    )) as unknown as [{ n: number }];
    // Its pool's connections (less the one that asked), not those of the two other instances.
    expect(own).toBeGreaterThanOrEqual(1);
    expect(own).toBeLessThanOrEqual(3);
    expect(all.n).toBeGreaterThanOrEqual(own + 4);
  });

  it('delivers 10,000 queued messages with three workers exactly once', { timeout: 100_000 }, async () => {
    const db = instances[0]!.db;
    await db.execute(
      `insert into outbox (channel, operator_id, "to", subject, body, created_at)
      select 'email', 'de', 'member' || g || '@de.example', 'Message ' || g, 'Body ' || g, now()
      from generate_series(1, 10000) g` as never,
    );
    const settings = loadDeliverySettings(
      {
        SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
        SMTP_FROM: 'no-reply@stride.example',
        OUTBOX_POLL_MS: '50',
        OUTBOX_BATCH_SIZE: '100',
      },
      false,
    );
    const delivered = [0, 0, 0];
    const transports = instances.map(() => createTransports(settings));
    const workers = instances.map((instance, i) =>
      createDeliveryWorker({
        db: instance.db,
        settings,
        transports: transports[i]!,
        log: silent,
        observer: { delivered: () => void delivered[i]!++, failed: () => {} },
      }),
    );
    const started = performance.now();
    for (const w of workers) w.start();
    const pending = async () =>
      (
        (await db.execute(
          `select count(*)::int as n from outbox where status <> 'delivered'` as never,
        )) as unknown as [{ n: number }]
      )[0].n;
    while ((await pending()) > 0 && performance.now() - started < 80_000)
      await new Promise((r) => setTimeout(r, 200));
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(transports.flatMap((t) => Object.values(t)).map((t) => t.close()));

    expect(await pending()).toBe(0);
    // What the SMTP server received: 10,000 messages, no Message-ID twice.
    const ids = await sinkIds();
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    const [tries] = (await db.execute(
      `select count(*)::int as n, min(attempts) as min, max(attempts) as max from outbox where delivered_at is not null` as never,
    )) as unknown as [{ n: number; min: number; max: number }];
    expect(tries).toEqual({ n: 10_000, min: 1, max: 1 });
    // Every worker took a share; together exactly the 10,000.
    expect(delivered.every((n) => n > 0)).toBe(true);
    expect(delivered.reduce((a, b) => a + b)).toBe(10_000);
    console.info(
      `10,000 messages by three workers in ${Math.round(performance.now() - started)} ms (${delivered.join(' / ')})`,
    );
  });
});
