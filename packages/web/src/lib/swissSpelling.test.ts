import type { Locale } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import german from '../locales/de.json';
import { i18n, initI18n, loadLaterTexts } from './i18n.ts';

/** The whole catalogue in `locale`: the app's part and the part later pages load. */
async function loadAll(locale: Locale) {
  await initI18n(locale, undefined, 'full');
  await loadLaterTexts();
}

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('de-CH: Swiss German writes ss, never ß', () => {
  it('resolves every German text for de-CH without ß or German quotes, and leaves de-DE and de-AT as written', async () => {
    await loadAll('de-CH');
    const all = keys(german);
    expect(all.filter((key) => i18n.t(key).includes('ß'))).toEqual([]);
    expect(all.filter((key) => i18n.t(key).includes('„'))).toEqual([]);
    expect(i18n.t('common.dismiss')).toBe('Schliessen');
    expect(i18n.t('pages.refund')).toBe('Erstattung für Schliesstage');

    await loadAll('de-AT');
    expect(i18n.t('common.dismiss')).toBe('Schließen');
    await loadAll('de-DE');
    expect(i18n.t('common.dismiss')).toBe('Schließen');
  });
});

describe('de-AT: Austrian German in its own words', () => {
  it('says "Handynummer" wherever the German catalogue says "Mobilnummer", and keeps the ß', async () => {
    await loadAll('de-AT');
    const all = keys(german);
    const mobile = all.filter((key) =>
      (i18n.t(key, { returnObjects: false }) as string).includes('Mobilnummer'),
    );
    expect(mobile).toEqual([]);
    expect(all.filter((key) => (i18n.t(key) as string).includes('Handynummer')).length).toBeGreaterThan(3);
    expect(i18n.t('common.dismiss')).toBe('Schließen');
    await loadAll('de-DE');
    expect(all.some((key) => (i18n.t(key) as string).includes('Mobilnummer'))).toBe(true);
  });
});
