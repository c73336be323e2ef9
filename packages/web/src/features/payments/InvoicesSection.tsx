import type { Invoice } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { errorTexts } from '../../lib/errorText.ts';
import { InvoiceList } from './InvoiceList.tsx';
import styles from './Payments.module.css';
import { Section } from './Section.tsx';

/** How many invoices /payment shows; the rest are on /payment/invoices. */
export const LATEST_INVOICES = 6;

/** Loading, error (with a retry) and empty states of an invoice list, around the list itself. */
export function InvoicesState({
  invoices,
  children,
}: {
  invoices: UseQueryResult<Invoice[]>;
  children: (list: Invoice[]) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  if (invoices.isPending) return <Loading label={t('payments.invoices.loading')} />;
  if (invoices.isError) {
    return (
      <div className={styles.inlineError} role="alert">
        <p>{errorTexts(invoices.error, t, i18n.language).join(' ')}</p>
        <Button variant="secondary" onClick={() => void invoices.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (invoices.data.length === 0) {
    return (
      <EmptyState>
        <p>{t('payments.invoices.none')}</p>
      </EmptyState>
    );
  }
  return children(invoices.data);
}

/** The latest invoices on /payment, and the way to the previous ones. */
export function InvoicesSection({ invoices }: { invoices: UseQueryResult<Invoice[]> }) {
  const { t } = useTranslation();
  const count = invoices.data?.length ?? 0;
  return (
    <Section
      title={t('payments.invoices.title')}
      footer={
        count > LATEST_INVOICES && (
          <Link to="/payment/invoices">{t('payments.invoices.previous', { count })}</Link>
        )
      }
    >
      <InvoicesState invoices={invoices}>
        {(list) => <InvoiceList invoices={list.slice(0, LATEST_INVOICES)} />}
      </InvoicesState>
    </Section>
  );
}
