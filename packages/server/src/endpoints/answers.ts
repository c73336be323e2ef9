import {
  ApiError,
  type ErrorBody,
  type InputIssue,
  invalidInputItems,
  notFound,
  type OperatorId,
  serviceUnavailable,
} from '@portal/contract';
import { getOperator, spellErrorBody } from '@portal/domain';
import { config, safeEncode } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/errors.ts';

/**
 * The answers every host of the endpoint table gives alike: Fastify's error handler
 * (plugins/errors.ts) and serializer (http/serializer.ts), and `dispatch`. One copy each, so
 * the demo's answers cannot drift from the server's.
 */

/** An answer: status, headers (lower-case names) and the JSON body (none for a 204). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

// The contract is on zod/mini, which loads no messages (ADR 047): a 400 names each field with
// zod's English text, on the server and in the demo alike.
config(en());

/** A 400 for input the contract's schema refused: one item per field, named `<context>.<path>`. */
export const invalidInputBody = (
  context: 'body' | 'query' | 'params' | 'headers',
  issues: readonly InputIssue[],
): ErrorBody => ({ status: 400, errors: invalidInputItems(context, issues) });

/** A zod issue as `invalidInputItems` reads it. */
export const inputIssue = (issue: ZodIssueLike): InputIssue => ({
  code: issue.code,
  path: issue.path,
  message: issue.message,
  keys: 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.map(String) : undefined,
});
type ZodIssueLike = { code: string; path: readonly PropertyKey[]; message: string; keys?: unknown };

/** A request limit's 429 where the endpoint names no refusal of its own. */
export const tooManyRequestsBody = (retryAfterSeconds: number | undefined): ErrorBody => ({
  status: 429,
  errors: [
    {
      type: 'rate_limited',
      message: 'Too many requests. Try again later.',
      ...(retryAfterSeconds ? { context: { retry_after: retryAfterSeconds } } : {}),
    },
  ],
});

/** Messages for a body the JSON parser refused, by Fastify's error code. */
const TRANSPORT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/** A 400 for a request whose body could not be read (its code: Fastify's, see TRANSPORT_MESSAGES). */
export const malformedRequestBody = (code: string | undefined): ErrorBody => ({
  status: 400,
  errors: [
    {
      type: 'invalid_request',
      message: TRANSPORT_MESSAGES[code ?? ''] ?? 'The request is malformed.',
      context: { field: 'body' },
    },
  ],
});

export const unauthorizedBody = (): ErrorBody => ({ status: 401, errors: [{ type: 'unauthorized' }] });
export const notFoundBody = (): ErrorBody => notFound().body;

const internalErrorBody = (): ErrorBody => ({
  status: 500,
  errors: [{ type: 'internal_error', message: 'Something went wrong. Please try again or contact support.' }],
});

export interface ErrorAnswerOptions {
  /** The signed-in member's operator: a refusal's messages in its spelling (de-CH writes "ss"). */
  operatorId?: OperatorId | undefined;
  /** Logs an error the client is not told about (by its kind, http/logging.ts). */
  report(level: 'warn' | 'error', error: unknown, message: string): void;
  /** The host's own errors (Fastify's validation, parser and routing errors), or null. */
  hostAnswer?: (error: unknown) => Answer | null;
}

const withBody = (body: ErrorBody, headers: Record<string, string> = {}): Answer => ({
  status: body.status,
  headers,
  body,
});

/**
 * What an error thrown while answering becomes (docs/architecture.md, the error body): a
 * refusal (ApiError) as it is, in the member's spelling; a database that is not there, or a
 * transaction conflict that stayed after its retries (ADR 033), a 503 with Retry-After; the
 * host's own errors as it says; anything else a generic 500, logged by its kind.
 */
export function errorAnswer(error: unknown, options: ErrorAnswerOptions): Answer {
  if (error instanceof ApiError) {
    const body = options.operatorId
      ? spellErrorBody(getOperator(options.operatorId), error.body)
      : error.body;
    return withBody(body, error.headers);
  }
  if (isDatabaseUnavailable(error)) {
    options.report('warn', error, 'database unavailable');
    const unavailable = serviceUnavailable();
    return withBody(unavailable.body, unavailable.headers);
  }
  if (isTransactionConflict(error)) {
    options.report('warn', error, 'transaction conflict after retries');
    const unavailable = serviceUnavailable();
    return withBody(unavailable.body, unavailable.headers);
  }
  const hosts = options.hostAnswer?.(error);
  if (hosts) return hosts;
  options.report('error', error, 'unhandled error');
  return withBody(internalErrorBody());
}

/**
 * The strict check of an answer (ADR 020): encoded by the contract's schema, which leaves out
 * what it does not name; a value it refuses is an error, answered with a 500.
 */
export function encodeAnswer(schema: $ZodType, data: unknown) {
  return safeEncode(schema, data);
}
