/**
 * The logger the use cases write to: the subset of pino's (Fastify's request.log and app.log
 * are one) that they call, so the core names no logging library and a browser host can pass
 * `console`-backed one. What may be logged: http/logging.ts's allow-list (docs/security.md, finding 4).
 */
export interface Log {
  error(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  info(object: object, message?: string): void;
  debug(object: object, message?: string): void;
}

/** Codes are identifiers (ECONNREFUSED, 23505, FST_ERR_…), never data. */
const CODE = /^[A-Z0-9_]{1,64}$/;
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_FRAMES = 12;

export interface LoggedError {
  type: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
  stack?: string;
}

/** The kind of an error and where it was thrown; nothing the error carries as data. */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error };
  const name =
    error.constructor?.name && NAME.test(error.constructor.name) ? error.constructor.name : 'Error';
  const { code, statusCode, cause } = error as { code?: unknown; statusCode?: unknown; cause?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return {
    type: name,
    ...(typeof code === 'string' && CODE.test(code) ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
    ...(frames.length > 0 && depth === 0 ? { stack: frames.join('\n') } : {}),
  };
}
