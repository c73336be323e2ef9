import { ErrorBody, Invoices } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('invoice list in pages on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(kind);
    token = await t.signIn('active', 'de');
  });
  afterAll(() => t?.close());

  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const nextLink = (link: unknown) => /^<([^>]+)>; rel="next"$/.exec(String(link ?? ''))?.[1];

  it('answers every invoice without a query, as the contract has always shown it, with no next page', async () => {
    const res = await get('/api/v1/membership/invoices');
    expect(res.statusCode).toBe(200);
    const [member] = await t.db
      .select({ id: schema.members.id })
      .from(schema.members)
      .where(eq(schema.members.username, 'active@de.example'));
    const stored = await t.db
      .select({ id: schema.invoices.id })
      .from(schema.invoices)
      .where(eq(schema.invoices.memberId, member!.id));
    expect(stored.length).toBeGreaterThan(20);
    expect(Invoices.parse(res.json())).toHaveLength(stored.length);
    expect(res.headers.link).toBeUndefined();
  });

  it('pages newest first with limit, and the next link goes on where the page ended until none is left', async () => {
    const all = Invoices.parse((await get('/api/v1/membership/invoices')).json());
    const seen: string[] = [];
    let url: string | undefined = '/api/v1/membership/invoices?limit=5';
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const page = Invoices.parse(res.json());
      expect(page.length).toBeLessThanOrEqual(5);
      seen.push(...page.map((i) => i.id));
      url = nextLink(res.headers.link);
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(seen).toEqual(all.map((i) => i.id));
  });

  it('refuses a page after another member’s invoice as if it did not exist', async () => {
    const other = await t.signIn('active', 'no');
    const [theirs] = Invoices.parse((await get('/api/v1/membership/invoices?limit=1', other)).json());
    for (const before of [theirs!.id, 'no-such-invoice']) {
      const res = await get(`/api/v1/membership/invoices?before=${encodeURIComponent(before)}`);
      expect(res.statusCode).toBe(400);
      expect(ErrorBody.parse(res.json()).errors[0]?.context?.field).toBe('query.before');
    }
  });

  it('refuses a limit out of range and unknown parameters with 400', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=ten', 'page=2']) {
      const res = await get(`/api/v1/membership/invoices?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('invalid_request');
    }
  });
});
