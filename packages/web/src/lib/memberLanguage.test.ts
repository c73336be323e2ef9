import { getOperator } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/fakeFetch.ts';
import { membershipFixture } from '../test/fixtures.ts';
import { api } from './api.ts';
import { browserLocale, changeLocale, chosenLocale, i18n, initI18n, initialLocale } from './i18n.ts';
import { session } from './session.ts';
import { STORAGE_KEYS, writeStorage } from './storage.ts';

const browserLanguages = (languages: string[]) => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
};

afterEach(() => {
  vi.restoreAllMocks();
  writeStorage(STORAGE_KEYS.locale, null);
  writeStorage(STORAGE_KEYS.memberLocale, null);
  session.clear();
});

describe('the first visit', () => {
  it("opens in the first of the browser's languages the operator offers", () => {
    browserLanguages(['de-DE', 'de', 'en-US']);
    expect(initialLocale(getOperator('de'))).toBe('de-DE');
    browserLanguages(['fr-CH', 'fr', 'de-CH']);
    expect(initialLocale(getOperator('ch'))).toBe('fr-CH');
    browserLanguages(['it-CH', 'en-GB']);
    expect(initialLocale(getOperator('ch'))).toBe('en-CH');
  });

  it("opens in the operator's default when it offers none of them", () => {
    browserLanguages(['pl-PL', 'ru']);
    expect(browserLocale(getOperator('at'))).toBe('de-AT');
    expect(browserLocale(getOperator('de'))).toBe('en-DE');
  });

  it("keeps a choice made in this browser over the browser's languages", () => {
    browserLanguages(['de-DE']);
    writeStorage(STORAGE_KEYS.locale, 'en-DE');
    expect(initialLocale(getOperator('de'))).toBe('en-DE');
    // A choice another operator offers, not this one: the browser's languages.
    writeStorage(STORAGE_KEYS.locale, 'fr-CH');
    expect(initialLocale(getOperator('de'))).toBe('de-DE');
  });

  it("opens a signed-in page in the member's language last seen here, below a choice", () => {
    browserLanguages(['en-US']);
    writeStorage(STORAGE_KEYS.memberLocale, 'de-DE');
    expect(initialLocale(getOperator('de'), true)).toBe('de-DE');
    // Signed out, the browser's languages: the stored language is the member's, not the device's.
    expect(initialLocale(getOperator('de'))).toBe('en-DE');
    writeStorage(STORAGE_KEYS.locale, 'en-DE');
    expect(initialLocale(getOperator('de'), true)).toBe('en-DE');
    // A language this operator does not offer: the browser's.
    writeStorage(STORAGE_KEYS.locale, null);
    writeStorage(STORAGE_KEYS.memberLocale, 'fi-FI');
    expect(initialLocale(getOperator('de'), true)).toBe('en-DE');
  });
});

describe('the language sent to the server', () => {
  it('sends the language in use as Accept-Language on every call', async () => {
    await initI18n('de-DE', undefined, 'public');
    session.signIn('tok-1');
    const { requests } = fakeFetch({ 'GET /api/v2/membership': { body: membershipFixture() } });
    await api('membership');
    expect(requests[0]!.headers['Accept-Language']).toBe('de-DE');
  });

  it("counts only a picked language as the member's choice", async () => {
    await initI18n('de-DE', undefined, 'public');
    expect(chosenLocale('de-DE')).toBeNull();
    await changeLocale('en-DE');
    expect(chosenLocale('en-DE')).toBe('en-DE');
    await changeLocale('de-DE', false);
    expect(chosenLocale('de-DE')).toBeNull();
  });
});

describe('a language change', () => {
  it('loads the membership again with the picked language as the member’s choice', async () => {
    await initI18n('en-DE', undefined, 'public');
    const seen: (string | null)[] = [];
    const listener = (language: string) => seen.push(chosenLocale(language));
    i18n.on('languageChanged', listener);
    await changeLocale('de-DE');
    i18n.off('languageChanged', listener);
    // The screens re-render (and load) as the language changes: the choice is stored by then.
    expect(seen).toEqual(['de-DE']);
  });
});
