import { useTranslation } from 'react-i18next';
import { notices, useNotImplementedUrl } from '../lib/notices.ts';
import styles from './NotImplementedBanner.module.css';

/** The small global banner for a call the server answered 404 with errors (docs/portal-screens.md). */
export function NotImplementedBanner() {
  const url = useNotImplementedUrl();
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <div className={styles.banner} role="status">
      <p>{t('banner.notImplemented', { url })}</p>
      <button type="button" className={styles.close} onClick={() => notices.dismiss()}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t('common.dismiss')}</span>
      </button>
    </div>
  );
}
