import { setupWorker } from 'msw/browser';
import { demoMswHandlers } from './extensions.ts';
import { contractHandlers } from './handlers.ts';
import { demoApi } from './state.ts';

/**
 * Starts MSW's service worker (mockServiceWorker.js, beside index.html in the demo build):
 * from then on every call of the contract is answered in this tab, and any other request
 * to the API fails loudly instead of leaving the browser.
 */
export async function startWorker(): Promise<void> {
  const worker = setupWorker(...demoMswHandlers, ...contractHandlers(demoApi.respond));
  await worker.start({
    // Relative to the page: the demo runs under whatever path it is served from.
    serviceWorker: { url: './mockServiceWorker.js' },
    onUnhandledFrame: 'error',
    quiet: true,
  });
}
