import type { Invoice } from '@portal/contract';
import { type InvoiceStamp, invoiceStamp } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './InvoiceList.module.css';
import { invoiceSubject } from './lineDescription.ts';
import { usePaymentFormat } from './usePaymentFormat.ts';

/** The invoice's stamp as text on a colour (paid green, every other one red). */
export function Stamp({ stamp }: { stamp: InvoiceStamp }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stamp} data-stamp={stamp}>
      <span aria-hidden="true" className={styles.stampMark}>
        {stamp === 'paid' ? '✓' : '!'}
      </span>
      {t(`payments.stamp.${stamp}`)}
    </span>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const subject = invoice.period ? null : invoiceSubject(invoice, t);
  return (
    <li className={styles.row}>
      {/* The number alone fits a phone's line; the name says what it is. */}
      <Link
        to={`/invoice/${encodeURIComponent(invoice.id)}`}
        className={styles.number}
        aria-label={t('payments.invoices.number', { number: invoice.invoice_number })}
      >
        {invoice.invoice_number}
      </Link>
      <span className={styles.meta}>
        {invoice.period ? format.period(invoice.period) : format.listDate(invoice.invoice_date)}
        {/* Without a period, what it is for where we know it (a PT package), on its own line. */}
        {subject && <span className={styles.subject}>{subject}</span>}
      </span>
      <Stamp stamp={invoiceStamp(invoice)} />
      <span className={styles.amount}>{format.money(invoice.amount)}</span>
    </li>
  );
}

/** Invoices, newest first, each with its stamp and a link to the printable invoice. */
export function InvoiceList({ invoices }: { invoices: readonly Invoice[] }) {
  return (
    <ul className={styles.list}>
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
    </ul>
  );
}
