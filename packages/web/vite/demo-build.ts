import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** Vite mode of the demo build (`npm run build:demo`): the API answered in the browser (src/demo). */
export const DEMO_MODE = 'demo';

const require = createRequire(import.meta.url);

/**
 * Only in the demo build: emits MSW's service worker script beside index.html. It is not
 * in public/, so the production build never ships it; it comes from the installed msw
 * package, so script and library always have the same version (MSW checks that at start).
 */
export function mockServiceWorker(): Plugin {
  return {
    name: 'portal:mock-service-worker',
    apply: (_config, env) => env.mode === DEMO_MODE,
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = (request.url ?? '').split('?')[0];
        if (url?.endsWith('/api/dev/pt/frame.html')) {
          response.setHeader('content-type', 'text/html');
          response.end(await readFile(require.resolve('@portal/demo-data/pt-sandbox/frame.html')));
          return;
        }
        if (url !== '/mockServiceWorker.js') return next();
        response.setHeader('content-type', 'text/javascript');
        response.end(await readFile(require.resolve('msw/mockServiceWorker.js')));
      });
    },
    // Without an icon in the page the browser asks the host's root for /favicon.ico, outside
    // the demo's path; the operator's logo replaces this one as soon as its theme applies.
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'icon', type: 'image/svg+xml', href: './themes/de/logo.svg' },
        injectTo: 'head',
      },
    ],
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'mockServiceWorker.js',
        source: await readFile(require.resolve('msw/mockServiceWorker.js')),
      });
      // The PT sandbox's frame page (ADR 032): a page load, which MSW does not answer, so a
      // file beside index.html; its scripts and API calls are the worker's (src/demo/pt/).
      this.emitFile({
        type: 'asset',
        fileName: 'api/dev/pt/frame.html',
        source: await readFile(require.resolve('@portal/demo-data/pt-sandbox/frame.html')),
      });
    },
  };
}
