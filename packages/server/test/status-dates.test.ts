import { Membership } from '@portal/contract';
import {
  effectiveFreezeEnd,
  endOfMonth,
  firstOfNextMonth,
  getOperator,
  monthsBetweenInclusive,
  operatorIds,
  todayIn,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_STATUS, PERSONAS } from '@portal/demo-data';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

/** Freeze months of a calendar year, counting each month a freeze touches. */
function freezeMonthsIn(year: string, freezes: Membership['freeze_periods']): number {
  let months = 0;
  for (const f of freezes) {
    const end = effectiveFreezeEnd(f);
    if (!end) continue;
    const from = f.begin_date < `${year}-01-01` ? `${year}-01-01` : f.begin_date;
    const to = end > `${year}-12-31` ? `${year}-12-31` : end;
    if (from <= to) months += monthsBetweenInclusive(from, to);
  }
  return months;
}

// 2026-11-22 (the harness default) is covered by membership.test.ts.
const CLOCKS = [
  '2026-01-15T10:00:00Z',
  '2026-03-31T10:00:00Z',
  // 31 December everywhere but Helsinki, where it is already 1 January 2027.
  '2026-12-31T23:30:00Z',
  '2028-02-29T12:00:00Z',
];

describe.each(databases())('demo personas over the calendar on %s', (kind) => {
  describe.each(CLOCKS)('PORTAL_CLOCK=%s', (now) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(kind, { now });
    });
    afterAll(() => t?.close());

    it('derives each persona’s status, for every operator', async () => {
      for (const op of operatorIds) {
        const today = todayIn(getOperator(op).timezone, new Date(now));
        const memberships = await Promise.all(
          PERSONAS.map(async (persona) => {
            const token = await t.signIn(persona, op);
            const res = await t.app.inject({
              method: 'GET',
              url: '/api/v2/membership',
              headers: bearer(token),
            });
            expect(res.statusCode).toBe(200);
            return [persona, Membership.parse(res.json())] as const;
          }),
        );
        for (const [persona, m] of memberships) {
          expect(m.status, `${persona}@${op} on ${today}`).toBe(PERSONA_STATUS[persona]);
        }
        const by = Object.fromEntries(memberships);

        const maxFrozen = by.max_frozen!;
        expect(
          freezeMonthsIn(today.slice(0, 4), maxFrozen.freeze_periods),
          `max_frozen@${op} on ${today}`,
        ).toBe(3);
        // Past months where the year allows; from April on, no freeze of this year is still to come.
        if (Number(today.slice(5, 7)) >= 4) expect(maxFrozen.scheduled_freeze).toBeNull();

        expect(by.scheduled_freeze!.scheduled_freeze).toMatchObject({
          begin_date: firstOfNextMonth(today),
          end_date: endOfMonth(firstOfNextMonth(today)),
        });
        expect(by.in_freeze!.activates_on).toBe(firstOfNextMonth(today));
        expect(by.in_cancellation!.end_date).toBe(endOfMonth(firstOfNextMonth(today)));
        expect(by.presale!.location.opening_date! > today).toBe(true);
        expect(by.in_trial!.begin_date > today).toBe(true);
      }
    });
  });
});
