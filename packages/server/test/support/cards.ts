import { CardFormUrl, ErrorBody, Membership } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { bearer, type TestApp } from './harness.ts';

/** A test card as typed on the hosted page. */
export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
}

export type ThreeDs = 'confirm' | 'fail';

/** The HTTP steps of the card update, driven like a browser with app.inject. */
export function cardClient(t: TestApp) {
  const api = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload }),
    });

  const pathOf = (url: string) => {
    const u = new URL(url, 'http://localhost');
    return `${u.pathname}${u.search}`;
  };
  /** The page's address with `suffix` after its path (before its `?locale=`). */
  const withPath = (url: string, suffix: string) => {
    const u = new URL(url, 'http://localhost');
    u.pathname += suffix;
    return u.toString();
  };
  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const unescapeHtml = (s: string) =>
    s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

  /** Where a finished page sends the member: a redirect (verifone) or the top-window link (dibs). */
  function returnTarget(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string {
    if (res.statusCode === 303) return String(res.headers.location);
    expect(res.statusCode).toBe(200);
    const link = /<a id="return-link" href="([^"]+)" target="_top">/.exec(res.body);
    expect(link, res.body).not.toBeNull();
    return unescapeHtml(link![1]!);
  }

  return {
    api,
    post,
    verifoneUrl: async (token: string) => {
      const res = await api('GET', '/v1/membership/verifone_url', token);
      expect(res.statusCode, res.body).toBe(200);
      return CardFormUrl.parse(res.json()).url;
    },
    dibsUrl: (token: string, query: Record<string, string>) =>
      api('GET', `/v1/membership/dibs_url?${new URLSearchParams(query)}`, token),
    membership: async (token: string) => Membership.parse((await api('GET', '/v2/membership', token)).json()),
    page: (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) }),

    /** Types the card into the hosted page (and answers 3-D Secure); the address it returns to. */
    async enterCard(url: string, card: CardInput, threeDs: ThreeDs = 'confirm'): Promise<string> {
      const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect(page.statusCode).toBe(200);
      const res = await post(url, {
        card_number: card.number,
        expiry: card.expiry ?? '12/29',
        cvc: card.cvc ?? '8642',
        action: 'pay',
      });
      const pending = /name="pending" value="([^"]+)"/.exec(res.body);
      if (res.statusCode === 200 && pending) {
        return returnTarget(
          await post(withPath(url, '/3ds'), { pending: unescapeHtml(pending[1]!), action: threeDs }),
        );
      }
      return returnTarget(res);
    },
    async cancel(url: string): Promise<string> {
      return returnTarget(await post(url, { action: 'cancel' }));
    },

    /** What the portal posts: every returned query parameter plus location_id. */
    register: (
      token: string,
      returned: string,
      locationId: string,
      change?: (p: Record<string, string>) => void,
    ) => {
      const params = Object.fromEntries(new URL(returned).searchParams);
      change?.(params);
      return api('POST', '/v1/membership/verifone_credit_card', token, {
        ...params,
        location_id: locationId,
      });
    },
  };
}

export function expectError(res: { statusCode: number; json(): unknown }, status: number, type: string) {
  expect(res.statusCode).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.errors.map((e) => e.type)).toEqual([type]);
  return body.errors[0]!;
}

/** Every row of every table of the public schema, as text, to look for card data. */
export async function everyRow(db: Db): Promise<string> {
  const rowsOf = (result: unknown): unknown[] =>
    Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const tables = rowsOf(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`),
  ).map((r) => (r as { table_name: string }).table_name);
  expect(tables).toContain('payment_methods');
  const parts: string[] = [];
  for (const table of tables) {
    parts.push(JSON.stringify(rowsOf(await db.execute(sql.raw(`select * from "${table}"`)))));
  }
  return parts.join('\n');
}
