import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { Logo } from '../../components/Logo.tsx';
import styles from './TopBar.module.css';

export interface TopBarProps {
  title: string;
  titleRef: Ref<HTMLHeadingElement>;
  menuButton: ReactNode;
  signingOut: boolean;
  onSignOut: () => void;
}

export function TopBar({ title, titleRef, menuButton, signingOut, onSignOut }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo}>
          <Logo />
        </Link>
        <h1 ref={titleRef} tabIndex={-1} className={styles.title}>
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
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M16 16l4-4-4-4M20 12H10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className={styles.signOutText}>{t('topBar.signOut')}</span>
          </button>
        </div>
        <div className={styles.menuButton}>{menuButton}</div>
      </div>
    </header>
  );
}
