import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../card/Card.module.css';
import { type PayNowResult, usePayNowReturn } from './usePayNowReturn.ts';

function BannerContent({ result }: { result: PayNowResult }) {
  const { t } = useTranslation();
  if (result.outcome === 'unknown') {
    return (
      <div className={styles.bannerBox} data-tone="pending">
        <span className={styles.spinner} aria-hidden="true" />
        <div className={styles.bannerBody}>
          <p className={styles.bannerTitle}>{t('payNow.banner.confirming')}</p>
        </div>
      </div>
    );
  }
  if (result.outcome === 'error') {
    return (
      <div className={styles.bannerBox} data-tone="error">
        <span className={styles.bannerIcon} aria-hidden="true">
          !
        </span>
        <div className={styles.bannerBody}>
          <p className={styles.bannerTitle}>{t('payNow.banner.error')}</p>
          <p>{t([`payNow.errors.${result.errorType ?? 'none'}`, 'payNow.errors.generic'])}</p>
          <p>
            <Link to="/payment" className={styles.bannerLink}>
              {t('payNow.banner.back')}
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.bannerBox} data-tone="success">
      <span className={styles.bannerIcon} aria-hidden="true">
        ✓
      </span>
      <div className={styles.bannerBody}>
        <p className={styles.bannerTitle}>{t('payNow.banner.success')}</p>
        <p>{t('payNow.banner.successText', { number: result.number ?? '' })}</p>
      </div>
    </div>
  );
}

/**
 * The banner of /payment/invoices/:id/paid: confirming, then paid or not with the reason.
 * A live region that stays in the page, so each change is announced.
 */
export function PayNowBanner({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const result = usePayNowReturn(invoiceId);
  return (
    <div role="status" aria-live="polite" aria-label={t('payNow.banner.label')} className={styles.banner}>
      {result && <BannerContent result={result} />}
    </div>
  );
}
