import type {
  HealthInsuranceConfirmation,
  Invoice,
  MembershipStatus,
  OperatorId,
  ScheduledInvoice,
} from '@portal/contract';
import { firstOfNextMonth, type IsoDate, minDate } from './dates.ts';
import { type InvoiceMember, partiesOf } from './invoiceParties.ts';
import { getOperator } from './operators/catalogue.ts';
import type { OperatorSettings } from './operators/types.ts';
import {
  type ClosedDaysRefund,
  defaultConfirmationYear,
  feesPaidInYear,
  HEALTH_INSURANCE_MIN_MONTHS,
  HEALTH_INSURANCE_REIMBURSEMENT_PERCENT,
  healthInsuranceEligible,
  invoiceClosureRefund,
  membershipFeeShare,
  wholeMonthsBetween,
  yearsWithFeesPaid,
} from './payments.ts';
import { effectiveFreezeEnd, isInactiveStatus, type MembershipFacts } from './status.ts';
import { vatRateOn } from './vat.ts';

// The stored rows of the payments area as these rules read them (the server's columns).
export interface InvoiceRecord {
  id: string;
  invoiceNumber: string;
  status: 'charged' | 'declined' | 'scheduled';
  invoiceDate: string;
  amount: number;
  currency: 'EUR' | 'CHF' | 'NOK';
  periodFrom: string | null;
  periodTo: string | null;
  paymentMethodType: string | null;
  paymentMethodDetails: string | null;
}
export interface InvoiceLineRecord {
  invoiceId: string;
  amount: number;
  productType: string;
  productId: string | null;
  systemConcept: string;
  humanConcept: string;
  periodFrom: string | null;
  periodTo: string | null;
}
export interface PaymentRecord {
  id: string;
  invoiceId: string;
  status: string;
  amount: number;
  createdAt: Date;
}
export interface RefundRecord {
  invoiceId: string;
  paymentId: string;
  closureId: string;
  status: 'pending' | 'completed' | 'failed';
  amount: number;
  createdAt: Date;
}
export interface ClosureRecord {
  id: string;
  beginDate: string;
  endDate: string;
}

const period = (from: string | null, to: string | null) => (from && to ? { from, to } : null);

/**
 * One invoice as GET /v1/membership/invoices shows it: its lines, payments with their
 * refunds, the payment method snapshot, the VAT rate of its date and both parties.
 * Lines, payments and refunds are the invoice's own, in their stored order.
 */
export function invoiceView<I extends InvoiceRecord>(
  row: I,
  lines: readonly InvoiceLineRecord[],
  payments: readonly PaymentRecord[],
  refunds: readonly (RefundRecord & { paymentId: string })[],
  member: InvoiceMember,
  membershipNumber: string,
): Invoice {
  const operator = getOperator(member.operatorId as OperatorId);
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    status: row.status,
    invoice_date: row.invoiceDate,
    amount: row.amount,
    currency: row.currency,
    period: period(row.periodFrom, row.periodTo),
    lines: lines.map((l) => ({
      amount: l.amount,
      product_type: l.productType as Invoice['lines'][number]['product_type'],
      product_id: l.productId,
      system_concept: l.systemConcept,
      human_concept: l.humanConcept,
      period: period(l.periodFrom, l.periodTo),
    })),
    payments: payments.map((p) => ({
      status: p.status,
      created_at: p.createdAt.toISOString(),
      refunds: refunds
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({ status: r.status, amount: r.amount, created_at: r.createdAt.toISOString() })),
    })),
    payment_method:
      row.paymentMethodType && row.paymentMethodDetails
        ? { type: row.paymentMethodType, details: row.paymentMethodDetails }
        : null,
    vat_rate: vatRateOn(operator, row.invoiceDate),
    ...partiesOf(member, membershipNumber),
  };
}

/** Newest first, by date then number (the number is unique, so no two tie). */
export function compareInvoicesNewestFirst(
  a: Pick<InvoiceRecord, 'invoiceDate' | 'invoiceNumber'>,
  b: Pick<InvoiceRecord, 'invoiceDate' | 'invoiceNumber'>,
): number {
  if (a.invoiceDate !== b.invoiceDate) return a.invoiceDate < b.invoiceDate ? 1 : -1;
  return a.invoiceNumber < b.invoiceNumber ? 1 : a.invoiceNumber > b.invoiceNumber ? -1 : 0;
}

/**
 * The next payment: a stored scheduled invoice if there is one (`stored`, the earliest on
 * or after today), else the monthly charge on the 1st of next month (or the begin date in
 * trial and presale): the freeze fee when a freeze covers that day, the product's monthly
 * fee otherwise. Null when no payment is due any more (inactive statuses, or the
 * membership ends before).
 */
