/**
 * The one place dates, lists and count-dependent words become text, for the web app and the
 * server's e-mails, receipts and print sheets alike: each language's rules (French "1er",
 * "a, b and c", "1 day / 2 days") come from `Intl`, never from string concatenation.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building a formatter costs far more than using one: a page of invoices formats dozens of
// dates (home's month chart asked for 24 new ones on every render), so each locale and set
// of options keeps its formatter. The web app's formatting uses these too.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The formatter for a locale and options, built once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** As dateTimeFormat, for numbers. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Formats `date` and applies what `Intl` leaves out: French writes the first day of a month
 * as an ordinal, "1er octobre" (never "1 octobre"), and keeps the day with its month on one
 * line (a no-break space), when the month is a word; a numeric date ("01/10/2026") stays as
 * it is.
 */
export function formatDateParts(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  const format = dateTimeFormat(locale, options);
  if (!locale.toLowerCase().startsWith('fr')) return format.format(date);
  const parts = format.formatToParts(date);
  if (!parts.some((p) => p.type === 'month' && !/^\d+$/.test(p.value))) return format.format(date);
  return parts
    .map((p, i) => {
      if (p.type === 'day' && p.value === '1') return '1er';
      if (p.type === 'literal' && p.value === ' ' && parts[i - 1]?.type === 'day') return '\u00a0';
      return p.value;
    })
    .join('');
}

/**
 * A calendar date (`YYYY-MM-DD`, already a day in the operator's timezone) in the member's
 * locale, e.g. "1 March 2025", "1. März 2025", "1er mars 2025". It is formatted as that day
 * at UTC noon in UTC, so no timezone can move it to a neighbouring day.
 */
export function formatCalendarDate(
  isoDate: string,
  locale: string,
  style: Intl.DateTimeFormatOptions['dateStyle'] = 'long',
): string {
  const m = DATE_ONLY.exec(isoDate);
  if (!m) return isoDate;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return formatDateParts(date, locale, { dateStyle: style, timeZone: 'UTC' });
}

/** A point in time as date and time in the member's locale and the operator's timezone. */
export function formatDateTimeIn(instant: Date, locale: string, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) return '';
  return formatDateParts(instant, locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * Items joined as the language joins them: "yoga, spinning and boxing", "jooga, spinning ja
 * nyrkkeily", "yoga, spinning et boxe"; `disjunction` gives "… or …".
 */
export function formatList(
  items: readonly string[],
  locale: string,
  type: 'conjunction' | 'disjunction' | 'unit' = 'conjunction',
): string {
  const key = `${locale}|${type}`;
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: type === 'unit' ? 'narrow' : 'long', type });
    listFormats.set(key, format);
  }
  return format.format(items);
}

/** The word forms of a count-dependent phrase; `other` is the fallback of every category. */
export type PluralForms<T = string> = { one: T; other: T } & Partial<Record<Intl.LDMLPluralRule, T>>;

const pluralRules = new Map<string, Intl.PluralRules>();

/** The form `count` takes in `locale` (CLDR's rules through `Intl.PluralRules`). */
export function plural<T>(count: number, locale: string, forms: PluralForms<T>): T {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return forms[rules.select(count)] ?? forms.other;
}
