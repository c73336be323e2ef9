import { z } from 'zod/mini';
import { BUSINESS_ERROR_TYPES } from './constants.ts';

/** The error types with a text in the portal (constants.ts). */
export const BusinessErrorType = z.enum(BUSINESS_ERROR_TYPES);
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
  message: z.optional(z.string()),
  context: z.optional(z.record(z.string(), z.unknown())),
});
export type ErrorItem = z.infer<typeof ErrorItem>;

/** The error body of every 4xx answer (docs/architecture.md), and of a 500 or 503. */
export const ErrorBody = z.object({
  status: z.int(),
  reason: z.optional(z.string()),
  errors: z.array(ErrorItem),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
