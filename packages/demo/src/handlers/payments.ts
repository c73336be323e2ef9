import {
  INVOICE_PAGE_DEFAULT,
  type Invoice,
  invalidRequest,
  notFound,
  type RefundMethod,
  type RefundReceipt,
  ruleViolation,
} from '@portal/contract';
import {
  formatCalendarDate,
  formatMoney,
  healthInsuranceView,
  invoiceView,
  isInactiveStatus,
  languageOf,
  maskBankAccount,
  nextPayment,
  parseBankAccount,
  type RefundableOne,
  type RefundRefusal,
  refundableItems,
  refundTexts,
} from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import type { DemoStore, DemoTables } from '../store.ts';
import { logMembershipChange } from '../membership/events.ts';
import { type InvoiceRow, memberInvoices, ofInvoices } from '../membership/invoices.ts';
import { mailMember } from '../membership/outbox.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';

// Ports of the server's modules/payments (service.ts, refundable.ts, refunds.ts,
// health-insurance.ts) onto the demo's tables; the rules and texts are domain's.

type Tables = DemoTables;
type Item = RefundableOne<InvoiceRow, Tables['payments'][number], Tables['clubClosures'][number]>;

/** Lines in the server's order (invoice, then position). */
function linesOf(store: DemoStore, ids: readonly string[]) {
  const wanted = new Set(ids);
  return store.tables.invoiceLines
    .filter((l) => wanted.has(l.invoiceId))
    .sort((a, b) =>
      a.invoiceId === b.invoiceId ? a.position - b.position : a.invoiceId < b.invoiceId ? -1 : 1,
    );
}

const findInvoice = (store: DemoStore, memberId: string, id: string) =>
  store.tables.invoices.find((i) => i.id === id && i.memberId === memberId);

/** service.ts assemble: the invoices as the read model shows them (404 without a membership). */
function assemble(store: DemoStore, memberId: string, rows: InvoiceRow[]): Invoice[] {
  const { member, membership } = loadMembershipState(store, memberId);
  const ids = rows.map((r) => r.id);
  const lines = linesOf(store, ids);
  const payments = ofInvoices(store.tables.payments, ids);
  const refunds = ofInvoices(store.tables.refunds, ids);
  return rows.map((row) =>
    invoiceView(
      row,
      lines.filter((l) => l.invoiceId === row.id),
      payments.filter((p) => p.invoiceId === row.id),
      refunds.filter((r) => r.invoiceId === row.id),
      member,
      membership.membershipNumber,
    ),
  );
}

/** refundable.ts findRefundable: the items of the member's charged invoices (or of one). */
function findRefundable(store: DemoStore, state: MembershipState, only?: InvoiceRow) {
  const charged = (only ? [only] : memberInvoices(store, state.member.id)).filter(
    (i) => i.status === 'charged',
  );
  const ids = charged.map((i) => i.id);
  const closures = store.tables.clubClosures
    .filter((c) => c.locationId === state.membership.locationId)
    .sort((a, b) =>
      a.beginDate !== b.beginDate ? (a.beginDate < b.beginDate ? -1 : 1) : a.id < b.id ? -1 : 1,
    );
  const refunds = ofInvoices(store.tables.refunds, ids);
  if (closures.length === 0 || ids.length === 0) return { items: [] as Item[], refunds };
  const items = refundableItems({
    invoices: charged,
    lines: linesOf(store, ids),
    payments: ofInvoices(store.tables.payments, ids),
    refunds,
    closures,
    today: state.today,
  });
  return { items, refunds };
}

const texts = (state: MembershipState) => refundTexts[languageOf(state.member.locale)];
const refusal = (state: MembershipState, type: RefundRefusal) =>
  ruleViolation(type, texts(state).refusals[type]);

/** refunds.ts lockInvoice (one call at a time in a tab: nothing to lock). */
function lockInvoice(store: DemoStore, memberId: string, invoiceId: string) {
  const state = loadMembershipState(store, memberId);
  const invoice = findInvoice(store, memberId, invoiceId);
  if (!invoice) throw notFound('No such invoice.');
  return { state, invoice };
}

function takeItem(store: DemoStore, state: MembershipState, invoice: InvoiceRow): Item {
  const { items, refunds } = findRefundable(store, state, invoice);
  const item = items[0];
  if (!item) throw refusal(state, refunds.length > 0 ? 'already_refunded' : 'nothing_to_refund');
  return item;
}

function book(
  store: DemoStore,
  state: MembershipState,
  item: Item,
  method: RefundMethod,
  bankAccount: string | null,
) {
  const row = {
    id: crypto.randomUUID(),
    paymentId: item.payment.id,
    invoiceId: item.invoice.id,
    memberId: state.member.id,
    closureId: item.closure.id,
    method,
    amount: item.refund.refundable_amount.refundable,
    bankAccount,
    status: 'pending' as 'pending' | 'completed',
    createdAt: store.now(),
    completedAt: null as Date | null,
  };
  // The server's unique (invoice, closure) index.
  const taken = store.tables.refunds.some(
    (r) => r.invoiceId === row.invoiceId && r.closureId === row.closureId,
  );
  if (taken) throw refusal(state, 'already_refunded');
  store.tables.refunds.push(row);
  return row;
}

