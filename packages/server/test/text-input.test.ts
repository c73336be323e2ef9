import { type Endpoint, ErrorBody, endpoints } from '@portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';
import { fieldNames } from './support/fields.ts';

/*
 * The contract's text rule (docs/security.md, R2): a lone UTF-16 surrogate or a NUL in any
 * string a request carries is a 400 naming the field, never a database error.
 */

const BAD = ['\ud800', '\udfff', '\u0000', '\udc00\ud800'] as const;
/** A string holding at least one character PostgreSQL refuses, anywhere in it. */
const badText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
/** The same in a URL: NUL percent-encoded, a surrogate as the bytes CESU-8 would give it. */
const badUrlText = fc.constantFrom('%00', 'a%00b', '%ED%A0%80', 'x%ED%BF%BFy');

const withInput = Object.entries(endpoints as Record<string, Endpoint>).filter(
  ([, e]) => e.body || e.query || e.params,
);

describe.each(databases())('lone surrogates and NUL in input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(kind);
    token = await t.signIn('active', 'de');
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });

  const expect400 = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.errors.map((e) => e.context?.field)).toEqual([field]);
  };

  it('answers a password reset request with a lone surrogate 400 naming the field (no sign-in needed)', async () => {
    const reset = { operator_id: 'de', username: 'a\ud800', url: 'http://de.localhost/', locale: 'en-DE' };
    expect400(await post('/api/auth/reset', reset), 'body.username');
    expect400(await post('/api/auth/reset', { ...reset, username: 'a', url: 'x\udc00' }), 'body.url');
  });

  it('answers an event with a lone surrogate in its action, a detail or a detail key 400', async () => {
    const auth = bearer(token);
    expect400(
      await post('/api/v1/membership/event', { action: 'v\ud800', status: 'success' }, auth),
      'body.action',
    );
    expect400(
      await post(
        '/api/v1/membership/event',
        { action: 'v', status: 'success', details: { k: ['x', 'y\udfff'] } },
        auth,
      ),
      'body.details.k.1',
    );
    expect400(
      await post(
        '/api/v1/membership/event',
        { action: 'v', status: 'success', details: { '\ud800': 1 } },
        auth,
      ),
      'body.details',
    );
    expect400(
      await post(
        '/api/v1/membership/event',
        { action: 'v', status: 'success', details: { k: { n: 'a\u0000' } } },
        auth,
      ),
      'body.details.k.n',
    );
  });

  it('answers both cancellations with a lone surrogate in the reason or a name 400', async () => {
    expect400(
      await post('/api/v1/membership/cancellations', { kind: 'ordinary', reason: 'r\ud800' }, bearer(token)),
      'body.reason',
    );
    expect400(
      await post('/api/v1/public/cancellations', {
        operator_id: 'de',
        locale: 'de-DE',
        kind: 'ordinary',
        first_name: 'A\udc00',
        last_name: 'B',
        membership_number: 'M-1',
        contract: 'membership',
        confirmation_email: 'a@example.com',
      }),
      'body.first_name',
    );
  });

  it('never answers a 5xx for bad text in any field of any operation (property)', async () => {
    const operations = withInput.map(([name, endpoint]) => ({
      name,
      endpoint,
      body: endpoint.body ? fieldNames(endpoint.body) : [],
      query: endpoint.query ? fieldNames(endpoint.query) : [],
    }));
    const nested = fc.oneof(
      badText,
      fc.array(badText, { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), badText), badText, { minKeys: 1, maxKeys: 2 }),
    );
    const request = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        body: op.body.length
          ? fc.dictionary(fc.constantFrom(...op.body), nested, { minKeys: 1 })
          : fc.constant(undefined),
        query: fc.array(fc.tuple(fc.constantFrom(...(op.query.length ? op.query : ['q'])), badUrlText), {
          minLength: 1,
          maxLength: 3,
        }),
        param: badUrlText,
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ op, body, query, param }) => {
        const path = op.endpoint.path.replace(/:[a-z_]+/g, param);
        const search = op.endpoint.query ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
        const res = await t.app.inject({
          method: op.endpoint.method,
          url: `/api${path}${search}`,
          ...(body !== undefined
            ? {
                payload: JSON.stringify(body),
                headers: { 'content-type': 'application/json', ...bearer(token) },
              }
            : { headers: bearer(token) }),
        });
        expect(res.statusCode, `${op.name} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${op.name} ${res.body}`).toBeLessThan(500);
        expect(ErrorBody.parse(res.json()).status).toBe(res.statusCode);
      }),
      { numRuns: kind === 'pglite' ? 300 : 200 },
    );
  });
});
