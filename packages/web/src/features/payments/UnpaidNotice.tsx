import type { Invoice } from '@portal/contract';
import { openAmount, unpaidInvoices } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateCardLink } from './card/UpdateCardLink.tsx';
import styles from './UnpaidNotice.module.css';
import { usePaymentFormat } from './usePaymentFormat.ts';

/**
 * The unpaid notice: declined invoices with a period are owed. It says what
 * to do: update the card, and the outstanding invoices are charged to the new one.
 */
export function UnpaidNotice({ invoices }: { invoices: readonly Invoice[] }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const id = useId();
  const unpaid = unpaidInvoices(invoices);
  if (unpaid.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.notice}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <div className={styles.body}>
        <h2 id={id} className={styles.title}>
          {t('payments.unpaid.title')}
        </h2>
        <p>{t('payments.unpaid.text', { count: unpaid.length, amount: format.money(openAmount(unpaid)) })}</p>
        <p>{t('payments.unpaid.next')}</p>
        <UpdateCardLink />
      </div>
    </section>
  );
}
