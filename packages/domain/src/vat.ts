import type { IsoDate } from './dates.ts';
import type { OperatorSettings } from './operators/types.ts';

/** The latest rate whose date is not after the invoice date; 0 before any. */
export function vatRateOn(operator: Pick<OperatorSettings, 'vatRates'>, date: IsoDate): number {
  let rate = 0;
  for (const entry of operator.vatRates) if (entry.from <= date) rate = entry.rate;
  return rate;
}
