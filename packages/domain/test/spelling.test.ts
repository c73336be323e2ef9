import { describe, expect, it } from 'vitest';
import { spellFor, spellForOperator, swissSpelling, writesSwissSpelling } from '../src/locale.ts';
import { getOperator } from '../src/operators/catalogue.ts';

describe('Swiss spelling (de-CH writes ss, never ß)', () => {
  it('applies to German in Switzerland and Liechtenstein only', () => {
    expect(writesSwissSpelling('de-CH')).toBe(true);
    expect(writesSwissSpelling('de-LI')).toBe(true);
    for (const locale of ['de-DE', 'de-AT', 'fr-CH', 'en-CH', 'nb-NO'])
      expect(writesSwissSpelling(locale)).toBe(false);
  });

  it('writes ss and SS for ß and ẞ', () => {
    expect(swissSpelling('Schließtage, Grüße, GROẞ')).toBe('Schliesstage, Grüsse, GROSS');
    expect(spellFor('de-CH', 'außerordentlich')).toBe('ausserordentlich');
    expect(spellFor('de-AT', 'außerordentlich')).toBe('außerordentlich');
    expect(spellFor('de-CH', 'unter „Einwilligungen“')).toBe('unter «Einwilligungen»');
  });

  it('covers everything the ch operator sends, and nothing of the others', () => {
    expect(spellForOperator(getOperator('ch'), 'Ihre Erstattung für die Schließtage')).toBe(
      'Ihre Erstattung für die Schliesstage',
    );
    expect(spellForOperator(getOperator('at'), 'Schließtage')).toBe('Schließtage');
    expect(spellForOperator(getOperator('de'), 'Schließtage')).toBe('Schließtage');
  });
});
