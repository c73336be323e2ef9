import { describe, expect, it } from 'vitest';
import english from '../locales/en.json';
import englishPublic from '../locales/en.json?public';
import { i18n, initI18n, loadFullCatalogue } from './i18n.ts';

describe('catalogue parts', () => {
  it('gives the login page the signed-out sections only, each whole', () => {
    expect(Object.keys(englishPublic)).toEqual(
      expect.arrayContaining(['auth', 'common', 'footer', 'errors']),
    );
    expect(englishPublic).not.toHaveProperty('payments');
    expect(englishPublic.auth).toEqual(english.auth);
    expect(JSON.stringify(englishPublic).length).toBeLessThan(JSON.stringify(english).length / 3);
  });

  it('loads the rest of the catalogue before the signed-in app needs it', async () => {
    await initI18n('en-DE', undefined, 'public');
    expect(i18n.exists('auth.login.title')).toBe(true);
    expect(i18n.exists('payments.backToPayment')).toBe(false);
    await loadFullCatalogue();
    expect(i18n.exists('payments.backToPayment')).toBe(true);
    expect(i18n.t('auth.login.title')).toBe('Sign in');
  });
});

describe('de-CH: Swiss German writes ss, never ß', () => {
  function keys(tree: object, prefix = ''): string[] {
    return Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
    );
  }

  it('resolves every German text for de-CH without ß, and leaves de-DE and de-AT as written', async () => {
    const german = (await import('../locales/de.json')).default;
    await initI18n('de-CH', undefined, 'full');
    const all = keys(german);
    const withEszett = all.filter((key) => i18n.t(key).includes('ß'));
    expect(withEszett).toEqual([]);
    expect(all.filter((key) => i18n.t(key).includes('„'))).toEqual([]);
    expect(i18n.t('common.dismiss')).toBe('Schliessen');
    expect(i18n.t('pages.refund')).toBe('Erstattung für Schliesstage');

    await initI18n('de-AT', undefined, 'full');
    expect(i18n.t('common.dismiss')).toBe('Schließen');
    await initI18n('de-DE', undefined, 'full');
    expect(i18n.t('common.dismiss')).toBe('Schließen');
  });
});
