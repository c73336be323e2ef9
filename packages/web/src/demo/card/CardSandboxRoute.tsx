import { CardProvider } from '@portal/contract';
import type { CardSandboxPage as Page } from '@portal/demo';
import { DEMO_CARD_ROUTE } from '@portal/demo';
import { useEffect, useState } from 'react';
import { CardSandboxPage } from './CardSandboxPage.tsx';
import { cardSandboxSource } from './source.ts';

/** `#/demo/card/<provider>/<checkoutId>`: the provider and checkout of the page's address. */
export function parseCardRoute(
  hash: string,
): { provider: CardProvider; checkoutId: string; locale?: string } | null {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const locale = new URLSearchParams(query).get('locale') ?? undefined;
  const match = new RegExp(`^${DEMO_CARD_ROUTE}/([^/]+)/([^/]+)$`).exec(path);
  const provider = CardProvider.safeParse(match?.[1]);
  if (!match || !provider.success) return null;
  return {
    provider: provider.data,
    checkoutId: decodeURIComponent(match[2]!),
    ...(locale ? { locale } : {}),
  };
}

function Unknown() {
  return (
    <main lang="en">
      <h1>No such checkout</h1>
      <p>This card page belongs to a checkout the demo does not know.</p>
    </main>
  );
}

/** The demo route of the sandbox card page (extensions.ts `demoRoutes`). */
export default function CardSandboxRoute() {
  // The page's address names one checkout for as long as it is shown.
  const [route] = useState(() => parseCardRoute(window.location.hash));
  const source = cardSandboxSource();
  const [page, setPage] = useState<Page | null>(null);
  useEffect(() => {
    if (route && source) void source.open(route.provider, route.checkoutId, route.locale).then(setPage);
  }, [route, source]);
  if (!route || !source) return <Unknown />;
  if (!page)
    return (
      <main lang="en" aria-busy="true">
        <p>Loading the card page…</p>
      </main>
    );
  return (
    <CardSandboxPage
      page={page}
      act={(action, form) => source.act(action, route.provider, route.checkoutId, form)}
    />
  );
}
