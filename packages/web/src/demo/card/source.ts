import type { SandboxCheckout } from '@portal/demo';

/**
 * What the sandbox page reads of the demo: the checkout the portal opened (the provider's
 * own record of it, on the server its /api/dev/cards page reads the database) and the
 * demo's clock. The demo's state module sets it (one line, `sandboxCheckout(store, …)`),
 * so this folder needs nothing of how the tab keeps its store.
 */
export interface CardSandboxSource {
  checkout(provider: string, checkoutId: string): SandboxCheckout;
  now(): Date;
}

let current: CardSandboxSource | null = null;

export function provideCardSandbox(source: CardSandboxSource): void {
  current = source;
}

export function cardSandboxSource(): CardSandboxSource | null {
  return current;
}
