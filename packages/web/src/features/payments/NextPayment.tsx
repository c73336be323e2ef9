import { isInactiveStatus } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Loading } from '../../components/Loading.tsx';
import { errorTexts } from '../../lib/errorText.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Payments.module.css';
import { nextPaymentQuery } from './queries.ts';
import { Section } from './Section.tsx';
import { usePaymentFormat } from './usePaymentFormat.ts';

function NextPaymentBody() {
  const { t, i18n } = useTranslation();
  const format = usePaymentFormat();
  const next = useQuery(nextPaymentQuery());
  // The spinner alone: a visible label wrapped to two lines on a phone, and the box shrank
  // under the invoices when the answer came (docs/performance.md, "No layout shift").
  if (next.isPending) return <Loading label={t('payments.next.loading')} labelHidden />;
  if (next.isError) {
    return (
      <div className={styles.inlineError} role="alert">
        <p>{errorTexts(next.error, t, i18n.language).join(' ')}</p>
        <Button variant="secondary" onClick={() => void next.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (next.data === null) return <p className={styles.muted}>{t('payments.next.none')}</p>;
  return (
    <>
      <p className={styles.amount}>{format.money(next.data.amount)}</p>
      <p className={styles.muted}>{t('payments.next.on', { date: format.date(next.data.invoice_date) })}</p>
    </>
  );
}

/**
 * The next scheduled payment. Not asked for when the membership no longer runs (the
 * inactive statuses); a 404 answer means none is scheduled.
 */
export function NextPayment() {
  const { t } = useTranslation();
  const { status } = useLoadedMembership();
  return (
    <Section title={t('payments.next.title')}>
      {isInactiveStatus(status) ? (
        <p className={styles.muted}>{t('payments.next.ended')}</p>
      ) : (
        <div className={styles.nextBody}>
          <NextPaymentBody />
        </div>
      )}
    </Section>
  );
}
