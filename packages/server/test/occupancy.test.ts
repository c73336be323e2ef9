import { Occupancy } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, keys, locations, memberships, members } from '../src/db/schema.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

// A Sunday, 11:00 in Berlin.
const NOW = '2026-11-22T10:00:00Z';

describe.each(databases())('occupancy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
  });
  afterAll(() => t?.close());

  const get = async (club: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/membership/locations/${club}/occupancy`,
      headers: bearer(token),
    });

  it('counts the members of the last visit length and the usual level per hour of the weekday', async () => {
    const token = await t.signIn('active', 'de');
    // A club of the operator without check-ins (every seeded one is made empty here).
    const [club] = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.operatorId, 'de'), sql`${locations.closingDate} is null`))
      .limit(1);
    await t.db.delete(checkIns).where(eq(checkIns.locationId, club!.id));
    // Without a capacity in the club's data: 100.
    await t.db.update(locations).set({ capacity: null }).where(eq(locations.id, club!.id));
    const empty = await get(club!.id, token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(Occupancy.parse(empty.json())).toEqual({
      location_id: club!.id,
      current: 0,
      capacity: 100,
      level: 'quiet',
      updated_at: new Date(NOW).toISOString(),
      typical: [],
    });

    // Ten members' keys to check in with (one each).
    const holders = await t.db
      .select({ keyId: keys.id, membershipId: memberships.id, memberId: members.id })
      .from(keys)
      .innerJoin(memberships, eq(memberships.id, keys.membershipId))
      .innerJoin(members, eq(members.id, memberships.memberId))
      .where(eq(members.operatorId, 'de'))
      .then((rows) => [...new Map(rows.map((r) => [r.memberId, r])).values()].slice(0, 10));
    expect(holders.length).toBe(10);
    let n = 0;
    const row = (at: Date, holder = holders[n % holders.length]!) => ({
      id: `occ-${kind}-${++n}`,
      locationId: club!.id,
      checkInId: `occ-${n}`,
      ...holder,
      at,
      receivedAt: at,
    });
    const minutesAgo = (m: number) => new Date(new Date(NOW).getTime() - m * 60_000);
    // Within 90 minutes: 4 members (one twice); 100 minutes ago: not counted now.
    const recent = [5, 20, 40, 60, 85].map((m, i) => row(minutesAgo(m), holders[i % 4]));
    // Eight Sundays before, at 18:xx Berlin: 30 check-ins each; and 3 at 08:xx.
    const berlin = (date: string, time: string) =>
      new Date(`${date}T${time}:00${date < '2026-10-25' ? '+02:00' : '+01:00'}`);
    const weeks = Array.from({ length: 8 }, (_, w) => {
      const date = new Date(Date.parse('2026-11-22T12:00:00Z') - (w + 1) * 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return [
        ...Array.from({ length: 30 }, (_, i) => row(berlin(date, `18:${String(i).padStart(2, '0')}`))),
        ...Array.from({ length: 3 }, (_, i) => row(berlin(date, `08:${String(i).padStart(2, '0')}`))),
      ];
    }).flat();
    // A Saturday evening is not a Sunday's.
    const saturday = Array.from({ length: 50 }, (_, i) =>
      row(new Date(Date.parse('2026-11-21T12:00:00Z') + i * 1000)),
    );
    // The ninth Sunday before is outside the eight weeks: its busy morning does not count.
    const ninth = Array.from({ length: 30 }, (_, i) =>
      row(berlin('2026-09-20', `08:${String(i).padStart(2, '0')}`)),
    );
    await t.db.insert(checkIns).values([...recent, row(minutesAgo(100)), ...weeks, ...saturday, ...ninth]);
    await t.db.update(locations).set({ capacity: 12 }).where(eq(locations.id, club!.id));

    // Cached for a minute: the same answer, then the new one.
    expect(Occupancy.parse((await get(club!.id, token)).json()).current).toBe(0);
    t.clock.set(new Date(Date.parse(NOW) + 61_000));
    const busy = Occupancy.parse((await get(club!.id, token)).json());
    expect(busy).toMatchObject({ current: 4, capacity: 12, level: 'normal' });
    // 30 an hour × 1.5 h against 12 places: busy; 3 × 1.5 of 12: normal.
    expect(busy.typical).toEqual([
      { hour: 8, level: 'normal' },
      { hour: 18, level: 'busy' },
    ]);
  });

  it("answers 404 for another operator's club and an unknown one", async () => {
    const token = await t.signIn('active', 'de');
    expect((await get('no-oslo-grunerlokka', token)).statusCode).toBe(404);
    expect((await get('nowhere', token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/membership/locations/x/occupancy' })).statusCode,
    ).toBe(401);
  });
});
