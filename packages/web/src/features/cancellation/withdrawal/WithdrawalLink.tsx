import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { useOperator } from '../../../lib/operator.ts';
import { useToday } from '../../../lib/today.ts';
import styles from './Withdrawal.module.css';
import { withdrawalOpen } from './withdrawal.ts';

/** "Vertrag widerrufen" on the overview during the withdrawal period, with its last day. */
export function WithdrawalLink() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const membership = useLoadedMembership();
  const today = useToday();
  if (!withdrawalOpen(operator, membership, today) || !membership.withdrawal_until) return null;
  return (
    <div className={styles.link}>
      <p>{t('withdrawal.until', { date: formatDate(membership.withdrawal_until, i18n.language) })}</p>
      <ButtonLink to="/membership/withdraw" variant="secondary">
        {t('withdrawal.link')}
      </ButtonLink>
    </div>
  );
}
