import type { Invoice } from '@portal/contract';
import { invoiceTotals, todayIn } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { capitalize, formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { useOperator } from '../../../lib/operator.ts';
import { lineDescription } from '../lineDescription.ts';
import { formatPeriod } from '../print/PrintSheet.tsx';
import sheet from '../print/PrintSheet.module.css';
import styles from './InvoicePage.module.css';

export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <table className={sheet.table}>
      <caption className="visually-hidden">{t('invoice.lines.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('invoice.lines.description')}</th>
          <th scope="col">{t('invoice.lines.period')}</th>
          <th scope="col" className={sheet.amount}>
            {t('invoice.lines.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never change order
          <tr key={index}>
            <td>{lineDescription(line, t)}</td>
            <td>{line.period ? formatPeriod(line.period, locale) : '–'}</td>
            <td className={sheet.amount}>{formatMoney(line.amount, invoice.currency, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Net, VAT and total from the domain's invoiceTotals (ADR 008: the amounts are gross, the
 * VAT is the share they contain, so net + VAT = total to the cent). Without VAT (rate 0)
 * net and total are the same amount, so only the total shows.
 */
export function InvoiceTotals({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const totals = invoiceTotals(invoice.lines, invoice.vat_rate);
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  return (
    <>
      <dl className={sheet.totals}>
        {totals.vat !== null && (
          <>
            <dt>{t('invoice.totals.net')}</dt>
            <dd>{money(totals.net)}</dd>
            <dt>{t('invoice.totals.vat', { rate: formatNumber(invoice.vat_rate, locale) })}</dt>
            <dd>{money(totals.vat)}</dd>
          </>
        )}
        <dt className={sheet.grandTotal}>{t('invoice.totals.total')}</dt>
        <dd className={sheet.grandTotal}>{money(totals.gross)}</dd>
      </dl>
      {totals.vat !== null && (
        <p className={`${sheet.note} ${styles.vatNote}`}>{t('invoice.totals.vatIncluded')}</p>
      )}
    </>
  );
}

/** The payments of the invoice, each with its refunds under it, and the method used. */
export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const operator = useOperator();
  // A moment shown as the calendar day it was in the operator's timezone.
  const day = (iso: string) => formatDate(todayIn(operator.timezone, new Date(iso)), locale, 'medium');
  const status = (value: string) => t(`invoice.transactionStatus.${value}`, { defaultValue: value });
  const method = invoice.payment_method;
  return (
    <section aria-labelledby="invoice-payments">
      <h3 id="invoice-payments">{t('invoice.payments.title')}</h3>
      {method && (
        <dl className={sheet.facts}>
          <dt>{t('invoice.payments.method')}</dt>
          <dd>
            {t(`invoice.methodType.${method.type}`, { defaultValue: method.type })},{' '}
            {/* Providers name the brand in lower case ("visa **** 4242"). */}
            {capitalize(method.details, locale)}
          </dd>
        </dl>
      )}
      {invoice.payments.length === 0 ? (
        <p className={sheet.note}>{t('invoice.payments.none')}</p>
      ) : (
        <ul className={styles.transactions}>
          {invoice.payments.map((payment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: payments have no id and never change order
            <li key={index}>
              <div className={styles.transaction}>
                <span>
                  {t('invoice.payments.payment')} · {day(payment.created_at)}
                </span>
                <span className={styles.transactionStatus}>{status(payment.status)}</span>
              </div>
              {payment.refunds.length > 0 && (
                <ul className={styles.refunds}>
                  {payment.refunds.map((refund, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: refunds have no id and never change order
                    <li key={r} className={styles.transaction}>
                      <span>
                        {t('invoice.payments.refund')} · {day(refund.created_at)}
                      </span>
                      <span className={sheet.amount}>
                        {formatMoney(refund.amount, invoice.currency, locale)}
                      </span>
                      <span className={styles.transactionStatus}>{status(refund.status)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
