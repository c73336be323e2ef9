import { hostname } from 'node:os';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import { serializeError } from '../platform/log.ts';

export { type LoggedError, serializeError } from '../platform/log.ts';

/**
 * What the logs may hold, by allow-list (docs/security.md, finding 4). An error is logged
 * as its kind (class name and code, SQLSTATE for the database, and its cause's) and its
 * stack frames, never its message: a failing query's message holds its parameters
 * (e-mail addresses, reset links, message bodies) and PostgreSQL's detail the values of a
 * row. A request is logged as method, path, host and address; of its query string only
 * the names, and the values of the parameters listed below.
 */

/** Query parameters whose values may be logged; any other value is replaced. */
const LOGGED_QUERY_VALUES = new Set(['checkout_id', 'year', 'status', 'locale', 'language']);

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_URL = 300;

/** The path and, of the query string, the names (and the values of allowed ones). */
export function safeUrl(url: string): string {
  const [path = '/', query] = url.split(/\?(.*)/s, 2);
  const shortPath = path.length > MAX_URL ? `${path.slice(0, MAX_URL)}…` : path;
  if (!query) return shortPath;
  const parts = query
    .split('&')
    .filter(Boolean)
    .slice(0, 20)
    .map((pair) => {
      const [rawName = '', value] = pair.split(/=(.*)/s, 2);
      let name: string;
      try {
        name = decodeURIComponent(rawName);
      } catch {
        name = '';
      }
      if (!NAME.test(name)) return '[param]';
      if (value === undefined) return name;
      return LOGGED_QUERY_VALUES.has(name) && /^[\w.-]{0,64}$/.test(value)
        ? `${name}=${value}`
        : `${name}=[redacted]`;
    });
  return `${shortPath}?${parts.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip?: string;
  routeOptions?: { url?: string };
}

export function serializeRequest(req: LoggedRequest) {
  const host = typeof req.headers.host === 'string' ? req.headers.host.slice(0, 100) : undefined;
  return {
    method: req.method,
    url: safeUrl(req.url),
    ...(req.routeOptions?.url ? { route: req.routeOptions.url } : {}),
    host,
    remoteAddress: req.ip,
  };
}

const serializeReply = (reply: { statusCode: number }) => ({ statusCode: reply.statusCode });

/**
 * A log call that carries an error keeps its own message only when that message is not
 * the error's: Fastify and pino log `error.message` as the message of a failed request.
 */
function withoutErrorMessage(args: unknown[]): unknown[] {
  const [first, message, ...rest] = args;
  const error =
    first instanceof Error
      ? first
      : first && typeof first === 'object' && (first as { err?: unknown }).err instanceof Error
        ? ((first as { err: Error }).err as Error)
        : null;
  if (!error) return args;
  const object = first instanceof Error ? { err: first } : first;
  const ownMessage = typeof message === 'string' && (!error.message || !message.includes(error.message));
  return [object, ownMessage ? message : serializeError(error).type, ...(ownMessage ? rest : [])];
}

/** The logged shape Fastify's types expect of `err`; ours leaves the message out on purpose. */
type FastifyErrorShape = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * `instance` (INSTANCE_ID) goes on every line, so the lines of several instances can be told
 * apart. `stream`: where lines go (pino's default, stdout with a write per line, if none).
 */
export function loggerOptions(
  level: string,
  instance?: string,
  stream?: pino.DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(instance ? { base: { pid: process.pid, hostname: hostname(), instance } } : {}),
    serializers: {
      req: serializeRequest,
      res: serializeReply,
      err: (error: unknown) => serializeError(error) as unknown as FastifyErrorShape,
    },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, withoutErrorMessage(args) as Parameters<typeof method>);
      },
    },
  };
}

/**
 * One log line per request instead of Fastify's two ("incoming request" with the request,
 * "request completed" with the answer): the line at the end carries both, the request
 * serialized by the same allow-list. Each line is a write to the log's file descriptor,
 * which on the busiest route cost about 2 % of the CPU (docs/performance.md, ADR 020).
 * A request that never ends (a hung handler) leaves no line; the metrics' duration
 * histogram and the proxy's access log still show it.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** Bytes of log lines gathered before they are written (below sonic-boom's 16 KB maxWrite). */
export const LOG_BUFFER_BYTES = 8192;

/**
 * stdout for `npm start` and production (ADR 025): log lines are gathered and written when
 * 8 KB are there or `flushMs` passed, instead of one write to stdout per line (a request's
 * line cost a system call and a thread-pool hop, about a tenth of GET /v2/membership's CPU).
 * A line reaches the log at most `flushMs` late. On process exit, however it happens short of
 * SIGKILL (SIGTERM's drain, an uncaught error, process.exit), pino writes what is gathered at
 * once (its exit handler calls flushSync); a killed process loses at most the last 8 KB.
 */
export function bufferedStdout(flushMs = 1000) {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), flushMs).unref();
  return destination;
}

/** A request's line for a person: `GET /api/health 200 2 ms`, the rest of its fields left out. */
export function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const message = String(log[messageKey] ?? '');
  if (!req || !res) return message;
  const time = typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
  return `${req.method} ${req.url} ${res.statusCode}${time}${message === 'request completed' ? '' : ` (${message})`}`;
}

/** JSON log line → the readable line (pino-pretty is loaded only for this). */
export async function prettyFormat(colorize: boolean): Promise<(line: string) => string> {
  const { prettyFactory } = await import('pino-pretty');
  return prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The start's feature report is in its message already, as a table.
    ignore: 'pid,hostname,instance,reqId,req,res,responseTime,features',
    messageFormat: prettyMessage,
  });
}

/**
 * stdout for a person at a terminal (LOG_FORMAT=pretty, by default `npm start` outside
 * production): each JSON line made readable by pino-pretty, one line a request with its
 * time, level, method, path, status and duration; other fields on the same line. The lines
 * are the JSON ones after the allow-list (the serializers above), so they show nothing the
 * JSON would not. Written synchronously: a developer's portal logs little.
 */
export async function prettyStdout() {
  const format = await prettyFormat(true);
  const destination = pino.destination({ dest: 1, sync: true });
  return {
    write: (line: string) => destination.write(format(line)),
    flushSync: () => destination.flushSync(),
  };
}
