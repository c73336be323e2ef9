import type { Mobile } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/operator.ts';
import { formatMobile } from './formatMobile.ts';
import styles from './Profile.module.css';
import { SupportText } from './SupportText.tsx';

/** Where a phone change goes through support: the number as text, and whom to write to. */
export function MobileViaSupport({ mobile }: { mobile: Mobile }) {
  const { t } = useTranslation();
  const operator = useOperator();
  return (
    <div className={styles.fixed}>
      <p className={styles.fixedLabel}>{t('profile.form.mobile')}</p>
      <p className={styles.fixedValue}>{formatMobile(mobile)}</p>
      <p className={styles.fixedHint}>
        <SupportText i18nKey="profile.form.viaSupport" email={operator.supportEmail} />
      </p>
    </div>
  );
}
