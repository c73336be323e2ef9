import { compareInvoicesNewestFirst } from '@portal/domain';
import type { DemoStore } from '../store.ts';
import type { Row } from './state.ts';

export type InvoiceRow = Row<'invoices'>;

/** The member's invoices newest first (date, then number), as repository.listInvoices. */
export function memberInvoices(store: DemoStore, memberId: string): InvoiceRow[] {
  return store.tables.invoices.filter((i) => i.memberId === memberId).sort(compareInvoicesNewestFirst);
}

/** Rows of a child table that belong to some invoices, in the server's order (time, then id). */
export function ofInvoices<R extends { invoiceId: string; createdAt: Date; id: string }>(
  rows: readonly R[],
  ids: readonly string[],
): R[] {
  const wanted = new Set(ids);
  return rows
    .filter((r) => wanted.has(r.invoiceId))
    .sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}
