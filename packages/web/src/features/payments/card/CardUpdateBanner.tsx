import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProviderReturnBanner, ProviderReturnState } from '../ProviderReturnBanner.tsx';
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
      <ProviderReturnState tone="pending" title={t('payments.banner.confirming')}>
        <p>{t('payments.banner.confirmingHint')}</p>
      </ProviderReturnState>
    );
  }
  if (result.outcome === 'error') {
    // A refusal with a text of its own (a declined card, a return used before), else the general one.
    const text = t([`payments.errors.${result.errorType ?? 'none'}`, 'payments.banner.error.generic']);
    return (
      <ProviderReturnState tone="error" title={t('payments.banner.error.title')}>
        <p>{text}</p>
        <p>
          <Link to="/payment/credit-card" className={styles.bannerLink}>
            {t('payments.banner.error.retry')}
          </Link>
        </p>
      </ProviderReturnState>
    );
  }
  const exists = result.outcome === 'exists';
  return (
    <ProviderReturnState
      tone="success"
      title={t(exists ? 'payments.banner.exists.title' : 'payments.banner.success.title')}
    >
      <p>{t(exists ? 'payments.banner.exists.text' : 'payments.banner.success.text')}</p>
      <RetriedInvoices retried={result.retried} />
    </ProviderReturnState>
  );
}

/**
 * The banner of /payment/payment-method-updated (its only page): confirming, then
 * success, already registered (a success too) or failure with a way to try again.
 */
export function CardUpdateBanner() {
  const { t } = useTranslation();
  const result = useCardRegistration();
  return (
    <ProviderReturnBanner label={t('payments.banner.label')}>
      {result && <BannerContent result={result} />}
    </ProviderReturnBanner>
  );
}
