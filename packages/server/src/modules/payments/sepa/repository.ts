import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.ts';
import { invoices, paymentMethods, sepaCollections, sepaMandates } from '../../../db/schema.ts';

export type MandateRow = typeof sepaMandates.$inferSelect;
export type CollectionRow = typeof sepaCollections.$inferSelect;

/**
 * The mandate the member pays with: the one their current payment method names (a member
 * who went back to card has none, though the mandate row may not have ended).
 */
export async function currentMandate(ex: Executor, memberId: string): Promise<MandateRow | undefined> {
  const [method] = await ex
    .select({ provider: paymentMethods.provider, token: paymentMethods.providerToken })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.memberId, memberId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  if (method?.provider !== 'sepa' || !method.token) return undefined;
  const [mandate] = await ex
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.id, method.token), eq(sepaMandates.memberId, memberId)))
    .limit(1);
  return mandate;
}

/** Ends the member's mandate that has not ended (at most one: the partial unique index). */
export async function endMandates(ex: Executor, memberId: string, at: Date): Promise<string[]> {
  const rows = await ex
    .update(sepaMandates)
    .set({ endedAt: at })
    .where(and(eq(sepaMandates.memberId, memberId), isNull(sepaMandates.endedAt)))
    .returning({ id: sepaMandates.id });
  return rows.map((r) => r.id);
}

export async function insertMandate(ex: Executor, row: typeof sepaMandates.$inferInsert): Promise<void> {
  await ex.insert(sepaMandates).values(row);
}

/** The member's collections still waiting for a debit file, oldest first. */
export function queuedCollections(ex: Executor, memberId: string) {
  return ex
    .select()
    .from(sepaCollections)
    .where(and(eq(sepaCollections.memberId, memberId), eq(sepaCollections.status, 'queued')))
    .orderBy(asc(sepaCollections.dueOn), asc(sepaCollections.createdAt));
}

/** The invoices that already have a collection queued or with the bank. */
export async function invoicesInCollection(
  ex: Executor,
  invoiceIds: string[],
): Promise<Map<string, CollectionRow>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await ex
    .select()
    .from(sepaCollections)
    .where(
      and(
        inArray(sepaCollections.invoiceId, invoiceIds),
        inArray(sepaCollections.status, ['queued', 'exported']),
      ),
    );
  return new Map(rows.map((r) => [r.invoiceId, r]));
}

/** A queued collection follows the member's new mandate and the new pre-notification's date. */
export async function moveCollection(
  ex: Executor,
  id: string,
  mandateId: string,
  dueOn: string,
): Promise<void> {
  await ex
    .update(sepaCollections)
    .set({ mandateId, dueOn })
    .where(and(eq(sepaCollections.id, id), eq(sepaCollections.status, 'queued')));
}

export async function insertCollection(
  ex: Executor,
  row: typeof sepaCollections.$inferInsert,
): Promise<void> {
  await ex.insert(sepaCollections).values(row).onConflictDoNothing();
}

/** Declined invoices stay declined until the debit is through; the queue holds what is open. */
export async function queuedInvoiceAmounts(ex: Executor, memberId: string) {
  return ex
    .select({ amount: sepaCollections.amount, invoiceId: sepaCollections.invoiceId })
    .from(sepaCollections)
    .innerJoin(invoices, eq(invoices.id, sepaCollections.invoiceId))
    .where(
      and(
        eq(sepaCollections.memberId, memberId),
        eq(sepaCollections.status, 'queued'),
        eq(invoices.status, 'declined'),
      ),
    );
}
