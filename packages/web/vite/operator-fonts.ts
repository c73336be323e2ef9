import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Each operator's type pairing (docs/design.md): a heading and a body family, variable
 * fonts from @fontsource-variable (one file covers every weight). Only the latin and
 * latin-ext subsets ship; theme.css declares them with unicode-range, so a page loads
 * latin-ext only when a text needs it.
 */
export const OPERATOR_FONTS = {
  de: { heading: 'space-grotesk', body: 'dm-sans' },
  at: { heading: 'bricolage-grotesque', body: 'public-sans' },
  ch: { heading: 'archivo', body: 'inter' },
  no: { heading: 'outfit', body: 'figtree' },
  fi: { heading: 'sora', body: 'nunito-sans' },
} as const;

const SUBSETS = ['latin', 'latin-ext'] as const;
const require = createRequire(import.meta.url);

/** `/themes/<op>/fonts/<role>-<subset>.woff2` → the package's file. */
function fontFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [operator, pairing] of Object.entries(OPERATOR_FONTS)) {
    for (const [role, family] of Object.entries(pairing)) {
      for (const subset of SUBSETS) {
        files.set(
          `themes/${operator}/fonts/${role}-${subset}.woff2`,
          require.resolve(`@fontsource-variable/${family}/files/${family}-${subset}-wght-normal.woff2`),
        );
      }
    }
  }
  return files;
}

/**
 * Serves the operators' font files under /themes/<op>/fonts/ from the portal itself (no
 * third-party font host): copied into the build, and answered by the dev server. Stable
 * names let theme.css and the preload in lib/theme.ts name them without a manifest.
 */
export function operatorFonts(): Plugin {
  const files = fontFiles();
  return {
    name: 'portal:operator-fonts',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = files.get((request.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '');
        if (!source) return next();
        response.setHeader('content-type', 'font/woff2');
        createReadStream(source).pipe(response);
      });
    },
    generateBundle() {
      for (const [fileName, source] of files) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
      }
    },
  };
}
