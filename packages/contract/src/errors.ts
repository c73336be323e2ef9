import { z } from 'zod';

/**
 * Error types with a text in the portal (spec section 8), plus the ones our server uses
 * for malformed input and access. Anything else shows the generic text.
 */
export const BusinessErrorType = z.enum([
  'already_in_cancellation_error',
  'cancel_in_freeze_not_allowed',
  'cancel_with_scheduled_freeze_not_allowed',
  'invalid_status_to_freeze',
  'max_freeze_months_reached',
  'no_cancellation_to_undo',
  'scheduled_freeze_present',
]);
export type BusinessErrorType = z.infer<typeof BusinessErrorType>;

export const TransportErrorType = z.enum([
  'invalid_request', // 400: malformed JSON, wrong type, unknown field, too large
  'unauthorized', // 401: no, unknown, expired or revoked session
  'not_found', // 404: unknown or not yours
  'rate_limited', // 429
  'invalid_reset_token', // 422: unknown, used or expired password-reset token
  'rule_violation', // 422: a rule without a catalogue text (see message)
  'internal_error', // 500: our fault, logged; never for bad input
  'service_unavailable', // 503: the database is not there right now; see Retry-After
]);

export const ErrorItem = z.object({
  type: z.string(),
  message: z.string().optional(),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorItem = z.infer<typeof ErrorItem>;

/** The error body of every 4xx answer (operators.md), and of a 500 or 503. */
export const ErrorBody = z.object({
  status: z.number().int(),
  reason: z.string().optional(),
  errors: z.array(ErrorItem),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The reason the login screen maps to 'Wrong username and/or password'. */
export const PASSWORD_CHECK_FAILED = 'password check failed';
