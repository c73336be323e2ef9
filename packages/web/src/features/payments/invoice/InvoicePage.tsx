import type { Invoice } from '@portal/contract';
import { invoiceStamp } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Loading } from '../../../components/Loading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { formatPeriod, Party, PrintSheet } from '../print/PrintSheet.tsx';
import sheet from '../print/PrintSheet.module.css';
import { InvoiceLines, InvoicePayments, InvoiceTotals } from './InvoiceSections.tsx';
import styles from './InvoicePage.module.css';
import { useInvoice } from './queries.ts';

/**
 * /invoice/:id: the printable invoice. The shell has loaded the
 * membership; "Loading" until the invoice is there, and back to / when it cannot be loaded
 * (not found, not the member's, or any other failure).
 */
export function InvoicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const invoice = useInvoice(id);
  if (invoice.data) return <InvoiceDocument invoice={invoice.data} />;
  if (invoice.isError) return <Navigate to="/" replace />;
  return <Loading label={t('invoice.loading')} />;
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const stamp = invoiceStamp(invoice);
  return (
    <PrintSheet
      label={t('invoice.documentLabel', { number: invoice.invoice_number })}
      printLabel={t('invoice.print')}
      backLabel={t('invoice.back')}
    >
      <div className={sheet.row}>
        <div className={sheet.heading}>
          <h2>{t('invoice.title')}</h2>
          {/* The word carries the meaning; the colour (paid green, else red) only repeats it. */}
          <p className={styles.stamp} data-stamp={stamp}>
            <span className="visually-hidden">{t('invoice.status')}: </span>
            {t(`invoice.stamp.${stamp}`)}
          </p>
        </div>
        <Party party={invoice.operator} />
      </div>
      <div className={sheet.row}>
        <Party party={invoice.member} heading={t('invoice.member')} />
        <dl className={sheet.facts}>
          <dt>{t('invoice.number')}</dt>
          <dd>{invoice.invoice_number}</dd>
          <dt>{t('invoice.date')}</dt>
          <dd>{formatDate(invoice.invoice_date, locale)}</dd>
          {invoice.period && (
            <>
              <dt>{t('invoice.period')}</dt>
              <dd>{formatPeriod(invoice.period, locale)}</dd>
            </>
          )}
        </dl>
      </div>
      <InvoiceLines invoice={invoice} />
      <InvoiceTotals invoice={invoice} />
      <InvoicePayments invoice={invoice} />
    </PrintSheet>
  );
}
