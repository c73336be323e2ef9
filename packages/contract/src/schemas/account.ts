import { z } from 'zod/mini';
import { PASSWORD_INPUT_MAX } from '../constants.ts';
import { IsoDateTime } from './common.ts';

/**
 * POST /v1/membership/password (the create-new-password screen of a signed-in member): a
 * signed-in member sets a new password by giving the current one.
 */
export const ChangePasswordRequest = z.strictObject({
  current_password: z.string().check(z.minLength(1), z.maxLength(200)),
  new_password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_INPUT_MAX)),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

const Rows = z.array(z.record(z.string(), z.unknown()));

/**
 * GET /v1/membership/export: everything the server holds about the signed-in member
 * (GDPR art. 15 and 20), as one JSON document. Never password or token hashes, never
 * verification code hashes; sessions and reset links by their times only.
 */
export const DataExport = z.object({
  exported_at: IsoDateTime,
  format_version: z.literal(1),
  member: z.record(z.string(), z.unknown()),
  consents: z.object({
    marketing: z.object({ opt_in: z.boolean(), updated_at: z.nullable(IsoDateTime) }),
  }),
  memberships: Rows,
  keys: Rows,
  chip_orders: Rows,
  freeze_periods: Rows,
  payment_methods: Rows,
  /** SEPA direct debit mandates, the IBAN masked only (docs/payments.md "SEPA direct debit"). */
  sepa_mandates: Rows,
  invoices: Rows,
  workouts: Rows,
  /** Group-class bookings: class, club, start and end, status, late cancellation, attendance. */
  class_bookings: Rows,
  /** Phones set up for entry: name, created, last used, removed; never the secret. */
  entry_devices: Rows,
  events: Rows,
  messages: Rows,
  phone_verifications: Rows,
  sessions: Rows,
  password_resets: Rows,
});
export type DataExport = z.infer<typeof DataExport>;

/**
 * One signed-in device of the member (GET /v1/membership/sessions, our design, ASVS 3.3.4):
 * `id` is the session's own opaque id, never its token or the token's hash; `device` a short
 * label of browser and system from sign-in ("Chrome · Android"), null when not recognised.
 */
export const SignedInSession = z.object({
  id: z.string(),
  created_at: IsoDateTime,
  last_seen_at: IsoDateTime,
  device: z.nullable(z.string()),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSession>;
/** GET /v1/membership/sessions: the member's signed-in devices. */
export const SignedInSessions = z.array(SignedInSession);

export const SessionParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** DELETE /v1/membership/sessions?others=true: every session but the current one ends. */
export const EndSessionsQuery = z.strictObject({ others: z.literal('true') });
