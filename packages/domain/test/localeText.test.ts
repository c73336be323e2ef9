import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTimeIn, formatList, plural } from '../src/localeText.ts';

describe('formatCalendarDate', () => {
  it('writes the first of a month as "1er" in French, held to its month by a no-break space', () => {
    expect(formatCalendarDate('2026-10-01', 'fr-FR')).toBe('1er\u00a0octobre 2026');
    expect(formatCalendarDate('2026-10-01', 'fr-CH')).toBe('1er\u00a0octobre 2026');
    expect(formatCalendarDate('2026-10-01', 'fr-FR', 'full')).toBe('jeudi 1er\u00a0octobre 2026');
    expect(formatCalendarDate('2026-10-01', 'fr-CH', 'medium')).toBe('1er\u00a0oct. 2026');
  });

  it('leaves other days, numeric dates and other languages alone', () => {
    expect(formatCalendarDate('2026-10-11', 'fr-CH')).toBe('11\u00a0octobre 2026');
    expect(formatCalendarDate('2026-10-21', 'fr-CH')).toBe('21\u00a0octobre 2026');
    expect(formatCalendarDate('2026-10-01', 'fr-CH', 'short')).toBe('01.10.26');
    expect(formatCalendarDate('2026-10-01', 'en-GB')).toBe('1 October 2026');
    expect(formatCalendarDate('2026-10-01', 'de-DE')).toBe('1. Oktober 2026');
    expect(formatCalendarDate('2026-10-01', 'fi-FI')).toBe('1. lokakuuta 2026');
  });

  it('keeps the calendar day whatever the timezone, and passes anything else through', () => {
    expect(formatCalendarDate('2026-01-31', 'en-GB')).toBe('31 January 2026');
    expect(formatCalendarDate('soon', 'en-GB')).toBe('soon');
  });
});

describe('formatDateTimeIn', () => {
  it('applies the French ordinal to a point in time too', () => {
    const instant = new Date('2026-10-01T08:30:00Z');
    expect(formatDateTimeIn(instant, 'fr-CH', 'Europe/Zurich')).toMatch(/^1er\u00a0octobre 2026 à 10:30$/);
  });
});

describe('formatList', () => {
  it('joins items as each language does', () => {
    expect(formatList(['yoga', 'spinning', 'boxing'], 'en-GB')).toBe('yoga, spinning and boxing');
    expect(formatList(['yoga', 'spinning', 'boxe'], 'fr-CH')).toBe('yoga, spinning et boxe');
    expect(formatList(['jooga', 'spinning', 'nyrkkeily'], 'fi-FI')).toBe('jooga, spinning ja nyrkkeily');
    expect(formatList(['a'], 'de-DE')).toBe('a');
    expect(formatList(['a', 'b'], 'de-DE', 'disjunction')).toBe('a oder b');
  });
});

describe('plural', () => {
  const forms = { one: 'day', other: 'days' };
  it('picks the form by the language’s plural rules', () => {
    expect(plural(1, 'en-GB', forms)).toBe('day');
    expect(plural(0, 'en-GB', forms)).toBe('days');
    expect(plural(2, 'en-GB', forms)).toBe('days');
    // French treats 0 like 1 ("0 jour"), English does not.
    expect(plural(0, 'fr-CH', { one: 'jour', other: 'jours' })).toBe('jour');
    expect(plural(1, 'fi-FI', { one: 'päivä', other: 'päivää' })).toBe('päivä');
    expect(plural(5, 'fi-FI', { one: 'päivä', other: 'päivää' })).toBe('päivää');
  });
});
