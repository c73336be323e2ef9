import type { Currency } from '@portal/contract';

// One formatter per locale and currency: building one costs far more than using it.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The one place minor units become text, e.g. 4900 EUR in de-DE: "49,00 €". */
export function formatMoney(minorUnits: number, currency: Currency, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(minorUnits / 100);
}

/** Card expiry YYMM shown as MM/20YY. */
export function formatCardExpiry(yymm: string): string {
  return `${yymm.slice(2, 4)}/20${yymm.slice(0, 2)}`;
}
