import { z } from 'zod/mini';
import { IsoDate, IsoDateTime, Locale, OperatorId } from './common.ts';
import { ErrorItem } from '../errors.ts';

export const CancellationPolicy = z.object({
  cancellation_months: z.int().check(z.nonnegative()),
  membership: z.object({
    calculated_end_date: z.nullable(IsoDate),
    errors: z.array(ErrorItem),
  }),
});
export type CancellationPolicy = z.infer<typeof CancellationPolicy>;

/**
 * Ordinary notice, or extraordinary (§ 314 BGB: for an important reason, which the
 * declaration must give). Germany's § 312k page asks for it; other flows send neither.
 */
export const CancellationKind = z.enum(['ordinary', 'extraordinary']);
export type CancellationKind = z.infer<typeof CancellationKind>;

const Reason = z.string().check(z.trim(), z.minLength(1), z.maxLength(2000));
const EmailAddress = z.string().check(z.trim(), z.toLowerCase(), z.email(), z.maxLength(254));

/**
 * The body is the optional consent answer of the cancellation's last step. The § 312k single page (signed in) adds
 * what the law lists: the kind (with its reason), the date it should take effect (absent:
 * the earliest possible) and where the confirmation goes (absent: the e-mail on file).
 */
export const CancellationRequest = z.strictObject({
  gdpr_opt_in: z.optional(z.boolean()),
  kind: z.optional(CancellationKind),
  reason: z.optional(Reason),
  effective_date: z.optional(IsoDate),
  confirmation_email: z.optional(EmailAddress),
});
export type CancellationRequest = z.infer<typeof CancellationRequest>;

export const CancellationResult = z.object({
  status: z.string(),
  end_date: z.nullable(IsoDate),
  /** When the declaration was received (the § 312k confirmation states it). */
  received_at: z.optional(IsoDateTime),
});
export type CancellationResult = z.infer<typeof CancellationResult>;

/**
 * § 312k BGB: the cancellation button without sign-in. Identification is the name plus the
 * membership number or the e-mail on file; no password. `website` is a honeypot field a
 * person never fills (hidden from people and assistive technology alike): the server
 * answers as usual but records the declaration as automated.
 */
export const PublicCancellationRequest = z.strictObject({
  operator_id: OperatorId,
  locale: Locale,
  kind: CancellationKind,
  reason: z.optional(Reason),
  first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  last_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  membership_number: z.optional(z.string().check(z.trim(), z.maxLength(32))),
  /** The e-mail address the membership is registered with, as identification. */
  email: z.optional(EmailAddress),
  /** Which contract: the membership (the only contract members hold today). */
  contract: z.enum(['membership']),
  /** Absent: the earliest possible date. */
  effective_date: z.optional(IsoDate),
  /** Where the confirmation in text form goes. */
  confirmation_email: EmailAddress,
  website: z.optional(z.string().check(z.maxLength(200))),
});
export type PublicCancellationRequest = z.infer<typeof PublicCancellationRequest>;

/**
 * What the receipt page shows: exactly what was received and when. It never says whether
 * a membership matched, so it cannot be used to probe for members.
 */
export const PublicCancellationReceipt = z.object({
  reference: z.string(),
  received_at: IsoDateTime,
  kind: CancellationKind,
  reason: z.nullable(z.string()),
  first_name: z.string(),
  last_name: z.string(),
  membership_number: z.nullable(z.string()),
  email: z.nullable(z.string()),
  contract: z.enum(['membership']),
  /** Null: the earliest possible date. */
  effective_date: z.nullable(IsoDate),
  confirmation_email: z.string(),
});
export type PublicCancellationReceipt = z.infer<typeof PublicCancellationReceipt>;

/** The 14-day withdrawal (§ 356a BGB, Directive (EU) 2023/2673): one confirmation, no body. */
export const WithdrawalRequest = z.strictObject({});
export const WithdrawalResult = z.object({
  status: z.string(),
  end_date: IsoDate,
  received_at: IsoDateTime,
});
export type WithdrawalResult = z.infer<typeof WithdrawalResult>;
