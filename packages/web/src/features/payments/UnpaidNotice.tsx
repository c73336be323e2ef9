import type { Invoice } from '@portal/contract';
import { openAmount, unpaidInvoices } from '@portal/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateCardLink } from './card/UpdateCardLink.tsx';
import { PayNowList } from './payNow/PayNowList.tsx';
import styles from './UnpaidNotice.module.css';
import { usePaymentFormat } from './usePaymentFormat.ts';

/**
 * The unpaid notice: declined invoices with a period are owed. It says what
 * to do: update the card, and the outstanding invoices are charged to the new one.
 */
export function UnpaidNotice({ invoices }: { invoices: readonly Invoice[] }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const unpaid = unpaidInvoices(invoices);
  if (unpaid.length === 0) return null;
  return (
    <OwedNotice title={t('payments.unpaid.title')}>
      <p>{t('payments.unpaid.text', { count: unpaid.length, amount: format.money(openAmount(unpaid)) })}</p>
      <PayNowList invoices={unpaid} />
      <p>{t('payments.unpaid.next')}</p>
      <UpdateCardLink />
    </OwedNotice>
  );
}

/** How a notice of money owed looks, on the payment page and on home: its mark, title and text. */
export function OwedNotice({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.notice}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <div className={styles.body}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
