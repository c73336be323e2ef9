import type { OperatorSettings } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, HashRouter, useLocation } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { NotImplementedBanner } from '../components/NotImplementedBanner.tsx';
import { i18n as appI18n, loadFullCatalogue } from '../lib/i18n.ts';
import { OperatorContext } from '../lib/operator.ts';
import { useSession } from '../lib/session.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { LoggedOutApp } from './LoggedOutApp.tsx';

/**
 * The logged-in part is its own chunk (with TanStack Query and the shell): the login page
 * loads none of it. Signing out (or a 401) unmounts it, and its query cache goes with it.
 */
const LoggedInApp = lazy(
  async () => (await Promise.all([import('./shell/LoggedInApp.tsx'), loadFullCatalogue()]))[0],
);

/**
 * The full-screen entry code: its own small chunk, shown without waiting for the signed-in
 * app or the whole catalogue, since members open it at the door (docs/access-and-pins.md).
 */
const EntryCodeScreen = lazy(async () => ({
  default: (await import('../features/entry/EntryCodeScreen.tsx')).EntryCodeScreen,
}));

/**
 * The demo build runs from any static host under any path, with no server to answer a deep
 * link with index.html: its routes live in the address's #fragment (docs/demo.md).
 */
const BrowsingRouter = import.meta.env.MODE === 'demo' ? HashRouter : BrowserRouter;

function Root({ queryClient, banner }: { queryClient?: QueryClient | undefined; banner?: ReactNode }) {
  const { token } = useSession();
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <>
      {/* Focus moved by hand: the demo's routes live in the #fragment, where "#main" would be
          an address; and <main> takes the focus itself (tabIndex -1), so the next Tab is its
          first control in every browser. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the click only keeps the address */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          const main = document.getElementById('main');
          if (!main) return;
          event.preventDefault();
          main.focus();
        }}
      >
        {t('common.skipToContent')}
      </a>
      {banner}
      <NotImplementedBanner />
      <AppErrorBoundary>
        {token && pathname === '/entry-code' ? (
          <Suspense fallback={null}>
            <EntryCodeScreen />
          </Suspense>
        ) : token ? (
          <Suspense fallback={<Loading label={t('common.loading')} />}>
            <LoggedInApp queryClient={queryClient} />
          </Suspense>
        ) : (
          <LoggedOutApp />
        )}
      </AppErrorBoundary>
    </>
  );
}

export function App({
  operator,
  queryClient,
  i18n = appI18n,
  banner,
  router: Router = BrowsingRouter,
}: {
  operator: OperatorSettings;
  /** Shown above every page, signed in and out (the demo's ribbon). */
  banner?: ReactNode;
  /** Tests pass their own; otherwise the logged-in app creates one per session. */
  queryClient?: QueryClient;
  i18n?: typeof appI18n;
  /** The prerendering at build time renders one address (src/prerender.tsx). */
  router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <OperatorContext value={operator}>
      <I18nextProvider i18n={i18n}>
        <Router>
          <Root queryClient={queryClient} banner={banner} />
        </Router>
      </I18nextProvider>
    </OperatorContext>
  );
}
