import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { Loading } from '../components/Loading.tsx';
import { Logo } from '../components/Logo.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { loadFullCatalogue, loadLaterTexts } from '../lib/i18n.ts';
import { useOperator } from '../lib/operator.ts';
import { illustrationUrl } from '../lib/theme.ts';
import styles from './LoggedOutApp.module.css';

// The other logged-out pages are chunks of their own: the login page, the one most opened,
// loads none of them. Prerendered, they show at once all the same (docs/performance.md).
const ResetPasswordPage = lazy(async () => ({
  default: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage,
}));
const UpdatePasswordPage = lazy(async () => ({
  default: (await import('../features/auth/UpdatePasswordPage.tsx')).UpdatePasswordPage,
}));
// The statement's long texts are not in the sign-in part of the catalogue: they come with it.
const AccessibilityPage = lazy(async () => {
  const [page] = await Promise.all([
    import('../features/accessibility/AccessibilityPage.tsx'),
    loadFullCatalogue().then(loadLaterTexts),
  ]);
  return { default: page.AccessibilityPage };
});

// Its own chunk (with zod and the form library): the login page loads none of it.
const PublicCancellationPage = lazy(async () => {
  const [page] = await Promise.all([
    import('../features/cancellation/public/PublicCancellationPage.tsx'),
    loadFullCatalogue().then(loadLaterTexts),
  ]);
  return { default: page.PublicCancellationPage };
});
/**
 * The demo build signs in by picking an operator and a persona (src/demo); the production
 * build drops this branch, and the demo's page with it.
 */
const SignInPage =
  import.meta.env.MODE === 'demo'
    ? lazy(async () => ({ default: (await import('../demo/DemoSignInPage.tsx')).DemoSignInPage }))
    : LoginPage;

/** Pages whose form needs more width than the sign-in card. */
const WIDE_PAGES = new Set(['/cancel-contract', '/accessibility']);

/** The document title of each logged-out page (also written into its prerendered HTML). */
export const LOGGED_OUT_TITLES: Record<string, string> = {
  '/': 'auth.login.title',
  '/password/reset': 'auth.reset.title',
  '/password/update': 'auth.update.title',
  '/accessibility': 'accessibility.title',
  '/cancel-contract': 'publicCancellation.title',
};

/**
 * The page's document title. Inside the pages' Suspense boundary, so that a page which
 * brings its own texts (the accessibility statement) has them when its title is set.
 */
function DocumentTitle() {
  const { t } = useTranslation();
  const operator = useOperator();
  const titleKey = LOGGED_OUT_TITLES[useLocation().pathname];
  useEffect(() => {
    if (titleKey) document.title = t('common.documentTitle', { page: t(titleKey), brand: operator.brand });
  }, [titleKey, t, operator.brand]);
  return null;
}

/** The signed-out area (docs/portal-screens.md): login, reset, update; any other path goes to /. */
export function LoggedOutApp() {
  const { t } = useTranslation();
  const operator = useOperator();
  const { pathname } = useLocation();
  const wide = WIDE_PAGES.has(pathname);

  return (
    <div className={styles.page} data-hero={!wide || undefined}>
      <header className={styles.header}>
        <Logo size="lg" />
        <LanguageSwitcher />
      </header>
      {/* The brand's picture beside sign-in and the password pages; forms that need the width go without. */}
      {!wide && (
        <aside className={styles.hero}>
          <img
            className={styles.heroImage}
            src={illustrationUrl(operator.id, 'hero')}
            alt={t('imagery.loginHero')}
            width={800}
            height={600}
          />
          <p className={styles.tagline}>{t('brand.tagline')}</p>
        </aside>
      )}
      <main id="main" tabIndex={-1} className={styles.main} data-wide={wide || undefined}>
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <DocumentTitle />
          <Routes>
            <Route index element={<SignInPage />} />
            <Route path="password/reset" element={<ResetPasswordPage />} />
            <Route path="password/update" element={<UpdatePasswordPage />} />
            {/* BFSG: the accessibility statement is public, like the pages it describes. */}
            <Route path="accessibility" element={<AccessibilityPage withTitle />} />
            {/* § 312k BGB: an exception to "any other path goes to /", for operators that have it. */}
            {operator.publicCancellation && (
              <Route path="cancel-contract" element={<PublicCancellationPage />} />
            )}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
