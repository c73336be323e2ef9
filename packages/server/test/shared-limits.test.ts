import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { postPublic } from './support/declarations.ts';
import { bearer, requestUnknownReset, startApp, type TestApp, testConfig } from './support/harness.ts';

// Two portal processes behind one load balancer must share their request limits, or a
// client could multiply them by the number of processes. Runs when REDIS_URL is set.
describe.runIf(process.env.REDIS_URL)('request limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const config = {
    redisUrl: process.env.REDIS_URL ?? '',
    redisKeyPrefix: `portal-test-${randomBytes(4).toString('hex')}:`,
  };
  beforeAll(async () => {
    first = await startApp('pglite', { config });
    second = await startApp('pglite', { config });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const reset = requestUnknownReset;

  it('counts password-reset requests across processes', async () => {
    for (let i = 0; i < 30; i++) expect((await reset(i % 2 === 0 ? first : second)).statusCode).toBe(204);
    const refused = await reset(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(refused.json()).errors[0]?.type).toBe('rate_limited');
    expect((await reset(first)).statusCode).toBe(429);
  });

  it('counts password updates per address across processes (security finding 8)', async () => {
    const update = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update',
        payload: { operator_id: 'de', token: 'guessed-token', password: 'new-secret' },
        remoteAddress: '192.0.2.55',
      });
    for (let i = 0; i < 30; i++) expect((await update(i % 2 === 0 ? first : second)).statusCode).toBe(422);
    const refused = await update(first);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await update(second)).statusCode).toBe(429);
  });

  it('counts a member’s phone_verify calls across processes on one database (security finding 8)', async () => {
    // A second process on the first one's database, sharing its Redis.
    const other = await buildApp({
      db: first.db,
      clock: first.clock,
      config: testConfig(config),
      logger: false,
    });
    await other.ready();
    try {
      const token = await first.signIn('active', 'no');
      const send = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/membership/phone_verify',
          headers: bearer(token),
          payload: { domain: 'no.localhost', mobile: '+4721234567' },
        });
      // Not a mobile number: refused before sending, but every call counts.
      for (let i = 0; i < 10; i++) expect((await send(i % 2 === 0 ? first.app : other)).statusCode).toBe(400);
      const refused = await send(other);
      expect(refused.statusCode).toBe(429);
      expect(ErrorBody.parse(refused.json()).errors[0]?.type).toBe('rate_limited');
      expect((await send(first.app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('counts public cancellations per address across processes (ADR 010)', async () => {
    const declare = (t: TestApp, n: number) =>
      postPublic(
        t,
        {
          operator_id: 'de',
          locale: 'de-DE',
          kind: 'ordinary',
          contract: 'membership',
          first_name: 'Max',
          last_name: `Probe${n}`,
          email: `max${n}@example.org`,
          confirmation_email: `max${n}@example.org`,
        },
        '192.0.2.77',
      );
    for (let n = 0; n < 5; n++) expect((await declare(n % 2 === 0 ? first : second, n)).statusCode).toBe(200);
    const refused = await declare(first, 5);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
