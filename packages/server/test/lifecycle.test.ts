import { Writable } from 'node:stream';
import { ErrorBody } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { openDatabase } from '../src/db/client.ts';
import { createLifecycle } from '../src/http/lifecycle.ts';
import { refusingPort } from './support/outage.ts';
import { databases, startApp, type TestApp, testConfig } from './support/harness.ts';

const PROXY = '127.0.0.1';

describe.each(databases())('instance identity, health and proxy trust (%s)', (kind) => {
  let t: TestApp;
  const lifecycle = createLifecycle();
  beforeAll(async () => {
    t = await startApp(kind, {
      lifecycle,
      config: {
        instanceId: 'portal-test-7',
        trustProxy: PROXY,
        signInLimits: {
          ...testConfig().signInLimits,
          perIp: 3,
          delay: { afterFailures: 50, baseMs: 1, maxMs: 1 },
        },
      },
    });
  });
  afterAll(() => t?.close());

  const failSignIn = (n: number, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: `nobody${n}@de.example`, password: 'wrong', operator_id: 'de' },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('names the instance on every answer: success, unknown path and bad input', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['x-instance']).toBe('portal-test-7');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-instance']).toBe('portal-test-7');
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { x: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-instance']).toBe('portal-test-7');
  });

  it('keeps a sane incoming X-Request-Id and replaces anything else', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
    });
    expect(kept.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'drop table; <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
  });

  it('limits sign-ins by the client address the trusted proxy forwards', async () => {
    for (let i = 0; i < 3; i++) expect((await failSignIn(i, PROXY, '203.0.113.10')).statusCode).toBe(401);
    expect((await failSignIn(3, PROXY, '203.0.113.10')).statusCode).toBe(429);
    // Another client behind the same proxy is not limited by the first one's failures.
    expect((await failSignIn(4, PROXY, '203.0.113.11')).statusCode).toBe(401);
    // A client's own X-Forwarded-For before the proxy's entry changes nothing.
    expect((await failSignIn(5, PROXY, '198.51.100.1, 203.0.113.10')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that is not the proxy', async () => {
    const direct = '192.0.2.77';
    for (let i = 0; i < 3; i++)
      expect((await failSignIn(10 + i, direct, `198.51.100.${20 + i}`)).statusCode).toBe(401);
    expect((await failSignIn(13, direct, '198.51.100.99')).statusCode).toBe(429);
  });

  it('is ready while the database answers, and answers 503 with Retry-After and Connection: close while draining', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers.connection).not.toBe('close');
    lifecycle.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(Number(draining.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(draining.json()).errors[0]?.type).toBe('draining');
    expect(draining.headers.connection).toBe('close');
    // Still alive, and other requests are still answered, each closing its connection.
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });
});

describe('request logs behind a proxy', () => {
  it('log each request under the id the proxy sent, with the instance and the forwarded client address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig({ instanceId: 'portal-log-3', trustProxy: '127.0.0.1' });
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({
      db: database.db,
      clock: systemClock,
      config,
      logger: { ...(loggerOptions('info', config.instanceId) as object), stream },
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/api/health/live',
        remoteAddress: '127.0.0.1',
        headers: { 'x-request-id': 'f00dfeedf00dfeedf00dfeedf00dfeed', 'x-forwarded-for': '203.0.113.44' },
      });
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      // One line per request (ADR 020): the request and its answer together, when it ends.
      expect(entries.filter((e) => e.msg === 'incoming request')).toEqual([]);
      const completed = entries.filter((e) => e.msg === 'request completed');
      expect(completed).toHaveLength(1);
      expect(completed[0]).toMatchObject({
        reqId: 'f00dfeedf00dfeedf00dfeedf00dfeed',
        instance: 'portal-log-3',
        req: { method: 'GET', url: '/api/health/live', remoteAddress: '203.0.113.44' },
        res: { statusCode: 200 },
      });
      expect(completed[0]?.responseTime).toEqual(expect.any(Number));
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('readiness without a database', () => {
  it('answers 503 with the error body when the database does not answer', async () => {
    const port = await refusingPort();
    const database = await openDatabase({
      kind: 'postgres',
      url: `postgres://nobody@127.0.0.1:${port}/none`,
    });
    const app = await buildApp({ db: database.db, clock: systemClock, config: testConfig(), logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
      expect(ErrorBody.parse(ready.json()).errors[0]?.type).toBe('service_unavailable');
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
