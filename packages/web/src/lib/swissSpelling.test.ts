import { describe, expect, it } from 'vitest';
import german from '../locales/de.json';
import { i18n, initI18n } from './i18n.ts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('de-CH: Swiss German writes ss, never ß', () => {
  it('resolves every German text for de-CH without ß or German quotes, and leaves de-DE and de-AT as written', async () => {
    await initI18n('de-CH', undefined, 'full');
    const all = keys(german);
    expect(all.filter((key) => i18n.t(key).includes('ß'))).toEqual([]);
    expect(all.filter((key) => i18n.t(key).includes('„'))).toEqual([]);
    expect(i18n.t('common.dismiss')).toBe('Schliessen');
    expect(i18n.t('pages.refund')).toBe('Erstattung für Schliesstage');

    await initI18n('de-AT', undefined, 'full');
    expect(i18n.t('common.dismiss')).toBe('Schließen');
    await initI18n('de-DE', undefined, 'full');
    expect(i18n.t('common.dismiss')).toBe('Schließen');
  });
});

describe('de-AT: Austrian German in its own words', () => {
  it('says "Handynummer" wherever the German catalogue says "Mobilnummer", and keeps the ß', async () => {
    await initI18n('de-AT', undefined, 'full');
    const all = keys(german);
    const mobile = all.filter((key) =>
      (i18n.t(key, { returnObjects: false }) as string).includes('Mobilnummer'),
    );
    expect(mobile).toEqual([]);
    expect(all.filter((key) => (i18n.t(key) as string).includes('Handynummer')).length).toBeGreaterThan(3);
    expect(i18n.t('common.dismiss')).toBe('Schließen');
    await initI18n('de-DE', undefined, 'full');
    expect(all.some((key) => (i18n.t(key) as string).includes('Mobilnummer'))).toBe(true);
  });
});
