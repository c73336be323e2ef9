import type { Membership } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { statusLineText, statusTone } from './shellText.ts';
import styles from './StatusBar.module.css';

export function StatusBar({ membership }: { membership: Membership }) {
  const { t, i18n } = useTranslation();
  const { first_name, last_name } = membership.profile;
  return (
    <section aria-label={t('statusBar.label')} className={styles.bar}>
      <p className={styles.status} data-tone={statusTone(membership.status)}>
        <span className={styles.dot} aria-hidden="true" />
        {statusLineText(membership, t, i18n.language)}
      </p>
      <p className={styles.member}>
        <span className={styles.name}>
          {first_name} {last_name}
        </span>
        <span className={styles.number}>
          {t('statusBar.number', { number: membership.membership_number })}
        </span>
      </p>
    </section>
  );
}
