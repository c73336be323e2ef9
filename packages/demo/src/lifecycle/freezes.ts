import type { IsoDate } from '@portal/domain';
import type { DemoStore } from '../store.ts';

/** Sets a freeze's dates or its cancellation day (server: freeze/repository.ts). */
export function updateFreezeDates(
  store: DemoStore,
  id: string,
  dates: { beginDate?: IsoDate; endDate?: IsoDate; cancelDate?: IsoDate },
): void {
  const row = store.tables.freezePeriods.find((f) => f.id === id);
  if (row) Object.assign(row, dates);
}

/**
 * Removes the not yet charged invoices of one freeze (its fee lines carry the freeze id
 * as product_id) dated after a day, so a changed or cancelled freeze is billed anew.
 */
export function deleteScheduledFreezeInvoices(
  store: DemoStore,
  memberId: string,
  freezeId: string,
  after: IsoDate,
) {
  const { tables } = store;
  const ids = new Set(
    tables.invoices
      .filter((i) => i.memberId === memberId && i.status === 'scheduled' && i.invoiceDate > after)
      .filter((i) =>
        tables.invoiceLines.some(
          (l) => l.invoiceId === i.id && l.productType === 'freeze_fee' && l.productId === freezeId,
        ),
      )
      .map((i) => i.id),
  );
  if (ids.size === 0) return;
  tables.invoiceLines = tables.invoiceLines.filter((l) => !ids.has(l.invoiceId));
  tables.invoices = tables.invoices.filter((i) => !ids.has(i.id));
}
