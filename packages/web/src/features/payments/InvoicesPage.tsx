import type { Invoice } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { BackToPayment } from './BackToPayment.tsx';
import { InvoiceList } from './InvoiceList.tsx';
import { InvoicesState } from './InvoicesSection.tsx';
import styles from './Payments.module.css';
import { useInvoiceList } from './queries.ts';
import { Section } from './Section.tsx';

/** Invoices by the year of their date, newest year first (the list comes newest first). */
function byYear(invoices: readonly Invoice[]): [string, Invoice[]][] {
  const years = new Map<string, Invoice[]>();
  for (const invoice of invoices) {
    const year = invoice.invoice_date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), invoice]);
  }
  return [...years];
}

/** /payment/invoices: every invoice, by year, each with its stamp and a link to it. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const invoices = useInvoiceList();
  return (
    <Section title={t('payments.invoices.allTitle')} footer={<BackToPayment variant="secondary" />}>
      <InvoicesState invoices={invoices}>
        {(list) =>
          byYear(list).map(([year, ofYear]) => (
            <section key={year} aria-labelledby={`invoices-${year}`} className={styles.year}>
              <h3 id={`invoices-${year}`} className={styles.yearTitle}>
                {year}
              </h3>
              <InvoiceList invoices={ofYear} />
            </section>
          ))
        }
      </InvoicesState>
    </Section>
  );
}
