import { type ScheduledCharge, scheduledChargeRows } from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import { invoiceLines, invoices } from '../../db/schema.ts';
import { findCurrentPaymentMethod } from './repository.ts';
import { randomUUID } from '../../platform/crypto.ts';

export type { ScheduledCharge };

/**
 * Schedules a one-line invoice (domain scheduledChargeRows), to be paid with the member's
 * current payment method. Returns the invoice's id.
 */
export async function scheduleCharge(
  ex: Executor,
  charge: ScheduledCharge & { createdAt: Date },
): Promise<string> {
  const method = await findCurrentPaymentMethod(ex, charge.memberId);
  const ids = { invoice: randomUUID(), line: randomUUID() };
  const rows = scheduledChargeRows(charge, method, ids, charge.createdAt);
  await ex.insert(invoices).values(rows.invoice);
  await ex.insert(invoiceLines).values(rows.line);
  return ids.invoice;
}
