import type { Invoice } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { ErrorResponse } from '../../../lib/api.ts';
import { openCheckout } from '../card/browser.ts';
import { useCardUpdateAllowed } from '../card/UpdateCardLink.tsx';
import { usePaymentFormat } from '../usePaymentFormat.ts';
import { payInvoiceMutation } from './queries.ts';
import styles from './PayNow.module.css';

/** "Pay now" for one open invoice: the provider's page for exactly its amount, in the same window. */
function PayNowRow({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const pay = useMutation(payInvoiceMutation(invoice.id));
  const amount = format.money(invoice.amount);
  const errorType = pay.error instanceof ErrorResponse ? (pay.error.errors[0]?.type ?? 'none') : 'none';
  return (
    <li className={styles.row}>
      <span className={styles.what}>
        <span className={styles.number}>{t('payNow.invoice', { number: invoice.invoice_number })}</span>
        {invoice.period && <span className={styles.period}>{format.period(invoice.period)}</span>}
      </span>
      <strong className={styles.amount}>{amount}</strong>
      <Button
        variant="secondary"
        busy={pay.isPending || pay.isSuccess}
        busyLabel={t('payNow.opening')}
        aria-label={t('payNow.actionLabel', { number: invoice.invoice_number, amount })}
        onClick={() => pay.mutate(undefined, { onSuccess: ({ url }) => openCheckout(url) })}
      >
        {t('payNow.action')}
      </Button>
      {pay.isError && (
        <p role="alert" className={styles.error}>
          {t([`payNow.errors.${errorType}`, 'payNow.errors.generic'])}
        </p>
      )}
    </li>
  );
}

/**
 * The open invoices, each with "Pay now" (docs/payments.md, "Paying an open invoice"), for
 * the unpaid notices. Not offered while the card update's personal-details rule blocks it:
 * the provider receives the same details.
 */
export function PayNowList({ invoices }: { invoices: readonly Invoice[] }) {
  const { t } = useTranslation();
  const allowed = useCardUpdateAllowed();
  if (!allowed || invoices.length === 0) return null;
  return (
    <div className={styles.payNow}>
      <p>{t('payNow.intro', { count: invoices.length })}</p>
      <ul className={styles.list}>
        {invoices.map((invoice) => (
          <PayNowRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
    </div>
  );
}
