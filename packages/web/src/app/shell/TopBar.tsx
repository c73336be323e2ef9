import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogOut } from 'lucide';
import { Icon } from '../../components/Icon.tsx';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { Logo } from '../../components/Logo.tsx';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title: string;
  /** The page's title names <main> too (Shell.tsx). */
  titleId: string;
  menuButton: ReactNode;
  signingOut: boolean;
  onSignOut: () => void;
}

export function TopBar({ title, titleId, menuButton, signingOut, onSignOut }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo}>
          <Logo />
        </Link>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        <div className={styles.actions}>
          <LanguageSwitcher />
          <button
            type="button"
            className={styles.signOut}
            onClick={onSignOut}
            aria-disabled={signingOut || undefined}
          >
            <Icon node={LogOut} size={20} strokeWidth={1.8} />
            <span className={styles.signOutText}>{t('topBar.signOut')}</span>
          </button>
        </div>
        <div className={styles.menuButton}>{menuButton}</div>
      </div>
    </header>
  );
}
