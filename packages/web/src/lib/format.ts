import type { Currency } from '@portal/contract';
import {
  dateTimeFormat,
  formatCalendarDate,
  formatDateTimeIn,
  formatMoney as formatMinorUnits,
  numberFormat,
  todayIn,
} from '@portal/domain';

// Formatters built once per locale and options (domain localeText.ts).
export { dateTimeFormat, numberFormat };

/**
 * A calendar date (`YYYY-MM-DD`, a day in the operator's timezone) in the member's locale,
 * e.g. "1 March 2025", "1. März 2025", "1er mars 2025" (the domain's one date rule).
 */
export function formatDate(
  isoDate: string,
  locale: string,
  style: Intl.DateTimeFormatOptions['dateStyle'] = 'long',
): string {
  return formatCalendarDate(isoDate, locale, style);
}

/** A point in time (ISO with offset) in the member's locale and the operator's timezone. */
export function formatDateTime(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateTimeIn(date, locale, timeZone);
}

/** Month and year, e.g. "March 2025", for a `YYYY-MM` or `YYYY-MM-DD` value. */
export function formatMonth(isoMonth: string, locale: string): string {
  const [y, m] = isoMonth.split('-').map(Number);
  if (!y || !m) return isoMonth;
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/**
 * Builds the formatters every signed-in page uses first (a date, today in the operator's
 * timezone, an amount), each in a task of its own. The first `Intl` formatter of a page loads
 * the browser's locale data (about 20 ms for a date, 15 ms for a currency in Chromium, four
 * times that on a slow phone): done while the catalogue and the membership download, it is
 * not part of the first render with data, the page's longest task. Nothing is shown.
 */
export function prepareFormatters(locale: string, currency: Currency, timeZone: string): void {
  const steps = [
    () => formatDate('2000-01-01', locale),
    () => todayIn(timeZone, new Date()),
    () => formatMoney(0, currency, locale),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** Minor units to text through the domain's one money helper. */
export function formatMoney(minorUnits: number, currency: Currency, locale: string): string {
  return formatMinorUnits(minorUnits, currency, locale);
}

/**
 * The first letter in upper case, for a weekday or month name standing alone (a table's
 * row, a heading): French, Norwegian and Finnish write them in lower case in a sentence.
 */
export function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
