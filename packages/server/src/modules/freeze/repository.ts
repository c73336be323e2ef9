import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { freezePeriods, invoiceLines, invoices } from '../../db/schema.ts';

export async function insertFreeze(ex: Executor, row: typeof freezePeriods.$inferInsert) {
  await ex.insert(freezePeriods).values(row);
}

export async function updateFreezeDates(
  ex: Executor,
  id: string,
  dates: { beginDate?: string; endDate?: string; cancelDate?: string },
) {
  await ex.update(freezePeriods).set(dates).where(eq(freezePeriods.id, id));
}

/**
 * Removes the not yet charged invoices of one freeze (its fee lines carry the freeze id as
 * product_id) dated after a day, so a changed or cancelled freeze is billed anew.
 */
export async function deleteScheduledFreezeInvoices(
  ex: Executor,
  memberId: string,
  freezeId: string,
  after: string,
) {
  const rows = await ex
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
    .where(
      and(
        eq(invoices.memberId, memberId),
        eq(invoices.status, 'scheduled'),
        gt(invoices.invoiceDate, after),
        eq(invoiceLines.productType, 'freeze_fee'),
        eq(invoiceLines.productId, freezeId),
      ),
    );
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return;
  await ex.delete(invoiceLines).where(inArray(invoiceLines.invoiceId, ids));
  await ex.delete(invoices).where(inArray(invoices.id, ids));
}
