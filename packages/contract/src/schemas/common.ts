import { z } from 'zod/mini';

/** A calendar date without time, as every date of the contract is: `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();
/** A point in time with offset, e.g. `2026-03-15T10:00:00Z`. */
export const IsoDateTime = z.iso.datetime({ offset: true });
/** Money is an integer of minor units (cents, øre, Rappen) until it is formatted. */
export const MinorUnits = z.int();

export const Currency = z.enum(['NOK', 'EUR', 'CHF']);
export type Currency = z.infer<typeof Currency>;

export const OperatorId = z.enum(['de', 'at', 'ch', 'no', 'fi']);
export type OperatorId = z.infer<typeof OperatorId>;

/** The catalogues the portal ships; a locale such as `de-AT` uses the `de` catalogue. */
export const Language = z.enum(['en', 'de', 'fr', 'nb', 'fi']);
export type Language = z.infer<typeof Language>;

/** A BCP 47 locale with a region, e.g. `en-DE`, `nb-NO`. */
export const Locale = z.string().check(z.regex(/^[a-z]{2}-[A-Z]{2}$/, 'expected a locale like en-DE'));
export type Locale = z.infer<typeof Locale>;

export const Period = z.object({ from: IsoDate, to: IsoDate });
export type Period = z.infer<typeof Period>;
