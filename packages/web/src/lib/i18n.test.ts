import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
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

describe('the browser console', () => {
  it('gets no advertisement from i18next when the catalogue starts', async () => {
    // i18next shows its notice once per page, remembered on globalThis.
    delete (globalThis as Record<string, unknown>).__i18next_supportNoticeShown;
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await initI18n('de-DE', i18next.createInstance(), 'public');
      expect(info).not.toHaveBeenCalled();
    } finally {
      info.mockRestore();
    }
  });
});

describe('plural forms', () => {
  it('picks each language’s form through Intl.PluralRules and writes a single month as a word', async () => {
    const say = async (locale: string, count: number) => {
      await initI18n(locale);
      return i18n.t('membership.terms.noticeValue', { count });
    };
    expect(await say('fr-CH', 1)).toBe('Un mois de préavis, pour la fin du mois');
    expect(await say('fr-CH', 3)).toBe('3 mois de préavis, pour la fin du mois');
    expect(await say('fi-FI', 1)).toBe('Yksi kuukausi, päättyy kuukauden lopussa');
    expect(await say('fi-FI', 2)).toBe('2 kuukautta, päättyy kuukauden lopussa');
    expect(await say('en-DE', 1)).toBe('One month to the end of a month');
    expect(await say('en-DE', 2)).toBe('2 months to the end of a month');
  });
});
