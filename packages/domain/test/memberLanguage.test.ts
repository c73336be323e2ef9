import { describe, expect, it } from 'vitest';
import { acceptedLanguages, getOperator, memberTextLocale, offeredLocale } from '../src/index.ts';

describe('acceptedLanguages', () => {
  it('orders by q-value, ties as sent, and drops q=0 and *', () => {
    expect(acceptedLanguages('en;q=0.5, fr-CH, de;q=0.9, *;q=0.1, it;q=0')).toEqual(['fr-CH', 'de', 'en']);
  });

  it('takes navigator.languages as they are and nothing from an empty header', () => {
    expect(acceptedLanguages(['de-DE', 'de', 'en'])).toEqual(['de-DE', 'de', 'en']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('offeredLocale', () => {
  const ch = getOperator('ch').locales;

  it('takes the first wanted language the operator offers, the locale itself first', () => {
    expect(offeredLocale(ch, ['fr-CH', 'de-CH'])).toBe('fr-CH');
    expect(offeredLocale(ch, ['it-CH', 'en-US', 'de'])).toBe('en-CH');
  });

  it('matches a language to its offered locale, and reads "no" as bokmål', () => {
    expect(offeredLocale(ch, ['fr-FR'])).toBe('fr-CH');
    expect(offeredLocale(getOperator('de').locales, ['de'])).toBe('de-DE');
    expect(offeredLocale(getOperator('no').locales, ['no', 'en'])).toBe('nb-NO');
    expect(offeredLocale(getOperator('at').locales, ['DE-de'])).toBe('de-AT');
  });

  it('answers null when nothing wanted is offered', () => {
    expect(offeredLocale(getOperator('fi').locales, ['sv-FI', 'ru'])).toBeNull();
  });
});

describe('memberTextLocale', () => {
  const de = getOperator('de');

  it('follows the request before the stored locale', () => {
    expect(memberTextLocale(de, 'de-DE', 'en-DE')).toBe('de-DE');
    expect(memberTextLocale(de, 'en-DE,de;q=0.8', 'de-DE')).toBe('en-DE');
  });

  it("falls back to the stored locale, then to the operator's first", () => {
    expect(memberTextLocale(de, 'pl-PL', 'de-DE')).toBe('de-DE');
    expect(memberTextLocale(de, undefined, 'de-DE')).toBe('de-DE');
    expect(memberTextLocale(de, null, 'fr-CH')).toBe(de.locales[0]);
  });
});
