import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CardUpdateResult, RetriedInvoice } from './cardUpdate.ts';
import styles from './Card.module.css';
import { useCardRegistration } from './useCardRegistration.ts';

/** Which of the outstanding invoices the new card paid, and which are still unpaid. */
function RetriedInvoices({ retried }: { retried: RetriedInvoice[] }) {
  const { t } = useTranslation();
  if (retried.length === 0) return null;
  const unpaid = retried.filter((invoice) => invoice.status !== 'charged');
  return (
    <>
      <ul className={styles.retried}>
        {retried.map((invoice) => (
          <li key={invoice.id}>
            {t(
              invoice.status === 'charged' ? 'payments.banner.retriedPaid' : 'payments.banner.retriedUnpaid',
              {
                number: invoice.invoice_number,
              },
            )}
          </li>
        ))}
      </ul>
      {unpaid.length > 0 && <p>{t('payments.banner.stillUnpaid', { count: unpaid.length })}</p>}
    </>
  );
}

function BannerContent({ result }: { result: CardUpdateResult }) {
  const { t } = useTranslation();
  if (result.outcome === 'unknown') {
    return (
      <div className={styles.bannerBox} data-tone="pending">
        <span className={styles.spinner} aria-hidden="true" />
        <div className={styles.bannerBody}>
          <p className={styles.bannerTitle}>{t('payments.banner.confirming')}</p>
          <p>{t('payments.banner.confirmingHint')}</p>
        </div>
      </div>
    );
  }
  if (result.outcome === 'error') {
    // A refusal with a text of its own (a declined card, a return used before), else the general one.
    const text = t([`payments.errors.${result.errorType ?? 'none'}`, 'payments.banner.error.generic']);
    return (
      <div className={styles.bannerBox} data-tone="error">
        <span className={styles.bannerIcon} aria-hidden="true">
          !
        </span>
        <div className={styles.bannerBody}>
          <p className={styles.bannerTitle}>{t('payments.banner.error.title')}</p>
          <p>{text}</p>
          <p>
            <Link to="/payment/credit-card" className={styles.bannerLink}>
              {t('payments.banner.error.retry')}
            </Link>
          </p>
        </div>
      </div>
    );
  }
  const exists = result.outcome === 'exists';
  return (
    <div className={styles.bannerBox} data-tone="success">
      <span className={styles.bannerIcon} aria-hidden="true">
        ✓
      </span>
      <div className={styles.bannerBody}>
        <p className={styles.bannerTitle}>
          {t(exists ? 'payments.banner.exists.title' : 'payments.banner.success.title')}
        </p>
        <p>{t(exists ? 'payments.banner.exists.text' : 'payments.banner.success.text')}</p>
        <RetriedInvoices retried={result.retried} />
      </div>
    </div>
  );
}

/**
 * The banner of /payment/payment-method-updated (its only page): confirming, then
 * success, already registered (a success too) or failure with a way to try again. A live
 * region that stays in the page, so each change is announced.
 */
export function CardUpdateBanner() {
  const { t } = useTranslation();
  const result = useCardRegistration();
  return (
    <div role="status" aria-live="polite" aria-label={t('payments.banner.label')} className={styles.banner}>
      {result && <BannerContent result={result} />}
    </div>
  );
}
