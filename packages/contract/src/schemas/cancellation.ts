import { z } from 'zod';
import { IsoDate, IsoDateTime, Locale, OperatorId } from './common.ts';
import { ErrorItem } from '../errors.ts';

export const CancellationPolicy = z.object({
  cancellation_months: z.number().int().nonnegative(),
  membership: z.object({
    calculated_end_date: IsoDate.nullable(),
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

const Reason = z.string().trim().min(1).max(2000);
const EmailAddress = z.string().trim().toLowerCase().email().max(254);

/**
 * The body is the optional consent answer of the cancellation's last step. The § 312k single page (signed in) adds
 * what the law lists: the kind (with its reason), the date it should take effect (absent:
 * the earliest possible) and where the confirmation goes (absent: the e-mail on file).
 */
export const CancellationRequest = z
  .object({
    gdpr_opt_in: z.boolean().optional(),
    kind: CancellationKind.optional(),
    reason: Reason.optional(),
    effective_date: IsoDate.optional(),
    confirmation_email: EmailAddress.optional(),
  })
  .strict();
export type CancellationRequest = z.infer<typeof CancellationRequest>;

export const CancellationResult = z.object({
  status: z.string(),
  end_date: IsoDate.nullable(),
  /** When the declaration was received (the § 312k confirmation states it). */
  received_at: IsoDateTime.optional(),
});
export type CancellationResult = z.infer<typeof CancellationResult>;

/**
 * § 312k BGB: the cancellation button without sign-in. Identification is the name plus the
 * membership number or the e-mail on file; no password. `website` is a honeypot field a
 * person never fills (hidden from people and assistive technology alike): the server
 * answers as usual but records the declaration as automated.
 */
export const PublicCancellationRequest = z
  .object({
    operator_id: OperatorId,
    locale: Locale,
    kind: CancellationKind,
    reason: Reason.optional(),
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    membership_number: z.string().trim().max(32).optional(),
    /** The e-mail address the membership is registered with, as identification. */
    email: EmailAddress.optional(),
    /** Which contract: the membership (the only contract members hold today). */
    contract: z.enum(['membership']),
    /** Absent: the earliest possible date. */
    effective_date: IsoDate.optional(),
    /** Where the confirmation in text form goes. */
    confirmation_email: EmailAddress,
    website: z.string().max(200).optional(),
  })
  .strict();
export type PublicCancellationRequest = z.infer<typeof PublicCancellationRequest>;

/**
 * What the receipt page shows: exactly what was received and when. It never says whether
 * a membership matched, so it cannot be used to probe for members.
 */
export const PublicCancellationReceipt = z.object({
  reference: z.string(),
  received_at: IsoDateTime,
  kind: CancellationKind,
  reason: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  membership_number: z.string().nullable(),
  email: z.string().nullable(),
  contract: z.enum(['membership']),
  /** Null: the earliest possible date. */
  effective_date: IsoDate.nullable(),
  confirmation_email: z.string(),
});
export type PublicCancellationReceipt = z.infer<typeof PublicCancellationReceipt>;

/** The 14-day withdrawal (§ 356a BGB, Directive (EU) 2023/2673): one confirmation, no body. */
export const WithdrawalRequest = z.object({}).strict();
export const WithdrawalResult = z.object({
  status: z.string(),
  end_date: IsoDate,
  received_at: IsoDateTime,
});
export type WithdrawalResult = z.infer<typeof WithdrawalResult>;
