import type { OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter } from 'react-router';
import { RouterLinkContext } from '../components/PageLink.tsx';
import { i18n, initI18n, loadLaterTexts } from '../lib/i18n.ts';
import { OperatorContext } from '../lib/operator.ts';

export async function setupI18n(locale = 'en-DE') {
  await initI18n(locale);
  // A test renders any page at once: the texts a lazy page waits for are in too.
  await loadLaterTexts();
  return i18n;
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders inside the providers a screen needs: operator, i18n, query cache, router (with its
 * links, as the signed-in app has them). The address is `route` too, for the signed-out pages,
 * which read it without the router (lib/appAddress.ts).
 */
export function renderWith(
  ui: ReactNode,
  {
    route = '/',
    operator = 'de',
    queryClient = testQueryClient(),
  }: { route?: string; operator?: OperatorId; queryClient?: QueryClient } = {},
) {
  window.history.replaceState(null, '', route);
  return {
    queryClient,
    ...render(
      <OperatorContext value={getOperator(operator)}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>
              <RouterLinkContext value={Link}>{ui}</RouterLinkContext>
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </OperatorContext>,
    ),
  };
}
