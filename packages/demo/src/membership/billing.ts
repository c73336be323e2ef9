import type { IsoDate, OperatorSettings } from '@portal/domain';
import { scheduledInvoiceNumber } from '@portal/domain';
import type { DemoStore } from '../store.ts';
import type { Row } from './state.ts';

export interface ScheduledCharge {
  memberId: string;
  operator: OperatorSettings;
  invoiceDate: IsoDate;
  amount: number;
  type: Row<'invoiceLines'>['productType'];
  /** The line's system concept when it is not the type (e.g. `pt_package`). */
  systemConcept?: string;
  /** What the line is about (e.g. the freeze id), so later changes find it. */
  productId: string | null;
  concept: string;
  period: { from: IsoDate; to: IsoDate } | null;
}

/** The member's current payment method (not removed, newest), as the server reads it. */
export function currentPaymentMethod(store: DemoStore, memberId: string): Row<'paymentMethods'> | undefined {
  return store.tables.paymentMethods
    .filter((p) => p.memberId === memberId && p.removedAt === null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

/**
 * Port of the server's scheduleCharge (membership/billing.ts): a one-line scheduled
 * invoice, to be paid with the member's current method.
 */
export function scheduleCharge(store: DemoStore, charge: ScheduledCharge): string {
  const method = currentPaymentMethod(store, charge.memberId);
  const id = crypto.randomUUID();
  store.tables.invoices.push({
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
    createdAt: store.now(),
  });
  store.tables.invoiceLines.push({
    id: crypto.randomUUID(),
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