/** refunds.ts confirm: the event and the e-mail of a booked refund. */
function confirm(
  store: DemoStore,
  state: MembershipState,
  item: Item,
  receipt: RefundReceipt,
): RefundReceipt {
  const { refund, invoice, closure } = item;
  logMembershipChange(store, state, 'closed_days_refund', {
    refund_id: receipt.id,
    invoice_id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    closure_id: closure.id,
    closed_period: refund.closed_period,
    closed_days: refund.closed_days,
    amount: receipt.amount,
    currency: receipt.currency,
    method: receipt.method,
    status: receipt.status,
    bank_account: receipt.bank_account,
  });
  const t = texts(state);
  const locale = state.member.locale;
  const values = {
    amount: formatMoney(receipt.amount, receipt.currency, locale),
    from: formatCalendarDate(refund.closed_period.from, locale),
    to: formatCalendarDate(refund.closed_period.to, locale),
    closed: refund.closed_days.closed,
    paid: refund.closed_days.paid,
    invoice: invoice.invoiceNumber,
    ...(receipt.bank_account ? { account: receipt.bank_account } : {}),
  };
  const mail = receipt.method === 'card' ? t.cardMail : t.bankMail;
  mailMember(store, state, { subject: mail.subject, body: `${t.closedDays(values)} ${mail.body(values)}` });
  return receipt;
}

const receiptOf = (
  row: ReturnType<typeof book>,
  item: Item,
  status: RefundReceipt['status'],
  bankAccount: string | null,
): RefundReceipt => ({
  id: row.id,
  invoice_id: item.invoice.id,
  method: row.method,
  status,
  amount: row.amount,
  currency: item.invoice.currency,
  bank_account: bankAccount,
  created_at: row.createdAt.toISOString(),
});

export const paymentsHandlers = defineHandlers({
  invoices: ({ store, auth, query }) => {
    const limit = query.limit ?? INVOICE_PAGE_DEFAULT;
    let rows = memberInvoices(store, auth.memberId);
    if (query.before) {
      const cursor = findInvoice(store, auth.memberId, query.before);
      // Another member's invoice is as unknown as one that does not exist.
      if (!cursor) throw invalidRequest('query.before', 'No such invoice to continue after.');
      rows = rows.slice(rows.indexOf(cursor) + 1);
    }
    // The server also sends a Link header to the next page; the web app does not read it.
    return assemble(store, auth.memberId, rows.slice(0, limit));
  },

  invoice: ({ store, auth, params }) => {
    const row = findInvoice(store, auth.memberId, params.id);
    if (!row) throw notFound('No such invoice.');
    return assemble(store, auth.memberId, [row])[0]!;
  },

  nextInvoice: ({ store, auth }) => {
    const { product, operator, today, facts, status } = loadMembershipState(store, auth.memberId);
    if (isInactiveStatus(status)) throw notFound('No next payment.');
    const stored = store.tables.invoices
      .filter((i) => i.memberId === auth.memberId && i.status === 'scheduled' && i.invoiceDate >= today)
      .sort((a, b) => (a.invoiceDate < b.invoiceDate ? -1 : a.invoiceDate > b.invoiceDate ? 1 : 0))[0];
    const next = nextPayment({ status, facts, today, operator, monthlyFee: product.monthlyFee, stored });
    if (!next) throw notFound('No next payment.');
    return next;
  },

  refundableInvoices: ({ store, auth }) => {
    const state = loadMembershipState(store, auth.memberId);
    const { items } = findRefundable(store, state);
    if (items.length === 0) return [];
    const invoices = new Map(
      assemble(store, auth.memberId, memberInvoices(store, auth.memberId)).map((i) => [i.id, i]),
    );
    return items.flatMap((item) => {
      const invoice = invoices.get(item.invoice.id);
      return invoice ? [{ invoice, ...item.refund }] : [];
    });
  },

  // The sandbox provider accepts every refund of a captured payment, so the demo's does too.
  refundInvoice: ({ store, auth, params }) => {
    const { state, invoice } = lockInvoice(store, auth.memberId, params.id);
    const item = takeItem(store, state, invoice);
    const row = book(store, state, item, 'card', null);
    row.status = 'completed';
    row.completedAt = store.now();
    return confirm(store, state, item, receiptOf(row, item, 'completed', null));
  },

  manualRefundInvoice: ({ store, auth, params, body }) => {
    const { state, invoice } = lockInvoice(store, auth.memberId, params.id);
    const account = parseBankAccount(body.bank_account_number, state.operator.country);
    if (!account) {
      throw invalidRequest(
        'body.bank_account_number',
        texts(state).invalidAccount(state.operator.country === 'NO'),
      );
    }
    const item = takeItem(store, state, invoice);
    const row = book(store, state, item, 'bank_account', account.account);
    return confirm(store, state, item, receiptOf(row, item, 'pending', maskBankAccount(account.account)));
  },

  healthInsuranceConfirmation: ({ store, auth, query }) => {
    const { member, membership, operator, today, facts } = loadMembershipState(store, auth.memberId);
    if (!operator.healthInsuranceReimbursement) {
      throw notFound('Health-insurance confirmations are not issued in this market.');
    }
    if (query.year !== undefined && query.year > Number(today.slice(0, 4))) {
      throw invalidRequest('query.year', 'The year has not begun yet.');
    }
    const rows = memberInvoices(store, member.id);
    const ids = rows.map(({ id }) => id);
    return healthInsuranceView({
      invoices: rows,
      lines: linesOf(store, ids),
      refunds: ofInvoices(store.tables.refunds, ids),
      year: query.year,
      today,
      facts,
      operator,
      member,
      membershipNumber: membership.membershipNumber,
    });
  },
});
