/**
 * Whether an error means the database is not there right now (stopped, restarting, out of
 * connections, the network between us cut): the API answers 503 with Retry-After, and the
 * drivers reconnect by themselves once it is back (docs/security.md, finding 3).
 */

/** Node's socket errors and postgres-js's own codes for a connection that failed or ended. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** SQLSTATEs of a server shutting down, starting up or out of connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);

/** PGlite's errors once it is closed (it has no codes). */
const PGLITE_CLOSED = /^PGlite is clos(ed|ing)$/;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  // Drizzle wraps the driver's error as `cause`; a few levels are plenty.
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * SQLSTATEs of a transaction PostgreSQL aborted because it collided with another one: a
 * serialization failure and a deadlock. Run again, it commits (db/retry.ts, ADR 033).
 */
const CONFLICT_SQLSTATES = new Set(['40001', '40P01']);

export function isTransactionConflict(error: unknown): boolean {
  return causes(error).some((e) => CONFLICT_SQLSTATES.has((e as { code?: unknown }).code as string));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      // Class 08: connection exception.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    return PGLITE_CLOSED.test((e as Error).message);
  });
}
