import { z } from 'zod/mini';
import { IsoDate, IsoDateTime, MinorUnits } from './common.ts';

/**
 * The member's SEPA direct debit mandate (docs/payments.md "SEPA direct debit"). The IBAN
 * is always masked: country code, check digits and the last four characters.
 */
export const SepaMandate = z.object({
  mandate_reference: z.string(),
  creditor_id: z.string(),
  creditor_name: z.string(),
  account_holder: z.string(),
  iban: z.string(),
  signed_at: IsoDateTime,
  /** The pre-notification of the next debit; null when nothing is due. */
  next_debit: z.nullable(z.object({ date: IsoDate, amount: MinorUnits })),
});
export type SepaMandate = z.infer<typeof SepaMandate>;

/** A new bank account: the member's current password is asked again. */
export const SepaMandateRequest = z.strictObject({
  iban: z.string().check(z.minLength(1), z.maxLength(64)),
  account_holder: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type SepaMandateRequest = z.infer<typeof SepaMandateRequest>;
