import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { apiRoutes } from './api-routes.ts';
import { catalogueParts } from './catalogue-parts.ts';

/** Where the server finds the prerendered pages: a dot file, which the static files leave out. */
export const PRERENDERED_FILE = '.prerendered.json';

/**
 * After the client build, renders the logged-out pages to HTML (src/prerender.tsx) and
 * writes them into the build as one JSON file, which the server reads (ADR 035). The
 * render runs in Node from a server-side build of that module, made here with the plugins
 * it needs; its CSS module class names are the client build's (same files, same root).
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'portal:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('vite');
      const serverDir = path.join(root, 'node_modules/.prerender');
      await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        plugins: [react(), apiRoutes(), catalogueParts({ demo: 'omit' })],
        build: {
          ssr: 'src/prerender.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          rolldownOptions: {
            output: { entryFileNames: 'prerender.mjs' },
            // The render imports every catalogue at once, which the app loads one by one.
            onwarn(warning, warn) {
              if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
            },
          },
        },
      });
      const module = await import(pathToFileURL(path.join(serverDir, 'prerender.mjs')).href);
      const pages = await module.prerenderAll();
      await writeFile(path.join(outDir, PRERENDERED_FILE), JSON.stringify({ pages }));
      this.environment?.logger?.info?.(`prerendered ${pages.length} pages`);
    },
  };
}
