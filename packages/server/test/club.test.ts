import { Locations } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, expectRefusal, memberApi } from './support/member-api.ts';

describe.each(databases())('primary club on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const change = (token: string, location_id: unknown) =>
    api.call('POST', '/v1/membership/update-location', token, { location_id });
  const clubs = async (token: string) =>
    Locations.parse((await api.call('GET', '/v1/membership/locations', token)).json());

  it("lists the operator's clubs with their opening and closing dates, and no other operator's", async () => {
    const list = await clubs(await t.signIn('active', 'at'));
    expect(list.map((c) => c.id).sort()).toEqual([
      'at-graz-jakomini',
      'at-linz-urfahr',
      'at-salzburg-lehen',
      'at-wien-mariahilf',
    ]);
    expect(list.find((c) => c.id === 'at-salzburg-lehen')).toMatchObject({ closing_date: '2025-09-30' });
    // Each says where it is and when it is open (the club data the contact page shows).
    for (const club of list) {
      expect(club.address_lines).toHaveLength(2);
      expect(club.address_lines![1]).toMatch(/^\d{4} \S/);
      expect(club.opening_hours!.length).toBeGreaterThan(0);
    }
    // The presale club opens the 1st of the month after next.
    expect(list.find((c) => c.id === 'at-linz-urfahr')).toMatchObject({
      opening_date: '2027-01-01',
      closing_date: null,
    });
  });

  it('moves the member to an open club, logs it and confirms by e-mail in their language', async () => {
    const token = await t.signIn('max_frozen', 'at');
    expect((await api.membership(token)).location.id).toBe('at-wien-mariahilf');
    const res = await change(token, 'at-graz-jakomini');
    expect(res.statusCode).toBe(204);
    expect((await api.membership(token)).location).toMatchObject({
      id: 'at-graz-jakomini',
      name: 'Stride Graz Jakomini',
    });
    const [mail] = await api.outbox('max_frozen@at.example');
    expect(mail?.subject).toBe('Stride Fitness: Ihr Stammclub wurde geändert');
    expect(mail?.body).toContain('Stride Graz Jakomini');
    const logged = (await api.events('max_frozen@at.example')).filter((e) => e.action === 'club_changed');
    expect(logged.map((e) => e.details)).toEqual([
      {
        from: { id: 'at-wien-mariahilf', name: 'Stride Wien Mariahilf' },
        to: { id: 'at-graz-jakomini', name: 'Stride Graz Jakomini' },
      },
    ]);
  });

  it('changes nothing and records nothing when the current club is chosen again', async () => {
    const token = await t.signIn('in_freeze', 'de');
    const current = (await api.membership(token)).location.id;
    const mailsBefore = (await api.outbox('in_freeze@de.example')).length;
    expect((await change(token, current)).statusCode).toBe(204);
    expect((await api.outbox('in_freeze@de.example')).length).toBe(mailsBefore);
    expect((await api.events('in_freeze@de.example')).some((e) => e.action === 'club_changed')).toBe(false);
  });

  it('allows the change in trial, freeze and cancellation', async () => {
    for (const persona of ['in_trial', 'in_freeze', 'in_cancellation'] as const) {
      const token = await t.signIn(persona, 'ch');
      expect((await change(token, 'ch-bern-wankdorf')).statusCode, persona).toBe(204);
    }
  });

  it('refuses presale, the cancelled variants and stopped, naming the status', async () => {
    for (const persona of [
      'presale',
      'cancelled',
      'cancelled_in_presale',
      'cancelled_in_trial',
      'stopped',
    ] as const) {
      const token = await t.signIn(persona, 'no');
      const error = expectRefusal(
        await change(token, 'no-oslo-grunerlokka'),
        'invalid_status_to_change_club',
      );
      expect(error.context).toEqual({ status: persona });
      expect(error.message).toContain(persona);
    }
  });

  it('refuses a club not open yet (with its opening date) and a closed one, in the member language', async () => {
    const token = await t.signIn('active', 'fi');
    const notYet = expectRefusal(await change(token, 'fi-turku-kupittaa'), 'club_not_open_yet');
    expect(notYet.context).toEqual({ opening_date: '2027-01-01' });
    expect(notYet.message).toMatch(/^Tämä keskus avataan 2027-01-01/);
    expectRefusal(await change(token, 'fi-oulu-keskusta'), 'club_closed');
    expect((await api.membership(token)).location.id).toBe('fi-helsinki-kamppi');
  });

  it("answers another operator's club exactly like an unknown one", async () => {
    const token = await t.signIn('active', 'de');
    const other = await change(token, 'at-graz-jakomini');
    const unknown = await change(token, 'no-such-club');
    expectRefusal(other, 'unknown_club');
    expect(other.body).toBe(unknown.body);
    expect(other.body).not.toContain('Graz');
  });

  it('refuses a club the product does not cover', async () => {
    const token = await t.signIn('scheduled_freeze', 'de');
    const [product] = await t.db.select().from(products).where(eq(products.id, 'de-all-clubs'));
    await t.db
      .update(products)
      .set({ locationIds: product!.locationIds.filter((id) => id !== 'de-hamburg-altona') })
      .where(eq(products.id, 'de-all-clubs'));
    try {
      expectRefusal(await change(token, 'de-hamburg-altona'), 'club_not_in_product');
    } finally {
      await t.db
        .update(products)
        .set({ locationIds: product!.locationIds })
        .where(eq(products.id, 'de-all-clubs'));
    }
  });

  it('serialises concurrent changes: the same club once, different clubs one after the other', async () => {
    const token = await t.signIn('unpaid', 'no');
    const same = await Promise.all(Array.from({ length: 5 }, () => change(token, 'no-bergen-sentrum')));
    expect(same.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    const changes = () =>
      api.events('unpaid@no.example').then((e) => e.filter((x) => x.action === 'club_changed'));
    expect(await changes()).toHaveLength(1);
    expect((await api.outbox('unpaid@no.example')).filter((m) => m.subject?.includes('senter'))).toHaveLength(
      1,
    );

    const both = await Promise.all([
      change(token, 'no-oslo-grunerlokka'),
      change(token, 'no-bergen-sentrum'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([204, 204]);
    const logged = await changes();
    // Each change starts from the club the previous one left, and the last one is current.
    for (let i = 1; i < logged.length; i++) {
      expect((logged[i]!.details as { from: { id: string } }).from.id).toBe(
        (logged[i - 1]!.details as { to: { id: string } }).to.id,
      );
    }
    const last = logged.at(-1)!.details as { to: { id: string } };
    expect((await api.membership(token)).location.id).toBe(last.to.id);
  });

  it('answers malformed input with 400 naming the field, and no session with 401', async () => {
    const token = await t.signIn('rfid', 'fi');
    expectInvalid(await api.call('POST', '/v1/membership/update-location', token, {}), 'body.location_id');
    expectInvalid(await change(token, 42), 'body.location_id');
    expectInvalid(await change(token, ''), 'body.location_id');
    expectInvalid(await change(token, 'x'.repeat(65)), 'body.location_id');
    expectInvalid(
      await api.call('POST', '/v1/membership/update-location', token, { location_id: 'a', x: 1 }),
      'body.x',
    );
    expectInvalid(await api.call('POST', '/v1/membership/update-location', token, '{"location_id":'), 'body');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/update-location',
      payload: { location_id: 'fi-tampere-keskusta' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/membership/locations' })).statusCode).toBe(401);
  });
});
