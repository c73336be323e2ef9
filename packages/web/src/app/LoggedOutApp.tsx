import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { Loading } from '../components/Loading.tsx';
import { Logo } from '../components/Logo.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { replacePath } from '../lib/appAddress.ts';
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
  // Titled by itself: the signed-out pages have no top bar.
  return { default: () => <page.AccessibilityPage withTitle /> };
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
function DocumentTitle({ path }: { path: string }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const titleKey = LOGGED_OUT_TITLES[path];
  useEffect(() => {
    if (titleKey) document.title = t('common.documentTitle', { page: t(titleKey), brand: operator.brand });
  }, [titleKey, t, operator.brand]);
  return null;
}

/** The page of each signed-out path; `/cancel-contract` only where the operator has it. */
function pageAt(path: string, publicCancellation: boolean): ComponentType | undefined {
  switch (path) {
    case '/':
      return SignInPage;
    case '/password/reset':
      return ResetPasswordPage;
    case '/password/update':
      return UpdatePasswordPage;
    // BFSG: the accessibility statement is public, like the pages it describes.
    case '/accessibility':
      return AccessibilityPage;
    // § 312k BGB: an exception to "any other path goes to /", for operators that have it.
    case '/cancel-contract':
      return publicCancellation ? PublicCancellationPage : undefined;
    default:
      return undefined;
  }
}

/**
 * The signed-out area (docs/portal-screens.md): login, reset, update; any other path goes to /.
 * Without React Router (lib/appAddress.ts): its links load the page they name.
 */
export function LoggedOutApp({ path }: { path: string }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const Page = pageAt(path, operator.publicCancellation);
  const wide = WIDE_PAGES.has(path);
  useEffect(() => {
    if (!Page) replacePath('/');
  }, [Page]);

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
          <DocumentTitle path={Page ? path : '/'} />
          {Page ? <Page /> : <SignInPage />}
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
