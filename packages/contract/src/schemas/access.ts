import { z } from 'zod/mini';
import { IsoDate } from './common.ts';

export const KeyType = z.enum(['rfid', 'pin']);
export const KeyStatus = z.enum(['active', 'inactive', 'suspended']);

/** An access chip (rfid) or a personal access PIN. */
export const Key = z.object({
  type: KeyType,
  code: z.string(),
  status: KeyStatus,
  valid_from: IsoDate,
  valid_to: z.nullable(IsoDate),
});
export type Key = z.infer<typeof Key>;

/**
 * The code printed on the back of the chip, typed as free text: letters and digits, in
 * groups a member may separate by a space or hyphen (the server drops them and compares
 * case-insensitively).
 */
export const ChipCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(4),
    z.maxLength(40),
    z.regex(
      /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/,
      'letters and digits, optionally grouped by spaces or hyphens',
    ),
  );
export const ChipCodeRequest = z.strictObject({ code: ChipCode });
export type ChipCodeRequest = z.infer<typeof ChipCodeRequest>;

export const ActivatedChip = z.pick(Key, { type: true, code: true, valid_from: true, valid_to: true });
export type ActivatedChip = z.infer<typeof ActivatedChip>;

/**
 * POST /v1/membership/temporary_pin (the forgotten-chip screen's call, our design): a temporary PIN for today, sent by SMS, billed with the operator's SMS fee where
 * it has one. The answer names what was sent, never the PIN itself (it reaches the member
 * by SMS and in the PIN display of the membership).
 */
export const TemporaryPinRequest = z.strictObject({});
export type TemporaryPinRequest = z.infer<typeof TemporaryPinRequest>;

export const TemporaryPinIssued = z.object({
  valid_from: IsoDate,
  valid_to: IsoDate,
  /** The SMS service fee billed for it, in minor units of the operator's currency; null when free. */
  fee: z.nullable(z.int().check(z.nonnegative())),
  /** The mobile number the SMS went to, masked (e.g. +47 •••• 5610). */
  sent_to: z.string(),
  /**
   * True when today's PIN had already been sent: one per day, so nothing was sent or
   * billed again and the answer describes the earlier one.
   */
  already_issued: z.boolean(),
});
export type TemporaryPinIssued = z.infer<typeof TemporaryPinIssued>;
