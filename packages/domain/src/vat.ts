import type { IsoDate } from './dates.ts';
import type { OperatorSettings } from './operators/types.ts';

/** The latest rate whose date is not after the invoice date (spec section 9); 0 before any. */
export function vatRateOn(operator: Pick<OperatorSettings, 'vatRates'>, date: IsoDate): number {
  let rate = 0;
  for (const entry of operator.vatRates) if (entry.from <= date) rate = entry.rate;
  return rate;
}

/**
 * VAT shown on an invoice: amount times rate over 100, in minor units, rounded half up
 * (spec section 9). Null when the rate is 0, so the line is omitted.
 */
export function vatAmount(amountMinor: number, rate: number): number | null {
  if (rate === 0) return null;
  return Math.round((amountMinor * rate) / 100);
}