export function nextPayment(input: {
  status: MembershipStatus;
  facts: MembershipFacts;
  today: IsoDate;
  operator: OperatorSettings;
  monthlyFee: number;
  stored: { invoiceDate: string; amount: number } | undefined;
}): ScheduledInvoice | null {
  const { status, facts, today, operator, stored } = input;
  if (isInactiveStatus(status)) return null;
  if (stored) return { invoice_date: stored.invoiceDate, amount: stored.amount };
  const date = status === 'in_trial' || status === 'presale' ? facts.begin_date : firstOfNextMonth(today);
  if (facts.end_date !== null && date > facts.end_date) return null;
  const frozen = facts.freeze_periods.some((f) => {
    const end = effectiveFreezeEnd(f);
    return end !== null && f.begin_date <= date && date <= end;
  });
  return { invoice_date: date, amount: frozen ? operator.freezePolicy.monthlyFee : input.monthlyFee };
}

/** One invoice and one closure of the member's club, with what it gives back. */
export interface RefundableOne<I, P, C> {
  invoice: I;
  /** The payment that took the money; the refund is booked on it. */
  payment: P;
  closure: C;
  refund: ClosedDaysRefund;
}

/** A payment that took the member's money (seeded and retried charges are 'captured'). */
const tookMoney = (p: PaymentRecord) => p.status === 'captured';
/** Refunds that are owed or paid count against what is left; a failed one gave nothing back. */
const owedOrPaid = (r: RefundRecord) => r.status !== 'failed';

/**
 * The refundable items of charged invoices, earliest closure first: closures of the
 * membership's current club (`closures`, oldest first), each at most once per invoice, and
 * never more in all than is left of the payment. `invoices` in the order to list them.
 */
export function refundableItems<
  I extends InvoiceRecord,
  P extends PaymentRecord,
  C extends ClosureRecord,
>(input: {
  invoices: readonly I[];
  lines: readonly InvoiceLineRecord[];
  payments: readonly P[];
  refunds: readonly RefundRecord[];
  closures: readonly C[];
  today: IsoDate;
}): RefundableOne<I, P, C>[] {
  const items: RefundableOne<I, P, C>[] = [];
  for (const invoice of input.invoices.filter((i) => i.status === 'charged')) {
    const payment = input.payments.find((p) => p.invoiceId === invoice.id && tookMoney(p));
    if (!payment) continue;
    const own = input.refunds.filter((r) => r.invoiceId === invoice.id);
    const invoiceLines = input.lines
      .filter((l) => l.invoiceId === invoice.id)
      .map((l) => ({
        product_type: l.productType,
        amount: l.amount,
        period: period(l.periodFrom, l.periodTo),
      }));
    let left = payment.amount - own.filter(owedOrPaid).reduce((sum, r) => sum + r.amount, 0);
    for (const closure of input.closures) {
      if (own.some((r) => r.closureId === closure.id)) continue;
      const refund = invoiceClosureRefund(
        { lines: invoiceLines, leftToRefund: left },
        { from: closure.beginDate, to: closure.endDate },
        input.today,
      );
      if (!refund) continue;
      items.push({ invoice, payment, closure, refund });
      left -= refund.refundable_amount.refundable;
    }
  }
  return items;
}

/**
 * The health-insurance confirmation of one calendar year (`year`, else the default year):
 * membership and the membership fees paid (a PT package or a chip fee is no fitness fee),
 * less what was refunded. `invoices` newest first; the caller checks the market and year.
 */
export function healthInsuranceView(input: {
  invoices: readonly InvoiceRecord[];
  lines: readonly InvoiceLineRecord[];
  refunds: readonly RefundRecord[];
  year: number | undefined;
  today: IsoDate;
  facts: MembershipFacts;
  operator: OperatorSettings;
  member: InvoiceMember;
  membershipNumber: string;
}): HealthInsuranceConfirmation {
  const { today, facts } = input;
  const invoices = input.invoices
    .map((i) => ({
      id: i.id,
      invoice_number: i.invoiceNumber,
      invoice_date: i.invoiceDate,
      period: period(i.periodFrom, i.periodTo),
      status: i.status,
      amount: membershipFeeShare(
        input.lines
          .filter((l) => l.invoiceId === i.id)
          .map((l) => ({ product_type: l.productType, amount: l.amount })),
      ),
    }))
    .filter((i) => i.amount > 0);
  const years = yearsWithFeesPaid(invoices);
  const shown = input.year ?? defaultConfirmationYear(years, today);
  const refunded = (invoice: { id: string }) =>
    input.refunds
      .filter((r) => r.invoiceId === invoice.id && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
  const paid = feesPaidInYear(invoices, refunded, shown).reverse();
  // Membership months count up to its last day once it has ended.
  const until = minDate(today, facts.stopped_on ?? facts.end_date ?? today);
  return {
    year: shown,
    years,
    eligible: healthInsuranceEligible(facts.begin_date, until),
    member_since: facts.begin_date,
    months_member: wholeMonthsBetween(facts.begin_date, until),
    required_months: HEALTH_INSURANCE_MIN_MONTHS,
    reimbursement_percent: HEALTH_INSURANCE_REIMBURSEMENT_PERCENT,
    paid_total: paid.reduce((sum, p) => sum + p.paid, 0),
    currency: input.operator.currency,
    payments: paid.map(({ invoice, paid: amount }) => ({
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      period: invoice.period,
      amount,
    })),
    ...partiesOf(input.member, input.membershipNumber),
    issued_on: today,
  };
}
