import { useTranslation } from 'react-i18next';
import styles from './Access.module.css';

/** The back of a chip with its printed code, drawn; the text beside it says the same. */
export function ChipIllustration() {
  const { t } = useTranslation();
  return (
    <figure className={styles.figure}>
      <svg viewBox="0 0 120 150" className={styles.chipDrawing} aria-hidden="true" focusable="false">
        <rect x="10" y="28" width="100" height="112" rx="40" className={styles.chipBody} />
        <circle cx="60" cy="14" r="10" className={styles.chipRing} />
        <rect x="52" y="22" width="16" height="14" rx="4" className={styles.chipBody} />
        <text x="60" y="84" textAnchor="middle" className={styles.chipText}>
          04A1
        </text>
        <text x="60" y="104" textAnchor="middle" className={styles.chipText}>
          B2C3
        </text>
      </svg>
      <figcaption className={styles.caption}>
        <strong>{t('access.activate.whereTitle')}</strong>
        <span>{t('access.activate.where')}</span>
        <span>
          {t('access.activate.example')}: <code translate="no">04A1 B2C3</code>
        </span>
      </figcaption>
    </figure>
  );
}
