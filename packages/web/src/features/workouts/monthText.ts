import type { YearMonth } from '@portal/domain';
import { capitalize, dateTimeFormat } from '../../lib/format.ts';

const utc = (m: YearMonth) => new Date(Date.UTC(m.year, m.month - 1, 15));

/**
 * Norwegian writes month names in lower case, also as a label of their own ("mars 2026");
 * the other languages' standing-alone labels start with a capital letter.
 */
const capitalizeMonth = (text: string, locale: string) =>
  locale.startsWith('nb') ? text : capitalize(text, locale);

/** "March 2026" in the member's locale, as a label of its own. */
export function monthYearText(m: YearMonth, locale: string): string {
  const text = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(m));
  return capitalizeMonth(text, locale);
}

/** A month's name alone: "March", or its initial for a chart's axis ("M"). */
export function monthNameText(month: number, locale: string, width: 'long' | 'narrow' = 'long'): string {
  const name = dateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(utc({ year: 2000, month }));
  return width === 'narrow' ? capitalize(name, locale) : capitalizeMonth(name, locale);
}

/**
 * January to the month, e.g. "Jan – Mar 2026", or "Jan 2026" for January itself. Finnish
 * joins the first month's stem to the last month's full name ("tammi–marraskuu 2026"),
 * where `Intl` writes "tammi 2026–marras 2026".
 */
export function yearToDateText(m: YearMonth, locale: string): string {
  if (locale.startsWith('fi')) {
    const long = (month: number) =>
      dateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(utc({ year: m.year, month }));
    const last = `${long(m.month)} ${m.year}`;
    return m.month === 1 ? last : `${long(1).replace(/kuu$/, '')}–${last}`;
  }
  const format = dateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(utc({ year: m.year, month: 1 }), utc(m));
}
