import type { HealthInsuranceConfirmation } from '@portal/contract';
import {
  addMonths,
  HEALTH_INSURANCE_MIN_MONTHS,
  HEALTH_INSURANCE_REIMBURSEMENT_PERCENT,
} from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { useOperator } from '../../../lib/operator.ts';
import styles from './HealthInsurance.module.css';
import { useHealthInsuranceConfirmation } from './queries.ts';

/**
 * On /payment for operators whose members can claim the fee from their health insurer
 * (the catalogue's healthInsuranceReimbursement, docs/payments.md): the rule, and the yearly
 * confirmations once the member qualifies. Nothing for other operators.
 */
export function HealthInsuranceSection() {
  const operator = useOperator();
  if (!operator.healthInsuranceReimbursement) return null;
  return <HealthInsuranceCard />;
}

function HealthInsuranceCard() {
  const { t } = useTranslation();
  const confirmation = useHealthInsuranceConfirmation();
  const data = confirmation.data;
  return (
    <Card>
      <section aria-labelledby="health-insurance-title">
        <h2 id="health-insurance-title">{t('healthInsurance.title')}</h2>
        <p>
          {t('healthInsurance.rule', {
            percent: data?.reimbursement_percent ?? HEALTH_INSURANCE_REIMBURSEMENT_PERCENT,
            months: data?.required_months ?? HEALTH_INSURANCE_MIN_MONTHS,
          })}
        </p>
        {data ? (
          <Confirmations data={data} />
        ) : confirmation.isError ? (
          <Notice tone="error">
            <p>{t('healthInsurance.loadError')}</p>
            <Button variant="secondary" onClick={() => void confirmation.refetch()}>
              {t('common.retry')}
            </Button>
          </Notice>
        ) : (
          <Loading label={t('healthInsurance.loading')} />
        )}
      </section>
    </Card>
  );
}

function Confirmations({ data }: { data: HealthInsuranceConfirmation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!data.eligible) {
    const from = addMonths(data.member_since, data.required_months);
    return (
      <p className={styles.notYet}>
        {t('healthInsurance.notYet', { date: formatDate(from, locale), months: data.required_months })}
      </p>
    );
  }
  if (data.years.length === 0) return <p>{t('healthInsurance.noFees')}</p>;
  return (
    <>
      <p>{t('healthInsurance.available')}</p>
      <ul className={styles.years}>
        {data.years.map((year) => (
          <li key={year}>
            <ButtonLink to={`/payment/health-insurance/${year}`} variant="secondary">
              {t('healthInsurance.yearLink', { year })}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </>
  );
}
