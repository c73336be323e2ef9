import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, endOfMonth, firstOfNextMonth, yearOf } from '../src/dates.ts';
import {
  checkFreezeRequest,
  freezeEndOptions,
  freezeStartOptions,
  restOfMonthFee,
  usedFreezeMonths,
} from '../src/freeze.ts';
import { operatorCatalogue } from '../src/operators/catalogue.ts';
import type { FreezeFact, MembershipFacts } from '../src/status.ts';

const de = operatorCatalogue.de;
const at = operatorCatalogue.at;
const facts = (freeze_periods: FreezeFact[] = []): MembershipFacts => ({
  signup_kind: 'regular',
  begin_date: '2024-01-01',
  cancelled_on: null,
  end_date: null,
  stopped_on: null,
  freeze_periods,
});
const freeze = (id: string, begin_date: string, end_date: string, cancel_date: string | null = null) => ({
  id,
  begin_date,
  end_date,
  cancel_date,
});

describe('freeze form options', () => {
  it('offers the first of each of the next 12 months', () => {
    const options = freezeStartOptions(de, [], '2026-11-22');
    expect(options).toHaveLength(12);
    expect(options[0]).toBe('2026-12-01');
    expect(options[11]).toBe('2027-11-01');
  });

  it("offers next year's 12 months when no months remain this year", () => {
    const used = [freeze('a', '2026-02-01', '2026-04-30')];
    const options = freezeStartOptions(de, used, '2026-11-22');
    expect(options[0]).toBe('2027-01-01');
    expect(options[11]).toBe('2027-12-01');
  });

  it('lets a request on the 1st start the same day, except where it must be made before the 1st', () => {
    expect(freezeStartOptions(de, [], '2026-12-01')[0]).toBe('2026-12-01');
    expect(freezeStartOptions(at, [], '2026-12-01')[0]).toBe('2027-01-01');
  });

  it('offers month ends up to the yearly maximum', () => {
    expect(freezeEndOptions(de, [], '2027-01-01')).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(freezeEndOptions(de, [freeze('a', '2027-05-01', '2027-05-31')], '2027-01-01')).toEqual([
      '2027-01-31',
      '2027-02-28',
    ]);
    // Across the new year the months count in their own years.
    expect(freezeEndOptions(de, [], '2026-12-01')).toHaveLength(4);
  });
});

describe('checkFreezeRequest', () => {
  const base = { operator: de, status: 'active' as const, today: '2026-11-22' };

  it('allows a freeze from a coming first to a month end', () => {
    expect(
      checkFreezeRequest({ ...base, facts: facts(), begin_date: '2026-12-01', end_date: '2027-01-31' }),
    ).toEqual([]);
  });

  it('refuses statuses that cannot freeze, naming the status', () => {
    expect(
      checkFreezeRequest({
        ...base,
        status: 'in_cancellation',
        facts: facts(),
        begin_date: '2026-12-01',
        end_date: '2026-12-31',
      }),
    ).toEqual([{ type: 'invalid_status_to_freeze', context: { status: 'in_cancellation' } }]);
  });

  it('refuses dates that are not a first and a month end, or in the past', () => {
    const types = (b: string, e: string) =>
      checkFreezeRequest({ ...base, facts: facts(), begin_date: b, end_date: e }).map((x) => x.type);
    expect(types('2026-12-02', '2026-12-31')).toContain('freeze_begin_not_first_of_month');
    expect(types('2026-12-01', '2026-12-30')).toContain('freeze_end_not_month_end');
    expect(types('2026-11-01', '2026-11-30')).toContain('freeze_begin_too_early');
    expect(types('2027-02-01', '2027-01-31')).toContain('freeze_end_before_begin');
    expect(types('2028-12-01', '2028-12-31')).toContain('freeze_begin_too_late');
  });

  it('allows only one scheduled freeze', () => {
    const f = facts([freeze('s', '2027-01-01', '2027-01-31')]);
    expect(
      checkFreezeRequest({ ...base, facts: f, begin_date: '2027-03-01', end_date: '2027-03-31' }),
    ).toEqual([
      { type: 'scheduled_freeze_present', context: { begin_date: '2027-01-01', end_date: '2027-01-31' } },
    ]);
  });

  it('refuses going beyond the yearly maximum with max and used months', () => {
    const f = facts([freeze('a', '2026-02-01', '2026-03-31')]);
    expect(
      checkFreezeRequest({ ...base, facts: f, begin_date: '2026-12-01', end_date: '2026-12-31' }),
    ).toEqual([]);
    const full = facts([freeze('a', '2026-02-01', '2026-04-30')]);
    expect(
      checkFreezeRequest({ ...base, facts: full, begin_date: '2026-12-01', end_date: '2026-12-31' }),
    ).toEqual([
      { type: 'max_freeze_months_reached', context: { max_months: 3, used_months: 3, year: 2026 } },
    ]);
  });

  it('lets a current freeze move its end but not its begin', () => {
    const current = freeze('c', '2026-11-01', '2026-11-30');
    const f = facts([current]);
    const input = { ...base, status: 'in_freeze' as const, facts: f, existing: current };
    expect(checkFreezeRequest({ ...input, begin_date: '2026-11-01', end_date: '2026-12-31' })).toEqual([]);
    expect(
      checkFreezeRequest({ ...input, begin_date: '2026-12-01', end_date: '2026-12-31' }).map((e) => e.type),
    ).toEqual(['freeze_begin_date_fixed']);
  });

  it('property: whatever was requested before, an allowed freeze never takes a year past the maximum', () => {
    const months = fc.integer({ min: 0, max: 30 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(months, fc.integer({ min: 0, max: 3 })), { maxLength: 8 }),
        (requests) => {
          const today = '2026-11-22';
          const accepted: FreezeFact[] = [];
          for (const [offset, length] of requests) {
            const begin = addMonths(firstOfNextMonth(today), offset);
            const end = endOfMonth(addMonths(begin, length));
            const errors = checkFreezeRequest({
              ...base,
              facts: facts(accepted),
              begin_date: begin,
              end_date: end,
            });
            // Treat each accepted freeze as having started, so the next one is not "scheduled".
            if (errors.length === 0) accepted.push(freeze(`f${accepted.length}`, begin, end, null));
            const scheduled = accepted.filter((f) => f.begin_date > today);
            if (scheduled.length > 1) {
              throw new Error('two scheduled freezes accepted');
            }
          }
          for (const f of accepted) {
            for (let y = yearOf(f.begin_date); y <= yearOf(f.end_date); y++) {
              expect(usedFreezeMonths(accepted, y)).toBeLessThanOrEqual(de.freezePolicy.maxMonthsPerYear);
            }
          }
        },
      ),
    );
  });
});

describe('restOfMonthFee', () => {
  it('bills the rest of the current month, today included', () => {
    expect(restOfMonthFee(3000, '2026-11-01')).toEqual({
      amount: 3000,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(restOfMonthFee(3000, '2026-11-30')).toEqual({ amount: 100, from: '2026-11-30', to: '2026-11-30' });
    expect(restOfMonthFee(3100, '2026-12-17').amount).toBe(1500);
  });
});
