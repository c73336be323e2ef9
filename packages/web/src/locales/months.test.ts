import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth } from '../lib/format.ts';
import de from './de.json';
import nb from './nb.json';

/** Every month name a locale writes, as Intl gives it (de-AT: "Jänner", "Feber"). */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2027, m, 15))));
}

function texts(tree: object): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
}

describe('month names come from Intl in the member’s locale, never from a catalogue', () => {
  it('writes January as Austrians do in de-AT', () => {
    expect(formatDate('2027-01-01', 'de-AT')).toBe('1. Jänner 2027');
    expect(formatMonth('2027-01', 'de-AT')).toBe('Jänner 2027');
    expect(formatDate('2027-01-01', 'de-DE')).toBe('1. Januar 2027');
  });

  it.each([
    ['de', de, ['de-DE', 'de-AT', 'de-CH']],
    ['nb', nb, ['nb-NO']],
  ] as const)('%s holds no hard-coded month name', (_, catalogue, locales) => {
    const names = new Set(locales.flatMap(monthNames));
    const pattern = new RegExp(`(^|[^\\p{L}])(${[...names].join('|')})([^\\p{L}]|$)`, 'iu');
    expect(texts(catalogue).filter((text) => pattern.test(text))).toEqual([]);
  });
});
