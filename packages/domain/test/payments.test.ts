import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardUpdateAllowed,
  closedDaysRefund,
  daysInclusive,
  healthInsuranceEligible,
  maskBankAccount,
  parseBankAccount,
  wholeMonthsBetween,
} from '../src/payments.ts';

describe('card update allowed (spec section 5)', () => {
  it('needs a plus sign and digits as prefix and digits and spaces as number', () => {
    expect(cardUpdateAllowed({ prefix: '+49', number: '151 2345678' })).toBe(true);
    expect(cardUpdateAllowed({ prefix: '0049', number: '1512345678' })).toBe(false);
    expect(cardUpdateAllowed({ prefix: '+', number: '1512345678' })).toBe(false);
    expect(cardUpdateAllowed({ prefix: '+47', number: '412-34-567' })).toBe(false);
    expect(cardUpdateAllowed({ prefix: '+47', number: '   ' })).toBe(false);
    expect(cardUpdateAllowed({ prefix: '+47', number: '' })).toBe(false);
  });
});

describe('bank accounts for a manual refund', () => {
  it('accepts IBANs as people write them and the Norwegian account number in Norway', () => {
    expect(parseBankAccount('de89 3704 0044 0532 0130 00', 'DE')).toEqual({
      kind: 'iban',
      account: 'DE89370400440532013000',
      country: 'DE',
    });
    expect(parseBankAccount('CH93 0076 2011 6238 5295 7', 'CH')?.kind).toBe('iban');
    expect(parseBankAccount('8601.11.17947', 'NO')).toEqual({
      kind: 'norwegian_account',
      account: '86011117947',
      country: 'NO',
    });
  });

  it('refuses a wrong check digit, and a Norwegian account number outside Norway', () => {
    expect(parseBankAccount('DE89370400440532013001', 'DE')).toBeNull();
    expect(parseBankAccount('86011117948', 'NO')).toBeNull();
    expect(parseBankAccount('86011117947', 'DE')).toBeNull();
    expect(parseBankAccount('hello', 'FI')).toBeNull();
  });

  it('masks all but the last four characters', () => {
    expect(maskBankAccount('DE89370400440532013000')).toBe('•••• 3000');
  });
});

describe('refund of closed days', () => {
  it('pays back the closed share of the period, rounded down', () => {
    // November: 30 days paid 29.90 €, closed the 10th to the 14th: 5/30 of 2990 = 498.33 → 498.
    expect(
      closedDaysRefund({ from: '2026-11-01', to: '2026-11-30' }, 2990, {
        from: '2026-11-10',
        to: '2026-11-14',
      }),
    ).toEqual({
      closed_period: { from: '2026-11-10', to: '2026-11-14' },
      closed_days: { closed: 5, paid: 30 },
      refundable_amount: { refundable: 498, paid: 2990 },
    });
  });

  it('counts only the days inside the paid period', () => {
    const r = closedDaysRefund({ from: '2026-10-01', to: '2026-10-31' }, 3100, {
      from: '2026-10-28',
      to: '2026-11-05',
    });
    expect(r?.closed_period).toEqual({ from: '2026-10-28', to: '2026-10-31' });
    expect(r?.refundable_amount.refundable).toBe(400);
  });

  it('is nothing when the closure misses the period', () => {
    expect(
      closedDaysRefund({ from: '2026-10-01', to: '2026-10-31' }, 3100, {
        from: '2026-11-01',
        to: '2026-11-05',
      }),
    ).toBeNull();
  });

  it('never gives back more than was paid (property)', () => {
    const day = fc
      .integer({ min: 0, max: 800 })
      .map((n) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, day, day, fc.integer({ min: 1, max: 1_000_000 }), (a, b, c, d, paid) => {
        const period = a <= b ? { from: a, to: b } : { from: b, to: a };
        const closure = c <= d ? { from: c, to: d } : { from: d, to: c };
        const r = closedDaysRefund(period, paid, closure);
        if (r === null) return;
        expect(r.refundable_amount.refundable).toBeLessThanOrEqual(paid);
        expect(r.closed_days.closed).toBeLessThanOrEqual(r.closed_days.paid);
        expect(r.closed_days.closed).toBe(daysInclusive(r.closed_period.from, r.closed_period.to));
      }),
    );
  });
});

describe('health-insurance confirmation (Switzerland, six months)', () => {
  it('counts whole months, a month end completing a month', () => {
    expect(wholeMonthsBetween('2026-01-15', '2026-07-14')).toBe(5);
    expect(wholeMonthsBetween('2026-01-15', '2026-07-15')).toBe(6);
    expect(wholeMonthsBetween('2026-01-31', '2026-02-28')).toBe(1);
    expect(wholeMonthsBetween('2026-03-01', '2026-02-01')).toBe(0);
    expect(healthInsuranceEligible('2026-01-15', '2026-07-14')).toBe(false);
    expect(healthInsuranceEligible('2026-01-15', '2026-07-15')).toBe(true);
  });
});
