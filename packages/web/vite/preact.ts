import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias, Plugin } from 'vite';

/**
 * React's modules served by Preact (ADR 021): the app and its libraries (React Router,
 * TanStack Query, react-hook-form, react-i18next, Testing Library) import `react`, and get
 * preact/compat, 45 kB of gzip lighter than react-dom. Exact names only, so that a path
 * such as `react-router` is left alone.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // react-i18next's shim of a hook React 18 and Preact have built in.
  { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * Vitest runs node_modules in Node, which would load React itself; these libraries are
 * bundled by Vite in the tests instead, so that they too get Preact, as in the build.
 */
export const reactLibraries = [
  'react-router',
  '@tanstack/react-query',
  'react-hook-form',
  '@hookform/resolvers',
  'react-i18next',
  '@testing-library/react',
];

const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

/**
 * In the tests, two libraries would otherwise load their CommonJS build, which requires React
 * itself: Testing Library (its main) and React Router (its `node` export comes first).
 * Their ES builds take the aliases.
 */
export const testAliases: Alias[] = [
  ...preactAliases,
  {
    find: /^react-router$/,
    replacement: path.join(packageDir('react-router'), 'dist/development/index.mjs'),
  },
  {
    find: /^@testing-library\/react$/,
    replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
  },
];

/**
 * The build on Preact: React's modules aliased, JSX compiled for preact/jsx-runtime, and
 * two harmless warnings about the libraries not reported. There is no fast refresh: an edit in development reloads the page.
 */
export function preact(): Plugin {
  return {
    name: 'portal:preact',
    config: () => ({
      resolve: { alias: preactAliases },
      oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      build: {
        rolldownOptions: {
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
            // React Router looks up React 19's useOptimistic and does without it when missing.
            if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
            warn(warning);
          },
        },
      },
    }),
  };
}
