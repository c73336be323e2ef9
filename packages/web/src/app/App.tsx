import type { OperatorSettings } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Loading } from '../components/Loading.tsx';
import { NotImplementedBanner } from '../components/NotImplementedBanner.tsx';
import { usePath } from '../lib/appAddress.ts';
import { i18n as appI18n } from '../lib/i18n.ts';
import { OperatorContext } from '../lib/operator.ts';
import { useSession } from '../lib/session.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { LoggedOutApp } from './LoggedOutApp.tsx';

/**
 * Signed in, the router and the shell or the entry code: chunks the login page loads none of
 * (docs/performance.md, "The login without React Router").
 */
const SignedInApp = lazy(() => import('./SignedInApp.tsx'));

function Root({
  queryClient,
  banner,
  path: fixedPath,
}: {
  queryClient?: QueryClient | undefined;
  banner?: ReactNode;
  path?: string | undefined;
}) {
  const { token } = useSession();
  const { t } = useTranslation();
  const path = usePath(fixedPath);

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
        {token ? (
          // The entry code shows without the spinner the shell's pages have (docs/access-and-pins.md).
          <Suspense fallback={path === '/entry-code' ? null : <Loading label={t('common.loading')} />}>
            <SignedInApp queryClient={queryClient} />
          </Suspense>
        ) : (
          <LoggedOutApp path={path} />
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
  path,
}: {
  operator: OperatorSettings;
  /** Shown above every page, signed in and out (the demo's ribbon). */
  banner?: ReactNode;
  /** Tests pass their own; otherwise the logged-in app creates one per session. */
  queryClient?: QueryClient;
  i18n?: typeof appI18n;
  /** The prerendering at build time renders one address (src/prerender.tsx). */
  path?: string;
}) {
  return (
    <OperatorContext value={operator}>
      <I18nextProvider i18n={i18n}>
        <Root queryClient={queryClient} banner={banner} path={path} />
      </I18nextProvider>
    </OperatorContext>
  );
}
