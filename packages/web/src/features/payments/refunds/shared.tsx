import type { RefundableItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logEvent } from '../../../lib/events.ts';
import { refundableQuery } from '../queries.ts';
import { usePaymentFormat } from '../usePaymentFormat.ts';
import styles from './Refunds.module.css';

/** One refundable item by its invoice id, from GET /v1/membership/invoices/refundable. */
export function useRefundableItem(invoiceId: string) {
  const query = useQuery(refundableQuery());
  const item = query.data?.find((entry) => entry.invoice.id === invoiceId) ?? null;
  return { ...query, item };
}

/** What a closure gives back on one invoice: the closed days of the paid ones, and that share of the amount. */
export function RefundFacts({ item, withInvoice = true }: { item: RefundableItem; withInvoice?: boolean }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  return (
    <dl className={styles.facts}>
      {withInvoice && (
        <div>
          <dt>{t('payments.refunds.invoiceLabel')}</dt>
          <dd>
            {item.invoice.invoice_number}
            {item.invoice.period && <span className={styles.sub}>{format.period(item.invoice.period)}</span>}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('payments.refunds.closedLabel')}</dt>
        <dd>
          {format.period(item.closed_period)}
          <span className={styles.sub}>
            {t('payments.refunds.days', {
              count: item.closed_days.paid,
              closed: item.closed_days.closed,
            })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('payments.refunds.amountLabel')}</dt>
        <dd>
          <strong className={styles.refundable}>{format.money(item.refundable_amount.refundable)}</strong>
          <span className={styles.sub}>
            {t('payments.refunds.ofPaid', { paid: format.money(item.refundable_amount.paid) })}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** Logs a refund's progress (POST /v1/membership/event), as every change in the portal does. */
export function loggedRefund(action: 'refund_closed_days' | 'manual_refund', invoiceId: string) {
  const details = { invoice_id: invoiceId };
  return {
    onMutate: () => logEvent(action, 'in_progress', details),
    onSuccess: () => logEvent(action, 'success', details),
    onError: () => logEvent(action, 'failure', details),
  };
}
