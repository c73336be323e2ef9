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
