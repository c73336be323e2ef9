import { randomUUID } from 'node:crypto';
import { type OperatorId, Workouts } from '@portal/contract';
import { and, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, keys, members, memberships } from '../src/db/schema.ts';
import { demoUsername, type Persona } from '@portal/demo-data';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

const workoutsOf = async (t: TestApp, persona: Persona, op: OperatorId) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/workouts',
    headers: bearer(await t.signIn(persona, op)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return Workouts.parse(res.json());
};

const memberOf = async (t: TestApp, persona: Persona, op: OperatorId) => {
  const [row] = await t.db
    .select({ memberId: members.id, membershipId: memberships.id, locationId: memberships.locationId })
    .from(members)
    .innerJoin(memberships, eq(memberships.memberId, members.id))
    .where(and(eq(members.operatorId, op), eq(members.username, demoUsername(persona, op))));
  return row!;
};

describe.each(databases())('workouts counted in SQL on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-01-10T10:00:00Z' });
  });
  afterAll(() => t?.close());

  /** Stores check-ins straight away: these tests are about counting, the door's rule has its own. */
  const store = async (persona: Persona, op: OperatorId, instants: string[]) => {
    const { memberId, membershipId, locationId } = await memberOf(t, persona, op);
    const [key] = await t.db.select({ id: keys.id }).from(keys).where(eq(keys.membershipId, membershipId));
    await t.db.insert(checkIns).values(
      instants.map((at) => ({
        id: randomUUID(),
        locationId,
        checkInId: randomUUID(),
        memberId,
        membershipId,
        keyId: key!.id,
        at: new Date(at),
        receivedAt: new Date(at),
      })),
    );
  };

  // 21:30 UTC on 31 December is 22:30 in Berlin and 23:30 in Helsinki; 22:30 UTC is 23:30 in
  // Berlin but already 00:30 on 1 January in Helsinki; 23:30 UTC is January in both.
  const INSTANTS = [
    '2025-10-15T10:00:00Z',
    '2025-12-31T21:30:00Z',
    '2025-12-31T22:30:00Z',
    '2025-12-31T23:30:00Z',
    '2026-01-10T09:59:00Z',
    // After now: not a workout yet.
    '2026-01-10T10:30:00Z',
  ];

  it("groups by the month in the operator's timezone, across the turn of the year", async () => {
    await store('in_trial', 'fi', INSTANTS);
    await store('in_trial', 'de', INSTANTS);
    expect(await workoutsOf(t, 'in_trial', 'fi')).toEqual({
      total: 5,
      months: [
        { year: 2025, month: 10, count: 1, ytd: 1 },
        { year: 2025, month: 11, count: 0, ytd: 1 },
        { year: 2025, month: 12, count: 1, ytd: 2 },
        { year: 2026, month: 1, count: 3, ytd: 3 },
      ],
    });
    expect(await workoutsOf(t, 'in_trial', 'de')).toEqual({
      total: 5,
      months: [
        { year: 2025, month: 10, count: 1, ytd: 1 },
        { year: 2025, month: 11, count: 0, ytd: 1 },
        { year: 2025, month: 12, count: 2, ytd: 3 },
        { year: 2026, month: 1, count: 2, ytd: 2 },
      ],
    });
  });

  it('lists the months without check-ins up to the current month with zero, and nothing before the first', async () => {
    await store('in_trial', 'no', ['2025-09-30T21:59:00Z', '2025-09-30T22:00:00Z']);
    expect(await workoutsOf(t, 'in_trial', 'no')).toEqual({
      total: 2,
      months: [
        // 23:59 on 30 September in Oslo, and midnight of 1 October.
        { year: 2025, month: 9, count: 1, ytd: 1 },
        { year: 2025, month: 10, count: 1, ytd: 2 },
        { year: 2025, month: 11, count: 0, ytd: 2 },
        { year: 2025, month: 12, count: 0, ytd: 2 },
        { year: 2026, month: 1, count: 0, ytd: 0 },
      ],
    });
    expect(await workoutsOf(t, 'in_trial', 'at')).toEqual({ total: 0, months: [] });
  });

  it("counts only the member's own check-ins", async () => {
    const other = await workoutsOf(t, 'presale', 'fi');
    expect(other).toEqual({ total: 0, months: [] });
  });
});

describe.each(databases())('seeded workouts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
  });
  afterAll(() => t?.close());

  const stored = async (persona: Persona, op: OperatorId) => {
    const { memberId } = await memberOf(t, persona, op);
    return t.db
      .select({ at: checkIns.at })
      .from(checkIns)
      .where(and(eq(checkIns.memberId, memberId), lte(checkIns.at, new Date('2026-11-22T10:00:00Z'))));
  };

  it('gives the active members a year of visits a month, as many as the check-ins stored', async () => {
    for (const op of ['de', 'at', 'ch', 'no', 'fi'] as const) {
      const w = await workoutsOf(t, 'active', op);
      expect(w.months.map((m) => `${m.year}-${m.month}`)).toEqual([
        '2025-12',
        ...Array.from({ length: 11 }, (_, i) => `2026-${i + 1}`),
      ]);
      // Whole months between 4 and 16 visits; this month so far fewer.
      for (const m of w.months.slice(0, -1)) expect(m.count).toBeGreaterThanOrEqual(4);
      for (const m of w.months) expect(m.count).toBeLessThanOrEqual(16);
      expect(w.months[0]?.ytd).toBe(w.months[0]?.count);
      expect(w.months.at(-1)?.ytd).toBe(w.months.slice(1).reduce((sum, m) => sum + m.count, 0));
      expect(w.total).toBe((await stored('active', op)).length);
    }
  });

  it('shows no visits while frozen nor after the end, as zero months', async () => {
    const frozen = await workoutsOf(t, 'in_freeze', 'de');
    expect(frozen.months.at(-1)).toEqual(expect.objectContaining({ year: 2026, month: 11, count: 0 }));
    const maxFrozen = await workoutsOf(t, 'max_frozen', 'no');
    expect(maxFrozen.months.filter((m) => m.year === 2026 && m.month >= 8 && m.month <= 10)).toEqual([
      expect.objectContaining({ month: 8, count: 0 }),
      expect.objectContaining({ month: 9, count: 0 }),
      expect.objectContaining({ month: 10, count: 0 }),
    ]);
    // Cancelled: ended on 30 September, so October and November show zero.
    const cancelled = await workoutsOf(t, 'cancelled', 'fi');
    expect(cancelled.months.slice(-2).map((m) => m.count)).toEqual([0, 0]);
    expect(cancelled.months.at(-3)?.count).toBeGreaterThan(0);
    const trial = await workoutsOf(t, 'in_trial', 'ch');
    expect(trial).toEqual({ total: 0, months: [] });
  });
});
