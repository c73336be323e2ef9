import { PASSWORD_CHECK_FAILED } from './constants.ts';
import type { ErrorBody, ErrorItem } from './errors.ts';

// The API's deliberate answers. In the contract, not the server, because domain's rules
// throw them too.

/**
 * An answer the API gives on purpose: a 4xx with the error body (`ErrorBody`, docs/architecture.md). Services
 * throw these; the error handler sends them unchanged.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    errors: ErrorItem[],
    options: { reason?: string; headers?: Record<string, string> } = {},
  ) {
    super(errors[0]?.message ?? errors[0]?.type ?? `HTTP ${status}`);
    this.status = status;
    this.body = { status, ...(options.reason ? { reason: options.reason } : {}), errors };
    this.headers = options.headers ?? {};
  }
}

export const invalidRequest = (field: string, message: string) =>
  new ApiError(400, [{ type: 'invalid_request', message, context: { field } }]);

export const unauthorized = (message = 'Sign in to continue.') =>
  new ApiError(401, [{ type: 'unauthorized', message }]);

/** Unknown user and wrong password get this very answer, so neither can be told apart. */
export const passwordCheckFailed = () =>
  new ApiError(401, [{ type: 'unauthorized', message: 'Wrong username and/or password.' }], {
    reason: PASSWORD_CHECK_FAILED,
  });

export const notFound = (message = 'Not found.') => new ApiError(404, [{ type: 'not_found', message }]);

export const rateLimited = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    429,
    [
      {
        type: 'rate_limited',
        message: 'Too many attempts. Try again later.',
        context: { retry_after: seconds },
      },
    ],
    { headers: { 'retry-after': String(seconds) } },
  );
};

/** Seconds a client waits before trying again while the database is not there. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** 503: the database is not there right now (restarting, stopped); the answer says when to retry. */
export const serviceUnavailable = () =>
  new ApiError(
    503,
    [
      {
        type: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
        context: { retry_after: UNAVAILABLE_RETRY_SECONDS },
      },
    ],
    { headers: { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) } },
  );

/** 422: a business rule refused the request (the types the portal has texts for, or another rule type). */
export const ruleViolation = (type: string, message: string, context?: Record<string, unknown>) =>
  new ApiError(422, [{ type, message, ...(context ? { context } : {}) }]);

/** A zod issue as the validators report it (zod's own, or fastify-type-provider-zod's copy). */
export interface InputIssue {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  keys?: readonly string[];
}

/**
 * A 400's items for invalid input, one per field (unknown keys: one per key), the field
 * named as `<context>.<path>` (context: body, query, params, headers). At most 20.
 */
export function invalidInputItems(context: string, issues: readonly InputIssue[]): ErrorItem[] {
  const items: ErrorItem[] = [];
  for (const issue of issues) {
    const base = [context, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        items.push({
          type: 'invalid_request',
          message: 'Unknown field.',
          context: { field: `${base}.${key}` },
        });
      }
      continue;
    }
    items.push({
      type: 'invalid_request',
      message: issue.message ?? 'Invalid value.',
      context: { field: base },
    });
  }
  return items.slice(0, 20);
}
