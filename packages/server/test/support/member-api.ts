import { ErrorBody, type ErrorItem, Membership } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { events, members } from '../../src/db/schema.ts';
import { bearer, type TestApp } from './harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
}

/** Calls of a signed-in member against a test app, and what the server recorded for them. */
export function memberApi(t: TestApp) {
  const call = (method: Method, url: string, token: string, payload?: string | object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        ...bearer(token),
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });

  return {
    call,
    async membership(token: string) {
      return Membership.parse((await call('GET', '/v2/membership', token)).json());
    },
    /** The member picks `locale` in the portal, which stores it as theirs (docs/architecture.md). */
    async chooseLanguage(token: string, locale: string) {
      const chosen = Membership.parse((await call('GET', `/v2/membership?locale=${locale}`, token)).json());
      if (chosen.locale !== locale) throw new Error(`${locale} was not stored`);
    },
    async outbox(to: string): Promise<OutboxEntry[]> {
      return (
        await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })
      ).json();
    },
    /** The server's event log of a member, oldest first. */
    async events(username: string) {
      const [member] = await t.db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.username, username));
      const rows = await t.db.select().from(events).where(eq(events.memberId, member!.id));
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}

/** Expects a 422 with one error item of `type`, and answers that item. */
export function expectRefusal(res: { statusCode: number; json(): unknown }, type: string): ErrorItem {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  const body = ErrorBody.parse(res.json());
  expect(body.errors[0]?.type).toBe(type);
  return body.errors[0]!;
}

/** Expects a 400 invalid_request that names `field`. */
export function expectInvalid(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = ErrorBody.parse(res.json());
  expect(body.errors.map((e) => [e.type, e.context?.field])).toContainEqual(['invalid_request', field]);
}
