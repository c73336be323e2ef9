import { useTranslation } from 'react-i18next';
import { Card } from './Card.tsx';
import styles from './ComingSoon.module.css';
import { Hourglass } from 'lucide';
import { Icon } from './Icon.tsx';

/** The placeholder of a page the portal does not have yet. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Card>
      <div className={styles.wrap}>
        <span className={styles.icon}>
          <Icon node={Hourglass} size={26} />
        </span>
        <div>
          <h2>{t('common.comingSoonTitle')}</h2>
          <p>{t('common.comingSoon')}</p>
          <p className={styles.hint}>{t('common.comingSoonHint')}</p>
        </div>
      </div>
    </Card>
  );
}
