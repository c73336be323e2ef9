import type { HealthInsuranceConfirmation } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { useOperator } from '../../../lib/operator.ts';
import { formatPeriod, Party, PrintSheet } from '../print/PrintSheet.tsx';
import sheet from '../print/PrintSheet.module.css';
import styles from './HealthInsurance.module.css';
import { useHealthInsuranceConfirmation } from './queries.ts';

/**
 * /payment/health-insurance/:year: the printable confirmation of membership and of the fees
 * paid in a calendar year, for the member's health insurer. Other operators, a year that is
 * not one, and members who do not qualify yet go back to /payment, which explains the rule.
 */
export function HealthInsurancePage() {
  const operator = useOperator();
  const { year = '' } = useParams();
  const valid = /^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2100;
  if (!operator.healthInsuranceReimbursement || !valid) return <Navigate to="/payment" replace />;
  return <Confirmation year={Number(year)} />;
}

function Confirmation({ year }: { year: number }) {
  const { t } = useTranslation();
  const query = useHealthInsuranceConfirmation(year);
  if (query.data) {
    if (!query.data.eligible) return <Navigate to="/payment" replace />;
    return <ConfirmationDocument confirmation={query.data} />;
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Loading label={t('healthInsurance.loading')} />;
}

function ConfirmationDocument({ confirmation: c }: { confirmation: HealthInsuranceConfirmation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, c.currency, locale);
  return (
    <PrintSheet
      label={t('healthInsurance.document.label', { year: c.year })}
      printLabel={t('healthInsurance.print')}
      backLabel={t('healthInsurance.back')}
    >
      <div className={sheet.row}>
        <div className={sheet.heading}>
          <h2>{t('healthInsurance.document.title')}</h2>
          <p>{t('healthInsurance.document.subtitle', { year: c.year })}</p>
        </div>
        <Party party={c.operator} />
      </div>
      <div className={sheet.row}>
        <Party party={c.member} heading={t('healthInsurance.document.member')} />
        <dl className={sheet.facts}>
          <dt>{t('healthInsurance.document.year')}</dt>
          <dd>{c.year}</dd>
          <dt>{t('healthInsurance.document.memberSince')}</dt>
          <dd>{formatDate(c.member_since, locale)}</dd>
        </dl>
      </div>
      <p>
        {t('healthInsurance.document.confirm', {
          name: c.member.name,
          operator: c.operator.name,
          date: formatDate(c.member_since, locale),
        })}
      </p>
      {c.payments.length === 0 ? (
        <p>{t('healthInsurance.document.none', { year: c.year })}</p>
      ) : (
        <table className={sheet.table}>
          <caption className={styles.caption}>{t('healthInsurance.document.fees', { year: c.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('healthInsurance.document.columns.number')}</th>
              <th scope="col" className={styles.dateColumn}>
                {t('healthInsurance.document.columns.date')}
              </th>
              <th scope="col">{t('healthInsurance.document.columns.period')}</th>
              <th scope="col" className={sheet.amount}>
                {t('healthInsurance.document.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {c.payments.map((payment) => (
              <tr key={payment.invoice_number}>
                <td>
                  {payment.invoice_number}
                  <span className={styles.dateInline}>
                    {formatDate(payment.invoice_date, locale, 'medium')}
                  </span>
                </td>
                <td className={styles.dateColumn}>{formatDate(payment.invoice_date, locale, 'medium')}</td>
                <td>{payment.period ? formatPeriod(payment.period, locale) : '–'}</td>
                <td className={sheet.amount}>{money(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className={sheet.totals}>
        <dt className={sheet.grandTotal}>{t('healthInsurance.document.total', { year: c.year })}</dt>
        <dd className={sheet.grandTotal}>{money(c.paid_total)}</dd>
      </dl>
      <p className={styles.issued}>
        {t('healthInsurance.document.issued', {
          date: formatDate(c.issued_on, locale),
          operator: c.operator.name,
        })}
      </p>
    </PrintSheet>
  );
}
