import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, InputIssue } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type Answer,
  errorAnswer,
  invalidInputBody,
  JSON_TYPE,
  malformedRequestBody,
  notFoundBody,
  tooManyRequestsBody,
  unauthorizedBody,
} from '../endpoints/answers.ts';
import { type ApiError, invalidRequest } from '../http/errors.ts';

const CONTEXT_NAMES: Record<string, 'query' | 'body' | 'params' | 'headers'> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/** fastify-type-provider-zod's issues back in zod's shape, for the shared 400 body. */
function validationIssues(
  issues: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> }[],
): InputIssue[] {
  return issues.map((issue) => ({
    code: issue.keyword,
    path: issue.instancePath.split('/').filter(Boolean),
    message: issue.message,
    keys: Array.isArray(issue.params.keys) ? issue.params.keys.map(String) : undefined,
  }));
}

function send(reply: FastifyReply, answer: Answer) {
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return reply.code(answer.status).type(JSON_TYPE).send(answer.body);
}

const plain = (body: ErrorBody): Answer => ({ status: body.status, headers: {}, body });

/** Fastify's own errors: validation, the body parser's, the request limits' and routing's. */
function fastifyAnswer(error: unknown, reply: FastifyReply): Answer | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context =
      CONTEXT_NAMES[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
    return plain(invalidInputBody(context, validationIssues(error.validation)));
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 429) {
    const retryAfter = reply.getHeader('retry-after');
    return plain(tooManyRequestsBody(retryAfter ? Number(retryAfter) : undefined));
  }
  if (status === 401) return plain(unauthorizedBody());
  // 403 comes from the static files plugin for a directory; we do not list directories.
  if (status === 404 || status === 403) return plain(notFoundBody());
  if (status >= 400 && status < 500) return plain(malformedRequestBody((error as FastifyError).code));
  return null;
}

/**
 * Every 4xx leaves the API with the error body of docs/architecture.md; malformed input is a 400
 * invalid_request naming the field, never a 5xx. What an error becomes is shared with the
 * endpoint table's dispatcher (endpoints/answers.ts); Fastify adds its own errors, and logs
 * with the request (by its kind, never its message, see http/logging.ts).
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

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) =>
    send(
      reply,
      errorAnswer(error, {
        operatorId: request.auth?.operatorId,
        report: (level, err, message) => request.log[level]({ err, req: request }, message),
        hostAnswer: (err) => fastifyAnswer(err, reply),
      }),
    ),
  );
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
