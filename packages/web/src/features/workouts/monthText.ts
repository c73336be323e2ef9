import type { YearMonth } from '@portal/domain';
import { capitalize, dateTimeFormat } from '../../lib/format.ts';

const utc = (m: YearMonth) => new Date(Date.UTC(m.year, m.month - 1, 15));

/** "March 2026" in the member's locale, as a label of its own. */
export function monthYearText(m: YearMonth, locale: string): string {
  const text = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(m));
  return capitalize(text, locale);
}

/** A month's name alone: "March", or its initial for a chart's axis ("M"). */
export function monthNameText(month: number, locale: string, width: 'long' | 'narrow' = 'long'): string {
  const name = dateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(utc({ year: 2000, month }));
  return capitalize(name, locale);
}

/** January to the month, e.g. "Jan – Mar 2026", or "Jan 2026" for January itself. */
export function yearToDateText(m: YearMonth, locale: string): string {
  const format = dateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(utc({ year: m.year, month: 1 }), utc(m));
}
