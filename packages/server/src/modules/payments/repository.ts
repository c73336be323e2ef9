import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { invoiceLines, invoices, payments, refunds } from '../../db/schema.ts';

/**
 * The member's invoices newest first (all of them, or at most `limit`), and only those after `before` in that
 * order (date, then number: the invoice number is unique, so no two tie).
 */
export function listInvoices(
  ex: Executor,
  memberId: string,
  page: { limit?: number; before?: { invoiceDate: string; invoiceNumber: string } } = {},
) {
  const { before } = page;
  const query = ex
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.memberId, memberId),
        before
          ? sql`(${invoices.invoiceDate}, ${invoices.invoiceNumber}) < (${before.invoiceDate}::date, ${before.invoiceNumber})`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber));
  return page.limit === undefined ? query : query.limit(page.limit);
}

export async function findInvoice(ex: Executor, memberId: string, id: string) {
  const [row] = await ex
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.memberId, memberId)))
    .limit(1);
  return row;
}

export function listLines(ex: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
}

export function listPayments(ex: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export function listRefunds(ex: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(refunds)
    .where(inArray(refunds.invoiceId, invoiceIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The earliest scheduled invoice on or after a date, if the billing system stored one. */
export async function findScheduledInvoice(ex: Executor, memberId: string, from: string) {
  const [row] = await ex
    .select({ invoiceDate: invoices.invoiceDate, amount: invoices.amount })
    .from(invoices)
    .where(
      and(eq(invoices.memberId, memberId), eq(invoices.status, 'scheduled'), gte(invoices.invoiceDate, from)),
    )
    .orderBy(asc(invoices.invoiceDate))
    .limit(1);
  return row;
}
