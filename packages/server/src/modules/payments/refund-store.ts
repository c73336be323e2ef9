import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { clubClosures, refunds } from '../../db/schema.ts';

export type ClosureRow = typeof clubClosures.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** The days a club was closed, oldest first. */
export function listClosures(ex: Executor, locationId: string): Promise<ClosureRow[]> {
  return ex
    .select()
    .from(clubClosures)
    .where(eq(clubClosures.locationId, locationId))
    .orderBy(asc(clubClosures.beginDate), asc(clubClosures.id));
}

/**
 * Inserts a refund unless one exists for its invoice and closure (unique index): answers
 * false then, so a second request for the same item never pays twice, whatever the timing.
 */
export async function insertRefund(ex: Executor, row: typeof refunds.$inferInsert): Promise<boolean> {
  const inserted = await ex
    .insert(refunds)
    .values(row)
    .onConflictDoNothing({ target: [refunds.invoiceId, refunds.closureId] })
    .returning({ id: refunds.id });
  return inserted.length === 1;
}

export async function completeRefund(ex: Executor, id: string, completedAt: Date): Promise<void> {
  await ex
    .update(refunds)
    .set({ status: 'completed', completedAt })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}
