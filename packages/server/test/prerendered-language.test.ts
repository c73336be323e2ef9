import { describe, expect, it } from 'vitest';
import { type PrerenderedPage, prerenderedFor } from '../src/plugins/prerendered.ts';

// The prerendered page's language is the one the app will open in (docs/architecture.md,
// "The member's language"), so the app hydrates what was sent.
describe('the prerendered page for a request', () => {
  const page = (operator: string, locale: string): PrerenderedPage => ({
    operator,
    locale,
    path: '/',
    title: locale,
    html: '',
  });
  const pages = new Map(
    [
      page('de', 'en-DE'),
      page('de', 'de-DE'),
      page('ch', 'de-CH'),
      page('ch', 'fr-CH'),
      page('ch', 'en-CH'),
    ].map((p) => [`${p.operator} ${p.locale} /`, p]),
  );
  const localeFor = (operator: 'de' | 'ch', cookie?: string, acceptLanguage?: string) =>
    prerenderedFor(pages, operator, '/', cookie, acceptLanguage)?.locale;

  it("takes the first of the browser's languages the operator offers", () => {
    expect(localeFor('de', undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(localeFor('ch', undefined, 'fr-CH, fr;q=0.9, de;q=0.8')).toBe('fr-CH');
    expect(localeFor('ch', undefined, 'it-CH, en;q=0.5')).toBe('en-CH');
  });

  it("keeps a choice made in the browser, and falls back to the operator's first language", () => {
    expect(localeFor('de', 'portal_locale=en-DE', 'de-DE')).toBe('en-DE');
    expect(localeFor('de', undefined, 'pl-PL')).toBe('en-DE');
    expect(localeFor('ch', undefined, undefined)).toBe('de-CH');
  });
});
