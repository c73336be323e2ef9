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

describe('Austrian German words', () => {
  it('says "Handynummer" for de-AT and for the Austrian operator, nowhere else', () => {
    expect(spellFor('de-AT', 'Ihre Mobilnummer')).toBe('Ihre Handynummer');
    expect(spellFor('de-DE', 'Ihre Mobilnummer')).toBe('Ihre Mobilnummer');
    expect(spellForOperator(getOperator('at'), 'Neue Mobilnummern')).toBe('Neue Handynummern');
    expect(spellForOperator(getOperator('de'), 'Neue Mobilnummer')).toBe('Neue Mobilnummer');
    expect(spellForOperator(getOperator('ch'), 'Mobilnummer, Straße')).toBe('Mobilnummer, Strasse');
  });
});
