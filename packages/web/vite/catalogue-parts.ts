import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * The sections of a catalogue the signed-out pages use (login, password, footer, language
 * switcher, error texts). Everything else is for the signed-in app, the public cancellation
 * form and the accessibility statement, which load the whole catalogue.
 */
export const PUBLIC_SECTIONS = [
  'common',
  'actions',
  'pages',
  'language',
  'auth',
  'footer',
  'banner',
  'errors',
  'status',
  'statusName',
  'imagery',
  'brand',
  // The full-screen entry code renders before the signed-in app and its catalogue load.
  'entry',
] as const;

/** The demo build's texts (src/demo). */
export const DEMO_SECTION = 'demo';

/**
 * Where the `demo` section goes: `public` in the demo build (its sign-in page is public),
 * `omit` in the production build (no demo text ships), `keep` elsewhere (tests, dev server:
 * in the whole catalogue as written).
 */
export type DemoTexts = 'public' | 'omit' | 'keep';

const CATALOGUE = /\/src\/locales\/[a-z]{2}\.json$/;

/**
 * `import('./locales/en.json?public')`: the catalogue cut down to PUBLIC_SECTIONS, so the
 * login page downloads a fifth of it. The catalogue files stay whole, one per language.
 */
export function catalogueParts({ demo = 'keep' }: { demo?: DemoTexts } = {}): Plugin {
  const sections: readonly string[] =
    demo === 'public' ? [...PUBLIC_SECTIONS, DEMO_SECTION] : PUBLIC_SECTIONS;
  return {
    name: 'portal:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?');
      if (!file?.endsWith('.json')) return undefined;
      const whole = query === undefined && CATALOGUE.test(file);
      if (query !== 'public' && !(whole && demo === 'omit')) return undefined;
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const part = Object.fromEntries(
        Object.keys(catalogue)
          .filter((k) => (whole ? k !== DEMO_SECTION : sections.includes(k)))
          .map((k) => [k, catalogue[k]]),
      );
      // A whole catalogue stays JSON for Vite's JSON plugin, which still reads it after this.
      if (whole) return JSON.stringify(part);
      // JSON.parse of a string literal: faster to start than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
    },
  };
}
