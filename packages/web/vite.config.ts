import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiRoutes } from './vite/api-routes.ts';
import { catalogueParts } from './vite/catalogue-parts.ts';
import { portalMigrations } from './vite/migrations.ts';
import { DEMO_MODE, mockServiceWorker } from './vite/demo-build.ts';
import { operatorFonts } from './vite/operator-fonts.ts';
import { precompress } from './vite/precompress.ts';
import { prerenderPages } from './vite/prerender.ts';

const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const syncExternalStore = path.join(import.meta.dirname, 'vite/use-sync-external-store.ts');

// The API the dev and preview servers forward /api to (`npm start` of packages/server).
const apiTarget = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig(({ command, mode }) => {
  // `vite build --mode demo` (npm run build:demo): the API answers in the browser (src/demo,
  // docs/demo.md); static files that work under any path of any static host.
  const demo = mode === DEMO_MODE;
  // The demo has no server behind it: nothing is forwarded.
  const proxy: Record<string, string> = demo ? {} : { '/api': apiTarget };
  return {
    // Relative asset addresses: the demo build runs under whatever path it is copied to.
    base: demo ? './' : '/',
    plugins: [
      // React with Fast Refresh in `vite` dev (ADR 035).
      react(),
      apiRoutes(),
      catalogueParts({ demo: demo ? 'public' : command === 'build' ? 'omit' : 'keep' }),
      operatorFonts(),
      // A static host sends the files as they are; the .br/.gz are for the portal's server.
      // The demo signs in by persona and has no server to send HTML: it is not prerendered.
      ...(demo ? [mockServiceWorker(), portalMigrations()] : [precompress(), prerenderPages()]),
    ],
    // React Router's package resolves to its development build, warnings and all; its own
    // Vite plugin swaps in the production build, which a library-mode app does here. And
    // react-i18next's useSyncExternalStore shim gives way to React's own.
    resolve: {
      alias: [
        ...(command === 'build'
          ? [
              { find: /^react-router$/, replacement: reactRouterProduction },
              { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: syncExternalStore },
            ]
          : []),
        // The server's import reads CSV with csv-parse, whose Node build needs Node's Buffer;
        // the demo's worker (the server's code in the browser) takes its browser build.
        ...(demo ? [{ find: /^csv-parse\/sync$/, replacement: 'csv-parse/browser/esm/sync' }] : []),
      ],
    },
    // The demo's database worker (src/demo/database.worker.ts) is a module with chunks of its own.
    worker: { format: 'es', plugins: () => (demo ? [portalMigrations()] : []) },
    // PGlite loads its WebAssembly and data files by address; Vite's pre-bundling would move
    // the module away from them (its documented setting).
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: demo ? 'dist-demo' : 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // Read by scripts/bundle-budget.mjs.
      manifest: true,
      // What the entry imports statically (React, the router, i18next, the API client) in the
      // entry's own chunk, not split into six because lazy pages import parts of it: brotli
      // compresses one file better than six (docs/performance.md, "Chunks").
      // And the contract's schemas that pages use in one chunk with zod (ADR 047).
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'boot', tags: ['$initial'] },
              { name: 'contract', test: /packages\/contract\/src|node_modules\/zod\// },
            ],
          },
        },
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      globals: true,
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  };
});
