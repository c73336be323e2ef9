import { useTranslation } from 'react-i18next';
import { Card } from './Card.tsx';
import styles from './ComingSoon.module.css';

/** The placeholder of an area a later issue fills in. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Card>
      <div className={styles.wrap}>
        <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="var(--color-brand-soft)" />
          <path
            d="M24 12v13l8 5"
            stroke="var(--color-brand)"
            strokeWidth="3.5"
            strokeLinecap="round"
            fill="none"
          />
        </svg>
        <div>
          <h2>{t('common.comingSoonTitle')}</h2>
          <p>{t('common.comingSoon')}</p>
          <p className={styles.hint}>{t('common.comingSoonHint')}</p>
        </div>
      </div>
    </Card>
  );
}
