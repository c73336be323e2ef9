import { z } from 'zod';
import { PROFILE_MAX_LENGTH } from '../constants.ts';
import { IsoDate, IsoDateTime } from './common.ts';

export const Address = z.object({
  street: z.string(),
  postal_code: z.string(),
  postal_location: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof Address>;

export const Mobile = z.object({ prefix: z.string(), number: z.string() });
export type Mobile = z.infer<typeof Mobile>;

export const Gender = z.enum(['female', 'male', 'other']);

export const Profile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  gender: Gender.nullable(),
  birthdate: IsoDate.nullable(),
  email: z.string(),
  address: Address,
  mobile: Mobile,
  gdpr_opt_in: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * PATCH /v1/membership/profile. The portal removes birthdate, gender and names before
 * saving (docs/profile-and-phone.md), so they are not accepted here. `gdpr_opt_in` is accepted for
 * clients that send the whole profile back, and ignored: the consent changes through
 * PUT /v1/membership/gdpr, which records when and confirms it.
 */
export const ProfileUpdateRequest = z
  .object({
    email: z.string().trim().toLowerCase().max(PROFILE_MAX_LENGTH.email).pipe(z.email()),
    address: z
      .object({
        street: z.string().trim().min(1).max(PROFILE_MAX_LENGTH.street),
        postal_code: z.string().trim().min(1).max(PROFILE_MAX_LENGTH.postal_code),
        postal_location: z.string().trim().min(1).max(PROFILE_MAX_LENGTH.postal_location),
        country: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')
          .toUpperCase()
          .optional(),
      })
      .strict(),
    mobile: z
      .object({
        prefix: z.string().trim().min(1).max(8),
        number: z.string().max(PROFILE_MAX_LENGTH.number),
      })
      .strict(),
    gdpr_opt_in: z.boolean().optional(),
    /** The SMS code, when the prefix or number changed and the product requires verification. */
    verification_code: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .strict();
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/**
 * One entry of GET /v1/prefix/list: a country calling code, whether the member's operator
 * verifies numbers there, the pattern of a national mobile number (a regular expression's
 * source, matched whole) and its length in digits. `min_length` (shorter numbers are valid
 * too) and `countries` (ISO 3166 codes sharing the code, main one first) are ours; a
 * client without them treats `length` as the only length.
 */
export const PhonePrefix = z.object({
  prefix: z.string(),
  whitelisted: z.boolean(),
  validator: z.string(),
  length: z.number().int().positive(),
  min_length: z.number().int().positive().optional(),
  countries: z.array(z.string()).optional(),
});
export type PhonePrefix = z.infer<typeof PhonePrefix>;

/**
 * POST /v1/membership/phone_verify: `mobile` is the new number in international form, the
 * prefix followed by the national number (`+4791234567`, spaces allowed). `domain` names
 * the portal asking (its host name); the operator is always the signed-in member's.
 */
export const PhoneVerifyRequest = z
  .object({ domain: z.string().min(1).max(64), mobile: z.string().min(4).max(32) })
  .strict();
export type PhoneVerifyRequest = z.infer<typeof PhoneVerifyRequest>;

/**
 * The answer to POST /v1/membership/phone_verify. The contract's shape is kept, but `code`
 * never carries the code: it is always the empty string, the code goes by SMS only and
 * the server checks what the member typed (ADR 007).
 */
export const PhoneVerification = z.object({ code: z.string(), code_expiry: IsoDateTime });
export type PhoneVerification = z.infer<typeof PhoneVerification>;
