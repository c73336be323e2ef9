import { type ScheduledCharge, scheduledChargeRows } from '@portal/domain';
import type { DemoStore } from '../store.ts';
import type { Row } from './state.ts';

export type { ScheduledCharge };

/** The member's current payment method (not removed, newest), as the server reads it. */
export function currentPaymentMethod(store: DemoStore, memberId: string): Row<'paymentMethods'> | undefined {
  return store.tables.paymentMethods
    .filter((p) => p.memberId === memberId && p.removedAt === null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

/**
 * A one-line scheduled invoice (domain scheduledChargeRows, as the server's scheduleCharge
 * writes it), to be paid with the member's current method. Returns the invoice's id.
 */
export function scheduleCharge(store: DemoStore, charge: ScheduledCharge): string {
  const method = currentPaymentMethod(store, charge.memberId);
  const ids = { invoice: crypto.randomUUID(), line: crypto.randomUUID() };
  const rows = scheduledChargeRows(charge, method, ids, store.now());
  store.tables.invoices.push(rows.invoice);
  store.tables.invoiceLines.push(rows.line);
  return ids.invoice;
}
