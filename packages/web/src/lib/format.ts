import type { Currency } from '@portal/contract';
import { formatMoney as formatMinorUnits } from '@portal/domain';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building a formatter costs far more than formatting with one: a page of invoices formats
// dozens of dates, so each locale and style keeps its formatter.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar date (`YYYY-MM-DD`, already a day in the operator's timezone) in the member's
 * locale, e.g. "1 March 2025", "1. März 2025". It is formatted as that day at UTC noon in
 * UTC, so no timezone can move it to a neighbouring day.
 */
export function formatDate(
  isoDate: string,
  locale: string,
  style: Intl.DateTimeFormatOptions['dateStyle'] = 'long',
): string {
  const m = DATE_ONLY.exec(isoDate);
  if (!m) return isoDate;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return dateFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/** A point in time (ISO with offset) in the member's locale and the operator's timezone. */
export function formatDateTime(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}

/** Month and year, e.g. "March 2025", for a `YYYY-MM` or `YYYY-MM-DD` value. */
export function formatMonth(isoMonth: string, locale: string): string {
  const [y, m] = isoMonth.split('-').map(Number);
  if (!y || !m) return isoMonth;
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
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
