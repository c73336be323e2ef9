import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, HashRouter, Link, useLocation } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { RouterLinkContext } from '../components/PageLink.tsx';
import { loadFullCatalogue } from '../lib/i18n.ts';

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

function SignedInPage({ queryClient }: { queryClient?: QueryClient | undefined }) {
  const { t } = useTranslation();
  return useLocation().pathname === '/entry-code' ? (
    <Suspense fallback={null}>
      <EntryCodeScreen />
    </Suspense>
  ) : (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <LoggedInApp queryClient={queryClient} />
    </Suspense>
  );
}

/**
 * Signed in: React Router, which the signed-out pages load without (docs/performance.md,
 * "The login without React Router"), and under it the entry code or the shell.
 */
export default function SignedInApp({ queryClient }: { queryClient?: QueryClient | undefined }) {
  return (
    <BrowsingRouter>
      <RouterLinkContext value={Link}>
        <SignedInPage queryClient={queryClient} />
      </RouterLinkContext>
    </BrowsingRouter>
  );
}
