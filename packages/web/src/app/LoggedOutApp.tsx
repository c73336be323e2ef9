import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx';
import { Logo } from '../components/Logo.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { UpdatePasswordPage } from '../features/auth/UpdatePasswordPage.tsx';
import { useOperator } from '../lib/operator.ts';
import styles from './LoggedOutApp.module.css';

const TITLES: Record<string, string> = {
  '/': 'auth.login.title',
  '/password/reset': 'auth.reset.title',
  '/password/update': 'auth.update.title',
};

/** Spec section 2, logged-out area: login, reset, update; any other path goes to /. */
export function LoggedOutApp() {
  const { t } = useTranslation();
  const operator = useOperator();
  const { pathname } = useLocation();
  const titleKey = TITLES[pathname];

  useEffect(() => {
    if (titleKey) document.title = t('common.documentTitle', { page: t(titleKey), brand: operator.brand });
  }, [titleKey, t, operator.brand]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo size="lg" />
        <LanguageSwitcher />
      </header>
      <main id="main" className={styles.main}>
        <Routes>
          <Route index element={<LoginPage />} />
          <Route path="password/reset" element={<ResetPasswordPage />} />
          <Route path="password/update" element={<UpdatePasswordPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <footer className={styles.footer}>
        <p>
          {operator.brand} · {t('common.portal')}
        </p>
      </footer>
    </div>
  );
}
