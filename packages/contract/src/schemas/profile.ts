import { z } from 'zod';
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
 * saving (spec section 5), so they are not accepted here.
 */
export const ProfileUpdateRequest = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    address: z
      .object({
        street: z.string().trim().min(1).max(200),
        postal_code: z.string().trim().min(1).max(20),
        postal_location: z.string().trim().min(1).max(100),
        country: z.string().trim().min(2).max(2).optional(),
      })
      .strict(),
    mobile: z
      .object({
        prefix: z.string().trim().min(1).max(8),
        number: z.string().max(32),
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

export const PhonePrefix = z.object({
  prefix: z.string(),
  whitelisted: z.boolean(),
  validator: z.string(),
  length: z.number().int().positive(),
});
export type PhonePrefix = z.infer<typeof PhonePrefix>;

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
