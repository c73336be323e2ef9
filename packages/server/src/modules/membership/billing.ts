import { randomUUID } from 'node:crypto';
import type { InvoiceLineType } from '@portal/contract';
import { type OperatorSettings, scheduledInvoiceNumber } from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import { invoiceLines, invoices } from '../../db/schema.ts';
import { findCurrentPaymentMethod } from './repository.ts';

export interface ScheduledCharge {
  memberId: string;
  operator: OperatorSettings;
  invoiceDate: string;
  amount: number;
  type: InvoiceLineType;
  /** What the line is about, e.g. the freeze id, so later changes can find it. */
  productId: string | null;
  concept: string;
  /** The line's system concept, when it says more than its type (e.g. `pt_package`); default the type. */
  systemConcept?: string;
  /** The days of club use the charge is for; null for what is no period (e.g. a PT package). */
  period: { from: string; to: string } | null;
  createdAt: Date;
}

/**
 * Schedules a one-line invoice; the payment run (outside this portal) charges it on its
 * date with the member's current payment method. Returns the invoice's id.
 */
export async function scheduleCharge(ex: Executor, charge: ScheduledCharge): Promise<string> {
  const method = await findCurrentPaymentMethod(ex, charge.memberId);
  const id = randomUUID();
  await ex.insert(invoices).values({
    id,
    memberId: charge.memberId,
    invoiceNumber: scheduledInvoiceNumber(charge.operator.id, charge.invoiceDate, id),
    status: 'scheduled',
    invoiceDate: charge.invoiceDate,
    amount: charge.amount,
    currency: charge.operator.currency,
    periodFrom: charge.period?.from ?? null,
    periodTo: charge.period?.to ?? null,
    paymentMethodType: method?.type ?? null,
    paymentMethodDetails: method ? `${method.brand} ${method.details}` : null,
    createdAt: charge.createdAt,
  });
  await ex.insert(invoiceLines).values({
    id: randomUUID(),
    invoiceId: id,
    position: 1,
    amount: charge.amount,
    productType: charge.type,
    productId: charge.productId,
    systemConcept: charge.systemConcept ?? charge.type,
    humanConcept: charge.concept,
    periodFrom: charge.period?.from ?? null,
    periodTo: charge.period?.to ?? null,
  });
  return id;
}
