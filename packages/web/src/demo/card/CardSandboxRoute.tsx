import { CardProvider } from '@portal/contract';
import { DEMO_CARD_ROUTE } from '@portal/demo';
import { CardSandboxPage } from './CardSandboxPage.tsx';
import { cardSandboxSource } from './source.ts';

/** `#/demo/card/<provider>/<checkoutId>`: the provider and checkout of the page's address. */
export function parseCardRoute(hash: string): { provider: CardProvider; checkoutId: string } | null {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  const match = new RegExp(`^${DEMO_CARD_ROUTE}/([^/]+)/([^/]+)$`).exec(path);
  const provider = CardProvider.safeParse(match?.[1]);
  if (!match || !provider.success) return null;
  return { provider: provider.data, checkoutId: decodeURIComponent(match[2]!) };
}

/** The demo route of the sandbox card page (extensions.ts `demoRoutes`). */
export default function CardSandboxRoute() {
  const route = parseCardRoute(window.location.hash);
  const source = cardSandboxSource();
  if (!route || !source) {
    return (
      <main lang="en">
        <h1>No such checkout</h1>
        <p>This card page belongs to a checkout the demo does not know.</p>
      </main>
    );
  }
  return (
    <CardSandboxPage
      provider={route.provider}
      checkout={source.checkout(route.provider, route.checkoutId)}
      now={source.now()}
    />
  );
}
