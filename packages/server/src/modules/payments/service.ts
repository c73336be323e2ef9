import {
  INVOICE_PAGE_DEFAULT,
  type Invoice,
  type InvoiceListQuery,
  type ScheduledInvoice,
} from '@portal/contract';
import { invoiceView, isInactiveStatus, nextPayment } from '@portal/domain';
import type { invoices } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { loadMembershipState, withTextLocale } from '../membership/state.ts';
import * as membershipRepo from '../membership/repository.ts';
import * as repo from './repository.ts';

type InvoiceRow = typeof invoices.$inferSelect;

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export function createPaymentsService(deps: AppDeps) {
  const { db, clock } = deps;

  async function owner(auth: AuthContext) {
    const record = await membershipRepo.findMembership(db, auth.memberId);
    if (!record) throw notFound('No membership.');
    return withTextLocale(record, auth);
  }

  async function assemble(rows: InvoiceRow[], auth: AuthContext): Promise<Invoice[]> {
    const { member, membership } = await owner(auth);
    const ids = rows.map((r) => r.id);
    const [lines, paymentRows, refundRows] = await Promise.all([
      repo.listLines(db, ids),
      repo.listPayments(db, ids),
      repo.listRefunds(db, ids),
    ]);
    const linesBy = groupBy(lines, (l) => l.invoiceId);
    const paymentsBy = groupBy(paymentRows, (p) => p.invoiceId);
    const refundsBy = groupBy(refundRows, (r) => r.invoiceId);
    return rows.map((row) =>
      invoiceView(
        row,
        linesBy.get(row.id) ?? [],
        paymentsBy.get(row.id) ?? [],
        refundsBy.get(row.id) ?? [],
        member,
        membership.membershipNumber,
      ),
    );
  }

  return {
    /** All of the member's invoices, newest first (what the server's own rules read). */
    async list(auth: AuthContext): Promise<Invoice[]> {
      return assemble(await repo.listInvoices(db, auth.memberId), auth);
    },

    /**
     * GET /v1/membership/invoices: newest first, every one up to INVOICE_PAGE_DEFAULT (or `limit`),
     * the rest after the invoice `before`. `next` is the id to continue after, when more follow.
     */
    async page(
      auth: AuthContext,
      query: InvoiceListQuery,
    ): Promise<{ invoices: Invoice[]; next: string | null }> {
      const limit = query.limit ?? INVOICE_PAGE_DEFAULT;
      let before: { invoiceDate: string; invoiceNumber: string } | undefined;
      if (query.before) {
        const cursor = await repo.findInvoice(db, auth.memberId, query.before);
        // Another member's invoice is as unknown as one that does not exist.
        if (!cursor) throw invalidRequest('query.before', 'No such invoice to continue after.');
        before = cursor;
      }
      const rows = await repo.listInvoices(db, auth.memberId, { limit: limit + 1, before });
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      return { invoices: await assemble(page, auth), next: more ? page[page.length - 1]!.id : null };
    },

    /** One invoice; 404 when unknown or another member's. */
    async get(auth: AuthContext, id: string): Promise<Invoice> {
      const row = await repo.findInvoice(db, auth.memberId, id);
      if (!row) throw notFound('No such invoice.');
      const [invoice] = await assemble([row], auth);
      return invoice!;
    },

    /**
     * The next payment: a stored scheduled invoice if there is one, else the monthly charge
     * on the 1st of next month (or the begin date in trial and presale): the freeze fee when
     * a freeze covers that day, the product's monthly fee otherwise. 404 when no payment is
     * due any more (inactive statuses, or the membership ends before).
     */
    async next(auth: AuthContext): Promise<ScheduledInvoice> {
      const { product, operator, today, facts, status } = await loadMembershipState(db, auth, clock);
      // Inactive statuses have no next payment whatever is stored: no need to read it.
      if (isInactiveStatus(status)) throw notFound('No next payment.');
      const stored = await repo.findScheduledInvoice(db, auth.memberId, today);
      const next = nextPayment({ status, facts, today, operator, monthlyFee: product.monthlyFee, stored });
      if (!next) throw notFound('No next payment.');
      return next;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
