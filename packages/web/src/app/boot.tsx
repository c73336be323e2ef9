import '../lib/zodConfig.ts';
import { type OperatorId, PRERENDER_STALE_ATTRIBUTE } from '@portal/contract';
import { getOperator, type OperatorSettings } from '@portal/domain';
import { type ReactNode, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentPath } from '../lib/appAddress.ts';
import { loadContract } from '../lib/api.ts';
import { initI18n, initialLocale } from '../lib/i18n.ts';
import { captureAccessToken, session } from '../lib/session.ts';
import { applyTheme, illustrationUrl, preloadImage } from '../lib/theme.ts';

/**
 * Starts the portal for an operator (main.tsx, and the demo build's start.tsx): the
 * session from a sign-in link, the theme and the catalogue, then the first render.
 */
export async function boot(
  operatorId: OperatorId,
  app: (operator: OperatorSettings) => ReactNode,
): Promise<void> {
  captureAccessToken();
  const operator = getOperator(operatorId);
  const signedIn = session.token !== null;
  const locale = initialLocale(operator, signedIn);
  // Signed in: the shell's chunk, the whole catalogue and the contract's schemas (the first
  // answers are checked with them) load at once, alongside the theme: the schemas are built
  // by the time the first answers arrive instead of holding them up.
  if (signedIn) {
    void import('./SignedInApp.tsx');
    void import('./shell/LoggedInApp.tsx');
    loadContract().catch(() => {}); // the first call tries again and reports a failure
    // Its own import: the formatters and the domain's date and money rules are no part of the
    // login page (docs/performance.md).
    void import('../lib/format.ts').then((format) =>
      format.prepareFormatters(locale, operator.currency, operator.timezone),
    );
    if (currentPath() === '/') preloadImage(illustrationUrl(operator.id, 'home'));
  }
  await Promise.all([applyTheme(operator.id), initI18n(locale, undefined, signedIn ? 'full' : 'public')]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  const element = <StrictMode>{app(operator)}</StrictMode>;
  // The server sent this logged-out page rendered in this language (ADR 035): hydrate it.
  // Signed in, or in another language, the page is the app's to render; what was sent goes.
  if (!signedIn && root.dataset.prerendered === locale) {
    hydrateRoot(root, element);
  } else {
    root.replaceChildren();
    createRoot(root).render(element);
  }
  // Shown again: hidden only while a page sent for someone else waited for this (global.css).
  document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
}
