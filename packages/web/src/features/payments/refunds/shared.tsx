import type { RefundableItem, RefundReceipt } from '@portal/contract';
import { type UseMutationResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError } from '../../../components/ActionResult.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { areaErrorTexts } from '../../../lib/areaErrors.ts';
import { BackToPayment } from '../BackToPayment.tsx';
import { refundableQuery } from '../queries.ts';
import { RefundUnavailable } from './RefundUnavailable.tsx';
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

/**
 * What both refund pages go through: the result of the refund once asked for (success or
 * error page), else the refundable item loading, gone (refunded meanwhile), or the step.
 */
export function RefundSteps<V>({
  invoiceId,
  refund,
  success,
  step,
}: {
  invoiceId: string;
  refund: UseMutationResult<RefundReceipt, Error, V>;
  success: (receipt: RefundReceipt) => ReactNode;
  step: (item: RefundableItem) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const refundable = useRefundableItem(invoiceId);
  if (refund.isSuccess) return success(refund.data);
  if (refund.isError) {
    return (
      <ActionError
        error={refund.error}
        texts={areaErrorTexts(refund.error, t, i18n, 'payments.errors')}
        onRetry={() => refund.reset()}
        back={<BackToPayment />}
      />
    );
  }
  if (refundable.isPending) return <Loading label={t('payments.refunds.loading')} />;
  if (refundable.isError)
    return <ErrorState error={refundable.error} onRetry={() => void refundable.refetch()} />;
  if (!refundable.item) return <RefundUnavailable />;
  return step(refundable.item);
}
