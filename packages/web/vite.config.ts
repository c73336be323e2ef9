import { defineConfig } from 'vitest/config';
import { apiRoutes } from './vite/api-routes.ts';
import { catalogueParts } from './vite/catalogue-parts.ts';
import { operatorFonts } from './vite/operator-fonts.ts';
import { precompress } from './vite/precompress.ts';
import { preact, reactLibraries, testAliases } from './vite/preact.ts';

// The API the dev and preview servers forward /api to (`npm start` of packages/server).
const apiTarget = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [preact(), apiRoutes(), catalogueParts(), operatorFonts(), precompress()],
  server: {
    proxy: { '/api': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Read by scripts/bundle-budget.mjs.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    globals: true,
    alias: testAliases,
    server: { deps: { inline: reactLibraries } },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
