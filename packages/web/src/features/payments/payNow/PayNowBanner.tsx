import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../card/Card.module.css';
import { ProviderReturnBanner, ProviderReturnState } from '../ProviderReturnBanner.tsx';
import { type PayNowResult, usePayNowReturn } from './usePayNowReturn.ts';

function BannerContent({ result }: { result: PayNowResult }) {
  const { t } = useTranslation();
  if (result.outcome === 'unknown') {
    return <ProviderReturnState tone="pending" title={t('payNow.banner.confirming')} />;
  }
  if (result.outcome === 'error') {
    return (
      <ProviderReturnState tone="error" title={t('payNow.banner.error')}>
        <p>{t([`payNow.errors.${result.errorType ?? 'none'}`, 'payNow.errors.generic'])}</p>
        <p>
          <Link to="/payment" className={styles.bannerLink}>
            {t('payNow.banner.back')}
          </Link>
        </p>
      </ProviderReturnState>
    );
  }
  return (
    <ProviderReturnState tone="success" title={t('payNow.banner.success')}>
      <p>{t('payNow.banner.successText', { number: result.number ?? '' })}</p>
    </ProviderReturnState>
  );
}

/** The banner of /payment/invoices/:id/paid: confirming, then paid or not with the reason. */
export function PayNowBanner({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const result = usePayNowReturn(invoiceId);
  return (
    <ProviderReturnBanner label={t('payNow.banner.label')}>
      {result && <BannerContent result={result} />}
    </ProviderReturnBanner>
  );
}
