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
  // The footer's link to the statement; the other titles are the signed-in shell's.
  'pages.accessibility',
  'language',
  'auth',
  'footer',
  'banner',
  // The errors a signed-out page can meet; the membership's refusals (`errors.codes`,
  // `errors.fallback`) and the status names they quote are the signed-in app's.
  'errors.heading',
  'errors.generic',
  'errors.network',
  'errors.contract',
  'errors.tooManyRequests',
  'errors.notAllowed',
  'imagery',
  'brand',
  // The full-screen entry code renders before the signed-in app and its catalogue load:
  // its own texts only (a dotted name takes that part of a section).
  'entry.code',
] as const;

/**
 * The sections only pages other than home use, loaded with those pages (their chunks wait
 * for them): the signed-in app's first screen downloads the rest (`?app`), a page opened
 * later these too (`?later`). A section home or the shell shows stays out of this list:
 * the test `catalogue-parts.test.ts` reads home's modules for the sections they name.
 * docs/performance.md.
 */
export const LATER_SECTIONS = [
  'accessibility',
  'publicCancellation',
  'sepa',
  'wallet',
  'account',
  'cancellation',
  'cancelFreeze',
  'club',
  'consents',
  'contact',
  'freeze',
  'healthInsurance',
  'invoice',
  'profile',
  'reactivate',
  'referral',
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
    // The demo's sign-in page names each persona's status.
    demo === 'public' ? [...PUBLIC_SECTIONS, DEMO_SECTION, 'status', 'statusName'] : PUBLIC_SECTIONS;
  return {
    name: 'portal:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?');
      if (!file?.endsWith('.json') || !CATALOGUE.test(file)) return undefined;
      const whole = query === undefined;
      if (!(query === 'public' || query === 'app' || query === 'later' || (whole && demo === 'omit')))
        return undefined;
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const shipped = Object.fromEntries(
        Object.entries(catalogue).filter(([k]) => k !== DEMO_SECTION || demo !== 'omit'),
      );
      const later: readonly string[] = LATER_SECTIONS;
      const part =
        query === 'public'
          ? pick(catalogue, sections)
          : query === 'later'
            ? pick(catalogue, later)
            : query === 'app'
              ? Object.fromEntries(Object.entries(shipped).filter(([k]) => !later.includes(k)))
              : shipped;
      // A whole catalogue stays JSON for Vite's JSON plugin, which still reads it after this.
      if (whole) return JSON.stringify(part);
      // JSON.parse of a string literal: faster to start than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
    },
  };
}

/** The named sections of a catalogue; `a.b` takes section `a` with only its part `b`. */
function pick(catalogue: Record<string, unknown>, sections: readonly string[]): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const name of sections) {
    const [section, sub] = name.split('.') as [string, string | undefined];
    const value = catalogue[section];
    if (value === undefined) continue;
    if (sub === undefined) part[section] = value;
    else {
      const inner = (value as Record<string, unknown>)[sub];
      if (inner !== undefined) part[section] = { ...(part[section] as object), [sub]: inner };
    }
  }
  return part;
}
