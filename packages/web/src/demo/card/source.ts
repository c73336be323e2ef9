import type { CardSandboxPage } from '@portal/demo';

/**
 * What the sandbox page asks of the demo: the provider's steps for one checkout, which the
 * server's card sandbox answers in the demo's worker (modules/dev/card-sandbox.ts). The
 * demo's state module sets it, so this folder needs nothing of how the tab runs it.
 */
export interface CardSandboxSource {
  /** `locale`: the language the portal put on the page's address. */
  open(provider: string, checkoutId: string, locale?: string): Promise<CardSandboxPage>;
  act(
    action: 'submit' | 'confirm',
    provider: string,
    checkoutId: string,
    form: Record<string, string>,
  ): Promise<CardSandboxPage>;
}

let current: CardSandboxSource | null = null;

export function provideCardSandbox(source: CardSandboxSource): void {
  current = source;
}

export function cardSandboxSource(): CardSandboxSource | null {
  return current;
}
