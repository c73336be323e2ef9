import type { ErrorBody, ErrorItem } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { ApiError, notFound, serviceUnavailable } from '../http/errors.ts';

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

function fieldName(context: string, path: string): string {
  const segments = path.split('/').filter(Boolean);
  return [context, ...segments].join('.');
}

/** Zod issues as error items, one per field (unknown keys: one per key). */
function validationItems(
  context: string,
  issues: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[],
): ErrorItem[] {
  const items: ErrorItem[] = [];
  for (const issue of issues) {
    const base = fieldName(context, issue.instancePath);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) {
        items.push({
          type: 'invalid_request',
          message: 'Unknown field.',
          context: { field: `${base}.${String(key)}` },
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

function send(reply: FastifyReply, body: ErrorBody, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

const TRANSPORT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/**
 * Every 4xx leaves the API with the error body of operators.md; malformed input is a 400
 * invalid_request naming the field, never a 5xx. A database that is not there (stopped,
 * restarting) is a 503 with Retry-After. Anything unexpected is logged by its kind (never
 * its message, see http/logging.ts) and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return send(reply, error.body, error.headers);

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, req: request }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return send(reply, unavailable.body, unavailable.headers);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context =
        CONTEXT_NAMES[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
      return send(reply, { status: 400, errors: validationItems(context, error.validation) });
    }

    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      const retryAfter = reply.getHeader('retry-after');
      return send(reply, {
        status: 429,
        errors: [
          {
            type: 'rate_limited',
            message: 'Too many requests. Try again later.',
            ...(retryAfter ? { context: { retry_after: Number(retryAfter) } } : {}),
          },
        ],
      });
    }
    if (status === 401) return send(reply, { status: 401, errors: [{ type: 'unauthorized' }] });
    // 403 comes from the static files plugin for a directory; we do not list directories.
    if (status === 404 || status === 403) return send(reply, notFound().body);
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? '';
      return send(reply, {
        status: 400,
        errors: [
          {
            type: 'invalid_request',
            message: TRANSPORT_MESSAGES[code] ?? 'The request is malformed.',
            context: { field: 'body' },
          },
        ],
      });
    }

    request.log.error({ err: error, req: request }, 'unhandled error');
    return send(reply, {
      status: 500,
      errors: [
        { type: 'internal_error', message: 'Something went wrong. Please try again or contact support.' },
      ],
    });
  });
}
