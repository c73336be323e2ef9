import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mutableClock } from '../src/clock.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { bearer, openTestDatabase, testConfig } from './support/harness.ts';
import { databaseProxy, refusingPort, startingUpPort } from './support/outage.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';

const clock = () => mutableClock('2026-11-22T10:00:00Z');

const signInBody = { username: 'active@de.example', password: 'demo', operator_id: 'de' };

/** The calls a member makes first: sign-in, a signed-in read, and the reset request. */
async function answers(app: FastifyInstance, token = 'some-token-of-a-session') {
  return [
    await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: signInBody }),
    await app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer(token) }),
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: {
        operator_id: 'de',
        username: 'active@de.example',
        url: 'http://de.localhost:8080/',
        locale: 'de-DE',
      },
    }),
  ];
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  const body = ErrorBody.parse(res.json());
  expect(body).toMatchObject({ status: 503, errors: [{ type: 'service_unavailable' }] });
}

describe('a database that is not there', () => {
  it('answers 503 with Retry-After and the error body while PostgreSQL starts up or refuses connections', async () => {
    const starting = await startingUpPort();
    for (const port of [starting.port, await refusingPort()]) {
      const database = await openDatabase({
        kind: 'postgres',
        url: `postgres://portal@127.0.0.1:${port}/portal`,
        max: 2,
      });
      const app = await buildApp({ db: database.db, clock: clock(), config: testConfig(), logger: false });
      await app.ready();
      for (const res of await answers(app)) expectUnavailable(res);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      await app.close();
      await database.close();
    }
    await starting.close();
  });

  it('answers 503 once the embedded database is closed', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ db: database.db, clock: clock(), config: testConfig(), logger: false });
    await app.ready();
    await database.close();
    for (const res of await answers(app)) expectUnavailable(res);
    await app.close();
  });
});

// A PostgreSQL that goes away and comes back (as in a restart): 503 while it is gone, and
// the same process answers again once it is back, without a restart.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL restarting', () => {
  const name = `portal_test_outage_${randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.DATABASE_URL ?? '';
  let admin: ReturnType<typeof postgres>;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const direct = new URL(adminUrl);
    direct.pathname = `/${name}`;
    const setup = await openDatabase({ kind: 'postgres', url: direct.toString(), max: 1 });
    await setup.migrate();
    await seedIfEmpty(setup.db, clock(), nodePasswordHasher);
    await setup.close();

    proxy = await databaseProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), max: 4 });
    app = await buildApp({ db: database.db, clock: clock(), config: testConfig(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  it.each(['refuse', 'starting'] as const)(
    'answers 503 while the database is gone (%s) and recovers by itself when it is back',
    async (how) => {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: signInBody,
      });
      expect(signedIn.statusCode).toBe(200);
      const { token } = signedIn.json() as { token: string };

      await proxy.down(how);
      for (const res of await answers(app, token)) expectUnavailable(res);

      await proxy.up();
      const upAt = performance.now();
      // The pool is replaced after its connections closed; allow it a moment, no restart.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer(token) }))
          .statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      // Not after a connect timeout (5 s) of a pool slot the cut left behind.
      expect(performance.now() - upAt).toBeLessThan(4000);
      // Every later request is answered at once: no pool slot is left waiting for a dead connection.
      for (let i = 0; i < 12; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        expect(performance.now() - started).toBeLessThan(2000);
      }
      const again = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: signInBody });
      expect(again.statusCode).toBe(200);
    },
  );

  it('answers again at once after its connections are terminated (admin shutdown of the backends)', async () => {
    await admin.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: signInBody });
      status = res.statusCode;
      // Never a 500 while the driver notices its connections are gone.
      expect([200, 503]).toContain(status);
    }
    expect(status).toBe(200);
  });
});
