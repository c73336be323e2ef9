import { useTranslation } from 'react-i18next';
import { useOperator } from '../lib/operator.ts';
import { PageLink } from './PageLink.tsx';
import styles from './SiteFooter.module.css';

/**
 * The footer of every page, logged out and in the shell: the cancellation without sign-in
 * where the operator has it (§ 312k BGB) and the accessibility statement (its market's law).
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const operator = useOperator();
  return (
    <footer className={styles.footer}>
      <ul className={styles.links}>
        {operator.publicCancellation && (
          <li>
            <PageLink to="/cancel-contract" className={styles.cancel}>
              {t('footer.cancelContracts')}
            </PageLink>
          </li>
        )}
        <li>
          <PageLink to="/accessibility">{t('pages.accessibility')}</PageLink>
        </li>
      </ul>
      <p className={styles.brand}>
        {operator.brand} · {t('common.portal')}
      </p>
    </footer>
  );
}
