import type { InvoiceLineType } from '@portal/contract';
import { addDays, type IsoDate, maxDate, minDate } from './dates.ts';

/**
 * The card update is allowed only when the profile's mobile prefix is a
 * plus sign followed by digits and the number is digits and spaces (the card providers
 * receive them). The portal disables the link; the server refuses the update too.
 */
export function cardUpdateAllowed(mobile: { prefix: string; number: string }): boolean {
  return /^\+\d+$/.test(mobile.prefix) && /^[\d ]+$/.test(mobile.number) && /\d/.test(mobile.number);
}

/** Days from `from` to `to`, both included; 0 when `to` is before `from`. */
export function daysInclusive(from: IsoDate, to: IsoDate): number {
  if (to < from) return 0;
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

export interface ClosedDaysRefund {
  closed_period: { from: IsoDate; to: IsoDate };
  closed_days: { closed: number; paid: number };
  refundable_amount: { refundable: number; paid: number };
}

/**
 * What a club closure gives back on a paid period: the closed days that fall in the
 * period, and that share of the amount paid for it, rounded down to the minor unit (never
 * more than was paid). Null when the closure and the period do not overlap or nothing
 * was paid.
 */
export function closedDaysRefund(
  paidPeriod: { from: IsoDate; to: IsoDate },
  paidAmount: number,
  closure: { from: IsoDate; to: IsoDate },
): ClosedDaysRefund | null {
  const from = maxDate(paidPeriod.from, closure.from);
  const to = minDate(paidPeriod.to, closure.to);
  const closed = daysInclusive(from, to);
  const paid = daysInclusive(paidPeriod.from, paidPeriod.to);
  if (closed === 0 || paid === 0 || paidAmount <= 0) return null;
  const refundable = Math.floor((paidAmount * closed) / paid);
  if (refundable <= 0) return null;
  return {
    closed_period: { from, to },
    closed_days: { closed, paid },
    refundable_amount: { refundable, paid: paidAmount },
  };
}

/** Invoice lines that pay for using the club over their period: closed days give back a share of them. */
export const CLUB_USE_LINE_TYPES: readonly InvoiceLineType[] = [
  'membership_fee',
  'rest_of_month_fee',
  'cancel_freeze_fee',
];

/**
 * What one closure gives back on one invoice: closedDaysRefund of each club-use line with a
 * period, added up, and never more than is left of the payment after earlier refunds. Only
 * closures that are over count (a planned closure may still be called off). Null when
 * nothing is refundable.
 */
export function invoiceClosureRefund(
  invoice: {
    lines: readonly { product_type: string; amount: number; period: { from: IsoDate; to: IsoDate } | null }[];
    /** The payment less what was already refunded on it. */
    leftToRefund: number;
  },
  closure: { from: IsoDate; to: IsoDate },
  today: IsoDate,
): ClosedDaysRefund | null {
  if (closure.to >= today) return null;
  const parts = invoice.lines.flatMap((line) => {
    const part =
      line.period && (CLUB_USE_LINE_TYPES as readonly string[]).includes(line.product_type)
        ? closedDaysRefund(line.period, line.amount, closure)
        : null;
    return part ? [part] : [];
  });
  if (parts.length === 0) return null;
  const sum = (f: (p: ClosedDaysRefund) => number) => parts.reduce((total, p) => total + f(p), 0);
  const refundable = Math.min(
    sum((p) => p.refundable_amount.refundable),
    invoice.leftToRefund,
  );
  if (refundable <= 0) return null;
  return {
    closed_period: {
      from: parts.map((p) => p.closed_period.from).reduce(minDate),
      to: parts.map((p) => p.closed_period.to).reduce(maxDate),
    },
    closed_days: { closed: sum((p) => p.closed_days.closed), paid: sum((p) => p.closed_days.paid) },
    refundable_amount: { refundable, paid: sum((p) => p.refundable_amount.paid) },
  };
}

/** Switzerland: members of at least six months, up to 90 % of the yearly fee. */
export const HEALTH_INSURANCE_MIN_MONTHS = 6;
export const HEALTH_INSURANCE_REIMBURSEMENT_PERCENT = 90;

/** Whole months from the begin date to `asOf` (the day before the same day of month counts as not yet). */
export function wholeMonthsBetween(begin: IsoDate, asOf: IsoDate): number {
  if (asOf < begin) return 0;
  const [by, bm, bd] = begin.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = asOf.split('-').map(Number) as [number, number, number];
  let months = (ay - by) * 12 + (am - bm);
  if (ad < bd && addDays(asOf, 1).slice(8) !== '01') months -= 1;
  return Math.max(0, months);
}

export function healthInsuranceEligible(begin: IsoDate, asOf: IsoDate): boolean {
  return wholeMonthsBetween(begin, asOf) >= HEALTH_INSURANCE_MIN_MONTHS;
}

/** Years with fees paid (charged invoices), newest first: those a confirmation can be asked for. */
export function yearsWithFeesPaid(invoices: readonly { status: string; invoice_date: IsoDate }[]): number[] {
  const years = new Set(
    invoices.filter((i) => i.status === 'charged').map((i) => Number(i.invoice_date.slice(0, 4))),
  );
  return [...years].sort((a, b) => b - a);
}

/**
 * Invoice lines that pay for the membership itself, which a health insurer's fitness
 * reimbursement covers: not add-ons such as a personal-training package, nor fees for a
 * freeze or a replacement chip.
 */
export const MEMBERSHIP_FEE_LINE_TYPES: readonly InvoiceLineType[] = [
  'membership_fee',
  'base_service_fee',
  'rest_of_month_fee',
  'signup_fee',
  'credit',
];

/** The part of an invoice that pays for the membership (its membership lines, credits included). */
export function membershipFeeShare(lines: readonly { product_type: string; amount: number }[]): number {
  const share = lines
    .filter((line) => (MEMBERSHIP_FEE_LINE_TYPES as readonly string[]).includes(line.product_type))
    .reduce((sum, line) => sum + line.amount, 0);
  return Math.max(0, share);
}

/** The year a confirmation shows unless asked otherwise: last year once it has fees paid, else this one. */
export function defaultConfirmationYear(years: readonly number[], today: IsoDate): number {
  const current = Number(today.slice(0, 4));
  return years.includes(current - 1) ? current - 1 : current;
}

/**
 * The fees paid in a calendar year: the charged invoices dated in it, each less what was
 * paid back on it (refunds owed or done, so a confirmation never overstates what an
 * insurer may reimburse).
 */
export function feesPaidInYear<T extends { status: string; invoice_date: IsoDate; amount: number }>(
  invoices: readonly T[],
  refundedOf: (invoice: T) => number,
  year: number,
): { invoice: T; paid: number }[] {
  return invoices
    .filter((i) => i.status === 'charged' && Number(i.invoice_date.slice(0, 4)) === year)
    .map((invoice) => ({ invoice, paid: Math.max(0, invoice.amount - refundedOf(invoice)) }));
}

/** The card providers' error codes and their texts, for the event log only (docs/payments.md). */
export const CARD_PROVIDER_ERRORS: Readonly<Record<number, string>> = {
  100: 'Unexpected error',
  107: 'Invalid parameter',
  109: 'Resource not be found',
  110: 'Invalid resource',
  111: 'Blocked by a ruleset',
  113: 'Insufficient permissions',
  116: 'Access restricted to authenticated users',
  121: 'Declined by the processor',
  123: 'Rejected by the processor',
  126: 'Missing parameter',
  127: 'Unexpected parameter',
  137: 'Conflicting parameters',
  140: '3D Secure processing error',
  141: 'max failed 3D secure attempts',
  165: 'max failed transaction attempts',
  166: 'max notification attempts',
  167: 'max theme creations',
  168: 'checkout already completed',
  169: 'expired',
  170: 'API timeout',
  171: 'cancelled',
};

export function cardProviderErrorText(code: number | string): string {
  return CARD_PROVIDER_ERRORS[Number(code)] ?? `Unknown provider error ${code}`;
}
