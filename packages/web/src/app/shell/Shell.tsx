import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Menu, X } from 'lucide';
import { Icon } from '../../components/Icon.tsx';
import { SiteFooter } from '../../components/SiteFooter.tsx';
import { api } from '../../lib/api.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { memberLocaleToAdopt, rememberMemberLocale } from '../../lib/memberLocale.ts';
import { useMembership, usePaymentAlert } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { session } from '../../lib/session.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { MainMenu } from './MainMenu.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import styles from './Shell.module.css';
import { pageTitleKey } from './shellText.ts';
import { StatusBar } from './StatusBar.tsx';
import { TopBar } from './TopBar.tsx';

const MENU_ID = 'main-menu';

/** The logged-in shell (docs/portal-screens.md): top bar, menu, status bar, breadcrumb, page. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const membership = useMembership();
  const [menuOpen, setMenuOpen] = useState(false);
  // Shown on the collapsed menu's button too, so a phone user sees it without opening the menu.
  const paymentAlert = usePaymentAlert();
  const [signingOut, setSigningOut] = useState(false);
  const titleId = useId();
  const mainRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const firstPath = useRef(pathname);
  const adoptedMemberLocale = useRef(false);

  const title = t(pageTitleKey(pathname, membership.data?.status));

  useEffect(() => {
    document.title = t('common.documentTitle', { page: title, brand: operator.brand });
  }, [title, t, operator.brand]);

  // A new page: close the menu, start at the top and move focus into the page, onto <main>
  // (named by the page's title), past the top bar and the menu: a keyboard user's next Tab is
  // the page's first control, a screen reader says the title. Not on the first load, and not
  // for a redirect, e.g. /membership/cancellation into its first step: nobody navigated.
  useEffect(() => {
    setMenuOpen(false);
    if (pathname !== firstPath.current) {
      firstPath.current = '';
      if (navigationType !== 'REPLACE') {
        mainRef.current?.focus({ preventScroll: true });
        if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
      }
    }
  }, [pathname, navigationType]);

  // The member's stored locale wins over the browser's unless they chose one here. Until the
  // switch is done the page waits: drawn in one language and then in the other, its texts
  // flashed and, wrapping differently, moved what is below them (docs/architecture.md, "The
  // member's language").
  const memberLocale = membership.data?.locale;
  const [languageSettled, setLanguageSettled] = useState(false);
  const adoptLocale =
    memberLocale && !languageSettled ? memberLocaleToAdopt(operator, memberLocale, i18n.language) : null;
  useEffect(() => {
    if (!memberLocale || adoptedMemberLocale.current) return;
    adoptedMemberLocale.current = true;
    rememberMemberLocale(operator, memberLocale);
    if (!adoptLocale) return setLanguageSettled(true);
    // A catalogue that does not arrive leaves the page in the language it has.
    void changeLocale(adoptLocale, false)
      .catch(() => {})
      .finally(() => setLanguageSettled(true));
  }, [memberLocale, operator, adoptLocale]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const signOut = useCallback(async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await api('signOut');
    } catch {
      // Signing out locally is what counts; the server forgets the session on expiry.
    }
    navigate('/', { replace: true });
    session.clear('signed_out');
    queryClient.clear();
  }, [signingOut, navigate, queryClient]);

  const menuButton = (
    <button
      ref={menuButtonRef}
      type="button"
      className={styles.menuButton}
      aria-expanded={menuOpen}
      aria-controls={MENU_ID}
      onClick={() => setMenuOpen((open) => !open)}
    >
      {menuOpen ? <Icon node={X} size={20} /> : <Icon node={Menu} size={20} />}
      {t('topBar.menu')}
      {paymentAlert && (
        <span className={styles.menuAlert}>
          <span aria-hidden="true">!</span>
          <span className="visually-hidden">{t('nav.paymentRequired')}</span>
        </span>
      )}
    </button>
  );

  return (
    <div className={styles.shell}>
      <TopBar
        title={title}
        titleId={titleId}
        menuButton={menuButton}
        signingOut={signingOut}
        onSignOut={() => void signOut()}
      />
      <div className={styles.body}>
        <div className={styles.sidebar}>
          <MainMenu
            id={MENU_ID}
            status={membership.data?.status}
            ptEnabled={operator.ptEnabled}
            classesEnabled={operator.classes !== null}
            open={menuOpen}
            onNavigate={() => setMenuOpen(false)}
          />
        </div>
        <main id="main" ref={mainRef} tabIndex={-1} aria-labelledby={titleId} className={styles.main}>
          {membership.data && !adoptLocale ? (
            <>
              {/* The membership overview shows the status as its hero: said once, not twice. */}
              {pathname !== '/membership' && <StatusBar membership={membership.data} />}
              <Breadcrumb status={membership.data.status} />
              {/* A page's chunk loading or failing: the shell stays, the page's place shows
                  the wait or the error with a retry. One boundary per address: a page left
                  before its chunk arrived never holds up the page gone to or back to. */}
              <PageErrorBoundary key={pathname}>
                <Suspense fallback={<Loading label={t('common.loading')} />}>
                  <Outlet />
                </Suspense>
              </PageErrorBoundary>
            </>
          ) : membership.isError ? (
            <ErrorState error={membership.error} onRetry={() => void membership.refetch()} />
          ) : (
            <Loading label={t('common.loadingMembership')} skeleton />
          )}
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
