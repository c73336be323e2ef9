import { z } from 'zod/mini';
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
  gender: z.nullable(Gender),
  birthdate: z.nullable(IsoDate),
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
export const ProfileUpdateRequest = z.strictObject({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(PROFILE_MAX_LENGTH.email)),
    z.email(),
  ),
  address: z.strictObject({
    street: z.string().check(z.trim(), z.minLength(1), z.maxLength(PROFILE_MAX_LENGTH.street)),
    postal_code: z.string().check(z.trim(), z.minLength(1), z.maxLength(PROFILE_MAX_LENGTH.postal_code)),
    postal_location: z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(PROFILE_MAX_LENGTH.postal_location)),
    country: z.optional(
      z
        .string()
        .check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code'), z.toUpperCase()),
    ),
  }),
  mobile: z.strictObject({
    prefix: z.string().check(z.trim(), z.minLength(1), z.maxLength(8)),
    number: z.string().check(z.maxLength(PROFILE_MAX_LENGTH.number)),
  }),
  gdpr_opt_in: z.optional(z.boolean()),
  /** The SMS code, when the prefix or number changed and the product requires verification. */
  verification_code: z.optional(z.string().check(z.regex(/^\d{6}$/))),
});
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
  length: z.int().check(z.positive()),
  min_length: z.optional(z.int().check(z.positive())),
  countries: z.optional(z.array(z.string())),
});
export type PhonePrefix = z.infer<typeof PhonePrefix>;
/** The country prefixes a mobile number may have. */
export const PhonePrefixes = z.array(PhonePrefix);

/**
 * POST /v1/membership/phone_verify: `mobile` is the new number in international form, the
 * prefix followed by the national number (`+4791234567`, spaces allowed). `domain` names
 * the portal asking (its host name); the operator is always the signed-in member's.
 */
export const PhoneVerifyRequest = z.strictObject({
  domain: z.string().check(z.minLength(1), z.maxLength(64)),
  mobile: z.string().check(z.minLength(4), z.maxLength(32)),
});
export type PhoneVerifyRequest = z.infer<typeof PhoneVerifyRequest>;

/**
 * The answer to POST /v1/membership/phone_verify. The contract's shape is kept, but `code`
 * never carries the code: it is always the empty string, the code goes by SMS only and
 * the server checks what the member typed (ADR 007).
 */
export const PhoneVerification = z.object({ code: z.string(), code_expiry: IsoDateTime });
export type PhoneVerification = z.infer<typeof PhoneVerification>;
