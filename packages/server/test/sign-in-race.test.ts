import { ErrorBody } from '@portal/contract';
import { DEMO_PASSWORD, demoUsername } from '@portal/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';

// Attempts sent at once are counted before their password is checked, so no more than the
// limit reach the check (docs/security.md, R7; ADR 005).
describe.each(databases())('sign-in attempts sent at once on %s', (kind) => {
  let t: TestApp;
  const limits = testConfig().signInLimits;
  beforeAll(async () => {
    t = await startApp(kind, {
      // No delay: it would only space the attempts out.
      config: { signInLimits: { ...limits, delay: { afterFailures: 100, baseMs: 0, maxMs: 0 } } },
    });
  });
  afterAll(() => t?.close());

  const authenticate = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username, password, operator_id: 'de' },
      remoteAddress: ip,
    });
  const tally = (codes: number[]) => ({
    checked: codes.filter((c) => c === 401).length,
    refused: codes.filter((c) => c === 429).length,
    other: codes.filter((c) => c !== 401 && c !== 429),
  });

  it('checks at most 5 of 30 wrong passwords for one username from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => authenticate(demoUsername('active', 'de'), 'wrong', '10.7.0.1')),
    );
    const { checked, refused, other } = tally(answers.map((a) => a.statusCode));
    expect(other).toEqual([]);
    expect(checked).toBe(limits.perIpAndUsername);
    expect(refused).toBe(30 - limits.perIpAndUsername);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(limited.json()).errors[0]?.type).toBe('rate_limited');
    // Only that address is refused; the member signs in from elsewhere.
    expect((await authenticate(demoUsername('active', 'de'), DEMO_PASSWORD, '10.7.0.2')).statusCode).toBe(
      200,
    );
  });

  it('checks at most 20 of 40 wrong passwords across usernames from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => authenticate(`ghost${i}@de.example`, 'wrong', '10.7.1.1')),
    );
    const { checked, refused, other } = tally(answers.map((a) => a.statusCode));
    expect(other).toEqual([]);
    expect(checked).toBe(limits.perIp);
    expect(refused).toBe(40 - limits.perIp);
  });

  it('does not count a right password as a failure', async () => {
    const username = demoUsername('active', 'de');
    for (let i = 0; i < 2; i++)
      expect((await authenticate(username, 'wrong', '10.7.2.1')).statusCode).toBe(401);
    // Right passwords sent at once: each one is counted while its check runs (2 + 3 is
    // within the limit of 5) and is no failure once it succeeded.
    const right = await Promise.all(
      Array.from({ length: 3 }, () => authenticate(username, DEMO_PASSWORD, '10.7.2.1')),
    );
    expect(right.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // The right password cleared this address's count: five more tries before the limit.
    for (let i = 0; i < limits.perIpAndUsername; i++)
      expect((await authenticate(username, 'wrong', '10.7.2.1')).statusCode).toBe(401);
    expect((await authenticate(username, 'wrong', '10.7.2.1')).statusCode).toBe(429);
  });

  it('checks at most 5 of 30 current passwords sent at once to the password change', async () => {
    const token = await t.signIn('active', 'de');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/membership/password',
          headers: bearer(token),
          payload: { current_password: 'not-it', new_password: 'Brand new horse battery 42' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
  });
});
