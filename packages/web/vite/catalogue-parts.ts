import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * The sections of a catalogue the signed-out pages use (login, password, accessibility
 * statement, footer, language switcher, error texts). Everything else is for the signed-in
 * app and the public cancellation form, which load the whole catalogue.
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
  'accessibility',
  'imagery',
  'brand',
] as const;

/**
 * `import('./locales/en.json?public')`: the catalogue cut down to PUBLIC_SECTIONS, so the
 * login page downloads a fifth of it. The catalogue files stay whole, one per language.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'portal:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?');
      if (query !== 'public' || !file?.endsWith('.json')) return undefined;
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const part = Object.fromEntries(
        PUBLIC_SECTIONS.filter((k) => k in catalogue).map((k) => [k, catalogue[k]]),
      );
      // JSON.parse of a string literal: faster to start than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
    },
  };
}
