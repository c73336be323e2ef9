import { ErrorBody } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

// The session check runs before the body is parsed or validated (docs/security.md, R11):
// without a live session the answer is 401 whatever the body, query or params hold.

describe.each(databases())('the session check before validation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  const cases = [
    ['POST', '/api/v1/membership/event', '{"action":1}'],
    ['POST', '/api/v1/membership/event', '{"action":'],
    ['POST', '/api/v1/membership/cancellations', '{"kind":"nope","extra":true}'],
    ['PATCH', '/api/v1/membership/freeze_periods/not-an-id', '[]'],
    ['GET', '/api/v1/membership/invoices?page=-1&bogus=1', undefined],
  ] as const;

  it.each([
    ['no token', {}],
    ['an unknown token', bearer('not-a-session')],
  ])('answers %s with a bad body, query or params 401', async (_, headers) => {
    for (const [method, url, payload] of cases) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url} ${payload}`).toBe(401);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('unauthorized');
    }
  });

  it('still answers a signed-in member’s bad body 400 naming the field', async () => {
    const token = await t.signIn('active', 'de');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/event',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"action":1,"status":"success"}',
    });
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json()).errors[0]?.context?.field).toBe('body.action');
  });
});
