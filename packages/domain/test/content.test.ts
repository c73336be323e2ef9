import { describe, expect, it } from 'vitest';
import {
  contentLanguages,
  highlightShowsTo,
  isHttpsUrl,
  isPortalRoute,
  supportedLanguage,
} from '../src/content.ts';
import { operatorCatalogue } from '../src/operators/catalogue.ts';

describe('home content languages', () => {
  it("takes the asked locale's language, else the member's, else the operator's default, then falls back to the default and English", () => {
    const no = operatorCatalogue.no;
    expect(contentLanguages('nb-NO', 'en-NO', no)).toEqual(['nb', 'en']);
    expect(contentLanguages('en-NO', 'nb-NO', no)).toEqual(['en', 'nb']);
    // Swedish has no catalogue: the member's stored locale decides.
    expect(contentLanguages('sv-SE', 'en-NO', no)).toEqual(['en', 'nb']);
    expect(contentLanguages(undefined, null, no)).toEqual(['nb', 'en']);
    expect(contentLanguages('fr-CH', 'de-CH', operatorCatalogue.ch)).toEqual(['fr', 'de', 'en']);
    expect(contentLanguages(undefined, undefined, operatorCatalogue.de)).toEqual(['en']);
  });

  it('knows the five catalogue languages only', () => {
    expect(supportedLanguage('fi-FI')).toBe('fi');
    expect(supportedLanguage('sv-FI')).toBeNull();
    expect(supportedLanguage('')).toBeNull();
  });
});

describe('highlight statuses', () => {
  it('shows a highlight without statuses to everyone and one with statuses only to those in them', () => {
    expect(highlightShowsTo(null, 'stopped')).toBe(true);
    expect(highlightShowsTo([], 'active')).toBe(true);
    expect(highlightShowsTo(['in_freeze'], 'in_freeze')).toBe(true);
    expect(highlightShowsTo(['in_freeze'], 'active')).toBe(false);
    expect(highlightShowsTo(['active', 'in_freeze'], 'in_cancellation')).toBe(false);
  });

  it('lets "cancelled" stand for every cancelled status', () => {
    expect(highlightShowsTo(['cancelled'], 'cancelled_in_trial')).toBe(true);
    expect(highlightShowsTo(['cancelled'], 'cancelled_in_presale')).toBe(true);
    expect(highlightShowsTo(['cancelled_in_trial'], 'cancelled')).toBe(false);
  });
});

describe('content links', () => {
  it('accepts routes of the portal only, not addresses a browser reads as another site', () => {
    expect(isPortalRoute('/referral')).toBe(true);
    expect(isPortalRoute('/membership/freeze')).toBe(true);
    expect(isPortalRoute('/contact#hours')).toBe(true);
    for (const bad of [
      'referral',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a b',
      '/a\u0001',
      '',
    ]) {
      expect(isPortalRoute(bad), bad).toBe(false);
    }
  });

  it('accepts absolute https addresses only', () => {
    expect(isHttpsUrl('https://de.stride.example/de/magazine/mobility')).toBe(true);
    for (const bad of [
      'http://de.stride.example/',
      'javascript:alert(1)',
      '/referral',
      'https://',
      'https://a b.example',
    ]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });
});
