import {
  INVOICE_PAGE_DEFAULT,
  type Invoice,
  invalidRequest,
  notFound,
  type RefundMethod,
  type RefundReceipt,
} from '@portal/contract';
import {
  healthInsuranceView,
  invoiceView,
  isInactiveStatus,
  itemToRefund,
  nextPayment,
  type RefundableOne,
  refundableItems,
  refundAccount,
  refundConfirmation,
  refundReceipt,
  refundRefusal,
  refundRow,
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

/** refunds.ts lockInvoice (one call at a time in a tab: nothing to lock). */
function lockInvoice(store: DemoStore, memberId: string, invoiceId: string) {
  const state = loadMembershipState(store, memberId);
  const invoice = findInvoice(store, memberId, invoiceId);
  if (!invoice) throw notFound('No such invoice.');
  return { state, invoice };
}

function takeItem(store: DemoStore, state: MembershipState, invoice: InvoiceRow): Item {
  const { items, refunds } = findRefundable(store, state, invoice);
  return itemToRefund(state.member.locale, items, refunds.length > 0);
}

/** Books the refund (domain refundRow); answers the domain row and the one stored. */
function book(
  store: DemoStore,
  state: MembershipState,
  item: Item,
  method: RefundMethod,
  bankAccount: string | null,
) {
  const row = refundRow(state.member.id, item, {
    id: crypto.randomUUID(),
    method,
    bankAccount,
    createdAt: store.now(),
  });
  // The server's unique (invoice, closure) index.
  const taken = store.tables.refunds.some(
    (r) => r.invoiceId === row.invoiceId && r.closureId === row.closureId,
  );
  if (taken) throw refundRefusal(state.member.locale, 'already_refunded');
  const stored: Tables['refunds'][number] = { ...row, completedAt: null };
  store.tables.refunds.push(stored);
  return { row, stored };
}

/** refunds.ts confirm: the event and the e-mail of a booked refund (domain refundConfirmation). */
function confirm(
  store: DemoStore,
  state: MembershipState,
  item: Item,
  receipt: RefundReceipt,
): RefundReceipt {
  const { event, mail } = refundConfirmation(state.member.locale, item, receipt);
  logMembershipChange(store, state, event.action, event.details);
  mailMember(store, state, mail);
  return receipt;
}

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
    const { row, stored } = book(store, state, item, 'card', null);
    Object.assign(stored, { status: 'completed', completedAt: store.now() });
    return confirm(store, state, item, refundReceipt(row, item, 'completed', null));
  },

  manualRefundInvoice: ({ store, auth, params, body }) => {
    const { state, invoice } = lockInvoice(store, auth.memberId, params.id);
    const account = refundAccount(state.operator, state.member.locale, body.bank_account_number);
    const item = takeItem(store, state, invoice);
    const { row } = book(store, state, item, 'bank_account', account.account);
    return confirm(store, state, item, refundReceipt(row, item, 'pending', account.masked));
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
