import type { Currency } from '@portal/contract';

/** The one place minor units become text, e.g. 4900 EUR in de-DE: "49,00 €". */
export function formatMoney(minorUnits: number, currency: Currency, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minorUnits / 100);
}

/** Card expiry YYMM shown as MM/20YY. */
export function formatCardExpiry(yymm: string): string {
  return `${yymm.slice(2, 4)}/20${yymm.slice(0, 2)}`;
}
