import { type IsoDate, type RefundableOne as Refundable, refundableItems } from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import type { invoices, payments } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { type ClosureRow, listClosures, type RefundRow } from './refund-store.ts';

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** One invoice and one closure of the member's club, with what it gives back. */
export type RefundableOne = Refundable<InvoiceRow, PaymentRow, ClosureRow>;

/**
 * The refundable items of the member's charged invoices (or of one invoice), earliest
 * closure first: closures of the membership's current club, each at most once per
 * invoice, and never more in all than is left of the payment. Also answers the refunds
 * already made on those invoices, to tell "already refunded" from "nothing to refund".
 */
export async function findRefundable(
  ex: Executor,
  member: { memberId: string; locationId: string; today: IsoDate },
  only?: InvoiceRow,
): Promise<{ items: RefundableOne[]; refunds: RefundRow[] }> {
  const charged = (only ? [only] : await repo.listInvoices(ex, member.memberId)).filter(
    (i) => i.status === 'charged',
  );
  const ids = charged.map((i) => i.id);
  // One after the other: inside a transaction the statements share one connection.
  const closures = await listClosures(ex, member.locationId);
  const refunds = await repo.listRefunds(ex, ids);
  if (closures.length === 0 || ids.length === 0) return { items: [], refunds };
  const lines = await repo.listLines(ex, ids);
  const paymentRows = await repo.listPayments(ex, ids);
  const items = refundableItems({
    invoices: charged,
    lines,
    payments: paymentRows,
    refunds,
    closures,
    today: member.today,
  });
  return { items, refunds };
}
