import type { RefundableItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { errorTexts } from '../../../lib/errorText.ts';
import paymentStyles from '../Payments.module.css';
import { refundableQuery } from '../queries.ts';
import { Section } from '../Section.tsx';
import { usePaymentFormat } from '../usePaymentFormat.ts';
import styles from './Refunds.module.css';
import { RefundFacts } from './shared.tsx';

function RefundItemEntry({ item }: { item: RefundableItem }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const titleId = useId();
  const id = encodeURIComponent(item.invoice.id);
  return (
    <li className={styles.item}>
      <h3 id={titleId} className={styles.itemTitle}>
        {t('payments.refunds.itemTitle', { number: item.invoice.invoice_number })}
        {item.invoice.period && <span className={styles.sub}>{format.period(item.invoice.period)}</span>}
      </h3>
      <RefundFacts item={item} withInvoice={false} />
      <div className={paymentStyles.actions}>
        <ButtonLink to={`/payment/refund/${id}`} aria-describedby={titleId}>
          {t('payments.refunds.toCard')}
        </ButtonLink>
        <ButtonLink to={`/payment/refund/${id}/bank`} variant="secondary" aria-describedby={titleId}>
          {t('payments.refunds.toBank')}
        </ButtonLink>
      </div>
    </li>
  );
}

/**
 * Refunds of closed days: invoices that paid for days the member's club was closed, each
 * with its two ways back (to the card, or to a bank account). Shown only when there is
 * something to refund, or when the list could not be loaded.
 */
export function RefundsSection() {
  const { t, i18n } = useTranslation();
  const refundable = useQuery(refundableQuery());
  if (refundable.isError) {
    return (
      <Section title={t('payments.refunds.title')}>
        <div className={paymentStyles.inlineError} role="alert">
          <p>{errorTexts(refundable.error, t, i18n.language).join(' ')}</p>
          <Button variant="secondary" onClick={() => void refundable.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Section>
    );
  }
  if (!refundable.data || refundable.data.length === 0) return null;
  return (
    <Section title={t('payments.refunds.title')}>
      <p className={paymentStyles.intro}>{t('payments.refunds.intro')}</p>
      <ul className={styles.items}>
        {refundable.data.map((item) => (
          <RefundItemEntry key={item.invoice.id} item={item} />
        ))}
      </ul>
    </Section>
  );
}
