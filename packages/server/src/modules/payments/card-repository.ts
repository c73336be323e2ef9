import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { cardCheckouts, invoices, paymentMethods, payments } from '../../db/schema.ts';

export type CheckoutRow = typeof cardCheckouts.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export async function insertCheckout(ex: Executor, row: typeof cardCheckouts.$inferInsert): Promise<void> {
  await ex.insert(cardCheckouts).values(row);
}

export async function findCheckout(ex: Executor, id: string) {
  const [row] = await ex.select().from(cardCheckouts).where(eq(cardCheckouts.id, id)).limit(1);
  return row;
}

/**
 * Closes the member's open, unexpired checkout in one conditional UPDATE: of two returns
 * for one checkout (a replay, a double post) exactly one gets the row back. With
 * `invoiceId`, only the checkout paying that invoice (paying now); without, only a card
 * update's checkout, so a pay-now checkout's return never registers a card.
 */
export async function closeCheckout(
  ex: Executor,
  where: { id: string; memberId: string; invoiceId?: string; provider: 'verifone' | 'dibs'; now: Date },
  status: 'completed' | 'cancelled' | 'failed',
): Promise<CheckoutRow | undefined> {
  const [row] = await ex
    .update(cardCheckouts)
    .set({ status, completedAt: where.now })
    .where(
      and(
        eq(cardCheckouts.id, where.id),
        eq(cardCheckouts.memberId, where.memberId),
        where.invoiceId === undefined
          ? isNull(cardCheckouts.invoiceId)
          : eq(cardCheckouts.invoiceId, where.invoiceId),
        eq(cardCheckouts.provider, where.provider),
        eq(cardCheckouts.status, 'open'),
        gt(cardCheckouts.expiresAt, where.now),
      ),
    )
    .returning();
  return row;
}

/** The member's payment methods in use, newest first (the read model shows the first). */
export function currentPaymentMethods(ex: Executor, memberId: string) {
  return ex
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.memberId, memberId), isNull(paymentMethods.removedAt)))
    .orderBy(asc(paymentMethods.createdAt));
}

export async function removePaymentMethods(ex: Executor, memberId: string, at: Date): Promise<void> {
  await ex
    .update(paymentMethods)
    .set({ removedAt: at })
    .where(and(eq(paymentMethods.memberId, memberId), isNull(paymentMethods.removedAt)));
}

export async function insertPaymentMethod(
  ex: Executor,
  row: typeof paymentMethods.$inferInsert,
): Promise<void> {
  await ex.insert(paymentMethods).values(row);
}

/** The same card registered again: keep the row, take the provider's newest token and expiry. */
export async function refreshPaymentMethod(
  ex: Executor,
  id: string,
  values: { expire: string; providerToken: string },
): Promise<void> {
  await ex.update(paymentMethods).set(values).where(eq(paymentMethods.id, id));
}

/** Declined invoices with a period (unpaid: docs/portal-screens.md), oldest first, locked for the retry. */
export function declinedInvoicesWithPeriod(ex: Executor, memberId: string) {
  return ex
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.memberId, memberId), eq(invoices.status, 'declined'), isNotNull(invoices.periodFrom)),
    )
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber))
    .for('update');
}

export async function insertPayment(ex: Executor, row: typeof payments.$inferInsert): Promise<void> {
  await ex.insert(payments).values(row);
}

export async function markInvoiceCharged(
  ex: Executor,
  id: string,
  method: { type: string; details: string },
): Promise<void> {
  await ex
    .update(invoices)
    .set({ status: 'charged', paymentMethodType: method.type, paymentMethodDetails: method.details })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'declined')));
}
