import { openAmount, unpaidInvoices } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button.tsx';
import { useInvoices } from '../../lib/membership.ts';
import styles from './UnpaidNotice.module.css';
import { usePaymentFormat } from './usePaymentFormat.ts';

/**
 * Home's unpaid notice: the open amount and the way to the payment page, where the member
 * updates the card and the unpaid invoices are charged to it. It reads the invoice list the
 * menu's payment alert has already loaded, with the same rule (`unpaidInvoices`), and stays
 * away while that list loads or fails: the alert in the menu is there all the same.
 */
export function HomeUnpaidNotice() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const format = usePaymentFormat();
  const id = useId();
  if (!invoices.isSuccess) return null;
  const unpaid = unpaidInvoices(invoices.data);
  if (unpaid.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.notice}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <div className={styles.body}>
        <h2 id={id} className={styles.title}>
          {t('home.unpaid.title')}
        </h2>
        <p>{t('home.unpaid.text', { amount: format.money(openAmount(unpaid)) })}</p>
        <ButtonLink to="/payment">{t('home.unpaid.action')}</ButtonLink>
      </div>
    </section>
  );
}
