import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardUpdateAllowed,
  closedDaysRefund,
  daysInclusive,
  defaultConfirmationYear,
  feesPaidInYear,
  membershipFeeShare,
  healthInsuranceEligible,
  invoiceClosureRefund,
  wholeMonthsBetween,
  yearsWithFeesPaid,
} from '../src/payments.ts';
import { maskBankAccount, parseBankAccount } from '../src/bank-account.ts';

describe('card update allowed', () => {
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

describe('refund of one closure on one invoice', () => {
  const november = { from: '2026-11-01', to: '2026-11-30' };
  const fee = (amount: number, period = november, product_type = 'membership_fee') => ({
    product_type,
    amount,
    period,
  });
  const closure = { from: '2026-11-10', to: '2026-11-14' };

  it('is the closed share of the membership fee, once the closure is over', () => {
    const invoice = { lines: [fee(2990)], leftToRefund: 2990 };
    expect(invoiceClosureRefund(invoice, closure, '2026-11-15')).toEqual(
      closedDaysRefund(november, 2990, closure),
    );
    expect(invoiceClosureRefund(invoice, closure, '2026-11-14')).toBeNull();
  });

  it('ignores lines that do not pay for the club, and lines without a period', () => {
    const invoice = {
      lines: [
        fee(300, november, 'add_on_fee'),
        fee(4900, november, 'freeze_fee'),
        { ...fee(2990), period: null },
      ],
      leftToRefund: 8190,
    };
    expect(invoiceClosureRefund(invoice, closure, '2026-12-01')).toBeNull();
  });

  it('adds up the club-use lines the closure touches', () => {
    const restOfOctober = fee(500, { from: '2026-10-27', to: '2026-10-31' }, 'rest_of_month_fee');
    const invoice = { lines: [restOfOctober, fee(3100)], leftToRefund: 3600 };
    // 30 Oct – 2 Nov: 2 of 5 October days (200) and 2 of 30 November days (206.66 → 206).
    expect(invoiceClosureRefund(invoice, { from: '2026-10-30', to: '2026-11-02' }, '2026-12-01')).toEqual({
      closed_period: { from: '2026-10-30', to: '2026-11-02' },
      closed_days: { closed: 4, paid: 35 },
      refundable_amount: { refundable: 406, paid: 3600 },
    });
  });

  it('never gives back more than is left of the payment', () => {
    expect(
      invoiceClosureRefund({ lines: [fee(2990)], leftToRefund: 100 }, closure, '2026-12-01')
        ?.refundable_amount,
    ).toEqual({ refundable: 100, paid: 2990 });
    expect(invoiceClosureRefund({ lines: [fee(2990)], leftToRefund: 0 }, closure, '2026-12-01')).toBeNull();
  });
});

describe('membership fee share (health-insurance confirmation)', () => {
  it('counts membership lines and credits, not a PT package, a chip or a freeze fee', () => {
    const line = (product_type: string, amount: number) => ({ product_type, amount });
    expect(membershipFeeShare([line('membership_fee', 8900), line('add_on_fee', 44900)])).toBe(8900);
    expect(membershipFeeShare([line('membership_fee', 8900), line('credit', -2000)])).toBe(6900);
    expect(membershipFeeShare([line('freeze_fee', 4900), line('replacement_card_fee', 1500)])).toBe(0);
    expect(membershipFeeShare([line('signup_fee', 6900), line('rest_of_month_fee', 2967)])).toBe(9867);
  });
});

describe('fees paid in a calendar year (health-insurance confirmation)', () => {
  const invoices = [
    { id: 'a', status: 'charged', invoice_date: '2026-02-01', amount: 8900 },
    { id: 'b', status: 'declined', invoice_date: '2026-01-01', amount: 8900 },
    { id: 'c', status: 'charged', invoice_date: '2025-12-01', amount: 8900 },
    { id: 'd', status: 'scheduled', invoice_date: '2024-12-01', amount: 8900 },
  ];

  it('offers the years with charged invoices, last year by default once it has some', () => {
    expect(yearsWithFeesPaid(invoices)).toEqual([2026, 2025]);
    expect(defaultConfirmationYear([2026, 2025], '2026-11-22')).toBe(2025);
    expect(defaultConfirmationYear([2026], '2026-11-22')).toBe(2026);
    expect(defaultConfirmationYear([], '2026-11-22')).toBe(2026);
  });

  it('counts charged invoices of the year, less refunds', () => {
    const refunded = (i: { id: string }) => (i.id === 'a' ? 1483 : 0);
    expect(feesPaidInYear(invoices, refunded, 2026).map((f) => [f.invoice.id, f.paid])).toEqual([
      ['a', 7417],
    ]);
    expect(feesPaidInYear(invoices, refunded, 2024)).toEqual([]);
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
