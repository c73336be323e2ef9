import { QrCode } from 'lucide';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import styles from './Entry.module.css';

/**
 * One tap to the full-screen entry code (home and the PIN block); the code page itself
 * offers the set-up when this phone has none.
 */
export function EntryShortcut() {
  const { t } = useTranslation();
  return (
    <div className={styles.shortcut}>
      <ButtonLink to="/entry-code" fullWidth>
        <Icon node={QrCode} size={20} strokeWidth={1.8} /> {t('entry.shortcut.show')}
      </ButtonLink>
      <ButtonLink to="/entry" variant="ghost" fullWidth>
        {t('entry.shortcut.manage')}
      </ButtonLink>
    </div>
  );
}
