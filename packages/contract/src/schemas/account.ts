import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth.ts';
import { IsoDateTime } from './common.ts';

/**
 * POST /v1/membership/password (our design for the spec's create-new-password screen): a
 * signed-in member sets a new password by giving the current one.
 */
export const ChangePasswordRequest = z
  .object({
    current_password: z.string().min(1).max(200),
    new_password: z.string().min(MIN_PASSWORD_LENGTH).max(200),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * GET /v1/membership/export: everything the server holds about the signed-in member
 * (GDPR art. 15 and 20), as one JSON document. Never password or token hashes.
 */
export const DataExport = z.object({
  exported_at: IsoDateTime,
  format_version: z.literal(1),
  member: z.record(z.string(), z.unknown()),
  memberships: z.array(z.record(z.string(), z.unknown())),
  keys: z.array(z.record(z.string(), z.unknown())),
  freeze_periods: z.array(z.record(z.string(), z.unknown())),
  payment_methods: z.array(z.record(z.string(), z.unknown())),
  invoices: z.array(z.record(z.string(), z.unknown())),
  workouts: z.array(z.record(z.string(), z.unknown())),
  events: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(z.record(z.string(), z.unknown())),
});
export type DataExport = z.infer<typeof DataExport>;
