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

interface LoggedOutPage {
  page: ComponentType;
  /** The document title (also written into the page's prerendered HTML). */
  titleKey: string;
  /** Its form needs more width than the sign-in card, and goes without the brand's picture. */
  wide?: true;
  /** Only for operators that have it; elsewhere the path goes to / like any unknown one. */
  onlyWithPublicCancellation?: true;
}

const SIGN_IN: LoggedOutPage = { page: SignInPage, titleKey: 'auth.login.title' };

/** The signed-out pages by path; any other path goes to /. */
export const LOGGED_OUT_PAGES: Record<string, LoggedOutPage> = {
  '/': SIGN_IN,
  '/password/reset': { page: ResetPasswordPage, titleKey: 'auth.reset.title' },
  '/password/update': { page: UpdatePasswordPage, titleKey: 'auth.update.title' },
  // BFSG: the accessibility statement is public, like the pages it describes.
  '/accessibility': { page: AccessibilityPage, titleKey: 'accessibility.title', wide: true },
  // § 312k BGB: an exception to "any other path goes to /", for operators that have it.
  '/cancel-contract': {
    page: PublicCancellationPage,
    titleKey: 'publicCancellation.title',
    wide: true,
    onlyWithPublicCancellation: true,
  },
};

/**
 * The page's document title. Inside the pages' Suspense boundary, so that a page which
 * brings its own texts (the accessibility statement) has them when its title is set.
 */
function DocumentTitle({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const operator = useOperator();
  useEffect(() => {
    document.title = t('common.documentTitle', { page: t(titleKey), brand: operator.brand });
  }, [titleKey, t, operator.brand]);
  return null;
}

/**
 * The signed-out area (docs/portal-screens.md): login, reset, update; any other path goes to /.
 * Without React Router (lib/appAddress.ts): its links load the page they name.
 */
export function LoggedOutApp({ path }: { path: string }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const entry = LOGGED_OUT_PAGES[path];
  const shown = entry?.onlyWithPublicCancellation && !operator.publicCancellation ? undefined : entry;
  useEffect(() => {
    if (!shown) replacePath('/');
  }, [shown]);
  const { page: Page, titleKey, wide } = shown ?? SIGN_IN;

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
          <DocumentTitle titleKey={titleKey} />
          <Page />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
