import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorBody, type ErrorItem, invalidInputItems, type OperatorId } from '@portal/contract';
import { getOperator, spellErrorBody } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/errors.ts';
import { ApiError, invalidRequest, notFound, serviceUnavailable } from '../http/errors.ts';

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/** fastify-type-provider-zod's issues back in zod's shape, for the contract's item builder. */
function validationItems(
  context: string,
  issues: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[],
): ErrorItem[] {
  return invalidInputItems(
    context,
    issues.map((issue) => ({
      code: issue.keyword,
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message,
      keys: Array.isArray(issue.params.keys) ? issue.params.keys.map(String) : undefined,
    })),
  );
}

/** A refusal's messages in the signed-in member's operator's spelling (de-CH writes "ss"). */
function spelled(body: ErrorBody, operatorId: OperatorId | undefined): ErrorBody {
  return operatorId ? spellErrorBody(getOperator(operatorId), body) : body;
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
 * Every 4xx leaves the API with the error body of docs/architecture.md; malformed input is a 400
 * invalid_request naming the field, never a 5xx. A database that is not there (stopped,
 * restarting) is a 503 with Retry-After, and so is a transaction conflict that stayed after its
 * retries (ADR 033). Anything unexpected is logged by its kind (never
 * its message, see http/logging.ts) and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // Node answers an HTTP/1.1 request without Host itself, with an empty 400 (the server
  // is created with requireHostHeader off, see app.ts); this answers it with the error body.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && !request.raw.headers.host) {
      done(invalidRequest('headers.host', 'The Host header is missing.'));
      return;
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return send(reply, spelled(error.body, request.auth?.operatorId), error.headers);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, req: request }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return send(reply, unavailable.body, unavailable.headers);
    }
    // A deadlock or serialization failure that stayed after its retries (ADR 033).
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error, req: request }, 'transaction conflict after retries');
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

/** A framing error's answer: status and message (no request reached the router). */
function framingAnswer(code: string | undefined): { status: number; message: string; field: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, message: 'The request headers are too large.', field: 'headers' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request did not arrive in time.', field: 'request' };
  if (code === 'HPE_INVALID_CONTENT_LENGTH' || code === 'HPE_UNEXPECTED_CONTENT_LENGTH')
    return {
      status: 400,
      message: 'The Content-Length header is not valid.',
      field: 'headers.content-length',
    };
  if (code?.startsWith('HPE_INVALID_HEADER') || code === 'HPE_INVALID_TRANSFER_ENCODING')
    return { status: 400, message: 'A request header is malformed.', field: 'headers' };
  return { status: 400, message: 'The request is malformed.', field: 'request' };
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses (a malformed request
 * line, a bad Content-Length, headers over the size limit, a timeout) gets the error body
 * too, then the connection closes, as Node does it.
 */
export function clientErrorHandler(
  this: { log: { debug(o: object, msg: string): void } },
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message, field } = framingAnswer(error.code);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({
      status,
      errors: [{ type: 'invalid_request', message, context: { field } }],
    } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
