import { ErrorBody, Membership, type OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, memberships } from '../src/db/schema.ts';
import { PERSONA_STATUS, PERSONAS } from '@portal/demo-data';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('membership read model on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const tokenOf = async (persona: (typeof PERSONAS)[number], op: OperatorId) => {
    const key = `${persona}@${op}`;
    if (!tokens.has(key)) tokens.set(key, await t.signIn(persona, op));
    return tokens.get(key)!;
  };
  const get = async (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  it('parses with the contract for every persona of every operator, with the persona’s status', async () => {
    for (const op of operatorIds) {
      for (const persona of PERSONAS) {
        const res = await get('/api/v2/membership', await tokenOf(persona, op));
        expect(res.statusCode, `${persona}@${op}`).toBe(200);
        const m = Membership.parse(res.json());
        expect(m.status, `${persona}@${op}`).toBe(PERSONA_STATUS[persona]);
        expect(m.operator.id).toBe(op);
        expect(m.profile.email).toBe(`${persona}@${op}.example`);
      }
    }
  });

  it('shows the persona details the demo relies on', async () => {
    const read = async (persona: (typeof PERSONAS)[number], op: OperatorId) =>
      Membership.parse((await get('/api/v2/membership', await tokenOf(persona, op))).json());

    const frozen = await read('in_freeze', 'de');
    expect(frozen.activates_on).toBe('2026-12-01');
    const scheduled = await read('scheduled_freeze', 'de');
    expect(scheduled.scheduled_freeze).toMatchObject({ begin_date: '2026-12-01', end_date: '2026-12-31' });
    const cancelling = await read('in_cancellation', 'at');
    expect(cancelling.end_date).toBe('2026-12-31');
    const trial = await read('in_trial', 'ch');
    expect(trial.activates_on).toBe('2026-12-02');
    expect(trial.current_payment_method).toBeNull();
    const presale = await read('presale', 'fi');
    expect(presale.location.opening_date! > '2026-11-22').toBe(true);
    expect(presale.begin_date).toBe(presale.location.opening_date);
    expect(presale.activates_on).toBe(presale.begin_date);
    const rfid = await read('rfid', 'no');
    expect(rfid.keys.map((k) => k.type)).toEqual(['rfid']);
    const active = await read('active', 'no');
    expect(active.keys.filter((k) => k.type === 'pin')[0]?.status).toBe('active');
    const invalid = await read('invalid_details', 'ch');
    expect(invalid.profile.mobile.prefix).toBe('0041');
    expect(active.profile.mobile.prefix).toBe('+47');
  });

  it('chooses the language of presentations from ?locale=, else the request’s, else the member’s locale', async () => {
    const token = await tokenOf('active', 'de');
    const byDefault = Membership.parse((await get('/api/v2/membership', token)).json());
    expect(byDefault.locale).toBe('de-DE');
    expect(byDefault.product.presentation.name).toBe('Alle Clubs');
    expect(byDefault.referral?.presentation).toContain('\n');
    expect(byDefault.referral?.presentation).toMatch(/^Teile/);
    const asked = await t.app.inject({
      method: 'GET',
      url: '/api/v2/membership',
      headers: { ...bearer(token), 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(Membership.parse(asked.json()).product.presentation.name).toBe('All Clubs');
    const english = Membership.parse((await get('/api/v2/membership?locale=en-DE', token)).json());
    expect(english.product.presentation.name).toBe('All Clubs');
    // The chosen language is stored; back to German for the other tests.
    expect(english.locale).toBe('en-DE');
    expect(Membership.parse((await get('/api/v2/membership?locale=de-DE', token)).json()).locale).toBe(
      'de-DE',
    );
    const norwegian = Membership.parse(
      (await get('/api/v2/membership', await tokenOf('active', 'no'))).json(),
    );
    expect(norwegian.product.presentation.name).toBe('Alle sentre');
  });

  it('refuses an invalid locale or an unknown query parameter with 400', async () => {
    const token = await tokenOf('active', 'de');
    for (const [query, field] of [
      ['locale=german', 'query.locale'],
      ['locale=de_DE', 'query.locale'],
      ['locale=de-DE&locale=en-DE', 'query.locale'],
      ['foo=1', 'query.foo'],
    ] as const) {
      const res = await get(`/api/v2/membership?${query}`, token);
      expect(res.statusCode, query).toBe(400);
      const body = ErrorBody.parse(res.json());
      expect(body.errors[0]).toMatchObject({ type: 'invalid_request', context: { field } });
    }
  });

  it('stores membership events', async () => {
    const token = await tokenOf('unpaid', 'de');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/event',
      headers: bearer(token),
      payload: { action: 'update_credit_card', status: 'in_progress', details: { source: 'payment page' } },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.select().from(events).where(eq(events.action, 'update_credit_card'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'in_progress', details: { source: 'payment page' } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/event',
      headers: bearer(token),
      payload: { action: 'x', status: 'done' },
    });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).errors[0]?.context?.field).toBe('body.status');
  });

  // The session check and the read model are one query (docs/performance.md): a live
  // session without a membership is a 404, and of several memberships the newest is read.
  it('answers 404 to a signed-in member without a membership and reads the newest of several', async () => {
    const movedToken = await tokenOf('cancelled', 'fi');
    const keptToken = await tokenOf('stopped', 'fi');
    const moved = Membership.parse((await get('/api/v2/membership', movedToken)).json());
    const kept = Membership.parse((await get('/api/v2/membership', keptToken)).json());
    const [owner] = await t.db
      .select({ memberId: memberships.memberId })
      .from(memberships)
      .where(eq(memberships.id, kept.id));
    // The first member's membership goes to the second, as the newer of the two.
    await t.db
      .update(memberships)
      .set({ memberId: owner!.memberId, createdAt: new Date('2026-11-21T00:00:00Z') })
      .where(eq(memberships.id, moved.id));

    const none = await get('/api/v2/membership', movedToken);
    expect(none.statusCode).toBe(404);
    expect(ErrorBody.parse(none.json()).errors[0]?.type).toBe('not_found');
    const newest = Membership.parse((await get('/api/v2/membership', keptToken)).json());
    expect(newest.id).toBe(moved.id);
    expect(newest.profile.email).toBe('stopped@fi.example');
  });
});
