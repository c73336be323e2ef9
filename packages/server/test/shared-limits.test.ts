import { randomBytes } from 'node:crypto';
import { ErrorBody } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPublic } from './support/declarations.ts';
import { startApp, type TestApp } from './support/harness.ts';

// Two portal processes behind one load balancer must share their request limits, or a
// client could multiply them by the number of processes. Runs when REDIS_URL is set.
describe.runIf(process.env.REDIS_URL)('request limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const config = {
      redisUrl: process.env.REDIS_URL!,
      redisKeyPrefix: `portal-test-${randomBytes(4).toString('hex')}:`,
    };
    first = await startApp('pglite', { config });
    second = await startApp('pglite', { config });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const reset = (t: TestApp) =>
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

  it('counts password-reset requests across processes', async () => {
    for (let i = 0; i < 30; i++) expect((await reset(i % 2 === 0 ? first : second)).statusCode).toBe(204);
    const refused = await reset(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(refused.json()).errors[0]?.type).toBe('rate_limited');
    expect((await reset(first)).statusCode).toBe(429);
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
