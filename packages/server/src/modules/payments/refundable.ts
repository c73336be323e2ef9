import { type ClosedDaysRefund, type IsoDate, invoiceClosureRefund } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { invoices, payments } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { type ClosureRow, listClosures, type RefundRow } from './refund-store.ts';

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** One invoice and one closure of the member's club, with what it gives back. */
export interface RefundableOne {
  invoice: InvoiceRow;
  /** The payment that took the money; the refund is booked on it. */
  payment: PaymentRow;
  closure: ClosureRow;
  refund: ClosedDaysRefund;
}

/** A payment that took the member's money (seeded and retried charges are 'captured'). */
const tookMoney = (p: PaymentRow) => p.status === 'captured';
/** Refunds that are owed or paid count against what is left; a failed one gave nothing back. */
const owedOrPaid = (r: RefundRow) => r.status !== 'failed';

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

  const items: RefundableOne[] = [];
  for (const invoice of charged) {
    const payment = paymentRows.find((p) => p.invoiceId === invoice.id && tookMoney(p));
    if (!payment) continue;
    const own = refunds.filter((r) => r.invoiceId === invoice.id);
    const invoiceLines = lines
      .filter((l) => l.invoiceId === invoice.id)
      .map((l) => ({
        product_type: l.productType,
        amount: l.amount,
        period: l.periodFrom && l.periodTo ? { from: l.periodFrom, to: l.periodTo } : null,
      }));
    let left = payment.amount - own.filter(owedOrPaid).reduce((sum, r) => sum + r.amount, 0);
    for (const closure of closures) {
      if (own.some((r) => r.closureId === closure.id)) continue;
      const refund = invoiceClosureRefund(
        { lines: invoiceLines, leftToRefund: left },
        { from: closure.beginDate, to: closure.endDate },
        member.today,
      );
      if (!refund) continue;
      items.push({ invoice, payment, closure, refund });
      left -= refund.refundable_amount.refundable;
    }
  }
  return { items, refunds };
}
