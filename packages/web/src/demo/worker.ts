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
  const worker = setupWorker(...demoMswHandlers, ...contractHandlers(demoApi.call));
  await worker.start({
    // Relative to the page: the demo runs under whatever path it is served from.
    serviceWorker: { url: './mockServiceWorker.js' },
    // Only the API must never leave the browser: an unknown call fails loudly, while pages
    // and files are fetched as usual.
    onUnhandledFrame: async ({ frame, defaults }) => {
      const data = frame.data as { request?: Request };
      const request = data.request ?? null;
      // A page load (a reload, the PT sandbox's frame page, a file of the build) is not a call.
      if (!request || request.mode === 'navigate' || !new URL(request.url).pathname.includes('/api/')) return;
      await defaults.error();
      throw new Error(`the demo answers no ${request.method} ${new URL(request.url).pathname}`);
    },
    quiet: true,
  });
}
