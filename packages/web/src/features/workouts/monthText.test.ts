import { describe, expect, it } from 'vitest';
import { monthNameText, monthYearText, yearToDateText } from './monthText.ts';

describe('month labels in each language', () => {
  it('writes Norwegian month names in lower case, also as a label of their own', () => {
    expect(monthYearText({ year: 2026, month: 3 }, 'nb-NO')).toBe('mars 2026');
    expect(monthNameText(11, 'nb-NO')).toBe('november');
    expect(monthYearText({ year: 2026, month: 3 }, 'fr-CH')).toBe('Mars 2026');
  });

  it('writes the Finnish year so far as "tammi–marraskuu 2026"', () => {
    expect(yearToDateText({ year: 2026, month: 11 }, 'fi-FI')).toBe('tammi–marraskuu 2026');
    expect(yearToDateText({ year: 2026, month: 1 }, 'fi-FI')).toBe('tammikuu 2026');
    expect(yearToDateText({ year: 2026, month: 3 }, 'de-DE')).toBe('Jan.–März 2026');
  });
});
