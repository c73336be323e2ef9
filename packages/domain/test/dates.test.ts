import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  endOfMonth,
  firstOfNextMonth,
  isEndOfMonth,
  isIsoDate,
  monthsBetweenInclusive,
  todayIn,
} from '../src/dates.ts';

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar dates', () => {
  it('clamps month arithmetic to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('knows month ends and the first of the next month', () => {
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(firstOfNextMonth('2026-12-31')).toBe('2027-01-01');
    expect(monthsBetweenInclusive('2026-11-01', '2027-01-31')).toBe(3);
  });

  it('reads today in the operator timezone, not the server one', () => {
    const lateEvening = new Date('2026-03-31T22:30:00Z');
    expect(todayIn('Europe/Helsinki', lateEvening)).toBe('2026-04-01');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-04-01');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-31');
  });

  it('turns the day at local midnight however the calls of the timezones alternate', () => {
    // In January Helsinki's midnight is 22:00 UTC, Berlin's 23:00 UTC.
    const beforeHelsinki = new Date('2026-01-14T21:59:59.999Z');
    const atHelsinki = new Date('2026-01-14T22:00:00.000Z');
    expect(todayIn('Europe/Helsinki', beforeHelsinki)).toBe('2026-01-14');
    expect(todayIn('Europe/Berlin', beforeHelsinki)).toBe('2026-01-14');
    expect(todayIn('Europe/Berlin', atHelsinki)).toBe('2026-01-14');
    expect(todayIn('Europe/Helsinki', atHelsinki)).toBe('2026-01-15');
    expect(todayIn('Europe/Berlin', new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    // A clock set back (tests, demos) gets that instant's date, not the last one asked.
    expect(todayIn('Europe/Helsinki', beforeHelsinki)).toBe('2026-01-14');
    // An older instant asked between two readings of the clock (a contract's signup) gets
    // its own date, and the clock's date stays right after it.
    const now = new Date('2026-01-20T12:00:00Z');
    expect(todayIn('Europe/Helsinki', now)).toBe('2026-01-20');
    expect(todayIn('Europe/Helsinki', new Date('2025-06-30T21:30:00Z'))).toBe('2025-07-01');
    expect(todayIn('Europe/Helsinki', now)).toBe('2026-01-20');
  });

  it('rejects impossible dates', () => {
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  it('property: the end of a month is a month end and the next day is a first', () => {
    fc.assert(
      fc.property(isoDate, (d) => {
        const end = endOfMonth(d);
        expect(isEndOfMonth(end)).toBe(true);
        expect(addDays(end, 1).endsWith('-01')).toBe(true);
        expect(end >= d).toBe(true);
      }),
    );
  });

  it('property: adding days and taking them away returns the same date', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -1000, max: 1000 }), (d, n) => {
        expect(addDays(addDays(d, n), -n)).toBe(d);
      }),
    );
  });
});
